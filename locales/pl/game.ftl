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
}. Wpisz /ruch take right take albo użyj przycisków.
game-over = Koniec partii — { $result }.
game-waiting = Czekamy na przyjęcie wyzwania.
game-never-started = Ta partia nigdy się nie zaczęła.
game-aborted = Partia przerwana, zanim każda strona wykonała ruch: brak wyniku.
game-scores = Punkty: { $scores }
game-score-left = { $who } — poza grą
game-score = { $who } { $score }
game-position = Pozycja: `{ $position }`
game-played = { $who }: ruch { $moves }.
game-ratings = Ranking ({ $kind }): { $changes }
result-draw = remis ({ $reason })
result-wins = wygrana: { $winners } ({ $reason })

button-leave = Odejdź
button-offer-draw = Zaproponuj remis
button-resign = Poddaj się
button-resume = Wznów
button-claim-win = Wygrana na czas
button-pause = Pauza
button-board = Plansza

clock-paused = ⏸ Pauza za obopólną zgodą; pozostały czas gracza { $who }: { $left } ({ $per }). Polecenie /wznów ponownie uruchomi zegar.
clock-out = ⌛ Graczowi { $who } skończył się czas: pozostali mogą ogłosić wygraną; za { $grace } partia zakończy się z powodu upływu czasu.
clock-running = ⏳ Na ruchu: { $who }; pozostały czas: { $left } ({ $per }).
duration-none = brak czasu
duration-min = { $m } min
duration-h = { $h } godz.
duration-h-min = { $h } godz. { $m } min
duration-d = { $d } d
duration-d-h = { $d } d { $h } godz.

# Przyciski akcji Skakanie (strzałki nie potrzebują słów).
button-action-take = Weź
button-action-bury = Na spód
button-action-pass = Pas

# Komputer jako gracz, z poziomem (od 1 do 5; 0 — nieznany poziom).
player-computer = { $level ->
    [0] Leapfrog (komputer)
   *[other] Leapfrog (poziom { $level })
}
