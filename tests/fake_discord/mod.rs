//! A fake Discord on loopback: a REST server that records every call the bot makes (and
//! answers with the minimal JSON serenity parses), a gateway that speaks HELLO / IDENTIFY /
//! READY / heartbeats and dispatches the interactions a test hands it, and builders for
//! Discord's documented interaction payloads.

#![allow(dead_code)]

// The helpers need `tests/common` as the including crate's `common`.
pub mod helpers;
pub mod registration;

// A binary that uses none of the helpers leaves the re-export unused (as `dead_code`, above).
#[allow(unused_imports)]
pub use helpers::*;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use ed25519_dalek::{Signer, SigningKey};
use leapfrog::discord::bot::Bot;
use leapfrog::discord::{endpoint, http_client, DiscordConfig};
use leapfrog::play::{Dice, Play};
use leapfrog::store::Store;
use serenity::interactions_endpoint::Verifier;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::IntoResponse;
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as Frame;

/// The application id the fake hands out.
pub const APP_ID: u64 = 1_000;
/// The application's OAuth2 client secret, as the fake knows it.
pub const OAUTH_SECRET: &str = "the-client-secret";
/// The bot's user id.
pub const BOT_ID: u64 = 999;

/// One REST call the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    /// GET, POST, PATCH…
    pub method: String,
    /// The path, from `/api/v10`.
    pub path: String,
    /// The `Content-Type` header.
    pub content_type: String,
    /// The `Authorization` header.
    pub authorization: String,
    /// The raw body.
    pub body: Vec<u8>,
}

impl Call {
    /// The JSON of the call: the body, or a multipart body's `payload_json`.
    pub fn json(&self) -> Value {
        if self.content_type.starts_with("multipart/") {
            let payload = self.part("payload_json").expect("a payload_json part");
            serde_json::from_slice(&payload).expect("payload_json is JSON")
        } else if self.body.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&self.body).expect("a JSON body")
        }
    }

    /// The bytes of the multipart part named `name` (`files[0]`, `payload_json`).
    pub fn part(&self, name: &str) -> Option<Vec<u8>> {
        let boundary = self
            .content_type
            .split("boundary=")
            .nth(1)?
            .trim_matches('"');
        let delimiter = format!("--{boundary}");
        let body = &self.body;
        let starts: Vec<usize> = find_all(body, delimiter.as_bytes());
        starts.windows(2).find_map(|w| {
            let part = &body[w[0] + delimiter.len()..w[1]];
            let split = find_all(part, b"\r\n\r\n").into_iter().next()?;
            let head = String::from_utf8_lossy(&part[..split]);
            head.contains(&format!("name=\"{name}\"")).then(|| {
                let content = &part[split + 4..];
                content.strip_suffix(b"\r\n").unwrap_or(content).to_vec()
            })
        })
    }

    /// The first attached file.
    pub fn file(&self) -> Option<Vec<u8>> {
        self.part("files[0]")
    }
}

fn find_all(haystack: &[u8], needle: &[u8]) -> Vec<usize> {
    (0..haystack.len().saturating_sub(needle.len()) + 1)
        .filter(|&i| haystack[i..].starts_with(needle))
        .collect()
}

/// A loopback listener that speaks TLS, for [`Rest::serve_as_discord`].
struct TlsListener {
    tcp: TcpListener,
    acceptor: tokio_rustls::TlsAcceptor,
}

impl axum::serve::Listener for TlsListener {
    type Io = tokio_rustls::server::TlsStream<tokio::net::TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let Ok((tcp, from)) = self.tcp.accept().await else {
                continue;
            };
            if let Ok(tls) = self.acceptor.accept(tcp).await {
                return (tls, from);
            }
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        self.tcp.local_addr()
    }
}

/// A recorded fake of Discord's REST API.
#[derive(Clone, Default)]
pub struct Rest {
    calls: Arc<Mutex<Vec<Call>>>,
    /// Users whose DMs are closed: a message to their DM channel answers 403.
    closed_dms: Arc<Mutex<Vec<u64>>>,
    /// How many threads the bot opened.
    threads_made: Arc<std::sync::atomic::AtomicU64>,
    gateway_url: Arc<Mutex<String>>,
    arrived: Arc<tokio::sync::Notify>,
    /// Whether posts in threads are refused (403), as for a bot without "Send Messages in
    /// Threads".
    refuse_threads: Arc<std::sync::atomic::AtomicBool>,
    /// The interaction token whose next edits of `@original` answer 404, and how many more,
    /// as when an edit reaches Discord before Discord has read the acknowledgement. Tied to
    /// one token so another answer's edit in flight never takes the failure.
    failing_edits: Arc<Mutex<Option<(String, u32)>>>,
    /// Faults to answer with, each for calls whose method and path match, as many times as
    /// it says: what Discord does when it rate-limits, fails, or refuses.
    faults: Arc<Mutex<Vec<Injected>>>,
    /// The tokens of interactions whose callback failed, none having succeeded since:
    /// Discord made no answer for them, so an edit of `@original` is refused with 10015
    /// Unknown Webhook, as Discord refuses it.
    unanswered: Arc<Mutex<std::collections::HashSet<String>>>,
    /// Channels the bot is no member of (a DM or group DM between people, a server that
    /// did not add it): any post there is refused with 50001 Missing Access, as Discord
    /// refuses it.
    without_bot: Arc<Mutex<std::collections::HashSet<u64>>>,
    /// The follow-ups sent so far for each interaction token.
    followups: Arc<Mutex<std::collections::HashMap<String, u32>>>,
    /// Servers that never added the bot (a player's own install is there): Discord shows
    /// the bot none of them (`GET /guilds/{id}` answers 403 Missing Access).
    guilds_without_bot: Arc<Mutex<std::collections::HashSet<u64>>>,
}

