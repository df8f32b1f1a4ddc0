//! `/rules jump-sturdy`: the teaching text, one Discord message per page.
//!
//! Each page is whole sentences (they will be translated as they stand), at most about 1,900
//! characters so the page header and footer still fit in Discord's 2,000. Every move written
//! here is replayed in the engine by `tests/rules_texts.rs`.

/// The pages of `/rules jump-sturdy`, in reading order.
pub const GUIDE: &[&str] = &[
    "\
**The aim**
Jump Sturdy is a game for two players, Blue and Red, on a chessboard without its four corners. \
Each player has 12 men. You win by bringing one of your men to the far end of the board.

**The board and its names**
The columns are lettered a to h from left to right, and the rows are numbered 1 to 8 from \
Blue's end (at the bottom of the picture) to Red's, so a square is named like e2. The corners \
a1, h1, a8 and h8 do not exist. Blue's men start on b1 to g1 and b2 to g2, Red's on b7 to g7 \
and b8 to g8. Blue moves first. Forward means towards the other end: up for Blue, down for Red.

**Men and stacks**
A square holds nothing, one man, or a stack of two men, never more. Only the top man of a stack \
may move or be captured; the man under it waits until the top man leaves.

**A man alone on its square**
• It steps one square straight forward, left or right, onto an empty square or onto a single \
man of its own colour, which makes a stack of two.
• It captures one square diagonally forward: the enemy man there, alone or on top of a stack, \
leaves the board and the capturing man takes its place.
• It never moves backwards.

**The top man of a stack**
It jumps like a knight in chess, but only forwards: one column aside and two rows forward, or \
two columns aside and one row forward. It may land on an empty square, on a single man of its \
own colour, or on an enemy man, alone or on top of a stack, which it captures. The man under it \
stays behind.
No man may land on a stack whose top man is its own colour.",
    "\
**How moves are written**
A move is the square the man starts on, a dash and the square it ends on, like e2-e3; captures \
are written the same way. Type it with /move move:e2-e3, or press the Move button under the \
board and pick the man and its square.

**A worked example** (from the start)
• Blue d1-d2: the man on d1 steps forward onto the Blue man on d2, and they make a stack.
• Red f7-f6: a Red man steps forward.
• Blue d2-e4: the top man of the stack jumps like a knight, one column right and two rows up, \
to the empty e4. A single Blue man stays on d2.
• Red f6-f5.
• Blue e4-f5: the man on e4 captures diagonally forward. The Red man on f5 leaves the board \
and the Blue man takes its place.

**Winning and draws**
You win when one of your men reaches the far row (row 8 for Blue, row 1 for Red), when your \
opponent has no men left, or when your opponent has no legal move on their turn: moving is \
compulsory and nobody may pass. If the same position comes up for the third time with the same \
player to move, or the game reaches 200 moves without a winner, it is a draw. You may also \
offer a draw with /draw or give up with /resign.

**Options**
Jump Sturdy has no options: every game is played by the rules above.",
];
