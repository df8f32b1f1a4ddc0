//! The charts: a player's rating history (`/profile`), a line per game over time, and a
//! game's evaluation (`/analyse`). A
//! chart is lines, points and text, which imageproc draws; the boards' hand-written canvas
//! is for their anti-aliased fills.

use crate::i18n::{self, Lang};
use ab_glyph::{Font, FontRef, PxScale};
use image::{Rgba, RgbaImage};
use imageproc::drawing::{
    draw_antialiased_line_segment_mut, draw_filled_circle_mut, draw_filled_rect_mut,
    draw_line_segment_mut, draw_text_mut, text_size,
};
use imageproc::pixelops::interpolate;
use imageproc::rect::Rect;

use crate::games::GameKind;
use crate::ratings::Standing;

use super::theme::{fonts, PALETTE, WIDTH};

/// The chart's height: landscape, like the boards, so Discord's preview keeps it whole.
const HEIGHT: u32 = 420;
/// The plot's margins: left (rating labels), right, top (title, legend), bottom (dates).
const LEFT: f32 = 70.0;
const RIGHT: f32 = 24.0;
const TOP: f32 = 86.0;
const BOTTOM: f32 = 44.0;

/// The evaluation chart's line, and its marks of a mistake and of a blunder: the game's
/// page draws its chart in the same colours.
pub const EVAL_LINE: [u8; 3] = LINE_COLOURS[1];
/// A mistake's mark.
pub const MISTAKE: [u8; 3] = [0xf0, 0x9a, 0x2a];
/// A blunder's mark.
pub const BLUNDER: [u8; 3] = LINE_COLOURS[2];
/// Each game's line colour, in [`GameKind::ALL`] order: apart in hue on the dark theme.
const LINE_COLOURS: [[u8; 3]; 4] = [
    [0xf4, 0xcc, 0x3a],
    [0x4a, 0x8c, 0xe6],
    [0xe0, 0x4f, 0x45],
    [0x4c, 0xb8, 0x5a],
];

fn rgba([r, g, b]: [u8; 3]) -> Rgba<u8> {
    Rgba([r, g, b, 255])
}

/// The font that has every glyph of `text`: names may be in any script.
fn font_for(text: &str) -> &'static FontRef<'static> {
    let fonts = fonts();
    if text.chars().all(|c| fonts.regular.glyph_id(c).0 != 0) {
        &fonts.regular
    } else {
        &fonts.fallback
    }
}

/// A line through `points`, drawn as three strokes a pixel apart: a line that stays a line
/// on a phone.
fn thick_line(image: &mut RgbaImage, points: &[(i32, i32)], colour: Rgba<u8>) {
    for pair in points.windows(2) {
        for dy in -1..=1 {
            draw_antialiased_line_segment_mut(
                image,
                (pair[0].0, pair[0].1 + dy),
                (pair[1].0, pair[1].1 + dy),
                colour,
                interpolate,
            );
        }
    }
}

