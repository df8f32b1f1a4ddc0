//! Playing over days: `/games` (a player's games and their clocks), the move clock's alarms
//! (fired by the scheduler through `Play::fire_due`), claiming a win on time, and pausing
//! by agreement.

use crate::i18n::{self, Arg, Lang};
use crate::play::args::read_proposal;
use crate::play::clocks::{clock_notice, others_playing, resumed, Forfeit};
use crate::play::command::{Answer, Context};
use crate::play::core::seats::{computer_to_move, only_computers_besides};
use crate::play::core::{refuse, say_with, Loaded, Play, Stop};
use crate::play::definition::common::plain;
use crate::play::definition::common::{answer, game_number, on_game, proposal_actions};
use crate::play::definition::Contexts;
use crate::play::definition::{Action, CommandSpec};
use crate::play::proposal::PAUSE;
use crate::play::reply::{Button, ButtonStyle, Component, MovesOn, News, Notice, Reply};
use crate::play::text::{self, board_reply, seat_label};
use crate::play::timing::{clock_now, duration_in, ClockNow};
use crate::store::{ClockStage, GameId, GameRecord, Status, Store, UserId};

impl<S: Store> Play<S> {
    /// One game's due alarm.
    pub(in crate::play) fn fire(&self, id: GameId, now: u64) -> Result<Option<Notice>, Stop> {
        let Loaded {
            mut record,
            mut game,
        } = self.load(id)?;
        let (Some(clock), Some(alarm)) = (record.clock, record.alarm()) else {
            return Ok(None);
        };
        if alarm > now {
            return Ok(None);
        }
        if computer_to_move(&record, &game).is_some() {
            // The computer is never reminded and never runs out of time: it moves as soon
            // as a search is free. Its clock (late only when the bot was down) starts again.
            self.restart_clock(&mut record);
            self.store.replace(&record)?;
            return Ok(None);
        }
        let seat = game.to_move().0;
        let lang = self.place_lang(&record.place);
        let board_button = Button::new(
            "board",
            id,
            &i18n::text(lang, "button-board"),
            ButtonStyle::Secondary,
        );
        let mover = record
            .seats
            .get(usize::from(seat))
            .and_then(crate::store::Player::user_id);
        let reply = if now >= clock.deadline.saturating_add(clock.grace) {
            let headline = self.forfeit(&mut record, &mut game, seat, Forfeit::TimedOut, lang)?;
            let record = self.store.replace(&record)?;
            board_reply(&record, &game, &headline, now, lang)
        } else if now >= clock.deadline {
            record.clock = Some(crate::store::MoveClock {
                stage: ClockStage::Expired,
                ..clock
            });
            let record = self.store.replace(&record)?;
            let others: Vec<UserId> = others_playing(&record, &game, seat);
            Reply::public(clock_notice(lang, &record, &game, &clock, now))
                .about(id, News::Clock)
                .mentioning(others)
                .with(Component::Buttons(vec![
                    Button::new(
                        "claim",
                        id,
                        &i18n::text(lang, "button-claim-win"),
                        ButtonStyle::Danger,
                    ),
                    board_button,
                ]))
        } else {
            record.clock = Some(crate::store::MoveClock {
                stage: ClockStage::Reminded,
                ..clock
            });
            self.store.replace(&record)?;
            Reply::public(clock_notice(lang, &record, &game, &clock, now))
                .about(id, News::Clock)
                .mentioning(mover)
                .with(Component::Moves {
                    on: MovesOn::Game(id),
                    moves: game.legal_moves(),
                    label: i18n::text(lang, "button-move"),
                })
                .with(Component::Buttons(vec![board_button]))
        };
        Ok(Some(self.notice(id, record.place, reply)))
    }

