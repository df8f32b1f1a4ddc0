//! Who sits where: finding the caller's game (by number, or the only one here), checking
//! that they are seated in it, the board a seated player is shown, and the words of a
//! refused move. Every family that acts on a game starts here.

use crate::ai::Level;
use crate::games::Seat;
use crate::games::{AnyGame, Outcome as RulesOutcome};
use crate::i18n;
use crate::i18n::Arg;
use crate::i18n::Lang;
use crate::play::args::shown_move;
use crate::play::command::{Context, User};
use crate::play::core::say;
use crate::play::core::{refuse, say_with, squash, Loaded, Play, Stop, MAX_CHOICES};
use crate::play::reply::Reply;
use crate::play::text::{self, board_reply, seat_label};
use crate::store::{GameId, GameRecord, GameResult, Player, Status, Store, UserId};
impl<S: Store> Play<S> {
    /// The game a seated-player command means: by id, or the caller's only active game here
    /// (asked which when there are several, told how it stands when there is none).
    pub(in crate::play) fn my_game(
        &self,
        ctx: &Context,
        id: Option<GameId>,
    ) -> Result<GameRecord, Stop> {
        if let Some(id) = id {
            return Ok(self.store.get(id)?);
        }
        let me = ctx.user.id;
        let here = self.store.games_in_channel(ctx.place.channel)?;
        let mine: Vec<&GameRecord> = here
            .iter()
            .filter(|r| r.status == Status::Active && r.seat_of(me).is_some())
            .collect();
        match mine.as_slice() {
            [] => refuse(self.no_game_here(self.reader_lang(ctx), me, &here)),
            [only] => Ok((*only).clone()),
            several => {
                let lang = self.reader_lang(ctx);
                let intro = i18n::text_with(
                    lang,
                    "which-yours",
                    &[("count", several.len().into()), ("over", false.into())],
                );
                refuse(which_game(lang, &intro, several, me))
            }
        }
    }

    /// Why a caller without a game in progress here has none: their latest challenge here
    /// still waits, or their latest game here is over (and how it ended), or they have none.
    fn no_game_here(&self, lang: Lang, me: UserId, here: &[GameRecord]) -> String {
        let latest = here
            .iter()
            .filter(|r| match &r.status {
                Status::Challenge(c) => {
                    c.from.user_id() == Some(me) || c.names(me) || c.has_joined(me)
                }
                Status::Finished(_) | Status::Aborted => r.seat_of(me).is_some(),
                _ => false,
            })
            .max_by_key(|r| (r.updated, r.id.0));
        match latest {
            Some(record) if matches!(record.status, Status::Challenge(_)) => {
                i18n::text_with(lang, "refuse-not-started", &[("game", record.id.0.into())])
            }
            Some(record) if record.status == Status::Aborted => {
                i18n::text_with(lang, "refuse-was-aborted", &[("game", record.id.0.into())])
            }
            Some(record) => match self.rebuild(record.clone()) {
                Ok(loaded) => text::over_text(lang, &loaded.record, &loaded.game),
                Err(_) => i18n::text_with(
                    lang,
                    "refuse-game-over",
                    &[("game", record.id.0.into()), ("known", false.into())],
                ),
            },
            None => i18n::text(lang, "refuse-no-game-here"),
        }
    }

    /// Loads the game and checks that the caller sits in it and it is being played.
    pub(in crate::play) fn seated(
        &self,
        ctx: &Context,
        id: Option<GameId>,
    ) -> Result<(Loaded, u8), Stop> {
        let loaded = self.rebuild(self.my_game(ctx, id)?)?;
        let id = loaded.record.id;
        match &loaded.record.status {
            Status::Active => {}
            Status::Challenge(_) => return say_with("refuse-not-started", [("game", id.0.into())]),
            Status::Finished(_) => {
                return refuse(text::over_text(
                    self.reader_lang(ctx),
                    &loaded.record,
                    &loaded.game,
                ))
            }
            Status::Declined | Status::Cancelled => {
                return say_with("refuse-never-started", [("game", id.0.into())])
            }
            Status::Aborted => return say_with("refuse-was-aborted", [("game", id.0.into())]),
        }
        let Some(seat) = loaded.record.seat_of(ctx.user.id) else {
            return say_with("refuse-not-playing", [("game", id.0.into())]);
        };
        if loaded.game.has_left(Seat(seat)) {
            return say_with("refuse-you-left", [("game", id.0.into())]);
        }
        Ok((loaded, seat))
    }
}

