//! The drawing kit's second back end: the same drawing calls written down as SVG, so the
//! game pages draw the board in the browser from the very code, colours and sizes that
//! paint the PNG (one theme, no second drawer to drift from the first).
//!
//! A canvas made while [`vector`] runs records its shapes instead of painting pixels
//! ([`super::canvas::Canvas`] holds a [`Trace`]). Sprites and backgrounds become `<defs>`
//! used wherever they are stamped, texts become the fonts' own glyph outlines (so the page
//! needs no font, and a player's name can never be markup), and the few pictures that are
//! pixels by nature (Skakanie's illustration) are embedded as PNG images.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt::Write as _;

use ab_glyph::{Font, FontRef, GlyphId, OutlineCurve, PxScale, ScaleFont};
use base64::Engine as _;
use image::RgbaImage;

use super::canvas::{Colour, Point};
use super::spots::Area;

thread_local! {
    /// Whether canvases made now record SVG ([`vector`]) rather than paint pixels.
    static VECTOR: Cell<bool> = const { Cell::new(false) };
}

/// Restores the mode it was made in when dropped, so a panic inside [`vector`] or
/// [`pixels`] cannot leave the thread drawing the wrong kind of canvas.
struct Mode(bool);

impl Drop for Mode {
    fn drop(&mut self) {
        VECTOR.with(|v| v.set(self.0));
    }
}

fn with_mode<T>(vector: bool, work: impl FnOnce() -> T) -> T {
    let _restore = Mode(VECTOR.with(|v| v.replace(vector)));
    work()
}

/// Runs `work` with every canvas it makes recording SVG: the drawers run unchanged, and
/// the canvas they return gives its picture with [`super::canvas::Canvas::to_svg`].
pub fn vector<T>(work: impl FnOnce() -> T) -> T {
    with_mode(true, work)
}

/// Runs `work` painting pixels even inside [`vector`]: for pictures that are pixels by
/// nature (painted point by point, or sampled from another picture).
pub fn pixels<T>(work: impl FnOnce() -> T) -> T {
    with_mode(false, work)
}

/// Whether canvases made now record SVG.
pub(super) fn recording() -> bool {
    VECTOR.with(Cell::get)
}

/// What a definition in `<defs>` stands for: a glyph of one of the fonts, or a canvas
/// (sprite, background, picture) by its serial number, unique in the process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Def {
    /// Glyph `id` of font number `font` (see [`font_number`]).
    Glyph { font: u8, id: u16 },
    /// A canvas.
    Canvas(u64),
}

impl Def {
    /// Its `id` attribute.
    fn id(self) -> String {
        match self {
            Self::Glyph { font, id } => format!("g{font}-{id}"),
            Self::Canvas(serial) => format!("c{serial}"),
        }
    }
}

/// A canvas's drawing written down: its size, its elements in painting order, and the
/// definitions they use.
#[derive(Clone, Debug)]
pub struct Trace {
    width: u32,
    height: u32,
    body: String,
    defs: BTreeMap<Def, String>,
}

/// A number as SVG writes it: at most two decimals, no trailing zeros.
struct Num(f32);

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rounded = (self.0 * 100.0).round() / 100.0;
        if rounded == rounded.trunc() {
            write!(f, "{}", rounded as i64)
        } else {
            let text = format!("{rounded:.2}");
            f.write_str(text.trim_end_matches('0'))
        }
    }
}

/// A colour as `#rrggbb`.
struct Hex(Colour);

impl std::fmt::Display for Hex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [r, g, b] = self.0;
        write!(f, "#{r:02x}{g:02x}{b:02x}")
    }
}

/// ` fill-opacity="…"` when a shape is translucent.
fn opacity(name: &str, value: f32) -> String {
    if value >= 1.0 {
        String::new()
    } else {
        format!(" {name}=\"{}\"", Num(value.max(0.0)))
    }
}

fn points(points: &[Point]) -> String {
    let mut out = String::new();
    for (i, p) in points.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{},{}", Num(p.x), Num(p.y));
    }
    out
}

/// The number a font is known by in glyph definitions: the theme's three fonts by name,
/// so the same glyph is defined once whichever sprite drew it.
fn font_number(font: &FontRef<'static>) -> u8 {
    let fonts = super::theme::fonts();
    [&fonts.regular, &fonts.bold, &fonts.fallback]
        .iter()
        .position(|f| std::ptr::eq(*f, font))
        .map_or(3, |i| i as u8)
}

/// A glyph's outline as path data in font units (y up, as fonts draw).
fn glyph_path(font: &FontRef<'static>, id: GlyphId) -> String {
    let mut d = String::new();
    let Some(outline) = font.outline(id) else {
        return d;
    };
    let mut pen: Option<ab_glyph::Point> = None;
    for curve in &outline.curves {
        // Each curve: where it starts, its command, the points after the start.
        let (start, command, rest) = match *curve {
            OutlineCurve::Line(a, b) => (a, 'L', vec![b]),
            OutlineCurve::Quad(a, c, b) => (a, 'Q', vec![c, b]),
            OutlineCurve::Cubic(a, c1, c2, b) => (a, 'C', vec![c1, c2, b]),
        };
        if pen != Some(start) {
            let _ = write!(d, "M{} {}", Num(start.x), Num(start.y));
        }
        d.push(command);
        for (i, p) in rest.iter().enumerate() {
            let gap = if i > 0 { " " } else { "" };
            let _ = write!(d, "{gap}{} {}", Num(p.x), Num(p.y));
        }
        pen = rest.last().copied();
    }
    d
}