    /// `/claim`: a player out of time loses (or, in a game that goes on without them, is
    /// skipped from then on), at the word of any other seated player.
    pub(super) fn claim(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let (
            Loaded {
                mut record,
                mut game,
            },
            seat,
        ) = self.seated(ctx, id)?;
        let id = record.id;
        let game_arg = || ("game", Arg::from(id.0));
        let Some(clock) = record.clock else {
            return say_with("claim-no-clock", [game_arg()]);
        };
        let to_move = game.to_move().0;
        if to_move == seat {
            return say_with("claim-your-turn", [game_arg()]);
        }
        if computer_to_move(&record, &game).is_some() {
            return say_with("claim-computer", [game_arg()]);
        }
        let now = self.clock.now_ms();
        match clock_now(&clock, now) {
            ClockNow::Paused(_) => return say_with("claim-paused", [game_arg()]),
            ClockNow::Running(left) => {
                let lang = self.reader_lang(ctx);
                return refuse(i18n::text_with(
                    lang,
                    "claim-time-left",
                    &[
                        ("who", seat_label(lang, &record, &game, to_move).into()),
                        ("left", duration_in(lang, left).into()),
                        game_arg(),
                    ],
                ));
            }
            ClockNow::Out(_) => {}
        }
        let lang = self.place_lang(&record.place);
        let headline = self.forfeit(&mut record, &mut game, to_move, Forfeit::TimedOut, lang)?;
        let record = self.store.replace(&record)?;
        let claimed = i18n::text_with(
            lang,
            "claim-claimed",
            &[
                ("who", ctx.user.name.as_str().into()),
                ("headline", headline.into()),
            ],
        );
        Ok(board_reply(&record, &game, claimed.trim(), now, lang))
    }

    /// `/pause`: propose a pause of the clock (vacation), or answer a proposal. A pause
    /// needs another player's yes; the time left is kept and given back on `/resume`.
    pub(super) fn pause(
        &self,
        ctx: &Context,
        id: Option<GameId>,
        answer: Answer,
    ) -> Result<Reply, Stop> {
        let (Loaded { mut record, game }, seat) = self.seated(ctx, id)?;
        let id = record.id;
        let Some(mut clock) = record.clock else {
            return say_with("pause-no-clock", [("game", id.0.into())]);
        };
        if clock.paused.is_some() {
            return say_with("pause-already", [("game", id.0.into())]);
        }
        // The computer takes its time off whenever a player needs a break.
        let computer = answer == Answer::Propose && only_computers_besides(&record, &game, seat);
        let asked = if computer {
            record.pending = None;
            None
        } else {
            self.answer_proposal(&mut record, &game, (seat, ctx), answer, &PAUSE, &[])?
        };
        if let Some(reply) = asked {
            return Ok(reply);
        }
        let now = self.clock.now_ms();
        clock.paused = Some(clock.deadline.saturating_sub(now));
        record.clock = Some(clock);
        let record = self.store.replace(&record)?;
        Ok(self.seat_board(&record, &game, seat, ("pause-done", &[]), now))
    }

    /// `/resume`: any player starts a paused game's clock again, with the time that was
    /// left. (A move in a paused game resumes it too.)
    pub(super) fn resume(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let (Loaded { mut record, game }, seat) = self.seated(ctx, id)?;
        let id = record.id;
        let Some(clock) = record.clock.filter(|c| c.paused.is_some()) else {
            return say_with("pause-not-paused", [("game", id.0.into())]);
        };
        let now = self.clock.now_ms();
        record.clock = Some(resumed(clock, now));
        record.updated = now;
        let record = self.store.replace(&record)?;
        Ok(self.seat_board(&record, &game, seat, ("pause-resumed", &[]), now))
    }

    /// `/games`' extra facts about one game: its clock and where its latest board is.
    pub(super) fn games_extra(&self, record: &GameRecord, lang: Lang) -> String {
        let mut extra = String::new();
        if let (Some(clock), Status::Active) = (record.clock, &record.status) {
            let state = match clock_now(&clock, self.clock.now_ms()) {
                ClockNow::Paused(_) => i18n::text(lang, "games-paused"),
                ClockNow::Out(_) => i18n::text(lang, "games-out-of-time"),
                ClockNow::Running(left) => i18n::text_with(
                    lang,
                    "games-time-left",
                    &[("left", duration_in(lang, left).into())],
                ),
            };
            extra.push_str(&format!(" · {state}"));
        }
        if let Ok(Some(link)) = self.store.board_link(record.id) {
            let link = i18n::text_with(lang, "games-latest-board", &[("link", link.into())]);
            extra.push_str(&format!(" · {link}"));
        }
        extra
    }
}