impl<S: Store> Play<S> {
    /// The board of `record` headed by what `seat` just did: the message `said.0`, given
    /// `who` (the seat's player and side), `game` (its number) and the arguments `said.1`,
    /// in the place's language. `now` is the moment the record was saved at.
    pub(in crate::play) fn seat_board(
        &self,
        record: &GameRecord,
        game: &AnyGame,
        seat: u8,
        said: (&str, &[(&str, Arg)]),
        now: u64,
    ) -> Reply {
        let lang = self.place_lang(&record.place);
        let (id, more) = said;
        let mut args = vec![
            ("who", Arg::from(seat_label(lang, record, game, seat))),
            ("game", record.id.0.into()),
        ];
        args.extend(more.iter().cloned());
        board_reply(record, game, &i18n::text_with(lang, id, &args), now, lang)
    }
}

pub(in crate::play) fn player(user: &User) -> Player {
    Player::User {
        id: user.id,
        name: user.name.clone(),
    }
}

/// The result a finished game's rules outcome gives, if finished.
pub(in crate::play) fn rules_result(game: &AnyGame) -> Option<GameResult> {
    let kind = game.kind().info();
    match &game.outcome() {
        RulesOutcome::Ongoing => None,
        // A game that went on without those who left, until one was alone.
        RulesOutcome::Win(seat)
            if (0..game.seat_count())
                .filter(|&s| !game.has_left(Seat(s as u8)))
                .count()
                == 1
                && game.seat_count() > 1
                && game.leave_ply(*seat).is_some() =>
        {
            Some(GameResult::new(vec![seat.0], "everyone else left"))
        }
        RulesOutcome::Win(seat) => Some(GameResult::new(vec![seat.0], kind.win_reason)),
        RulesOutcome::SharedWin(seats) => Some(GameResult::new(
            seats.iter().map(|s| s.0).collect(),
            "shared the best score",
        )),
        RulesOutcome::Draw(reason) => Some(GameResult::new(Vec::new(), reason.to_string())),
    }
}

/// Where the turn a takeback by `seat` undoes begins: `seat`'s own last turn as a whole (all
/// its actions in Skakanie), whether finished or still being played, and only while it is
/// the last thing played. Undoing a turn another player has acted after would undo their
/// actions too, and in a game with face-down pieces what they uncovered cannot be unseen.
///
/// # Errors
/// Why there is no such turn, in a sentence for the player.
pub(in crate::play) fn last_turn(
    lang: Lang,
    record: &GameRecord,
    game: &crate::games::AnyGame,
    seat: u8,
) -> Result<usize, String> {
    let moves = &record.moves;
    if moves.last().is_some_and(|mv| game.is_leave(mv)) {
        return Err(i18n::text(lang, "refuse-last-was-leaving"));
    }
    let movers = game.movers();
    let mine = moves
        .iter()
        .zip(&movers)
        .rev()
        .take_while(|(_, m)| m.0 == seat)
        .count();
    let from = moves.len() - mine;
    if mine == 0 {
        let last = movers.last().map_or(0, |m| m.0);
        return Err(i18n::text_with(
            lang,
            "refuse-not-your-last",
            &[("who", seat_label(lang, record, game, last).into())],
        ));
    }
    Ok(from)
}

/// "{intro}: <the games, one line each>. Add game:<number> to say which." At most ten are
/// listed (newest first), so a busy channel's answer stays readable.
pub(in crate::play) fn which_game(
    lang: Lang,
    intro: &str,
    games: &[&GameRecord],
    me: UserId,
) -> String {
    const SHOWN: usize = 10;
    let mut lines: Vec<String> = games
        .iter()
        .take(SHOWN)
        .map(|r| text::game_line(lang, r, me))
        .collect();
    if games.len() > SHOWN {
        lines.push(i18n::text_with(
            lang,
            "which-more",
            &[("count", (games.len() - SHOWN).into())],
        ));
    }
    i18n::text_with(
        lang,
        "which-game",
        &[("intro", intro.into()), ("games", lines.join("; ").into())],
    )
}

/// "You can't play X: <rule>." plus the legal options that fit what was typed.
pub(in crate::play) fn move_refusal(
    lang: Lang,
    game: &crate::games::AnyGame,
    typed: &str,
    reason: &str,
) -> String {
    let legal = game.legal_moves();
    let typed_squashed = squash(typed);
    let prefix: String = typed_squashed.chars().take(2).collect();
    let from_here: Vec<&String> = legal
        .iter()
        .filter(|m| !prefix.is_empty() && squash(m).starts_with(&prefix))
        .collect();
    let (which, list): (&str, Vec<&String>) = if from_here.is_empty() {
        ("all", legal.iter().collect())
    } else {
        ("here", from_here)
    };
    let shown: Vec<&str> = list.iter().take(MAX_CHOICES).map(|s| s.as_str()).collect();
    let more = list.len().saturating_sub(shown.len());
    let kind = game.kind();
    i18n::text_with(
        lang,
        "move-refused",
        &[
            ("typed", shown_move(lang, kind, typed.trim()).into()),
            ("reason", reason.into()),
            ("which", which.into()),
            ("moves", said_moves(lang, kind, &shown).into()),
            ("more", more.into()),
        ],
    )
}

