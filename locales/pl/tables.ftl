# Gry dla więcej niż dwóch osób (Skakanie): stoły, do których gracze się dosiadają, i wyzwania
# wskazujące kilku przeciwników.

table-bad-players = W grze { $kind } może grać od 2 do { $max } graczy, a nie „{ $typed }”.
table-players-named = { $count ->
    [one] Wskazujesz { $count } przeciwnika, więc w partii zagra { $players } graczy; pomiń players= (ta opcja jest dla otwartych stołów: gra zaczyna się, gdy dosiądzie się tylu graczy).
    [few] Wskazujesz { $count } przeciwników, więc w partii zagra { $players } graczy; pomiń players= (ta opcja jest dla otwartych stołów: gra zaczyna się, gdy dosiądzie się tylu graczy).
    [many] Wskazujesz { $count } przeciwników, więc w partii zagra { $players } graczy; pomiń players= (ta opcja jest dla otwartych stołów: gra zaczyna się, gdy dosiądzie się tylu graczy).
   *[other] Wskazujesz { $count } przeciwników, więc w partii zagra { $players } graczy; pomiń players= (ta opcja jest dla otwartych stołów: gra zaczyna się, gdy dosiądzie się tylu graczy).
}
table-handicap-by-seat = W handicapie wskaż gracza, np. handicap=@ola:5: miejsca są losowane na początku gry, więc handicap={ $typed } trafiłby do tego, kto wylosuje to miejsce.
table-handicap-unread = Nie mogę odczytać handicapu „{ $part }”: napisz @gracz:N, gdzie N to liczba akcji od 1 do 9.
table-handicap-stranger = Handicap wskazuje osobę spoza tego wyzwania: { $name }.
table-handicap-dropped = Uwaga: pominięto handicap — { $name } nie gra w tej partii.

table-joined-already = Już siedzisz przy stole partii #{ $game }; grę rozpoczyna { $host }.
# Ktoś przyjął imienne wyzwanie ($named: yes) albo dosiadł się do otwartego stołu; $full: są już wszyscy.
table-joined = { $named ->
    [yes] { $who } przyjmuje wyzwanie: { $host } → { $who } ({ $kind }, partia #{ $game }).{ $full ->
        [yes] {""}
       *[no] { " " }Czekamy jeszcze na odpowiedź: { $waiting }; { $host } może też już teraz rozpocząć grę z tymi, którzy przyjęli wyzwanie: /rozpocznij.
    }
   *[no] { $who } dosiada się do stołu ({ $kind }, partia #{ $game }, gospodarz: { $host }).{ $full ->
        [yes] {""}
       *[no] { " " }Zajęte miejsca: { $seated } z { $max }. { $host } może już rozpocząć grę (/rozpocznij) albo poczekać na kolejnych graczy.
    }
}
table-computers-sat = Od razu dosiada się: { $names }.
table-how = { $open ->
    [yes] Każdy tutaj może się dosiąść poleceniem /przyjmij; gospodarz stołu rozpoczyna grę poleceniem /rozpocznij (co najmniej 2 graczy).
   *[no] **{ $names }**: /przyjmij albo /odrzuć. Gra zaczyna się, gdy wszyscy przyjmą wyzwanie (albo gdy gospodarz użyje /rozpocznij).
}

table-nothing-to-start = Nie masz na tym kanale żadnego czekającego stołu, który można by rozpocząć.
table-start-not-yours = Tylko { $host } może rozpocząć partię #{ $game }.
table-start-for-two = { $kind } to gra dla dwóch osób: zaczyna się, gdy wyzwanie zostanie przyjęte.
table-start-alone = Nikt jeszcze nie dosiadł się do partii #{ $game }; potrzeba co najmniej 2 graczy.
table-started-without = { $who } rozpoczyna grę bez graczy, którzy nie przyjęli wyzwania: { $names }.

table-nothing-to-leave = Nie siedzisz przy żadnym stole na tym kanale; aby opuścić trwającą partię, użyj /poddaj.
table-leave-begun = Partia #{ $game } już się zaczęła; aby ją opuścić, użyj /poddaj.
table-leave-own = Partia #{ $game } to twój własny stół; aby go odwołać, użyj /anuluj.
table-not-joined = Nie siedzisz przy stole partii #{ $game }.
table-left = { $who } odchodzi od stołu ({ $kind }, partia #{ $game }, gospodarz: { $host }); zajęte miejsca: { $seated } z { $max }.
table-declined = { $who } odrzuca wyzwanie.
table-off = { $headline } Partia #{ $game } (gospodarz: { $host }) nie rozpocznie się: nikt inny nie przyjął wyzwania.
table-still-waits = { $headline } Partia #{ $game } wciąż czeka na odpowiedź: { $waiting }.

# Tytuł wątku nowej partii.
game-thread-title = Partia #{ $game } · { $kind } · { $names }

button-join = Dosiądź się
button-start = Rozpocznij
