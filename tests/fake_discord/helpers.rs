//! What the Discord test binaries share on top of the fake: the bot's play layer over a
//! temporary store, signed interactions and the answers they get, and the paths the bot
//! answers on. One definition each, used by every binary that includes `fake_discord`
//! (each binary's crate root also has `mod common;`, for the temporary store).

use std::sync::Arc;

use leapfrog::ai::AiConfig;
use leapfrog::play::{Play, SystemClock};
use leapfrog::store::AnyStore;
use serde_json::Value;

use super::{id_of, key, now, post, token_of, Call, ChallengerFirst, Person, Rest, APP_ID};

/// A play layer over a temporary store (sled, or PostgreSQL as the run asks), with the
/// system's clock and the challenger moving first.
pub fn new_play() -> Play<AnyStore> {
    Play::with(
        crate::common::temporary_store(),
        Box::new(SystemClock),
        Box::new(ChallengerFirst),
    )
}

/// [`new_play`], shared.
pub fn play() -> Arc<Play<AnyStore>> {
    Arc::new(new_play())
}

/// [`new_play`] with the computer thinking as `ai` says, shared.
pub fn play_with_ai(ai: AiConfig) -> Arc<Play<AnyStore>> {
    Arc::new(new_play().with_ai(ai))
}

/// The bot's own user, as Discord resolves it in an option: its id is the application's.
pub const LEAPFROG: Person = Person {
    id: APP_ID,
    name: "Leapfrog",
};

/// Marks the resolved user `who` of a payload as a bot, as Discord does for bot accounts.
pub fn as_bot(mut payload: Value, who: Person) -> Value {
    payload["data"]["resolved"]["users"][who.id.to_string()]["bot"] = serde_json::json!(true);
    payload
}

/// [`play_with_ai`] with a computer that thinks 20 ms at most and analyses shallowly.
pub fn play_quickly() -> Arc<Play<AnyStore>> {
    play_with_ai(AiConfig {
        think_ms: 20,
        threads: 1,
        table_mb: 1,
        analysis_nodes: Some(20_000),
        analysis_depth: Some(2),
        analysis_ms: None,
    })
}

/// Signs `payload` as Discord does and posts it to the endpoint at `url`: the status and
/// the body of the answer.
pub async fn signed(url: &str, payload: &Value) -> (u16, Value) {
    post(url, payload.to_string().as_bytes(), &key(), now()).await
}

/// Signs and sends `payload`; the endpoint must take it (200). Returns the answer's body.
pub async fn send(url: &str, payload: &Value) -> Value {
    let (status, body) = signed(url, payload).await;
    assert_eq!(status, 200, "{body}");
    body
}

/// Where the bot edits its answer to `payload`: the webhook of the original response.
pub fn original(payload: &Value) -> String {
    format!(
        "/webhooks/{APP_ID}/{}/messages/@original",
        token_of(payload)
    )
}

/// Where the gateway bot answers `payload`: its interaction callback.
pub fn callback(payload: &Value) -> String {
    format!(
        "/interactions/{}/{}/callback",
        id_of(payload),
        token_of(payload)
    )
}

/// Whether a call carries a board picture: a decodable 800 px PNG.
pub fn has_board(call: &Call) -> bool {
    call.file()
        .and_then(|png| image::load_from_memory(&png).ok())
        .is_some_and(|i| i.width() == 800)
}

/// Checks a call carries a board picture: a decodable 800 px PNG.
pub fn assert_board(call: &Call) {
    let png = call
        .file()
        .unwrap_or_else(|| panic!("no file in {} {}", call.method, call.path));
    let image = image::load_from_memory(&png).expect("a valid PNG");
    assert_eq!(image.width(), 800);
}

/// Waits for the edit of the answer to `payload` (the PATCH of its original response),
/// looking from call `seen` on: its index and the call.
pub async fn edit_of(rest: &Rest, payload: &Value, seen: usize) -> (usize, Call) {
    let path = original(payload);
    rest.wait_for(seen, |c| c.method == "PATCH" && c.path == path)
        .await
}

/// Sends an interaction the bot defers, and waits for its board: the PATCH of the original
/// response, carrying a PNG. Returns where to look for the next call and the message.
pub async fn deferred_board(
    rest: &Rest,
    url: &str,
    payload: &Value,
    seen: usize,
) -> (usize, Value) {
    assert_eq!(send(url, payload).await["type"], 5);
    let (index, call) = edit_of(rest, payload, seen).await;
    assert_board(&call);
    (index + 1, call.json())
}

/// The bot's posts in channel `channel` so far, refused ones included.
pub fn posts_in(rest: &Rest, channel: u64) -> Vec<Call> {
    let path = format!("/channels/{channel}/messages");
    rest.calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path == path)
        .collect()
}
