//! Discord payloads → what the bot is asked to do. Slash-command options become the same
//! named arguments the console reads (`game:`, `opponent:`, `board:`…), so both front ends
//! share one reading of every command ([`command_from_args`]).

use serenity::all::{
    AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, CommandDataOptionValue,
    CommandInteraction, ComponentInteraction, ComponentInteractionDataKind, Interaction,
    InteractionContext, Member, User as DiscordUser,
};

use super::message::DROP_SEPARATOR;
use crate::i18n::{self, Arg, Lang};
use crate::play::spec::Contexts;
use crate::play::{
    command_from_args, AnalysisCommand, Args, Command, Context, MoveCommand, MovesOn,
    ParseCommandError, User, COMPUTER_NAMES,
};
use crate::store::{ChannelId, GameId, GuildId, Place, Reach, UserId};

/// What an interaction asks for.
#[derive(Debug, PartialEq)]
pub enum Request {
    /// Discord checks the endpoint is alive.
    Ping,
    /// Run a command and show its reply.
    Play(Context, Command),
    /// Suggest legal moves starting with the typed text.
    CompleteMove(Context, Option<GameId>, String),
    /// Suggest the caller's games.
    CompleteGame(Context, String),
    /// Suggest nothing: an autocomplete the bot has no suggestions for (an option it does
    /// not complete, a game command in a DM). Discord wants an answer all the same, else
    /// the user sees "This interaction failed".
    CompleteNothing,
    /// The move picker, first step: which piece (the caller only sees it).
    PickPiece(Context, MovesOn),
    /// The move picker, second step: where the chosen piece goes.
    PickTarget(Context, MovesOn, String),
    /// Ask "are you sure?" before running the button `button`, in the caller's language:
    /// their `/settings language:`, else their client's.
    Confirm {
        /// Who clicked.
        user: UserId,
        /// Their client's language.
        client: Lang,
        /// The button to run once they are sure.
        button: String,
    },
    /// Tell the caller what is wrong with what they sent (only they see it), in their
    /// language as for [`Request::Confirm`].
    Refuse {
        /// Who sent it.
        user: UserId,
        /// Their client's language.
        client: Lang,
        /// What is wrong.
        why: Refusal,
    },
    /// Open the Discord Activity (a board's "Play in Discord" button): Discord launches it
    /// in the channel when answered so.
    Launch,
    /// Nothing the bot handles (a modal, a new interaction type).
    Ignore,
}

/// What the front end refuses by itself, as data: worded once the reader's language is
/// known (reading it is a store read, which the async side does not make).
#[derive(Debug, PartialEq)]
pub enum Refusal {
    /// A message of the catalogue and its arguments.
    Say(&'static str, Vec<(&'static str, Arg)>),
    /// A command whose options could not be read.
    Unreadable(ParseCommandError),
}

impl Refusal {
    /// The refusal in `lang`.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Self::Say(id, args) => i18n::text_with(lang, id, args),
            Self::Unreadable(error) => format!("{}.", error.text(lang)),
        }
    }
}

/// Custom-id prefixes of the Discord-only components (the play layer's buttons carry
/// `action:game` ids of their own).
pub mod ids {
    use crate::play::MovesOn;
    use crate::store::GameId;

    /// The "Move" button under a board: opens the picker.
    pub const MOVES: &str = "moves";
    /// The picker's piece menu.
    pub const PIECE: &str = "piece";
    /// The picker's destination menu; its values are whole moves, or a move without its
    /// drop square ending in `:` that opens the menu of its drops.
    pub const TARGET: &str = "target";
    /// A button that asks for a confirmation first: `confirm|<the button's id>`.
    pub const CONFIRM: &str = "confirm|";
    /// What follows a picker id's `:` when its moves are the clicker's open puzzle (a
    /// game's number otherwise).
    const PUZZLE: &str = "puzzle";

    /// A picker component's id: `action:7` for game #7, `action:puzzle` for a puzzle.
    #[must_use]
    pub fn picker(action: &str, on: MovesOn) -> String {
        match on {
            MovesOn::Game(game) => format!("{action}:{}", game.0),
            MovesOn::Puzzle => format!("{action}:{PUZZLE}"),
        }
    }