/// The rating history of `name` in each game of `series` (those with no rated game are
/// left out), over time: ratings on the left, dates below, a legend on top.
#[must_use]
pub fn rating_history(lang: Lang, name: &str, series: &[(GameKind, Standing)]) -> RgbaImage {
    let mut image = RgbaImage::from_pixel(WIDTH, HEIGHT, rgba(PALETTE.background));
    let text = rgba(PALETTE.header_text);
    let muted = rgba(PALETTE.header_muted);
    let title = i18n::text_with(lang, "chart-title", &[("name", name.into())]);
    draw_text_mut(
        &mut image,
        text,
        16,
        12,
        PxScale::from(24.0),
        font_for(&title),
        &title,
    );
    let shown: Vec<(usize, &(GameKind, Standing))> = series
        .iter()
        .filter(|(_, s)| !s.history.is_empty())
        .map(|entry| {
            let colour = GameKind::ALL
                .iter()
                .position(|&k| k == entry.0)
                .unwrap_or(0);
            (colour, entry)
        })
        .collect();
    // The legend: a swatch and the game's name with its rating now.
    let mut x = 16i32;
    for (colour, (kind, standing)) in &shown {
        let label = format!("{} {}", i18n::game_title(lang, *kind), standing.shown());
        draw_filled_rect_mut(
            &mut image,
            Rect::at(x, 52).of_size(14, 14),
            rgba(LINE_COLOURS[*colour]),
        );
        draw_text_mut(
            &mut image,
            text,
            x + 20,
            49,
            PxScale::from(18.0),
            &fonts().regular,
            &label,
        );
        x += 20 + text_size(PxScale::from(18.0), &fonts().regular, &label).0 as i32 + 24;
    }
    if shown.is_empty() {
        return image;
    }
    // Along the x axis, the player's rated games in the order they ended (all games on one
    // axis), evenly spaced: games played within the same hour stay apart, and a quiet month
    // takes no room. Each line starts at the newcomer's rating, before its first game.
    let mut order: Vec<(u64, u64)> = shown
        .iter()
        .flat_map(|(_, (_, s))| s.history.iter().map(|p| (p.at, p.game)))
        .collect();
    order.sort_unstable();
    order.dedup();
    let slots = order.len() + 1;
    let start = |kind: GameKind| Standing::newcomer(kind, "").rating;
    let (mut low, mut high) = (f64::MAX, f64::MIN);
    for (_, (kind, s)) in &shown {
        for rating in s.history.iter().map(|p| p.rating).chain([start(*kind)]) {
            low = low.min(rating);
            high = high.max(rating);
        }
    }
    let (low, high, step) = round_ticks(low, high);
    let (width, height) = (WIDTH as f32 - LEFT - RIGHT, HEIGHT as f32 - TOP - BOTTOM);
    let y_of = |rating: f64| TOP + height * (1.0 - ((rating - low) / (high - low)) as f32);
    let x_of = |slot: usize| LEFT + width * slot as f32 / (slots - 1).max(1) as f32;
    let slot_of = |p: &crate::ratings::Point| {
        1 + order
            .binary_search(&(p.at, p.game))
            .unwrap_or_else(|near| near)
    };
    // Grid lines at round ratings, labelled.
    let mut rating = low;
    while rating <= high + 0.5 {
        let y = y_of(rating);
        draw_line_segment_mut(
            &mut image,
            (LEFT, y),
            (WIDTH as f32 - RIGHT, y),
            rgba(PALETTE.cell_edge),
        );
        draw_text_mut(
            &mut image,
            muted,
            8,
            y as i32 - 9,
            PxScale::from(16.0),
            &fonts().regular,
            &format!("{rating:.0}"),
        );
        rating += step;
    }
    // Below: how many games the axis holds, and the dates of the first and last when
    // they differ (one date is said once).
    let (first, last) = (order[0].0, order[order.len() - 1].0);
    let (first_day, last_day) = (crate::calendar::date(first), crate::calendar::date(last));
    let caption = i18n::text_with(lang, "chart-games", &[("count", order.len().into())]);
    let below = (HEIGHT as f32 - BOTTOM + 12.0) as i32;
    let scale = PxScale::from(16.0);
    let caption_width = text_size(scale, &fonts().regular, &caption).0 as f32;
    draw_text_mut(
        &mut image,
        muted,
        (LEFT + (width - caption_width) / 2.0) as i32,
        below,
        scale,
        &fonts().regular,
        &caption,
    );
    let mut dates = vec![(first_day.clone(), LEFT)];
    if last_day != first_day {
        let last_width = text_size(scale, &fonts().regular, &last_day).0 as f32;
        dates.push((last_day, WIDTH as f32 - RIGHT - last_width));
    }
    for (date, x) in dates {
        draw_text_mut(
            &mut image,
            muted,
            x as i32,
            below,
            scale,
            &fonts().regular,
            &date,
        );
    }
    for (colour, (kind, standing)) in &shown {
        let colour = rgba(LINE_COLOURS[*colour]);
        // From the newcomer's rating just before the first game of this line.
        let before = slot_of(&standing.history[0]) - 1;
        let placed: Vec<(i32, i32)> = std::iter::once((before, start(*kind)))
            .chain(standing.history.iter().map(|p| (slot_of(p), p.rating)))
            .map(|(slot, rating)| (x_of(slot) as i32, y_of(rating) as i32))
            .collect();
        thick_line(&mut image, &placed, colour);
        for &point in &placed {
            draw_filled_circle_mut(&mut image, point, 4, colour);
        }
    }
    image
}

/// A point of a game the evaluation chart marks: a mistake or a blunder, after which ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A mistake (orange).
    Mistake(usize),
    /// A blunder (red).
    Blunder(usize),
}

