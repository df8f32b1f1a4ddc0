//! The position text: `STACKS PAWNS POOLS TURN ROUND [last] [out:SEATS] [over]`.
//!
//! - STACKS: rows split by `/`, stacks by `,`, each stack's pieces bottom first, a piece as
//!   its place on the picture (column `a`..`l`, row `1`..`8`): `c3h1a8,e5/...`;
//! - PAWNS: each seat's pawn as `row.stack` from 1: `1.1,1.4`;
//! - POOLS: each seat's pieces (`-` for none): `a1b1,-`;
//! - TURN: the seat to move (from 1) and its actions left: `2:3`;
//! - ROUND: `r7`; then `last` during the last round, `out:3` for seats that left, `over`.
//!
//! Skakanie has no public engine to share a format with; this one keeps every fact a
//! replay needs, face-down pieces included, so it is for records and tests, not for players
//! (who see only the picture).

use crate::games::rules::{ParsePositionError, Seat};

use super::options::Options;
use super::position::{Piece, Position, Spot};
use super::score::{Pool, COLUMNS, PIECES, ROWS};

fn piece_name(piece: Piece) -> String {
    let column = char::from(b'a' + piece % COLUMNS);
    format!("{column}{}", piece / COLUMNS + 1)
}

/// A piece's name on the picture: `c3`.
#[must_use]
pub fn name(piece: Piece) -> String {
    piece_name(piece)
}

fn read_pieces(text: &str) -> Result<Vec<Piece>, ParsePositionError> {
    let bytes = text.as_bytes();
    if !bytes.len().is_multiple_of(2) {
        return Err(ParsePositionError(format!(
            "'{text}' is not a list of pieces like a1c8"
        )));
    }
    bytes
        .chunks(2)
        .map(|pair| {
            let column = pair[0].wrapping_sub(b'a');
            let row = pair[1].wrapping_sub(b'1');
            if column < COLUMNS && row < ROWS {
                Ok(row * COLUMNS + column)
            } else {
                Err(ParsePositionError(format!(
                    "'{}' is not a piece: columns a to l, rows 1 to 8",
                    String::from_utf8_lossy(pair)
                )))
            }
        })
        .collect()
}

fn pool_text(pool: Pool) -> String {
    if pool == 0 {
        return "-".into();
    }
    (0..PIECES)
        .filter(|p| pool & (1 << p) != 0)
        .map(piece_name)
        .collect()
}

/// Writes the position text.
#[must_use]
pub fn write(position: &Position) -> String {
    let rows: Vec<String> = position
        .rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|stack| stack.iter().copied().map(piece_name).collect::<String>())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let pawns: Vec<String> = position
        .pawns
        .iter()
        .map(|(r, c)| format!("{}.{}", r + 1, c + 1))
        .collect();
    let pools: Vec<String> = position.pools.iter().map(|&p| pool_text(p)).collect();
    let mut out = format!(
        "{} {} {} {}:{} r{}",
        if rows.is_empty() {
            "-".to_owned()
        } else {
            rows.join("/")
        },
        pawns.join(","),
        pools.join(","),
        position.turn + 1,
        position.left,
        position.round
    );
    if position.last_round {
        out.push_str(" last");
    }
    let out_seats: Vec<String> = (0..position.options.players)
        .filter(|&s| position.has_left(Seat(s)))
        .map(|s| (s + 1).to_string())
        .collect();
    if !out_seats.is_empty() {
        out.push_str(&format!(" out:{}", out_seats.join(",")));
    }
    if position.over {
        out.push_str(" over");
    }
    out
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, ParsePositionError> {
    text.parse()
        .map_err(|_| ParsePositionError(format!("'{text}' is not {what}")))
}

fn spot(text: &str) -> Result<Spot, ParsePositionError> {
    let (r, c) = text.split_once('.').ok_or_else(|| {
        ParsePositionError(format!("a pawn is row.stack, like 1.4, not '{text}'"))
    })?;
    let (r, c): (usize, usize) = (number(r, "a row")?, number(c, "a stack")?);
    if r == 0 || c == 0 {
        return Err(ParsePositionError("rows and stacks count from 1".into()));
    }
    Ok((r - 1, c - 1))
}

/// Reads a position text under `options`.
///
/// # Errors
/// Malformed text, or parts that do not fit together (pieces missing or twice, a pawn off
/// the table, a seat count other than the options').
pub fn read(options: &Options, text: &str) -> Result<Position, ParsePositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [stacks, pawns, pools, turn, round, flags @ ..] = fields.as_slice() else {
        return Err(ParsePositionError(
            "a Skakanie position is STACKS PAWNS POOLS TURN ROUND [last] [out:N] [over]".into(),
        ));
    };
    let rows = if *stacks == "-" {
        Vec::new()
    } else {
        stacks
            .split('/')
            .map(|row| row.split(',').map(read_pieces).collect())
            .collect::<Result<Vec<Vec<Vec<Piece>>>, _>>()?
    };
    let pawns = pawns.split(',').map(spot).collect::<Result<Vec<_>, _>>()?;
    let pools = pools
        .split(',')
        .map(|p| {
            if p == "-" {
                Ok(0)
            } else {
                read_pieces(p).map(|ps| ps.iter().fold(0, |pool: Pool, &x| pool | 1 << x))
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (seat, left) = turn.split_once(':').ok_or_else(|| {
        ParsePositionError(format!("the turn is seat:actions, like 1:3, not '{turn}'"))
    })?;
    let seat: u8 = number(seat, "a seat")?;
    let round = round
        .strip_prefix('r')
        .ok_or_else(|| ParsePositionError(format!("the round is r and a number, not '{round}'")))?;
    let mut position = Position {
        options: *options,
        rows,
        pawns,
        pools,
        turn: seat
            .checked_sub(1)
            .ok_or_else(|| ParsePositionError("seats count from 1".into()))?,
        left: number(left, "a number of actions")?,
        round: number(round, "a round number")?,
        last_round: false,
        retired: 0,
        over: false,
    };
    for flag in flags {
        match *flag {
            "last" => position.last_round = true,
            "over" => position.over = true,
            _ => {
                let seats = flag.strip_prefix("out:").ok_or_else(|| {
                    ParsePositionError(format!("'{flag}' is not last, out:N or over"))
                })?;
                for s in seats.split(',') {
                    let s: u8 = number(s, "a seat")?;
                    if s == 0 || s > options.players {
                        return Err(ParsePositionError(format!("there is no seat {s}")));
                    }
                    position.retired |= 1 << (s - 1);
                }
            }
        }
    }
    position.validated()
}
