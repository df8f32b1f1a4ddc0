# /rating, /leaderboard and /profile.

# "Jumpers: **1514** (12 rated games: 7 won, 1 drawn, 4 lost)".
standing-line = { $kind }: **{ $rating }** ({ $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}: { $wins } won, { $draws } drawn, { $losses } lost)
rating-none = { $you ->
    [yes] You have
   *[no] { $name } has
} no rating in { $kind ->
    [any] any game
   *[other] { $kind }
} yet: a rating comes with the first rated game (/play … rated:yes, the default between people).
rating-list = Ratings of { $name }:
    { $lines }{ $provisional ->
        [yes] {"\u000A"}? marks a provisional rating (deviation over { $deviation }): it settles after a few more games.
       *[no] {""}
    }

leaderboard-bad-scope = scope:{ $typed } is not a choice: say scope:server (players of this server) or scope:global.
leaderboard-no-server = Only a server has a server leaderboard: here, say scope:global.
leaderboard-title = { $server ->
    [yes] { $kind } leaderboard of this server
   *[no] { $kind } leaderboard
}
leaderboard-rule = Listed: at least { $games } rated games, one in the last { $days } days, and a settled rating (deviation at most { $deviation }).
leaderboard-nobody = nobody yet.
leaderboard-line = { $place }. { $name } — { $rating } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
})
# Players who have played rated games but are not listed yet, below the listed ones.
leaderboard-provisional = Not listed yet (too few games, or a rating still settling):
leaderboard-provisional-line = • { $name } — { $rating } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
})

profile-title = Profile of { $name }
profile-standing = { $line } · longest win streak { $streak }
profile-unrated = No rated games yet.
profile-tournaments = Tournaments: { $list }
profile-tournament = T{ $tournament } { $kind }: { $phase ->
    [open] signed up
    [cancelled] cancelled
    [finished] place { $place } of { $count }
   *[running] { $round ->
        [0] playing round 1 of { $of }
       *[other] place { $place } of { $count } after round { $round } of { $of }
    }
}{ $withdrawn ->
    [yes] {" "}(withdrew)
   *[other] {""}
}
profile-games = Finished games (on all servers): { $finished }; in progress: { $playing ->
    [0] none
   *[other] { $current }
}

# The title of the rating chart on /profile.
chart-title = Rating history of { $name }
# Under the chart's axis of games, evenly spaced.
chart-games = { $count ->
    [one] { $count } rated game
   *[other] { $count } rated games
}