/// A picture of pixels as a PNG data URL (translucent pixels kept).
pub(super) fn png_data_url(image: &RgbaImage) -> String {
    let mut png = Vec::new();
    // Writing to memory cannot fail for an image of valid dimensions.
    let _ = image.write_with_encoder(image::codecs::png::PngEncoder::new(&mut png));
    format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(png)
    )
}

impl Trace {
    /// An empty drawing of `width` × `height`, with `background` painted over it all.
    pub(super) fn new(width: u32, height: u32, background: Option<Colour>) -> Self {
        let mut body = String::new();
        if let Some(colour) = background {
            let _ = write!(
                body,
                "<rect width=\"{width}\" height=\"{height}\" fill=\"{}\"/>",
                Hex(colour)
            );
        }
        Self {
            width,
            height,
            body,
            defs: BTreeMap::new(),
        }
    }

    /// The drawing's width.
    pub(super) fn width(&self) -> u32 {
        self.width
    }

    /// The drawing's height.
    pub(super) fn height(&self) -> u32 {
        self.height
    }

    /// A rectangle of whole pixels.
    pub(super) fn rect(&mut self, x: i32, y: i32, width: i32, height: i32, colour: Colour) {
        if width > 0 && height > 0 {
            let _ = write!(
                self.body,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{height}\" fill=\"{}\"/>",
                Hex(colour)
            );
        }
    }

    /// A pixel-wide band at opacity `alpha` (0..=255).
    pub(super) fn run(&mut self, y: i32, from: i32, to: i32, colour: Colour, alpha: u32) {
        if to > from && alpha > 0 {
            let _ = write!(
                self.body,
                "<rect x=\"{from}\" y=\"{y}\" width=\"{}\" height=\"1\" fill=\"{}\"{}/>",
                to - from,
                Hex(colour),
                opacity("fill-opacity", alpha as f32 / 255.0)
            );
        }
    }

    /// A filled polygon.
    pub(super) fn polygon(&mut self, at: &[Point], colour: Colour, fill_opacity: f32) {
        let _ = write!(
            self.body,
            "<polygon points=\"{}\" fill=\"{}\"{}/>",
            points(at),
            Hex(colour),
            opacity("fill-opacity", fill_opacity)
        );
    }

    /// A polygon's outline, the stroke centred on `at` (the caller insets it).
    pub(super) fn outline(&mut self, at: &[Point], width: f32, colour: Colour) {
        let _ = write!(
            self.body,
            "<polygon points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
            points(at),
            Hex(colour),
            Num(width)
        );
    }

    /// A filled ellipse.
    pub(super) fn ellipse(&mut self, c: Point, rx: f32, ry: f32, colour: Colour, fill: f32) {
        let _ = write!(
            self.body,
            "<ellipse cx=\"{}\" cy=\"{}\" rx=\"{}\" ry=\"{}\" fill=\"{}\"{}/>",
            Num(c.x),
            Num(c.y),
            Num(rx),
            Num(ry),
            Hex(colour),
            opacity("fill-opacity", fill)
        );
    }

    /// An ellipse's outline, centred on its edge.
    pub(super) fn ring(&mut self, c: Point, rx: f32, ry: f32, width: f32, colour: Colour) {
        let _ = write!(
            self.body,
            "<ellipse cx=\"{}\" cy=\"{}\" rx=\"{}\" ry=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
            Num(c.x),
            Num(c.y),
            Num(rx),
            Num(ry),
            Hex(colour),
            Num(width)
        );
    }

    /// A segment with round ends.
    pub(super) fn line(&mut self, a: Point, b: Point, width: f32, colour: Colour, alpha: f32) {
        let _ = write!(
            self.body,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\"{}/>",
            Num(a.x),
            Num(a.y),
            Num(b.x),
            Num(b.y),
            Hex(colour),
            Num(width),
            opacity("stroke-opacity", alpha)
        );
    }

    /// Starts a text in `colour`: its glyphs follow ([`Self::glyph`]) until [`Self::end_text`].
    pub(super) fn begin_text(&mut self, colour: Colour) {
        let _ = write!(self.body, "<g fill=\"{}\">", Hex(colour));
    }

