//! Leapfrog as a Discord Activity: the same pages, opened inside Discord. Discord frames
//! `/activity` with its query parameters; the page's script (`front/activity.js`, bundled
//! into `assets/activity.js`) does the Embedded App SDK's handshake and asks Discord to
//! authorize it, which hands the page a one-time code. The page posts the code to
//! `/api/token`; here it is exchanged with Discord's OAuth2 (the client secret never
//! leaves the server) and Discord says whose it is. The answer carries an Activity session
//! (a signed token, [`LinkKey::sign_session`]) with which the page lists the channel's
//! games (`/api/activity/games`), each with the reader's own signed link when they play
//! in it: from there on the Activity is the game page as in a browser.
//!
//! The list also holds the channel's open challenges and a way to make one: what the
//! Activity changes ([`Deed`]) is done as the same command `/play` or `/accept` makes, in the
//! channel Discord says the Activity runs in. The page says which instance it is; the
//! server asks Discord (`GET /applications/{id}/activity-instances/{instance}`, with the bot's
//! token) where that instance runs and who is in it, so a page cannot name a channel of its
//! choosing. The list is live: `/api/activity/events` tells the page whenever a game of the
//! channel is written (a new one there included).

use serde::{Deserialize, Serialize};

use super::links::LinkKey;
use super::page::escape;
use crate::games::GameKind;
use crate::i18n::{self, Lang};
use crate::play::Command;
use crate::store::{
    ChannelId, GameId, GameRecord, GuildId, Place, Reach, SeatChoice, Status, Store, UserId,
};

/// How long an Activity session lasts: a sitting, not a month (a game's own link lasts
/// [`super::LINK_DAYS`]).
pub const SESSION_SECONDS: u64 = 12 * 3600;

/// How many games the list shows at most: a channel's running games and its latest
/// finished ones.
const LISTED: usize = 25;

/// How the Activity reaches Discord's OAuth2: the application (its id is the SDK's client
/// id) and its secret.
#[derive(Clone)]
pub struct Activity {
    /// The application's id.
    pub client_id: u64,
    secret: String,
    /// Discord's API, `…/api/v10` (or the tests' fake).
    api: String,
    http: reqwest::Client,
    /// The bot's token, with which Discord says where an instance of the Activity runs.
    bot_token: Option<String>,
}

impl std::fmt::Debug for Activity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Activity")
            .field("client_id", &self.client_id)
            .field("api", &self.api)
            .finish_non_exhaustive()
    }
}

/// Who opened the Activity, as Discord's OAuth2 said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identified {
    /// The access token, which the page hands back to the SDK (`authenticate`).
    pub access_token: String,
    /// The user.
    pub user: UserId,
    /// Their display name.
    pub name: String,
}

/// Why no one could be identified.
#[derive(Debug, thiserror::Error)]
pub enum ActivityError {
    /// Discord refused the code (used already, expired, or for another application).
    #[error("Discord refused the authorization code (HTTP {0})")]
    Refused(u16),
    /// Discord could not be reached, or answered something that is not OAuth2.
    #[error("Discord's OAuth2 could not be used: {0}")]
    Unreachable(String),
    /// The bot has no token to ask Discord where an instance runs.
    #[error("no bot token: the Activity cannot check where it runs")]
    NoBotToken,
}

/// Where an instance of the Activity runs and who is in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// Its channel (and server).
    pub place: Place,
    /// The users connected to it.
    pub users: Vec<UserId>,
}

/// Discord's activity instance (the fields used).
#[derive(Deserialize)]
struct InstanceJson {
    location: LocationJson,
    #[serde(default)]
    users: Vec<String>,
}

#[derive(Deserialize)]
struct LocationJson {
    channel_id: Option<String>,
    guild_id: Option<String>,
    /// `gc` a server's channel, `pc` a DM or group DM (where the bot is no member: an
    /// Activity there runs through a user's install).
    #[serde(default)]
    kind: Option<String>,
}

/// The token exchange's answer (the fields used).
#[derive(Deserialize)]
struct Token {
    access_token: String,
}

/// `/users/@me`'s answer (the fields used).
#[derive(Deserialize)]
struct Me {
    id: String,
    username: String,
    global_name: Option<String>,
}

impl Activity {
    /// The Activity of application `client_id` with its OAuth2 `secret`, reaching Discord's
    /// API at `api` (`https://discord.com/api/v10`).
    #[must_use]
    pub fn new(client_id: u64, secret: String, api: String) -> Self {
        let http = reqwest::Client::builder()
            .use_rustls_tls()
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .expect("the TLS backend is compiled in");
        Self {
            client_id,
            secret,
            api: api.trim_end_matches('/').to_owned(),
            http,
            bot_token: None,
        }
    }

