//! The Gygès picture: the 6 × 6 board between the two goals, each piece seen from above as
//! one, two or three wooden rings (as the real pieces look), the row each side may move from
//! marked by a tab in its colour, the last move drawn along the path it took with every
//! bounce numbered, and, while pieces are being placed, each side's pieces still in hand.

use crate::games::gyges::{Move, Path, Point as PathPoint, Position, Side, Square, Target};
use crate::i18n::{self, Lang};

use super::canvas::{Backdrop, Canvas, Colour, Point, SpriteCache};
use super::theme::{fonts, label_on, HEADER, PALETTE};
use super::{draw_header, Header};

/// A square's side in pixels.
const S: f32 = 64.0;
const BOARD_LEFT: f32 = 112.0;
const GOAL_HEIGHT: f32 = 44.0;
const NORTH_GOAL_TOP: f32 = HEADER as f32 + 14.0;
const BOARD_TOP: f32 = NORTH_GOAL_TOP + GOAL_HEIGHT + 8.0;
const BOARD_BOTTOM: f32 = BOARD_TOP + 6.0 * S;
const SOUTH_GOAL_TOP: f32 = BOARD_BOTTOM + 24.0;
/// The picture's height: header, north goal, board, file letters, south goal.
pub const HEIGHT: u32 = (SOUTH_GOAL_TOP + GOAL_HEIGHT + 14.0) as u32;
/// The board between its goals, with its coordinates and the row tabs beside it: what the
/// page shows (the hands and the legend are the page's own words). Centred on the board's
/// columns, so a turned board keeps it.
pub const BOARD_AREA: super::spots::Area = super::spots::Area {
    x: BOARD_LEFT as u32 - 66,
    y: HEADER + 10,
    width: 6 * S as u32 + 132,
    height: HEIGHT - HEADER - 10,
};
/// The seat drawn at the bottom: South, the first to move.
pub const BOTTOM_SEAT: usize = 0;
/// Where the side panel (hands, legend) starts.
const PANEL_LEFT: f32 = BOARD_LEFT + 6.0 * S + 64.0;
/// A piece in hand's radius.
const HAND_RADIUS: f32 = 16.5;

/// What one picture shows.
pub struct View<'a> {
    /// The position.
    pub position: &'a Position,
    /// The last move, if any.
    pub last: Option<Move>,
    /// The path the last move took, when known (a position given as text only knows the
    /// move, and gets a straight arrow).
    pub path: Option<Path>,
    /// Players, turn and details.
    pub header: &'a Header,
    /// For Discord, or for the page (and turned?).
    pub frame: super::Frame,
}

const LIGHT_SQUARE: Colour = [0xe6, 0xd3, 0xa8];
const DARK_SQUARE: Colour = [0xd2, 0xb9, 0x85];
/// The pieces: pale wood with dark grooves.
const WOOD: Colour = [0xf0, 0xd9, 0xa6];
const WOOD_EDGE: Colour = [0x5e, 0x3d, 0x1c];
const GROOVE: Colour = [0x8a, 0x5a, 0x2b];
/// The path of the last move and its bounce badges.
const PATH: Colour = [0xc2, 0x3b, 0x22];
/// The displaced piece's way to its new square.
const DROP: Colour = [0x1f, 0x5f, 0xa8];

/// Each side's colour (face, outline): South light, North dark, as in the other games.
fn side_colours(side: Side) -> (Colour, Colour) {
    match side {
        Side::South => (PALETTE.light_piece, PALETTE.light_rim),
        Side::North => (PALETTE.dark_piece, PALETTE.dark_rim),
    }
}

/// The column and row (from the top left) where file `file` and row `row` are drawn:
/// South's row 1 at the bottom, or, `turned`, at the top.
fn column_row(file: u8, row: u8, turned: bool) -> (u8, u8) {
    if turned {
        (5 - file, row)
    } else {
        (file, 5 - row)
    }
}