/// A game's evaluation (`/analyse`): the first side's winning chance (0 to 100) after each
/// ply, `chances[0]` at the start, as a filled line over an even midline, with the plies of
/// `marks` dotted. The first side's area is light and the second's dark, as their pieces
/// are; `first` and `second` name them at the top and the bottom. The same frame, fonts and
/// strokes as the rating chart, so a player's pictures look like one family.
#[must_use]
pub fn evaluation(
    title: &str,
    first: &str,
    second: &str,
    caption: &str,
    chances: &[f64],
    marks: &[Mark],
) -> RgbaImage {
    let mut image = RgbaImage::from_pixel(WIDTH, HEIGHT, rgba(PALETTE.background));
    let text = rgba(PALETTE.header_text);
    let muted = rgba(PALETTE.header_muted);
    draw_text_mut(
        &mut image,
        text,
        16,
        12,
        PxScale::from(24.0),
        font_for(title),
        title,
    );
    let (width, height) = (WIDTH as f32 - LEFT - RIGHT, HEIGHT as f32 - TOP - BOTTOM);
    let slots = chances.len().max(2) - 1;
    let x_of = |ply: usize| LEFT + width * ply as f32 / slots as f32;
    let y_of = |chance: f64| TOP + height * (1.0 - (chance.clamp(0.0, 100.0) / 100.0) as f32);
    // The areas: light from the line down to the bottom (the first side's share), dark above.
    let (light, dark) = (rgba(PALETTE.light_piece), rgba(PALETTE.dark_piece));
    for px in 0..width as u32 {
        let at = f64::from(px) / f64::from(width as u32) * slots as f64;
        let i = (at.floor() as usize).min(chances.len().saturating_sub(1));
        let j = (i + 1).min(chances.len().saturating_sub(1));
        let chance = match (chances.get(i), chances.get(j)) {
            (Some(a), Some(b)) => a + (b - a) * (at - i as f64),
            _ => 50.0,
        };
        let x = LEFT as i32 + px as i32;
        let y = y_of(chance) as i32;
        let top = TOP as i32;
        let bottom = (TOP + height) as i32;
        if y > top {
            draw_line_segment_mut(
                &mut image,
                (x as f32, top as f32),
                (x as f32, y as f32),
                dark,
            );
        }
        if bottom > y {
            draw_line_segment_mut(
                &mut image,
                (x as f32, y as f32),
                (x as f32, bottom as f32),
                light,
            );
        }
    }
    // The even line and the names of the sides at the ends they are winning towards.
    let mid = y_of(50.0);
    draw_line_segment_mut(
        &mut image,
        (LEFT, mid),
        (WIDTH as f32 - RIGHT, mid),
        rgba(PALETTE.cell_edge),
    );
    let scale = PxScale::from(16.0);
    draw_text_mut(
        &mut image,
        text,
        LEFT as i32,
        52,
        PxScale::from(18.0),
        font_for(first),
        first,
    );
    let below = (HEIGHT as f32 - BOTTOM + 12.0) as i32;
    draw_text_mut(
        &mut image,
        text,
        LEFT as i32,
        below,
        PxScale::from(18.0),
        font_for(second),
        second,
    );
    let caption_width = text_size(scale, font_for(caption), caption).0 as f32;
    draw_text_mut(
        &mut image,
        muted,
        (WIDTH as f32 - RIGHT - caption_width) as i32,
        below,
        scale,
        font_for(caption),
        caption,
    );
    for (label, chance) in [("100%", 100.0), ("50%", 50.0), ("0%", 0.0)] {
        draw_text_mut(
            &mut image,
            muted,
            8,
            y_of(chance) as i32 - 9,
            scale,
            &fonts().regular,
            label,
        );
    }
    let line = rgba(EVAL_LINE);
    let placed: Vec<(i32, i32)> = chances
        .iter()
        .enumerate()
        .map(|(ply, &c)| (x_of(ply) as i32, y_of(c) as i32))
        .collect();
    thick_line(&mut image, &placed, line);
    for mark in marks {
        let (ply, colour) = match *mark {
            Mark::Mistake(ply) => (ply, rgba(MISTAKE)),
            Mark::Blunder(ply) => (ply, rgba(BLUNDER)),
        };
        if let Some(&point) = placed.get(ply) {
            draw_filled_circle_mut(&mut image, point, 6, colour);
        }
    }
    image
}

/// The rating axis for ratings from `low` to `high`: its ends and the step between its
/// labelled lines, all round numbers (a multiple of 25, 50, 100, 250 or 500), three to six
/// lines in all, with a little room above and below the extremes.
fn round_ticks(low: f64, high: f64) -> (f64, f64, f64) {
    const STEPS: [f64; 6] = [25.0, 50.0, 100.0, 200.0, 250.0, 500.0];
    let (low, high) = (low - 10.0, high + 10.0);
    for step in STEPS {
        let (bottom, top) = ((low / step).floor() * step, (high / step).ceil() * step);
        let lines = ((top - bottom) / step).round() as usize + 1;
        if lines <= 6 {
            // Too few lines for the room: one more step on each side.
            return if lines < 3 {
                (bottom - step, top + step, step)
            } else {
                (bottom, top, step)
            };
        }
    }
    let step = 1000.0;
    (
        (low / step).floor() * step,
        (high / step).ceil() * step,
        step,
    )
}

#[cfg(test)]
mod tests {
    use super::round_ticks;

    #[test]
    fn rating_lines_fall_on_round_numbers() {
        for (low, high) in [
            (1413.0, 1638.0),
            (1500.0, 1500.0),
            (820.0, 2410.0),
            (1490.0, 1530.0),
        ] {
            let (bottom, top, step) = round_ticks(low, high);
            assert!(
                bottom <= low && top >= high,
                "{low}..{high}: {bottom}..{top}"
            );
            assert_eq!(bottom % step, 0.0);
            assert_eq!(top % step, 0.0);
            let lines = ((top - bottom) / step) as usize + 1;
            assert!(
                (3..=6).contains(&lines),
                "{low}..{high}: {lines} lines of {step}"
            );
        }
    }
}
