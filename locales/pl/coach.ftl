# /analyse: analiza zakończonej partii przez silnik.
analysis-started = Analizuję partię #{ $game } ({ $moves ->
    [one] { $moves } ruch
    [few] { $moves } ruchy
   *[other] { $moves } ruchów
}) w tle: analiza pojawi się na jej kanale za około { $seconds ->
    [one] { $seconds } sekundę
    [few] { $seconds } sekundy
   *[other] { $seconds } sekund
}.
analysis-not-over = Partia #{ $game } jeszcze trwa: silnik analizuje tylko zakończone partie, żeby nikomu nie podpowiadać w trakcie gry.
analysis-hidden-pieces = Skakanie nie jest analizowane: jego elementy leżą zakryte, a szczęście tkwi w losowaniu, więc opinia silnika o jednym wariancie mało mówi o decyzjach gracza.
analysis-no-moves = W partii #{ $game } nie ma ruchów do analizy.
analysis-private = Partia #{ $game } była grana w wiadomościach prywatnych: o jej analizę mogą prosić tylko jej gracze.
analysis-title = **Analiza partii #{ $game }** ({ $kind }, { $players }), każda pozycja liczona na głębokość { $depth ->
    [one] { $depth } półruch
    [few] { $depth } półruchy
   *[other] { $depth } półruchów
} lub więcej:
analysis-side = { $player }: dokładność { $accuracy }% — błędy rażące: { $blunders }, błędy: { $mistakes }, niedokładności: { $inaccuracies }
analysis-ply = { $number }. { $played } ({ $player }): { $judgement ->
    [blunder] **błąd rażący**
   *[mistake] błąd
} (−{ $loss }% szans na wygraną). Lepiej { $best }: { $line }
analysis-clean = Żadna ze stron nie popełniła błędu ani błędu rażącego.
analysis-more = …i jeszcze { $count } w zapisie partii (`/historia`).
analysis-chart-title = Partia #{ $game }: { $kind }, szanse na wygraną
analysis-chart-caption = { $moves ->
    [one] { $moves } ruch
    [few] { $moves } ruchy
   *[other] { $moves } ruchów
}, głębokość { $depth }

# /puzzle: pozycja z wymuszoną wygraną.
puzzle-shown = { $daily ->
    [yes] Zadanie dnia
   *[no] Zadanie
} (rozwiązuje: { $name }): { $kind } #{ $number }. { $side }: ruch i wygrana w { $moves ->
    [one] { $moves } ruchu
   *[other] { $moves } ruchach
}. Odpowiedz komendą /ruch.
puzzle-header = { $side }: ruch i wygrana w { $moves ->
    [one] { $moves } ruchu
   *[other] { $moves } ruchach
}
puzzle-detail = { $kind }, zadanie #{ $number } · seria { $streak }
puzzle-rating = Ranking w zadaniach { $rating } ({ $change })
puzzle-rating-now = Ranking w zadaniach { $rating }
puzzle-page-ended = { $solved ->
    [yes] Rozwiązane!
   *[no] Nie tym razem.
} Rozwiązanie: { $solution }.
puzzle-correct-go-on = Dobrze: { $played }. { $other } { $side ->
    [south] odpowiada
    [north] odpowiada
   *[other] odpowiadają
} { $reply }. Twój ruch: wygrana jeszcze w { $moves ->
    [one] { $moves } ruchu
   *[other] { $moves } ruchach
}.
puzzle-solved = Dobrze: { $played } wygrywa. Rozwiązane! Seria { $streak } (najlepsza { $best }), w sumie rozwiązanych: { $solved }.
puzzle-wrong = Nie ten: { $held ->
    [yes] po { $played } { $other } { $side ->
        [south] odpowiada
        [north] odpowiada
       *[other] odpowiadają
    } { $refutation } i wygrana się wymyka.
   *[no] po { $played } wygrana się wymyka.
} Rozwiązanie: { $solution }.{ $lost ->
    [0] {""}
   *[other] {" "}Twoja seria { $lost } kończy się tutaj.
}
puzzle-no-skakanie = Skakanie nie ma zadań: jego elementy leżą zakryte, więc żadna pozycja nie ma jednej udowodnionej odpowiedzi. Spróbuj jumpers, gyges albo jump-sturdy.
puzzle-none = Dla tej gry nie ma jeszcze zadań.
puzzle-daily-done = Dzisiejsze zadanie dnia masz tu już za sobą ({ $solved ->
    [yes] rozwiązane
   *[no] nierozwiązane
}). Następne za { $hours } { $hours ->
    [one] godzinę
    [few] godziny
   *[many] godzin
}; tymczasem /zadanie da ci inne.
puzzle-none-open = Nie masz otwartego zadania: /zadanie da ci nowe.
puzzle-gone = Twojego zadania nie ma już na liście: /zadanie da ci inne.
parse-bad-puzzle-daily = „{ $typed }” to nie tak ani nie: /zadanie dnia:tak pokazuje zadanie dnia
