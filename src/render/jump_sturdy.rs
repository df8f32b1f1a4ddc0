//! The Jump Sturdy picture: the 8 × 8 board without corners, Blue at the bottom, file
//! letters and rank numbers on the edges, singles as one disc and doubles as two (the
//! bottom man's colour shows as the lower layer), the last move highlighted and arrowed,
//! a capture marked, and each side's count of men beside the board.

use std::sync::Arc;

use crate::games::jump_sturdy::{Color, Move, Position, Square, Stack};
use crate::i18n;

use super::canvas::{fit_text, text_width, Backdrop, Canvas, Colour, Point, SpriteCache};
use super::disc::{draw_disc, DiscLook, DiscShape, OUTLINE};
use super::theme::{fonts, HEADER, PALETTE, WIDTH};
use super::{draw_header, Header};

/// A square's side in pixels.
const S: f32 = 62.0;
const BOARD_LEFT: f32 = (WIDTH as f32 - 8.0 * S) / 2.0;
const BOARD_TOP: f32 = HEADER as f32 + 18.0;
/// The picture's height: header, board, file letters.
pub const HEIGHT: u32 = HEADER + 18 + 8 * S as u32 + 34;
/// The board with its coordinates: what the page shows (the men counted beside it are the
/// page's own words). Centred on the board, so a turned board keeps it.
pub const BOARD_AREA: super::spots::Area = super::spots::Area {
    x: BOARD_LEFT as u32 - 34,
    y: HEADER + 8,
    width: 8 * S as u32 + 68,
    height: HEIGHT - HEADER - 8,
};
/// The seat drawn at the bottom: Blue, the first to move.
pub const BOTTOM_SEAT: usize = 0;

/// What one picture shows.
pub struct View<'a> {
    /// The position.
    pub position: &'a Position,
    /// The last move, if any.
    pub last: Option<Move>,
    /// Whether the last move captured.
    pub captured: bool,
    /// Players, turn and details.
    pub header: &'a Header,
    /// For Discord, or for the page (and turned?).
    pub frame: super::Frame,
}

/// Light and dark squares (the Jumpers cell colour and a darker wood).
const LIGHT: Colour = [0xe6, 0xd3, 0xa8];
const DARK: Colour = [0xb5, 0x8c, 0x5a];

/// Blue is light, Red is dark: they differ in lightness, not only hue.
fn look(color: Color) -> DiscLook {
    match color {
        Color::Blue => DiscLook {
            face: [0xb4, 0xd8, 0xf8],
            rim: [0x5b, 0x8d, 0xbf],
            outline: [0x23, 0x3f, 0x5e],
            ink: [0x23, 0x3f, 0x5e],
        },
        Color::Red => DiscLook {
            face: [0xa3, 0x1f, 0x2c],
            rim: [0x5c, 0x0c, 0x14],
            outline: [0x2a, 0x05, 0x09],
            ink: [0xf4, 0xd0, 0xd0],
        },
    }
}

/// The column and row (from the top left) where file `file` and rank `rank` are drawn:
/// Blue's first rank at the bottom, or, `turned`, at the top.
fn column_row(file: u8, rank: u8, turned: bool) -> (u8, u8) {
    if turned {
        (7 - file, rank)
    } else {
        (file, 7 - rank)
    }
}

/// The top-left corner of a square.
fn corner(square: Square, turned: bool) -> Point {
    let (column, row) = column_row(square.file(), square.rank(), turned);
    Point::new(
        BOARD_LEFT + f32::from(column) * S,
        BOARD_TOP + f32::from(row) * S,
    )
}

/// The centre of a square on the picture (never turned).
#[must_use]
pub fn centre(square: Square) -> Point {
    centre_on(square, false)
}

/// The centre of a square, on a board `turned` or not.
fn centre_on(square: Square, turned: bool) -> Point {
    let c = corner(square, turned);
    Point::new(c.x + S / 2.0, c.y + S / 2.0)
}

/// Every square's tap target, on a board `turned` or not.
#[must_use]
pub fn spots(turned: bool) -> Vec<super::spots::Spot> {
    (0..8)
        .flat_map(|rank| (0..8).filter_map(move |file| Square::at(file, rank)))
        .map(|square| super::spots::Spot::around(square.to_string(), centre_on(square, turned), S))
        .collect()
}

fn fill_square(canvas: &mut Canvas, square: Square, turned: bool, colour: Colour) {
    let c = corner(square, turned);
    canvas.fill_rect(c.x as i32, c.y as i32, S as i32, S as i32, colour);
}

const SHAPE: DiscShape = DiscShape {
    rx: 0.36 * S,
    ry: 0.16 * S,
    side: 0.12 * S,
    outline: OUTLINE,
};

/// The men's count marks beside the board: a smaller disc.
const SMALL: DiscShape = DiscShape {
    rx: 14.0,
    ry: 6.0,
    side: 5.0,
    outline: OUTLINE,
};

/// A disc of one colour and shape, drawn once per process, and the point of it where its
/// top face's centre is: stamped wherever a man stands.
fn disc_sprite(color: Color, shape: DiscShape) -> (Arc<Canvas>, Point) {
    static DISCS: SpriteCache = SpriteCache::new();
    let (w, h) = (
        (2.0 * shape.rx + 6.0).ceil(),
        (2.0 * shape.ry + shape.side + 6.0).ceil(),
    );
    let anchor = Point::new(w / 2.0, shape.ry + 3.0);
    let key = u64::from(shape.rx.to_bits()) << 1 | color as u64;
    let sprite = DISCS.get(key, || {
        let mut sprite = Canvas::transparent(w as u32, h as u32);
        draw_disc(&mut sprite, anchor, shape, look(color), false, None);
        sprite
    });
    (sprite, anchor)
}

