//! Quiet hours and the daily digest in a player's own time zone: whether a moment falls in
//! their quiet hours and when those end, and when their next digest is due. Everything is
//! computed from the stored settings and a time given from outside (seconds since the Unix
//! epoch), never from a timer, so every process agrees. Zones are IANA names, read with
//! `chrono-tz`; a local time skipped by a clock change is taken at the first instant after it.

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Timelike};
use chrono_tz::Tz;

use super::settings::UserSettings;

/// Minutes in a day: quiet hours are minutes after local midnight, below this.
pub const DAY_MINUTES: u16 = 24 * 60;

/// Why a time zone or quiet hours were refused, in words for the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuietError {
    /// A name that is not an IANA time zone.
    #[error(
        "“{0}” is not a time zone Saloon knows: pick one such as Europe/Berlin or America/New_York. Nothing was changed."
    )]
    UnknownZone(String),
    /// Quiet hours that start and end at the same time.
    #[error("Quiet hours must start and end at different times; nothing was changed.")]
    ZeroLength,
    /// Quiet hours' end picked before their start.
    #[error("Choose when your quiet hours start first; nothing was changed.")]
    NoStart,
    /// A digest hour that is not an hour of the day.
    #[error("The daily digest is sent at a whole hour from 00:00 to 23:00; nothing was changed.")]
    Hour,
    /// A time of day past the end of the day.
    #[error("Quiet hours start and end at a time of day between 00:00 and 23:59; nothing was changed.")]
    OutOfDay,
}

/// The time zone named `name` (an IANA name such as `Europe/Berlin`).
///
/// # Errors
/// [`QuietError::UnknownZone`] when no zone has that name.
pub fn zone(name: &str) -> Result<Tz, QuietError> {
    name.trim().parse::<Tz>().map_err(|_| QuietError::UnknownZone(name.trim().to_string()))
}

/// Checks quiet hours from `from` until `until` (minutes after local midnight; `until` before
/// `from` runs over midnight).
///
/// # Errors
/// [`QuietError::ZeroLength`] when they are the same time, [`QuietError::OutOfDay`] when
/// either is not a time of day.
pub fn check_quiet(from: u16, until: u16) -> Result<(), QuietError> {
    if from >= DAY_MINUTES || until >= DAY_MINUTES {
        return Err(QuietError::OutOfDay);
    }
    if from == until {
        return Err(QuietError::ZeroLength);
    }
    Ok(())
}

/// The player's zone: UTC when none is set, or when the stored name is no longer known.
fn player_zone(settings: &UserSettings) -> Tz {
    settings.time_zone.as_deref().and_then(|name| zone(name).ok()).unwrap_or(Tz::UTC)
}

/// The local time of `at` (seconds since the epoch) in `tz`.
fn local(tz: Tz, at: i64) -> DateTime<Tz> {
    tz.timestamp_opt(at, 0).single().unwrap_or_else(|| Tz::UTC.timestamp_opt(0, 0).unwrap().with_timezone(&tz))
}

/// The first instant at or after the local time `day` + `minute` in `tz`, in seconds since the
/// epoch (a local time skipped by a clock change is moved past the gap).
fn instant(tz: Tz, day: NaiveDate, minute: u16) -> i64 {
    let time = NaiveTime::from_hms_opt(u32::from(minute / 60), u32::from(minute % 60), 0).unwrap_or(NaiveTime::MIN);
    let mut naive = NaiveDateTime::new(day, time);
    for _ in 0..4 {
        if let Some(at) = tz.from_local_datetime(&naive).earliest() {
            return at.timestamp();
        }
        naive += Duration::minutes(30);
    }
    tz.from_utc_datetime(&naive).timestamp()
}

/// When the local day `day` begins for the player (seconds since the epoch), and the local
/// day `at` falls in: for away time planned from a date (issue #27 item 1).
#[must_use]
pub fn day_start(settings: &UserSettings, day: NaiveDate, at: i64) -> (i64, NaiveDate) {
    let tz = player_zone(settings);
    (instant(tz, day, 0), local(tz, at).date_naive())
}

/// When the player's quiet hours that `at` falls in end (seconds since the epoch), or `None`
/// when `at` is not in their quiet hours (or they have none).
#[must_use]
pub fn quiet_until(settings: &UserSettings, at: i64) -> Option<i64> {
    let (from, until) = settings.quiet?;
    if check_quiet(from, until).is_err() {
        return None;
    }
    let tz = player_zone(settings);
    let now = local(tz, at);
    let minute = u16::try_from(now.hour() * 60 + now.minute()).unwrap_or(0);
    let today = now.date_naive();
    let end_day = if from < until {
        (from..until).contains(&minute).then_some(today)?
    } else if minute >= from {
        today.succ_opt()?
    } else if minute < until {
        today
    } else {
        return None;
    };
    Some(instant(tz, end_day, until))
}

