//! The Skakanie picture: the table of stacks (each showing its face-up piece as a real
//! jigsaw piece, with how many pieces it holds), every pawn in its player's colour, whose
//! turn it is and how many actions are left, each player's score beside the table, and each
//! player's pool assembled in place on a 12 × 8 grid with its fragments outlined, the pools
//! side by side under the table, as large as the width allows (pieces of 15 px with four
//! players: about 7 px on a phone that shows the picture 400 px wide). The page's board
//! ([`super::Frame::Board`]) is the table alone with the pools under it, two to a row,
//! [`BOARD_WIDTH`] wide: its players and their scores are the page's own lines.
//!
//! The puzzle's picture is painted in code ([`scene`]): a landscape with a sky, a sun,
//! mountains, a lake, a house and a tree, varied enough that every piece can be told apart
//! and placed. Nothing is downloaded or bundled.

use crate::i18n::{self, Lang};
use std::sync::{Arc, OnceLock};

use crate::games::skakanie::{Action, Piece, Position, Spot, COLUMNS, PIECES, ROWS};
use crate::games::{Rules, Seat};

use super::canvas::{
    fit_text, fitting_size, square, text_width, Backdrop, Canvas, Colour, Point, SpriteCache,
};
use super::theme::{fonts, HEADER, PALETTE, WIDTH};
use super::vector;
use super::{draw_header, Header};

/// A piece's side in the big picture (face-up pieces on the table).
const P: u32 = 64;
/// How far a tab reaches beyond a piece's side, in pixels.
const TAB: u32 = 16;
/// A stack's slot on the table.
const SLOT: f32 = (P + 2 * TAB) as f32;
const PITCH: f32 = SLOT + 14.0;
const TABLE_LEFT: f32 = 26.0;
const TABLE_TOP: f32 = HEADER as f32 + 44.0;
/// The scores' column, right of the table.
const PANEL_LEFT: f32 = 476.0;
/// A seat's lines in the scores' column.
const SCORE_TOP: f32 = HEADER as f32 + 48.0;
const SCORE_PITCH: f32 = 72.0;
/// The pools' row under the table: each pool's name, then its grid.
const POOLS_TOP: f32 = TABLE_TOP + 3.0 * PITCH + 4.0;
const POOL_GRID_TOP: u32 = POOLS_TOP as u32 + 24;
/// Space under the pools.
const BOTTOM: u32 = 12;
/// A piece's side in the pool grids by number of seats (2, 3, 4): the pools share the
/// picture's width, so the fewer the players, the larger their pieces.
const POOL_CELLS: [u32; 3] = [22, 20, 15];
/// The most space between two pools.
const POOL_GAP: u32 = 32;

/// A piece's side in the pool grids of a game of `seats` players.
fn pool_cell(seats: u8) -> u32 {
    POOL_CELLS[usize::from(seats.clamp(2, 4) - 2)]
}

/// The width of the page's board: the table with its margin, no scores' column (the page
/// names the players and their scores above and below the board).
pub const BOARD_WIDTH: u32 = 478;
/// A piece's side in the page's pools, two to a row within [`BOARD_WIDTH`].
const BOARD_POOL_CELL: u32 = 17;
/// Space between two rows of pools on the page's board.
const POOL_ROW_GAP: u32 = 12;
/// The space over a pool's grid for its name.
const POOL_NAME: u32 = 24;

/// Where the pools go under the table. Discord's picture has them side by side across its
/// whole width (its scores' column sits beside the table); the page's board is only as wide
/// as the table, so its pools go two to a row, larger than four in a row would be.
#[derive(Clone, Copy, Debug)]
struct Pools {
    seats: u32,
    cell: u32,
    per_row: u32,
    width: u32,
}

impl Pools {
    fn of(seats: u8, frame: super::Frame) -> Self {
        let seats = seats.clamp(2, 4);
        if frame.panels() {
            Self {
                seats: u32::from(seats),
                cell: pool_cell(seats),
                per_row: u32::from(seats),
                width: WIDTH,
            }
        } else {
            Self {
                seats: u32::from(seats),
                cell: BOARD_POOL_CELL,
                per_row: 2,
                width: BOARD_WIDTH,
            }
        }
    }

    /// One row of pools: the names, the grids and the space under them.
    fn row_pitch(self) -> u32 {
        POOL_NAME + u32::from(ROWS) * self.cell + POOL_ROW_GAP
    }

    /// The picture's height: table, then the rows of pools.
    fn height(self) -> u32 {
        let rows = self.seats.div_ceil(self.per_row);
        POOL_GRID_TOP + (rows - 1) * self.row_pitch() + u32::from(ROWS) * self.cell + BOTTOM
    }

