//! `/rules gyges`: the teaching text, one Discord message per page.
//!
//! Each page is whole sentences (they will be translated as they stand), at most about 1,900
//! characters so the page header and footer still fit in Discord's 2,000. Every move written
//! here is replayed in the engine by `tests/rules_texts.rs`.

/// The pages of `/rules gyges`, in reading order.
pub const GUIDE: &[&str] = &[
    "\
**The aim**
Gygès is a game for two players, South and North, on a board of 6 by 6 squares with a goal \
beyond each end. The twelve pieces, four each of sizes 1, 2 and 3 (drawn with 1, 2 or 3 rings), \
belong to nobody: you may move any piece you can reach. South wins by moving a piece into the \
goal beyond North's end, North by moving one into the goal beyond South's end.

**The board and its names**
The columns are lettered a to f from left to right, and the rows are numbered 1 to 6 from \
South's end (at the bottom of the picture) to North's, so a square is named like c1. The goal \
you aim for touches every square of the row at the far end.

**Setting up**
Each player gets two pieces of each size. Taking turns, South first, you place one piece at a \
time on an empty square of your own end row: row 1 for South, row 6 for North. A placement is \
written as the size, @ and the square: 3@c1 puts a 3 on c1. When all twelve pieces are placed, \
South makes the first move.

**Which pieces you may move**
You may only move a piece on the occupied row nearest to you: for South the lowest row that \
holds any piece, for North the highest. If none of the pieces on that row can move, you may move \
one from the next occupied row, and so on. The picture marks the row each player moves from.",
    "\
**A move**
A piece moves exactly as many steps as its size: a 1 one step, a 2 two steps, a 3 three steps. \
Each step goes to the next square up, down, left or right, never diagonally, and the piece may \
turn between steps. Every square it passes over must be empty.
• If its last step ends on an empty square, the move ends there.
• If its last step ends on another piece, it bounces: it goes on with as many more steps as the \
size of the piece it landed on. Bounces can follow one another in the same move.
• In one move a piece may cross the border between two squares only once, in either direction: \
it can never step straight back, but it may come back to a square by another way round. It may \
not end the move where it started.
A move is written as the start square, a dash and the end square, like b1-d4, whatever way the \
piece went; /move offers every legal one.

**Reaching the goal**
A piece may step from a square of the far row into the goal only with the very last step it \
has left: a 1 standing on the far row, or a piece that has exactly one step left when it gets \
there. A piece never passes through a goal and never enters the goal at its own end. Such a \
move is written with goal as its end, like d1-goal.

**A worked example**
Row 1 holds 1 2 1 3 1 2 (from a1 to f1), a 3 stands on d4, and row 6 holds 2 1 3 . 3 2, so d2, \
d3, d5 and d6 are empty. South, to move, plays d1-goal: the 3 on d1 steps to d2, d3 and d4, \
lands on the 3 there and bounces on for three more steps, to d5, to d6 and into the goal. South \
wins.",
    "\
**Winning and draws**
Moving a piece into the goal you aim for wins at once. If you have no legal move, you pass \
with /move move:pass. If \
neither player can move, if the same position comes up for the third time with the same player \
to move, or if the game reaches 200 moves (placements count), it is a draw. You may also offer a \
draw with /draw or give up with /resign.

**Options**
Add options to your challenge, like /play game:gyges setup:random. Without options the \
players place their pieces themselves and nobody may displace a piece.
• `setup:placement`: the players place their pieces one by one, as described on page 1. \
`setup:random`: both end rows are shuffled for you and South moves at once. `setup:mirror`: like \
random, but North's row is South's row copied to the other end (a6 holds what a1 holds, and so \
on).
• `displace:on` (the advanced rule): when the last step of a piece lands on another piece, you \
may take that piece's place instead of bouncing, and put the piece you replaced on any empty \
square between your own end and the occupied row nearest your opponent, that row included. It may go to the square you \
started from unless the two pieces are the same size, and never into a goal. Such a move names \
the new square after a colon: in the example on page 2, d1-d4:c3 stops the 3 from d1 on d4 and \
puts the 3 that stood there on c3.",
];