/// The tokens of interactions used where only the user installed the app
/// (`authorizing_integration_owners` with `USER_INSTALL` alone): Discord takes at most
/// [`FOLLOWUPS_WITHOUT_BOT`] follow-ups for each. Process-wide, as the tokens are unique.
static USER_INSTALL_TOKENS: std::sync::LazyLock<Mutex<std::collections::HashSet<String>>> =
    std::sync::LazyLock::new(Mutex::default);

/// How many follow-ups Discord takes for an interaction where only the user installed the
/// app ("Create Followup Message": "Apps are limited to 5 followup messages per
/// interaction if it was initiated from a user-installed app and isn't installed in the
/// server").
pub const FOLLOWUPS_WITHOUT_BOT: u32 = 5;

/// A fault Discord can answer with.
#[derive(Clone, Debug)]
pub enum Fault {
    /// 429 with `Retry-After` (seconds, fractional) and whether the limit is global.
    RateLimited { retry_after: f64, global: bool },
    /// A server error with this status (500, 502…), as a gateway in front of Discord sends.
    Server(u16),
    /// No answer for this long (the bot's own timeout must end the wait).
    Stall(Duration),
    /// A refusal: this status and Discord's JSON error code (50013 Missing Permissions,
    /// 50001 Missing Access, 50007 cannot DM, 10003 Unknown Channel, 10008 Unknown Message,
    /// 10062 Unknown Interaction, 40060 already acknowledged).
    Refuse { status: u16, code: u64 },
}

impl Fault {
    /// Discord's refusal with `code`, with the status Discord gives it.
    pub fn code(code: u64) -> Self {
        let status = match code {
            50013 | 50001 | 50007 => 403,
            10003 | 10008 | 10062 => 404,
            _ => 400,
        };
        Self::Refuse { status, code }
    }
}

/// A fault waiting for calls to match it.
#[derive(Clone, Debug)]
struct Injected {
    method: String,
    /// A piece of the path (`/messages/@original`, `/threads`, `/callback`), or a whole
    /// one.
    path: String,
    fault: Fault,
    times: u32,
}

fn message_json() -> Value {
    json!({
        "id": "1", "channel_id": "2", "author": {"id": BOT_ID.to_string(), "username": "leapfrog", "bot": true},
        "content": "", "timestamp": "2026-01-01T00:00:00Z", "tts": false, "mention_everyone": false,
        "mentions": [], "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0
    })
}

