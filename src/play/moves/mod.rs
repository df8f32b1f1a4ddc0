//! Moves and offers: `/move`, `/board`, `/resign`, and the draw and takeback
//! offers (answered by the computer at once when it is the only other player). The
//! computer's own moves are in [`computer`].

pub(in crate::play) mod computer;

use crate::ai::Level;
use crate::games::{AnyGame, Seat};
use crate::i18n;
use crate::i18n::Lang;
use crate::play::args::{normalise_move, read_proposal, Args, ParseCommandError};
use crate::play::clocks::{others_playing, resumed, Forfeit};
use crate::play::command::{Answer, Context, User, ACTION_PREFIX};
use crate::play::core::seats::{
    last_turn, move_refusal, only_computers_besides, rules_result, said_moves, strs, turn_text,
};
use crate::play::core::{refuse, say, say_with, Loaded, Play, Stop};
use crate::play::definition::common::{answer, game_number, on_game, proposal_actions};
use crate::play::definition::{parser, Action, CommandSpec, Contexts, Kind, OptionSpec};
use crate::play::proposal::{after_move, DRAW, TAKEBACK};
use crate::play::reply::{Component, News, Reply};
use crate::play::text::{self, board_reply, seat_label};
use crate::store::{GameId, GameRecord, GameResult, Status, Store};
impl<S: Store> Play<S> {
    pub(super) fn play_move(
        &self,
        ctx: &Context,
        id: Option<GameId>,
        mv: &str,
    ) -> Result<Reply, Stop> {
        if id.is_none() && self.puzzle_takes_move(ctx) {
            return self.puzzle_answer(ctx, mv);
        }
        let (loaded, seat) = self.seated(ctx, id)?;
        let to_move = loaded.game.to_move().0;
        if to_move != seat {
            let lang = self.reader_lang(ctx);
            return refuse(i18n::text_with(
                lang,
                "move-not-your-turn",
                &[
                    (
                        "who",
                        text::seat_label(lang, &loaded.record, &loaded.game, to_move).into(),
                    ),
                    ("game", loaded.record.id.0.into()),
                ],
            ));
        }
        self.play_turn(loaded, seat, mv, Some(ctx))
    }