fn draw_stack(canvas: &mut Canvas, at: Point, stack: Stack) {
    let c = at;
    let base = c.y + 0.08 * S;
    let layers = match stack {
        Stack::Single(top) => vec![top],
        Stack::Double { bottom, top } => vec![bottom, top],
    };
    for (i, &color) in layers.iter().enumerate() {
        let top = Point::new(c.x, base - i as f32 * (SHAPE.side + 2.0));
        let (sprite, anchor) = disc_sprite(color, SHAPE);
        canvas.stamp_at(&sprite, anchor, top);
    }
}

/// The empty board with its coordinates, drawn once per process (and once turned).
fn background(turned: bool) -> &'static Canvas {
    static BACKGROUNDS: [Backdrop; 2] = [Backdrop::new(), Backdrop::new()];
    BACKGROUNDS[usize::from(turned)].get(|| {
        let mut canvas = super::empty_picture(HEIGHT);
        let fonts = fonts();
        for rank in 0..8u8 {
            for file in 0..8u8 {
                if let Some(square) = Square::at(file, rank) {
                    let light = (file + rank) % 2 == 1;
                    let colour = if light { LIGHT } else { DARK };
                    fill_square(&mut canvas, square, turned, colour);
                }
            }
        }
        for i in 0..8u8 {
            let file = char::from(b'a' + i).to_string();
            let (column, row) = column_row(i, i, turned);
            let x = BOARD_LEFT + (f32::from(column) + 0.5) * S;
            canvas.text_centred(
                Point::new(x, BOARD_TOP + 8.0 * S + 14.0),
                16.0,
                &fonts.regular,
                PALETTE.header_muted,
                &file,
            );
            let y = BOARD_TOP + (f32::from(row) + 0.5) * S;
            canvas.text_centred(
                Point::new(BOARD_LEFT - 14.0, y),
                16.0,
                &fonts.regular,
                PALETTE.header_muted,
                &(i + 1).to_string(),
            );
        }
        canvas
    })
}

/// Draws the picture.
#[must_use]
pub fn draw(view: &View<'_>) -> Canvas {
    let turned = view.frame.turned();
    let mut canvas = Canvas::over(background(turned));
    let fonts = fonts();
    if let Some(mv) = view.last {
        fill_square(&mut canvas, mv.from, turned, PALETTE.from);
        fill_square(&mut canvas, mv.to, turned, PALETTE.to);
        // Under the men, from centre to centre, the head stopping short of the target man.
        let (a, b) = (centre_on(mv.from, turned), centre_on(mv.to, turned));
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let b = Point::new(b.x - dx / len * 0.3 * S, b.y - dy / len * 0.3 * S);
        canvas.arrow(a, b, 6.0, PALETTE.arrow, 0.9);
    }
    for rank in 0..8u8 {
        for file in 0..8u8 {
            if let Some(square) = Square::at(file, rank) {
                if let Some(stack) = view.position.stack(square) {
                    draw_stack(&mut canvas, centre_on(square, turned), stack);
                }
            }
        }
    }
    if let (Some(mv), true) = (view.last, view.captured) {
        // A capture: a red badge with a cross in the target square's corner.
        let c = corner(mv.to, turned);
        let badge = Point::new(c.x + S - 12.0, c.y + 12.0);
        canvas.fill_ellipse(badge, 10.0, 10.0, PALETTE.arrow, 1.0);
        canvas.line(
            Point::new(badge.x - 4.5, badge.y - 4.5),
            Point::new(badge.x + 4.5, badge.y + 4.5),
            2.5,
            PALETTE.light_piece,
            1.0,
        );
        canvas.line(
            Point::new(badge.x - 4.5, badge.y + 4.5),
            Point::new(badge.x + 4.5, badge.y - 4.5),
            2.5,
            PALETTE.light_piece,
            1.0,
        );
    }
    if !view.frame.panels() {
        return canvas;
    }
    // Each side's men, beside the board: a quick read of the material.
    for (i, color) in [Color::Red, Color::Blue].into_iter().enumerate() {
        let y = BOARD_TOP + if i == 0 { 0.5 * S } else { 7.5 * S };
        let count = view.position.count_men(color);
        let x = BOARD_LEFT + 8.0 * S + 24.0;
        let (sprite, anchor) = disc_sprite(color, SMALL);
        canvas.stamp_at(&sprite, anchor, Point::new(x + 16.0, y - 4.0));
        // Some languages' word runs longer than the margin: it shrinks to fit, never past
        // the picture's edge.
        let label = men_words(view.header.lang, count);
        let room = WIDTH as f32 - (x + 38.0) - 6.0;
        let size = (17.0 * room / text_width(17.0, &fonts.bold, &label)).clamp(11.0, 17.0);
        canvas.text(
            Point::new(x + 38.0, y - 14.0),
            size,
            &fonts.bold,
            PALETTE.header_text,
            &fit_text(size, &fonts.bold, &label, room),
        );
    }
    draw_header(&mut canvas, view.header, &marks());
    canvas
}

/// A side's men counted, as the picture's panel and the page say it.
#[must_use]
pub fn men_words(lang: i18n::Lang, count: u32) -> String {
    i18n::text_with(lang, "board-men", &[("count", count.into())])
}

/// Each seat's colours (face, rim) where a name is marked: Blue, Red.
#[must_use]
pub fn marks() -> [(Colour, Colour); 2] {
    [Color::Blue, Color::Red].map(|c| (look(c).face, look(c).outline))
}
