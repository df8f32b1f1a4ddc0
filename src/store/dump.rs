//! `leapfrog export` / `leapfrog import`: everything a store holds as one text file, the
//! same whichever backend wrote it, so a backup of sled loads into PostgreSQL and back.
//!
//! The format (documented in docs/export.md) is JSON Lines: a header line
//! `{"header":{"format":"leapfrog-export","version":1,"next_game":N,"rated_games":M}}`, then
//! one line per item, each an object with one key naming the kind: `game` (the stored record
//! with its schema envelope), `user_settings`, `guild_settings`, `board_link`, `rating`,
//! `rated_player`, `tournament` (with its schema envelope; version 2 on). The header of version
//! 2 also holds `next_tournament`. Items come in a fixed order (kind, then number), so equal stores give
//! byte-equal files.

use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::check;
use super::record::{kind_name, GameId, GameRecord, GuildId, TournamentId, UserId};
use super::{GuildSettings, StoreError, TournamentRecord, UserSettings};
use crate::games::GameKind;
use crate::ratings::Standing;

/// The `format` of the header line: says what the file is.
pub const EXPORT_FORMAT: &str = "leapfrog-export";

/// The layout this release writes. A release that changes it bumps this and still reads
/// the older ones (records inside carry their own schema version and migrate on reading).
pub const EXPORT_VERSION: u32 = 2;

/// Everything a store holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Dump {
    /// The number the next new game gets.
    pub next_game: u64,
    /// How many games have been rated (the next rated result gets one more).
    pub rated_games: u64,
    /// Every game, challenges and finished games included, by number.
    pub games: Vec<GameRecord>,
    /// Users' `/settings`, by user.
    pub user_settings: Vec<(UserId, UserSettings)>,
    /// Servers' `/settings`, by server.
    pub guild_settings: Vec<(GuildId, GuildSettings)>,
    /// Where each game's latest board was posted, by game.
    pub board_links: Vec<(GameId, String)>,
    /// Ratings, by game then user.
    pub ratings: Vec<(GameKind, UserId, Standing)>,
    /// Who played which game rated on which server (the server leaderboards), by server,
    /// game, user.
    pub rated_players: Vec<(GuildId, GameKind, UserId)>,
    /// The number the next new tournament gets (0 in a file from before tournaments).
    pub next_tournament: u64,
    /// Every tournament, by number.
    pub tournaments: Vec<TournamentRecord>,
}