async fn record(
    State(rest): State<Rest>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> axum::response::Response {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned()
    };
    let path = uri.path().trim_start_matches("/api/v10").to_owned();
    rest.calls.lock().unwrap().push(Call {
        method: method.to_string(),
        path: path.clone(),
        content_type: header("content-type"),
        authorization: header("authorization"),
        body: body.to_vec(),
    });
    rest.arrived.notify_waiters();
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let callback_token = match (method.as_str(), parts.as_slice()) {
        ("POST", ["interactions", _, token, "callback"]) => Some((*token).to_owned()),
        _ => None,
    };
    if let Some(fault) = rest.fault_for(method.as_str(), &path) {
        if let Some(token) = callback_token {
            rest.unanswered.lock().unwrap().insert(token);
        }
        return fault.answer().await;
    }
    if let Some(token) = &callback_token {
        rest.unanswered.lock().unwrap().remove(token);
    }
    let unknown_webhook = || {
        let refusal = json!({"message": "Unknown Webhook", "code": 10015});
        (StatusCode::NOT_FOUND, axum::Json(refusal)).into_response()
    };
    if let ("POST", ["channels", channel, ..]) = (method.as_str(), parts.as_slice()) {
        if channel
            .parse::<u64>()
            .is_ok_and(|c| rest.without_bot.lock().unwrap().contains(&c))
        {
            let refusal = json!({"message": "Missing Access", "code": 50001});
            return (StatusCode::FORBIDDEN, axum::Json(refusal)).into_response();
        }
    }
    match (method.as_str(), parts.as_slice()) {
        ("GET", ["guilds", guild]) => {
            let id: u64 = guild.parse().unwrap_or(0);
            if rest.guilds_without_bot.lock().unwrap().contains(&id) {
                let refusal = json!({"message": "Missing Access", "code": 50001});
                (StatusCode::FORBIDDEN, axum::Json(refusal)).into_response()
            } else {
                axum::Json(json!({"id": guild, "name": "a server", "owner_id": "1",
                    "roles": [], "emojis": [], "features": []}))
                .into_response()
            }
        }
        ("GET", ["gateway"]) => {
            axum::Json(json!({"url": *rest.gateway_url.lock().unwrap()})).into_response()
        }
        ("GET", ["gateway", "bot"]) => axum::Json(json!({
            "url": *rest.gateway_url.lock().unwrap(), "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0,
                "max_concurrency": 1}
        }))
        .into_response(),
        ("PATCH", ["webhooks", _, token, "messages", "@original"])
            if rest.fails_edit(token) || rest.unanswered.lock().unwrap().contains(*token) =>
        {
            unknown_webhook()
        }
        ("POST", ["interactions", _, _, "callback"]) => StatusCode::NO_CONTENT.into_response(),
        ("PUT", ["applications", _, "commands"] | ["applications", _, "guilds", _, "commands"]) => {
            // As Discord does: one broken rule refuses the whole overwrite.
            let scope = if parts.len() == 3 {
                registration::Scope::Global
            } else {
                registration::Scope::Guild
            };
            let sent: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            let broken = registration::check(&sent, scope);
            if broken.is_empty() {
                axum::Json(json!([])).into_response()
            } else {
                let refusal = registration::refusal(&broken);
                (StatusCode::BAD_REQUEST, axum::Json(refusal)).into_response()
            }
        }
        ("POST", ["webhooks", _, token])
            if USER_INSTALL_TOKENS.lock().unwrap().contains(*token)
                && rest.followup_count(token) > FOLLOWUPS_WITHOUT_BOT =>
        {
            // Discord documents the limit, not its code: the refusal is a plain 400.
            let refusal =
                json!({"message": "Maximum number of follow-up messages reached", "code": 0});
            (StatusCode::BAD_REQUEST, axum::Json(refusal)).into_response()
        }
        ("PATCH" | "POST" | "GET", ["webhooks", ..]) => axum::Json(message_json()).into_response(),
        ("POST", ["channels", parent, "threads"]) => {
            let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            let made = rest
                .threads_made
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            axum::Json(json!({
                "id": (THREAD_BASE + made).to_string(), "type": 11, "guild_id": "77",
                "parent_id": parent, "name": body["name"], "owner_id": BOT_ID.to_string(),
                "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
                    "archive_timestamp": "2026-01-01T00:00:00Z", "locked": false},
                "member_count": 1, "message_count": 0, "rate_limit_per_user": 0, "flags": 0,
                "permission_overwrites": [], "position": 0, "nsfw": false
            }))
            .into_response()
        }
        ("DELETE", ["webhooks", ..]) => StatusCode::NO_CONTENT.into_response(),
        ("DELETE", ["channels", channel]) => axum::Json(json!({
            "id": channel, "type": 11, "guild_id": "77", "name": "deleted",
            "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
                "archive_timestamp": "2026-01-01T00:00:00Z", "locked": false},
            "rate_limit_per_user": 0, "flags": 0, "permission_overwrites": [], "position": 0,
            "nsfw": false
        }))
        .into_response(),
        ("POST", ["channels", channel, "messages"])
            if rest
                .refuse_threads
                .load(std::sync::atomic::Ordering::SeqCst)
                && channel
                    .parse::<u64>()
                    .is_ok_and(|c| (THREAD_BASE..800_000).contains(&c)) =>
        {
            let refusal = json!({"message": "Missing Permissions", "code": 50013});
            (StatusCode::FORBIDDEN, axum::Json(refusal)).into_response()
        }
        ("POST", ["channels", channel, "messages"])
            if rest
                .closed_dms
                .lock()
                .unwrap()
                .iter()
                .any(|&user| channel.parse() == Ok(dm_channel(user))) =>
        {
            // As Discord does: the DM channel opens, the message is refused.
            let refusal = json!({"message": "Cannot send messages to this user", "code": 50007});
            (StatusCode::FORBIDDEN, axum::Json(refusal)).into_response()
        }
        ("POST", ["channels", channel, "messages"]) => {
            let mut message = message_json();
            message["channel_id"] = json!(channel);
            axum::Json(message).into_response()
        }
        ("POST", ["users", "@me", "channels"]) => {
            let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            let recipient: u64 = body["recipient_id"]
                .as_str()
                .and_then(|r| r.parse().ok())
                .or_else(|| body["recipient_id"].as_u64())
                .unwrap_or(0);
            let person = Person {
                id: recipient,
                name: "someone",
            };
            axum::Json(json!({
                "id": dm_channel(recipient).to_string(), "type": 1,
                "recipients": [user_json(person)]
            }))
            .into_response()
        }
        // OAuth2 for the Activity: the code `code-<user id>` is that user's (and
        // `test-code` alice's, as the browser test's fake client hands out); any other
        // code is refused as Discord refuses a used or made-up one.
        ("POST", ["oauth2", "token"]) => {
            let body = String::from_utf8_lossy(&body).into_owned();
            let field = |name: &str| {
                body.split('&')
                    .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
                    .unwrap_or("")
                    .to_owned()
            };
            let user = match field("code").as_str() {
                "test-code" => Some(ALICE.id.to_string()),
                code => code.strip_prefix("code-").map(str::to_owned),
            };
            let good = field("client_id") == APP_ID.to_string()
                && field("client_secret") == OAUTH_SECRET
                && field("grant_type") == "authorization_code";
            match user {
                Some(user) if good => axum::Json(json!({
                    "access_token": format!("access-{user}"), "token_type": "Bearer",
                    "expires_in": 604_800, "refresh_token": "refresh", "scope": "identify"
                }))
                .into_response(),
                _ => (
                    StatusCode::BAD_REQUEST,
                    axum::Json(json!({"error": "invalid_grant"})),
                )
                    .into_response(),
            }
        }
        // Where an Activity's instance runs: `i-<channel>-<guild>` is in that channel, with
        // alice and bob in it, `i-<channel>` in that group DM; any other instance is unknown.
        // Only the bot may ask.
        ("GET", ["applications", app, "activity-instances", instance]) => {
            let place: Vec<&str> = instance
                .strip_prefix("i-")
                .unwrap_or("")
                .split('-')
                .collect();
            let bot = header("authorization").starts_with("Bot ");
            match place[..] {
                [channel, guild] if bot && *app == APP_ID.to_string() => axum::Json(json!({
                    "application_id": APP_ID.to_string(), "instance_id": instance,
                    "launch_id": "1", "users": [ALICE.id.to_string(), BOB.id.to_string()],
                    "location": {"id": "gc-1", "kind": "gc", "channel_id": channel,
                                 "guild_id": guild}
                }))
                .into_response(),
                // `i-<channel>`: a DM or group DM, which has no server.
                [channel] if bot && !channel.is_empty() && *app == APP_ID.to_string() => {
                    axum::Json(json!({
                        "application_id": APP_ID.to_string(), "instance_id": instance,
                        "launch_id": "1", "users": [ALICE.id.to_string(), BOB.id.to_string()],
                        "location": {"id": "pc-1", "kind": "pc", "channel_id": channel}
                    }))
                    .into_response()
                }
                _ => (
                    StatusCode::NOT_FOUND,
                    axum::Json(json!({"message": "Unknown Application Instance", "code": 10_000})),
                )
                    .into_response(),
            }
        }
        ("GET", ["users", "@me"]) => {
            let authorization = header("authorization");
            let user = authorization
                .strip_prefix("Bearer access-")
                .and_then(|id| id.parse::<u64>().ok());
            match user {
                Some(id) => {
                    let name = [ALICE, BOB]
                        .iter()
                        .find(|p| p.id == id)
                        .map_or("someone", |p| p.name);
                    axum::Json(user_json(Person { id, name })).into_response()
                }
                None => (
                    StatusCode::UNAUTHORIZED,
                    axum::Json(json!({"message": "401: Unauthorized", "code": 0})),
                )
                    .into_response(),
            }
        }
        _ => (StatusCode::NOT_FOUND, "the fake does not know this route").into_response(),
    }
}

