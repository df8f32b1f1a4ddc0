//! What an import may bring: every item of an export file checked as strictly as the
//! commands that write such items, before anything is stored. An import is a backup coming
//! back, but the file may have been edited, cut, or made by someone hostile; what the bot
//! would never write itself must not get in by this door either (a record that does not
//! replay fails at the first `/board`, a game numbered `u64::MAX` wraps the next number to
//! #0, a 50 MB name is copied into every record and replay of its games).

use super::record::{GameRecord, Player, Status};

/// The highest game number an import accepts. Numbers are handed out one by one from #1,
/// so no real store comes near it, and every number below it (and the next one) fits the
/// PostgreSQL store's signed 64-bit columns and the picture's and record's text.
pub const MAX_GAME_ID: u64 = 1 << 48;

/// The longest name kept, in characters: Discord's own limit for a global display name.
/// Longer names (a console user can type anything) are cut where they enter, so nothing
/// downstream — texts, records, pictures — ever handles an unbounded name.
pub const MAX_NAME_CHARS: usize = 32;

/// The longest result reason, in characters: the bot writes a few words and a name or two
/// ("alice (White) resigns").
const MAX_REASON_CHARS: usize = 200;

/// The longest board link: a Discord message link, or a console file path.
const MAX_LINK_CHARS: usize = 300;

/// The most moves a record may hold: the longest real games are a few hundred plies, and
/// the repetition and move-count rules end every game long before this.
const MAX_MOVES: usize = 20_000;

/// The longest text of one option, start position or move.
const MAX_TEXT_CHARS: usize = 2_000;

/// The most options a record may carry.
const MAX_OPTIONS: usize = 32;

/// Checks a game number.
///
/// # Errors
/// Zero, or above [`MAX_GAME_ID`].
pub fn game_id(id: u64) -> Result<(), String> {
    if id == 0 || id > MAX_GAME_ID {
        return Err(format!(
            "game number {id} is out of range (1 to {MAX_GAME_ID})"
        ));
    }
    Ok(())
}

/// Checks the counters a store goes on from, as a store's own export has them: the number
/// the next game gets, at most one past [`MAX_GAME_ID`] (a store hands out no number past
/// it); and how many games were rated, at most one per game numbered before `next_number`
/// (the number the store goes on from). Counting rated games on from near `u64::MAX`
/// would wrap the next one's place in the rating order to 0, "not rated".
///
/// # Errors
/// Either out of range, with the range.
pub fn counters(next_game: u64, next_number: u64, rated_games: u64) -> Result<(), String> {
    if next_game > MAX_GAME_ID + 1 {
        return Err(format!(
            "the next game number {next_game} is out of range (0 to {})",
            MAX_GAME_ID + 1
        ));
    }
    let numbered = next_number.saturating_sub(1);
    if rated_games > numbered {
        return Err(format!(
            "rated_games {rated_games} is out of range (0 to {numbered}: no more games can \
             have been rated than were numbered)"
        ));
    }
    Ok(())
}

/// Checks a board link's text.
///
/// # Errors
/// Too long, or with control characters.
pub fn link(text: &str) -> Result<(), String> {
    if text.chars().count() > MAX_LINK_CHARS || text.chars().any(char::is_control) {
        return Err(format!(
            "a board link must be at most {MAX_LINK_CHARS} characters with no control characters"
        ));
    }
    Ok(())
}

/// Checks a standing: the name as any player's, and numbers a rating can have.
///
/// # Errors
/// What is wrong, in words.
pub fn standing(standing: &crate::ratings::Standing) -> Result<(), String> {
    if standing.name.chars().count() > MAX_NAME_CHARS {
        return Err(format!(
            "a rating's player name is longer than {MAX_NAME_CHARS} characters"
        ));
    }
    let sane = |x: f64| x.is_finite() && x.abs() < 1e6;
    if !(sane(standing.rating) && sane(standing.deviation) && sane(standing.volatility)) {
        return Err("a rating's numbers are out of range".into());
    }
    if standing.history.len() > MAX_MOVES * 10 {
        return Err("a rating's history is too long".into());
    }
    Ok(())
}