/// Why an export file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum DumpError {
    /// Reading or writing the file failed. Transparent, as `Store` is: the error is its
    /// own message, not a cause to print again after it.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A line is not what the format says.
    #[error("line {line}: {reason}")]
    Format {
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The file is from a newer release, or not an export at all.
    #[error("not a Leapfrog export of version {EXPORT_VERSION} or older: {0}")]
    Header(String),
    /// A game inside could not be read (or the store could not be read at all: a damaged
    /// sled folder, said once with the way to restore).
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Line<'a> {
    Header {
        format: String,
        version: u32,
        next_game: u64,
        rated_games: u64,
        #[serde(default)]
        next_tournament: u64,
    },
    #[serde(borrow)]
    Game(&'a RawValue),
    Tournament(&'a RawValue),
    UserSettings {
        user: u64,
        settings: UserSettings,
    },
    GuildSettings {
        guild: u64,
        settings: GuildSettings,
    },
    BoardLink {
        game: u64,
        link: String,
    },
    Rating {
        #[serde(with = "kind_name")]
        game: GameKind,
        user: u64,
        standing: Standing,
    },
    RatedPlayer {
        guild: u64,
        #[serde(with = "kind_name")]
        game: GameKind,
        user: u64,
    },
}

impl Dump {
    /// The number the next new game gets after an import: the header's, but never one that
    /// a game in the file already has (nor 0).
    #[must_use]
    pub fn next_number(&self) -> u64 {
        self.games
            .iter()
            .map(|g| g.id.0 + 1)
            .max()
            .unwrap_or(1)
            .max(self.next_game)
    }

    /// The number the next new tournament gets after an import: never one a tournament in
    /// the file has (nor 0).
    #[must_use]
    pub fn next_tournament_number(&self) -> u64 {
        self.tournaments
            .iter()
            .map(|t| t.id.0 + 1)
            .max()
            .unwrap_or(1)
            .max(self.next_tournament)
    }

    /// Puts every list in the canonical order (what [`Dump::write`] relies on for byte-equal
    /// files from equal stores).
    pub fn sort(&mut self) {
        self.games.sort_by_key(|g| g.id);
        self.user_settings.sort_by_key(|(u, _)| *u);
        self.guild_settings.sort_by_key(|(g, _)| *g);
        self.board_links.sort_by_key(|(g, _)| *g);
        let kind = super::rating_keys::kind_byte;
        self.ratings.sort_by_key(|(k, u, _)| (kind(*k), *u));
        self.rated_players
            .sort_by_key(|(g, k, u)| (*g, kind(*k), *u));
        self.tournaments.sort_by_key(|t| t.id);
    }

    /// Writes the dump as an export file.
    ///
    /// # Errors
    /// Write failures.
    pub fn write(&self, out: &mut impl Write) -> Result<(), DumpError> {
        let line = |out: &mut dyn Write, line: &Line<'_>| -> Result<(), DumpError> {
            serde_json::to_writer(&mut *out, line).map_err(std::io::Error::from)?;
            out.write_all(b"\n")?;
            Ok(())
        };
        line(
            out,
            &Line::Header {
                format: EXPORT_FORMAT.to_owned(),
                version: EXPORT_VERSION,
                next_game: self.next_game,
                rated_games: self.rated_games,
                next_tournament: self.next_tournament,
            },
        )?;
        for game in &self.games {
            let bytes = game.encode();
            let text = std::str::from_utf8(&bytes).expect("a record is JSON");
            let raw: &RawValue = serde_json::from_str(text).expect("a record is JSON");
            line(out, &Line::Game(raw))?;
        }
        for (user, settings) in &self.user_settings {
            let (user, settings) = (user.0, settings.clone());
            line(out, &Line::UserSettings { user, settings })?;
        }
        for (guild, settings) in &self.guild_settings {
            let (guild, settings) = (guild.0, *settings);
            line(out, &Line::GuildSettings { guild, settings })?;
        }
        for (game, link) in &self.board_links {
            let (game, link) = (game.0, link.clone());
            line(out, &Line::BoardLink { game, link })?;
        }
        for (game, user, standing) in &self.ratings {
            let (game, user, standing) = (*game, user.0, standing.clone());
            line(
                out,
                &Line::Rating {
                    game,
                    user,
                    standing,
                },
            )?;
        }
        for &(guild, game, user) in &self.rated_players {
            let (guild, user) = (guild.0, user.0);
            line(out, &Line::RatedPlayer { guild, game, user })?;
        }
        for tournament in &self.tournaments {
            let bytes = tournament.encode();
            let text = std::str::from_utf8(&bytes).expect("a tournament is JSON");
            let raw: &RawValue = serde_json::from_str(text).expect("a tournament is JSON");
            line(out, &Line::Tournament(raw))?;
        }
        out.flush()?;
        Ok(())
    }

    /// Reads an export file.
    ///
    /// # Errors
    /// A file that is not an export of a version this release reads, or a damaged line.
    pub fn read(input: impl BufRead) -> Result<Self, DumpError> {
        let mut dump = Self::default();
        let mut header = false;
        let mut header_line = 0;
        let mut seen = Seen::default();
        for (index, text) in input.lines().enumerate() {
            let text = text?;
            let number = index + 1;
            if text.trim().is_empty() {
                continue;
            }
            let format = |reason: String| DumpError::Format {
                line: number,
                reason,
            };
            let line: Line<'_> = serde_json::from_str(&text).map_err(|e| {
                if header {
                    format(e.to_string())
                } else {
                    DumpError::Header(e.to_string())
                }
            })?;
            match line {
                Line::Header {
                    format: name,
                    version,
                    next_game,
                    rated_games,
                    next_tournament,
                } => {
                    if header {
                        return Err(format("a second header".into()));
                    }
                    if name != EXPORT_FORMAT || version > EXPORT_VERSION || version == 0 {
                        return Err(DumpError::Header(format!(
                            "format {name:?} version {version}"
                        )));
                    }
                    header = true;
                    header_line = number;
                    dump.next_game = next_game;
                    dump.rated_games = rated_games;
                    dump.next_tournament = next_tournament;
                }
                _ if !header => {
                    return Err(DumpError::Header("the first line is not the header".into()))
                }
                Line::Game(raw) => {
                    let id = serde_json::from_str::<IdOnly>(raw.get())
                        .map(|r| GameId(r.record.id))
                        .map_err(|e| format(e.to_string()))?;
                    let record = GameRecord::decode(id, raw.get().as_bytes())
                        .map_err(|e| format(e.to_string()))?;
                    check::game(&record)
                        .map_err(|reason| format(format!("game #{id}: {reason}")))?;
                    seen.once(Item::Game, [id.0, 0, 0], number)?;
                    dump.games.push(record);
                }
                Line::Tournament(raw) => {
                    let id = serde_json::from_str::<TournamentIdOnly>(raw.get())
                        .map(|r| TournamentId(r.tournament.id))
                        .map_err(|e| format(e.to_string()))?;
                    if id.0 == 0 || id.0 > check::MAX_GAME_ID {
                        return Err(format(format!("tournament number {id} is out of range")));
                    }
                    let record = TournamentRecord::decode(id, raw.get().as_bytes())
                        .map_err(|e| format(e.to_string()))?;
                    seen.once(Item::Tournament, [id.0, 0, 0], number)?;
                    dump.tournaments.push(record);
                }
                Line::UserSettings { user, settings } => {
                    seen.once(Item::UserSettings, [user, 0, 0], number)?;
                    dump.user_settings.push((UserId(user), settings));
                }
                Line::GuildSettings { guild, settings } => {
                    seen.once(Item::GuildSettings, [guild, 0, 0], number)?;
                    dump.guild_settings.push((GuildId(guild), settings));
                }
                Line::BoardLink { game, link } => {
                    check::link(&link).map_err(format)?;
                    seen.once(Item::BoardLink, [game, 0, 0], number)?;
                    dump.board_links.push((GameId(game), link));
                }
                Line::Rating {
                    game,
                    user,
                    standing,
                } => {
                    check::standing(&standing).map_err(format)?;
                    let kind = u64::from(super::rating_keys::kind_byte(game));
                    seen.once(Item::Rating, [kind, user, 0], number)?;
                    dump.ratings.push((game, UserId(user), standing));
                }
                Line::RatedPlayer { guild, game, user } => {
                    let kind = u64::from(super::rating_keys::kind_byte(game));
                    seen.once(Item::RatedPlayer, [guild, kind, user], number)?;
                    dump.rated_players
                        .push((GuildId(guild), game, UserId(user)));
                }
            }
        }
        if !header {
            return Err(DumpError::Header("the file is empty".into()));
        }
        check::counters(dump.next_game, dump.next_number(), dump.rated_games).map_err(
            |reason| DumpError::Format {
                line: header_line,
                reason,
            },
        )?;
        seen.links_to_games()?;
        dump.sort();
        Ok(dump)
    }
}