    /// What a picker id's part after `:` names.
    pub(super) fn picked_on(suffix: &str) -> Option<MovesOn> {
        if suffix == PUZZLE {
            return Some(MovesOn::Puzzle);
        }
        suffix.parse().ok().map(|n| MovesOn::Game(GameId(n)))
    }
}

/// The name players see: the server nickname, else the global display name, else the
/// account name.
fn display_name(user: &DiscordUser, nick: Option<&String>) -> String {
    nick.cloned()
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

/// Where an interaction was used, from Discord's `context` (older payloads without it: a
/// server when they name one, else the bot's DMs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Venue {
    /// A server's channel.
    Server,
    /// The bot's own DMs.
    BotDm,
    /// A DM or group DM between people (the app installed by one of them).
    PrivateChannel,
}

impl Venue {
    /// The venue of an interaction with this `context` on `guild`.
    fn of(context: Option<InteractionContext>, guild: Option<u64>) -> Self {
        match context {
            Some(InteractionContext::PrivateChannel) => Self::PrivateChannel,
            Some(InteractionContext::BotDm) => Self::BotDm,
            Some(InteractionContext::Guild) => Self::Server,
            _ if guild.is_some() => Self::Server,
            _ => Self::BotDm,
        }
    }

    /// Whether a command offered in `contexts` is answered here.
    #[must_use]
    pub fn allows(self, contexts: Contexts) -> bool {
        match self {
            Self::Server => contexts.server,
            Self::BotDm => contexts.bot_dm,
            Self::PrivateChannel => contexts.private_channel,
        }
    }
}

/// Whether the bot may post on its own where an interaction was used: not in a DM or group
/// DM between people, and not on a server that did not add the bot (the app is there only
/// because the caller installed it: `authorizing_integration_owners` names no server
/// install). Older payloads without owners are from servers that added the bot.
fn reach(venue: Venue, owners: &AuthorizingIntegrationOwners) -> Reach {
    let guild_installed = owners
        .0
        .iter()
        .any(|owner| matches!(owner, AuthorizingIntegrationOwner::GuildInstall(_)));
    match venue {
        Venue::PrivateChannel => Reach::Answers,
        Venue::Server if !owners.0.is_empty() && !guild_installed => Reach::Answers,
        Venue::Server | Venue::BotDm => Reach::Posts,
    }
}

/// What [`context`] reads of where an interaction comes from.
struct Origin<'a> {
    guild: Option<u64>,
    channel: u64,
    reach: Reach,
    locale: &'a str,
    guild_locale: Option<&'a str>,
}

fn context(user: &DiscordUser, member: Option<&Member>, origin: &Origin<'_>) -> Context {
    let Origin {
        guild,
        channel,
        reach,
        locale,
        guild_locale,
    } = *origin;
    Context {
        user: User::new(
            UserId(user.id.get()),
            &display_name(user, member.and_then(|m| m.nick.as_ref())),
        ),
        place: Place {
            guild: guild.map(GuildId),
            channel: ChannelId(channel),
            reach,
        },
        // Discord sends the caller's permissions in the channel with every interaction.
        manager: member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        // Discord sends the caller's client language; one Leapfrog does not speak reads
        // English.
        lang: crate::i18n::Lang::from_discord(locale).unwrap_or_default(),
        guild_lang: guild_locale.and_then(crate::i18n::Lang::from_discord),
    }
}

impl<'a> Origin<'a> {
    /// Where an interaction with these fields comes from.
    fn new(
        guild: Option<serenity::all::GuildId>,
        channel: serenity::all::ChannelId,
        context: Option<InteractionContext>,
        owners: &AuthorizingIntegrationOwners,
        locale: &'a str,
        guild_locale: Option<&'a str>,
    ) -> Self {
        let guild = guild.map(|g| g.get());
        Self {
            guild,
            channel: channel.get(),
            reach: reach(Venue::of(context, guild), owners),
            locale,
            guild_locale,
        }
    }
}

fn command_context(i: &CommandInteraction) -> Context {
    let origin = Origin::new(
        i.guild_id,
        i.channel_id,
        i.context,
        &i.authorizing_integration_owners,
        &i.locale,
        i.guild_locale.as_deref(),
    );
    context(&i.user, i.member.as_deref(), &origin)
}

