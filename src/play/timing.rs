//! Correspondence play's clocks: days per move chosen in the challenge, a reminder when a
//! quarter of the time is left, a "Claim win" when it runs out, and the end by timeout after
//! a grace period. The record keeps the clock ([`MoveClock`]); its next alarm sits in the
//! store's time-ordered index, so [`Play::fire_due`](super::Play::fire_due) needs no memory
//! of its own and a restart loses nothing.

use serde::Deserialize;

use crate::i18n::{self, Arg, Lang};
use crate::store::{ClockStage, GameRecord, MoveClock};

/// One day in milliseconds.
pub const DAY_MS: u64 = 86_400_000;
/// One hour in milliseconds.
pub const HOUR_MS: u64 = 3_600_000;

/// The time controls a challenge may choose, in days per move.
pub const DAY_CHOICES: [u8; 6] = [1, 2, 3, 5, 7, 14];

/// `[time]` in the configuration file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeConfig {
    /// How long after running out of time a game ends by itself, if nobody claims the win
    /// first (hours).
    #[serde(default = "default_grace_hours")]
    pub grace_hours: u64,
    /// How often the scheduler looks for due reminders and timeouts (seconds).
    #[serde(default = "default_tick_seconds")]
    pub tick_seconds: u64,
}

fn default_grace_hours() -> u64 {
    24
}

fn default_tick_seconds() -> u64 {
    30
}

impl Default for TimeConfig {
    fn default() -> Self {
        Self {
            grace_hours: default_grace_hours(),
            tick_seconds: default_tick_seconds(),
        }
    }
}

impl TimeConfig {
    /// The grace in milliseconds.
    #[must_use]
    pub fn grace_ms(&self) -> u64 {
        self.grace_hours.saturating_mul(HOUR_MS)
    }
}

/// Reads `days=…`: one of [`DAY_CHOICES`], or `none`/`off` for a game without a clock.
///
/// # Errors
/// A sentence naming the allowed values.
pub fn parse_days(text: &str) -> Result<Option<u8>, String> {
    let text = text.trim().to_ascii_lowercase();
    if matches!(text.as_str(), "none" | "off" | "no" | "0" | "") {
        return Ok(None);
    }
    text.parse::<u8>()
        .ok()
        .filter(|d| DAY_CHOICES.contains(d))
        .map(Some)
        .ok_or_else(|| {
            format!(
                "days={text} is not a time control: choose days={} per move, or days=none",
                DAY_CHOICES.map(|d| d.to_string()).join("|")
            )
        })
}

/// A clock started now for one move of `days`.
#[must_use]
pub fn fresh_clock(days: u8, now: u64, grace: u64) -> MoveClock {
    let per_move = u64::from(days) * DAY_MS;
    MoveClock {
        deadline: now.saturating_add(per_move),
        per_move,
        grace,
        stage: ClockStage::Running,
        paused: None,
    }
}

/// A duration as players read it: `1 d 4 h`, `5 h 20 min`, `12 min`. Started minutes count
/// (a clock just started for two days shows `2 d`, not `1 d 23 h`), and hours are cut
/// below a day. The units are `lang`'s.
#[must_use]
pub fn duration_in(lang: Lang, ms: u64) -> String {
    let minutes = ms.div_ceil(60_000);
    let (d, h, m) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    let (id, args): (&str, Vec<(&str, Arg)>) = match (d, h, m) {
        (0, 0, 0) => ("duration-none", vec![]),
        (0, 0, m) => ("duration-min", vec![("m", m.into())]),
        (0, h, 0) => ("duration-h", vec![("h", h.into())]),
        (0, h, m) => ("duration-h-min", vec![("h", h.into()), ("m", m.into())]),
        (d, 0, _) => ("duration-d", vec![("d", d.into())]),
        (d, h, _) => ("duration-d-h", vec![("d", d.into()), ("h", h.into())]),
    };
    i18n::text_with(lang, id, &args)
}

/// Where a move clock stands at a moment: what every text about it, and `/claim`, reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockNow {
    /// Stopped by agreement, with the time that was left.
    Paused(u64),
    /// Running, with the time left.
    Running(u64),
    /// Out of time, with how long until the game ends by timeout.
    Out(u64),
}

/// Where `clock` stands at `now`.
#[must_use]
pub fn clock_now(clock: &MoveClock, now: u64) -> ClockNow {
    match clock.paused {
        Some(left) => ClockNow::Paused(left),
        None if now >= clock.deadline => ClockNow::Out(
            clock
                .deadline
                .saturating_add(clock.grace)
                .saturating_sub(now),
        ),
        None => ClockNow::Running(clock.deadline - now),
    }
}

/// The board's clock line: how long the player to move has, or that the game is paused
/// or out of time. `None` for a game without a clock.
#[must_use]
pub fn clock_line(record: &GameRecord, who: &str, now: u64, lang: Lang) -> Option<String> {
    let clock = record.clock?;
    let days = record.days.unwrap_or(0);
    let per = i18n::text_with(lang, "choice-days-per-move", &[("count", days.into())]);
    let who = Arg::from(who);
    Some(match clock_now(&clock, now) {
        ClockNow::Paused(left) => i18n::text_with(
            lang,
            "clock-paused",
            &[
                ("left", duration_in(lang, left).into()),
                ("who", who),
                ("per", per.into()),
            ],
        ),
        ClockNow::Out(grace) => i18n::text_with(
            lang,
            "clock-out",
            &[("who", who), ("grace", duration_in(lang, grace).into())],
        ),
        ClockNow::Running(left) => i18n::text_with(
            lang,
            "clock-running",
            &[
                ("left", duration_in(lang, left).into()),
                ("who", who),
                ("per", per.into()),
            ],
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_read_the_allowed_choices_only() {
        assert_eq!(parse_days("3"), Ok(Some(3)));
        assert_eq!(parse_days("none"), Ok(None));
        assert!(parse_days("4").unwrap_err().contains("1|2|3|5|7|14"));
        assert!(parse_days("soon").is_err());
    }

    #[test]
    fn durations_read_naturally() {
        assert_eq!(duration_in(Lang::En, 0), "no time");
        assert_eq!(duration_in(Lang::En, 30_000), "1 min");
        assert_eq!(duration_in(Lang::En, 12 * 60_000), "12 min");
        assert_eq!(
            duration_in(Lang::En, 5 * HOUR_MS + 20 * 60_000),
            "5 h 20 min"
        );
        assert_eq!(
            duration_in(Lang::En, DAY_MS + 4 * HOUR_MS + 59_000),
            "1 d 4 h"
        );
        assert_eq!(
            duration_in(Lang::En, 2 * DAY_MS - 5),
            "2 d",
            "a clock just started"
        );
    }

    #[test]
    fn the_alarm_walks_reminder_deadline_grace_and_stops_when_paused() {
        let mut clock = fresh_clock(1, 1_000, 6 * HOUR_MS);
        assert_eq!(clock.alarm(), Some(1_000 + DAY_MS - DAY_MS / 4));
        clock.stage = ClockStage::Reminded;
        assert_eq!(clock.alarm(), Some(1_000 + DAY_MS));
        clock.stage = ClockStage::Expired;
        assert_eq!(clock.alarm(), Some(1_000 + DAY_MS + 6 * HOUR_MS));
        clock.paused = Some(5);
        assert_eq!(clock.alarm(), None);
    }
}
