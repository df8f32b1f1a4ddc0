//! The Jumpers picture: the hex board turned on its side (White's gates on the left, Black's
//! on the right, so it fits Discord's landscape preview), stacks as side-on discs, every
//! piece of a stack a band of its own (a covered piece moves again once uncovered, so
//! players need to see whose it is and how far it jumps).

use std::sync::Arc;

use crate::games::jumpers::{BoardKind, Color, Coord, Geometry, Kind, Piece, Position};
use crate::games::Rules;

use super::canvas::{hexagon, Backdrop, Canvas, Colour, Point, SpriteCache};
use super::disc::{self, DiscLook, DiscShape, OUTLINE};
use super::theme::{fonts, label_on, PALETTE, WIDTH};
use super::{draw_header, Header};

/// Hexagon circumradius in pixels.
const S: f32 = 54.0;
/// Space around the board.
const MARGIN_X: f32 = (WIDTH as f32 - 14.0 * S) / 2.0;
const MARGIN_Y: f32 = 12.0;
/// Half the height of a flat-topped hexagon.
const HALF_HEIGHT: f32 = S * 0.866_025_4;
/// The picture's height.
pub const HEIGHT: u32 = super::theme::HEADER + (2.0 * MARGIN_Y + 10.0 * HALF_HEIGHT) as u32;

/// What one Jumpers picture shows: a pure input, no game record or request.
pub struct View<'a> {
    /// The position.
    pub position: &'a Position,
    /// The last move's cells.
    pub last: Option<(Coord, Coord)>,
    /// Players, turn and details.
    pub header: &'a Header,
    /// For Discord, or for the page.
    pub frame: super::Frame,
}

/// The centre of a cell on the picture.
#[must_use]
pub fn centre(coord: Coord) -> Point {
    Point::new(
        MARGIN_X + S + f32::from(coord.rank - 1) * 1.5 * S,
        super::theme::HEADER as f32 + MARGIN_Y + HALF_HEIGHT + f32::from(coord.file) * HALF_HEIGHT,
    )
}

/// Every cell's tap target: a box inside the hexagon.
#[must_use]
pub fn spots(position: &Position) -> Vec<super::spots::Spot> {
    position
        .geometry()
        .cells
        .iter()
        .map(|&coord| {
            super::spots::Spot::around(coord.to_string(), centre(coord), 1.7 * HALF_HEIGHT)
        })
        .collect()
}

/// The gate owner of a cell, if it is a gate.
fn gate_of(geometry: &Geometry, cell: u8) -> Option<Color> {
    Color::ALL
        .into_iter()
        .find(|&c| geometry.is_gate_of(cell, c))
}

fn side_colours(color: Color) -> (Colour, Colour) {
    match color {
        Color::White => (PALETTE.light_piece, PALETTE.light_side),
        Color::Black => (PALETTE.dark_piece, PALETTE.dark_rim),
    }
}

/// One cell: hexagon, outline, name and, on gates, the gate mark.
fn draw_cell(canvas: &mut Canvas, coord: Coord, c: Point, fill: Colour, gate: Option<Color>) {
    let hex = hexagon(c, S - 1.0, true);
    canvas.fill_convex(&hex, fill, 1.0);
    if let Some(owner) = gate {
        // A thick frame in the owner's colour and a small gate (Π) beside the name.
        let (face, rim) = side_colours(owner);
        canvas.stroke_convex(&hexagon(c, S - 2.0, true), 5.0, rim);
        canvas.stroke_convex(&hexagon(c, S - 4.0, true), 3.0, face);
        let (x, y, h) = (c.x + 0.30 * S, c.y - 0.74 * S, 0.24 * S);
        for (a, b) in [
            (Point::new(x, y + h), Point::new(x, y)),
            (Point::new(x + h, y + h), Point::new(x + h, y)),
            (Point::new(x - 2.0, y), Point::new(x + h + 2.0, y)),
        ] {
            canvas.line(a, b, 5.0, rim, 1.0);
            canvas.line(a, b, 2.5, face, 1.0);
        }
    } else {
        canvas.stroke_convex(&hex, 1.5, PALETTE.cell_edge);
    }
    // The name sits left of the cell's centre line, where no last-move arrow runs (arrows
    // along a rank run through the centres).
    canvas.text_centred(
        Point::new(c.x - 0.34 * S, c.y - 0.6 * S),
        16.0,
        &fonts().regular,
        label_on(fill),
        &coord.to_string(),
    );
}

