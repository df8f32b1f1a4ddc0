//! The legal moves of the player to move, as the taps that choose each: the places it
//! touches, in the order a player taps them (a piece, where it goes, where a displaced
//! Gygès piece is dropped), named as the picture's spots are named. The page knows no
//! rules: it lights up the next taps of the moves that still fit, and plays the move whose
//! taps are all made. A move that touches no place (a pass, a Skakanie action) is a button.

use serde::Serialize;

use crate::games::gyges::{Move as GygesMove, Target};
use crate::games::jumpers::Move as JumpersMove;
use crate::games::AnyGame;
use crate::i18n::Lang;
use crate::play::action_label;

/// One legal move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The move in the game's notation: what the page sends back to play it.
    pub text: String,
    /// The places tapped to choose it; empty for a button.
    pub taps: Vec<String>,
    /// What its button says, when it is one (or when several moves share their taps).
    pub label: String,
}

/// Every legal move of the player to move in `game`, as taps; nothing once it is over.
#[must_use]
pub fn choices(game: &AnyGame, lang: Lang) -> Vec<Choice> {
    if game.outcome().is_finished() {
        return Vec::new();
    }
    let tapped = match game {
        AnyGame::Jumpers(g) => each(g.legal_moves(), |mv| match mv {
            JumpersMove::Go { from, to } => vec![from.to_string(), to.to_string()],
            JumpersMove::Pass => Vec::new(),
        }),
        AnyGame::Gyges(g) => each(g.legal_moves(), |mv| match *mv {
            // The square first: the sizes that may go there are then buttons.
            GygesMove::Place { square, .. } => vec![square.to_string()],
            GygesMove::Go { from, to, drop } => {
                let to = match to {
                    Target::Square(square) => square.to_string(),
                    Target::Goal => "goal".to_owned(),
                };
                [from.to_string(), to]
                    .into_iter()
                    .chain(drop.map(|square| square.to_string()))
                    .collect()
            }
            GygesMove::Pass => Vec::new(),
        }),
        AnyGame::JumpSturdy(g) => each(g.legal_moves(), |mv| {
            vec![mv.from.to_string(), mv.to.to_string()]
        }),
        AnyGame::Skakanie(_) => each(game.legal_moves(), |_| Vec::new()),
    };
    tapped
        .into_iter()
        .map(|(text, taps)| {
            let label = if taps.is_empty() {
                action_label(lang, &text)
            } else {
                text.clone()
            };
            Choice { text, taps, label }
        })
        .collect()
}

/// Each move in notation with its taps.
fn each<M: std::fmt::Display>(
    moves: Vec<M>,
    taps: impl Fn(&M) -> Vec<String>,
) -> Vec<(String, Vec<String>)> {
    moves.iter().map(|mv| (mv.to_string(), taps(mv))).collect()
}
