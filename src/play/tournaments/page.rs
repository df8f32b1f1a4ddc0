//! A tournament as its web page shows it: the title, standings (with a crosstable where
//! the Discord picture has one), and every round's pairings with their games, in the
//! reader's words, as data. The web front end lays it out; the words and the places are
//! the same as the standings post's ([`Play::standings_reply`] and this share
//! [`headline`]), so the page and the post cannot contradict each other.

use serde::Serialize;

use crate::i18n::{self, Lang};
use crate::play::core::Play;
use crate::render::standings::{decimal, points_text, MOST_CROSSED};
use crate::store::{Store, StoreError, TournamentId, TournamentRecord, UserId};
use crate::tournament::event::{Format, Phase};
use crate::tournament::standings::{ranks, TieBreaks};
use crate::tournament::Pairing;

use super::{phase_word, rounds_over};

/// A tournament's page.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentView {
    /// Its number.
    pub id: u64,
    /// "Tournament #3 · Jumpers".
    pub title: String,
    /// Where it stands: "after round 2 of 5 · running".
    pub subtitle: String,
    /// Its lines of news: the one-line summary, that it ended early, who won (as Discord
    /// writes them: `**` around what is bold).
    pub notes: Vec<String>,
    /// The standings' column headings: place, player, (each crossed opponent's place,)
    /// points, tie-breaks.
    pub columns: Vec<String>,
    /// Whether each line carries its results against every other line (a round-robin of
    /// at most [`MOST_CROSSED`] players, as the picture does).
    pub crossed: bool,
    /// The standings, best first.
    pub lines: Vec<StandingView>,
    /// Every round begun, the latest first.
    pub rounds: Vec<RoundView>,
}

/// One line of the standings.
#[derive(Clone, Debug, Serialize)]
pub struct StandingView {
    /// Its place (shared when level on points and every tie-break: 1, 2, 2, 4).
    pub place: usize,
    /// The player's name.
    pub name: String,
    /// The player's number on Discord: their page's address.
    pub user: u64,
    /// Whether they withdrew.
    pub withdrawn: bool,
    /// With [`TournamentView::crossed`]: the results against each line, in the lines'
    /// order ("1", "½ 0", "+"; empty while unplayed; none against themself).
    pub cells: Vec<Option<String>>,
    /// Points, as players write them ("3½").
    pub points: String,
    /// The tie-breaks, in the reader's decimals.
    pub tie_breaks: Vec<String>,
}

/// One round.
#[derive(Clone, Debug, Serialize)]
pub struct RoundView {
    /// "Round 2".
    pub title: String,
    /// Whether all its games are over.
    pub over: bool,
    /// Its pairings.
    pub pairings: Vec<PairingView>,
}

/// One pairing of a round.
#[derive(Clone, Debug, Serialize)]
pub struct PairingView {
    /// The players, in seat order.
    pub names: Vec<String>,
    /// The game made for it (none for a bye, or until made): its page's number.
    pub game: Option<u64>,
    /// Its result ("1–0", "bye"), or nothing while it is played.
    pub result: String,
}

/// The words a tournament's standings post and page both lead with.
pub(super) struct Headline {
    /// "Tournament #3 · Jumpers".
    pub title: String,
    /// "after round 2 of 5 · running".
    pub subtitle: String,
    /// That it ended early, when it did.
    pub ended_early: Option<String>,
    /// Who won, once it is over.
    pub winner: Option<String>,
}

/// Each entrant's name, in seed order (the standings' `entrant` numbers index it).
pub(super) fn entrant_names(record: &TournamentRecord) -> Vec<String> {
    record
        .event
        .players
        .iter()
        .map(|&p| record.name_of(UserId(p)).to_owned())
        .collect()
}

/// The [`Headline`] of `record` in `lang`, the players named as `names` (seed order).
pub(super) fn headline(record: &TournamentRecord, names: &[String], lang: Lang) -> Headline {
    let event = &record.event;
    let title = i18n::text_with(
        lang,
        "tournament-title",
        &[
            ("tournament", record.id.0.into()),
            ("kind", record.kind.into()),
        ],
    );
    let subtitle = i18n::text_with(
        lang,
        "tournament-after",
        &[
            ("round", rounds_over(record).into()),
            ("of", event.round_count().into()),
            ("phase", phase_word(event.phase).into()),
        ],
    );
    let ended_early = event.ended_early().then(|| {
        let left = event.withdrawn.iter().filter(|&&gone| !gone).count();
        i18n::text_with(
            lang,
            "tournament-ended-early",
            &[
                ("tournament", record.id.0.into()),
                ("next", (event.rounds.len() + 1).into()),
                ("count", left.into()),
                ("round", event.rounds.len().into()),
                ("of", event.round_count().into()),
            ],
        )
    });
    let lines = event.standings();
    let winner = match (event.phase, lines.first()) {
        (Phase::Finished, Some(first)) => {
            let winners: Vec<&str> = lines
                .iter()
                .zip(ranks(&lines))
                .filter(|(_, rank)| *rank == 1)
                .map(|(l, _)| names[l.entrant].as_str())
                .collect();
            Some(i18n::text_with(
                lang,
                "tournament-winner",
                &[
                    ("names", winners.join(", ").into()),
                    ("count", winners.len().into()),
                    ("points", points_text(first.score).into()),
                ],
            ))
        }
        _ => None,
    };
    Headline {
        title,
        subtitle,
        ended_early,
        winner,
    }
}