    /// Plays `mv` (one ply, or several actions of a turn) for `seat`, whose turn it is:
    /// what a player's `/move` and the computer's reply both go through, so both are saved,
    /// announced and pictured alike. A refusal (and a mid-turn answer) is said in the
    /// language of `mover`, the player who sent it; the computer's would be English. It is
    /// looked up only then, so an accepted move reads no settings of the mover's.
    pub(super) fn play_turn(
        &self,
        Loaded {
            mut record,
            mut game,
        }: Loaded,
        seat: u8,
        mv: &str,
        mover: Option<&Context>,
    ) -> Result<Reply, Stop> {
        let lang = || mover.map_or(Lang::En, |ctx| self.reader_lang(ctx));
        // The place's language, read once and only when something public is said.
        let place = record.place;
        let post_lang = std::cell::OnceCell::new();
        let post = || *post_lang.get_or_init(|| self.place_lang(&place));
        let mv = &normalise_move(record.kind, mv);
        let kind = record.kind;
        let said = |lang: Lang, moves: &[&str]| said_moves(lang, kind, moves);
        let plies = game.split_plies(mv).map_err(|e| {
            Stop::Refuse(format!(
                "{}.",
                i18n::refusals::move_error(lang(), record.kind, &e)
            ))
        })?;
        if plies.is_empty() {
            return refuse(i18n::text(lang(), "move-say-what"));
        }
        // All or nothing: every ply is tried on the loaded copy before anything is saved.
        let mut played = Vec::with_capacity(plies.len());
        for (i, ply) in plies.iter().enumerate() {
            if game.to_move().0 != seat || game.outcome().is_finished() {
                return refuse(i18n::text_with(
                    lang(),
                    "move-turn-ended",
                    &[
                        ("played", said(lang(), &strs(&played)).into()),
                        ("rest", said(lang(), &strs(&plies[i..])).into()),
                        ("count", i.into()),
                    ],
                ));
            }
            match game.play(ply) {
                Ok(done) => played.push(done),
                Err(error) => {
                    let lang = lang();
                    let reason = i18n::refusals::move_error(lang, record.kind, &error);
                    let mut why = move_refusal(lang, &game, ply, &reason);
                    if !played.is_empty() {
                        why.push(' ');
                        why.push_str(&i18n::text_with(
                            lang,
                            "move-nothing-played",
                            &[("played", said(lang, &strs(&played)).into())],
                        ));
                    }
                    return refuse(why);
                }
            }
        }
        record.moves.extend(played.iter().cloned());
        record.position = game.position_text();
        record.updated = self.clock.now_ms();
        // An open proposal stands or lapses by the rule of its kind; an ended game ends it.
        let proposal = match rules_result(&game) {
            Some(result) => {
                record.status = Status::Finished(result);
                record.pending = None;
                None
            }
            None if record.pending.is_some() => after_move(&mut record, &game, seat, post()),
            None => None,
        };
        let (proposal_text, lapsed_for) = proposal.unzip();
        let lapsed_for = lapsed_for.flatten();
        // A move ends a pause (its player is back); mid-turn the clock then runs on, and a
        // turn passed starts the next player's.
        record.clock = record.clock.map(|c| resumed(c, record.updated));
        if game.to_move().0 != seat {
            self.restart_clock(&mut record);
        }
        let record = self.store.replace(&record)?;
        if let (Some(left), Status::Active, true) = (
            game.actions_left(),
            &record.status,
            game.to_move().0 == seat,
        ) {
            // Mid-turn: only the mover hears of it; the table is posted when the turn ends.
            // A proposal that lapsed is news for everyone it was put to, though.
            let actions = |lang: Lang, public: bool| {
                i18n::text_with(
                    lang,
                    "move-mid-turn",
                    &[
                        ("who", seat_label(lang, &record, &game, seat).into()),
                        ("public", public.into()),
                        ("moves", said(lang, &strs(&played)).into()),
                        ("game", record.id.0.into()),
                        ("count", left.into()),
                    ],
                )
            };
            return Ok(match (proposal_text, lapsed_for) {
                (Some(lapse), Some(_)) => {
                    let post = post();
                    Reply::public(format!("{}\n{lapse}", actions(post, true)))
                        .about(record.id, News::Game)
                        .mentioning(others_playing(&record, &game, seat))
                        .with(Component::Buttons(text::action_buttons(
                            &record, &game, true, post,
                        )))
                }
                (stands, _) => {
                    let lang = lang();
                    // A proposal that stands left the record as it was: said again in the
                    // mover's language, as the rest of this answer.
                    let stands = stands.and_then(|_| {
                        after_move(&mut record.clone(), &game, seat, lang).map(|(text, _)| text)
                    });
                    Reply::private(
                        [Some(actions(lang, false)), stands]
                            .into_iter()
                            .flatten()
                            .collect::<Vec<_>>()
                            .join("\n"),
                    )
                    .with(Component::Buttons(text::action_buttons(
                        &record, &game, true, lang,
                    )))
                }
            });
        }
        // The whole turn, however many commands it took.
        let movers = game.movers();
        let turn: Vec<&str> = record
            .moves
            .iter()
            .zip(&movers)
            .rev()
            // Someone else leaving in the middle of this turn is not part of it.
            .filter(|(mv, m)| m.0 == seat || !game.is_leave(mv))
            .take_while(|(_, m)| m.0 == seat)
            .map(|(mv, _)| mv.as_str())
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let post = post();
        let mut headline = i18n::text_with(
            post,
            "game-played",
            &[
                ("who", text::seat_label(post, &record, &game, seat).into()),
                ("moves", said(post, &turn).into()),
            ],
        );
        if let Some(proposal) = proposal_text {
            headline = format!("{headline}\n{proposal}");
        }
        let mut reply = board_reply(&record, &game, &headline, self.clock.now_ms(), post);
        // The proposer hears that their proposal lapsed, even when it is not their turn.
        let proposer = lapsed_for.and_then(|s| record.seats.get(usize::from(s))?.user_id());
        if let Some(by) = proposer.filter(|by| !reply.mentions.contains(by)) {
            reply.mentions.push(by);
        }
        Ok(reply)
    }