    /// One glyph of a text, its pen at `(x, baseline)`, `size` pixels high.
    pub(super) fn glyph(
        &mut self,
        font: &FontRef<'static>,
        id: GlyphId,
        size: f32,
        x: f32,
        baseline: f32,
    ) {
        let def = Def::Glyph {
            font: font_number(font),
            id: id.0,
        };
        // A glyph with no outline (a space) is defined as nothing and never used.
        let markup = self.defs.entry(def).or_insert_with(|| {
            let d = glyph_path(font, id);
            if d.is_empty() {
                String::new()
            } else {
                format!("<path id=\"{}\" d=\"{d}\"/>", def.id())
            }
        });
        if markup.is_empty() {
            return;
        }
        let scaled = font.as_scaled(PxScale::from(size));
        let (kx, ky) = (scaled.h_scale_factor(), scaled.v_scale_factor());
        let _ = write!(
            self.body,
            "<use href=\"#{}\" transform=\"matrix({:.5} 0 0 {:.5} {} {})\"/>",
            def.id(),
            kx,
            -ky,
            Num(x),
            Num(baseline)
        );
    }

    /// Ends a text begun with [`Self::begin_text`].
    pub(super) fn end_text(&mut self) {
        self.body.push_str("</g>");
    }

    /// Defines the canvas numbered `serial` (its trace, or its pixels of `width` × `height`
    /// as the PNG data URL `pixels` gives, when it has none) so it can be used, once however
    /// often it is stamped. A drawing is clipped to its size, as a sprite's pixels are.
    pub(super) fn define<'a>(
        &mut self,
        serial: u64,
        trace: Option<&Trace>,
        (width, height): (u32, u32),
        pixels: impl FnOnce() -> &'a str,
    ) {
        let def = Def::Canvas(serial);
        if self.defs.contains_key(&def) {
            return;
        }
        let markup = match trace {
            Some(trace) => {
                for (key, markup) in &trace.defs {
                    self.defs.entry(*key).or_insert_with(|| markup.clone());
                }
                format!(
                    "<svg id=\"{}\" width=\"{}\" height=\"{}\">{}</svg>",
                    def.id(),
                    trace.width,
                    trace.height,
                    trace.body
                )
            }
            None => format!(
                "<image id=\"{}\" width=\"{width}\" height=\"{height}\" href=\"{}\"/>",
                def.id(),
                pixels()
            ),
        };
        self.defs.insert(def, markup);
    }

    /// Draws the canvas numbered `serial` (defined first) with its top-left corner at
    /// `(x, y)`.
    pub(super) fn stamp(&mut self, serial: u64, x: i32, y: i32) {
        let _ = write!(
            self.body,
            "<use href=\"#{}\" x=\"{x}\" y=\"{y}\"/>",
            Def::Canvas(serial).id()
        );
    }

    /// Draws the block `(sx, sy)` of `width` × `height` of the canvas numbered `serial`
    /// (defined first) at `(x, y)`.
    pub(super) fn block(
        &mut self,
        serial: u64,
        from: (u32, u32),
        to: (i32, i32),
        size: (u32, u32),
    ) {
        let _ = write!(
            self.body,
            "<svg x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" viewBox=\"{} {} {} {}\"><use href=\"#{}\"/></svg>",
            to.0,
            to.1,
            size.0,
            size.1,
            from.0,
            from.1,
            size.0,
            size.1,
            Def::Canvas(serial).id()
        );
    }

    /// The document, showing only `area` of the drawing: the same drawing, its view cut.
    pub(super) fn document_within(&self, area: Area) -> String {
        let defs: usize = self.defs.values().map(String::len).sum();
        let mut out = String::with_capacity(self.body.len() + defs + 200);
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{x} {y} {w} {h}\" width=\"{w}\" height=\"{h}\">",
            x = area.x,
            y = area.y,
            w = area.width,
            h = area.height
        );
        if !self.defs.is_empty() {
            out.push_str("<defs>");
            for markup in self.defs.values() {
                out.push_str(markup);
            }
            out.push_str("</defs>");
        }
        out.push_str(&self.body);
        out.push_str("</svg>");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_exact_to_a_hundredth() {
        assert_eq!(Num(3.0).to_string(), "3");
        assert_eq!(Num(-0.5).to_string(), "-0.5");
        assert_eq!(Num(1.234_9).to_string(), "1.23");
        assert_eq!(Num(2.999).to_string(), "3");
        assert_eq!(Hex([0, 0x7f, 0xff]).to_string(), "#007fff");
    }

    #[test]
    fn a_glyph_is_its_fonts_outline_and_a_space_draws_nothing() {
        let fonts = super::super::theme::fonts();
        let a = glyph_path(&fonts.regular, fonts.regular.glyph_id('A'));
        assert!(a.starts_with('M') && a.contains('L'), "{a}");
        let mut trace = Trace::new(10, 10, None);
        trace.glyph(&fonts.regular, fonts.regular.glyph_id(' '), 12.0, 0.0, 10.0);
        assert!(trace.body.is_empty());
        trace.glyph(&fonts.bold, fonts.bold.glyph_id('A'), 12.0, 1.5, 10.0);
        assert!(trace.body.contains("href=\"#g1-"), "{}", trace.body);
    }

    #[test]
    fn the_mode_is_restored_even_after_a_panic() {
        assert!(!recording());
        let caught = std::panic::catch_unwind(|| vector(|| panic!("drawing failed")));
        assert!(caught.is_err());
        assert!(!recording());
        vector(|| {
            assert!(recording());
            pixels(|| assert!(!recording()));
            assert!(recording());
        });
    }
}