/// Moves as `lang` says them, joined for a sentence: Skakanie's actions are words of the
/// reader's language, other games' notation is the same in all.
pub(in crate::play) fn said_moves(
    lang: Lang,
    kind: crate::games::GameKind,
    moves: &[&str],
) -> String {
    moves
        .iter()
        .map(|mv| shown_move(lang, kind, mv))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A turn of several plies (Skakanie's `take right take`) as `lang` says it, in one line;
/// other games' turns are one move of notation.
pub(in crate::play) fn turn_text(
    lang: Lang,
    kind: crate::games::GameKind,
    turn: &[String],
) -> String {
    shown_move(lang, kind, &turn.join(" "))
}

/// Borrowed views of owned moves.
pub(in crate::play) fn strs(moves: &[String]) -> Vec<&str> {
    moves.iter().map(String::as_str).collect()
}

/// The seat to move and the computer's level there, when the computer is to move in a game
/// in progress.
pub(in crate::play) fn computer_to_move(
    record: &GameRecord,
    game: &AnyGame,
) -> Option<(u8, Level)> {
    if record.status != Status::Active || game.outcome().is_finished() {
        return None;
    }
    let seat = game.to_move().0;
    let level = record.seats.get(usize::from(seat))?.computer_level()?;
    Some((seat, Level::new(level).unwrap_or_default()))
}

/// Whether every player still in the game other than `seat` is the computer: then the
/// computer alone answers `seat`'s proposals, at once.
pub(in crate::play) fn only_computers_besides(
    record: &GameRecord,
    game: &AnyGame,
    seat: u8,
) -> bool {
    let others: Vec<&Player> = record
        .seats
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != usize::from(seat))
        .filter(|(s, _)| u8::try_from(*s).is_ok_and(|s| !game.has_left(crate::games::Seat(s))))
        .map(|(_, p)| p)
        .collect();
    !others.is_empty() && others.iter().all(|p| p.computer_level().is_some())
}

impl<S: Store> Play<S> {
    /// The game `/board` and `/history` show: by number (anyone may look); else, for a
    /// player seated in games here, their only game in progress (else their latest one that
    /// is over, aborted ones included); for a spectator, the same among the channel's games.
    /// Several in progress: asked which, as `/move` does, never a silent guess. Several over:
    /// the latest, with a line naming the others (returned beside it).
    pub(in crate::play) fn shown_game(
        &self,
        ctx: &Context,
        id: Option<GameId>,
    ) -> Result<(GameRecord, Option<String>), Stop> {
        if let Some(id) = id {
            return Ok((self.store.get(id)?, None));
        }
        let me = ctx.user.id;
        let here = self.store.games_in_channel(ctx.place.channel)?;
        let player = here.iter().any(|r| r.seat_of(me).is_some());
        let in_view = |r: &&GameRecord| !player || r.seat_of(me).is_some();
        // Games in progress first, then (none in progress) those that are over, an aborted
        // one too: the latest game is never hidden behind an older one.
        for over in [false, true] {
            let mut games: Vec<&GameRecord> = here
                .iter()
                .filter(in_view)
                .filter(|r| match r.status {
                    Status::Active => !over,
                    Status::Finished(_) | Status::Aborted => over,
                    _ => false,
                })
                .collect();
            let lang = || self.reader_lang(ctx);
            let intro = |lang: Lang, count: usize| {
                i18n::text_with(
                    lang,
                    if player { "which-yours" } else { "which-here" },
                    &[("count", count.into()), ("over", over.into())],
                )
            };
            match games.as_slice() {
                [] => {}
                [only] => return Ok(((*only).clone(), None)),
                several if !over => {
                    let lang = lang();
                    let intro = intro(lang, several.len());
                    return refuse(which_game(lang, &intro, several, me));
                }
                several => {
                    // All over: the latest, and how to see the others.
                    let count = several.len();
                    games.sort_by_key(|r| std::cmp::Reverse((r.updated, r.id.0)));
                    let others: Vec<String> = games[1..]
                        .iter()
                        .take(5)
                        .map(|r| format!("#{}", r.id.0))
                        .collect();
                    let lang = lang();
                    let note = i18n::text_with(
                        lang,
                        "which-latest",
                        &[
                            ("intro", intro(lang, count).into()),
                            ("game", games[0].id.0.into()),
                            ("others", others.join(", ").into()),
                        ],
                    );
                    return Ok((games[0].clone(), Some(note)));
                }
            }
        }
        say("refuse-no-game-in-channel")
    }
}
