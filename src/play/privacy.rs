//! Players' data: `/privacy` (what the bot keeps about the caller, why and for how long) and
//! `/forget-me` (delete it, after a confirmation). Both answer only the caller, in their
//! language.
//!
//! A player still playing a game is asked to finish or resign it first: resigning for them
//! would end a game their opponent is playing, and a game in progress needs its players'
//! ids to go on (turns, reminders, ratings at the end).

use std::collections::BTreeSet;

use crate::games::GameKind;
use crate::i18n::{self, Arg};
use crate::play::args::{typed_word, Args, ParseCommandError};
use crate::play::command::{Context, User};
use crate::play::core::{say_with, Play, Stop};
use crate::play::definition::common::plain;
use crate::play::definition::{CommandSpec, Contexts};
use crate::play::ratings::standing_line;
use crate::play::reply::{Button, ButtonStyle, Component, Reply};
use crate::store::{GameRecord, Notify, Player, Status, Store, StoreError, UserId};

impl<S: Store> Play<S> {
    /// `/privacy`: everything the store holds under the caller's id, read back to them.
    pub(super) fn privacy(&self, ctx: &Context) -> Result<Reply, Stop> {
        let lang = self.reader_lang(ctx);
        let me = ctx.user.id;
        let mut lines = vec![i18n::text(lang, "privacy-title")];

        let settings = self.store.settings(me)?;
        if settings == crate::store::UserSettings::default() {
            lines.push(i18n::text(lang, "privacy-settings-none"));
        } else {
            let language = |chosen: Option<crate::i18n::Lang>, none: &str| match chosen {
                Some(l) => Arg::from(l.native_name()),
                None => Arg::Message(none.to_owned()),
            };
            let notify = match settings.notify {
                Notify::Channel => "channel",
                Notify::Dm => "dm",
                Notify::Off => "off",
            };
            lines.push(i18n::text_with(
                lang,
                "privacy-settings",
                &[
                    ("notify", notify.into()),
                    ("language", language(settings.lang, "privacy-not-chosen")),
                    (
                        "discord",
                        language(settings.discord_lang, "privacy-not-noted"),
                    ),
                ],
            ));
        }

        let mut ratings = Vec::new();
        for kind in GameKind::ALL {
            if let Some(standing) = self.store.standing(kind, me)? {
                ratings.push(format!("• {}", standing_line(lang, kind, &standing)));
            }
        }
        if ratings.is_empty() {
            lines.push(i18n::text(lang, "privacy-ratings-none"));
        } else {
            lines.push(i18n::text(lang, "privacy-ratings"));
            lines.extend(ratings);
        }

        let games = self.store.games_of_user(me)?;
        let (challenges, played): (Vec<&GameRecord>, Vec<&GameRecord>) = games
            .iter()
            .partition(|g| matches!(g.status, Status::Challenge(_)));
        let playing = played.iter().filter(|g| g.status == Status::Active).count();
        let names: BTreeSet<&str> = games
            .iter()
            .flat_map(|g| players_of(g))
            .filter(|p| p.user_id() == Some(me))
            .map(Player::name)
            .collect();
        let names: Vec<&str> = names.into_iter().collect();
        // No game, no names to list: someone forgotten, or who never played.
        if played.is_empty() {
            lines.push(i18n::text(lang, "privacy-games-none"));
        } else {
            lines.push(i18n::text_with(
                lang,
                "privacy-games",
                &[
                    ("count", played.len().into()),
                    ("playing", playing.into()),
                    ("names", names.join(", ").into()),
                ],
            ));
        }
        lines.push(i18n::text_with(
            lang,
            "privacy-challenges",
            &[("count", challenges.len().into())],
        ));
        let mut boards = 0_usize;
        for game in &games {
            if self.store.board_link(game.id)?.is_some() {
                boards += 1;
            }
        }
        lines.push(i18n::text_with(
            lang,
            "privacy-boards",
            &[("count", boards.into())],
        ));
        lines.push(i18n::text(lang, "privacy-nothing-else"));
        lines.push(i18n::text(lang, "privacy-how-long"));
        lines.push(i18n::text(lang, "privacy-forget"));
        Ok(Reply::private(lines.join("\n")))
    }

