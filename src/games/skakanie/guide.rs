//! `/rules skakanie`: the teaching text, one Discord message per page.
//!
//! Each page is whole sentences (they will be translated as they stand), at most about 1,900
//! characters so the page header and footer still fit in Discord's 2,000. Every turn and score
//! written here is replayed in the engine by `tests/rules_texts.rs`.

/// The pages of `/rules skakanie`, in reading order.
pub const GUIDE: &[&str] = &[
    "\
**The aim**
Skakanie is a game for 2 to 4 players. A picture is cut into 96 puzzle pieces, and each player \
collects pieces. You want the pieces you collect to fit together into one big part of the \
picture.

**The table**
The pieces are shuffled and dealt face down into 12 stacks of 8, laid out in 3 rows of 4 \
stacks. The top piece of every stack is face up, so everybody can see it. Each player has a \
pawn and is called by its colour: Red starts on the top left stack, Blue on the top right, Green \
on the bottom right and Yellow on the bottom left. Who gets which colour is drawn when the game \
starts, and Red plays first, then Blue, Green and Yellow.

**A turn**
On your turn you make exactly 3 actions, in any order and mix:
• take: put the face-up piece of the stack your pawn stands on into your pool. The next piece of \
that stack turns face up.
• up, down, left or right: move your pawn to the next stack in that direction.
Several pawns may stand on the same stack. Type a whole turn at once, like /move move:take \
right take, or press the buttons under the board one action at a time.

**A worked example**
Red, on the top left stack, plays take right take: she takes the face-up piece of her stack, \
moves her pawn to the second stack of the top row and takes the face-up piece there. Her 3 \
actions are used up, and the next player moves.",
    "\
**Empty stacks**
The stacks of a row always sit at its left end. When the last piece of a stack is taken, the \
stacks to its right slide one place to the left. A pawn on the emptied stack stays where it is \
if a stack slid under it, and otherwise moves to the new last stack of its row. When a whole \
row is emptied, the rows below it move up, and its pawns go to the same place in the row that \
took its place, or as near to it as that row reaches. Up and down go to the same place in the \
next row, so they are refused where that row is too short.

**The end and the score**
When 4 or fewer stacks are left after a turn, the round is played out, so that everybody has \
had the same number of turns, and then the game ends.
The pieces in your pool form fragments: groups of pieces that join up side by side in the \
picture. Your score is the size of your largest fragment minus 1 for every other fragment. The \
highest score wins, and equal scores share the win. For example, fragments of 10, 4, 3, 1 and 1 \
pieces score 10 − 4 = 6.",
    "\
**Options**
Add options to your challenge, like /play game:skakanie actions:4. Without options every turn \
has 3 actions, the pawns start on their corners and scores are counted as on page 2.
• `actions:4`, `actions:5` or `actions:6`: every turn has that many actions.
• `handicap:@ola:5`: one player, here ola, gets another number of actions per turn, from 1 to \
9. Separate several players with commas.
• `bury:on`: adds the action bury, which puts the face-up piece at the bottom of its stack and \
turns up the next one (not on a stack of one piece).
• `pass:on`: you may end your turn early with pass.
• `start:same-corner`: every pawn starts on the top left stack.
• `score:harsh`: other fragments of a single piece cost 2 points each, larger ones 1 point; the \
example of fragments of 10, 4, 3, 1 and 1 pieces then scores 10 − 1 − 1 − 2 − 2 = 4.
• `players:3`: a table open to anyone starts by itself when 3 players have joined, instead of \
4. Its host may also /start it earlier with 2 or more.",
];
