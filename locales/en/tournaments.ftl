# The standings picture of a tournament: column headings (short: the columns are narrow).
tournament-column-player = Player
tournament-column-points = Points
# Sonneborn–Berger, the round-robin tie-break.
tournament-column-sb = SB
tournament-column-buchholz = Buchholz
tournament-column-median = Median
# After the name of a player who has left the tournament.
tournament-withdrawn = withdrawn

# /tournament: making, joining and running tournaments, and what the bot posts of them.
tournament-admins-only = On this server only admins (Manage Server) make tournaments; an admin can change that with /settings tournaments:everyone.
tournament-option-not-here = The option { $option } is not for tournaments: seats are drawn by the pairings, and every game starts alike.
tournament-seats-skakanie = seats: is for Skakanie only: 3 or 4 at each table of a round-robin (2 plays it as a two-player round-robin; a Swiss is always two-player).
tournament-rounds-swiss = rounds: is for a Swiss; a round-robin has as many rounds as it takes everyone to meet.
tournament-together-swiss = together: is for round-robins: a Swiss pairs each round on the results of the one before.
tournament-bad-rounds = A Swiss plays 1 to 20 rounds.
tournament-rounds-too-many = With at most { $max } players a Swiss can pair { $most } { $most ->
    [one] round
   *[other] rounds
} without anyone meeting an opponent twice, not { $rounds }: ask for fewer rounds, or more places.
tournament-rounds-cut = { $count } players can meet a new opponent in { $rounds } { $rounds ->
    [one] round
   *[other] rounds
} of a Swiss at most: T{ $tournament } plays { $rounds }, not the { $asked } asked for.
tournament-bad-max = max: takes { $least } to { $most } players.
tournament-bad-start = "{ $typed }" is not a start: say full (when the last place is taken), a date in UTC like 2026-12-01 or 2026-12-01T18:00, or a wait like 3d or 12h.
tournament-full-needs-max = starts:full needs max: (how many places there are).
tournament-created = **{ $host }** made tournament **T{ $tournament }**. Join with /tournament join or the button below.
tournament-none = There is no tournament T{ $tournament }.
tournament-none-here = There is no tournament here now: make one with /tournament create, or see /tournament list.
tournament-which = Several tournaments are going on here ({ $ids }): say which with id:.
tournament-host-only = Only the tournament's host ({ $host }) or a server admin can do that.
tournament-joined = **{ $who }** joined T{ $tournament } ({ $count } { $count ->
    [one] player
   *[other] players
}).
tournament-left = **{ $who }** left T{ $tournament }; their games still to play are lost by forfeit.
tournament-started = Tournament T{ $tournament } begins with { $count } players. Good luck!
tournament-cancelled = Tournament T{ $tournament } is cancelled. Its games in progress may be played on, but count for nothing in it.
tournament-cancelled-few = Tournament T{ $tournament } was due to start, but { $count } { $count ->
    [one] player is
   *[other] players are
} too few: it is cancelled.
tournament-not-open = T{ $tournament } is no longer taking players.
tournament-over = T{ $tournament } is over.
tournament-already-in = You are in T{ $tournament } already.
tournament-not-in = Not in T{ $tournament }.
tournament-full = T{ $tournament } is full ({ $max } players).
tournament-too-few = { $have } { $have ->
    [one] player has
   *[other] players have
} joined: at least { $need } are needed to start.
tournament-list-empty = No tournaments here yet: make one with /tournament create.
tournament-line = **T{ $tournament }** · { $kind } · { $format ->
    [round-robin] round-robin
    [double] double round-robin
    [tables] round-robin at tables of { $seats }
   *[swiss] Swiss{ $rounds ->
        [0] {""}
       *[other] , { $rounds } rounds
    }
} · { $count }{ $max ->
    [0] {""}
   *[other] /{ $max }
} players · { $phase ->
    [open] taking players{ $when_full ->
        [yes] , starts when full
       *[other] {""}
    }{ $starts ->
        [none] {""}
       *[other] , starts { $starts }
    }
    [running] round { $round } of { $of }
    [finished] finished
   *[cancelled] cancelled
}{ $rated ->
    [yes] {""}
   *[other] {" "}· unrated
}{ $options ->
    [none] {""}
   *[other] {" "}· { $options }
}{ $together ->
    [yes] {" "}· all rounds at once
   *[other] {""}
}
tournament-title = T{ $tournament } · { $kind }
tournament-after = { $phase ->
    [finished] final standings
    [open] not begun
   *[other] { $round ->
        [0] round 1 of { $of } under way
       *[other] after round { $round } of { $of }
    }
}
tournament-ended-early = Round { $next } could not be paired: among the { $count } players left, every pairing would have two of them meet again or give someone a second bye. T{ $tournament } ends after round { $round } of { $of }.
tournament-winner = 🏆 { $count ->
    [one] The winner is
   *[other] Sharing first place:
} **{ $names }** with { $points } points.
tournament-round = Round { $round }:
tournament-bye = bye
tournament-game-begins = Tournament T{ $tournament }, round { $round }: game #{ $game } begins.
button-tournament-join = Join
button-tournament-leave = Leave
abort-tournament = A game of tournament T{ $tournament } can't be aborted: resign (/resign) if you must stop.