/// The empty board of one kind, drawn once per process.
fn background(board: BoardKind) -> &'static Canvas {
    static BACKGROUNDS: [Backdrop; 2] = [Backdrop::new(), Backdrop::new()];
    BACKGROUNDS[board as usize].get(|| {
        let geometry = board.geometry();
        let mut canvas = super::empty_picture(HEIGHT);
        for (cell, &coord) in geometry.cells.iter().enumerate() {
            let gate = gate_of(geometry, cell as u8);
            let fill = match gate {
                Some(Color::White) => PALETTE.light_goal,
                Some(Color::Black) => PALETTE.dark_goal,
                None => PALETTE.cell,
            };
            draw_cell(&mut canvas, coord, centre(coord), fill, gate);
        }
        canvas
    })
}

/// A disc's half-width by kind: the bigger the jump, the bigger the disc.
fn radius(kind: Kind) -> f32 {
    match kind {
        Kind::Small => 0.38 * S,
        Kind::Medium => 0.47 * S,
        Kind::Big => 0.56 * S,
    }
}

/// The height of a disc's side: thick enough that each layer of a stack stays a visible
/// band of its colour on a phone (a picture shown 400 px wide halves it).
const DISC_SIDE: f32 = 0.24 * S;
/// Half the height of a disc's top face.
const DISC_RY: f32 = 0.2 * S;
/// How far below its cell's centre a stack may reach: inside the hexagon.
const STACK_BELOW: f32 = 0.84 * S;
/// How far above its cell's centre a stack may reach: clear of the cell's name.
const STACK_ABOVE: f32 = 0.42 * S;
/// How far above its cell's centre a stack too tall to fit under the name may reach: up
/// to the cell's top edge, over the name (the neighbours' names tell it), so that every
/// piece keeps a band of its own.
const TALL_STACK_ABOVE: f32 = 0.8 * S;
/// The thinnest band a piece of a stack is drawn as, in pixels.
const THINNEST_BAND: f32 = 2.0;
/// Where the bottom disc's top face sits below the cell's centre while the stack fits.
const BOTTOM_FACE: f32 = 0.3 * S;

/// How a stack of `height` pieces is drawn: each disc's side (each piece's band) and the
/// bottom disc's top face, below the cell's centre. The full side while the stack fits
/// under the cell's name, thinner beyond and then reaching over the name, so that every
/// piece of the tallest stack a position holds still shows as a band of its own, and
/// nothing leaves the cell.
fn layers(height: usize) -> (f32, f32) {
    let height = height.max(1) as f32;
    let faces = 2.0 * (DISC_RY + OUTLINE);
    let side_under = |above: f32| DISC_SIDE.min((STACK_BELOW + above - faces) / height);
    let above = if side_under(STACK_ABOVE) >= THINNEST_BAND {
        STACK_ABOVE
    } else {
        TALL_STACK_ABOVE
    };
    let side = side_under(above);
    let lowest = STACK_BELOW - side - DISC_RY - OUTLINE;
    let highest = -above + DISC_RY + OUTLINE + (height - 1.0) * side;
    (side, BOTTOM_FACE.clamp(highest, lowest.max(highest)))
}

/// The outline under a disc whose side is `side` high: at most a quarter of its band.
fn outline(side: f32) -> f32 {
    OUTLINE.min(side / 4.0)
}

/// One piece as a side-on disc `side` high whose top face is centred on `top`.
fn draw_disc(
    canvas: &mut Canvas,
    piece: Piece,
    top: Point,
    side: f32,
    crawler: bool,
    letter: bool,
) {
    let (face, rim) = side_colours(piece.color);
    let look = DiscLook {
        face,
        rim,
        outline: match piece.color {
            Color::White => [0x4a, 0x45, 0x3c],
            Color::Black => [0x8a, 0x8e, 0xa0],
        },
        ink: match piece.color {
            Color::White => PALETTE.dark_piece,
            Color::Black => PALETTE.light_piece,
        },
    };
    let shape = DiscShape {
        rx: radius(piece.kind),
        ry: DISC_RY,
        side,
        outline: outline(side),
    };
    let text = piece.kind.rules().letter.to_string();
    let letter = letter.then_some((text.as_str(), 0.36 * S));
    disc::draw_disc(canvas, top, shape, look, crawler, letter);
}

/// A disc sprite's size (room for the thickest side) and where its top face's centre sits
/// in it.
const SPRITE_W: u32 = (2.0 * (0.56 * S + 3.0)) as u32;
const SPRITE_H: u32 = (2.0 * DISC_RY + DISC_SIDE + 6.0) as u32;
const SPRITE_TOP: Point = Point::new(SPRITE_W as f32 / 2.0, DISC_RY + 2.0);