/// When the player's next daily digest is due after `at` (seconds since the epoch), or `None`
/// when they have no digest.
#[must_use]
pub fn next_digest(settings: &UserSettings, at: i64) -> Option<i64> {
    let hour = u16::from(settings.digest_hour?.min(23));
    let tz = player_zone(settings);
    let today = local(tz, at).date_naive();
    let due = instant(tz, today, hour * 60);
    if due > at { Some(due) } else { Some(instant(tz, today.succ_opt()?, hour * 60)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quiet_in(zone: &str, from: u16, until: u16) -> UserSettings {
        UserSettings { time_zone: Some(zone.to_string()), quiet: Some((from, until)), ..UserSettings::default() }
    }

    /// 2026-01-15 00:00:00 UTC.
    const JAN15: i64 = 1_768_435_200;

    #[test]
    fn unknown_zones_and_empty_quiet_hours_are_refused_in_a_sentence() {
        assert_eq!(zone("Europe/Berlin"), Ok(Tz::Europe__Berlin));
        let err = zone("Mars/Olympus").unwrap_err();
        assert!(err.to_string().contains("“Mars/Olympus” is not a time zone"), "{err}");
        assert_eq!(check_quiet(600, 600), Err(QuietError::ZeroLength));
        assert_eq!(check_quiet(0, 1440), Err(QuietError::OutOfDay));
        assert_eq!(check_quiet(22 * 60, 7 * 60), Ok(()));
    }

    #[test]
    fn quiet_hours_over_midnight_end_in_the_players_own_morning() {
        // 22:00–07:00 in Berlin (UTC+1 in January).
        let berlin = quiet_in("Europe/Berlin", 22 * 60, 7 * 60);
        // 23:30 UTC = 00:30 Berlin: quiet until 07:00 Berlin = 06:00 UTC.
        assert_eq!(quiet_until(&berlin, JAN15 - 1800), Some(JAN15 + 6 * 3600));
        // 21:30 UTC = 22:30 Berlin: quiet until the next morning.
        assert_eq!(quiet_until(&berlin, JAN15 + 21 * 3600 + 1800), Some(JAN15 + 30 * 3600));
        // 12:00 UTC = 13:00 Berlin: not quiet.
        assert_eq!(quiet_until(&berlin, JAN15 + 12 * 3600), None);
        // The same hours in UTC (no zone set) end an hour later in absolute time.
        let utc = UserSettings { quiet: Some((22 * 60, 7 * 60)), ..UserSettings::default() };
        assert_eq!(quiet_until(&utc, JAN15 + 3600), Some(JAN15 + 7 * 3600));
    }

    #[test]
    fn quiet_hours_within_a_day_and_no_quiet_hours() {
        let lunch = quiet_in("America/New_York", 12 * 60, 13 * 60);
        // 17:15 UTC = 12:15 New York (UTC-5): quiet until 13:00 = 18:00 UTC.
        assert_eq!(quiet_until(&lunch, JAN15 + 17 * 3600 + 900), Some(JAN15 + 18 * 3600));
        assert_eq!(quiet_until(&lunch, JAN15 + 18 * 3600), None);
        assert_eq!(quiet_until(&UserSettings::default(), JAN15), None);
    }

    #[test]
    fn the_digest_is_due_once_a_day_at_the_local_hour() {
        let tokyo =
            UserSettings { time_zone: Some("Asia/Tokyo".to_string()), digest_hour: Some(8), ..UserSettings::default() };
        // 08:00 Tokyo (UTC+9) = 23:00 UTC the day before.
        let first = next_digest(&tokyo, JAN15).unwrap();
        assert_eq!(first, JAN15 + 23 * 3600);
        assert_eq!(next_digest(&tokyo, first), Some(first + 24 * 3600));
        assert_eq!(next_digest(&UserSettings::default(), JAN15), None);
    }

    #[test]
    fn a_local_time_skipped_by_a_clock_change_is_taken_just_after_it() {
        // Europe/Berlin skips 02:00–03:00 on 2026-03-29; quiet hours ending at 02:30 end at 03:00
        // local = 01:00 UTC.
        let berlin = quiet_in("Europe/Berlin", 60, 150);
        let at = 1_774_745_400; // 2026-03-29 00:50 UTC = 01:50 Berlin
        assert_eq!(quiet_until(&berlin, at), Some(1_774_746_000));
    }
}