/// The kinds of numbered item in a file, each of which may appear once per number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Item {
    Game,
    UserSettings,
    GuildSettings,
    BoardLink,
    Rating,
    RatedPlayer,
    Tournament,
}

/// The line where each item of a file was first read: an import that brought one game
/// twice would keep one of them silently, so a second one is refused with both lines.
#[derive(Default)]
struct Seen {
    first: std::collections::HashMap<(Item, [u64; 3]), usize>,
}

impl Seen {
    /// Notes `item` numbered `key` on `line`.
    fn once(&mut self, item: Item, key: [u64; 3], line: usize) -> Result<(), DumpError> {
        match self.first.insert((item, key), line) {
            None => Ok(()),
            Some(first) => Err(DumpError::Format {
                line,
                reason: format!(
                    "{} appears a second time (first on line {first})",
                    item.name(key)
                ),
            }),
        }
    }

    /// Checks that every board link is for a game of the file.
    fn links_to_games(&self) -> Result<(), DumpError> {
        let mut links: Vec<(usize, u64)> = self
            .first
            .iter()
            .filter(|((item, _), _)| *item == Item::BoardLink)
            .map(|((_, key), &line)| (line, key[0]))
            .collect();
        links.sort_unstable();
        for (line, game) in links {
            if !self.first.contains_key(&(Item::Game, [game, 0, 0])) {
                return Err(DumpError::Format {
                    line,
                    reason: format!("a board link for game #{game}, which the file does not hold"),
                });
            }
        }
        Ok(())
    }
}

impl Item {
    /// The item in words, for a refusal.
    fn name(self, key: [u64; 3]) -> String {
        match self {
            Self::Game => format!("game #{}", key[0]),
            Self::UserSettings => format!("the settings of user {}", key[0]),
            Self::GuildSettings => format!("the settings of server {}", key[0]),
            Self::BoardLink => format!("the board link of game #{}", key[0]),
            Self::Rating => format!("a rating of user {}", key[1]),
            Self::RatedPlayer => format!("server {}'s rated player {}", key[0], key[2]),
            Self::Tournament => format!("tournament T{}", key[0]),
        }
    }
}

/// Just the number inside a tournament's envelope, to name a damaged one.
#[derive(Deserialize)]
struct TournamentIdOnly {
    tournament: IdField,
}

/// Just the number inside a record's envelope, to name a damaged record.
#[derive(Deserialize)]
struct IdOnly {
    record: IdField,
}

#[derive(Deserialize)]
struct IdField {
    id: u64,
}
