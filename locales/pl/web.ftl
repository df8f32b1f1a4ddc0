# Strona partii w przeglądarce (`/games/N`).
web-title = { $kind } · partia nr { $game }
web-first = Początek
web-back = Wstecz
web-forward = Dalej
web-last = Koniec
web-moves = Ruchy
web-start = Początek
web-ply = Ruch { $ply } z { $plies }
web-start-of = Pozycja początkowa, łącznie { $plies } { $plies ->
    [one] ruch
    [few] ruchy
   *[many] ruchów
}
web-keys = Strzałki przewijają partię; Home i End przenoszą na jej początek i koniec.
web-board = Plansza po ruchu { $ply }
web-board-start = Plansza na początku partii
web-no-game = Nie ma partii nr { $game }.
web-bad-number = „{ $text }” to nie numer partii.
web-bad-ply = „{ $text }” to nie numer ruchu: podaj liczbę od 0 do { $plies }.
web-failed = Nie udało się pokazać tej partii: serwer nie mógł jej odczytać. Spróbuj później.
web-console = Strony partii w przeglądarce: { $url } (partia 1; dla innej zmień numer)