    /// The top-left corner of a seat's pool grid: each row's pools centred, at most
    /// [`POOL_GAP`] apart.
    fn corner(self, seat: u8) -> (i32, i32) {
        let seat = u32::from(seat);
        let row = seat / self.per_row;
        let in_row = self.per_row.min(self.seats - row * self.per_row);
        let width = u32::from(COLUMNS) * self.cell;
        let gap =
            ((self.width - 28).saturating_sub(in_row * width) / (in_row - 1).max(1)).min(POOL_GAP);
        let left = (self.width - in_row * width - (in_row - 1) * gap) / 2;
        (
            (left + (seat % self.per_row) * (width + gap)) as i32,
            (POOL_GRID_TOP + row * self.row_pitch()) as i32,
        )
    }

    /// The top-left corner and side of the cell of `piece` in the pool of `seat`.
    fn cell_at(self, seat: u8, piece: Piece) -> (i32, i32, u32) {
        let (x, y) = self.corner(seat);
        let (c, r) = (u32::from(piece % COLUMNS), u32::from(piece / COLUMNS));
        (
            x + (c * self.cell) as i32,
            y + (r * self.cell) as i32,
            self.cell,
        )
    }
}

/// The height of a picture of `seats` players in `frame`: table, then the pools.
#[must_use]
pub fn height(seats: u8, frame: super::Frame) -> u32 {
    Pools::of(seats, frame).height()
}

/// The top-left corner and side of the cell of `piece` in the pool of `seat`, in a game of
/// `seats` players drawn in `frame`.
#[must_use]
pub fn pool_cell_at(seats: u8, seat: u8, piece: Piece, frame: super::Frame) -> (i32, i32, u32) {
    Pools::of(seats, frame).cell_at(seat, piece)
}

/// What one picture shows.
pub struct View<'a> {
    /// The position.
    pub position: &'a Position,
    /// Players, turn and details; `header.players` also names the pools.
    pub header: &'a Header,
    /// The latest turn (or the part of it played so far), marked on the table.
    pub turn: Option<TurnMarks>,
    /// For Discord, or for the page (which writes the header itself).
    pub frame: super::Frame,
}

/// Where the latest turn went, in the coordinates of the table as it is now: the mover's
/// pawn path and the stacks it took from. Stacks emptied since are gone from the table,
/// and so from the marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnMarks {
    /// Who played the turn.
    pub seat: Seat,
    /// The spots the pawn stood on, in order (repeats folded).
    pub path: Vec<Spot>,
    /// The stacks a piece was taken from.
    pub taken: Vec<Spot>,
}

impl TurnMarks {
    /// Replays `actions` by `seat` from `start` and follows every marked spot as the table
    /// closes its gaps (an emptied stack's neighbours slide left, an emptied row's rows
    /// below slide up), so the marks land on the stacks as they are drawn now.
    #[must_use]
    pub fn replay(start: &Position, seat: Seat, actions: &[Action]) -> Self {
        /// A marked spot: a pawn's stop or a stack taken from.
        #[derive(Clone, Copy, PartialEq)]
        enum Mark {
            Stop,
            Taken,
        }
        let mut position = start.clone();
        let mut marks: Vec<(Mark, Spot)> = vec![(Mark::Stop, start.pawn(seat))];
        for action in actions {
            let before = position.clone();
            if position.play(action).is_err() {
                break;
            }
            if *action == Action::Take {
                let (row, stack) = before.pawn(seat);
                let stacks = before.rows()[row].len();
                if before.rows()[row][stack].len() == 1 {
                    // The stack is gone: forget its marks, slide the others as the table does.
                    marks.retain(|&(_, spot)| spot != (row, stack));
                    for (_, spot) in &mut marks {
                        if stacks == 1 && spot.0 > row {
                            spot.0 -= 1;
                        } else if spot.0 == row && spot.1 > stack {
                            spot.1 -= 1;
                        }
                    }
                } else {
                    marks.push((Mark::Taken, (row, stack)));
                }
            }
            if !position.has_left(seat) {
                marks.push((Mark::Stop, position.pawn(seat)));
            }
        }
        let mut path: Vec<Spot> = Vec::new();
        for &(mark, spot) in &marks {
            if mark == Mark::Stop && path.last() != Some(&spot) {
                path.push(spot);
            }
        }
        let mut taken: Vec<Spot> = Vec::new();
        for &(mark, spot) in &marks {
            if mark == Mark::Taken && !taken.contains(&spot) {
                taken.push(spot);
            }
        }
        Self { seat, path, taken }
    }
}

