# The game's page in a browser (`/games/N`).
web-title = { $kind } · game #{ $game }
web-first = First
web-back = Back
web-forward = Forward
web-last = Last
web-moves = Moves
web-start = Start
web-ply = Move { $ply } of { $plies }
web-start-of = Start position, { $plies ->
    [one] { $plies } move
   *[other] { $plies } moves
} in all
web-keys = Arrow keys step through the game; Home and End go to its start and end.
web-board = The board after move { $ply }
web-board-start = The board at the start
web-no-game = There is no game #{ $game }.
web-bad-number = "{ $text }" is not a game number.
web-bad-ply = "{ $text }" is not a move number: give one from 0 to { $plies }.
web-failed = This game could not be shown: the server could not read it. Try again later.
web-console = Game pages in a browser: { $url } (game 1; change the number for another)