    pub(super) fn board(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let (record, note) = self.shown_game(ctx, id)?;
        if let Some(text) = text::not_begun_text(self.reader_lang(ctx), &record) {
            return Ok(Reply::private(text));
        }
        let loaded = self.rebuild(record)?;
        let board = board_reply(
            &loaded.record,
            &loaded.game,
            "",
            self.clock.now_ms(),
            self.place_lang(&loaded.record.place),
        );
        // A player asking is handed their own page of it, where they play by tapping.
        let lang = self.reader_lang(ctx);
        let aside = self
            .play_button(&loaded.record, ctx.user.id, lang)
            .map(|button| {
                let id = [("game", loaded.record.id.0.into())];
                Box::new(
                    Reply::private(i18n::text_with(lang, "web-link-aside", &id))
                        .with(Component::Buttons(vec![button])),
                )
            });
        // Looking at a board notifies nobody.
        Ok(Reply {
            mentions: Vec::new(),
            text: match note {
                Some(note) => format!("{note}\n{}", board.text),
                None => board.text.clone(),
            },
            aside,
            ..board
        })
    }

    pub(super) fn resign(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let (
            Loaded {
                mut record,
                mut game,
            },
            seat,
        ) = self.seated(ctx, id)?;
        let lang = self.place_lang(&record.place);
        let headline = self.forfeit(&mut record, &mut game, seat, Forfeit::Resigned, lang)?;
        let record = self.store.replace(&record)?;
        Ok(board_reply(
            &record,
            &game,
            &headline,
            self.clock.now_ms(),
            lang,
        ))
    }

    pub(super) fn draw(
        &self,
        ctx: &Context,
        id: Option<GameId>,
        answer: Answer,
    ) -> Result<Reply, Stop> {
        let (Loaded { mut record, game }, seat) = self.seated(ctx, id)?;
        if game.scores().is_some() {
            return say_with("refuse-no-draws", [("kind", record.kind.into())]);
        }
        if answer == Answer::Propose && only_computers_besides(&record, &game, seat) {
            return self.draw_with_computer(record, &game, seat);
        }
        if let Some(reply) =
            self.answer_proposal(&mut record, &game, (seat, ctx), answer, &DRAW, &[])?
        {
            return Ok(reply);
        }
        let lang = self.place_lang(&record.place);
        let me = seat_label(lang, &record, &game, seat);
        let text = i18n::text_with(lang, "offer-draw-accepted", &[("who", me.into())]);
        self.finish_agreed_draw(record, &game, &text)
    }

    /// Ends a game as a draw by agreement and shows its board with `text`: the one ending
    /// of a draw offer accepted, whether a player or the computer accepted it.
    fn finish_agreed_draw(
        &self,
        mut record: GameRecord,
        game: &AnyGame,
        text: &str,
    ) -> Result<Reply, Stop> {
        record.status = Status::Finished(GameResult::new(Vec::new(), "agreed to a draw"));
        let record = self.store.replace(&record)?;
        Ok(board_reply(
            &record,
            game,
            text,
            self.clock.now_ms(),
            self.place_lang(&record.place),
        ))
    }

    pub(super) fn takeback(
        &self,
        ctx: &Context,
        id: Option<GameId>,
        answer: Answer,
    ) -> Result<Reply, Stop> {
        let (Loaded { mut record, game }, seat) = self.seated(ctx, id)?;
        if record.moves.is_empty() {
            return say("refuse-nothing-to-take-back");
        }
        if answer == Answer::Propose && only_computers_besides(&record, &game, seat) {
            return self.takeback_from_computer(record, &game, seat);
        }
        // Whose turn is asked back: the caller's own, or the one they are answering about.
        let proposer = record.pending.and_then(TAKEBACK.by).unwrap_or(seat);
        let from =
            last_turn(self.reader_lang(ctx), &record, &game, proposer).map_err(Stop::Refuse)?;
        let turn = record.moves[from..].to_vec();
        let asked =
            self.answer_proposal(&mut record, &game, (seat, ctx), answer, &TAKEBACK, &turn)?;
        if let Some(reply) = asked {
            return Ok(reply);
        }
        let before = game.to_move();
        let undone = record.moves.split_off(from);
        let undone = turn_text(self.place_lang(&record.place), record.kind, &undone);
        let game = record.replay(from).map_err(Stop::Fail)?;
        record.position = game.position_text();
        // The move goes back to whoever made it, with a fresh clock; taking back a ply
        // inside one's own turn leaves the clock as it is.
        if game.to_move() != before {
            self.restart_clock(&mut record);
        }
        let record = self.store.replace(&record)?;
        Ok(self.seat_board(
            &record,
            &game,
            seat,
            ("offer-takeback-done", &[("moves", undone.into())]),
            self.clock.now_ms(),
        ))
    }
}

