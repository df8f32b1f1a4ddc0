//! A player's side of tournaments: the ones they are or were in (for `/profile`), and what
//! `/forget-me` does to them — it waits while they still play in one, and afterwards their
//! name and id give way to a former player's, as in their finished games.

use std::collections::BTreeSet;

use crate::i18n::{self, Lang};
use crate::play::core::{say_with, Play, Stop};
use crate::play::tournaments::{phase_word, rounds_over};
use crate::store::{GameRecord, Store, StoreError, TournamentId, TournamentRecord, UserId};
use crate::tournament::standings::ranks;

/// How many tournaments `/profile` lists.
const PROFILED: usize = 5;

/// How many times a tournament's renaming is tried when another write lands first.
const TRIES: usize = 5;

impl<S: Store> Play<S> {
    /// The tournaments `user` is or was in, newest first: those of their games (`games`,
    /// theirs), and every live one that lists them (signed up, or with only a bye so far).
    ///
    /// # Errors
    /// Database failures.
    pub(in crate::play) fn tournaments_of(
        &self,
        user: UserId,
        games: &[GameRecord],
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        let mut found: Vec<TournamentRecord> = self
            .store
            .live_tournaments()?
            .into_iter()
            .filter(|t| t.event.entrant(user.0).is_some())
            .collect();
        let played: BTreeSet<TournamentId> = games
            .iter()
            .filter_map(|g| g.tournament.map(|slot| slot.tournament))
            .filter(|id| !found.iter().any(|t| t.id == *id))
            .collect();
        for id in played {
            match self.store.tournament(id) {
                Ok(record) => found.push(record),
                Err(StoreError::NoTournament(_)) => {}
                Err(other) => return Err(other),
            }
        }
        found.sort_by_key(|t| std::cmp::Reverse(t.id));
        Ok(found)
    }

    /// Every tournament that names `user` (as a player, by their name, or as its host),
    /// newest first: what `/forget-me` renames. Unlike [`Play::tournaments_of`] it finds
    /// a host who did not play and a player who left before their first game.
    ///
    /// # Errors
    /// Database failures.
    pub(in crate::play) fn tournaments_naming(
        &self,
        user: UserId,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        Ok(self
            .store
            .all_tournaments()?
            .into_iter()
            .filter(|t| t.mentions(user))
            .collect())
    }

    /// `/profile`'s line of tournaments: where `user` stands (or finished) in each of the
    /// latest; `None` when they have played in none.
    pub(in crate::play) fn profile_tournaments(
        &self,
        user: UserId,
        tournaments: &[TournamentRecord],
        lang: Lang,
    ) -> Option<String> {
        let entries: Vec<String> = tournaments
            .iter()
            .filter_map(|t| standing_in(t, user, lang))
            .take(PROFILED)
            .collect();
        if entries.is_empty() {
            return None;
        }
        Some(i18n::text_with(
            lang,
            "profile-tournaments",
            &[("list", entries.join(" · ").into())],
        ))
    }

    /// `/forget-me`'s refusal while `user` still plays in a tournament (or is signed up for
    /// one): their games to come would be made under a name that is gone.
    pub(in crate::play) fn still_in_tournaments(
        &self,
        tournaments: &[TournamentRecord],
        user: UserId,
    ) -> Result<(), Stop> {
        let playing: Vec<String> = tournaments
            .iter()
            .filter(|t| t.is_live())
            .filter(|t| {
                t.event
                    .entrant(user.0)
                    .is_some_and(|e| !t.event.has_left(e))
            })
            .map(|t| format!("T{}", t.id))
            .collect();
        if playing.is_empty() {
            return Ok(());
        }
        say_with(
            "forget-me-tournaments",
            [
                ("count", playing.len().into()),
                ("tournaments", playing.join(", ").into()),
            ],
        )
    }

    /// Renames `user` as a former player (`anonymous`) in each of `tournaments`, under
    /// compare-and-swap; how many named them.
    ///
    /// # Errors
    /// Database failures.
    pub(in crate::play) fn forget_in_tournaments(
        &self,
        tournaments: &[TournamentRecord],
        user: UserId,
        anonymous: UserId,
    ) -> Result<usize, StoreError> {
        let mut renamed = 0;
        for id in tournaments.iter().map(|t| t.id) {
            for attempt in 1..=TRIES {
                let mut record = self.store.tournament(id)?;
                if !record.forget(user, anonymous) {
                    break;
                }
                match self.store.replace_tournament(&record) {
                    Ok(_) => {
                        renamed += 1;
                        break;
                    }
                    Err(StoreError::TournamentConflict(_)) if attempt < TRIES => {}
                    Err(other) => return Err(other),
                }
            }
        }
        Ok(renamed)
    }
}

/// Where `user` stands in `tournament`, in a few words: `T3 Jumpers: 2nd of 8`.
fn standing_in(tournament: &TournamentRecord, user: UserId, lang: Lang) -> Option<String> {
    let event = &tournament.event;
    let entrant = event.entrant(user.0)?;
    let lines = event.standings();
    let place = lines
        .iter()
        .zip(ranks(&lines))
        .find(|(l, _)| l.entrant == entrant)
        .map_or(0, |(_, rank)| rank);
    Some(i18n::text_with(
        lang,
        "profile-tournament",
        &[
            ("tournament", tournament.id.0.into()),
            ("kind", tournament.kind.into()),
            ("phase", phase_word(event.phase).into()),
            ("place", place.into()),
            ("count", event.players.len().into()),
            ("round", rounds_over(tournament).into()),
            ("of", event.round_count().into()),
            ("withdrawn", event.has_left(entrant).into()),
        ],
    ))
}
