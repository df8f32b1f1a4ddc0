//! Logs: `[log] format` (text for a terminal, JSON for a log pipeline), and one line per
//! interaction with its id, command, game, outcome and durations — written when the
//! interaction is completely done (its deferred answer and board posted too), so that one
//! line tells the whole story.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde::Deserialize;
use tracing_subscriber::fmt::MakeWriter;

use crate::play::Outcome;

use crate::metrics;

/// `[log]` in the configuration file.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogConfig {
    /// `"text"` (the default) or `"json"`, one object per line.
    #[serde(default)]
    pub format: LogFormat,
}

/// How log lines are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// Human-readable lines.
    #[default]
    Text,
    /// One JSON object per line, the event's fields at the top level.
    Json,
}

/// A subscriber writing to `writer` in `format`, keeping what `filter` (a `RUST_LOG`-style
/// directive) lets through; `ansi` colours text. The binary installs it; tests capture it.
pub fn subscriber<W>(
    format: LogFormat,
    filter: tracing_subscriber::EnvFilter,
    writer: W,
    ansi: bool,
) -> Box<dyn tracing::Subscriber + Send + Sync>
where
    W: for<'a> MakeWriter<'a> + Send + Sync + 'static,
{
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer);
    match format {
        LogFormat::Text => Box::new(builder.with_ansi(ansi).finish()),
        LogFormat::Json => Box::new(
            builder
                .json()
                .flatten_event(true)
                .with_current_span(false)
                .with_span_list(false)
                .finish(),
        ),
    }
}

/// One interaction being answered. Cloned into the work it starts; when the last clone is
/// dropped (the answer and its board are out) the interaction is counted and logged.
#[derive(Clone, Debug)]
pub struct Interaction(Arc<Record>);

#[derive(Debug)]
struct Record {
    id: u64,
    command: String,
    started: Instant,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    game: Option<u64>,
    outcome: Option<&'static str>,
    acknowledged: Option<Duration>,
    board: Option<Duration>,
}

impl Interaction {
    /// An interaction with Discord's id, named by its command (see [`command_name`]).
    #[must_use]
    pub fn new(id: u64, command: impl Into<String>) -> Self {
        Self(Arc::new(Record {
            id,
            command: command.into(),
            started: Instant::now(),
            state: Mutex::default(),
        }))
    }

