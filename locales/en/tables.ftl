# Games of more than two (Skakanie): tables players join, and challenges naming several.

table-bad-players = { $kind } takes 2 to { $max } players, not '{ $typed }'.
table-players-named = { $count ->
    [one] You named { $count } opponent, so the game has { $players } players; leave out players= (it is for open tables: start when that many have joined).
   *[other] You named { $count } opponents, so the game has { $players } players; leave out players= (it is for open tables: start when that many have joined).
}
table-handicap-by-seat = Name the player in a handicap, like handicap=@ola:5: seats are drawn at random when the game starts, so handicap={ $typed } would fall on whoever drew that seat.
table-handicap-unread = I can't read the handicap '{ $part }': write @player:N, with N actions from 1 to 9.
table-handicap-stranger = handicap names { $name }, who is not in this challenge.
table-handicap-dropped = Note: the handicap for { $name } was dropped: not playing.

table-joined-already = You have already joined game #{ $game }; { $host } starts it.
# Someone accepted a named challenge ($named: yes) or sat down at an open table; $full: everyone is in.
table-joined = { $named ->
    [yes] { $who } accepted { $host }'s { $kind } challenge (game #{ $game }).{ $full ->
        [yes] {""}
       *[no] { " " }Waiting for { $waiting }; { $host } may also /start now with who has accepted.
    }
   *[no] { $who } joined { $host }'s { $kind } table (game #{ $game }).{ $full ->
        [yes] {""}
       *[no] { " " }{ $seated } of up to { $max } seated. { $host } may /start it now, or wait for more.
    }
}
table-computers-sat = { $names } sat down at once.
table-how = { $open ->
    [yes] Anyone here may /accept to sit down; the host starts the game with /start (2 or more players).
   *[no] **{ $names }**: /accept or /decline. The game starts when everyone has accepted (or when the host uses /start).
}

table-nothing-to-start = You have no table waiting in this channel to start.
table-start-not-yours = Only { $host } can start game #{ $game }.
table-start-for-two = { $kind } is a game for two: it starts when the challenge is accepted.
table-start-alone = Nobody has joined game #{ $game } yet; it needs at least 2 players.
table-started-without = { $who } started without { $names }, who had not accepted.

table-nothing-to-leave = You haven't joined a table in this channel; to leave a game in progress, use /resign.
table-leave-begun = Game #{ $game } has begun; to leave it, use /resign.
table-leave-own = Game #{ $game } is your own table; use /cancel to call it off.
table-not-joined = You haven't joined game #{ $game }.
table-left = { $who } left { $host }'s { $kind } table (game #{ $game }): { $seated } of up to { $max } seated.
table-declined = { $who } declined.
table-off = { $headline } { $host }'s game #{ $game } will not start: nobody else accepted.
table-still-waits = { $headline } Game #{ $game } still waits for { $waiting }.

# The title of a new game's thread.
game-thread-title = Game #{ $game } · { $kind } · { $names }

button-join = Join
button-start = Start
