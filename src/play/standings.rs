//! `/rating`, `/leaderboard`, `/profile` and `/abort`: what players see of their ratings,
//! and the way out of a game nobody has really played yet.

use crate::games::{GameKind, Seat};
use crate::ratings::{Standing, LEADERBOARD_DAYS, LEADERBOARD_GAMES, PROVISIONAL_DEVIATION};
use crate::store::{GameId, GameRecord, Status, Store, UserId};
use crate::words::count;

use super::command::{Context, User};
use super::reply::{Image, Reply};
use super::text::board_reply;
use super::{refuse, Loaded, Play, Stop};

/// How many players a leaderboard shows.
const LEADERBOARD_SIZE: usize = 10;

/// A game's name as typed, or the refusal that lists the games.
fn game_kind(name: &str) -> Result<GameKind, Stop> {
    name.parse().map_err(|e| Stop::Refuse(format!("{e}.")))
}

/// "alice: 1514 in Jumpers (12 games: 7 won, 1 drawn, 4 lost)".
fn standing_line(kind: GameKind, s: &Standing) -> String {
    format!(
        "{kind}: **{}** ({}: {} won, {} drawn, {} lost)",
        s.shown(),
        count(s.games, "rated game"),
        s.wins,
        s.draws,
        s.losses
    )
}

impl<S: Store> Play<S> {
    /// `/rating [user] [game]`.
    pub(super) fn rating(
        &self,
        ctx: &Context,
        user: Option<User>,
        game: Option<&str>,
    ) -> Result<Reply, Stop> {
        let who = user.unwrap_or_else(|| ctx.user.clone());
        let kinds = match game {
            Some(name) => vec![game_kind(name)?],
            None => GameKind::ALL.to_vec(),
        };
        let mut lines = Vec::new();
        for kind in kinds {
            if let Some(standing) = self.store.standing(kind, who.id)? {
                lines.push(standing_line(kind, &standing));
            }
        }
        let whose = if who.id == ctx.user.id {
            "You have".to_owned()
        } else {
            format!("{} has", who.name)
        };
        Ok(Reply::private(if lines.is_empty() {
            let what = game.map_or("any game".to_owned(), |g| {
                game_kind(g).map_or(g.to_owned(), |k| k.to_string())
            });
            format!(
                "{whose} no rating in {what} yet: a rating comes with the first rated game (/play … rated:yes, the default between people)."
            )
        } else {
            let note = if lines.iter().any(|l| l.contains("?**")) {
                format!("\n? marks a provisional rating (deviation over {PROVISIONAL_DEVIATION}): it settles after a few more games.")
            } else {
                String::new()
            };
            format!("Ratings of {}:\n{}{note}", who.name, lines.join("\n"))
        }))
    }

    /// `/leaderboard game:<game> [scope:server|global]`.
    pub(super) fn leaderboard(
        &self,
        ctx: &Context,
        game: &str,
        scope: Option<&str>,
    ) -> Result<Reply, Stop> {
        let kind = game_kind(game)?;
        let server = match scope.map(str::to_ascii_lowercase).as_deref() {
            None => ctx.place.guild.is_some(),
            Some("server" | "here" | "local") => true,
            Some("global" | "all" | "everywhere") => false,
            Some(other) => {
                return refuse(format!(
                    "scope:{other} is not a choice: say scope:server (players of this server) or scope:global."
                ))
            }
        };
        let guild = match (server, ctx.place.guild) {
            (true, Some(guild)) => Some(guild),
            (true, None) => {
                return refuse("Only a server has a server leaderboard: here, say scope:global.")
            }
            (false, _) => None,
        };
        let now = self.clock.now_ms();
        let board =
            self.store
                .leaderboard(kind, guild, &|s| s.on_leaderboard(now), LEADERBOARD_SIZE)?;
        let title = if guild.is_some() {
            format!("{kind} leaderboard of this server")
        } else {
            format!("{kind} leaderboard")
        };
        let rule = format!(
            "Listed: at least {}, one in the last {LEADERBOARD_DAYS} days, and a settled rating (deviation at most {PROVISIONAL_DEVIATION}).",
            count(LEADERBOARD_GAMES, "rated game")
        );
        if board.is_empty() {
            return Ok(Reply::public(format!("{title}: nobody yet.\n{rule}")));
        }
        // Equal rounded ratings share a place.
        let mut lines = Vec::with_capacity(board.len());
        let mut place = 0;
        let mut last = None;
        for (i, (_, standing)) in board.iter().enumerate() {
            let shown = standing.rating.round() as i64;
            if last != Some(shown) {
                place = i + 1;
                last = Some(shown);
            }
            lines.push(format!(
                "{place}. {} — {} ({})",
                standing.name,
                standing.shown(),
                count(standing.games, "game")
            ));
        }
        Ok(Reply::public(format!(
            "{title}:\n{}\n{rule}",
            lines.join("\n")
        )))
    }

