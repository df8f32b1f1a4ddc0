# /analyse: the engine's report on a finished game.
analysis-started = Analysing game #{ $game } ({ $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}) in the background: the report will be posted in its channel in about { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
analysis-not-over = Game #{ $game } is not over yet: the engine analyses finished games only, so it never helps anyone in the middle of one.
analysis-hidden-pieces = Skakanie is not analysed: its pieces are face down and its luck is in the draw, so an engine's opinion of one line says little about a player's choices.
analysis-no-moves = Game #{ $game } has no moves to analyse.
analysis-private = Game #{ $game } was played in direct messages: only its players may ask for its analysis.
analysis-title = **Analysis of game #{ $game }** ({ $kind }, { $players }), each position searched { $depth ->
    [one] { $depth } ply
   *[other] { $depth } plies
} deep or more:
analysis-side = { $player }: accuracy { $accuracy }% — blunders: { $blunders }, mistakes: { $mistakes }, inaccuracies: { $inaccuracies }
analysis-ply = { $number }. { $played } ({ $player }): { $judgement ->
    [blunder] **blunder**
   *[mistake] mistake
} (−{ $loss }% winning chance). Better { $best }: { $line }
analysis-clean = Neither side made a mistake or a blunder.
analysis-more = …and { $count } more in the record (`/history`).
analysis-chart-title = Game #{ $game }: { $kind }, winning chances
analysis-chart-caption = { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}, depth { $depth }

# /puzzle: a position to win by force.
puzzle-shown = { $daily ->
    [yes] Today's puzzle
   *[no] A puzzle
} for { $name }: { $kind } #{ $number }. { $side } to play and win in { $moves ->
    [one] one move
   *[other] { $moves } moves
}. Answer with /move.
puzzle-header = { $side } to play and win in { $moves ->
    [one] one move
   *[other] { $moves } moves
}
puzzle-detail = { $kind } puzzle #{ $number } · streak { $streak }
puzzle-rating = Puzzle rating { $rating } ({ $change })
puzzle-rating-now = Puzzle rating { $rating }
puzzle-page-ended = { $solved ->
    [yes] Solved!
   *[no] Missed.
} The solution: { $solution }.
# { $side } (white, black, north, south) is there for languages whose verb agrees with the
# side's name ("Чёрные отвечают", "Север отвечает").
puzzle-correct-go-on = Correct: { $played }. { $other } { $side ->
   *[other] answers
} { $reply }. Your move: win in { $moves ->
    [one] one more move
   *[other] { $moves } more moves
}.
puzzle-solved = Correct: { $played } wins. Solved! Streak { $streak } (best { $best }), { $solved } solved in all.
puzzle-wrong = Not that one: { $held ->
    [yes] after { $played }, { $other } { $side ->
       *[other] answers
    } { $refutation } and the win slips away.
   *[no] { $played } lets the win slip away.
} The solution: { $solution }.{ $lost ->
    [0] {""}
   *[other] {" "}Your streak of { $lost } ends here.
}
puzzle-no-skakanie = Skakanie has no puzzles: its pieces are face down, so no position has one proven answer. Try jumpers, gyges or jump-sturdy.
puzzle-none = There are no puzzles for that game yet.
puzzle-daily-done = You have played today's puzzle here already ({ $solved ->
    [yes] solved
   *[no] missed
}). The next one comes in { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}; /puzzle gives you another meanwhile.
puzzle-none-open = You have no puzzle open: /puzzle gives you one.
puzzle-gone = Your puzzle is no longer in the list: /puzzle gives you another.
parse-bad-puzzle-daily = '{ $typed }' is not yes or no: /puzzle daily:yes shows the puzzle of the day
