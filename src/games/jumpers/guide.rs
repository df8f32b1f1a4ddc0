//! `/rules jumpers`: the teaching text, one Discord message per page.
//!
//! Each page is whole sentences (they will be translated as they stand), at most about 1,900
//! characters so the page header and footer still fit in Discord's 2,000. Every move written
//! here is replayed in the engine by `tests/rules_texts.rs`.

/// The pages of `/rules jumpers`, in reading order.
pub const GUIDE: &[&str] = &[
    "\
**The aim**
Jumpers is a race for two players, White and Black, on a board of hexagonal cells. Nothing is \
ever captured: pieces jump, land on top of other pieces and build stacks. You win by landing a \
piece on one of your opponent's gates.

**The board and its names**
On the picture White's side is on the left and Black's on the right. The board has 9 columns, \
numbered 1 to 9 from White's side to Black's, and the cells of each column are lettered from the \
top. Every cell shows its name on the picture, like e3.
Two cells touch when they are two letters apart in the same column, or one letter apart in \
neighbouring columns. So c1 touches e1, b2 and d2, and e3 touches c3, g3, d2, f2, d4 and f4. \
These are the six directions a piece can go: up or down its column, or diagonally into the next \
column, one letter up or down.

**The gates**
On the default board White's gates are the three cells of column 1 (c1, e1 and g1), Black's the three cells of column \
9 (c9, e9 and g9). They are drawn with a gate mark.

**The pieces**
Each player has Smalls (S), Mediums (M) and Bigs (B). On the default board White's 3 Smalls start on the gates in \
column 1, the 4 Mediums in column 2 and the 5 Bigs in column 3; Black's start the same way in \
columns 9, 8 and 7. White moves first.",
    "\
**A move**
On your turn you move one of your pieces that is on top of its stack. It jumps exactly its \
length in a straight line, in one of the six directions, and lands on top of whatever is there: \
an empty cell, or a stack of your pieces or your opponent's. A piece under another one cannot \
move until the top one leaves.
How tall a stack a piece may jump over or land on depends on its kind:
• A Small jumps exactly 1 cell, and it may land on a stack of at most 3 pieces.
• A Medium jumps exactly 2 cells. The cell it jumps over and the cell it lands on may each hold \
at most 2 pieces.
• A Big jumps exactly 3 cells. The two cells it jumps over and the cell it lands on may each \
hold at most 1 piece.
Every cell on the way must be on the board; empty cells are always fine.

**How moves are written**
A move is the cell the piece starts on, a dash and the cell it lands on, like e3-h6. Type it \
with /move move:e3-h6, or press the Move button under the board and pick the piece and its \
landing cell.

**A worked example** (from the start)
White plays e3-h6: the Big on e3 jumps diagonally over the empty cells f4 and g5 and lands on \
h6. It now threatens h6-e9, a jump over g7 and f8, where one Black piece stands on each, onto \
e9, a Black gate.
Black defends with e9-f8: the Small on e9 jumps onto the Medium on f8, and a Big may not jump \
over a stack of 2 pieces. Had Black played something else, like c9-d8, White would play h6-e9 \
and win.",
    "\
**Winning**
You win the moment one of your pieces lands on any of your opponent's gates, whether the gate \
is empty or not.
If you have no legal move, you pass with /move move:pass. If neither player can move, or the \
same position comes up for the third time with the same player to move, the game is a draw. \
You may also offer a draw with /draw or give up with /resign.

**Options**
Add options to your challenge, like /play game:jumpers board:far. Without options you play \
with `board:near` and `goal:short`, and without the other rules below.
• `board:near`: the gates sit side by side at the ends of the board, which suits a first game. \
`board:far`: the gates are at the corners and in the middle of each end (a1, e1 and i1 for \
White, a9, e9 and i9 for Black), and the middle column is only 3 cells wide, so the Bigs must \
go through the centre.
• `goal:short`: landing on one enemy gate wins. `goal:long`: you win when your pieces are on \
top of all three enemy gates at once.
• `step:on`: besides its jump, a piece may step to a touching cell that holds exactly as many \
pieces as there are under it, so it stays at its height: from the ground to an empty cell, or \
from the top of 2 pieces onto another stack of 2.
• `crawlers:S`, `crawlers:S,M`, and so on: the kinds you name crawl instead of jumping. A \
crawler moves 1 cell up to its length in a straight line, walking over the tops of the stacks: \
each stack it enters may hold at most 1 piece more or 1 piece fewer than there are under the \
crawler, so a crawler on the ground may enter empty cells and single pieces.
• `height:relative`: a jumper's limit counts from its own height, so a Big on top of 2 pieces \
may jump over and land on stacks of up to 3. A jumper may always come down.",
];