fn corner(square: Square, turned: bool) -> Point {
    let (column, row) = column_row(square.file(), square.row(), turned);
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

/// Whether the goal `side` aims for is drawn at the top: South's, unless `turned`.
fn aims_up(side: Side, turned: bool) -> bool {
    (side == Side::South) != turned
}

/// The top of the goal `side` aims for.
fn goal_top(side: Side, turned: bool) -> f32 {
    if aims_up(side, turned) {
        NORTH_GOAL_TOP
    } else {
        SOUTH_GOAL_TOP
    }
}

/// Where a path enters a goal: the goal band beyond the square it left from.
fn goal_point(side: Side, from: Square, turned: bool) -> Point {
    Point::new(
        centre_on(from, turned).x,
        goal_top(side, turned) + GOAL_HEIGHT / 2.0,
    )
}

/// Every square's tap target, and the goal the side to move aims for (`goal`), on a board
/// `turned` or not.
#[must_use]
pub fn spots(position: &Position, turned: bool) -> Vec<super::spots::Spot> {
    let mut spots: Vec<super::spots::Spot> = Square::all()
        .map(|square| super::spots::Spot::around(square.to_string(), centre_on(square, turned), S))
        .collect();
    spots.push(super::spots::Spot {
        name: "goal".into(),
        x: BOARD_LEFT,
        y: goal_top(position.turn(), turned),
        w: 6.0 * S,
        h: GOAL_HEIGHT,
    });
    spots
}

fn fill_square(canvas: &mut Canvas, square: Square, turned: bool, colour: Colour) {
    let c = corner(square, turned);
    canvas.fill_rect(c.x as i32, c.y as i32, S as i32, S as i32, colour);
}

/// A piece from above: a wooden disc with as many grooved rings as its size, near its
/// edge, and its size as a bold digit in the middle: on a phone the rings of a 2 and a 3
/// merge, the digit stays readable.
fn piece_shape(canvas: &mut Canvas, at: Point, size: u8, radius: f32) {
    canvas.fill_ellipse(at, radius + 1.5, radius + 1.5, WOOD_EDGE, 1.0);
    canvas.fill_ellipse(at, radius, radius, WOOD, 1.0);
    let width = (radius * 0.09).max(1.5);
    for ring in 0..size {
        let r = radius * (0.86 - 0.15 * f32::from(ring));
        canvas.stroke_ellipse(at, r, r, width, GROOVE);
    }
    canvas.text_centred(
        at,
        radius * 0.95,
        &fonts().bold,
        WOOD_EDGE,
        &size.to_string(),
    );
}

/// A piece of `size` alone, as an SVG document of its own: the page shows the pieces of a
/// hand with it, the same piece the board draws.
#[must_use]
pub fn piece_svg(size: u8) -> String {
    super::vector::vector(|| {
        let side = 2.0 * (HAND_RADIUS + 4.0).ceil();
        let mut canvas = Canvas::transparent(side as u32, side as u32);
        let at = Point::new(side / 2.0, side / 2.0);
        piece_shape(&mut canvas, at, size, HAND_RADIUS);
        canvas
    })
    .to_svg()
}

/// A piece stamped from a sprite drawn once per process for its size and radius (drawing
/// the rings from shapes on every render would cost most of the render budget).
fn draw_piece(canvas: &mut Canvas, at: Point, size: u8, radius: f32) {
    static PIECES: SpriteCache = SpriteCache::new();
    let side = 2.0 * (radius + 4.0).ceil();
    let anchor = Point::new(side / 2.0, side / 2.0);
    let key = u64::from(radius.to_bits()) << 2 | u64::from(size);
    let sprite = PIECES.get(key, || {
        let mut sprite = Canvas::transparent(side as u32, side as u32);
        piece_shape(&mut sprite, anchor, size, radius);
        sprite
    });
    canvas.stamp_at(&sprite, anchor, at);
}

/// Both goals as bands in their owner's colour (their labels are drawn per picture, by
/// [`draw_goal_labels`], to stay clear of a piece in the goal).
fn draw_goal_bands(canvas: &mut Canvas, turned: bool) {
    for side in [Side::South, Side::North] {
        let (face, rim) = side_colours(side);
        let top = goal_top(side, turned);
        let band = |grow: f32| {
            [
                Point::new(BOARD_LEFT - grow, top - grow),
                Point::new(BOARD_LEFT + 6.0 * S + grow, top - grow),
                Point::new(BOARD_LEFT + 6.0 * S + grow, top + GOAL_HEIGHT + grow),
                Point::new(BOARD_LEFT - grow, top + GOAL_HEIGHT + grow),
            ]
        };
        canvas.fill_convex(&band(2.0), rim, 1.0);
        canvas.fill_convex(&band(0.0), face, 1.0);
    }
}

/// The label of the goal `side` aims for.
#[must_use]
pub fn goal_label(lang: Lang, side: Side) -> String {
    i18n::text_with(
        lang,
        "gyges-goal-label",
        &[("side", i18n::side_name(lang, side.name()).into())],
    )
}

/// Where the label of the goal `side` aims for is centred: the band's middle, or, when a
/// piece stands in that goal at `piece_x`, the middle of the band's other half (a label is
/// narrower than half the band, a piece narrower than a square, so they never meet).
#[must_use]
pub fn goal_label_centre(side: Side, piece_x: Option<f32>, turned: bool) -> Point {
    let middle = BOARD_LEFT + 3.0 * S;
    let x = match piece_x {
        None => middle,
        Some(x) if x < middle => middle + 1.5 * S,
        Some(_) => middle - 1.5 * S,
    };
    Point::new(x, goal_top(side, turned) + GOAL_HEIGHT / 2.0)
}

/// Both goals' labels, clear of the winning piece.
fn draw_goal_labels(canvas: &mut Canvas, lang: Lang, winner: Option<(Side, Point)>, turned: bool) {
    for side in [Side::South, Side::North] {
        let (face, _) = side_colours(side);
        let piece_x = winner.filter(|(w, _)| *w == side).map(|(_, at)| at.x);
        canvas.text_centred(
            goal_label_centre(side, piece_x, turned),
            17.0,
            &fonts().bold,
            label_on(face),
            &goal_label(lang, side),
        );
    }
}

/// Where the winning piece stands in the goal it reached: where its path entered (or at
/// the goal's end when the path is unknown).
fn winner_spot(winner: Side, entry: Option<Square>, turned: bool) -> Point {
    entry.map_or(
        Point::new(
            BOARD_LEFT + 5.4 * S,
            goal_top(winner, turned) + GOAL_HEIGHT / 2.0,
        ),
        |square| goal_point(winner, square, turned),
    )
}

/// A tab beside the row a side may move from: left for the side at the bottom, right for
/// the one at the top.
fn draw_row_tab(canvas: &mut Canvas, lang: Lang, side: Side, row: u8, turned: bool) {
    let (face, rim) = side_colours(side);
    let (_, drawn_row) = column_row(0, row, turned);
    let y = BOARD_TOP + f32::from(drawn_row) * S + S / 2.0;
    let left = aims_up(side, turned);
    let (x0, x1, tip) = match left {
        true => (BOARD_LEFT - 62.0, BOARD_LEFT - 36.0, BOARD_LEFT - 26.0),
        false => (
            BOARD_LEFT + 6.0 * S + 36.0,
            BOARD_LEFT + 6.0 * S + 62.0,
            BOARD_LEFT + 6.0 * S + 26.0,
        ),
    };
    let shape = |grow: f32| match left {
        true => [
            Point::new(x0 - grow, y - 13.0 - grow),
            Point::new(x1, y - 13.0 - grow),
            Point::new(tip + grow, y),
            Point::new(x1, y + 13.0 + grow),
            Point::new(x0 - grow, y + 13.0 + grow),
        ],
        false => [
            Point::new(x1 + grow, y - 13.0 - grow),
            Point::new(x0, y - 13.0 - grow),
            Point::new(tip - grow, y),
            Point::new(x0, y + 13.0 + grow),
            Point::new(x1 + grow, y + 13.0 + grow),
        ],
    };
    canvas.fill_convex(&shape(1.5), rim, 1.0);
    canvas.fill_convex(&shape(0.0), face, 1.0);
    // The side's initial in the picture's language (Ю/С, Pd/Pn), from the catalogue.
    let letter = i18n::text(
        lang,
        match side {
            Side::South => "gyges-tab-south",
            Side::North => "gyges-tab-north",
        },
    );
    canvas.text_centred(
        Point::new((x0 + x1) / 2.0, y),
        16.0,
        &fonts().bold,
        label_on(face),
        &letter,
    );
}

/// The screen points of a path, the goal placed beyond the square it was entered from.
fn path_points(side: Side, path: &[PathPoint], turned: bool) -> Vec<Point> {
    let mut out = Vec::with_capacity(path.len());
    let mut last_square = None;
    for point in path {
        match point {
            PathPoint::Square(square) => {
                out.push(centre_on(*square, turned));
                last_square = Some(*square);
            }
            PathPoint::Goal => {
                if let Some(square) = last_square {
                    out.push(goal_point(side, square, turned));
                }
            }
        }
    }
    out
}

/// The path under the pieces: every step as a line, the last with its head.
fn draw_path(canvas: &mut Canvas, points: &[Point]) {
    let Some((&end, rest)) = points.split_last() else {
        return;
    };
    for pair in points.windows(2).take(rest.len().saturating_sub(1)) {
        canvas.line(pair[0], pair[1], 6.0, PATH, 0.85);
    }
    if let Some(&before) = rest.last() {
        let (dx, dy) = (end.x - before.x, end.y - before.y);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let tip = Point::new(end.x - dx / len * 0.2 * S, end.y - dy / len * 0.2 * S);
        canvas.arrow(before, tip, 6.0, PATH, 0.85);
    }
}

/// A numbered badge in the corner of each square the move bounced on, in order.
fn draw_bounces(canvas: &mut Canvas, bounces: &[Square], turned: bool) {
    for (i, &square) in bounces.iter().enumerate() {
        let c = corner(square, turned);
        // A square bounced on twice gets its second badge lower down.
        let repeat = bounces[..i].iter().filter(|&&s| s == square).count() as f32;
        let badge = Point::new(c.x + S - 11.0, c.y + 11.0 + repeat * 20.0);
        canvas.fill_ellipse(badge, 10.0, 10.0, PATH, 1.0);
        canvas.text_centred(
            badge,
            13.0,
            &fonts().bold,
            PALETTE.light_piece,
            &(i + 1).to_string(),
        );
    }
}

/// While pieces are placed: each side's hand, beside its goal end of the board; once the
/// game is `over` (it can end during placement), what was left unplaced, not whose turn.
fn draw_hands(canvas: &mut Canvas, lang: Lang, position: &Position, over: bool) {
    let label = if over {
        "gyges-unplaced"
    } else {
        "gyges-to-place"
    };
    let fonts = fonts();
    for side in [Side::North, Side::South] {
        let hand = position.hand(side);
        let y = match side {
            Side::North => BOARD_TOP + 0.3 * S,
            Side::South => BOARD_TOP + 4.3 * S,
        };
        canvas.text(
            Point::new(PANEL_LEFT, y),
            17.0,
            &fonts.bold,
            PALETTE.header_text,
            &i18n::text_with(
                lang,
                label,
                &[("side", i18n::side_name(lang, side.name()).into())],
            ),
        );
        // Six pieces at most: the last one's rim ends 30 px before the picture's edge.
        let first = PANEL_LEFT + 8.0;
        let mut x = first;
        for size in 1..=3u8 {
            for _ in 0..hand[usize::from(size - 1)] {
                draw_piece(canvas, Point::new(x, y + 50.0), size, HAND_RADIUS);
                x += 2.0 * HAND_RADIUS + 4.0;
            }
        }
        if x == first {
            canvas.text(
                Point::new(PANEL_LEFT, y + 38.0),
                15.0,
                &fonts.regular,
                PALETTE.header_muted,
                &i18n::text(lang, "gyges-all-placed"),
            );
        }
    }
}

/// Which row `side` moves from (`row`, none when it cannot move), as the legend and the
/// page say it.
#[must_use]
pub fn row_words(lang: Lang, side: Side, row: Option<u8>) -> String {
    let name = i18n::side_name(lang, side.name());
    match row {
        Some(row) => i18n::text_with(
            lang,
            "gyges-moves-from-row",
            &[("side", name.into()), ("row", (row + 1).into())],
        ),
        None => i18n::text_with(lang, "gyges-cannot-move", &[("side", name.into())]),
    }
}

/// The legend once play has begun: which row each side moves from.
fn draw_legend(canvas: &mut Canvas, lang: Lang, rows: &[(Side, Option<u8>)]) {
    let fonts = fonts();
    for (i, (side, row)) in rows.iter().enumerate() {
        let text = row_words(lang, *side, *row);
        canvas.text(
            Point::new(PANEL_LEFT - 20.0, BOARD_TOP + 2.2 * S + i as f32 * 30.0),
            18.0,
            &fonts.regular,
            PALETTE.header_text,
            &text,
        );
    }
}

/// The board, its coordinates and both goals, drawn once per process (and once turned).
fn background(turned: bool) -> &'static Canvas {
    static BACKGROUNDS: [Backdrop; 2] = [Backdrop::new(), Backdrop::new()];
    BACKGROUNDS[usize::from(turned)].get(|| {
        let mut canvas = super::empty_picture(HEIGHT);
        let fonts = fonts();
        for square in Square::all() {
            let light = (square.file() + square.row()) % 2 == 1;
            let colour = if light { LIGHT_SQUARE } else { DARK_SQUARE };
            fill_square(&mut canvas, square, turned, colour);
        }
        for i in 0..6u8 {
            let (column, row) = column_row(i, i, turned);
            canvas.text_centred(
                Point::new(
                    BOARD_LEFT + (f32::from(column) + 0.5) * S,
                    BOARD_BOTTOM + 12.0,
                ),
                15.0,
                &fonts.regular,
                PALETTE.header_muted,
                &char::from(b'a' + i).to_string(),
            );
            canvas.text_centred(
                Point::new(BOARD_LEFT - 14.0, BOARD_TOP + (f32::from(row) + 0.5) * S),
                15.0,
                &fonts.regular,
                PALETTE.header_muted,
                &(i + 1).to_string(),
            );
        }
        draw_goal_bands(&mut canvas, turned);
        canvas
    })
}

