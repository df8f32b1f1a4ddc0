# A move refused: which rule forbids it, and what can be played instead. Moves, cells and
# option settings are notation and stay as they are. { $owner }, { $side }, { $you } are
# side names (side-*), { $kind } a Jumpers piece (piece-*).

move-refused = You can't play { $typed }: { $reason }. { $which ->
    [here] Legal moves from there
   *[all] Your legal moves
}: { $moves }{ $more ->
    [0] {""}
   *[other] {" "}and { $more } more
}.
move-not-your-turn = It's { $who }'s turn in game #{ $game }, not yours.
move-say-what = Say what to play, like /move take right take.
move-turn-ended = Your turn ended after { $played }, so { $rest } can't follow; nothing was played. Send at most { $count ->
    [one] { $count } action
   *[other] { $count } actions
} now.
move-nothing-played = Nothing was played (not { $played } either).
move-syntax = '{ $text }' is not a move: { $game ->
    [jumpers] write the start and end cells, like e3-h6 (or pass)
    [gyges] write from-to like b1-d4, c6-goal to win, b1-d4:e2 to displace the piece on d4 to e2, 3@c1 to place a piece of size 3, or pass
    [jump-sturdy] write the start and end squares, like e2-e3
   *[skakanie] an action is take, up, down, left, right, bury or pass (several in a row: take right take)
}

side-white = White
side-black = Black
side-blue = Blue
side-red = Red
side-south = South
side-north = North
side-green = Green
side-yellow = Yellow
piece-small = Small
piece-medium = Medium
piece-big = Big

illegal-over = the game is over
illegal-leave-is-resign = to leave the game, use /resign

jumpers-no-such-cell = there is no cell { $cell } on the { $board } board
jumpers-empty-cell = there is no piece on { $cell }
jumpers-not-yours = the top piece on { $cell } is { $owner }'s, and only the top piece of a stack moves
jumpers-same-cell = a piece cannot move to the cell it stands on
jumpers-not-in-line = { $from } and { $to } are not on one straight line of cells
jumpers-off-board = the line from { $from } to { $to } leaves the board
jumpers-jump-length = a { $kind } jumps exactly { $length ->
    [one] { $length } cell
   *[other] { $length } cells
}{ $step ->
    [yes] {" "}(or steps 1 onto a stack of its own level)
   *[no] {""}
}, and { $to } is { $distance } away
jumpers-step-level = a step stays on its level: the piece stands at level { $level }, but { $cell } is { $height } high
jumpers-too-high = { $cell } is { $height } high, but a { $kind } may fly over or land on stacks of at most { $limit }{ $relative ->
    [yes] {" "}(its level plus its height limit)
   *[no] {""}
}
jumpers-crawl-length = a { $kind } crawler moves 1 to { $length } { $length ->
    [one] cell
   *[other] cells
}, and { $to } is { $distance } away
jumpers-too-steep = a crawler climbs or descends one level per cell, but { $cell } is { $height } high and the crawler is at level { $level } before it
jumpers-cannot-pass = you can only pass when you have no legal move
jumpers-not-legal = { $move } is not a legal move here

gyges-still-placing = the pieces are still being placed: place one of yours with size@square, like 3@c1
gyges-nothing-to-place = all pieces are on the board: move one, like b1-d4
gyges-not-in-hand = you have no piece of size { $size } left to place; you hold { $hand }
gyges-not-home-row = { $side } places on row { $row } only, and { $square } is not on it
gyges-occupied = { $square } is not empty
gyges-no-piece = there is no piece on { $square }
gyges-wrong-row = you may move only pieces on row { $row }: the occupied row nearest to you whose pieces can move
gyges-back-to-start = a move may not end on the square it started from
gyges-goal-out-of-reach = the { $size } on { $from } cannot reach the goal: a piece enters it only from row { $row }, as the last step of a stretch, and never passes through it
gyges-out-of-reach = the { $size } on { $from } cannot reach { $to }: it moves exactly { $size ->
    [one] { $size } step
   *[other] { $size } steps
} through empty squares, bounces off every piece it lands on by that piece's size, and crosses no edge twice
gyges-ends-on-piece = a move cannot end on { $square }: a piece landing on another bounces off it (displacement needs option displace=on)
gyges-drop-missing = { $to } holds a piece: to take its place, say where it goes, like { $from }-{ $to }:e2
gyges-nothing-to-displace = { $square } is empty, so there is no piece to displace
gyges-displace-off = displacement is not played in this game (option displace=on)
gyges-drop-too-far = the displaced piece may not go beyond row { $row }, the opponent's nearest occupied row
gyges-same-size-swap = the displaced piece may not go to { $square }: both pieces are the same size, so nothing would change
gyges-pass-with-moves = you may pass only when you have no legal move
gyges-must-pass = none of your pieces can move, so you must pass

jump-sturdy-corner = { $square } is not on the board: the corners a1, h1, a8 and h8 do not exist
jump-sturdy-empty = there is no man on { $square }
jump-sturdy-not-yours = the man on top of { $square } is { $owner }'s; you play { $you }
jump-sturdy-single-reach = a single man steps one square forward or sideways, or captures one square diagonally forward; { $move } is none of these
jump-sturdy-step-onto-enemy = a single man captures only diagonally forward, so it cannot step onto the enemy man on { $square }
jump-sturdy-diagonal-without-capture = a diagonal move is a capture, and { $square } holds no enemy man
jump-sturdy-three-high = { $square } already holds two men; a stack is at most two high
jump-sturdy-knight-reach = the top man of a double jumps like a knight, forwards only (one file and two ranks, or two files and one rank); { $move } is not such a jump

skakanie-no-stack = there is no stack { $place ->
    [up] above
    [down] below
    [left] to the left of
   *[right] to the right of
} your pawn (row { $row }, stack { $stack }); { $count ->
    [0] from there it cannot go anywhere
   *[other] from there you can go { $options }
}
skakanie-no-bury = { $action } is not part of this game (it needs the option bury=on)
skakanie-bury-alone = the stack under your pawn has only its face-up piece, so there is nothing to turn up
skakanie-no-pass = every turn has all its actions ({ $left } left); ending early needs the option pass=on
skakanie-not-playing = seat { $seat } is not playing in this game

computer-busy = { $count ->
    [1] The computer is thinking about another game: yours is next.
   *[other] The computer is thinking about { $count } other games: yours is in line and comes as soon as they are done.
}
