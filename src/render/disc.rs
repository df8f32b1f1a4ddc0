//! A piece seen slightly from the side: a disc with a visible rim, so stacks show every
//! piece as a layer. Shared by the stacking games' drawers.

use super::canvas::{Canvas, Colour, Point};
use super::theme::fonts;

/// The colours of one side's discs.
#[derive(Clone, Copy, Debug)]
pub struct DiscLook {
    /// The top face.
    pub face: Colour,
    /// The rim (the disc's side).
    pub rim: Colour,
    /// The thin outline that separates stacked discs.
    pub outline: Colour,
    /// Letters and rings on the face.
    pub ink: Colour,
}

/// A disc's shape: half-width, half-height of its face, height of its side, width of its
/// outline.
#[derive(Clone, Copy, Debug)]
pub struct DiscShape {
    /// Half the face's width.
    pub rx: f32,
    /// Half the face's height (the tilt).
    pub ry: f32,
    /// The side's height.
    pub side: f32,
    /// The outline's width under the side: what keeps the discs of a stack apart. A thin
    /// layer of a tall stack needs a thinner one, or the outline would be all it shows.
    pub outline: f32,
}

/// The usual outline: 1.5 px keeps the discs of a stack apart on a picture shown 400 px
/// wide.
pub const OUTLINE: f32 = 1.5;

/// Draws a disc whose top face is centred on `top`: a `ring` on the face (Jumpers'
/// crawlers) and a `letter` (a piece's type) if given.
pub fn draw_disc(
    canvas: &mut Canvas,
    top: Point,
    shape: DiscShape,
    look: DiscLook,
    ring: bool,
    letter: Option<(&str, f32)>,
) {
    let DiscShape {
        rx,
        ry,
        side: t,
        outline,
    } = shape;
    let below = Point::new(top.x, top.y + t);
    let body = |grow: f32| {
        [
            Point::new(top.x - rx - grow, top.y),
            Point::new(top.x + rx + grow, top.y),
            Point::new(top.x + rx + grow, below.y),
            Point::new(top.x - rx - grow, below.y),
        ]
    };
    canvas.fill_ellipse(below, rx + outline, ry + outline, look.outline, 1.0);
    canvas.fill_convex(&body(outline), look.outline, 1.0);
    canvas.fill_ellipse(below, rx, ry, look.rim, 1.0);
    canvas.fill_convex(&body(0.0), look.rim, 1.0);
    canvas.fill_ellipse(top, rx, ry, look.face, 1.0);
    canvas.stroke_ellipse(top, rx, ry, 1.6, look.outline);
    if ring {
        canvas.stroke_ellipse(top, rx * 0.78, ry * 0.74, 2.4, look.ink);
    }
    if let Some((text, size)) = letter {
        canvas.text_centred(top, size, &fonts().bold, look.ink, text);
    }
}
