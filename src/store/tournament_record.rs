//! The tournament record: a [`Tournament`] as the store keeps it, with what the play layer
//! needs beside the pure value (the game and its options, where it is played, who hosts it,
//! the players' names, the games made for each pairing), and its versioned encoding.

use serde::{Deserialize, Serialize};

use super::record::{kind_name, GameId, Place, TournamentId, UserId, FORGOTTEN_NAME};
use super::StoreError;
use crate::games::GameKind;
use crate::tournament::event::{Format, Phase, Tournament};
use crate::tournament::Pairing;

/// The layout this release writes for tournaments (see [`super::SCHEMA_VERSION`] for games).
/// Version 2 keeps a Swiss's rounds in one number, its format's; version 1 kept the rounds
/// asked there and the rounds played beside it (`swiss_rounds`), and is migrated on reading.
pub const TOURNAMENT_SCHEMA: u32 = 2;

/// The most players a tournament takes: a Swiss of this many still pairs in well under a
/// second, and a round's games fit the store's and Discord's pace.
pub const MAX_TOURNAMENT_PLAYERS: usize = 128;

/// When a tournament that is taking players begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Start {
    /// When its host says `/tournament start`.
    Host,
    /// As soon as its last place is taken (or when the host starts it before).
    WhenFull,
    /// At this time (unix milliseconds), or when the host starts it before.
    At(u64),
}

/// Everything the bot keeps about one tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentRecord {
    /// Its number (0 until stored).
    pub id: TournamentId,
    /// The game played.
    #[serde(with = "kind_name")]
    pub kind: GameKind,
    /// The game's options, as canonical `key=value` pairs, for every game of it.
    pub options: Vec<String>,
    /// Days per move of its games, if they are played on time.
    pub days: Option<u8>,
    /// Whether its games change ratings.
    pub rated: bool,
    /// Where it was made: its posts and its games (or their threads) go there.
    pub place: Place,
    /// Who made it: they may start, cancel and remove players.
    pub host: UserId,
    /// Every player who ever joined, with the name they joined under (for pictures and
    /// lists); players who left before the start stay here, harmlessly.
    pub names: Vec<(UserId, String)>,
    /// When it begins.
    pub start: Start,
    /// The tournament itself: players, rounds, results.
    pub event: Tournament,
    /// For each round begun, the game made for each pairing (`None` for a bye, or until
    /// made).
    pub games: Vec<Vec<Option<GameId>>>,
    /// When it was made, unix milliseconds.
    pub created: u64,
    /// When it last changed, unix milliseconds.
    pub updated: u64,
    /// Bumped by every write: the compare-and-swap token.
    pub version: u64,
}

#[derive(Serialize)]
struct EnvelopeRef<'a> {
    schema: u32,
    tournament: &'a TournamentRecord,
}

#[derive(Deserialize)]
struct Header {
    schema: u32,
}

#[derive(Deserialize)]
struct Envelope {
    tournament: TournamentRecord,
}

/// Schema 1 to 2: a started Swiss's rounds played (`swiss_rounds`, 0 before the start)
/// become its format's one number.
fn one_swiss_number(event: &mut serde_json::Value) {
    let Some(played) = event
        .get("swiss_rounds")
        .and_then(serde_json::Value::as_u64)
    else {
        return;
    };
    if let Some(rounds) = event.pointer_mut("/format/Swiss/rounds") {
        if played > 0 {
            *rounds = played.into();
        }
    }
    if let Some(fields) = event.as_object_mut() {
        fields.remove("swiss_rounds");
    }
}

impl TournamentRecord {
    /// Whether the tournament still needs the scheduler: taking players or playing.
    #[must_use]
    pub fn is_live(&self) -> bool {
        matches!(self.event.phase, Phase::Open | Phase::Running)
    }

    /// The number its listings are kept under: its server, else (the console, a direct
    /// message) its channel.
    #[must_use]
    pub fn scope(&self) -> u64 {
        self.place.guild.map_or(self.place.channel.0, |g| g.0)
    }

    /// Puts `anonymous` and [`FORGOTTEN_NAME`] in place of `user` (`/forget-me`), as their
    /// finished games do: the tournament's results and standings stay as they were, naming
    /// a former player. Whether it named them.
    pub fn forget(&mut self, user: UserId, anonymous: UserId) -> bool {
        let named = self.mentions(user);
        for player in &mut self.event.players {
            if *player == user.0 {
                *player = anonymous.0;
            }
        }
        for (id, name) in &mut self.names {
            if *id == user {
                *id = anonymous;
                FORGOTTEN_NAME.clone_into(name);
            }
        }
        if self.host == user {
            self.host = anonymous;
        }
        named
    }

    /// Whether `user` is named anywhere in the tournament: as a player, by the name they
    /// joined under, or as its host.
    #[must_use]
    pub fn mentions(&self, user: UserId) -> bool {
        self.event.players.contains(&user.0)
            || self.names.iter().any(|(id, _)| *id == user)
            || self.host == user
    }

    /// The name a player joined under.
    #[must_use]
    pub fn name_of(&self, user: UserId) -> &str {
        self.names
            .iter()
            .find(|(id, _)| *id == user)
            .map_or("?", |(_, name)| name)
    }