impl Fault {
    /// The answer Discord gives.
    async fn answer(self) -> axum::response::Response {
        match self {
            Self::RateLimited {
                retry_after,
                global,
            } => {
                let body = json!({"message": "You are being rate limited.",
                    "retry_after": retry_after, "global": global});
                let mut response =
                    (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response();
                let headers = response.headers_mut();
                headers.insert(
                    "retry-after",
                    retry_after.ceil().to_string().parse().unwrap(),
                );
                headers.insert(
                    "x-ratelimit-reset-after",
                    retry_after.to_string().parse().unwrap(),
                );
                headers.insert("x-ratelimit-limit", "5".parse().unwrap());
                headers.insert("x-ratelimit-remaining", "0".parse().unwrap());
                if global {
                    headers.insert("x-ratelimit-global", "true".parse().unwrap());
                } else {
                    headers.insert("x-ratelimit-scope", "user".parse().unwrap());
                }
                response
            }
            Self::Server(status) => (
                StatusCode::from_u16(status).unwrap(),
                "<html>bad gateway</html>",
            )
                .into_response(),
            Self::Stall(wait) => {
                tokio::time::sleep(wait).await;
                StatusCode::GATEWAY_TIMEOUT.into_response()
            }
            Self::Refuse { status, code } => {
                let body = json!({"message": format!("refused ({code})"), "code": code});
                (StatusCode::from_u16(status).unwrap(), axum::Json(body)).into_response()
            }
        }
    }
}

impl Rest {
    /// Makes `channel` one the bot is no member of: every post there is refused with 50001.
    pub fn without_bot(&self, channel: u64) {
        self.without_bot.lock().unwrap().insert(channel);
    }

    /// Makes `guild` a server that never added the bot.
    pub fn guild_without_bot(&self, guild: u64) {
        self.guilds_without_bot.lock().unwrap().insert(guild);
    }

    /// Counts a follow-up of the interaction with `token`; how many so far, this one too.
    fn followup_count(&self, token: &str) -> u32 {
        let mut counts = self.followups.lock().unwrap();
        let count = counts.entry(token.to_owned()).or_default();
        *count += 1;
        *count
    }

    /// Answers the next `times` calls of `method` whose path contains `path` with `fault`.
    pub fn inject(&self, method: &str, path: &str, fault: Fault, times: u32) {
        self.faults.lock().unwrap().push(Injected {
            method: method.to_owned(),
            path: path.to_owned(),
            fault,
            times,
        });
    }

    /// The fault this call meets, if any (counted off).
    fn fault_for(&self, method: &str, path: &str) -> Option<Fault> {
        let mut faults = self.faults.lock().unwrap();
        let found = faults
            .iter_mut()
            .find(|f| f.times > 0 && f.method == method && path.contains(&f.path))?;
        found.times -= 1;
        Some(found.fault.clone())
    }

    /// Starts the fake on a free loopback port; returns it and its base URL.
    pub async fn start() -> (Self, String) {
        let rest = Self::default();
        let app = Router::new().fallback(record).with_state(rest.clone());
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (rest, format!("http://{address}"))
    }