/// Draws the picture.
#[must_use]
pub fn draw(view: &View<'_>) -> Canvas {
    let position = view.position;
    let turned = view.frame.turned();
    let mut canvas = Canvas::over(background(turned));
    // The mover of the last move is the side not to move now.
    let mover = position.turn().other();
    let path = view
        .path
        .as_ref()
        .map(|p| p.points.clone())
        .or_else(|| match view.last? {
            Move::Go { from, to, .. } => Some(vec![
                PathPoint::Square(from),
                match to {
                    Target::Square(to) => PathPoint::Square(to),
                    Target::Goal => PathPoint::Goal,
                },
            ]),
            Move::Place { square, .. } => Some(vec![PathPoint::Square(square)]),
            Move::Pass => None,
        });
    let squares: Vec<Square> = path
        .iter()
        .flatten()
        .filter_map(|p| match p {
            PathPoint::Square(s) => Some(*s),
            PathPoint::Goal => None,
        })
        .collect();
    if let (Some(first), Some(last)) = (squares.first(), path.as_ref().and_then(|p| p.last())) {
        fill_square(&mut canvas, *first, turned, PALETTE.from);
        if let PathPoint::Square(end) = last {
            fill_square(&mut canvas, *end, turned, PALETTE.to);
        }
    }
    if let Some(Move::Go {
        drop: Some(drop), ..
    }) = view.last
    {
        fill_square(&mut canvas, drop, turned, [0xb9, 0xd3, 0xee]);
    }
    let entry = match path.as_ref().and_then(|p| p.last()) {
        Some(PathPoint::Goal) => squares.last().copied(),
        _ => None,
    };
    let winner = position
        .in_goal()
        .map(|(side, size)| (side, size, winner_spot(side, entry, turned)));
    let lang = view.header.lang;
    let winner_at = winner.map(|(side, _, at)| (side, at));
    draw_goal_labels(&mut canvas, lang, winner_at, turned);
    if let Some((_, size, at)) = winner {
        draw_piece(&mut canvas, at, size, GOAL_HEIGHT * 0.42);
    }
    if let Some(path) = &path {
        draw_path(&mut canvas, &path_points(mover, path, turned));
    }
    if let Some(Move::Go {
        to: Target::Square(to),
        drop: Some(drop),
        ..
    }) = view.last
    {
        let (to, drop) = (centre_on(to, turned), centre_on(drop, turned));
        canvas.arrow(to, drop, 4.0, DROP, 0.85);
    }
    for square in Square::all() {
        let size = position.size_at(square);
        if size > 0 {
            draw_piece(&mut canvas, centre_on(square, turned), size, 0.36 * S);
        }
    }
    let bounces = view.path.as_ref().map_or(&[][..], |p| &p.bounces[..]);
    draw_bounces(&mut canvas, bounces, turned);
    if position.placing() {
        if view.frame.panels() {
            draw_hands(&mut canvas, lang, position, view.header.to_move.is_none());
        }
    } else {
        let rows: Vec<(Side, Option<u8>)> = [Side::South, Side::North]
            .into_iter()
            .map(|side| (side, position.moving_row(side)))
            .collect();
        if position.in_goal().is_none() {
            for (side, row) in &rows {
                if let Some(row) = row {
                    draw_row_tab(&mut canvas, lang, *side, *row, turned);
                }
            }
            if view.frame.panels() {
                draw_legend(&mut canvas, lang, &rows);
            }
        }
    }
    if view.frame.panels() {
        draw_header(&mut canvas, view.header, &marks());
    }
    canvas
}

/// Each seat's colours (face, rim) where a name is marked: South, North.
#[must_use]
pub fn marks() -> [(Colour, Colour); 2] {
    [Side::South, Side::North].map(side_colours)
}
