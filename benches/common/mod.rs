//! What every bench binary shares (each uses its own part of it).

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The median of `runs` timings of `f`: robust to the odd slow run on a shared machine.
pub fn median_of<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                std::hint::black_box(f());
                start.elapsed()
            })
            .collect(),
    )
}

/// The median of timings taken elsewhere.
pub fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// The `p` quantile (0 to 1) of `samples`, sorting them; zero when there are none.
pub fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    if samples.is_empty() {
        return Duration::ZERO;
    }
    samples.sort();
    samples[((samples.len() - 1) as f64 * p).round() as usize]
}

/// A bench's setting from the environment variable `name`, else `default`.
pub fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One `leapfrog http`.
pub struct Worker {
    child: Child,
    /// Where it listens.
    pub url: String,
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `leapfrog http` on a free loopback port with `config`: the worker, once it
/// listens, and how long that took. Its warnings and errors are echoed.
pub fn start_worker(config: &std::path::Path) -> (Worker, Duration) {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
        .arg("--config")
        .arg(config)
        .args(["http", "--listen", "127.0.0.1:0"])
        .env("DISCORD_TOKEN", "x")
        .env("RUST_LOG", "warn,leapfrog=info")
        .env_remove("DATABASE_URL")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let url = loop {
        let line = lines.next().expect("the worker listens").unwrap();
        if let Some(url) = line
            .split_whitespace()
            .find(|w| w.starts_with("http://127.0.0.1:"))
        {
            break url.to_owned();
        }
    };
    let elapsed = started.elapsed();
    std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            if ["ERROR", "WARN", "panicked"]
                .iter()
                .any(|w| line.contains(w))
            {
                eprintln!("worker: {line}");
            }
        }
    });
    (Worker { child, url }, elapsed)
}

/// Serves `app` (a fake of Discord's REST side) on a free loopback port: its URL.
pub async fn serve_on_loopback(app: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

/// The configuration of a `leapfrog http` worker whose Discord is the fake at `rest_url`
/// (its application `app` with the public key `public_key`, in hex), registering nothing
/// and opening no threads, followed by `more` (its store, its computer).
pub fn http_config(rest_url: &str, app: u64, public_key: &str, more: &str) -> String {
    format!(
        "[discord]\napi_proxy = \"{rest_url}\"\napplication_id = {app}\n\
         public_key = \"{public_key}\"\nregister_commands = false\nthreads = false\n{more}"
    )
}