impl<S: Store> Play<S> {
    pub(super) fn games(&self, ctx: &Context) -> Result<Reply, Stop> {
        let lang = self.reader_lang(ctx);
        let records = self.store.games_of_user(ctx.user.id)?;
        let lines: Vec<String> = records
            .iter()
            .filter(|r| matches!(r.status, Status::Active | Status::Challenge(_)))
            .map(|r| {
                format!(
                    "• {}{}",
                    text::game_line(lang, r, ctx.user.id),
                    self.games_extra(r, lang)
                )
            })
            .collect();
        Ok(Reply::private(if lines.is_empty() {
            i18n::text(lang, "games-none")
        } else {
            format!("{}\n{}", i18n::text(lang, "games-yours"), lines.join("\n"))
        }))
    }
}

/// The commands of games played over days: the list of one's games, claims on time, pauses.
/// `game: None` means "my only game here", resolved by the play layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CorrespondenceCommand {
    /// List the caller's games.
    Games,
    /// Claim the win from a player who ran out of time.
    Claim {
        /// Which game.
        game: Option<GameId>,
    },
    /// Propose to pause a game on time (vacation), or answer such a proposal.
    Pause {
        /// Which game.
        game: Option<GameId>,
        /// What to do.
        answer: Answer,
    },
    /// Start a paused game's clock again.
    Resume {
        /// Which game.
        game: Option<GameId>,
    },
}

impl CorrespondenceCommand {
    /// The name of its command in the table.
    pub(in crate::play) fn name(&self) -> &'static str {
        match self {
            Self::Games => "games",
            Self::Claim { .. } => "claim",
            Self::Pause { .. } => "pause",
            Self::Resume { .. } => "resume",
        }
    }

    /// Whether carrying it out may write to the store, so its reply must wait until the
    /// write is durable. Only pure look-ups say no; anything new is a writer.
    pub(in crate::play) fn may_write(&self) -> bool {
        match self {
            Self::Games => false,
            Self::Claim { .. } => true,
            Self::Pause { .. } => true,
            Self::Resume { .. } => true,
        }
    }
}

impl<S: Store> Play<S> {
    /// Carries out one of the family's commands.
    pub(in crate::play) fn run_correspondence(
        &self,
        ctx: &Context,
        command: CorrespondenceCommand,
    ) -> Result<Reply, Stop> {
        match command {
            CorrespondenceCommand::Games => self.games(ctx),
            CorrespondenceCommand::Claim { game } => self.claim(ctx, game),
            CorrespondenceCommand::Pause { game, answer } => self.pause(ctx, game, answer),
            CorrespondenceCommand::Resume { game } => self.resume(ctx, game),
        }
    }
}

/// Games over days: a player's games, a win on time, pauses.
pub(in crate::play) fn commands() -> Vec<CommandSpec<CorrespondenceCommand>> {
    vec![
        plain(
            "games",
            &[],
            Vec::new(),
            Contexts::EVERYWHERE,
            &[],
            |_, _| Ok(CorrespondenceCommand::Games),
        )
        .private(),
        CommandSpec {
            aliases: &["claimwin"],
            ..on_game(
                "claim",
                &["help-days"],
                |args, _| {
                    Ok(CorrespondenceCommand::Claim {
                        game: args.game_id()?,
                    })
                },
                vec![Action::new("claim", |game| CorrespondenceCommand::Claim {
                    game,
                })],
            )
        },
        CommandSpec {
            aliases: &["vacation"],
            options: vec![game_number(), answer("choice-propose")],
            ..on_game(
                "pause",
                &[],
                |args, _| {
                    read_proposal(args, &["propose", "ask"], |game, answer| {
                        CorrespondenceCommand::Pause { game, answer }
                    })
                },
                proposal_actions!("pause", |game, answer| CorrespondenceCommand::Pause {
                    game,
                    answer
                }),
            )
        },
        on_game(
            "resume",
            &[],
            |args, _| {
                Ok(CorrespondenceCommand::Resume {
                    game: args.game_id()?,
                })
            },
            vec![Action::new("resume", |game| {
                CorrespondenceCommand::Resume { game }
            })],
        ),
    ]
}
