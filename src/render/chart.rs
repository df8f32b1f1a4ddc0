//! The picture of a player's rating history (`/profile`): a line per game over time. A
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
        for pair in placed.windows(2) {
            // Three strokes a pixel apart: a line that stays a line on a phone.
            for dy in -1..=1 {
                draw_antialiased_line_segment_mut(
                    &mut image,
                    (pair[0].0, pair[0].1 + dy),
                    (pair[1].0, pair[1].1 + dy),
                    colour,
                    interpolate,
                );
            }
        }
        for &point in &placed {
            draw_filled_circle_mut(&mut image, point, 4, colour);
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