    /// The same, with the bot's token: without it, nothing can be changed from the
    /// Activity (its instances cannot be checked), only looked at.
    #[must_use]
    pub fn with_bot_token(mut self, token: String) -> Self {
        self.bot_token = Some(token);
        self
    }

    /// Whether challenges can be made and answered from the Activity (it has the bot's
    /// token to check its instances with).
    #[must_use]
    pub fn can_change(&self) -> bool {
        self.bot_token.is_some()
    }

    /// Where the Activity's instance `id` runs and who is in it, as Discord says.
    ///
    /// # Errors
    /// No such instance (Discord answers 404), no bot token, or Discord unreachable.
    pub async fn instance(&self, id: &str) -> Result<Instance, ActivityError> {
        let token = self.bot_token.as_deref().ok_or(ActivityError::NoBotToken)?;
        // Discord's instance ids are letters, digits and dashes: anything else (a `..` that
        // would climb the path) is no instance.
        let plain = !id.is_empty()
            && id.len() <= 128
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !plain {
            return Err(ActivityError::Refused(404));
        }
        let answer = self
            .http
            .get(format!(
                "{}/applications/{}/activity-instances/{id}",
                self.api, self.client_id
            ))
            .header(reqwest::header::AUTHORIZATION, format!("Bot {token}"))
            .send()
            .await
            .map_err(|e| ActivityError::Unreachable(e.to_string()))?;
        let found: InstanceJson = read(answer).await?;
        let number = |text: &str| text.parse::<u64>().ok();
        let channel = found
            .location
            .channel_id
            .as_deref()
            .and_then(number)
            .ok_or_else(|| ActivityError::Unreachable("an instance with no channel".into()))?;
        let guild = found
            .location
            .guild_id
            .as_deref()
            .and_then(number)
            .map(GuildId);
        // A DM or group DM (`pc`), or a server that never added the bot (the Activity runs
        // there through a player's own install): the bot may only answer there.
        let private = found.location.kind.as_deref() == Some("pc");
        let reach = match guild {
            Some(guild) if !private && !self.bot_is_member(token, guild).await => Reach::Answers,
            _ if private => Reach::Answers,
            _ => Reach::Posts,
        };
        Ok(Instance {
            place: Place {
                guild,
                channel: ChannelId(channel),
                reach,
            },
            users: found
                .users
                .iter()
                .filter_map(|u| number(u))
                .map(UserId)
                .collect(),
        })
    }

    /// Whether the bot is a member of `guild` (Discord shows a bot only the servers it is
    /// in: 403 Missing Access or 404 otherwise). When Discord cannot say, it is taken to be:
    /// a post that then fails reaches the players by direct message all the same.
    async fn bot_is_member(&self, token: &str, guild: GuildId) -> bool {
        let asked = self
            .http
            .get(format!("{}/guilds/{}", self.api, guild.0))
            .header(reqwest::header::AUTHORIZATION, format!("Bot {token}"))
            .send()
            .await;
        !matches!(asked, Ok(answer) if matches!(answer.status().as_u16(), 403 | 404))
    }

    /// Exchanges the page's one-time `code` for an access token, then asks Discord whose
    /// it is.
    ///
    /// # Errors
    /// Discord refused the code, or could not be used.
    pub async fn identify(&self, code: &str) -> Result<Identified, ActivityError> {
        let unreachable = |e: reqwest::Error| ActivityError::Unreachable(e.to_string());
        let client_id = self.client_id.to_string();
        let form = [
            ("client_id", client_id.as_str()),
            ("client_secret", self.secret.as_str()),
            ("grant_type", "authorization_code"),
            ("code", code),
        ];
        let answer = self
            .http
            .post(format!("{}/oauth2/token", self.api))
            .form(&form)
            .send()
            .await
            .map_err(unreachable)?;
        let token: Token = read(answer).await?;
        let answer = self
            .http
            .get(format!("{}/users/@me", self.api))
            .bearer_auth(&token.access_token)
            .send()
            .await
            .map_err(unreachable)?;
        let me: Me = read(answer).await?;
        let user = me
            .id
            .parse()
            .map_err(|_| ActivityError::Unreachable(format!("a user id {:?}", me.id)))?;
        Ok(Identified {
            access_token: token.access_token,
            user: UserId(user),
            name: me.global_name.unwrap_or(me.username),
        })
    }
}

/// An OAuth2 answer read as `T`: a 4xx is Discord refusing, anything else unusable.
async fn read<T: serde::de::DeserializeOwned>(
    answer: reqwest::Response,
) -> Result<T, ActivityError> {
    let status = answer.status();
    if status.is_client_error() {
        return Err(ActivityError::Refused(status.as_u16()));
    }
    let body = answer
        .bytes()
        .await
        .map_err(|e| ActivityError::Unreachable(e.to_string()))?;
    if !status.is_success() {
        return Err(ActivityError::Unreachable(format!("HTTP {status}")));
    }
    serde_json::from_slice(&body).map_err(|e| ActivityError::Unreachable(e.to_string()))
}

