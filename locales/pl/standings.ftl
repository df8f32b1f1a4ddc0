# /ranking, /najlepsi i /profil.

# „Skoczki: **1514** (12 partii rankingowych: wygrane 7, remisy 1, przegrane 4)”.
standing-line = { $kind }: **{ $rating }** ({ $games ->
    [one] { $games } partia rankingowa
    [few] { $games } partie rankingowe
    [many] { $games } partii rankingowych
   *[other] { $games } partii rankingowych
}: wygrane { $wins }, remisy { $draws }, przegrane { $losses })
rating-none = { $you ->
    [yes] Nie masz
   *[no] { $name } nie ma
} jeszcze rankingu { $kind ->
    [any] w żadnej grze
   *[other] w grze { $kind }
}. Ranking pojawia się po pierwszej partii rankingowej (partie między ludźmi są rankingowe, chyba że w /graj wybierzesz „Bez rankingu”).
rating-list = Rankingi ({ $name }):
    { $lines }{ $provisional ->
        [yes] {"\u000A"}? oznacza ranking tymczasowy (odchylenie powyżej { $deviation }): ustali się po kilku kolejnych partiach.
       *[no] {""}
    }

leaderboard-bad-scope = scope:{ $typed } to nie jest dozwolony wybór: wpisz scope:server (gracze tego serwera) albo scope:global.
leaderboard-no-server = Tabelę najlepszych graczy serwera ma tylko serwer: tutaj wybierz zakres:wszyscy.
leaderboard-title = { $server ->
    [yes] Najlepsi gracze tego serwera w grze { $kind }
   *[no] Najlepsi gracze w grze { $kind }
}
leaderboard-rule = Na liście: co najmniej { $games ->
    [one] { $games } partia rankingowa
    [few] { $games } partie rankingowe
    [many] { $games } partii rankingowych
   *[other] { $games } partii rankingowych
} (w tym jedna w ciągu { $days ->
    [one] ostatniego dnia
   *[other] ostatnich { $days } dni
}) i ustalony ranking (odchylenie najwyżej { $deviation }).
leaderboard-nobody = na razie nikt.
leaderboard-line = { $place }. { $name } — { $rating } ({ $games ->
    [one] { $games } partia
    [few] { $games } partie
    [many] { $games } partii
   *[other] { $games } partii
})
# Gracze z partiami rankingowymi, których jeszcze nie ma w tabeli: pod nią.
leaderboard-provisional = Jeszcze poza tabelą (za mało partii albo ranking jeszcze się ustala):
leaderboard-provisional-line = • { $name } — { $rating } ({ $games ->
    [one] { $games } partia
    [few] { $games } partie
    [many] { $games } partii
   *[other] { $games } partii
})

profile-title = Profil: { $name }
profile-standing = { $line } · najdłuższa seria wygranych: { $streak }
profile-unrated = Nie ma jeszcze partii rankingowych.
profile-tournaments = Turnieje: { $list }
profile-tournament = T{ $tournament } { $kind }: { $phase ->
    [open] trwają zapisy
    [cancelled] odwołany
    [finished] miejsce { $place } z { $count }
   *[running] { $round ->
        [0] trwa runda 1 z { $of }
       *[other] miejsce { $place } z { $count } po rundzie { $round } z { $of }
    }
}{ $withdrawn ->
    [yes] {" "}(poza turniejem)
   *[other] {""}
}
profile-games = Zakończone partie (na wszystkich serwerach): { $finished }; w toku: { $playing ->
    [0] brak
   *[other] { $current }
}

# Tytuł wykresu rankingu w /profil.
chart-title = Historia rankingu: { $name }
# Under the chart's axis of games, evenly spaced.
chart-games = { $count ->
    [one] { $count } partia rankingowa
    [few] { $count } partie rankingowe
   *[many] { $count } partii rankingowych
}
