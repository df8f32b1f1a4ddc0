//! What a server admin sees when starting the bot: the real binary, without `RUST_LOG`,
//! against a Discord that cannot be reached, against the fake Discord, and as the HTTP
//! endpoint. It must say what it is doing, and every failure to reach Discord with the
//! retry it will make.

mod common;
mod fake_discord;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use fake_discord::{hex, key, now, post, Gateway, Rest, APP_ID};
use serde_json::json;

/// The bot, started with `args` and the token `x`, logging as it does by default.
struct Bot {
    child: Child,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
    _dir: tempfile::TempDir,
}

impl Bot {
    fn start(config: &str, args: &[&str]) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("config.toml");
        std::fs::write(&file, config).unwrap();
        let data = dir.path().join("data");
        let mut child = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
            .arg("--config")
            .arg(&file)
            .args(args)
            .arg("--data")
            .arg(&data)
            .env("DISCORD_TOKEN", "x")
            .env_remove("RUST_LOG")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let stderr = child.stderr.take().unwrap();
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { return };
                if send.send(line).is_err() {
                    return;
                }
            }
        });
        Self {
            child,
            lines,
            seen: Vec::new(),
            _dir: dir,
        }
    }

    /// Waits (up to 20 s) for a line containing every one of `words`; returns it.
    fn wait_for(&mut self, words: &[&str]) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        if let Some(line) = self
            .seen
            .iter()
            .find(|l| words.iter().all(|w| l.contains(w)))
        {
            return line.clone();
        }
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            let Ok(line) = self.lines.recv_timeout(left) else {
                break;
            };
            self.seen.push(line.clone());
            if words.iter().all(|w| line.contains(w)) {
                return line;
            }
        }
        panic!(
            "no line with {words:?}; the bot said:\n{}",
            self.seen.join("\n")
        );
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A loopback port nothing listens on.
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

#[test]
fn without_discord_the_bot_says_it_is_connecting_and_retrying() {
    let config = format!(
        "[discord]\napi_proxy = \"http://127.0.0.1:{}\"\n",
        closed_port()
    );
    let mut bot = Bot::start(&config, &["serve"]);
    bot.wait_for(&["connecting to Discord"]);
    bot.wait_for(&[
        "could not reach Discord",
        "attempt 1",
        "trying again in 1 s",
    ]);
    bot.wait_for(&[
        "could not reach Discord",
        "attempt 2",
        "trying again in 2 s",
    ]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connected_the_bot_says_as_whom_where_and_that_its_commands_are_registered() {
    let (rest, rest_url) = Rest::start().await;
    let gateway = Gateway::start().await;
    rest.set_gateway(&gateway.url);
    let config = format!("[discord]\napi_proxy = \"{rest_url}\"\ndev_guild = 77\n");
    let mut bot = Bot::start(&config, &["serve"]);
    tokio::task::block_in_place(|| {
        bot.wait_for(&["connecting to Discord"]);
        bot.wait_for(&[
            "connected to Discord as leapfrog",
            "0 servers",
            "shard 1 of 1",
        ]);
        let count = leapfrog::discord::commands::registered(None, false)
            .unwrap()
            .len()
            .to_string();
        bot.wait_for(&["registered", &count, "slash commands", "77"]);
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_endpoint_says_where_it_listens() {
    let (_rest, rest_url) = Rest::start().await;
    let config = format!(
        "[discord]\napi_proxy = \"{rest_url}\"\napplication_id = {APP_ID}\npublic_key = \"{}\"\n",
        hex(key().verifying_key().as_bytes())
    );
    let mut bot = Bot::start(&config, &["http", "--listen", "127.0.0.1:0"]);
    let line = tokio::task::block_in_place(|| bot.wait_for(&["listening", "http://127.0.0.1:"]));
    let url: String = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap()
        .to_owned();
    assert!(!url.contains(":0/"), "the port really listened on: {line}");
    let ping = json!({"id": "1", "application_id": APP_ID.to_string(), "type": 1, "token": "t", "version": 1});
    let (status, body) = post(&url, ping.to_string().as_bytes(), &key(), now()).await;
    assert_eq!((status, body), (200, json!({"type": 1})));
    tokio::task::block_in_place(|| bot.wait_for(&["registered", "slash commands"]));
}