impl<S: Store> Play<S> {
    /// A draw offered to the computer alone: it answers at once, by its evaluation.
    fn draw_with_computer(
        &self,
        mut record: GameRecord,
        game: &AnyGame,
        seat: u8,
    ) -> Result<Reply, Stop> {
        let lang = self.place_lang(&record.place);
        let me = seat_label(lang, &record, game, seat);
        let id = record.id;
        let computer = (0..record.seats.len())
            .filter_map(|s| u8::try_from(s).ok())
            .find_map(|s| {
                let level = record.seats[usize::from(s)].computer_level()?;
                Some((s, Level::new(level).unwrap_or_default()))
            });
        let Some((computer, level)) = computer else {
            return say("refuse-nobody-to-offer");
        };
        let them = seat_label(lang, &record, game, computer);
        let accepts = crate::ai::accepts_draw(game, Seat(computer), level, &self.ai.limits());
        let text = i18n::text_with(
            lang,
            "offer-computer-draw",
            &[
                ("who", me.into()),
                ("them", them.into()),
                ("game", id.0.into()),
                ("accepts", accepts.into()),
            ],
        );
        if !accepts {
            return Ok(Reply::public(text));
        }
        record.pending = None;
        record.updated = self.clock.now_ms();
        self.finish_agreed_draw(record, game, &text)
    }

    /// A takeback asked of the computer alone: granted at once. The computer's reply and
    /// the player's own last turn are both undone, so it is the player's turn again.
    fn takeback_from_computer(
        &self,
        mut record: GameRecord,
        game: &AnyGame,
        seat: u8,
    ) -> Result<Reply, Stop> {
        let movers = game.movers();
        let played = record.moves.iter().zip(&movers).rev();
        let theirs = played.clone().take_while(|(_, m)| m.0 != seat).count();
        let mine = played.skip(theirs).take_while(|(_, m)| m.0 == seat).count();
        if mine == 0 {
            return say("refuse-nothing-of-yours");
        }
        let from = record.moves.len() - theirs - mine;
        if record.moves[from..].iter().any(|mv| game.is_leave(mv)) {
            return say("refuse-left-since");
        }
        let undone = record.moves.split_off(from);
        let undone = said_moves(self.place_lang(&record.place), record.kind, &strs(&undone));
        let back = record.replay(from).map_err(Stop::Fail)?;
        record.position = back.position_text();
        record.pending = None;
        record.agreed.clear();
        record.updated = self.clock.now_ms();
        self.restart_clock(&mut record);
        let record = self.store.replace(&record)?;
        Ok(self.seat_board(
            &record,
            &back,
            seat,
            ("offer-computer-takeback", &[("moves", undone.into())]),
            self.clock.now_ms(),
        ))
    }
}

/// The commands of a game in play: moves, looking at the board, and the offers between players.
/// `game: None` means "my only game here", resolved by the play layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveCommand {
    /// Play a move.
    Move {
        /// Which game.
        game: Option<GameId>,
        /// The move as typed.
        mv: String,
    },
    /// Show a game's board.
    Board {
        /// Which game.
        game: Option<GameId>,
    },
    /// Give up.
    Resign {
        /// Which game.
        game: Option<GameId>,
    },
    /// Offer, accept or decline a draw.
    Draw {
        /// Which game.
        game: Option<GameId>,
        /// What to do.
        answer: Answer,
    },
    /// Ask to take back one's last move, or answer such a request.
    Takeback {
        /// Which game.
        game: Option<GameId>,
        /// What to do.
        answer: Answer,
    },
}