/// Each seat's colour (face, rim): red, blue, green, yellow, apart in hue and lightness.
pub const SEAT_COLOURS: [(Colour, Colour); 4] = [
    ([0xe0, 0x4f, 0x45], [0x6e, 0x16, 0x12]),
    ([0x4a, 0x8c, 0xe6], [0x12, 0x33, 0x66]),
    ([0x4c, 0xb8, 0x5a], [0x14, 0x4d, 0x1d]),
    ([0xf4, 0xcc, 0x3a], [0x6b, 0x52, 0x06]),
];

fn mix(a: Colour, b: Colour, t: f32) -> Colour {
    let t = t.clamp(0.0, 1.0);
    [0, 1, 2].map(|i| (f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * t) as u8)
}

/// The puzzle's picture at `(u, v)`, both 0..1 from the top left.
#[must_use]
pub fn scene(u: f32, v: f32) -> Colour {
    let dist = |x: f32, y: f32| ((u - x) * (u - x) * 2.25 + (v - y) * (v - y)).sqrt();
    // Sun, clouds and sky.
    let sun = dist(0.80, 0.15);
    let ridge =
        0.42 - 0.16 * (1.0 - ((u * 3.2).fract() - 0.5).abs() * 2.0) - 0.04 * (u * 11.0).sin();
    let hill = 0.58 + 0.04 * (u * 7.0 + 1.0).sin();
    if v < ridge {
        if sun < 0.08 {
            return [0xff, 0xe0, 0x5a];
        }
        for (x, y, r) in [
            (0.18, 0.10, 0.06),
            (0.26, 0.12, 0.05),
            (0.45, 0.22, 0.045),
            (0.52, 0.21, 0.04),
        ] {
            if dist(x, y) < r {
                return mix(
                    [0xff, 0xff, 0xff],
                    [0xd8, 0xe4, 0xf0],
                    (v - y + r) / (2.0 * r),
                );
            }
        }
        let sky = mix([0x1f, 0x4e, 0x9c], [0xa8, 0xd4, 0xf0], v / 0.45);
        return mix(sky, [0xff, 0xf0, 0xb0], 0.6 - sun * 3.0);
    }
    if v < hill {
        // Mountains, snow above a line, darker on the shaded (left) faces.
        let face = ((u * 3.2).fract() < 0.5) as u8 as f32;
        if v < ridge + 0.05 && v < 0.34 {
            return mix([0xf4, 0xf6, 0xfa], [0xc9, 0xd2, 0xe0], face);
        }
        let rock = mix([0x7d, 0x74, 0x9a], [0x55, 0x4e, 0x73], face);
        return mix(rock, [0x4a, 0x6b, 0x4f], (v - ridge) / (hill - ridge));
    }
    // The lake, with a reflection of the sky.
    let lake = ((u - 0.28) / 0.2).powi(2) + ((v - 0.74) / 0.08).powi(2);
    if lake < 1.0 {
        return mix([0x3c, 0x8d, 0xc8], [0x1c, 0x4f, 0x8a], (v - 0.66) / 0.16);
    }
    // A house with a red roof.
    if (0.56..0.68).contains(&u) && (0.64..0.74).contains(&v) {
        if (0.605..0.635).contains(&u) && v > 0.69 {
            return [0x5a, 0x36, 0x1c];
        }
        return [0xf0, 0xe2, 0xc0];
    }
    let roof = 0.64 - (0.07 - (u - 0.62).abs());
    if (0.545..0.695).contains(&u) && v >= roof && v < 0.64 {
        return [0xb8, 0x32, 0x2a];
    }
    // A tree.
    if dist(0.84, 0.66) < 0.075 {
        return mix([0x2e, 0x7d, 0x32], [0x1b, 0x4d, 0x20], (v - 0.59) / 0.15);
    }
    if (0.83..0.85).contains(&u) && (0.66..0.8).contains(&v) {
        return [0x6d, 0x43, 0x22];
    }
    // A winding path, then the meadow with flowers.
    let path = 0.62 + 0.05 * ((v - 0.74) * 14.0).sin() - (v - 0.74) * 0.9;
    if v > 0.74 && (u - path).abs() < 0.02 + (v - 0.74) * 0.08 {
        return [0xc9, 0xa4, 0x6c];
    }
    let grid = ((u * 48.0).floor() * 7.0 + (v * 32.0).floor() * 13.0) as u32 % 17;
    let cell = ((u * 48.0).fract() - 0.5).hypot((v * 32.0).fract() - 0.5);
    if v > 0.8 && grid < 3 && cell < 0.18 {
        return [[0xf4, 0x5d, 0x8a], [0xff, 0xd1, 0x3b], [0xf4, 0xf4, 0xf4]][grid as usize];
    }
    mix(
        [0x6f, 0xb0, 0x4a],
        [0xa7, 0xc8, 0x3a],
        (v - 0.6) / 0.4 + 0.2 * (u * 5.0).sin(),
    )
}

