# Plansza publikowana po każdym ruchu dla wszystkich na kanale: jej tytuł, kto ma ruch,
# zegar, wynik i przyciski. { $who } to gracz ze swoją stroną, „alice (Białe)”; ruchy
# i pozycje to notacja.

game-title = Partia #{ $game } · { $kind }{ $options }{ $days ->
    [0] {""}
    [one] {" "}· { $days } dzień na ruch
   *[other] {" "}· { $days } dni na ruch
}
game-handicap = { $name } ma { $count ->
    [one] { $count } akcję
    [few] { $count } akcje
   *[many] { $count } akcji
} na turę
game-to-move = Ruch { $number } · na ruchu: **{ $who }**
game-to-move-after = Ruch { $number } · na ruchu: **{ $who }** · ostatni ruch { $move }
game-actions-to-move = Na ruchu: **{ $who }** — w tej turze { $count ->
    [one] została { $count } akcja
    [few] zostały { $count } akcje
   *[many] zostało { $count } akcji
}.
game-actions-hint = Wpisz /ruch weź w prawo weź albo użyj przycisków.
game-over = Koniec partii: { $result }.
game-waiting = Czekamy na przyjęcie wyzwania.
game-never-started = Ta partia nigdy się nie zaczęła.
game-aborted = Partia przerwana, zanim każda ze stron wykona ruch: brak wyniku.
game-scores = Punkty: { $scores }
game-score-left = { $who } — poza grą
game-score = { $who } { $score }
game-position = Pozycja: `{ $position }`
game-played = { $who }: ruch { $moves }.
game-ratings = Ranking ({ $kind }): { $changes }
result-draw = remis ({ $reason })
result-wins = wygrywa { $winners } — { $reason }

button-leave = Odejdź
button-offer-draw = Zaproponuj remis
button-resign = Poddaj się
button-resume = Wznów
button-claim-win = Wygrana na czas
button-pause = Pauza
button-move = Ruch
button-board = Plansza

clock-paused = ⏸ Pauza za obopólną zgodą; { $who }: zostało { $left } ({ $per }). Polecenie /wznów ponownie uruchomi zegar.
clock-out = ⌛ { $who }: czas się skończył. Pozostali mogą ogłosić wygraną, a za { $grace } partia zakończy się z powodu upływu czasu.
clock-running = ⏳ Na ruchu: { $who }; pozostały czas: { $left } ({ $per }).
duration-none = brak czasu
duration-min = { $m } min
duration-h = { $h } godz.
duration-h-min = { $h } godz. { $m } min
duration-d = { $d ->
    [one] { $d } dzień
   *[other] { $d } dni
}
duration-d-h = { $d ->
    [one] { $d } dzień
   *[other] { $d } dni
} { $h } godz.

# Przyciski akcji Skakanie (strzałki nie potrzebują słów).
button-action-take = Weź
button-action-bury = Na spód
button-action-pass = Pas

# Akcje Skakania tak, jak nazywają je opisy ruchów (/ruch rozumie też te słowa).
action-take = weź
action-up = w górę
action-down = w dół
action-left = w lewo
action-right = w prawo
action-bury = na spód
action-pass = pas

# Komputer jako gracz, z poziomem (od 1 do 5; 0 — nieznany poziom).
player-computer = { $level ->
    [0] Leapfrog (komputer)
   *[other] Leapfrog (poziom { $level })
}
