//! What the page writes beside each player's name, above and below its board: the facts
//! the picture's panels draw (a Gygès hand, which row each side moves from, Jump Sturdy's
//! men, a Skakanie score and pieces), made by the drawers' own functions, so the page and
//! the picture never say two things.

use crate::games::gyges::Side;
use crate::games::jump_sturdy::Color;
use crate::games::{AnyGame, Seat};
use crate::i18n::{self, Lang};

use super::canvas::Colour;

/// One seat's facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatFacts {
    /// Its colours (face, rim), as its pieces and the disc beside its name are drawn.
    pub marks: (Colour, Colour),
    /// Its side in the reader's words ("White", "Biali").
    pub side: String,
    /// A line of facts ("12 men", "score 3 · 5 pieces…"); empty when there is none.
    pub words: String,
    /// The sizes of the Gygès pieces it still has to place, smallest first.
    pub hand: Vec<u8>,
}

/// Each seat's facts in `game`, seat order, in `lang`.
#[must_use]
pub fn seat_facts(game: &AnyGame, lang: Lang) -> Vec<SeatFacts> {
    let marks = super::seat_marks(game);
    (0..game.seat_count())
        .filter_map(|s| u8::try_from(s).ok())
        .map(Seat)
        .map(|seat| {
            let (words, hand) = facts_of(game, seat, lang);
            SeatFacts {
                marks: marks[seat.index() % marks.len()],
                side: i18n::side_name(lang, &game.seat_name(seat)),
                words,
                hand,
            }
        })
        .collect()
}

/// The words and the hand of `seat`.
fn facts_of(game: &AnyGame, seat: Seat, lang: Lang) -> (String, Vec<u8>) {
    match game {
        AnyGame::Jumpers(_) => (String::new(), Vec::new()),
        AnyGame::Gyges(g) => {
            let side = [Side::South, Side::North][seat.index() % 2];
            let position = g.position();
            if position.placing() {
                let hand = position.hand(side);
                let sizes = (1..=3u8)
                    .flat_map(|size| {
                        std::iter::repeat_n(size, usize::from(hand[usize::from(size - 1)]))
                    })
                    .collect();
                (String::new(), sizes)
            } else if position.in_goal().is_some() {
                (String::new(), Vec::new())
            } else {
                let row = position.moving_row(side);
                (super::gyges::row_words(lang, side, row), Vec::new())
            }
        }
        AnyGame::JumpSturdy(g) => {
            let color = [Color::Blue, Color::Red][seat.index() % 2];
            let count = g.position().count_men(color);
            (super::jump_sturdy::men_words(lang, count), Vec::new())
        }
        AnyGame::Skakanie(g) => {
            let (score, pieces) = super::skakanie::seat_words(g.position(), seat, lang);
            let words = match score {
                Some(score) => format!("{score} · {pieces}"),
                None => pieces,
            };
            (words, Vec::new())
        }
    }
}