/// The whole picture at `side` pixels per piece (the table's or a pool's), painted once
/// per size: pixels by nature, also in an SVG board (where it is embedded as an image).
fn picture(side: u32) -> &'static Canvas {
    /// Every side drawn: the table's pieces, Discord's pools, the page's pools.
    const SIDES: [u32; 5] = [
        P,
        POOL_CELLS[0],
        POOL_CELLS[1],
        POOL_CELLS[2],
        BOARD_POOL_CELL,
    ];
    static PICTURES: [OnceLock<Canvas>; SIDES.len()] = [const { OnceLock::new() }; SIDES.len()];
    let index = SIDES.iter().position(|&s| s == side).unwrap_or(0);
    PICTURES[index].get_or_init(|| {
        vector::pixels(|| {
            let (w, h) = (u32::from(COLUMNS) * side, u32::from(ROWS) * side);
            let mut canvas = Canvas::new(w, h, [0, 0, 0]);
            for y in 0..h {
                for x in 0..w {
                    let colour = scene((x as f32 + 0.5) / w as f32, (y as f32 + 0.5) / h as f32);
                    // Flat bands of colour, as a printed illustration has: runs that the
                    // encoder's palette and deflate take in long strides.
                    let colour = colour.map(|c| (c & 0xf0) | 0x08);
                    canvas.blend(x as i32, y as i32, colour, 255);
                }
            }
            canvas
        })
    })
}

/// Whether the edge below row `row` of column `column` has its tab on the upper piece
/// (pointing down), else on the lower one; likewise right of a column. A fixed hash, so
/// the pieces fit each other and never change.
fn tab_out(column: u8, row: u8, vertical: bool) -> bool {
    let h = (u32::from(column) * 73 + u32::from(row) * 151 + u32::from(vertical) * 29)
        .wrapping_mul(2_654_435_761);
    h >> 31 == 1
}

/// The signed distance (in piece units, negative inside) of a jigsaw piece's outline at
/// `(u, v)`, the piece's square being 0..1.
fn piece_distance(piece: Piece, u: f32, v: f32) -> f32 {
    let (column, row) = (piece % COLUMNS, piece / COLUMNS);
    let mut d = ((u - 0.5).abs() - 0.5).max((v - 0.5).abs() - 0.5);
    const R: f32 = 0.14;
    const OFF: f32 = 0.1;
    // (exists, tab is ours, centre outward) for top, bottom, left, right.
    let edges = [
        (
            row > 0,
            row > 0 && !tab_out(column, row.wrapping_sub(1), false),
            (0.5, -OFF),
            (0.5, OFF),
        ),
        (
            row + 1 < ROWS,
            tab_out(column, row, false),
            (0.5, 1.0 + OFF),
            (0.5, 1.0 - OFF),
        ),
        (
            column > 0,
            column > 0 && !tab_out(column.wrapping_sub(1), row, true),
            (-OFF, 0.5),
            (OFF, 0.5),
        ),
        (
            column + 1 < COLUMNS,
            tab_out(column, row, true),
            (1.0 + OFF, 0.5),
            (1.0 - OFF, 0.5),
        ),
    ];
    for (exists, ours, out, inward) in edges {
        if !exists {
            continue;
        }
        if ours {
            d = d.min((u - out.0).hypot(v - out.1) - R);
        } else {
            d = d.max(R - (u - inward.0).hypot(v - inward.1));
        }
    }
    d
}

/// A face-up piece as a jigsaw piece cut from the big picture, drawn once per piece.
fn piece_sprite(piece: Piece) -> Arc<Canvas> {
    static PIECES_CACHE: SpriteCache = SpriteCache::new();
    PIECES_CACHE.get(u64::from(piece), || {
        vector::pixels(|| {
            let big = picture(P);
            let size = P + 2 * TAB;
            let mut sprite = Canvas::transparent(size, size);
            let (column, row) = (u32::from(piece % COLUMNS), u32::from(piece / COLUMNS));
            for y in 0..size {
                for x in 0..size {
                    let (u, v) = (
                        (x as f32 + 0.5 - TAB as f32) / P as f32,
                        (y as f32 + 0.5 - TAB as f32) / P as f32,
                    );
                    let d = piece_distance(piece, u, v) * P as f32;
                    let cover = (0.5 - d).clamp(0.0, 1.0);
                    if cover <= 0.0 {
                        continue;
                    }
                    let gx = (column * P + x).saturating_sub(TAB).min(big.width() - 1);
                    let gy = (row * P + y).saturating_sub(TAB).min(big.height() - 1);
                    let mut colour = big.pixel(gx, gy);
                    if d > -1.6 {
                        colour = mix(colour, [0x20, 0x18, 0x10], 0.75);
                    }
                    sprite.blend(x as i32, y as i32, colour, (cover * 255.0) as u32);
                }
            }
            sprite
        })
    })
}

