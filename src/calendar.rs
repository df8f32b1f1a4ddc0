//! Dates as players read them, from the unix milliseconds the store keeps: one
//! days-to-civil conversion for the game records and the rating charts.

/// A day as `2026-11-24` (UTC), from unix milliseconds.
#[must_use]
pub fn date(ms: u64) -> String {
    // Howard Hinnant's days-to-civil, for days since 1970-01-01.
    let days = i64::try_from(ms / 86_400_000).unwrap_or(0) + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// A moment as `2026-11-23 14:05 UTC`, from unix milliseconds.
#[must_use]
pub fn utc(ms: u64) -> String {
    let minute_of_day = ms / 60_000 % 1440;
    format!(
        "{} {:02}:{:02} UTC",
        date(ms),
        minute_of_day / 60,
        minute_of_day % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(1_795_478_400_000), "2026-11-24");
        assert_eq!(date(951_782_400_000), "2000-02-29");
        assert_eq!(
            utc(1_795_478_400_000 + 14 * 3_600_000 + 5 * 60_000),
            "2026-11-24 14:05 UTC"
        );
    }
}