fn component_context(i: &ComponentInteraction) -> Context {
    let origin = Origin::new(
        i.guild_id,
        i.channel_id,
        i.context,
        &i.authorizing_integration_owners,
        &i.locale,
        i.guild_locale.as_deref(),
    );
    context(&i.user, i.member.as_ref(), &origin)
}

/// An option's value as the text the console would have read.
fn option_text(value: &CommandDataOptionValue) -> Option<String> {
    Some(match value {
        CommandDataOptionValue::String(s) => s.clone(),
        CommandDataOptionValue::Integer(n) => n.to_string(),
        CommandDataOptionValue::Boolean(b) => b.to_string(),
        CommandDataOptionValue::Number(x) => x.to_string(),
        CommandDataOptionValue::User(id) => id.get().to_string(),
        CommandDataOptionValue::Autocomplete { value, .. } => value.clone(),
        _ => return None,
    })
}

/// A slash command.
fn slash(i: &CommandInteraction) -> Request {
    let ctx = command_context(i);
    // The bot's own user (its id is the application's) stands for the computer opponent.
    let me = i.application_id.get().to_string();
    // A subcommand (`/tournament create`) is read as its command's `action:` with its own
    // options beside it.
    let mut options: Vec<(String, &CommandDataOptionValue)> = Vec::new();
    let mut action = None;
    for o in &i.data.options {
        match &o.value {
            CommandDataOptionValue::SubCommand(inner) => {
                action = Some(o.name.clone());
                options.extend(inner.iter().map(|o| (o.name.clone(), &o.value)));
            }
            value => options.push((o.name.clone(), value)),
        }
    }
    let pairs: Vec<(String, String)> = action
        .map(|a| ("action".to_owned(), a))
        .into_iter()
        .chain(
            options
                .iter()
                .filter_map(|(name, value)| Some((name.clone(), option_text(value)?))),
        )
        .map(|(key, value)| {
            if key.starts_with("opponent") && value == me {
                (key, COMPUTER_NAMES[0].to_owned())
            } else {
                (key, value)
            }
        })
        .collect();
    // The opponent, as Discord resolved it: name and whether it is a bot.
    let resolved = |text: &str| -> Option<(User, bool)> {
        let id = serenity::all::UserId::new(text.parse().ok().filter(|&n| n > 0)?);
        let user = i.data.resolved.users.get(&id)?;
        let member = i.data.resolved.members.get(&id);
        Some((
            User::new(
                UserId(id.get()),
                &display_name(user, member.and_then(|m| m.nick.as_ref())),
            ),
            user.bot,
        ))
    };
    for (_, value) in pairs.iter().filter(|(k, _)| k.starts_with("opponent")) {
        if let Some((user, true)) = resolved(value) {
            return Request::Refuse {
                user: ctx.user.id,
                client: ctx.lang,
                why: Refusal::Say("discord-other-bot", vec![("name", user.name.into())]),
            };
        }
    }
    let user = |text: &str| {
        resolved(text).map_or_else(
            || User::new(UserId(text.parse().unwrap_or(0)), &format!("<@{text}>")),
            |(user, _)| user,
        )
    };
    match command_from_args(&i.data.name, Args::named(pairs), user) {
        Ok(command) => Request::Play(ctx, command),
        Err(error) => Request::Refuse {
            user: ctx.user.id,
            client: ctx.lang,
            why: Refusal::Unreadable(error),
        },
    }
}

/// An autocomplete request: the focused option and what is typed so far.
fn autocomplete(i: &CommandInteraction) -> Request {
    let ctx = command_context(i);
    let Some(focus) = i.data.autocomplete() else {
        return Request::CompleteNothing;
    };
    let game = i
        .data
        .options
        .iter()
        .find_map(|o| match (&o.name[..], &o.value) {
            ("game", CommandDataOptionValue::Integer(n)) => u64::try_from(*n).ok().map(GameId),
            _ => None,
        });
    match focus.name {
        "move" => Request::CompleteMove(ctx, game, focus.value.to_owned()),
        "game" => Request::CompleteGame(ctx, focus.value.to_owned()),
        _ => Request::CompleteNothing,
    }
}