/// The table's cloth and an empty pool grid per seat, drawn once per number of seats.
fn background(seats: u8, frame: super::Frame) -> &'static Canvas {
    static BACKGROUNDS: [Backdrop; 6] = [const { Backdrop::new() }; 6];
    let seats = seats.clamp(2, 4);
    let pools = Pools::of(seats, frame);
    let index = usize::from(seats - 2) + if frame.panels() { 0 } else { 3 };
    BACKGROUNDS[index].get(|| {
        let mut canvas = super::empty_picture(pools.height());
        canvas.fill_rect(
            (TABLE_LEFT - 12.0) as i32,
            (TABLE_TOP - 12.0) as i32,
            (4.0 * PITCH + 10.0) as i32,
            (3.0 * PITCH + 10.0) as i32,
            [0x3a, 0x4a, 0x3a],
        );
        let cell = pools.cell as i32;
        for seat in 0..seats {
            let (x, y) = pools.corner(seat);
            let (w, h) = (i32::from(COLUMNS) * cell, i32::from(ROWS) * cell);
            canvas.fill_rect(x - 2, y - 2, w + 4, h + 4, [0x1e, 0x26, 0x1e]);
            for piece in 0..PIECES {
                let (x, y, _) = pools.cell_at(seat, piece);
                canvas.fill_rect(x + 1, y + 1, cell - 2, cell - 2, EMPTY_CELL);
            }
        }
        canvas
    })
}

/// The width of a fragment's outline in a pool: 3 px is 1.5 on a phone, still a line.
const OUTLINE: i32 = 3;
/// The size of each player's details under their name (pieces, fragments).
const DETAILS_SIZE: f32 = 20.0;
/// The size of a player's name over their pool.
const POOL_NAME_SIZE: f32 = 19.0;

/// An empty cell of a pool grid.
const EMPTY_CELL: Colour = [0x33, 0x40, 0x33];

fn slot_corner(row: usize, stack: usize) -> Point {
    Point::new(
        TABLE_LEFT + stack as f32 * PITCH,
        TABLE_TOP + row as f32 * PITCH,
    )
}

/// A stack: the backs of the pieces under the top one, the face-up piece, its height.
fn draw_stack(canvas: &mut Canvas, at: Point, stack: &[Piece]) {
    let under = stack.len().saturating_sub(1).min(3);
    for i in (1..=under).rev() {
        let o = i as f32 * 4.0;
        canvas.fill_rect(
            (at.x + TAB as f32 + o) as i32,
            (at.y + TAB as f32 + o) as i32,
            P as i32,
            P as i32,
            mix([0x8a, 0x6d, 0x45], [0x5c, 0x47, 0x2b], i as f32 / 3.0),
        );
    }
    if let Some(&top) = stack.last() {
        canvas.stamp(&piece_sprite(top), at.x as i32, at.y as i32);
    }
    // The height on a light square tag: pawns are round and coloured, so the two never
    // look alike, even on a phone.
    let tag = Point::new(at.x + SLOT - 10.0, at.y + SLOT - 10.0);
    let (sprite, centre) = height_tag(stack.len());
    canvas.stamp_at(&sprite, centre, tag);
}

/// The tag with a stack's height, drawn once per height and stamped (slots sit on whole
/// pixels, so a stamp lands exactly where the drawing would), and its centre in it.
fn height_tag(height: usize) -> (Arc<Canvas>, Point) {
    static TAGS: SpriteCache = SpriteCache::new();
    let centre = Point::new(14.0, 14.0);
    let sprite = TAGS.get(height as u64, || {
        let mut sprite = Canvas::transparent(28, 28);
        sprite.fill_convex(&square(centre, 24.0), [0x22, 0x26, 0x2b], 1.0);
        sprite.fill_convex(&square(centre, 20.0), PALETTE.header_text, 1.0);
        sprite.text_centred(
            centre,
            17.0,
            &fonts().bold,
            [0x22, 0x26, 0x2b],
            &height.to_string(),
        );
        sprite
    });
    (sprite, centre)
}

