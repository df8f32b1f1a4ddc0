//! A player's page: what `/profile` says (ratings per game, tournaments), their rating
//! chart, and their latest games with where each stands, in the reader's words, as data
//! for the web front end. The lines are `/profile`'s own, so the page and the command
//! never say two things.

use serde::Serialize;

use crate::i18n::{self, Lang};
use crate::play::core::Play;
use crate::play::ratings::profile_line;
use crate::store::{Status, Store, StoreError, UserId};

/// How many of a player's games the page lists, newest first.
pub const LISTED_GAMES: usize = 20;

/// A player's page.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    /// Their number on Discord.
    pub user: u64,
    /// "Profile of alice".
    pub title: String,
    /// One line per game they are rated in (or that they are not rated yet).
    pub ratings: Vec<String>,
    /// Whether they have a rating chart (`/players/{id}/ratings.png`).
    pub charted: bool,
    /// Where they stand in their latest tournaments, if they played in any.
    pub tournaments: Option<String>,
    /// Their latest games, newest first.
    pub games: Vec<GameLine>,
}

/// One of a player's games.
#[derive(Clone, Debug, Serialize)]
pub struct GameLine {
    /// Its number: its page's address.
    pub id: u64,
    /// "Jumpers · game #12".
    pub title: String,
    /// Its players, as a line ("alice vs bob").
    pub players: String,
    /// Where it stands: whose turn, or its result.
    pub status: String,
}

impl<S: Store> Play<S> {
    /// The page of player `user`, in `lang`; none for someone the bot keeps nothing of.
    ///
    /// # Errors
    /// The store failed.
    pub fn player_view(&self, user: UserId, lang: Lang) -> Result<Option<PlayerView>, StoreError> {
        let mut games = self.store.games_of_user(user)?;
        games.retain(|r| r.seat_of(user).is_some() && !matches!(r.status, Status::Challenge(_)));
        games.sort_by_key(|r| std::cmp::Reverse(r.id.0));
        let standings = self.standings_of(user)?;
        // The name they had in their latest game, or in their latest rated one.
        let name = games
            .first()
            .and_then(|r| r.seat_of(user).and_then(|s| r.seats.get(usize::from(s))))
            .map(|p| crate::play::text::player_name(lang, p))
            .or_else(|| standings.iter().map(|(_, s)| s.name.clone()).next());
        let Some(name) = name else {
            return Ok(None);
        };
        let mut ratings: Vec<String> = standings
            .iter()
            .map(|(kind, s)| profile_line(lang, *kind, s))
            .collect();
        if ratings.is_empty() {
            ratings.push(i18n::text(lang, "profile-unrated"));
        }
        let tournaments = self.tournaments_of(user, &games)?;
        let tournaments = self.profile_tournaments(user, &tournaments, lang);
        let games = games
            .iter()
            .take(LISTED_GAMES)
            .map(|record| {
                let names: Vec<String> = record
                    .seats
                    .iter()
                    .map(|p| crate::play::text::player_name(lang, p))
                    .collect();
                // A record that no longer replays still lists, without its state.
                let status = record
                    .replay(record.moves.len())
                    .map(|game| crate::play::picture_header(record, &game, true, lang).status)
                    .unwrap_or_default();
                GameLine {
                    id: record.id.0,
                    title: i18n::text_with(
                        lang,
                        "web-title",
                        &[("kind", record.kind.into()), ("game", record.id.0.into())],
                    ),
                    players: i18n::versus(lang, &names),
                    status,
                }
            })
            .collect();
        Ok(Some(PlayerView {
            user: user.0,
            title: i18n::text_with(lang, "profile-title", &[("name", name.as_str().into())]),
            ratings,
            charted: standings.iter().any(|(_, s)| !s.history.is_empty()),
            tournaments,
            games,
        }))
    }

    /// Player `user`'s rating chart as PNG (the picture `/profile` posts), if they have
    /// rated games behind them.
    ///
    /// # Errors
    /// The store failed.
    pub fn player_chart(&self, user: UserId, lang: Lang) -> Result<Option<Vec<u8>>, StoreError> {
        let series = self.standings_of(user)?;
        if series.iter().all(|(_, s)| s.history.is_empty()) {
            return Ok(None);
        }
        let name = series
            .first()
            .map(|(_, s)| s.name.clone())
            .unwrap_or_default();
        let picture = crate::render::chart::rating_history(lang, &name, &series);
        Ok(Some(crate::render::encode::png(&picture, None)))
    }
}