    /// The record's bytes, tagged with [`TOURNAMENT_SCHEMA`].
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(&EnvelopeRef {
            schema: TOURNAMENT_SCHEMA,
            tournament: self,
        })
        .expect("a tournament always serialises")
    }

    /// Reads a record and checks that it hangs together ([`TournamentRecord::check`]).
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for bytes that are not a sound tournament,
    /// [`StoreError::UnknownSchema`] for a newer release's.
    pub fn decode(id: TournamentId, bytes: &[u8]) -> Result<Self, StoreError> {
        let corrupt = |reason: String| StoreError::Corrupt {
            id: GameId(0),
            reason: format!("tournament T{id}: {reason}"),
        };
        let header: Header = serde_json::from_slice(bytes).map_err(|e| corrupt(e.to_string()))?;
        let envelope: Envelope = match header.schema {
            1 => {
                let mut value: serde_json::Value =
                    serde_json::from_slice(bytes).map_err(|e| corrupt(e.to_string()))?;
                one_swiss_number(&mut value["tournament"]["event"]);
                serde_json::from_value(value)
            }
            TOURNAMENT_SCHEMA => serde_json::from_slice(bytes),
            found => {
                return Err(StoreError::UnknownSchema {
                    id: GameId(0),
                    found,
                })
            }
        }
        .map_err(|e| corrupt(e.to_string()))?;
        let record = envelope.tournament;
        if record.id != id {
            return Err(corrupt(format!("it says T{}", record.id)));
        }
        record.check().map_err(corrupt)?;
        Ok(record)
    }

    /// Checks what the play layer relies on without looking (indexes in range, one result
    /// and one game slot per pairing), so a damaged or edited record is refused when read,
    /// never a panic later.
    ///
    /// # Errors
    /// What does not hang together, in words.
    pub fn check(&self) -> Result<(), String> {
        let event = &self.event;
        let n = event.players.len();
        if n > MAX_TOURNAMENT_PLAYERS || event.withdrawn.len() != n {
            return Err(format!("{n} players, {} marks", event.withdrawn.len()));
        }
        if self.names.len() > 4 * MAX_TOURNAMENT_PLAYERS
            || self
                .names
                .iter()
                .any(|(_, name)| name.chars().count() > super::MAX_NAME_CHARS)
        {
            return Err("too many or too long names".into());
        }
        if let Format::Tables { seats } = event.format {
            if !(2..=4).contains(&seats) {
                return Err(format!("tables of {seats}"));
            }
        }
        let pairing_ok = |p: &Pairing| {
            let seats = p.entrants();
            !seats.is_empty() && seats.len() <= 4 && seats.iter().all(|&e| e < n)
        };
        if !event.schedule.iter().flatten().all(pairing_ok) {
            return Err("a scheduled pairing names no player".into());
        }
        if event.rounds.len() > 256 || self.games.len() != event.rounds.len() {
            return Err("rounds and their games differ".into());
        }
        for (round, games) in event.rounds.iter().zip(&self.games) {
            let count = round.pairings.len();
            if round.results.len() != count || games.len() != count {
                return Err("a round's results or games do not match its pairings".into());
            }
            if !round.pairings.iter().all(pairing_ok) {
                return Err("a pairing names no player".into());
            }
            for (pairing, result) in round.pairings.iter().zip(&round.results) {
                if result
                    .as_ref()
                    .is_some_and(|r| r.points.len() != pairing.entrants().len())
                {
                    return Err("a result does not fit its game".into());
                }
            }
        }
        let scheduled = matches!(event.format, Format::Swiss { .. })
            || event.rounds.len() <= event.schedule.len();
        if !scheduled {
            return Err("more rounds than the schedule".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::record::ChannelId;

    /// A five-player Swiss that asked for five rounds and was cut to two at the start.
    fn started_swiss() -> TournamentRecord {
        let mut event = Tournament::new(Format::Swiss { rounds: 5 }, None);
        for p in 1..=5 {
            event.join(p).unwrap();
        }
        event.start(|_| 0.0).unwrap();
        TournamentRecord {
            id: TournamentId(3),
            kind: GameKind::Jumpers,
            options: Vec::new(),
            days: None,
            rated: true,
            place: Place {
                guild: None,
                channel: ChannelId(1),
                reach: crate::store::Reach::Posts,
            },
            host: UserId(1),
            names: Vec::new(),
            start: Start::Host,
            games: vec![vec![None; event.rounds[0].pairings.len()]],
            event,
            created: 0,
            updated: 0,
            version: 0,
        }
    }

    #[test]
    fn a_swiss_keeps_one_number_of_rounds_and_an_older_record_is_read_into_it() {
        let record = started_swiss();
        assert_eq!(record.event.format, Format::Swiss { rounds: 2 });
        let id = record.id;
        assert_eq!(
            TournamentRecord::decode(id, &record.encode()).unwrap(),
            record
        );
        // The same as schema 1 wrote it: the rounds asked in the format, those played beside.
        let mut old: serde_json::Value = serde_json::from_slice(&record.encode()).unwrap();
        old["schema"] = 1.into();
        old["tournament"]["event"]["format"]["Swiss"]["rounds"] = 5.into();
        old["tournament"]["event"]["swiss_rounds"] = 2.into();
        let bytes = serde_json::to_vec(&old).unwrap();
        assert_eq!(TournamentRecord::decode(id, &bytes).unwrap(), record);
        // Not started: the rounds asked stay.
        let mut open = started_swiss();
        open.event = Tournament::new(Format::Swiss { rounds: 5 }, None);
        open.games.clear();
        let mut old: serde_json::Value = serde_json::from_slice(&open.encode()).unwrap();
        old["schema"] = 1.into();
        old["tournament"]["event"]["swiss_rounds"] = 0.into();
        let bytes = serde_json::to_vec(&old).unwrap();
        assert_eq!(TournamentRecord::decode(id, &bytes).unwrap(), open);
    }
}