/// The centre of the slot at `spot`.
fn slot_centre((row, stack): Spot) -> Point {
    let c = slot_corner(row, stack);
    Point::new(c.x + SLOT / 2.0, c.y + SLOT / 2.0)
}

/// A frame in the latest turn's player's colour round each stack taken from, under the
/// stacks (their height tags stay on top).
fn draw_taken(canvas: &mut Canvas, marks: &TurnMarks) {
    let (frame, centre) = taken_frame(marks.seat.index() % 4);
    for &spot in &marks.taken {
        canvas.stamp_at(&frame, centre, slot_centre(spot));
    }
}

/// The frame round a stack taken from, in a seat's colours: drawn once per seat and
/// stamped, as a stroke costs a distance per pixel of its band. Its centre in it.
fn taken_frame(seat: usize) -> (Arc<Canvas>, Point) {
    static FRAMES: SpriteCache = SpriteCache::new();
    let side = P as f32 + 16.0;
    let size = side as u32 + 4;
    let centre = Point::new(size as f32 / 2.0, size as f32 / 2.0);
    let sprite = FRAMES.get(seat as u64, || {
        let mut sprite = Canvas::transparent(size, size);
        let frame = square(centre, side);
        let (face, rim) = SEAT_COLOURS[seat];
        sprite.stroke_convex(&frame, 7.0, rim);
        sprite.stroke_convex(&frame, 4.5, face);
        sprite
    });
    (sprite, centre)
}

/// The latest turn's pawn path in its player's colour, from slot to slot, with an
/// arrowhead where it stopped.
fn draw_path(canvas: &mut Canvas, marks: &TurnMarks) {
    let (face, rim) = SEAT_COLOURS[marks.seat.index() % 4];
    let points: Vec<Point> = marks.path.iter().map(|&s| slot_centre(s)).collect();
    let Some((&end, rest)) = points.split_last() else {
        return;
    };
    for pair in points.windows(2).take(rest.len().saturating_sub(1)) {
        canvas.line(pair[0], pair[1], 8.0, rim, 0.9);
        canvas.line(pair[0], pair[1], 5.0, face, 1.0);
    }
    if let Some(&before) = rest.last() {
        // Stop short of the centre: the pawn sits in a corner, the stack's face stays seen.
        let (dx, dy) = (end.x - before.x, end.y - before.y);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let tip = Point::new(end.x - dx / len * 22.0, end.y - dy / len * 22.0);
        canvas.arrow(before, tip, 8.0, rim, 0.9);
        canvas.arrow(before, tip, 5.0, face, 1.0);
    }
}

/// The pawns on one stack, each in its own corner of the slot so they never cover each
/// other.
fn draw_pawn(canvas: &mut Canvas, at: Point, seat: usize, to_move: bool) {
    let offsets = [
        (10.0, 10.0),
        (SLOT - 10.0, 10.0),
        (SLOT - 10.0, SLOT - 30.0),
        (10.0, SLOT - 30.0),
    ];
    let (dx, dy) = offsets[seat % 4];
    let (sprite, centre) = pawn(seat % 4, to_move);
    canvas.stamp_at(&sprite, centre, Point::new(at.x + dx, at.y + dy));
}

/// A pawn (ringed when it is to move), drawn once and stamped: its slots' corners sit on
/// whole pixels, so a stamp lands where the drawing would. Its centre in it.
fn pawn(seat: usize, to_move: bool) -> (Arc<Canvas>, Point) {
    static PAWNS: SpriteCache = SpriteCache::new();
    let centre = Point::new(18.0, 18.0);
    let sprite = PAWNS.get(seat as u64 * 2 + u64::from(to_move), || {
        let mut sprite = Canvas::transparent(36, 36);
        let (face, rim) = SEAT_COLOURS[seat];
        if to_move {
            sprite.fill_ellipse(centre, 16.0, 16.0, PALETTE.to, 1.0);
        }
        sprite.fill_ellipse(centre, 12.5, 12.5, rim, 1.0);
        sprite.fill_ellipse(centre, 10.5, 10.5, face, 1.0);
        sprite.text_centred(centre, 13.0, &fonts().bold, rim, &(seat + 1).to_string());
        sprite
    });
    (sprite, centre)
}

/// A seat's disc of radius `r` (whole pixels), beside its name and score: drawn once per
/// seat and size and stamped. Its centre in it.
fn seat_disc(seat: usize, r: u32) -> (Arc<Canvas>, Point) {
    static DISCS: SpriteCache = SpriteCache::new();
    let centre = Point::new(r as f32 + 2.0, r as f32 + 2.0);
    let sprite = DISCS.get(seat as u64 * 64 + u64::from(r), || {
        let mut sprite = Canvas::transparent(2 * r + 4, 2 * r + 4);
        let (face, rim) = SEAT_COLOURS[seat];
        sprite.fill_ellipse(centre, r as f32, r as f32, rim, 1.0);
        sprite.fill_ellipse(centre, r as f32 - 1.5, r as f32 - 1.5, face, 1.0);
        sprite
    });
    (sprite, centre)
}