    /// `/profile [user]`.
    pub(super) fn profile(&self, ctx: &Context, user: Option<User>) -> Result<Reply, Stop> {
        let who = user.unwrap_or_else(|| ctx.user.clone());
        let mut lines = vec![format!("Profile of {}", who.name)];
        let mut series = Vec::new();
        for kind in GameKind::ALL {
            let Some(s) = self.store.standing(kind, who.id)? else {
                continue;
            };
            lines.push(format!(
                "{} · longest win streak {}",
                standing_line(kind, &s),
                s.best_streak
            ));
            series.push((kind, s));
        }
        let games = self.store.games_of_user(who.id)?;
        let current: Vec<String> = games
            .iter()
            .filter(|r| r.status == Status::Active && r.seat_of(who.id).is_some())
            .map(|r| format!("#{} {}", r.id, r.kind))
            .collect();
        let finished = games
            .iter()
            .filter(|r| matches!(r.status, Status::Finished(_)) && r.seat_of(who.id).is_some())
            .count();
        if series.is_empty() {
            lines.push("No rated games yet.".to_owned());
        }
        lines.push(format!(
            "Games finished here and there: {finished}; in progress: {}",
            if current.is_empty() {
                "none".to_owned()
            } else {
                current.join(", ")
            }
        ));
        let mut reply = Reply::private(lines.join("\n"));
        if series.iter().any(|(_, s)| !s.history.is_empty()) {
            let picture = crate::render::chart::rating_history(&who.name, &series);
            let png = crate::render::encode::png(&picture, None);
            reply.image = Some(Image {
                name: "profile.png".to_owned(),
                png,
            });
        }
        Ok(reply)
    }

    /// `/abort`: ends a game before every side has moved. Nothing is rated: a game that
    /// never got going says nothing of anyone's strength.
    pub(super) fn abort(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let (Loaded { mut record, game }, seat) = self.seated(ctx, id)?;
        let movers = game.movers();
        let everyone_moved = (0..record.seats.len())
            .filter_map(|s| u8::try_from(s).ok())
            .all(|s| movers.contains(&Seat(s)));
        if everyone_moved {
            return refuse(format!(
                "Game #{} can't be aborted: every side has moved. Resign (/resign) or offer a draw (/draw) instead.",
                record.id
            ));
        }
        let me = super::text::seat_label(&record, &game, seat);
        record.status = Status::Aborted;
        record.pending = None;
        record.updated = self.clock.now_ms();
        let record: GameRecord = self.store.replace(&record)?;
        let id = record.id;
        Ok(board_reply(
            &record,
            &game,
            &format!(
                "{me} aborted game #{id} before every side had moved: no result, no rating change."
            ),
            self.clock.now_ms(),
            self.place_lang(record.place.guild),
        )
        .mentioning(
            record
                .seats
                .iter()
                .filter_map(crate::store::Player::user_id)
                .filter(|&u| u != ctx.user.id)
                .collect::<Vec<UserId>>(),
        ))
    }
}
