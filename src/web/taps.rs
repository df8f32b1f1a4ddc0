//! The legal moves of the player to move, as the taps that choose each: the places it
//! touches, in the order a player taps them (a piece, where it goes, where a displaced
//! Gygès piece is dropped), named as the picture's spots are named. The page knows no
//! rules: it lights up the next taps of the moves that still fit, and plays the move whose
//! taps are all made. A move that touches no place (a pass, a Skakanie action) is a button.
//!
//! A Gygès piece still in hand is tapped as its picture beside the board (`hand-2`, see
//! [`hand_spot`]), before or after the square it goes to: both orders choose the move.
//! Each move says what kind of taps it is made of ([`Kind`]), so the page can say what the
//! next tap does (the displacement's third tap above all).

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
    /// What its taps are, for the page's word on the next one.
    pub kind: Kind,
}

/// What a move's taps are, in order: the page says what the next tap does by the kinds of
/// the moves that still fit (see [`hints`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A piece, then where it goes.
    Move,
    /// A Gygès piece, where it goes (an occupied square), then where the piece it
    /// displaces goes.
    Displace,
    /// A piece in hand, then the square it is placed on.
    Place,
    /// A square, then the piece in hand placed on it.
    PlaceAt,
    /// Nothing to tap: a button.
    Button,
}

impl Kind {
    const ALL: [Self; 5] = [
        Self::Move,
        Self::Displace,
        Self::Place,
        Self::PlaceAt,
        Self::Button,
    ];

    /// The catalogue's words for each tap after the first: what the next tap does.
    fn next_taps(self) -> &'static [&'static str] {
        match self {
            Self::Move => &["web-hint-where"],
            Self::Displace => &["web-hint-where", "web-hint-drop"],
            Self::Place => &["web-hint-square"],
            Self::PlaceAt => &["web-hint-piece"],
            Self::Button => &[],
        }
    }
}

/// What the page says after each tap of a move of each kind, in `lang`: entry `k` of a
/// kind's list is said once `k + 1` taps are made.
#[must_use]
pub fn hints(lang: Lang) -> Vec<(Kind, Vec<String>)> {
    Kind::ALL
        .into_iter()
        .map(|kind| {
            let words = kind
                .next_taps()
                .iter()
                .map(|id| crate::i18n::text(lang, id))
                .collect();
            (kind, words)
        })
        .collect()
}

/// The name of the tap target of a Gygès piece of `size` in hand.
#[must_use]
pub fn hand_spot(size: u8) -> String {
    format!("hand-{size}")
}

/// Every legal move of the player to move in `game`, as taps; nothing once it is over.
#[must_use]
pub fn choices(game: &AnyGame, lang: Lang) -> Vec<Choice> {
    if game.outcome().is_finished() {
        return Vec::new();
    }
    let tapped = match game {
        AnyGame::Jumpers(g) => each(g.legal_moves(), |mv| match mv {
            JumpersMove::Go { from, to } => vec![move_taps([from.to_string(), to.to_string()])],
            JumpersMove::Pass => vec![button()],
        }),
        AnyGame::Gyges(g) => each(g.legal_moves(), |mv| match *mv {
            // The piece in hand and the square, in either order.
            GygesMove::Place { size, square } => vec![
                (Kind::Place, vec![hand_spot(size), square.to_string()]),
                (Kind::PlaceAt, vec![square.to_string(), hand_spot(size)]),
            ],
            GygesMove::Go { from, to, drop } => {
                let to = match to {
                    Target::Square(square) => square.to_string(),
                    Target::Goal => "goal".to_owned(),
                };
                match drop {
                    Some(drop) => {
                        vec![(Kind::Displace, vec![from.to_string(), to, drop.to_string()])]
                    }
                    None => vec![move_taps([from.to_string(), to])],
                }
            }
            GygesMove::Pass => vec![button()],
        }),
        AnyGame::JumpSturdy(g) => each(g.legal_moves(), |mv| {
            vec![move_taps([mv.from.to_string(), mv.to.to_string()])]
        }),
        AnyGame::Skakanie(_) => each(game.legal_moves(), |_| vec![button()]),
    };
    tapped
        .into_iter()
        .map(|(text, (kind, taps))| {
            let label = if taps.is_empty() {
                action_label(lang, &text)
            } else {
                text.clone()
            };
            Choice {
                text,
                taps,
                label,
                kind,
            }
        })
        .collect()
}

/// A piece, then where it goes.
fn move_taps(taps: [String; 2]) -> (Kind, Vec<String>) {
    (Kind::Move, taps.into())
}

/// A move chosen by its button.
fn button() -> (Kind, Vec<String>) {
    (Kind::Button, Vec::new())
}

/// Each move in notation with each way of tapping it.
fn each<M: std::fmt::Display>(
    moves: Vec<M>,
    ways: impl Fn(&M) -> Vec<(Kind, Vec<String>)>,
) -> Vec<(String, (Kind, Vec<String>))> {
    moves
        .iter()
        .flat_map(|mv| {
            let text = mv.to_string();
            ways(mv).into_iter().map(move |way| (text.clone(), way))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    /// Over random games of each kind: every legal move is offered, each way of tapping it
    /// is one no other move shares, a move's kind says how many taps it takes, and each
    /// tap after the first has its word (so the page can always say what the next does).
    #[test]
    fn every_move_is_offered_once_per_way_and_each_tap_has_its_word() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for kind in GameKind::ALL {
            for _ in 0..4 {
                let mut game = AnyGame::new(kind, &[], None).unwrap();
                for _ in 0..60 {
                    let choices = choices(&game, Lang::En);
                    let legal: std::collections::BTreeSet<String> =
                        game.legal_moves().iter().map(ToString::to_string).collect();
                    let offered: std::collections::BTreeSet<String> =
                        choices.iter().map(|c| c.text.clone()).collect();
                    assert_eq!(offered, legal, "{kind:?}");
                    let mut ways = std::collections::HashMap::new();
                    for choice in choices.iter().filter(|c| !c.taps.is_empty()) {
                        let earlier = ways.insert(choice.taps.clone(), choice.text.clone());
                        assert!(earlier.is_none(), "{kind:?}: {:?} twice", choice.taps);
                        let words = choice.kind.next_taps().len();
                        assert_eq!(words + 1, choice.taps.len(), "{kind:?} {choice:?}");
                    }
                    for choice in choices.iter().filter(|c| c.taps.is_empty()) {
                        assert_eq!(choice.kind, Kind::Button, "{kind:?}");
                    }
                    let moves = game.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    game.play(&moves[(seed % moves.len() as u64) as usize].clone())
                        .unwrap();
                }
            }
        }
        for (kind, words) in hints(Lang::Ru) {
            assert_eq!(words.len(), kind.next_taps().len());
            assert!(words
                .iter()
                .all(|w| !w.is_empty() && !w.starts_with("web-")));
        }
    }
}
