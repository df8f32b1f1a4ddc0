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

/// The days since 1970-01-01 of a civil date (Howard Hinnant's days-from-civil): how a
/// date players type (`/tournament create starts:2026-12-01`) becomes a time.
#[must_use]
pub fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year.rem_euclid(400);
    let doy = (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
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
    fn civil_dates_go_back_to_days() {
        for ms in [0, 951_782_400_000, 1_795_478_400_000, 4_102_444_800_000] {
            let text = date(ms);
            let parts: Vec<i64> = text.split('-').map(|p| p.parse().unwrap()).collect();
            let days = days_from_civil(parts[0], parts[1], parts[2]);
            assert_eq!(days * 86_400_000, ms as i64, "{text}");
        }
    }

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
