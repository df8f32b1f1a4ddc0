//! A tournament's record as text, attached to `/tournament show`: headers in the shape of
//! a game record's (`[Tournament "T3"]`), the players in seed order, every round's
//! pairings with their results and game numbers, then the standings with their tie-breaks.
//! Plain and English-keyed like `/history`'s record, so a club can keep it, paste it into a
//! spreadsheet or check the standings by hand; each game it names can be fetched with
//! `/history #N`.

use std::fmt::Write as _;

use crate::i18n::Lang;
use crate::play::tournaments::phase_word;
use crate::render::standings::{decimal, points_text};
use crate::store::{TournamentRecord, UserId};
use crate::tournament::event::Format;
use crate::tournament::standings::{ranks, TieBreaks};
use crate::tournament::Pairing;

/// The record of `record` as text.
#[must_use]
pub fn tournament_text(record: &TournamentRecord) -> String {
    let event = &record.event;
    let name = |entrant: usize| record.name_of(UserId(event.players[entrant]));
    let mut out = String::new();
    let mut header = |key: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{key} \"{value}\"]");
    };
    header("Tournament", &format!("T{}", record.id));
    header("Game", record.kind.name());
    let (format, tie_breaks) = match event.format {
        Format::RoundRobin { double: false } => ("round-robin".to_owned(), TieBreaks::RoundRobin),
        Format::RoundRobin { double: true } => {
            ("double round-robin".to_owned(), TieBreaks::RoundRobin)
        }
        Format::Tables { seats } => (
            format!("round-robin at tables of {seats}"),
            TieBreaks::RoundRobin,
        ),
        Format::Swiss { rounds } => (format!("swiss {rounds} rounds"), TieBreaks::Swiss),
    };
    header("Format", &format);
    if event.at_once {
        header("Rounds", "all at once");
    }
    header("Options", &record.options.join(" "));
    if let Some(days) = record.days {
        header("Days", &days.to_string());
    }
    header("Rated", if record.rated { "yes" } else { "no" });
    header("Host", record.name_of(record.host));
    header("Status", phase_word(event.phase));
    header("Created", &crate::calendar::utc(record.created));
    let _ = writeln!(out, "\nPlayers (seeded)");
    for (entrant, _) in event.players.iter().enumerate() {
        let left = if event.has_left(entrant) {
            " (withdrew)"
        } else {
            ""
        };
        let _ = writeln!(out, "{}. {}{left}", entrant + 1, name(entrant));
    }
    for (r, round) in event.rounds.iter().enumerate() {
        let _ = writeln!(out, "\nRound {}", r + 1);
        let games = record.games.get(r);
        for (i, (pairing, result)) in round.pairings.iter().zip(&round.results).enumerate() {
            let seats: Vec<&str> = pairing.entrants().iter().map(|&e| name(e)).collect();
            let line = match (pairing, result) {
                (Pairing::Bye(_), Some(outcome)) => {
                    format!("{} bye {}", seats[0], points_text(outcome.points[0]))
                }
                (_, Some(outcome)) => {
                    let points: Vec<String> =
                        outcome.points.iter().map(|&p| points_text(p)).collect();
                    let forfeit = if outcome.played { "" } else { " forfeit" };
                    format!("{} {}{forfeit}", seats.join(" - "), points.join("-"))
                }
                (_, None) => format!("{} *", seats.join(" - ")),
            };
            let game = games
                .and_then(|row| row.get(i).copied().flatten())
                .map(|g| format!(" #{g}"))
                .unwrap_or_default();
            let _ = writeln!(out, "{}. {line}{game}", i + 1);
        }
    }
    let labels: &[&str] = match tie_breaks {
        TieBreaks::RoundRobin => &["SB"],
        TieBreaks::Swiss => &["Buchholz", "Median"],
    };
    let _ = writeln!(out, "\nStandings");
    let lines = event.standings();
    for (place, line) in ranks(&lines).into_iter().zip(&lines) {
        let breaks: Vec<String> = labels
            .iter()
            .zip(&line.tie_breaks)
            .map(|(label, value)| format!("{label} {}", decimal(Lang::En, *value)))
            .collect();
        let _ = writeln!(
            out,
            "{place}. {} {} {}",
            name(line.entrant),
            points_text(line.score),
            breaks.join(" ")
        );
    }
    out
}
