# Własna lista partii gracza (/partie oraz numery partii podpowiadane przez Discorda podczas pisania).
# { $line } to wiersz wyzwania (challenge-named, challenge-open), { $title } to tytuł partii
# (game-title), { $opponents } to nazwy rozdzielone „, ”.

list-your-challenge = { $line }; twoje wyzwanie czeka na odpowiedź
list-joined = { $line }; jesteś już w grze, czekamy, aż { $host } ją rozpocznie
list-to-accept = { $line }; czekamy na twoją odpowiedź: /przyjmij
list-active = { $title } · { $count ->
    [one] przeciwnik
   *[other] przeciwnicy
}: { $opponents }; { $whose }
list-your-turn = twój ruch
list-their-turn = ruch: { $name }
list-over = { $title } · { $count ->
    [one] przeciwnik
   *[other] przeciwnicy
}: { $opponents }; zakończona ({ $reason })
list-never-started = { $title }: nigdy się nie zaczęła
list-aborted = { $title } · { $count ->
    [one] przeciwnik
   *[other] przeciwnicy
}: { $opponents }; przerwana
games-none = Nie masz żadnych trwających partii. Zacznij nową poleceniem /graj.
games-yours = Twoje partie:
games-paused = wstrzymana
games-out-of-time = czas się skończył
games-time-left = zostało: { $left }
games-latest-board = [ostatnia plansza]({ $link })
