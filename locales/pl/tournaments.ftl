# Tabela turnieju: nagłówki kolumn (krótkie: kolumny są wąskie).
tournament-column-player = Gracz
tournament-column-points = Pkt
# Punktacja Sonneborna-Bergera, dodatkowa punktacja systemu kołowego.
tournament-column-sb = Berger
tournament-column-buchholz = Buchholz
tournament-column-median = Med. B.
# Po nazwie gracza, który wycofał się z turnieju.
tournament-withdrawn = poza turniejem

# /tournament: tworzenie turniejów, zapisy, rozgrywki i to, co bot o nich pisze.
tournament-admins-only = Na tym serwerze turnieje tworzą tylko administratorzy (Zarządzanie serwerem); administrator może to zmienić: /ustawienia turnieje:everyone.
tournament-option-not-here = Opcja { $option } nie jest dla turniejów: miejsca ustala kojarzenie, a każda partia zaczyna się tak samo.
tournament-seats-skakanie = seats: jest tylko dla Skakania: 3 albo 4 przy każdym stole turnieju kołowego (2 to turniej kołowy we dwoje; system szwajcarski jest zawsze we dwoje).
tournament-rounds-swiss = rounds: jest tylko dla systemu szwajcarskiego; turniej kołowy ma tyle rund, ile trzeba, by każdy zagrał z każdym.
tournament-together-swiss = together: jest tylko dla turnieju kołowego: system szwajcarski kojarzy każdą rundę według wyników poprzedniej.
tournament-bad-rounds = System szwajcarski ma od 1 do 20 rund.
tournament-rounds-too-many = Przy najwyżej { $max } graczach system szwajcarski bez powtórnych spotkań zmieści rund: { $most }, a nie { $rounds }. Poproś o mniej rund albo więcej miejsc.
tournament-rounds-cut = Graczy: { $count }, a bez powtórnych spotkań system szwajcarski zmieści najwyżej tyle rund: { $rounds }. T{ $tournament } zagra ich { $rounds } (proszono o { $asked }).
tournament-bad-max = max: to od { $least } do { $most } graczy.
tournament-bad-start = „{ $typed }” to nie początek: wpisz full (gdy zajęte zostanie ostatnie miejsce), datę UTC, np. 2026-12-01 albo 2026-12-01T18:00, albo czas oczekiwania, np. 3d lub 12h.
tournament-full-needs-max = starts:full wymaga max: (ile jest miejsc).
tournament-created = **{ $host }** tworzy turniej **T{ $tournament }**. Zapisz się: /turniej dołącz albo przycisk poniżej.
tournament-none = Nie ma turnieju T{ $tournament }.
tournament-none-here = Nie ma tu teraz turnieju: utwórz go (/turniej utwórz) albo zobacz listę (/turniej lista).
tournament-which = Trwa tu kilka turniejów ({ $ids }): wskaż który przez numer:.
tournament-host-only = Może to zrobić tylko organizator turnieju ({ $host }) albo administrator serwera.
tournament-joined = **{ $who }** dołącza do T{ $tournament } ({ $count } { $count ->
    [one] gracz
    [few] graczy
   *[many] graczy
}).
tournament-left = **{ $who }** wycofuje się z T{ $tournament }; pozostałe partie są przegrane walkowerem.
tournament-started = Turniej T{ $tournament } się zaczyna, graczy: { $count }. Powodzenia!
tournament-cancelled = Turniej T{ $tournament } odwołany. Trwające partie można dokończyć, ale nie liczą się w turnieju.
tournament-cancelled-few = Turniej T{ $tournament } miał się zacząć, ale graczy jest za mało ({ $count }): odwołany.
tournament-not-open = T{ $tournament } nie przyjmuje już graczy.
tournament-over = T{ $tournament } się zakończył.
tournament-already-in = Już jesteś w T{ $tournament }.
tournament-not-in = Nie w T{ $tournament }.
tournament-full = T{ $tournament } jest pełny ({ $max } graczy).
tournament-too-few = Zapisanych: { $have }; do startu potrzeba co najmniej { $need }.
tournament-list-empty = Nie ma tu jeszcze turniejów: utwórz pierwszy — /turniej utwórz.
tournament-line = **T{ $tournament }** · { $kind } · { $format ->
    [round-robin] kołowy
    [double] dwukołowy
    [tables] kołowy przy stołach po { $seats }
   *[swiss] szwajcarski{ $rounds ->
        [0] {""}
       *[other] , rund: { $rounds }
    }
} · graczy: { $count }{ $max ->
    [0] {""}
   *[other] /{ $max }
} · { $phase ->
    [open] trwają zapisy{ $when_full ->
        [yes] , start po zajęciu wszystkich miejsc
       *[other] {""}
    }{ $starts ->
        [none] {""}
       *[other] , start { $starts }
    }
    [running] runda { $round } z { $of }
    [finished] zakończony
   *[cancelled] odwołany
}{ $rated ->
    [yes] {""}
   *[other] {" "}· bez rankingu
}{ $options ->
    [none] {""}
   *[other] {" "}· { $options }
}{ $together ->
    [yes] {" "}· wszystkie rundy naraz
   *[other] {""}
}
tournament-title = T{ $tournament } · { $kind }
tournament-after = { $phase ->
    [finished] tabela końcowa
    [open] jeszcze się nie zaczął
   *[other] { $round ->
        [0] trwa runda 1 z { $of }
       *[other] po rundzie { $round } z { $of }
    }
}
tournament-ended-early = Nie da się skojarzyć rundy { $next }: wśród pozostałych graczy ({ $count }) każde kojarzenie zestawiłoby kogoś ponownie albo dało komuś drugą pauzę. T{ $tournament } kończy się po rundzie { $round } z { $of }.
tournament-winner = 🏆 { $count ->
    [one] Zwycięzca:
   *[other] Pierwsze miejsce dzielą:
} **{ $names }**, punkty: { $points }.
tournament-round = Runda { $round }:
tournament-bye = pauza
tournament-game-begins = Turniej T{ $tournament }, runda { $round }: zaczyna się partia #{ $game }.
button-tournament-join = Dołącz
button-tournament-leave = Wypisz się
abort-tournament = Partii turnieju T{ $tournament } nie można przerwać: jeśli musisz skończyć, poddaj się (/poddaj).