    /// `/forget-me`: without `confirm`, what it would delete and a button to go ahead;
    /// with it, the deletion, in one transaction of the store.
    pub(super) fn forget_me(&self, ctx: &Context, confirm: bool) -> Result<Reply, Stop> {
        let lang = self.reader_lang(ctx);
        let me = ctx.user.id;
        let games = self.store.games_of_user(me)?;
        let playing: Vec<String> = games
            .iter()
            .filter(|g| g.status == Status::Active && g.seat_of(me).is_some())
            .map(|g| format!("#{}", g.id))
            .collect();
        if !playing.is_empty() {
            return say_with(
                "forget-me-playing",
                [
                    ("count", playing.len().into()),
                    ("games", playing.join(", ").into()),
                ],
            );
        }
        let tournaments = self.tournaments_naming(me)?;
        self.still_in_tournaments(&tournaments, me)?;
        if !confirm {
            let challenges = games
                .iter()
                .filter(|g| matches!(g.status, Status::Challenge(_)))
                .count();
            let ask = i18n::text_with(
                lang,
                "forget-me-ask",
                &[
                    ("games", (games.len() - challenges).into()),
                    ("challenges", challenges.into()),
                ],
            );
            let button = Button {
                id: FORGET_ME_BUTTON.to_owned(),
                label: i18n::text(lang, "forget-me-button"),
                style: ButtonStyle::Danger,
                confirm: false,
            };
            return Ok(Reply::private(ask).with(Component::Buttons(vec![button])));
        }
        let anonymous = self.unused_anonymous_id()?;
        let done = match self.store.forget_user(me, anonymous, self.clock.now_ms()) {
            Ok(done) => done,
            // A game began between the look above and the deletion.
            Err(StoreError::InProgress(game)) => {
                return say_with(
                    "forget-me-playing",
                    [("count", 1.into()), ("games", format!("#{game}").into())],
                )
            }
            Err(other) => return Err(other.into()),
        };
        // After the games: a game begun meanwhile stops both, and a failure here is mended
        // by asking again (the tournaments are found by reading them all, not through the
        // games, which are renamed now).
        self.forget_in_tournaments(&tournaments, me, anonymous)?;
        Ok(Reply::private(i18n::text_with(
            lang,
            "forget-me-done",
            &[
                ("games", done.games.into()),
                ("challenges", done.challenges.into()),
                ("ratings", done.ratings.into()),
            ],
        )))
    }

    /// A new anonymous id no game uses yet: 40 random bits, so a clash is rare; looked
    /// for anyway.
    fn unused_anonymous_id(&self) -> Result<UserId, Stop> {
        let mut anonymous = UserId::anonymous(self.dice.roll(0));
        for attempt in 1..=16_u64 {
            if self.store.games_of_user(anonymous)?.is_empty() {
                break;
            }
            anonymous = UserId::anonymous(
                self.dice
                    .roll(0)
                    .wrapping_add(attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            );
        }
        Ok(anonymous)
    }
}

/// Everyone a record names: its seats and, while it is a challenge, its parties.
fn players_of(record: &GameRecord) -> Vec<&Player> {
    let mut players: Vec<&Player> = record.seats.iter().collect();
    if let Status::Challenge(c) = &record.status {
        players.push(&c.from);
        players.extend(c.named());
        players.extend(&c.joined);
    }
    players
}

/// The id of the button that confirms `/forget-me`: it acts on whoever clicks it, and only
/// the caller sees it.
pub const FORGET_ME_BUTTON: &str = "forget-me:confirm";

/// The commands about what the bot keeps: what and why, and forgetting it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrivacyCommand {
    /// What the bot keeps about the caller, why and for how long.
    Privacy,
    /// Delete what the bot keeps about the caller: first what it would do and a button
    /// (console: `/forget-me confirm`), then, confirmed, the deletion.
    ForgetMe {
        /// Whether the caller confirmed.
        confirm: bool,
    },
}

impl PrivacyCommand {
    /// The name of its command in the table.
    pub(in crate::play) fn name(&self) -> &'static str {
        match self {
            Self::Privacy => "privacy",
            Self::ForgetMe { .. } => "forget-me",
        }
    }

    /// Whether carrying it out may write to the store, so its reply must wait until the
    /// write is durable. Only pure look-ups say no; anything new is a writer.
    pub(in crate::play) fn may_write(&self) -> bool {
        match self {
            Self::Privacy => false,
            Self::ForgetMe { confirm } => *confirm,
        }
    }
}

impl<S: Store> Play<S> {
    /// Carries out one of the family's commands.
    pub(in crate::play) fn run_privacy(
        &self,
        ctx: &Context,
        command: PrivacyCommand,
    ) -> Result<Reply, Stop> {
        match command {
            PrivacyCommand::Privacy => self.privacy(ctx),
            PrivacyCommand::ForgetMe { confirm } => self.forget_me(ctx, confirm),
        }
    }
}

/// What the bot keeps about a player, and forgetting it.
pub(in crate::play) fn commands() -> Vec<CommandSpec<PrivacyCommand>> {
    vec![
        plain(
            "privacy",
            &[],
            Vec::new(),
            Contexts::EVERYWHERE,
            &["help-privacy"],
            |_, _| Ok(PrivacyCommand::Privacy),
        )
        .private(),
        plain(
            "forget-me",
            &["forgetme", "forget"],
            Vec::new(),
            Contexts::EVERYWHERE,
            &[],
            read_forget_me,
        )
        .private()
        // It acts on whoever clicks it, and only the caller sees it.
        .buttons(|id| {
            (id == FORGET_ME_BUTTON).then_some(PrivacyCommand::ForgetMe { confirm: true })
        }),
    ]
}

/// `/forget-me`, and `/forget-me confirm` typed after it.
pub(in crate::play) fn read_forget_me(
    args: &mut Args,
    _: &dyn Fn(&str) -> User,
) -> Result<PrivacyCommand, ParseCommandError> {
    let word = args.positional.first().map(|w| typed_word(w));
    match word.as_deref() {
        None => Ok(PrivacyCommand::ForgetMe { confirm: false }),
        Some("confirm" | "yes") => Ok(PrivacyCommand::ForgetMe { confirm: true }),
        Some(other) => Err(ParseCommandError::Bad {
            what: "forget-confirm",
            typed: other.to_owned(),
        }),
    }
}