/// A button click or a menu choice.
fn component(i: &ComponentInteraction) -> Request {
    let ctx = component_context(i);
    let id = i.data.custom_id.as_str();
    if let Some(inner) = id.strip_prefix(ids::CONFIRM) {
        return Request::Confirm {
            user: ctx.user.id,
            client: ctx.lang,
            button: inner.to_owned(),
        };
    }
    if id.starts_with(crate::play::LAUNCH_PREFIX) {
        return Request::Launch;
    }
    let chosen = match &i.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    // A message with several menus of one kind tells them apart by a `#k` suffix.
    let id = id.split_once('#').map_or(id, |(id, _)| id);
    let (action, on) = id.split_once(':').unwrap_or((id, ""));
    let on = ids::picked_on(on);
    match (action, on, chosen) {
        (ids::MOVES, Some(on), _) => Request::PickPiece(ctx, on),
        (ids::PIECE, Some(on), Some(from)) => Request::PickTarget(ctx, on, from),
        (ids::TARGET, Some(on), Some(group)) if group.ends_with(DROP_SEPARATOR) => {
            Request::PickTarget(ctx, on, group)
        }
        (ids::TARGET, Some(MovesOn::Game(game)), Some(mv)) => Request::Play(
            ctx,
            MoveCommand::Move {
                game: Some(game),
                mv,
            }
            .into(),
        ),
        (ids::TARGET, Some(MovesOn::Puzzle), Some(mv)) => Request::Play(
            ctx,
            AnalysisCommand::Puzzle {
                game: None,
                daily: false,
                answer: Some(mv),
            }
            .into(),
        ),
        _ => match Command::from_button_id(id) {
            Some(command) => Request::Play(ctx, command),
            None => Request::Refuse {
                user: ctx.user.id,
                client: ctx.lang,
                why: Refusal::Say("discord-old-button", Vec::new()),
            },
        },
    }
}

impl Request {
    /// Where it is answered: a command where its table's contexts say
    /// ([`crate::play::spec`]); a game's move picker and the suggestions of moves and games
    /// where games are played ([`Contexts::PLAYED`]); a puzzle's picker, a confirmation
    /// (whose command is checked once clicked) and a refusal anywhere.
    fn answered_in(&self, venue: Venue) -> bool {
        match self {
            Self::Play(_, command) => command
                .spec()
                .is_none_or(|spec| venue.allows(spec.contexts)),
            Self::PickPiece(_, MovesOn::Puzzle) | Self::PickTarget(_, MovesOn::Puzzle, _) => true,
            Self::CompleteMove(..)
            | Self::CompleteGame(..)
            | Self::PickPiece(..)
            | Self::PickTarget(..) => venue.allows(Contexts::PLAYED),
            Self::Ping
            | Self::CompleteNothing
            | Self::Confirm { .. }
            | Self::Refuse { .. }
            | Self::Launch
            | Self::Ignore => true,
        }
    }
}

/// What `interaction` asks for. A command that reaches the bot where its table does not
/// offer it (a server-only command in a DM, through a registration older than the
/// commands' `contexts`) is refused, saying where it works.
#[must_use]
pub fn request(interaction: &Interaction) -> Request {
    let (request, venue, locale, user) = match interaction {
        Interaction::Ping(_) => return Request::Ping,
        Interaction::Command(i) => (
            slash(i),
            Venue::of(i.context, i.guild_id.map(|g| g.get())),
            &i.locale,
            i.user.id,
        ),
        Interaction::Autocomplete(i) => (
            autocomplete(i),
            Venue::of(i.context, i.guild_id.map(|g| g.get())),
            &i.locale,
            i.user.id,
        ),
        Interaction::Component(i) => (
            component(i),
            Venue::of(i.context, i.guild_id.map(|g| g.get())),
            &i.locale,
            i.user.id,
        ),
        _ => return Request::Ignore,
    };
    if request.answered_in(venue) {
        return request;
    }
    // A game command in the bot's own DMs, where no other player would see it; else a
    // server's own command outside a server.
    let why = match &request {
        Request::Play(_, command)
            if command
                .spec()
                .is_some_and(|spec| spec.contexts.private_channel) =>
        {
            "discord-not-in-dms"
        }
        _ => "discord-server-only",
    };
    match interaction {
        Interaction::Autocomplete(_) => Request::CompleteNothing,
        _ => Request::Refuse {
            user: UserId(user.get()),
            client: Lang::from_discord(locale).unwrap_or_default(),
            why: Refusal::Say(why, Vec::new()),
        },
    }
}
