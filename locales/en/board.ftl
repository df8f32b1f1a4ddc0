# The words on a board's picture: its header (whose turn, the result, the move number) and
# each game's own labels. Pictures are posted for everyone, in the server's language.
# { $side } is a side's name (side-*); names of players and notation stay as they are.

board-to-move = { $side } to { $verb ->
    [play] play
   *[move] move
}
board-wins = { $side } wins
board-share-win = { $sides } share the win
board-and = { $left } and { $right }
board-draw = Draw
board-rounds-played = { $count ->
    [one] { $count } round played
   *[other] { $count } rounds played
}
board-round-left = Round { $round } · { $count ->
    [one] { $count } action
   *[other] { $count } actions
} left
board-moves-played = { $count ->
    [one] { $count } move played
   *[other] { $count } moves played
}
board-move-number = move { $number }
board-game-number = Game #{ $game } · { $detail }

gyges-goal-label = goal: { $side } wins here
# The tab beside the row a side moves from: the side's initial.
gyges-tab-south = S
gyges-tab-north = N
gyges-to-place = { $side } to place
gyges-all-placed = all placed
# A game that ended while pieces were being placed: what each side had not placed.
gyges-unplaced = { $side }: not placed
gyges-moves-from-row = { $side } moves from row { $row }
gyges-cannot-move = { $side } cannot move

skakanie-stacks-left = { $count ->
    [one] { $count } stack
   *[other] { $count } stacks
} left · round { $round }
skakanie-stacks-left-last-round = { $count ->
    [one] { $count } stack
   *[other] { $count } stacks
} left · last round
skakanie-player = Player { $number }
skakanie-over = The game is over: scores are final.
skakanie-actions-left = { $who }: { $count ->
    [one] { $count } action
   *[other] { $count } actions
} left
skakanie-left-game = left the game
skakanie-score = score { $score }
skakanie-no-pieces = no pieces yet
skakanie-pieces = { $count ->
    [one] { $count } piece
   *[other] { $count } pieces
} · parts { $parts }

# A result decided off the board; { $reason } is the game record's own words.
board-result-draw = Draw — { $reason }
board-result-wins = { $sides } { $count ->
    [one] wins
   *[other] win
} — { $reason }
board-waiting = Waiting for the challenge
board-never-started = Never started
board-aborted = Aborted

# How a game ended, as its record says it; { $who } is a player with their side.
reason-reached-the-goal = reached the goal
reason-the-best-score = the best score
reason-shared-the-best-score = shared the best score
reason-everyone-else-left = everyone else left
reason-agreed-to-a-draw = by agreement
reason-no-moves = neither player can move
reason-repetition = the same position occurred three times
reason-move-limit = the move limit was reached
reason-resigned = { $who } resigned
reason-withdrew = { $who } withdrew
reason-ran-out-of-time = { $who } ran out of time

# Jump Sturdy: each side's men beside the board.
board-men = { $count ->
    [one] { $count } man
   *[other] { $count } men
}

# A game option as pictures and pages say it, for the options that differ from the
# defaults. $value is the option's value as typed (`random`, `on`, `3`, `S,M`, `2:5`).
optword-gyges-setup = { $value ->
    [random] random rows
    [mirror] mirrored rows
   *[other] placed by the players
}
optword-gyges-displace = { $value ->
    [on] with displacement
   *[other] no displacement
}
optword-jumpers-board = { $value ->
    [far] gates far apart
   *[other] gates side by side
}
optword-jumpers-goal = { $value ->
    [long] long goal: all three gates
   *[other] short goal: any gate
}
optword-jumpers-step = { $value ->
    [on] steps allowed
   *[other] no steps
}
optword-jumpers-crawlers = crawlers: { $value }
optword-jumpers-height = { $value ->
    [relative] relative heights
   *[other] absolute heights
}
optword-skakanie-players = players: { $value }
optword-skakanie-actions = actions a turn: { $value }
optword-skakanie-handicap = handicap: { $value }
optword-skakanie-bury = { $value ->
    [on] burying allowed
   *[other] no burying
}
optword-skakanie-start = { $value ->
    [same-corner] all start in one corner
   *[other] start in the corners
}
optword-skakanie-score = { $value ->
    [harsh] harsh scoring
   *[other] normal scoring
}
optword-skakanie-pass = { $value ->
    [on] passing allowed
   *[other] no passing
}