/// A pool: the pieces held, in place on the picture's grid, each fragment outlined
/// ([`OUTLINE`] px, so the outline stays a clear line on a phone).
fn draw_pool(canvas: &mut Canvas, pools: Pools, seat: u8, pool: u128) {
    let cell = pools.cell;
    let small = picture(cell);
    let held = |c: i32, r: i32| {
        (0..i32::from(COLUMNS)).contains(&c)
            && (0..i32::from(ROWS)).contains(&r)
            && pool & (1 << (r * i32::from(COLUMNS) + c)) != 0
    };
    let edge = [0xf4, 0xf1, 0xea];
    let s = cell as i32;
    for piece in 0..PIECES {
        let (c, r) = (i32::from(piece % COLUMNS), i32::from(piece / COLUMNS));
        if !held(c, r) {
            continue;
        }
        let (x, y, _) = pools.cell_at(seat, piece);
        canvas.copy_block(
            small,
            (c as u32 * cell, r as u32 * cell),
            (x, y),
            (cell, cell),
        );
        // A fragment's outline: every side not shared with another held piece.
        for (dc, dr, rect) in [
            (0, -1, (x, y, s, OUTLINE)),
            (0, 1, (x, y + s - OUTLINE, s, OUTLINE)),
            (-1, 0, (x, y, OUTLINE, s)),
            (1, 0, (x + s - OUTLINE, y, OUTLINE, s)),
        ] {
            if !held(c + dc, r + dr) {
                canvas.fill_rect(rect.0, rect.1, rect.2, rect.3, edge);
            }
        }
    }
}

/// What the picture's panel says of `seat`: its score (none once it left), and its pieces
/// with their largest fragments, which decide the score (or that it left). The page says
/// the same beside the player's name.
#[must_use]
pub fn seat_words(position: &Position, seat: Seat, lang: Lang) -> (Option<String>, String) {
    if position.has_left(seat) {
        return (None, i18n::text(lang, "skakanie-left-game"));
    }
    let score = i18n::text_with(
        lang,
        "skakanie-score",
        &[("score", i64::from(position.score(seat)).into())],
    );
    let sizes = position.fragments(seat);
    let pieces: u32 = sizes.iter().sum();
    let shown: Vec<String> = sizes.iter().take(4).map(u32::to_string).collect();
    let more = if sizes.len() > 4 { "…" } else { "" };
    let details = if sizes.is_empty() {
        i18n::text(lang, "skakanie-no-pieces")
    } else {
        i18n::text_with(
            lang,
            "skakanie-pieces",
            &[
                ("count", pieces.into()),
                ("parts", format!("{}{more}", shown.join(" ")).into()),
            ],
        )
    };
    (Some(score), details)
}

/// Draws the picture.
#[must_use]
pub fn draw(view: &View<'_>) -> Canvas {
    let position = view.position;
    let fonts = fonts();
    let mut canvas = Canvas::over(background(position.options().players, view.frame));
    let over = position.is_over();
    let stacks = position.stack_count();
    let lang = view.header.lang;
    let title = if position.last_round() && !over {
        i18n::text_with(
            lang,
            "skakanie-stacks-left-last-round",
            &[("count", stacks.into())],
        )
    } else {
        i18n::text_with(
            lang,
            "skakanie-stacks-left",
            &[("count", stacks.into()), ("round", position.round().into())],
        )
    };
    canvas.text(
        Point::new(TABLE_LEFT - 10.0, HEADER as f32 + 10.0),
        18.0,
        &fonts.bold,
        PALETTE.header_text,
        &title,
    );
    if let Some(marks) = &view.turn {
        draw_taken(&mut canvas, marks);
    }
    for (r, row) in position.rows().iter().enumerate() {
        for (s, stack) in row.iter().enumerate() {
            draw_stack(&mut canvas, slot_corner(r, s), stack);
        }
    }
    if let Some(marks) = &view.turn {
        draw_path(&mut canvas, marks);
    }
    let to_move = position.to_move();
    for seat in position.active_seats() {
        let (r, s) = position.pawn(seat);
        if position.rows().get(r).is_some_and(|row| s < row.len()) {
            let mine = !over && seat == to_move;
            draw_pawn(&mut canvas, slot_corner(r, s), seat.index(), mine);
        }
    }
    let name = |seat: Seat| {
        view.header
            .players
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| {
                i18n::text_with(lang, "skakanie-player", &[("number", (seat.0 + 1).into())])
            })
    };
    let seats = position.options().players;
    if view.frame.panels() {
        draw_panel(&mut canvas, position, lang, &name);
    }
    let pools = Pools::of(seats, view.frame);
    for seat in (0..seats).map(Seat) {
        // The pool, named over its grid.
        let (x, y) = pools.corner(seat.0);
        let top = (y - POOL_NAME as i32) as f32;
        let width = (u32::from(COLUMNS) * pools.cell) as f32;
        draw_disc(&mut canvas, seat, Point::new(x as f32 + 7.0, top + 11.0), 7);
        canvas.text(
            Point::new(x as f32 + 20.0, top - 1.0),
            POOL_NAME_SIZE,
            &fonts.bold,
            PALETTE.header_text,
            &fit_text(POOL_NAME_SIZE, &fonts.bold, &name(seat), width - 20.0),
        );
        draw_pool(&mut canvas, pools, seat.0, position.pool(seat));
    }
    if view.frame.panels() {
        draw_header(&mut canvas, view.header, &SEAT_COLOURS);
    }
    canvas
}