/// Which tie-breaks a tournament's standings hold, and their headings' message ids.
pub(super) fn tie_breaks(format: Format) -> (TieBreaks, &'static [&'static str]) {
    match format {
        Format::Swiss { .. } => (
            TieBreaks::Swiss,
            &["tournament-column-buchholz", "tournament-column-median"],
        ),
        _ => (TieBreaks::RoundRobin, &["tournament-column-sb"]),
    }
}

/// Whether the standings carry a crosstable: a round-robin of two-player games, small
/// enough for a column per player.
pub(super) fn crossed(record: &TournamentRecord) -> bool {
    !matches!(
        record.event.format,
        Format::Swiss { .. } | Format::Tables { .. }
    ) && record.event.players.len() <= MOST_CROSSED
}

impl<S: Store> Play<S> {
    /// The page of tournament `id`, in `lang`.
    ///
    /// # Errors
    /// No such tournament, or the store failed.
    pub fn tournament_view(
        &self,
        id: TournamentId,
        lang: Lang,
    ) -> Result<TournamentView, StoreError> {
        let record = self.store.tournament(id)?;
        let event = &record.event;
        let names = entrant_names(&record);
        let Headline {
            title,
            subtitle,
            ended_early,
            winner,
        } = headline(&record, &names, lang);
        let notes = std::iter::once(self.summary(&record, lang))
            .chain(ended_early)
            .chain(winner)
            .collect();
        let crossed = crossed(&record);
        let (_, breaks) = tie_breaks(event.format);
        let lines = event.standings();
        let crosstable = event.crosstable();
        let columns = ["#".to_owned(), i18n::text(lang, "tournament-column-player")]
            .into_iter()
            .chain(
                (1..=lines.len())
                    .filter(|_| crossed)
                    .map(|place| place.to_string()),
            )
            .chain(std::iter::once(i18n::text(
                lang,
                "tournament-column-points",
            )))
            .chain(breaks.iter().map(|id| i18n::text(lang, id)))
            .collect();
        let standings = lines
            .iter()
            .zip(ranks(&lines))
            .map(|(line, place)| StandingView {
                place,
                name: names[line.entrant].clone(),
                user: event.players[line.entrant],
                withdrawn: event.withdrawn.get(line.entrant).copied().unwrap_or(false),
                cells: if crossed {
                    lines
                        .iter()
                        .map(|other| {
                            (other.entrant != line.entrant).then(|| {
                                crosstable
                                    .get(line.entrant)
                                    .and_then(|row| row.get(other.entrant))
                                    .map_or_else(String::new, |games| {
                                        crate::render::standings::cell_text(games)
                                    })
                            })
                        })
                        .collect()
                } else {
                    Vec::new()
                },
                points: points_text(line.score),
                tie_breaks: line.tie_breaks.iter().map(|&v| decimal(lang, v)).collect(),
            })
            .collect();
        let rounds = event
            .rounds
            .iter()
            .zip(&record.games)
            .enumerate()
            .rev()
            .map(|(r, (round, made))| RoundView {
                title: i18n::text_with(lang, "tournament-round", &[("round", (r + 1).into())]),
                over: round.is_over(),
                pairings: round
                    .pairings
                    .iter()
                    .zip(&round.results)
                    .zip(made)
                    .map(|((pairing, result), game)| PairingView {
                        names: pairing
                            .entrants()
                            .iter()
                            .map(|&e| names[e].clone())
                            .collect(),
                        game: game.map(|g| g.0),
                        result: match (pairing, result) {
                            (Pairing::Bye(_), _) => i18n::text(lang, "tournament-bye"),
                            (_, Some(outcome)) => outcome
                                .points
                                .iter()
                                .map(|&p| points_text(p))
                                .collect::<Vec<_>>()
                                .join("–"),
                            (_, None) => String::new(),
                        },
                    })
                    .collect(),
            })
            .collect();
        Ok(TournamentView {
            id: record.id.0,
            title,
            subtitle,
            notes,
            columns,
            crossed,
            lines: standings,
            rounds,
        })
    }
}
