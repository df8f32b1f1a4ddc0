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