/// A seat's disc, centred on `at`.
fn draw_disc(canvas: &mut Canvas, seat: Seat, at: Point, r: u32) {
    let (sprite, centre) = seat_disc(seat.index() % 4, r);
    canvas.stamp_at(&sprite, centre, at);
}

/// Discord's column beside the table: whose turn it is and how many actions are left, then
/// each player's score and fragments. The page says the same around its board.
fn draw_panel(canvas: &mut Canvas, position: &Position, lang: Lang, name: &dyn Fn(Seat) -> String) {
    let fonts = fonts();
    let over = position.is_over();
    let to_move = position.to_move();
    // The panel's width, whatever the language: a smaller size first; then, if still too
    // long, the player's name is cut (never the words about the turn).
    let room = WIDTH as f32 - (PANEL_LEFT + 24.0) - 8.0;
    let turn_line = |who: &str| {
        if over {
            i18n::text(lang, "skakanie-over")
        } else {
            i18n::text_with(
                lang,
                "skakanie-actions-left",
                &[
                    ("who", who.into()),
                    ("count", position.actions_left().into()),
                ],
            )
        }
    };
    let full = turn_line(&name(to_move));
    let size = fitting_size(19.0, 14.0, &fonts.bold, &full, room);
    let line = if text_width(size, &fonts.bold, &full) <= room {
        full
    } else {
        let words = text_width(size, &fonts.bold, &turn_line(""));
        let who = fit_text(size, &fonts.bold, &name(to_move), (room - words).max(40.0));
        fit_text(size, &fonts.bold, &turn_line(&who), room)
    };
    let y = HEADER as f32 + 10.0;
    if !over {
        draw_disc(canvas, to_move, Point::new(PANEL_LEFT + 8.0, y + 11.0), 9);
    }
    canvas.text(
        Point::new(PANEL_LEFT + 24.0, y + (19.0 - size) / 2.0),
        size,
        &fonts.bold,
        PALETTE.to,
        &line,
    );
    let seats = position.options().players;
    for seat in (0..seats).map(Seat) {
        // Each player's score and fragments, in the column beside the table.
        let top = SCORE_TOP + f32::from(seat.0) * SCORE_PITCH;
        draw_disc(canvas, seat, Point::new(PANEL_LEFT + 8.0, top + 12.0), 8);
        let label = fit_text(18.0, &fonts.bold, &name(seat), 170.0);
        canvas.text(
            Point::new(PANEL_LEFT + 24.0, top),
            18.0,
            &fonts.bold,
            PALETTE.header_text,
            &label,
        );
        let (score, details) = seat_words(position, seat, lang);
        if let Some(score) = score {
            let width = text_width(20.0, &fonts.bold, &score);
            canvas.text(
                Point::new(WIDTH as f32 - 14.0 - width, top - 1.0),
                20.0,
                &fonts.bold,
                PALETTE.header_text,
                &score,
            );
        }
        // 20 px, white: 10 px and still legible on a phone, where the picture is halved.
        canvas.text(
            Point::new(PANEL_LEFT + 24.0, top + 29.0),
            DETAILS_SIZE,
            &fonts.regular,
            PALETTE.header_text,
            &fit_text(
                DETAILS_SIZE,
                &fonts.regular,
                &details,
                WIDTH as f32 - 38.0 - PANEL_LEFT,
            ),
        );
    }
}
