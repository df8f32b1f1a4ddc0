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
    let points = shown.iter().flat_map(|(_, (_, s))| &s.history);
    let (mut low, mut high) = (f64::MAX, f64::MIN);
    let (mut first, mut last) = (u64::MAX, 0);
    for p in points.clone() {
        low = low.min(p.rating);
        high = high.max(p.rating);
        first = first.min(p.at);
        last = last.max(p.at);
    }
    if shown.is_empty() {
        return image;
    }
    // Round the range out to 50 points, at least 100 apart, so a flat line sits mid-chart.
    low = ((low - 25.0) / 50.0).floor() * 50.0;
    high = ((high + 25.0) / 50.0).ceil() * 50.0;
    if high - low < 100.0 {
        let mid = (high + low) / 2.0;
        (low, high) = (mid - 50.0, mid + 50.0);
    }
    let (width, height) = (WIDTH as f32 - LEFT - RIGHT, HEIGHT as f32 - TOP - BOTTOM);
    let y_of = |rating: f64| TOP + height * (1.0 - ((rating - low) / (high - low)) as f32);
    let span = (last - first).max(1) as f32;
    let x_of = |at: u64, i: usize, n: usize| {
        if last == first {
            // All on one day: spread the games evenly.
            LEFT + width * (i + 1) as f32 / (n + 1) as f32
        } else {
            LEFT + width * (at - first) as f32 / span
        }
    };
    // Grid lines with their ratings.
    let steps = 4;
    for i in 0..=steps {
        let rating = low + (high - low) * f64::from(i) / f64::from(steps);
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
            &format!("{}", rating.round()),
        );
    }
    for (at, x) in [(first, LEFT), (last, WIDTH as f32 - RIGHT - 86.0)] {
        draw_text_mut(
            &mut image,
            muted,
            x as i32,
            (HEIGHT as f32 - BOTTOM + 12.0) as i32,
            PxScale::from(16.0),
            &fonts().regular,
            &crate::calendar::date(at),
        );
    }
    for (colour, (_, standing)) in &shown {
        let colour = rgba(LINE_COLOURS[*colour]);
        let n = standing.history.len();
        let placed: Vec<(i32, i32)> = standing
            .history
            .iter()
            .enumerate()
            .map(|(i, p)| (x_of(p.at, i, n) as i32, y_of(p.rating) as i32))
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