/// What `/api/token` answers.
#[derive(Serialize)]
pub struct Session {
    /// Handed back to the SDK's `authenticate`.
    pub access_token: String,
    /// Who this is.
    pub user: SessionUser,
    /// The Activity session's token ([`LinkKey::sign_session`]).
    pub session: String,
}

/// The user of a [`Session`].
#[derive(Serialize)]
pub struct SessionUser {
    /// Their id, as text (JavaScript's numbers are too small for Discord's ids).
    pub id: String,
    /// Their name.
    pub name: String,
}

/// The session of `identified` from `now` (unix seconds), signed with `key`.
#[must_use]
pub fn session(key: &LinkKey, identified: Identified, now: u64) -> Session {
    Session {
        session: key.sign_session(
            identified.user,
            &identified.name,
            now,
            now + SESSION_SECONDS,
        ),
        user: SessionUser {
            id: identified.user.0.to_string(),
            name: identified.name,
        },
        access_token: identified.access_token,
    }
}

/// One game in the Activity's list.
#[derive(Debug, Serialize)]
pub struct Listed {
    /// The game's number.
    pub id: u64,
    /// Its title (the game and its players).
    pub title: String,
    /// Whose turn it is, or how it ended.
    pub status: String,
    /// Whether the reader plays in it.
    pub yours: bool,
    /// Whether it is the reader's turn.
    pub your_turn: bool,
    /// Its page: the reader's own signed link when they play in it, else the public page.
    pub url: String,
}

/// What a page may do from the Activity's list: make a challenge in its channel, or
/// answer one there.
#[derive(Clone, Debug, Deserialize)]
pub struct Deed {
    /// One of [`ANSWERABLE`]'s names, or `challenge`.
    pub what: String,
    /// The challenge answered.
    #[serde(default)]
    pub game: Option<u64>,
    /// The game a challenge is for (its name, as `/play` takes it).
    #[serde(default)]
    pub kind: Option<String>,
    /// Whether the challenge is to the computer (at its default level) rather than open to
    /// anyone in the channel.
    #[serde(default)]
    pub computer: bool,
}

/// The answers to a challenge the list offers: each one's name (what the page sends: an
/// action of the command table, [`crate::play::spec::action`]) and the message of its
/// button.
pub const ANSWERABLE: &[(&str, &str)] = &[
    ("accept", "activity-accept"),
    ("decline", "activity-decline"),
    ("cancel", "activity-cancel"),
    ("start", "activity-start"),
    ("leave", "activity-leave"),
];

/// The command of `deed`, if it names one.
#[must_use]
pub fn command(deed: &Deed) -> Option<Command> {
    if deed.what == "challenge" {
        let kind: GameKind = deed.kind.as_deref()?.parse().ok()?;
        return Some(Command::from(crate::play::ChallengeCommand::Challenge {
            game: kind.name().to_owned(),
            opponents: Vec::new(),
            options: Vec::new(),
            seat: SeatChoice::Random,
            computers: if deed.computer {
                vec![crate::ai::Level::DEFAULT]
            } else {
                Vec::new()
            },
        }));
    }
    let game = Some(GameId(deed.game?));
    ANSWERABLE
        .iter()
        .find(|(name, _)| *name == deed.what)
        .and_then(|(name, _)| crate::play::spec::action(name, game))
}

/// An open challenge in the Activity's list, with what the reader may do about it.
#[derive(Debug, Serialize)]
pub struct Offered {
    /// The challenge's game number.
    pub id: u64,
    /// Who challenged whom to what, as the channel read it.
    pub title: String,
    /// What the reader may answer ([`ANSWERABLE`]'s names), each with its button's words.
    pub answers: Vec<(String, String)>,
}

/// The challenges waiting in `channel`, with what `user` may answer to each: the
/// challenger cancels (or starts a table that has enough players); one named or anyone
/// for an open challenge accepts (and one named may decline); one who joined a table may
/// leave it.
///
/// # Errors
/// The store failed.
pub fn challenges_for(
    store: &dyn Store,
    channel: ChannelId,
    user: UserId,
    lang: Lang,
) -> Result<Vec<Offered>, crate::store::StoreError> {
    let here = store.challenges_in_channel(channel)?;
    let mut offered: Vec<Offered> = here
        .iter()
        .filter_map(|record| {
            let Status::Challenge(challenge) = &record.status else {
                return None;
            };
            let may = crate::play::challenge_answers(record, challenge, user);
            let answers = ANSWERABLE
                .iter()
                .filter(|(name, _)| may.contains(name))
                .map(|(name, id)| ((*name).to_owned(), i18n::text(lang, id)))
                .collect();
            Some(Offered {
                id: record.id.0,
                title: crate::play::challenge_line(lang, record),
                answers,
            })
        })
        .collect();
    offered.sort_by_key(|o| std::cmp::Reverse(o.id));
    offered.truncate(LISTED);
    Ok(offered)
}

