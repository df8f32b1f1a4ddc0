# A board as posted after every move, for everyone in the place: its title, whose turn,
# the clock, the result and its buttons. { $who } is a player with their side,
# "alice (White)"; moves and positions are notation.

game-title = Game #{ $game } · { $kind }{ $options }{ $days ->
    [0] {""}
    [one] {" "}· { $days } day per move
   *[other] {" "}· { $days } days per move
}
game-handicap = { $name } has { $count ->
    [one] { $count } action
   *[other] { $count } actions
} a turn
game-to-move = Move { $number } · **{ $who }** to move
game-to-move-after = Move { $number } · **{ $who }** to move · last move { $move }
game-actions-to-move = **{ $who }** to move: { $count ->
    [one] { $count } action
   *[other] { $count } actions
} left this turn.
# How to play a turn, under it when a person is to move.
game-actions-hint = Type /move take right take, or use the buttons.
game-over = Game over: { $result }.
game-waiting = Waiting for the challenge to be accepted.
game-never-started = This game never started.
game-aborted = Aborted before every side had moved: no result.
game-scores = Scores: { $scores }
game-score-left = { $who } left
game-score = { $who } { $score }
game-position = Position: `{ $position }`
game-played = { $who } played { $moves }.
game-ratings = Ratings ({ $kind }): { $changes }
result-draw = a draw ({ $reason })
result-wins = { $winners } wins — { $reason }

button-leave = Leave
button-offer-draw = Offer draw
button-resign = Resign
button-resume = Resume
button-claim-win = Claim win
button-pause = Pause
button-move = Move
button-board = Board

clock-paused = ⏸ Paused by agreement, { $left } left for { $who } ({ $per }); /resume to go on.
clock-out = ⌛ { $who } is out of time: the others may claim the win; the game ends by timeout in { $grace }.
clock-running = ⏳ { $left } left for { $who } to move ({ $per }).
duration-none = no time
duration-min = { $m } min
duration-h = { $h } h
duration-h-min = { $h } h { $m } min
duration-d = { $d } d
duration-d-h = { $d } d { $h } h

# Skakanie's action buttons (the arrows need no words).
button-action-take = Take
button-action-bury = Bury
button-action-pass = Pass

# Skakanie's actions as the move lines say them (`/move` reads these words too).
action-take = take
action-up = up
action-down = down
action-left = left
action-right = right
action-bury = bury
action-pass = pass

# The computer as a player, with its level (1 to 5; 0: a level this release does not know).
player-computer = { $level ->
    [0] Leapfrog (computer)
   *[other] Leapfrog (level { $level })
}