/// A disc drawn once per process for each side height and stamped wherever it stands:
/// drawing every disc from its shapes each time would cost more than the whole render
/// budget.
fn disc_sprite(piece: Piece, side: f32, crawler: bool, letter: bool) -> Arc<Canvas> {
    static DISCS: SpriteCache = SpriteCache::new();
    let look = ((piece.color as u64 * 3 + piece.kind as u64) * 2 + u64::from(crawler)) * 2
        + u64::from(letter);
    let key = u64::from(side.to_bits()) << 8 | look;
    DISCS.get(key, || {
        let mut sprite = Canvas::transparent(SPRITE_W, SPRITE_H);
        draw_disc(&mut sprite, piece, SPRITE_TOP, side, crawler, letter);
        sprite
    })
}

/// A highlighted cell (the last move's start or end) as a sprite, drawn once per board,
/// cell and colour, and where it goes. It keeps the cell's sub-pixel position, so it lands
/// exactly on the background's cell.
fn highlighted_cell(board: BoardKind, cell: u8, end: bool) -> (Arc<Canvas>, i32, i32) {
    static CELLS: SpriteCache = SpriteCache::new();
    let geometry = board.geometry();
    let coord = geometry.cells[usize::from(cell)];
    let c = centre(coord);
    let (left, top) = (
        (c.x - S).floor() as i32 - 2,
        (c.y - HALF_HEIGHT).floor() as i32 - 2,
    );
    let key = (board as u64) << 16 | u64::from(cell) << 1 | u64::from(end);
    let sprite = CELLS.get(key, || {
        let mut sprite = Canvas::transparent(2 * S as u32 + 6, 2 * HALF_HEIGHT as u32 + 6);
        let fill = if end { PALETTE.to } else { PALETTE.from };
        let at = Point::new(c.x - left as f32, c.y - top as f32);
        draw_cell(&mut sprite, coord, at, fill, gate_of(geometry, cell));
        sprite
    });
    (sprite, left, top)
}

/// A stack, bottom first, drawn in its cell: every piece, its letter on the top one.
fn draw_stack(canvas: &mut Canvas, coord: Coord, stack: &[Piece], crawlers: impl Fn(Kind) -> bool) {
    let c = centre(coord);
    let (side, bottom) = layers(stack.len());
    for (i, &piece) in stack.iter().enumerate() {
        let top = Point::new(c.x, c.y + bottom - i as f32 * side);
        let is_top = i + 1 == stack.len();
        let sprite = disc_sprite(piece, side, crawlers(piece.kind), is_top);
        canvas.stamp_at(&sprite, SPRITE_TOP, top);
    }
    if stack.len() > 1 {
        // The height as a number on a badge at the stack's right: layers merge on a phone,
        // a number does not.
        let badge = Point::new(c.x + 0.6 * S, c.y - 0.16 * S);
        canvas.fill_ellipse(badge, 13.0, 13.0, PALETTE.arrow, 1.0);
        canvas.text_centred(
            badge,
            17.0,
            &fonts().bold,
            PALETTE.light_piece,
            &stack.len().to_string(),
        );
    }
}

/// Draws the picture.
#[must_use]
pub fn draw(view: &View<'_>) -> Canvas {
    let position = view.position;
    let options = position.options();
    let geometry = position.geometry();
    let mut canvas = Canvas::over(background(options.board));
    if let Some((from, to)) = view.last {
        for (coord, end) in [(from, false), (to, true)] {
            if let Some(cell) = geometry.index(coord) {
                let (sprite, x, y) = highlighted_cell(options.board, cell, end);
                canvas.stamp(&sprite, x, y);
            }
        }
    }
    if let Some((from, to)) = view.last {
        // Under the pieces, so it never hides a stack's top letter; the head stops where
        // the target cell's stack begins.
        let (a, b) = (centre(from), centre(to));
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let shorten = 0.5 * S;
        let b = Point::new(b.x - dx / len * shorten, b.y - dy / len * shorten);
        canvas.arrow(a, b, 7.0, PALETTE.arrow, 0.9);
    }
    for (cell, &coord) in geometry.cells.iter().enumerate() {
        let stack: Vec<Piece> = position.stack(cell as u8).collect();
        if !stack.is_empty() {
            draw_stack(&mut canvas, coord, &stack, |k| options.crawlers.contains(k));
        }
    }
    if view.frame.panels() {
        draw_header(&mut canvas, view.header, &MARKS);
    }
    canvas
}

/// Each seat's colours (face, rim) where a name is marked: White, Black.
pub const MARKS: [(Colour, Colour); 2] = [
    (PALETTE.light_piece, PALETTE.light_rim),
    (PALETTE.dark_piece, [0x9a, 0x9e, 0xb0]),
];