/// Checks everything a game record holds: its number, its names and texts within the
/// limits the commands enforce, its seats and results pointing at real seats, and its moves
/// replaying through the game's engine to its stored position.
///
/// # Errors
/// What is wrong, in words, for the line of the file that brought the record.
pub fn game(record: &GameRecord) -> Result<(), String> {
    game_id(record.id.0)?;
    let texts = record
        .options
        .iter()
        .chain(&record.moves)
        .chain(record.start.iter())
        .chain(std::iter::once(&record.position));
    for text in texts {
        if text.chars().count() > MAX_TEXT_CHARS {
            return Err(format!(
                "a move, option or position is longer than {MAX_TEXT_CHARS} characters"
            ));
        }
    }
    if record.options.len() > MAX_OPTIONS {
        return Err(format!("more than {MAX_OPTIONS} options"));
    }
    if record.moves.len() > MAX_MOVES {
        return Err(format!("more than {MAX_MOVES} moves"));
    }
    let mut players: Vec<&Player> = record.seats.iter().collect();
    let mut reason = None;
    match &record.status {
        Status::Challenge(challenge) => {
            players.push(&challenge.from);
            players.extend(challenge.to.iter());
            players.extend(&challenge.invited);
            players.extend(&challenge.joined);
            if challenge.by_player.len() > MAX_OPTIONS {
                return Err(format!("more than {MAX_OPTIONS} player options"));
            }
            if challenge
                .by_player
                .iter()
                .any(|o| o.chars().count() > MAX_TEXT_CHARS)
            {
                return Err(format!(
                    "a player option is longer than {MAX_TEXT_CHARS} characters"
                ));
            }
        }
        Status::Finished(result) => reason = Some(result),
        Status::Active | Status::Declined | Status::Cancelled | Status::Aborted => {}
    }
    for player in players {
        match player {
            Player::User { name, .. } if name.chars().count() > MAX_NAME_CHARS => {
                return Err(format!(
                    "a player's name is longer than {MAX_NAME_CHARS} characters"
                ));
            }
            Player::Computer { level } if !(1..=5).contains(level) => {
                return Err(format!("the computer's level {level} is not 1 to 5"));
            }
            _ => {}
        }
    }
    let game = record.replay(record.moves.len()).map_err(|e| match e {
        super::StoreError::Corrupt { reason, .. } => reason,
        other => other.to_string(),
    })?;
    if game.position_text() != record.position {
        return Err("its moves do not lead to its stored position".into());
    }
    let seats = record.seats.len();
    let started = !matches!(
        record.status,
        Status::Challenge(_) | Status::Declined | Status::Cancelled
    );
    if started && seats != game.seat_count() {
        return Err(format!(
            "it has {seats} players but the game is for {}",
            game.seat_count()
        ));
    }
    let seat_ok = |seat: u8| usize::from(seat) < seats;
    if let Some(result) = reason {
        if result.reason.chars().count() > MAX_REASON_CHARS {
            return Err(format!(
                "its result is longer than {MAX_REASON_CHARS} characters"
            ));
        }
        if result.rating_order > MAX_GAME_ID {
            return Err(format!(
                "its place in the rating order, {}, is out of range (0 to {MAX_GAME_ID})",
                result.rating_order
            ));
        }
        if !result.winners.iter().all(|&w| seat_ok(w)) {
            return Err("its result names a seat the game does not have".into());
        }
    }
    let pending = record.pending.map(|request| match request {
        super::Request::Draw(s) | super::Request::Takeback(s) | super::Request::Pause(s) => s,
    });
    if !pending
        .into_iter()
        .chain(record.agreed.iter().copied())
        .all(seat_ok)
    {
        return Err("a proposal names a seat the game does not have".into());
    }
    Ok(())
}