    /// The interaction Discord sent.
    #[must_use]
    pub fn of(interaction: &serenity::all::Interaction) -> Self {
        let id = interaction.id().get();
        Self::new(id, command_name(interaction))
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.0.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// When the interaction arrived: Discord's deadlines for its answers run from then.
    #[must_use]
    pub fn arrived(&self) -> Instant {
        self.0.started
    }

    /// The first answer went out (a message, or "thinking…").
    pub fn acknowledged(&self) {
        let took = self.0.started.elapsed();
        let mut state = self.state();
        if state.acknowledged.is_none() {
            state.acknowledged = Some(took);
            metrics::get()
                .acknowledgement
                .with_label_values(&[&self.0.command])
                .observe(took.as_secs_f64());
        }
    }

    /// The play layer answered: how it went, and the game concerned.
    pub fn finished(&self, outcome: Outcome, game: Option<u64>) {
        let mut state = self.state();
        state.outcome = Some(match outcome {
            Outcome::Done => "done",
            Outcome::Refused => "refused",
            Outcome::Failed => "failed",
        });
        state.game = state.game.or(game);
    }

    /// Its board was posted (game `game`).
    pub fn board_posted(&self, game: u64) {
        let took = self.0.started.elapsed();
        let mut state = self.state();
        state.game = state.game.or(Some(game));
        if state.board.is_none() {
            state.board = Some(took);
            metrics::get()
                .board_post
                .with_label_values(&[&self.0.command])
                .observe(took.as_secs_f64());
        }
    }
}

impl Drop for Record {
    fn drop(&mut self) {
        let state = self.state.get_mut().unwrap_or_else(PoisonError::into_inner);
        let outcome = state.outcome.unwrap_or("answered");
        metrics::get()
            .interactions
            .with_label_values(&[&self.command, outcome])
            .inc();
        let millis = |d: Option<Duration>| {
            d.map_or(-1, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        };
        let duration_ms = millis(Some(self.started.elapsed()));
        let acknowledged_ms = millis(state.acknowledged);
        let board_ms = millis(state.board);
        // Ids as text: Discord's snowflakes do not fit a JSON reader's doubles.
        let id = self.id.to_string();
        match state.game {
            Some(game) => tracing::info!(
                target: "leapfrog::interaction",
                interaction = %id,
                command = %self.command,
                game,
                outcome,
                duration_ms,
                acknowledged_ms,
                board_ms,
                "interaction"
            ),
            None => tracing::info!(
                target: "leapfrog::interaction",
                interaction = %id,
                command = %self.command,
                outcome,
                duration_ms,
                acknowledged_ms,
                "interaction"
            ),
        }
    }
}

/// A short, bounded name for what an interaction asks: the slash command's name, the
/// component's kind (its custom id up to the first `:`, digits dropped), `autocomplete:`
/// and the command, or `ping`.
#[must_use]
pub fn command_name(interaction: &serenity::all::Interaction) -> String {
    use serenity::all::Interaction as I;
    let name = match interaction {
        I::Ping(_) => "ping".to_owned(),
        I::Command(i) => i.data.name.clone(),
        I::Autocomplete(i) => format!("autocomplete:{}", i.data.name),
        I::Component(i) => {
            let id = &i.data.custom_id;
            let head = id.split(':').next().unwrap_or(id);
            format!(
                "button:{}",
                head.chars()
                    .filter(|c| !c.is_ascii_digit())
                    .collect::<String>()
            )
        }
        _ => "other".to_owned(),
    };
    name.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Default)]
    struct Lines(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Lines {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl<'a> MakeWriter<'a> for Lines {
        type Writer = Self;
        fn make_writer(&'a self) -> Self {
            self.clone()
        }
    }

    /// What `work` logs at info level in the JSON format: each line parsed, and the text.
    fn json_lines(work: impl FnOnce()) -> (Vec<serde_json::Value>, String) {
        let lines = Lines::default();
        let subscriber = subscriber(
            LogFormat::Json,
            tracing_subscriber::EnvFilter::new("info"),
            lines.clone(),
            false,
        );
        tracing::subscriber::with_default(subscriber, work);
        let text = String::from_utf8(lines.0.lock().unwrap().clone()).unwrap();
        let logged = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        (logged, text)
    }

    #[test]
    fn an_interaction_is_one_json_line_with_its_id_command_game_outcome_and_duration() {
        let (logged, text) = json_lines(|| {
            let interaction = Interaction::new(1_234_567_890_123_456_789, "move");
            let in_work = interaction.clone();
            interaction.acknowledged();
            in_work.finished(Outcome::Done, Some(42));
            in_work.board_posted(42);
            drop(interaction);
            drop(in_work);
        });
        assert_eq!(logged.len(), 1, "one line per interaction: {text}");
        let line = &logged[0];
        assert_eq!(line["interaction"], "1234567890123456789");
        assert_eq!(line["command"], "move");
        assert_eq!(line["game"], 42);
        assert_eq!(line["outcome"], "done");
        assert!(
            line["duration_ms"].as_i64().is_some_and(|d| d >= 0),
            "{line}"
        );
        assert!(
            line["acknowledged_ms"].as_i64().is_some_and(|d| d >= 0),
            "{line}"
        );
        assert_eq!(line["level"], "INFO");
        assert_eq!(line["target"], "leapfrog::interaction");
    }

    #[test]
    fn a_discord_refusal_is_logged_with_its_code() {
        let (logged, text) = json_lines(|| {
            crate::discord::rest::log_refusal(
                "create_message",
                &crate::discord::rest::Ending {
                    status: "403".into(),
                    code: Some(50007),
                    message: Some("Cannot send messages to this user".into()),
                },
            );
        });
        assert_eq!(logged.len(), 1, "one line: {text}");
        let line = &logged[0];
        assert_eq!(line["code"], 50007);
        assert_eq!(line["status"], "403");
        assert_eq!(line["route"], "create_message");
    }

    #[test]
    fn the_format_is_text_or_json() {
        let config: LogConfig = toml::from_str("format = \"json\"").unwrap();
        assert_eq!(config.format, LogFormat::Json);
        assert!(toml::from_str::<LogConfig>("format = \"xml\"").is_err());
        assert_eq!(LogConfig::default().format, LogFormat::Text);
    }
}