impl MoveCommand {
    /// The name of its command in the table.
    pub(in crate::play) fn name(&self) -> &'static str {
        match self {
            Self::Move { .. } => "move",
            Self::Board { .. } => "board",
            Self::Resign { .. } => "resign",
            Self::Draw { .. } => "draw",
            Self::Takeback { .. } => "takeback",
        }
    }

    /// Whether carrying it out may write to the store, so its reply must wait until the
    /// write is durable. Only pure look-ups say no; anything new is a writer.
    pub(in crate::play) fn may_write(&self) -> bool {
        match self {
            Self::Move { .. } => true,
            Self::Board { .. } => false,
            Self::Resign { .. } => true,
            Self::Draw { .. } => true,
            Self::Takeback { .. } => true,
        }
    }
}

impl<S: Store> Play<S> {
    /// Carries out one of the family's commands.
    pub(in crate::play) fn run_moves(
        &self,
        ctx: &Context,
        command: MoveCommand,
    ) -> Result<Reply, Stop> {
        match command {
            MoveCommand::Move { game, mv } => self.play_move(ctx, game, &mv),
            MoveCommand::Board { game } => self.board(ctx, game),
            MoveCommand::Resign { game } => self.resign(ctx, game),
            MoveCommand::Draw { game, answer } => self.draw(ctx, game, answer),
            MoveCommand::Takeback { game, answer } => self.takeback(ctx, game, answer),
        }
    }
}

/// Moves, looking at games, and the offers between players.
pub(in crate::play) fn commands() -> Vec<CommandSpec<MoveCommand>> {
    vec![
        CommandSpec {
            name: "move",
            aliases: &["m"],
            options: vec![
                OptionSpec::new("move", "opt-move", Kind::Text)
                    .required()
                    .autocomplete(),
                game_number(),
            ],
            game_options: false,
            contexts: Contexts::PLAYED,
            private: false,
            help: &["help-move"],
            parse: parser(read_move),
            actions: Vec::new(),
            buttons: None,
        }
        // One button per action of a several-ply turn (Skakanie): `do-take:12`.
        .buttons(|id| {
            let (action, game) = id.split_once(':')?;
            Some(MoveCommand::Move {
                game: Some(GameId(game.parse().ok()?)),
                mv: action.strip_prefix(ACTION_PREFIX)?.to_owned(),
            })
        }),
        on_game(
            "board",
            &["help-look"],
            |args, _| {
                Ok(MoveCommand::Board {
                    game: args.game_id()?,
                })
            },
            vec![Action::new("board", |game| MoveCommand::Board { game })],
        ),
        on_game(
            "resign",
            &["help-offers"],
            |args, _| {
                Ok(MoveCommand::Resign {
                    game: args.game_id()?,
                })
            },
            vec![
                Action::new("resign", |game| MoveCommand::Resign { game }),
                // Leaving a game of several players (Skakanie) is its resignation, asked
                // about in its own words.
                Action::new(crate::play::reply::LEAVE_GAME, |game| MoveCommand::Resign {
                    game,
                }),
            ],
        ),
        CommandSpec {
            options: vec![game_number(), answer("choice-offer")],
            ..on_game(
                "draw",
                &["help-offers-more"],
                |args, _| {
                    read_proposal(args, &["offer"], |game, answer| MoveCommand::Draw {
                        game,
                        answer,
                    })
                },
                proposal_actions!("draw", |game, answer| MoveCommand::Draw { game, answer }),
            )
        },
        CommandSpec {
            aliases: &["undo"],
            options: vec![game_number(), answer("choice-request")],
            ..on_game(
                "takeback",
                &[],
                |args, _| {
                    read_proposal(args, &["request", "ask"], |game, answer| {
                        MoveCommand::Takeback { game, answer }
                    })
                },
                proposal_actions!("takeback", |game, answer| MoveCommand::Takeback {
                    game,
                    answer
                }),
            )
        },
    ]
}

/// `/move`: the move (named, or the words typed) and its game.
pub(in crate::play) fn read_move(
    args: &mut Args,
    _: &dyn Fn(&str) -> User,
) -> Result<MoveCommand, ParseCommandError> {
    let game = args.game_id()?;
    let mv = args
        .take(&["move"])
        .unwrap_or_else(|| args.positional.join(" "));
    if mv.trim().is_empty() {
        return Err(ParseCommandError::Missing {
            command: "move",
            what: "move",
        });
    }
    Ok(MoveCommand::Move { game, mv })
}
