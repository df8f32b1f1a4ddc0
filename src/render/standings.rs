//! A tournament's standings as a picture, posted after every round: a crosstable for a
//! round-robin of up to [`MOST_CROSSED`] players (each pair's results in its row), else a
//! table of places, points and tie-breaks. The same 800 px width and 20 px text as the
//! boards, so it reads at 400 px on a phone.

use crate::i18n::{self, Lang};
use crate::tournament::event::Crosstable;
use crate::tournament::standings::{ranks, Line, TieBreaks};
use crate::tournament::{Points, WIN};

use super::canvas::{fit_text, text_width, Canvas, Colour, Point};
use super::theme::{fonts, HEADER, PALETTE, WIDTH};

/// What a standings picture shows. Names and titles come worded by the caller, in the
/// reader's language.
pub struct View<'a> {
    /// The reader's language (column headings, decimal commas).
    pub lang: Lang,
    /// The tournament's name, and what the standings stand after ("after round 3 of 7").
    pub title: &'a str,
    /// The line under the title.
    pub subtitle: &'a str,
    /// Each entrant's name, in seed order.
    pub names: &'a [String],
    /// Each entrant's withdrawal.
    pub withdrawn: &'a [bool],
    /// The table, best first.
    pub lines: &'a [Line],
    /// Which tie-breaks the lines hold.
    pub tie_breaks: TieBreaks,
    /// For a round-robin of two-player games, each pair's results
    /// ([`crate::tournament::event::Tournament::crosstable`]); None otherwise.
    pub crosstable: Option<&'a Crosstable>,
}

/// A line's height.
const ROW: i32 = 36;
/// The text size of the lines: 10 px on a phone that shows the picture 400 px wide.
const SIZE: f32 = 20.0;
/// The column headings' size.
const HEADING: f32 = 16.0;
/// The first line's top.
const TOP: i32 = HEADER as i32 + 36;
/// The most players whose results are crossed: at 40 px a column, more would squeeze the
/// names out.
pub const MOST_CROSSED: usize = 10;
/// A crossed column's width.
const CROSS: i32 = 40;
/// The place column's width, and the points' and each tie-break's.
const PLACE: i32 = 44;
const POINTS: i32 = 76;
const TIE_BREAK: i32 = 96;
/// The side margins.
const MARGIN: i32 = 16;

/// Every other line's shade, so a long row is followed by the eye.
const STRIPE: Colour = [0x36, 0x44, 0x36];
/// A crossed cell of a player with themself.
const SELF_CELL: Colour = [0x22, 0x26, 0x2b];

/// The picture's height for `players` lines.
#[must_use]
pub fn height(players: usize) -> u32 {
    (TOP + players as i32 * ROW + MARGIN) as u32
}

/// Points as players write them: "3", "3½", "½", "1¼" (a scaled Skakanie place).
#[must_use]
pub fn points_text(points: Points) -> String {
    let (whole, quarters) = (points / WIN, points % WIN);
    let part = ["", "¼", "½", "¾"][quarters as usize];
    match (whole, part) {
        (0, "") => "0".to_owned(),
        (0, part) => part.to_owned(),
        (w, part) => format!("{w}{part}"),
    }
}

/// A tie-break value (a multiple of ¼) with at most two decimals, the decimal mark as the
/// reader's language writes it.
#[must_use]
pub fn decimal(lang: Lang, value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.').to_owned();
    match lang {
        Lang::En => text,
        _ => text.replace('.', ","),
    }
}