/// The games a challenge may be for, each as `/play` takes it and by its title in `lang`.
#[must_use]
pub fn kinds(lang: Lang) -> Vec<(String, String)> {
    GameKind::ALL
        .iter()
        .map(|kind| (kind.name().to_owned(), i18n::game_title(lang, *kind)))
        .collect()
}

/// The games an Activity opened in `channel` (of `guild`) shows `user`: the channel's
/// running games, then the user's own running games elsewhere on the server (a game with
/// its own thread is played there, not in the channel), then the channel's latest
/// finished ones; at most [`LISTED`]. `link` makes the reader's own link to a game.
///
/// # Errors
/// The store failed.
pub fn games_for(
    store: &dyn Store,
    channel: ChannelId,
    guild: Option<GuildId>,
    user: UserId,
    lang: Lang,
    link: impl Fn(GameId) -> String,
) -> Result<Vec<Listed>, crate::store::StoreError> {
    let here = store.games_in_channel(channel)?;
    let mine = store.games_of_user(user)?;
    let running = |r: &&GameRecord| matches!(r.status, Status::Active);
    let mut chosen: Vec<&GameRecord> = here.iter().filter(running).collect();
    chosen.extend(
        mine.iter()
            .filter(running)
            .filter(|r| guild.is_some() && r.place.guild == guild && r.place.channel != channel),
    );
    let mut finished: Vec<&GameRecord> = here
        .iter()
        .filter(|r| matches!(r.status, Status::Finished(_)))
        .collect();
    finished.sort_by_key(|r| std::cmp::Reverse(r.id.0));
    chosen.extend(finished);
    let mut seen = std::collections::HashSet::new();
    chosen.retain(|r| seen.insert(r.id));
    chosen.truncate(LISTED);
    Ok(chosen
        .into_iter()
        .filter_map(|record| {
            let (view, _) =
                super::view::view(record, None, lang, super::view::Reader::default()).ok()?;
            let seat = record.seat_of(user).map(usize::from);
            let url = match seat {
                Some(_) => format!("{}&lang={lang}", link(record.id)),
                None => format!("/games/{}?lang={lang}", record.id.0),
            };
            Some(Listed {
                id: record.id.0,
                title: view.title,
                status: view.status,
                yours: seat.is_some(),
                your_turn: seat.is_some() && seat == view.to_move,
                url,
            })
        })
        .collect())
}

/// The Activity's page: the script lists the games once Discord has said who is there.
#[must_use]
pub fn activity_page(client_id: u64, lang: Lang) -> String {
    let words: serde_json::Map<String, serde_json::Value> = [
        ("loading", "activity-loading"),
        ("failed", "activity-failed"),
        ("none", "activity-none"),
        ("play", "activity-play"),
        ("watch", "activity-watch"),
        ("your_turn", "activity-your-turn"),
        ("challenges", "activity-challenges"),
        ("new_game", "activity-new-game"),
        ("anyone", "activity-anyone"),
        ("computer", "activity-computer"),
        ("games", "activity-games"),
        ("puzzles", "activity-puzzles"),
        ("puzzles_open", "activity-puzzles-open"),
    ]
    .into_iter()
    .map(|(key, id)| (key.to_owned(), i18n::text(lang, id).into()))
    .collect();
    // Inside a script element only `<` can end it early: written as its JSON escape.
    let words = serde_json::Value::Object(words)
        .to_string()
        .replace('<', "\\u003c");
    let title = escape(&i18n::text(lang, "activity-title"));
    let loading = escape(&i18n::text(lang, "activity-loading"));
    // Shown by the script while the list's live channel is down.
    let lost = escape(&i18n::text(lang, "activity-lost"));
    format!(
        "<!doctype html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"stylesheet\" href=\"/assets/board.css\">\n\
         <script src=\"/assets/activity.js\" defer></script>\n</head>\n\
         <body data-client-id=\"{client_id}\" data-lang=\"{lang}\">\n<main>\n<h1>{title}</h1>\n\
         <p class=\"note\" id=\"note\" role=\"status\" aria-live=\"polite\">{loading}</p>\n\
         <p class=\"live\" id=\"live\" role=\"status\" hidden>{lost}</p>\n\
         <div id=\"activity\"></div>\n\
         <script type=\"application/json\" id=\"words\">{words}</script>\n</main>\n</body>\n</html>\n"
    )
}
