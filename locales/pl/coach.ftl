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