/// One crossed cell: each game's result from the row's side, "1", "½" or "0" over the
/// board, "+" or "−" by forfeit.
#[must_use]
pub fn cell_text(games: &[(Points, bool)]) -> String {
    games
        .iter()
        .map(|&(points, played)| match (played, points) {
            (true, p) if p >= WIN => "1",
            (true, 0) => "0",
            (true, _) => "½",
            (false, p) if p >= WIN => "+",
            (false, 0) => "−",
            (false, _) => "=",
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Draws the standings.
#[must_use]
pub fn draw(view: &View<'_>) -> Canvas {
    let fonts = fonts();
    let n = view.lines.len();
    let mut canvas = Canvas::new(WIDTH, height(n), PALETTE.background);
    canvas.fill_rect(0, 0, WIDTH as i32, HEADER as i32, PALETTE.header);
    let room = (WIDTH as i32 - 2 * MARGIN) as f32;
    canvas.text(
        Point::new(MARGIN as f32, 8.0),
        24.0,
        &fonts.bold,
        PALETTE.header_text,
        &fit_text(24.0, &fonts.bold, view.title, room),
    );
    canvas.text(
        Point::new(MARGIN as f32, 38.0),
        18.0,
        &fonts.regular,
        PALETTE.header_muted,
        &fit_text(18.0, &fonts.regular, view.subtitle, room),
    );
    let breaks: &[&str] = match view.tie_breaks {
        TieBreaks::RoundRobin => &["tournament-column-sb"],
        TieBreaks::Swiss => &["tournament-column-buchholz", "tournament-column-median"],
    };
    let crossed = view.crosstable.filter(|_| n <= MOST_CROSSED);
    let right = WIDTH as i32 - MARGIN;
    let numbers_left = right - POINTS - breaks.len() as i32 * TIE_BREAK;
    let cross_left = numbers_left - crossed.map_or(0, |_| n as i32 * CROSS);
    let name_left = MARGIN + PLACE;
    let name_room = (cross_left - name_left - 8) as f32;
    // Headings: centred over their columns, the name's at its left.
    let heading_y = HEADER as f32 + 10.0;
    let headings: Vec<(i32, i32, String)> = std::iter::once((MARGIN, PLACE, "#".to_owned()))
        .chain(crossed.map_or_else(Vec::new, |_| {
            (0..n)
                .map(|i| (cross_left + i as i32 * CROSS, CROSS, (i + 1).to_string()))
                .collect()
        }))
        .chain(std::iter::once((
            numbers_left,
            POINTS,
            i18n::text(view.lang, "tournament-column-points"),
        )))
        .chain(breaks.iter().enumerate().map(|(i, id)| {
            (
                numbers_left + POINTS + i as i32 * TIE_BREAK,
                TIE_BREAK,
                i18n::text(view.lang, id),
            )
        }))
        .collect();
    for (left, width, text) in &headings {
        draw_centred(
            &mut canvas,
            (*left, *width),
            heading_y,
            (HEADING, false, PALETTE.header_muted),
            text,
        );
    }
    canvas.text(
        Point::new(name_left as f32, heading_y),
        HEADING,
        &fonts.regular,
        PALETTE.header_muted,
        &fit_text(
            HEADING,
            &fonts.regular,
            &i18n::text(view.lang, "tournament-column-player"),
            name_room,
        ),
    );
    let withdrawn_word = i18n::text(view.lang, "tournament-withdrawn");
    // Lines level on points and every tie-break share a place, as the winners' line says.
    let places = ranks(view.lines);
    for (place, line) in view.lines.iter().enumerate() {
        let top = TOP + place as i32 * ROW;
        if place % 2 == 1 {
            canvas.fill_rect(MARGIN / 2, top, WIDTH as i32 - MARGIN, ROW, STRIPE);
        }
        let y = top as f32 + (ROW as f32 - SIZE) / 2.0 - 2.0;
        let text = PALETTE.header_text;
        draw_centred(
            &mut canvas,
            (MARGIN, PLACE),
            y,
            (SIZE, false, PALETTE.header_muted),
            &places[place].to_string(),
        );
        let left = view.withdrawn.get(line.entrant).copied().unwrap_or(false);
        let name = view.names.get(line.entrant).map_or("?", String::as_str);
        let name_colour = if left { PALETTE.header_muted } else { text };
        let shown = if left {
            // The word stays whole; the name gives way.
            let word = format!(" ({withdrawn_word})");
            let word_width = text_width(SIZE, &fonts.regular, &word);
            let cut = fit_text(SIZE, &fonts.bold, name, (name_room - word_width).max(40.0));
            format!("{cut}{word}")
        } else {
            fit_text(SIZE, &fonts.bold, name, name_room)
        };
        canvas.text(
            Point::new(name_left as f32, y),
            SIZE,
            &fonts.bold,
            name_colour,
            &shown,
        );
        if let Some(cells) = crossed {
            for (column, other) in view.lines.iter().enumerate() {
                let x = cross_left + column as i32 * CROSS;
                if other.entrant == line.entrant {
                    canvas.fill_rect(x + 4, top + 4, CROSS - 8, ROW - 8, SELF_CELL);
                    continue;
                }
                let games = cells
                    .get(line.entrant)
                    .and_then(|row| row.get(other.entrant))
                    .map_or(&[][..], Vec::as_slice);
                draw_centred(
                    &mut canvas,
                    (x, CROSS),
                    y,
                    (SIZE, false, text),
                    &cell_text(games),
                );
            }
        }
        draw_centred(
            &mut canvas,
            (numbers_left, POINTS),
            y,
            (SIZE, true, text),
            &points_text(line.score),
        );
        for (i, value) in line.tie_breaks.iter().enumerate() {
            let x = numbers_left + POINTS + i as i32 * TIE_BREAK;
            draw_centred(
                &mut canvas,
                (x, TIE_BREAK),
                y,
                (SIZE, false, PALETTE.header_muted),
                &decimal(view.lang, *value),
            );
        }
    }
    canvas
}

/// `text` centred in the column `left..left + width` at height `y`, cut to fit it, at
/// `size`, bold or not, in `colour`.
fn draw_centred(
    canvas: &mut Canvas,
    (left, width): (i32, i32),
    y: f32,
    (size, bold, colour): (f32, bool, Colour),
    text: &str,
) {
    let fonts = fonts();
    let font = if bold { &fonts.bold } else { &fonts.regular };
    let text = fit_text(size, font, text, (width - 4) as f32);
    let w = text_width(size, font, &text);
    canvas.text(
        Point::new(left as f32 + (width as f32 - w) / 2.0, y),
        size,
        font,
        colour,
        &text,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::event::{Format, Outcome, Phase, Tournament};

    /// A finished tournament of `players`: the higher seed wins, except that every third
    /// game is drawn.
    fn played(format: Format, players: u64) -> Tournament {
        let mut t = Tournament::new(format, None);
        for p in 0..players {
            t.join(p).unwrap();
        }
        t.start(|p| -(p as f64)).unwrap();
        let mut count = 0;
        while t.phase == Phase::Running {
            let r = t.rounds.len() - 1;
            for i in 0..t.rounds[r].pairings.len() {
                if t.rounds[r].results[i].is_some() {
                    continue;
                }
                let seats = t.rounds[r].pairings[i].entrants().to_vec();
                count += 1;
                let points = if t.most_seats() == 2 {
                    match (count % 3 == 0, seats[0] < seats[1]) {
                        (true, _) => vec![WIN / 2, WIN / 2],
                        (false, true) => vec![WIN, 0],
                        (false, false) => vec![0, WIN],
                    }
                } else {
                    crate::tournament::standings::place_points(
                        &(0..seats.len()).collect::<Vec<_>>(),
                        t.most_seats(),
                    )
                };
                t.record(
                    r,
                    i,
                    Outcome {
                        points,
                        played: true,
                    },
                )
                .unwrap();
            }
            t.advance();
        }
        t
    }

    fn picture(t: &Tournament, lang: Lang, tie_breaks: TieBreaks, crossed: bool) -> Canvas {
        let names: Vec<String> = (0..t.players.len())
            .map(|i| match i % 3 {
                0 => format!("Player number {i} with a long name"),
                1 => format!("Борис Ż. {i}"),
                _ => format!("ann{i}"),
            })
            .collect();
        let lines = t.standings();
        let cross = t.crosstable();
        draw(&View {
            lang,
            title: "Jumpers: round-robin",
            subtitle: "Final standings",
            names: &names,
            withdrawn: &t.withdrawn,
            lines: &lines,
            tie_breaks,
            crosstable: crossed.then_some(&cross),
        })
    }

    #[test]
    fn points_and_decimals_read_as_players_write_them() {
        assert_eq!(points_text(0), "0");
        assert_eq!(points_text(2), "½");
        assert_eq!(points_text(3), "¾");
        assert_eq!(points_text(14), "3½");
        assert_eq!(points_text(16), "4");
        assert_eq!(points_text(5), "1¼");
        assert_eq!(decimal(Lang::En, 4.25), "4.25");
        assert_eq!(decimal(Lang::Ru, 4.5), "4,5");
        assert_eq!(decimal(Lang::Pl, 6.0), "6");
        assert_eq!(cell_text(&[(WIN, true), (WIN / 2, true)]), "1 ½");
        assert_eq!(cell_text(&[(0, false)]), "−");
    }

    #[test]
    fn every_format_draws_a_line_per_player_in_every_language() {
        let cases = [
            (
                played(Format::RoundRobin { double: false }, 8),
                TieBreaks::RoundRobin,
                true,
            ),
            (
                played(Format::Swiss { rounds: 5 }, 13),
                TieBreaks::Swiss,
                false,
            ),
            (
                played(Format::Tables { seats: 3 }, 9),
                TieBreaks::RoundRobin,
                false,
            ),
        ];
        for (t, tie_breaks, crossed) in &cases {
            for lang in Lang::ALL {
                let canvas = picture(t, lang, *tie_breaks, *crossed);
                assert_eq!(canvas.width(), WIDTH);
                assert_eq!(canvas.height(), height(t.players.len()));
                if std::env::var_os("LEAPFROG_STANDINGS_OUT").is_some() {
                    let name = format!("/tmp/standings-{}-{}.png", t.players.len(), lang.code());
                    std::fs::write(name, canvas.to_png()).unwrap();
                }
            }
        }
    }
}