    /// Serves the fake as Discord is reached in production: over TLS at `discord.com`,
    /// without an API proxy, so that serenity's own rate limiter handles its 429s. Returns
    /// the HTTP client that finds `discord.com` here and trusts the fake's certificate.
    pub async fn serve_as_discord(&self) -> reqwest::Client {
        let made = rcgen::generate_simple_self_signed(vec!["discord.com".to_owned()]).unwrap();
        let certificate = made.cert.der().clone();
        let key = tokio_rustls::rustls::pki_types::PrivateKeyDer::Pkcs8(
            made.key_pair.serialize_der().into(),
        );
        let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
        let tls = tokio_rustls::rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_no_client_auth()
            .with_single_cert(vec![certificate.clone()], key)
            .unwrap();
        let listener = TlsListener {
            tcp: TcpListener::bind("127.0.0.1:0").await.unwrap(),
            acceptor: tokio_rustls::TlsAcceptor::from(Arc::new(tls)),
        };
        let address = listener.tcp.local_addr().unwrap();
        let app = Router::new().fallback(record).with_state(self.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        reqwest::Client::builder()
            .use_rustls_tls()
            .resolve("discord.com", address)
            .add_root_certificate(reqwest::Certificate::from_der(certificate.as_ref()).unwrap())
            .build()
            .unwrap()
    }

    /// Closes a user's DMs: Discord then refuses messages sent to them.
    pub fn close_dms(&self, user: u64) {
        self.closed_dms.lock().unwrap().push(user);
    }

    /// Refuses the bot's posts in threads from now on.
    pub fn refuse_threads(&self) {
        self.refuse_threads
            .store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Answers the next `count` edits of the `@original` answer of the interaction with
    /// `token` with 404.
    pub fn fail_edits(&self, token: &str, count: u32) {
        *self.failing_edits.lock().unwrap() = Some((token.to_owned(), count));
    }

    /// Whether this edit of `token`'s answer is one to fail (counted off).
    fn fails_edit(&self, token: &str) -> bool {
        match self.failing_edits.lock().unwrap().as_mut() {
            Some((failing, count)) if failing == token && *count > 0 => {
                *count -= 1;
                true
            }
            _ => false,
        }
    }

    /// Where `GET /gateway` sends the bot.
    pub fn set_gateway(&self, url: &str) {
        *self.gateway_url.lock().unwrap() = url.to_owned();
    }

    /// Every call so far.
    pub fn calls(&self) -> Vec<Call> {
        self.calls.lock().unwrap().clone()
    }

    /// Waits (up to 10 s) for a call whose method and path match, after the first `skip`
    /// calls; returns it with its index.
    pub async fn wait_for(&self, skip: usize, matches: impl Fn(&Call) -> bool) -> (usize, Call) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            // Listen before looking, so a call that lands in between is not missed.
            let arrival = self.arrived.notified();
            tokio::pin!(arrival);
            arrival.as_mut().enable();
            if let Some(found) = self
                .calls()
                .into_iter()
                .enumerate()
                .skip(skip)
                .find(|(_, c)| matches(c))
            {
                return found;
            }
            if tokio::time::timeout_at(deadline, arrival).await.is_err() {
                break;
            }
        }
        panic!(
            "no matching call; calls: {:#?}",
            self.calls()
                .iter()
                .map(|c| (&c.method, &c.path))
                .collect::<Vec<_>>()
        );
    }
}

/// A fake gateway: one bot connection at a time. It keeps what it dispatched, so a bot
/// that lost its connection and RESUMEs is sent what it missed, as Discord does.
pub struct Gateway {
    /// `ws://127.0.0.1:port`.
    pub url: String,
    dispatch: mpsc::UnboundedSender<Value>,
    /// Ends the current connection (as a network failure does), when sent to.
    drop_connection: mpsc::UnboundedSender<()>,
    /// What the bot sent (IDENTIFY, heartbeats, RESUME), as JSON.
    pub received: Arc<Mutex<Vec<Value>>>,
    /// Whether a RESUME is sent, besides what the bot missed, the last event it had seen
    /// already: Discord may deliver an event twice across a resume.
    pub replay_seen: Arc<std::sync::atomic::AtomicBool>,
}

/// What the fake gateway has sent in its session: its last sequence number and the
/// dispatches, each with its own.
#[derive(Default)]
struct Session {
    seq: u64,
    sent: Vec<(u64, Value)>,
}

impl Gateway {
    /// Starts it on a free loopback port.
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address: SocketAddr = listener.local_addr().unwrap();
        let url = format!("ws://{address}");
        let (dispatch, mut events) = mpsc::unbounded_channel::<Value>();
        let (drop_connection, mut drops) = mpsc::unbounded_channel::<()>();
        let received = Arc::new(Mutex::new(Vec::new()));
        let replay_seen = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let log = Arc::clone(&received);
        let replaying = Arc::clone(&replay_seen);
        let resume_url = url.clone();
        tokio::spawn(async move {
            let mut session = Session::default();
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    return;
                };
                let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else {
                    continue;
                };
                let hello = json!({"op": 10, "d": {"heartbeat_interval": 45_000}});
                if ws.send(Frame::text(hello.to_string())).await.is_err() {
                    continue;
                }
                // Events wait in the channel while no session is open on this connection.
                let mut open = false;
                loop {
                    tokio::select! {
                        frame = ws.next() => {
                            let Some(Ok(frame)) = frame else { break };
                            let Ok(text) = frame.into_text() else { continue };
                            let Ok(value) = serde_json::from_str::<Value>(&text) else { continue };
                            log.lock().unwrap().push(value.clone());
                            let mut out = Vec::new();
                            match value["op"].as_u64() {
                                Some(1) => out.push(json!({"op": 11})),
                                Some(2) => {
                                    session = Session::default();
                                    session.seq += 1;
                                    out.push(json!({"op": 0, "s": session.seq, "t": "READY", "d": {
                                        "v": 10,
                                        "user": {"id": BOT_ID.to_string(), "username": "leapfrog", "bot": true},
                                        "guilds": [],
                                        "session_id": "fake-session",
                                        "resume_gateway_url": resume_url,
                                        "application": {"id": APP_ID.to_string(), "flags": 0}
                                    }}));
                                    open = true;
                                }
                                Some(6) => {
                                    let seen = value["d"]["seq"].as_u64().unwrap_or(0);
                                    let again = replaying.load(std::sync::atomic::Ordering::SeqCst);
                                    out.extend(session.sent.iter().filter(|(s, _)| {
                                        *s > seen || (again && *s == seen)
                                    }).map(|(_, frame)| frame.clone()));
                                    session.seq += 1;
                                    out.push(json!({"op": 0, "s": session.seq, "t": "RESUMED", "d": {}}));
                                    open = true;
                                }
                                _ => {}
                            }
                            for frame in out {
                                let _ = ws.send(Frame::text(frame.to_string())).await;
                            }
                        }
                        event = events.recv(), if open => {
                            let Some(d) = event else { return };
                            session.seq += 1;
                            let frame = json!({"op": 0, "s": session.seq, "t": "INTERACTION_CREATE", "d": d});
                            session.sent.push((session.seq, frame.clone()));
                            let _ = ws.send(Frame::text(frame.to_string())).await;
                        }
                        Some(()) = drops.recv() => break,
                    }
                }
            }
        });
        Self {
            url,
            dispatch,
            drop_connection,
            received,
            replay_seen,
        }
    }

    /// Ends the bot's connection abruptly, as a failing network does.
    pub fn drop_connection(&self) {
        self.drop_connection.send(()).unwrap();
    }

    /// Waits until the bot has sent `count` frames of gateway opcode `op` (2 IDENTIFY,
    /// 6 RESUME).
    pub async fn sent_op(&self, op: u64, count: usize) {
        for _ in 0..3_000 {
            let seen = self
                .received
                .lock()
                .unwrap()
                .iter()
                .filter(|v| v["op"] == op)
                .count();
            if seen >= count {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the bot never sent op {op} {count} time(s)");
    }

    /// Sends an INTERACTION_CREATE with this interaction.
    pub fn dispatch(&self, interaction: Value) {
        self.dispatch.send(interaction).unwrap();
    }

    /// Waits for the bot's IDENTIFY.
    pub async fn identified(&self) -> Value {
        for _ in 0..1_000 {
            if let Some(found) = self.received.lock().unwrap().iter().find(|v| v["op"] == 2) {
                return found.clone();
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the bot never identified");
    }
}

/// The players of the tests.
pub const ALICE: Person = Person {
    id: 101,
    name: "alice",
};
/// Alice's usual opponent.
pub const BOB: Person = Person {
    id: 202,
    name: "bob",
};

/// Builds Discord's interaction payloads for one channel of one server.
pub struct Payloads {
    next_id: u64,
    /// The server.
    pub guild: u64,
    /// The channel.
    pub channel: u64,
    /// The channel's type: 0 a text channel, 11 a public thread.
    pub channel_kind: u8,
    /// The caller's client language, as Discord sends it (`en-US`, `ru`, `pl`).
    pub locale: &'static str,
    /// The server's language, when Discord sends one.
    pub guild_locale: Option<&'static str>,
}

/// A user in the channel.
#[derive(Clone, Copy)]
pub struct Person {
    /// The id.
    pub id: u64,
    /// The name.
    pub name: &'static str,
}

fn user_json(p: Person) -> Value {
    json!({"id": p.id.to_string(), "username": p.name, "global_name": p.name, "discriminator": "0", "bot": false})
}

fn member_json(p: Person) -> Value {
    json!({"user": user_json(p), "roles": [], "deaf": false, "mute": false, "flags": 0, "joined_at": "2026-01-01T00:00:00Z"})
}

impl Payloads {
    /// Payloads for a server and channel.
    pub fn new() -> Self {
        Self {
            next_id: 5_000,
            guild: 77,
            channel: 88,
            channel_kind: 0,
            locale: "en-US",
            guild_locale: None,
        }
    }

    /// A new interaction id, unique in the whole test process (as Discord's snowflakes
    /// are): the bot acts on an id once.
    fn id(&mut self) -> String {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(5_000);
        self.next_id = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
        self.next_id.to_string()
    }

    fn base(&mut self, kind: u8, who: Person, data: Value) -> Value {
        let id = self.id();
        let mut payload = json!({
            "id": id, "application_id": APP_ID.to_string(), "type": kind, "data": data,
            "guild_id": self.guild.to_string(), "channel_id": self.channel.to_string(),
            "channel": {"id": self.channel.to_string(), "type": self.channel_kind},
            "context": 0, "member": member_json(who), "token": format!("token-{id}"), "version": 1,
            "authorizing_integration_owners": {"0": self.guild.to_string()},
            "locale": self.locale, "entitlements": [], "attachment_size_limit": 8_388_608,
            "app_permissions": "0"
        });
        if let Some(locale) = self.guild_locale {
            payload["guild_locale"] = json!(locale);
        }
        payload
    }

    /// A slash command with `(name, value)` options (strings; ints for `game`; a user for
    /// `opponent`, resolved like Discord does).
    pub fn command(
        &mut self,
        who: Person,
        name: &str,
        options: &[(&str, Value)],
        opponent: Option<Person>,
    ) -> Value {
        let users: Vec<(&str, Person)> = opponent.map(|o| ("opponent", o)).into_iter().collect();
        self.command_with_users(who, name, options, &users)
    }

    /// A slash command with user options (`opponent`, `opponent2`...), resolved as Discord
    /// resolves them.
    pub fn command_with_users(
        &mut self,
        who: Person,
        name: &str,
        options: &[(&str, Value)],
        users: &[(&str, Person)],
    ) -> Value {
        let mut options: Vec<Value> = options
            .iter()
            .map(|(n, v)| {
                let kind = if v.is_i64() { 4 } else { 3 };
                json!({"name": n, "type": kind, "value": v})
            })
            .collect();
        let mut resolved_users = serde_json::Map::new();
        for (option, person) in users {
            options.push(json!({"name": option, "type": 6, "value": person.id.to_string()}));
            resolved_users.insert(person.id.to_string(), user_json(*person));
        }
        let resolved = if users.is_empty() {
            json!({})
        } else {
            json!({ "users": resolved_users })
        };
        let data =
            json!({"id": "1", "name": name, "type": 1, "options": options, "resolved": resolved});
        self.base(2, who, data)
    }

    /// An autocomplete request with `focused` being typed.
    pub fn autocomplete(&mut self, who: Person, name: &str, focused: &str, typed: &str) -> Value {
        let data = json!({"id": "1", "name": name, "type": 1, "options": [
            {"name": focused, "type": 3, "value": typed, "focused": true}
        ]});
        self.base(4, who, data)
    }

    /// A button click (`values` empty) or a menu choice.
    pub fn component(&mut self, who: Person, custom_id: &str, values: &[&str]) -> Value {
        let (kind, data) = if values.is_empty() {
            (2, json!({"custom_id": custom_id, "component_type": 2}))
        } else {
            (
                3,
                json!({"custom_id": custom_id, "component_type": 3, "values": values}),
            )
        };
        let _ = kind;
        let mut payload = self.base(3, who, data);
        let mut message = message_json();
        message["channel_id"] = json!(self.channel.to_string());
        payload["message"] = message;
        payload
    }
}

/// The same interaction sent from `who`'s direct messages with the bot: no server, no
/// member, the user at the top level, the DM channel.
pub fn in_dm(mut payload: Value) -> Value {
    let object = payload.as_object_mut().unwrap();
    object.remove("guild_id");
    let member = object.remove("member").unwrap();
    let user = member["user"].clone();
    let id: u64 = user["id"].as_str().unwrap().parse().unwrap();
    object.insert("user".into(), user);
    object.insert("context".into(), json!(1));
    object.insert("channel_id".into(), json!(dm_channel(id).to_string()));
    object.insert(
        "channel".into(),
        json!({"id": dm_channel(id).to_string(), "type": 1}),
    );
    // As Discord says of a server's install used in the bot's DMs.
    object.insert("authorizing_integration_owners".into(), json!({"0": "0"}));
    payload
}

/// The same interaction used in a group DM (`channel`, type 3) between people, through
/// `installer`'s own install of the app: no server, no member, the user at the top level,
/// context 2, and the user install alone among the authorizing owners.
pub fn in_group_dm(payload: Value, channel: u64, installer: u64) -> Value {
    in_private_channel(payload, channel, 3, installer)
}

/// [`in_group_dm`] for a private channel of `kind`: 1 a DM between two people, 3 a group
/// DM.
pub fn in_private_channel(mut payload: Value, channel: u64, kind: u8, installer: u64) -> Value {
    let object = payload.as_object_mut().unwrap();
    object.remove("guild_id");
    object.remove("guild_locale");
    let member = object.remove("member").unwrap();
    object.insert("user".into(), member["user"].clone());
    object.insert("context".into(), json!(2));
    object.insert("channel_id".into(), json!(channel.to_string()));
    object.insert(
        "channel".into(),
        json!({"id": channel.to_string(), "type": kind, "recipients": []}),
    );
    user_installed_by(payload, installer)
}

/// The same interaction on a server that never added the bot, used through `installer`'s
/// own install: the user install alone among the authorizing owners.
pub fn user_installed_by(mut payload: Value, installer: u64) -> Value {
    payload["authorizing_integration_owners"] = json!({"1": installer.to_string()});
    USER_INSTALL_TOKENS
        .lock()
        .unwrap()
        .insert(token_of(&payload));
    payload
}

/// The id of the first thread the fake opens (the next are numbered on).
pub const THREAD_BASE: u64 = 700_000;

/// The id of the DM channel the fake opens with `user`.
pub fn dm_channel(user: u64) -> u64 {
    900_000 + user
}

/// The interaction id of a payload.
pub fn id_of(payload: &Value) -> String {
    payload["id"].as_str().unwrap().to_owned()
}

/// Its token.
pub fn token_of(payload: &Value) -> String {
    payload["token"].as_str().unwrap().to_owned()
}

/// The application's signing key (its public half is the endpoint's `public_key`).
pub fn key() -> SigningKey {
    SigningKey::from_bytes(&[7; 32])
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `leapfrog http`'s router over `play` on a free loopback port; returns its URL.
pub async fn start_endpoint<S: Store + 'static>(
    config: &DiscordConfig,
    play: Arc<Play<S>>,
) -> String {
    start_stoppable_endpoint(config, play).await.0
}

/// [`start_endpoint`], also returning the server's task: aborting it stops the endpoint and
/// lets go of `play` (a restart, in the tests of correspondence play).
pub async fn start_stoppable_endpoint<S: Store + 'static>(
    config: &DiscordConfig,
    play: Arc<Play<S>>,
) -> (String, tokio::task::JoinHandle<()>) {
    start_endpoint_over(config, play, http_client(config, "test-token")).await
}

/// [`start_stoppable_endpoint`] with the bot's REST client given (one that reaches the fake
/// as Discord: [`Rest::serve_as_discord`]).
pub async fn start_endpoint_over<S: Store + 'static>(
    config: &DiscordConfig,
    play: Arc<Play<S>>,
    http: serenity::all::Http,
) -> (String, tokio::task::JoinHandle<()>) {
    let http = Arc::new(http);
    let bot = Bot::new(play, http, Duration::from_millis(config.defer_after_ms))
        .with_threads(config.threads);
    let verifier = Verifier::try_new(key().verifying_key().to_bytes()).unwrap();
    let router = endpoint::router(endpoint::Endpoint { bot, verifier }, config.max_body_bytes);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/interactions", listener.local_addr().unwrap());
    let server = tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (url, server)
}

/// Stops an endpoint started by [`start_stoppable_endpoint`] and waits until nothing holds
/// its play layer any more (the bot's work in flight done), then flushes the store, as a
/// process exit would: the store can then be opened again, as by a restarted bot.
pub async fn stop_endpoint<S: Store + 'static>(
    server: tokio::task::JoinHandle<()>,
    mut play: Arc<Play<S>>,
) {
    server.abort();
    let _ = server.await;
    for _ in 0..200 {
        match Arc::try_unwrap(play) {
            Ok(play) => {
                tokio::task::block_in_place(|| play.store().flush().unwrap());
                return;
            }
            Err(still_shared) => {
                play = still_shared;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
    panic!("the bot never let go of its store");
}

/// Seconds since the epoch: a fresh signature timestamp.
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// Posts `body` signed by `signer` at `timestamp`.
pub async fn post(url: &str, body: &[u8], signer: &SigningKey, timestamp: u64) -> (u16, Value) {
    let timestamp = timestamp.to_string();
    let mut message = timestamp.as_bytes().to_vec();
    message.extend_from_slice(body);
    let signature = hex(&signer.sign(&message).to_bytes());
    let response = reqwest::Client::new()
        .post(url)
        .header("X-Signature-Ed25519", signature)
        .header("X-Signature-Timestamp", timestamp)
        .header("Content-Type", "application/json")
        .body(body.to_vec())
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// The bot's settings against a fake REST server at `rest`.
pub fn config(rest: &str) -> DiscordConfig {
    DiscordConfig {
        token: Some("test-token".into()),
        application_id: Some(APP_ID),
        public_key: Some(hex(key().verifying_key().as_bytes())),
        dev_guild: Some(77),
        api_proxy: Some(rest.to_owned()),
        // Games stay in the channel unless a test asks for threads.
        threads: false,
        ..DiscordConfig::default()
    }
}

/// Dice that give the challenger the first seat whenever seats are drawn, so scripted games
/// know who moves first.
pub struct ChallengerFirst;

impl Dice for ChallengerFirst {
    fn roll(&self, _: u64) -> u64 {
        0
    }
}

/// What a global rate limit must do on every path to Discord: a post on channel `limited`
/// meets a global 429 of 1.5 s; another post, on channel `other`, sent while it lasts,
/// waits at least `least` for it; each lands once (the limited one sent again once).
pub async fn check_a_global_limit_holds_back_other_calls(
    rest: &Rest,
    http: Arc<serenity::all::Http>,
    (limited, other): (u64, u64),
    least: Duration,
) {
    use serenity::all::{ChannelId, CreateMessage};
    rest.inject(
        "POST",
        &format!("/channels/{limited}/messages"),
        Fault::RateLimited {
            retry_after: 1.5,
            global: true,
        },
        1,
    );
    let first = {
        let http = Arc::clone(&http);
        tokio::spawn(async move {
            leapfrog::discord::reach::repeated("create_message", || {
                ChannelId::new(limited)
                    .send_message(http.as_ref(), CreateMessage::new().content("a"))
            })
            .await
        })
    };
    let limited_path = format!("/channels/{limited}/");
    rest.wait_for(0, |c| c.path.contains(&limited_path)).await;
    // The limit is heard as the first call starts waiting; the other starts just after.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let started = std::time::Instant::now();
    leapfrog::discord::reach::repeated("create_message", || {
        ChannelId::new(other).send_message(http.as_ref(), CreateMessage::new().content("b"))
    })
    .await
    .expect("sent once the limit is over");
    let held = started.elapsed();
    assert!(
        held >= least,
        "another route waited for the global limit: {held:?}"
    );
    first.await.unwrap().expect("the limited call landed");
    let posts = |channel: u64| {
        let path = format!("/channels/{channel}/");
        rest.calls()
            .iter()
            .filter(|c| c.path.contains(&path))
            .count()
    };
    assert_eq!(posts(limited), 2, "refused once, sent again once");
    assert_eq!(posts(other), 1, "never refused, sent once");
}

/// alice, writing in channel 88 of server 77, as the play layer sees her.
pub fn alice_here() -> leapfrog::play::Context {
    leapfrog::play::Context {
        user: leapfrog::play::User::new(leapfrog::store::UserId(ALICE.id), "alice"),
        place: leapfrog::store::Place {
            guild: Some(leapfrog::store::GuildId(77)),
            channel: leapfrog::store::ChannelId(88),
            reach: leapfrog::store::Reach::Posts,
        },
        manager: false,
        lang: leapfrog::i18n::Lang::En,
        guild_lang: None,
    }
}
