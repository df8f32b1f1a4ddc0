//! The drawing kit every game's drawer uses: an RGB canvas with anti-aliased shapes (by
//! signed distance, so edges are smooth without supersampling), text, sprites, and a fast
//! PNG encoder ([`super::encode`]). Shapes are game-neutral: hexagons and squares, discs and rings, arrows.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use super::encode::Analysis;
use super::vector::{self, Trace};

use ab_glyph::{point, Font, FontRef, GlyphId, PxScale, ScaleFont};
use image::{Rgba, RgbaImage};
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

/// A colour.
pub type Colour = [u8; 3];

/// A text drawn while recording: what it says and the box its letters take.
struct DrawnText {
    text: String,
    left: f32,
    right: f32,
    /// The band from the top of the capitals to the baseline: ascenders and descenders of
    /// neighbouring lines may meet, their letters' bodies may not.
    top: f32,
    bottom: f32,
    /// The width of the picture it was drawn on.
    picture: f32,
}

thread_local! {
    /// The texts drawn while recording (see [`record_text_faults`]); `None` when nobody
    /// records, which costs one look per text.
    static DRAWN_TEXTS: std::cell::RefCell<Option<Vec<DrawnText>>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `work` and returns, with its result, every fault in the texts it drew on pictures
/// (over their backgrounds; sprites are left out): a text cut
/// at the picture's edge, or two texts whose letters run into each other (a text longer
/// than the box it was given meets its neighbour or the edge). This is how the tests check
/// every text the renderer draws, in every language and game state, rather than a handful
/// of pictures looked at.
pub fn record_text_faults<T>(work: impl FnOnce() -> T) -> (T, Vec<String>) {
    let outer = DRAWN_TEXTS.with(|o| o.borrow_mut().replace(Vec::new()));
    let result = work();
    let drawn = DRAWN_TEXTS
        .with(|o| std::mem::replace(&mut *o.borrow_mut(), outer))
        .unwrap_or_default();
    let mut faults: Vec<String> = drawn
        .iter()
        .filter(|t| t.left < -0.5 || t.right > t.picture + 0.5)
        .map(|t| {
            format!(
                "{:?} from x={:.0} to {:.0} of {:.0}",
                t.text, t.left, t.right, t.picture
            )
        })
        .collect();
    for (i, a) in drawn.iter().enumerate() {
        for b in &drawn[i + 1..] {
            let across = a.right.min(b.right) - a.left.max(b.left);
            let down = a.bottom.min(b.bottom) - a.top.max(b.top);
            if across > 1.0 && down > 1.0 {
                faults.push(format!(
                    "{:?} (x {:.0}..{:.0}, y {:.0}..{:.0}) runs into {:?} (x {:.0}..{:.0}, y {:.0}..{:.0})",
                    a.text, a.left, a.right, a.top, a.bottom, b.text, b.left, b.right, b.top, b.bottom
                ));
            }
        }
    }
    (result, faults)
}

/// Notes `text`, drawn from `x` on `baseline` at `size` on a picture `picture` pixels
/// wide, while recording.
fn note_text(x: f32, baseline: f32, picture: f32, size: f32, font: &FontRef<'static>, text: &str) {
    DRAWN_TEXTS.with(|o| {
        if let Some(drawn) = o.borrow_mut().as_mut() {
            drawn.push(DrawnText {
                text: text.to_owned(),
                left: x,
                right: x + text_width(size, font, text),
                top: baseline - 0.7 * size,
                bottom: baseline,
                picture,
            });
        }
    });
}

/// The largest size from `size` down to `smallest` (in steps of half a pixel) at which
/// `text` fits in `room` pixels; `smallest` when none does (then cut it with [`fit_text`]).
#[must_use]
pub fn fitting_size(
    size: f32,
    smallest: f32,
    font: &FontRef<'static>,
    text: &str,
    room: f32,
) -> f32 {
    let mut size = size;
    while size > smallest && text_width(size, font, text) > room {
        size -= 0.5;
    }
    size.max(smallest)
}

/// A point in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Right.
    pub x: f32,
    /// Down.
    pub y: f32,
}

impl Point {
    /// A point.
    #[must_use]
    pub const fn new(x: f32, y: f32) -> Self {
        Self { x, y }
    }
}

/// What a shape knows about one row band: where it surely covers every pixel (but for a
/// cut inside), and where it surely covers none.
#[derive(Default)]
struct Spans {
    solid: Option<(f32, f32)>,
    hole: Option<(f32, f32)>,
    /// Inside `solid`, the part that is not solid (a stroke's inner edge and what it
    /// holds): the pixels that touch it are drawn one by one.
    cut: Option<(f32, f32)>,
}

/// An RGBA picture being drawn: opaque for a whole board, transparent around a sprite (a
/// piece drawn once and stamped many times, which is what keeps a render under 2 ms).
/// Made inside [`vector::vector`], it records SVG instead and has no pixels.
pub struct Canvas {
    image: RgbaImage,
    /// The drawing written down as SVG, for a canvas made inside [`vector::vector`]; its
    /// pixels are then none (every painting call records and returns).
    trace: Option<Box<Trace>>,
    /// A number no other canvas of the process has: how an SVG names it where it is used.
    serial: u64,
    /// The pixels as a PNG data URL, made the first time an SVG embeds this canvas (a
    /// sprite is embedded in every SVG that stamps it). Only finished pictures are embedded
    /// (sprites, backgrounds, painted pictures, all kept unchanged in their caches), so it
    /// is never stale; a canvas's own [`Canvas::to_svg`] does not use it.
    png_url: OnceLock<String>,
    /// The background this picture was drawn over, whose colours the encoder reuses
    /// where it still shows.
    base: Option<&'static Canvas>,
    /// A background's colour analysis, made on first use.
    analysis: OnceLock<Analysis>,
    /// Per row, the columns from the first to past the last pixel that is not fully
    /// transparent, made the first time the canvas is stamped as a sprite: a stamp then
    /// touches (and marks drawn, for the encoder to read) only those.
    visible: OnceLock<Vec<(u32, u32)>>,
    /// Which tiles of each row were drawn on since the canvas was made [`Canvas::over`]
    /// its background ([`super::encode::tiles`]); empty when there is no background.
    drawn: Vec<u64>,
}

/// How many pictures each thread keeps for reuse ([`Canvas::over`]): one per background
/// in use (a game's board and its far variant, say) is plenty.
const SPARE_PICTURES: usize = 4;

thread_local! {
    /// Pictures given back when dropped, made equal to their background again by copying
    /// back only the tiles drawn on: the next picture over that background then starts
    /// without allocating and copying a whole 1.8 MB picture (and its page faults).
    static SPARE: std::cell::RefCell<Vec<(&'static Canvas, RgbaImage)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

impl Clone for Canvas {
    /// A copy is another canvas: it gets its own serial, so an SVG never mistakes one for
    /// the other.
    fn clone(&self) -> Self {
        Self {
            image: self.image.clone(),
            trace: self.trace.clone(),
            serial: next_serial(),
            png_url: OnceLock::new(),
            base: self.base,
            analysis: OnceLock::new(),
            visible: OnceLock::new(),
            drawn: self.drawn.clone(),
        }
    }
}

/// The next canvas's [`Canvas::serial`].
fn next_serial() -> u64 {
    static SERIAL: AtomicU64 = AtomicU64::new(0);
    SERIAL.fetch_add(1, Ordering::Relaxed)
}

impl Drop for Canvas {
    fn drop(&mut self) {
        let Some(base) = self.base.filter(|_| self.trace.is_none()) else {
            return;
        };
        // A draw that panicked may have written a pixel before noting it: drop that one.
        if std::thread::panicking() || base.image.dimensions() != self.image.dimensions() {
            return;
        }
        let width = self.image.width() as usize;
        let source = base.image.as_raw();
        let target: &mut [u8] = self.image.as_mut();
        for (y, &mask) in self.drawn.iter().enumerate() {
            for (from, to, drawn) in super::encode::spans(mask, width) {
                if drawn {
                    let range = (y * width + from) * 4..(y * width + to) * 4;
                    target[range.clone()].copy_from_slice(&source[range]);
                }
            }
        }
        debug_assert!(
            self.image == base.image,
            "a picture was drawn on without noting where"
        );
        let image = std::mem::take(&mut self.image);
        // A thread that is ending has no use for spares (and may have dropped its list).
        let _ = SPARE.try_with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.len() >= SPARE_PICTURES {
                spare.remove(0);
            }
            spare.push((base, image));
        });
    }
}

/// Notes that the pixels `from..to` (`from < to`) of row `y` were drawn on.
#[inline]
fn mark(drawn: &mut [u64], y: usize, from: usize, to: usize) {
    if let Some(bits) = drawn.get_mut(y) {
        *bits |= super::encode::tiles(from, to);
    }
}

/// Puts `colour` at coverage `alpha` (1..=255) "over" the RGBA pixel `px`.
#[inline]
fn blend_pixel(px: &mut [u8], colour: Colour, alpha: u32) {
    let under = u32::from(px[3]);
    if alpha >= 255 {
        px[..3].copy_from_slice(&colour);
        px[3] = 255;
    } else if under == 255 {
        for (c, &o) in px[..3].iter_mut().zip(&colour) {
            *c = mix(*c, o, alpha);
        }
    } else {
        // General "over" on straight alpha (only sprites have translucent pixels).
        let rest = under * (255 - alpha) / 255;
        let out = alpha + rest;
        for (c, &o) in px[..3].iter_mut().zip(&colour) {
            *c = ((u32::from(o) * alpha + u32::from(*c) * rest + out / 2) / out) as u8;
        }
        px[3] = out as u8;
    }
}

/// `under` moved towards `over` by `alpha`/255, rounded.
fn mix(under: u8, over: u8, alpha: u32) -> u8 {
    ((u32::from(under) * (255 - alpha) + u32::from(over) * alpha + 127) / 255) as u8
}

impl Canvas {
    /// An opaque canvas filled with one colour.
    #[must_use]
    pub fn new(width: u32, height: u32, background: Colour) -> Self {
        if vector::recording() {
            return Self::recorder(Trace::new(width, height, Some(background)), None);
        }
        let [r, g, b] = background;
        Self {
            image: RgbaImage::from_pixel(width, height, Rgba([r, g, b, 255])),
            trace: None,
            serial: next_serial(),
            png_url: OnceLock::new(),
            base: None,
            analysis: OnceLock::new(),
            visible: OnceLock::new(),
            drawn: Vec::new(),
        }
    }

    /// A fully transparent canvas, for sprites.
    #[must_use]
    pub fn transparent(width: u32, height: u32) -> Self {
        if vector::recording() {
            return Self::recorder(Trace::new(width, height, None), None);
        }
        Self {
            image: RgbaImage::new(width, height),
            trace: None,
            serial: next_serial(),
            png_url: OnceLock::new(),
            base: None,
            analysis: OnceLock::new(),
            visible: OnceLock::new(),
            drawn: Vec::new(),
        }
    }

    /// A copy of a background prepared once, to draw a picture over: the encoder then
    /// reads only what was drawn, taking the rest from the background's analysis.
    #[must_use]
    pub fn over(background: &'static Canvas) -> Self {
        if vector::recording() {
            let trace = match &background.trace {
                Some(trace) => Trace::clone(trace),
                None => {
                    let mut trace = Trace::new(background.width(), background.height(), None);
                    trace.define(
                        background.serial,
                        None,
                        (background.width(), background.height()),
                        || background.png_url(),
                    );
                    trace.stamp(background.serial, 0, 0);
                    trace
                }
            };
            return Self::recorder(trace, Some(background));
        }
        let image = SPARE
            .with_borrow_mut(|spare| {
                let at = spare
                    .iter()
                    .position(|(b, _)| std::ptr::eq(*b, background))?;
                Some(spare.swap_remove(at).1)
            })
            .unwrap_or_else(|| background.image.clone());
        Self {
            image,
            trace: None,
            serial: next_serial(),
            png_url: OnceLock::new(),
            base: Some(background),
            analysis: OnceLock::new(),
            visible: OnceLock::new(),
            drawn: vec![0; background.image.height() as usize],
        }
    }

    /// A canvas that records `trace` and has no pixels.
    fn recorder(trace: Trace, base: Option<&'static Canvas>) -> Self {
        Self {
            image: RgbaImage::new(0, 0),
            trace: Some(Box::new(trace)),
            serial: next_serial(),
            png_url: OnceLock::new(),
            base,
            analysis: OnceLock::new(),
            visible: OnceLock::new(),
            drawn: Vec::new(),
        }
    }

    /// The picture so far (empty for a canvas that records SVG).
    #[must_use]
    pub fn image(&self) -> &RgbaImage {
        &self.image
    }

    /// Width in pixels.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.trace
            .as_ref()
            .map_or(self.image.width(), |t| t.width())
    }

    /// Height in pixels.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.trace
            .as_ref()
            .map_or(self.image.height(), |t| t.height())
    }

    /// The picture as an SVG document: what a canvas made inside [`vector::vector`]
    /// recorded, or, for one of pixels, those pixels as an embedded image.
    #[must_use]
    pub fn to_svg(&self) -> String {
        self.to_svg_within(super::spots::Area {
            x: 0,
            y: 0,
            width: self.width(),
            height: self.height(),
        })
    }

    /// As [`Canvas::to_svg`], showing only `area`: the board without the header band and
    /// panels around it, for a page that writes its own.
    #[must_use]
    pub fn to_svg_within(&self, area: super::spots::Area) -> String {
        match &self.trace {
            Some(trace) => trace.document_within(area),
            None => {
                let mut trace = Trace::new(self.width(), self.height(), None);
                let pixels = vector::png_data_url(&self.image);
                trace.define(self.serial, None, (self.width(), self.height()), || &pixels);
                trace.stamp(self.serial, 0, 0);
                trace.document_within(area)
            }
        }
    }

    /// Defines `source` in this canvas's SVG (if it records one) and gives its number.
    fn define(&mut self, source: &Canvas) -> Option<(&mut Trace, u64)> {
        let trace = self.trace.as_deref_mut()?;
        trace.define(
            source.serial,
            source.trace.as_deref(),
            (source.width(), source.height()),
            || source.png_url(),
        );
        Some((trace, source.serial))
    }

    /// The pixels as a PNG data URL, made once.
    fn png_url(&self) -> &str {
        self.png_url
            .get_or_init(|| vector::png_data_url(&self.image))
    }

    /// Paints the pixels `from..to` of row `y` (clipped to the canvas) with `colour` at
    /// opacity `alpha` (0..=255): the fast path for the inside of shapes.
    pub fn fill_run(&mut self, y: i32, from: i32, to: i32, colour: Colour, alpha: u32) {
        if let Some(trace) = self.trace.as_deref_mut() {
            trace.run(y, from, to, colour, alpha);
            return;
        }
        let (w, h) = (self.image.width() as i32, self.image.height() as i32);
        let (from, to) = (from.clamp(0, w), to.clamp(0, w));
        if y < 0 || y >= h || from >= to {
            return;
        }
        if alpha < 255 {
            for x in from..to {
                self.blend(x, y, colour, alpha);
            }
            return;
        }
        mark(&mut self.drawn, y as usize, from as usize, to as usize);
        let row = y as usize * w as usize;
        let pixel = [colour[0], colour[1], colour[2], 255];
        let bytes: &mut [u8] = self.image.as_mut();
        for px in bytes[(row + from as usize) * 4..(row + to as usize) * 4].chunks_exact_mut(4) {
            px.copy_from_slice(&pixel);
        }
    }

    /// Fills an axis-aligned rectangle of whole pixels (bands, square cells).
    pub fn fill_rect(&mut self, x: i32, y: i32, width: i32, height: i32, colour: Colour) {
        if let Some(trace) = self.trace.as_deref_mut() {
            trace.rect(x, y, width, height, colour);
            return;
        }
        for row in y..y + height {
            self.fill_run(row, x, x + width, colour, 255);
        }
    }

    /// Blends `colour` at `(x, y)` with coverage `alpha` (0..=255), "over" what is there.
    /// Pixels outside the canvas are ignored, so shapes may overhang its edges.
    #[inline]
    pub fn blend(&mut self, x: i32, y: i32, colour: Colour, alpha: u32) {
        if let Some(trace) = self.trace.as_deref_mut() {
            trace.run(y, x, x + 1, colour, alpha);
            return;
        }
        let (w, h) = (self.image.width(), self.image.height());
        let (Ok(x), Ok(y)) = (u32::try_from(x), u32::try_from(y)) else {
            return;
        };
        if alpha == 0 || x >= w || y >= h {
            return;
        }
        mark(&mut self.drawn, y as usize, x as usize, x as usize + 1);
        let i = (y as usize * w as usize + x as usize) * 4;
        blend_pixel(&mut self.image.as_mut()[i..i + 4], colour, alpha);
    }

    /// Blends with a coverage in 0..1 scaled by `opacity`.
    fn cover(&mut self, x: i32, y: i32, colour: Colour, coverage: f32) {
        self.blend(x, y, colour, (coverage * 255.0 + 0.5) as u32);
    }

    /// Stamps a sprite with its top-left corner at `(x, y)`; the parts off the canvas are
    /// dropped.
    pub fn stamp(&mut self, sprite: &Canvas, x: i32, y: i32) {
        if let Some((trace, serial)) = self.define(sprite) {
            trace.stamp(serial, x, y);
            return;
        }
        let (w, h) = (self.image.width() as i32, self.image.height() as i32);
        let sw = sprite.image.width() as i32;
        let source = sprite.image.as_raw();
        let target: &mut [u8] = self.image.as_mut();
        let visible = sprite.visible.get_or_init(|| {
            source
                .chunks_exact(sw as usize * 4)
                .map(|row| {
                    let seen = |p: &[u8]| p[3] != 0;
                    let pixels = || row.chunks_exact(4);
                    match pixels().position(seen) {
                        Some(first) => (
                            first as u32,
                            (pixels().rposition(seen).unwrap_or(first) + 1) as u32,
                        ),
                        None => (0, 0),
                    }
                })
                .collect()
        });
        for ((sy, row), &(first, end)) in source
            .chunks_exact(sw as usize * 4)
            .enumerate()
            .zip(visible)
        {
            let ty = y + sy as i32;
            let (from, to) = ((x + first as i32).max(0), (x + end as i32).min(w));
            if ty < 0 || ty >= h || from >= to {
                continue;
            }
            mark(&mut self.drawn, ty as usize, from as usize, to as usize);
            let start = (ty as usize * w as usize + from as usize) * 4;
            let dst = &mut target[start..start + (to - from) as usize * 4];
            let src = &row[(from - x) as usize * 4..(to - x) as usize * 4];
            for (d, s) in dst.chunks_exact_mut(4).zip(src.chunks_exact(4)) {
                match s[3] {
                    0 => {}
                    // Opaque: most of a sprite, and a copy is much cheaper than a blend.
                    255 => d.copy_from_slice(s),
                    alpha => blend_pixel(d, [s[0], s[1], s[2]], u32::from(alpha)),
                }
            }
        }
    }

    /// The colour at `(x, y)` (inside the canvas), for pictures sampled into sprites.
    ///
    /// # Panics
    /// Outside the canvas, and on a canvas that records SVG (it has no pixels: sample only
    /// pictures painted inside [`vector::pixels`]).
    #[must_use]
    pub fn pixel(&self, x: u32, y: u32) -> Colour {
        let p = self.image.get_pixel(x, y).0;
        [p[0], p[1], p[2]]
    }

    /// Copies a `width` × `height` block of `source` from `(sx, sy)` to `(x, y)` as it is,
    /// opaque (a picture's cells into a grid); the parts off either canvas are dropped.
    pub fn copy_block(
        &mut self,
        source: &Canvas,
        (sx, sy): (u32, u32),
        (x, y): (i32, i32),
        (width, height): (u32, u32),
    ) {
        if let Some((trace, serial)) = self.define(source) {
            trace.block(serial, (sx, sy), (x, y), (width, height));
            return;
        }
        for row in 0..height {
            let (ty, from_y) = (y + row as i32, sy + row);
            if ty < 0 || ty >= self.image.height() as i32 || from_y >= source.height() {
                continue;
            }
            let tx = x.max(0);
            let skip = (tx - x) as u32;
            let w = width
                .saturating_sub(skip)
                .min(self.image.width().saturating_sub(tx as u32))
                .min(source.width().saturating_sub(sx + skip));
            let src_start = ((from_y * source.width() + sx + skip) * 4) as usize;
            let dst_start = ((ty as u32 * self.image.width() + tx as u32) * 4) as usize;
            let len = (w * 4) as usize;
            if w == 0 {
                continue;
            }
            mark(
                &mut self.drawn,
                ty as usize,
                tx as usize,
                (tx as u32 + w) as usize,
            );
            let src = &source.image.as_raw()[src_start..src_start + len];
            let dst: &mut [u8] = self.image.as_mut();
            dst[dst_start..dst_start + len].copy_from_slice(src);
        }
    }

    /// Stamps a sprite so that its point `anchor` (a disc's centre, say) lands on `at`,
    /// rounded to whole pixels: sprites are only worth their speed if they land without
    /// resampling.
    pub fn stamp_at(&mut self, sprite: &Canvas, anchor: Point, at: Point) {
        self.stamp(
            sprite,
            (at.x - anchor.x).round() as i32,
            (at.y - anchor.y).round() as i32,
        );
    }

    /// Fills the shape whose signed distance (negative inside, in pixels) is `distance`,
    /// over the box `min..max`, with `colour` at opacity `opacity`.
    fn fill_sdf(
        &mut self,
        min: Point,
        max: Point,
        colour: Colour,
        opacity: f32,
        distance: impl Fn(f32, f32) -> f32,
    ) {
        self.fill_shape(min, max, colour, opacity, distance, |_, _| Spans::default());
    }

    /// [`Self::fill_sdf`] with a shortcut: `spans(top, bottom)` tells which pixels of that
    /// row are surely all in or all out, so only the anti-aliased fringe pays for a distance.
    fn fill_shape(
        &mut self,
        min: Point,
        max: Point,
        colour: Colour,
        opacity: f32,
        distance: impl Fn(f32, f32) -> f32,
        spans: impl Fn(f32, f32) -> Spans,
    ) {
        let (w, h) = (self.image.width() as f32, self.image.height() as f32);
        let x0 = (min.x - 1.0).floor().clamp(0.0, w) as i32;
        let y0 = (min.y - 1.0).floor().clamp(0.0, h) as i32;
        let x1 = (max.x + 1.0).ceil().clamp(0.0, w) as i32;
        let y1 = (max.y + 1.0).ceil().clamp(0.0, h) as i32;
        let solid_alpha = (opacity * 255.0 + 0.5) as u32;
        for y in y0..y1 {
            let row = spans(y as f32, y as f32 + 1.0);
            // Whole pixels inside an interval: x with a <= x and x + 1 <= b.
            let pixels = |span: Option<(f32, f32)>| {
                span.map_or((0, 0), |(a, b)| (a.ceil() as i32, b.floor() as i32))
            };
            let (solid_from, solid_to) = pixels(row.solid);
            let (hole_from, hole_to) = pixels(row.hole);
            // Every pixel touching the cut.
            let (cut_from, cut_to) = row
                .cut
                .map_or((0, 0), |(a, b)| (a.floor() as i32, b.ceil() as i32));
            let mut x = x0;
            while x < x1 {
                if x >= hole_from && x < hole_to {
                    x = hole_to;
                } else if x >= solid_from && x < solid_to && !(x >= cut_from && x < cut_to) {
                    let end = if x < cut_from {
                        solid_to.min(cut_from)
                    } else {
                        solid_to
                    };
                    self.fill_run(y, x, end.min(x1), colour, solid_alpha);
                    x = end;
                } else {
                    let d = distance(x as f32 + 0.5, y as f32 + 0.5);
                    if d < 0.5 {
                        self.cover(x, y, colour, (0.5 - d).min(1.0) * opacity);
                    }
                    x += 1;
                }
            }
        }
    }

    /// Fills a convex polygon (vertices in either winding order).
    pub fn fill_convex(&mut self, points: &[Point], colour: Colour, opacity: f32) {
        if let Some(trace) = self.trace.as_deref_mut() {
            trace.polygon(points, colour, opacity);
            return;
        }
        let (min, max) = bounds(points);
        let distance = convex_distance(points);
        self.fill_shape(min, max, colour, opacity, distance, |top, bottom| Spans {
            solid: band_span(points, top, bottom),
            hole: None,
            cut: None,
        });
    }

    /// Strokes a convex polygon's outline `width` pixels wide (inside the edge).
    pub fn stroke_convex(&mut self, points: &[Point], width: f32, colour: Colour) {
        if let Some(trace) = self.trace.as_deref_mut() {
            // SVG strokes are centred on the path: draw on the band's middle line.
            trace.outline(&inset(points, width / 2.0), width, colour);
            return;
        }
        let (min, max) = bounds(points);
        let distance = convex_distance(points);
        // Pixels well inside the inner edge are untouched; those a pixel inside the outer
        // edge and clear of the inner one are covered whole, a run at a time.
        let inner = inset(points, width + 1.0);
        let outer = inset(points, 1.0);
        let edge = inset(points, width - 1.0);
        // A stroke as wide as the shape (its inner edge turned inside out) has no solid part.
        let has_solid = width > 2.0 && signed_area(&edge) * signed_area(points) > 0.0;
        self.fill_shape(
            min,
            max,
            colour,
            1.0,
            |x, y| {
                let d = distance(x, y);
                d.max(-d - width)
            },
            |top, bottom| {
                let solid = band_span(&outer, top, bottom).filter(|_| has_solid);
                Spans {
                    solid,
                    hole: band_span(&inner, top, bottom),
                    cut: solid.and(union_span(&edge, top, bottom)),
                }
            },
        );
    }

    /// Fills an axis-aligned ellipse.
    pub fn fill_ellipse(&mut self, centre: Point, rx: f32, ry: f32, colour: Colour, opacity: f32) {
        if let Some(trace) = self.trace.as_deref_mut() {
            trace.ellipse(centre, rx, ry, colour, opacity);
            return;
        }
        let min = Point::new(centre.x - rx, centre.y - ry);
        let max = Point::new(centre.x + rx, centre.y + ry);
        let half_width = |y: f32| {
            let t = (y - centre.y) / ry;
            (t.abs() < 1.0).then(|| rx * (1.0 - t * t).sqrt())
        };
        self.fill_shape(
            min,
            max,
            colour,
            opacity,
            |x, y| ellipse_distance(x - centre.x, y - centre.y, rx, ry),
            |top, bottom| Spans {
                solid: half_width(top)
                    .zip(half_width(bottom))
                    .map(|(a, b)| (centre.x - a.min(b), centre.x + a.min(b))),
                hole: None,
                cut: None,
            },
        );
    }

    /// Strokes an ellipse's outline `width` pixels wide, centred on the edge.
    pub fn stroke_ellipse(&mut self, centre: Point, rx: f32, ry: f32, width: f32, colour: Colour) {
        if let Some(trace) = self.trace.as_deref_mut() {
            trace.ring(centre, rx, ry, width, colour);
            return;
        }
        let half = width / 2.0;
        let min = Point::new(centre.x - rx - half, centre.y - ry - half);
        let max = Point::new(centre.x + rx + half, centre.y + ry + half);
        self.fill_sdf(min, max, colour, 1.0, |x, y| {
            ellipse_distance(x - centre.x, y - centre.y, rx, ry).abs() - half
        });
    }

    /// A line segment with round ends, `width` pixels wide.
    pub fn line(&mut self, a: Point, b: Point, width: f32, colour: Colour, opacity: f32) {
        if let Some(trace) = self.trace.as_deref_mut() {
            trace.line(a, b, width, colour, opacity);
            return;
        }
        let r = width / 2.0;
        let min = Point::new(a.x.min(b.x) - r, a.y.min(b.y) - r);
        let max = Point::new(a.x.max(b.x) + r, a.y.max(b.y) + r);
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len2 = (dx * dx + dy * dy).max(1e-6);
        self.fill_sdf(min, max, colour, opacity, |x, y| {
            let t = (((x - a.x) * dx + (y - a.y) * dy) / len2).clamp(0.0, 1.0);
            let (px, py) = (a.x + t * dx - x, a.y + t * dy - y);
            (px * px + py * py).sqrt() - r
        });
    }

    /// An arrow from `a` to `b`: a shaft and a head whose tip is at `b`.
    pub fn arrow(&mut self, a: Point, b: Point, width: f32, colour: Colour, opacity: f32) {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = (dx * dx + dy * dy).sqrt().max(1e-6);
        let (ux, uy) = (dx / len, dy / len);
        let head = width * 2.6;
        let base = Point::new(b.x - ux * head, b.y - uy * head);
        self.line(a, base, width, colour, opacity);
        let side = width * 1.5;
        self.fill_convex(
            &[
                b,
                Point::new(base.x - uy * side, base.y + ux * side),
                Point::new(base.x + uy * side, base.y - ux * side),
            ],
            colour,
            opacity,
        );
    }

    /// Draws text with its top-left corner (of the line, not of the ink) at `at`. Glyphs
    /// come from a process-wide cache of coverage bitmaps (at quarter-pixel positions):
    /// rasterising outlines anew for every label cost more than the rest of a picture.
    /// Characters `font` lacks come from the fallback font (CJK), combining marks sit on the
    /// character before them, and drawing stops at the canvas's right edge, so any string,
    /// however long, costs at most its visible part plus one linear walk.
    pub fn text(
        &mut self,
        at: Point,
        size: f32,
        font: &FontRef<'static>,
        colour: Colour,
        text: &str,
    ) {
        let baseline = at.y + font.as_scaled(PxScale::from(size)).ascent();
        let right = self.width() as f32;
        let text = normalised(text);
        // Only a picture's own texts: a sprite's are in its own coordinates, drawn once.
        if self.base.is_some() {
            note_text(at.x, baseline, right, size, font, &text);
        }
        if let Some(trace) = self.trace.as_deref_mut() {
            trace.begin_text(colour);
            for placed in Layout::new(size, font, &text) {
                let x = at.x + placed.x;
                if x > right {
                    break;
                }
                trace.glyph(placed.font, placed.id, size, x, baseline);
            }
            trace.end_text();
            return;
        }
        for placed in Layout::new(size, font, &text) {
            let x = at.x + placed.x;
            if x > right {
                break;
            }
            let glyph = cached_glyph(placed.font, size, placed.id, x, baseline);
            let (ox, oy) = (x.floor() as i32, baseline.floor() as i32);
            self.blit_coverage(&glyph, ox, oy, colour);
        }
    }

    /// Blends a glyph's coverage bitmap in `colour` with its pen at `(ox, oy)`: clipped
    /// once per row, not checked pixel by pixel.
    fn blit_coverage(&mut self, glyph: &GlyphBitmap, ox: i32, oy: i32, colour: Colour) {
        let width = glyph.width as usize;
        if width == 0 {
            return;
        }
        let (w, h) = (self.image.width() as i32, self.image.height() as i32);
        let left = ox + glyph.left;
        let (from, to) = (left.max(0), (left + width as i32).min(w));
        if from >= to {
            return;
        }
        let pixels: &mut [u8] = self.image.as_mut();
        for (row, line) in glyph.coverage.chunks_exact(width).enumerate() {
            let y = oy + glyph.top + row as i32;
            if y < 0 || y >= h {
                continue;
            }
            mark(&mut self.drawn, y as usize, from as usize, to as usize);
            let start = (y as usize * w as usize + from as usize) * 4;
            let target = &mut pixels[start..start + (to - from) as usize * 4];
            let covers = &line[(from - left) as usize..(to - left) as usize];
            for (px, &cover) in target.chunks_exact_mut(4).zip(covers) {
                if cover > 0 {
                    blend_pixel(px, colour, u32::from(cover));
                }
            }
        }
    }

    /// Draws text centred on `centre` (by its advance width and the font's cap height).
    pub fn text_centred(
        &mut self,
        centre: Point,
        size: f32,
        font: &FontRef<'static>,
        colour: Colour,
        text: &str,
    ) {
        let width = text_width(size, font, text);
        let scaled = font.as_scaled(PxScale::from(size));
        let cap = size * 0.72;
        let top = centre.y - cap / 2.0 - (scaled.ascent() - cap);
        self.text(
            Point::new(centre.x - width / 2.0, top),
            size,
            font,
            colour,
            text,
        );
    }

    /// Encodes the picture as an indexed PNG (see [`super::encode`]).
    #[must_use]
    pub fn to_png(&self) -> Vec<u8> {
        let base = self.base.map(|b| {
            let analysis = b.analysis.get_or_init(|| Analysis::of(&b.image));
            (analysis, self.drawn.as_slice())
        });
        super::encode::png(&self.image, base)
    }
}

/// How many glyph bitmaps the cache keeps (a few MB) before it starts again.
const GLYPH_CACHE_LIMIT: usize = 20_000;

/// A glyph's coverage, placed relative to the whole pixel of its pen position.
struct GlyphBitmap {
    left: i32,
    top: i32,
    width: u32,
    coverage: Vec<u8>,
}

/// The glyph `id` of `font` at `size`, for a pen at `(x, baseline)`, from the cache (drawn
/// on first use at the pen's fractional position rounded to a quarter pixel).
fn cached_glyph(
    font: &FontRef<'static>,
    size: f32,
    id: ab_glyph::GlyphId,
    x: f32,
    baseline: f32,
) -> Arc<GlyphBitmap> {
    type Key = (usize, u32, u16, u8, u8);
    static GLYPHS: Mutex<BTreeMap<Key, Arc<GlyphBitmap>>> = Mutex::new(BTreeMap::new());
    let quarter = |v: f32| ((v - v.floor()) * 4.0).round().min(3.0) as u8;
    let (fx, fy) = (quarter(x), quarter(baseline));
    let key = (
        std::ptr::from_ref(font) as usize,
        size.to_bits(),
        id.0,
        fx,
        fy,
    );
    let mut cache = GLYPHS.lock().unwrap_or_else(PoisonError::into_inner);
    // Names bring glyphs from all of CJK: start afresh rather than grow without bound.
    if cache.len() >= GLYPH_CACHE_LIMIT {
        cache.clear();
    }
    Arc::clone(cache.entry(key).or_insert_with(|| {
        let glyph = id.with_scale_and_position(
            PxScale::from(size),
            point(f32::from(fx) / 4.0, f32::from(fy) / 4.0),
        );
        let Some(outline) = font.outline_glyph(glyph) else {
            return Arc::new(GlyphBitmap {
                left: 0,
                top: 0,
                width: 0,
                coverage: Vec::new(),
            });
        };
        let bounds = outline.px_bounds();
        let (w, h) = (bounds.width() as u32, bounds.height() as u32);
        let mut coverage = vec![0u8; (w * h) as usize];
        outline.draw(|gx, gy, c| {
            if gx < w && gy < h {
                coverage[(gy * w + gx) as usize] = (c * 255.0 + 0.5).min(255.0) as u8;
            }
        });
        Arc::new(GlyphBitmap {
            left: bounds.min.x as i32,
            top: bounds.min.y as i32,
            width: w,
            coverage,
        })
    }))
}

/// Pictures drawn on first use and kept for the process's life: pieces, highlighted cells,
/// anything a drawer would otherwise draw from shapes on every render. A drawer keys its
/// sprites as it likes (kind, colour, cell...) in one `static` cache of its own.
/// Sprites drawn as pixels and as SVG are kept apart (see [`vector::vector`]).
pub struct SpriteCache(Mutex<[BTreeMap<u64, Arc<Canvas>>; 2]>);

impl SpriteCache {
    /// An empty cache, for a `static`.
    #[must_use]
    pub const fn new() -> Self {
        Self(Mutex::new([BTreeMap::new(), BTreeMap::new()]))
    }

    /// The sprite under `key`, drawn by `draw` the first time.
    pub fn get(&self, key: u64, draw: impl FnOnce() -> Canvas) -> Arc<Canvas> {
        // A panic while drawing leaves no entry behind, so a poisoned map is still sound.
        let mut maps = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let map = &mut maps[usize::from(vector::recording())];
        Arc::clone(map.entry(key).or_insert_with(|| Arc::new(draw())))
    }
}

/// A background drawn on first use and kept for the process's life (an empty board with
/// its header band), once as pixels and once as SVG, whichever is asked for.
pub struct Backdrop([OnceLock<Canvas>; 2]);

impl Backdrop {
    /// Nothing drawn yet, for a `static`.
    #[must_use]
    pub const fn new() -> Self {
        Self([OnceLock::new(), OnceLock::new()])
    }

    /// The background, drawn by `draw` the first time in this mode.
    pub fn get(&'static self, draw: impl FnOnce() -> Canvas) -> &'static Canvas {
        self.0[usize::from(vector::recording())].get_or_init(draw)
    }
}

impl Default for Backdrop {
    fn default() -> Self {
        Self::new()
    }
}

impl Default for SpriteCache {
    fn default() -> Self {
        Self::new()
    }
}

/// The advance width of `text` in pixels, kerning included, as [`Canvas::text`] lays it out
/// (fallback font, combining marks of no width). Linear in the text's length.
#[must_use]
pub fn text_width(size: f32, font: &FontRef<'static>, text: &str) -> f32 {
    Layout::new(size, font, &normalised(text))
        .last()
        .map_or(0.0, |placed| placed.end)
}

/// `text` as it fits in `room` pixels: whole, or cut with an ellipsis (names chosen by
/// players can be any length). One walk that stops at the first character past `room`, so
/// the cost is bounded by what fits, not by the text's length.
#[must_use]
pub fn fit_text(size: f32, font: &FontRef<'static>, text: &str, room: f32) -> String {
    const ELLIPSIS: &str = "\u{2026}";
    let text = normalised(text);
    let ellipsis = text_width(size, font, ELLIPSIS);
    // Where the text may be cut: before a character that is not a mark, while the part
    // before it still leaves room for the ellipsis.
    let mut cut = 0;
    let mut pen = 0.0;
    for placed in Layout::new(size, font, &text) {
        if !placed.mark && pen + ellipsis <= room {
            cut = placed.at;
        }
        pen = placed.end;
        if pen > room {
            return format!("{}{ELLIPSIS}", text[..cut].trim_end());
        }
    }
    text.into_owned()
}

/// `text` in Unicode's composed form (NFC): "e" + combining acute becomes "é", which fonts
/// draw as one glyph. Borrowed when it is already composed, as nearly every text is.
fn normalised(text: &str) -> Cow<'_, str> {
    if is_nfc_quick(text.chars()) == IsNormalized::Yes {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.nfc().collect())
    }
}

/// One character of a line as laid out: the font and glyph that draw it and where.
struct Placed<'f> {
    /// The character's byte offset in the laid-out text.
    at: usize,
    /// The font that has its glyph (the line's own or the fallback).
    font: &'f FontRef<'static>,
    /// The glyph.
    id: GlyphId,
    /// The pen position its glyph is drawn at, from the line's start.
    x: f32,
    /// The pen position after it (a mark does not move the pen).
    end: f32,
    /// A combining mark, drawn over the character before it.
    mark: bool,
}

/// Lays out a line glyph by glyph: each character from the first font of `[font,
/// fallback]` that has it (else `font`'s "missing" box, one advance wide), kerning between
/// glyphs of one font, and combining marks with no advance, centred over the previous
/// glyph. A single forward pass: the cost of a line is linear in its length.
struct Layout<'t, 'f> {
    chars: std::str::CharIndices<'t>,
    chain: [&'f FontRef<'static>; 2],
    scale: PxScale,
    pen: f32,
    /// The previous base glyph: its font's index in the chain, id and advance.
    previous: Option<(usize, GlyphId, f32)>,
}

impl<'t, 'f> Layout<'t, 'f> {
    fn new(size: f32, font: &'f FontRef<'static>, text: &'t str) -> Self {
        Self {
            chars: text.char_indices(),
            chain: [font, &super::theme::fonts().fallback],
            scale: PxScale::from(size),
            pen: 0.0,
            previous: None,
        }
    }

    /// The first font of the chain that has `c`, with its glyph.
    fn glyph(&self, c: char) -> Option<(usize, GlyphId)> {
        self.chain
            .iter()
            .enumerate()
            .map(|(i, font)| (i, font.glyph_id(c)))
            .find(|(_, id)| id.0 != 0)
    }
}

impl<'f> Iterator for Layout<'_, 'f> {
    type Item = Placed<'f>;

    fn next(&mut self) -> Option<Placed<'f>> {
        loop {
            let (at, c) = self.chars.next()?;
            let mark = c >= '\u{300}' && is_combining_mark(c);
            let Some((index, id)) = self.glyph(c) else {
                if mark {
                    // A mark no font has is left out rather than boxed.
                    continue;
                }
                // No font has it: the line's own "missing" glyph, a box of bounded width.
                return Some(self.advance(at, 0, self.chain[0].glyph_id(c)));
            };
            if !mark {
                return Some(self.advance(at, index, id));
            }
            let font = self.chain[index];
            let width = font.as_scaled(self.scale).h_advance(id);
            // Fonts draw most marks with no advance, left of their origin; a mark with an
            // advance of its own is centred over the previous glyph instead.
            let x = match self.previous {
                Some((_, _, before)) if width > 0.0 => self.pen - (before + width) / 2.0,
                _ => self.pen,
            };
            return Some(Placed {
                at,
                font,
                id,
                x,
                end: self.pen,
                mark: true,
            });
        }
    }
}

impl<'f> Layout<'_, 'f> {
    /// Places a base glyph at the pen and moves the pen past it.
    fn advance(&mut self, at: usize, index: usize, id: GlyphId) -> Placed<'f> {
        let font = self.chain[index];
        let scaled = font.as_scaled(self.scale);
        if let Some((before, previous, _)) = self.previous {
            if before == index {
                self.pen += scaled.kern(previous, id);
            }
        }
        let x = self.pen;
        let width = scaled.h_advance(id);
        self.pen += width;
        self.previous = Some((index, id, width));
        Placed {
            at,
            font,
            id,
            x,
            end: self.pen,
            mark: false,
        }
    }
}

/// The signed distance to a convex polygon (the largest distance outside any edge's line:
/// exact inside, close enough outside for one pixel of anti-aliasing).
fn convex_distance(points: &[Point]) -> impl Fn(f32, f32) -> f32 {
    let sign = if signed_area(points) >= 0.0 {
        1.0
    } else {
        -1.0
    };
    let edges: Vec<(Point, f32, f32)> = points
        .iter()
        .zip(points.iter().cycle().skip(1))
        .map(|(a, b)| {
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let len = (dx * dx + dy * dy).sqrt().max(1e-6);
            (*a, sign * dy / len, -sign * dx / len)
        })
        .collect();
    move |x, y| {
        edges
            .iter()
            .map(|(a, nx, ny)| (x - a.x) * nx + (y - a.y) * ny)
            .fold(f32::MIN, f32::max)
    }
}

fn ellipse_distance(x: f32, y: f32, rx: f32, ry: f32) -> f32 {
    let f = x * x / (rx * rx) + y * y / (ry * ry) - 1.0;
    let gx = 2.0 * x / (rx * rx);
    let gy = 2.0 * y / (ry * ry);
    let g = (gx * gx + gy * gy).sqrt().max(1e-6);
    f / g
}

/// The x interval of a convex polygon on the horizontal line `y`, if the line crosses it.
fn line_span(points: &[Point], y: f32) -> Option<(f32, f32)> {
    let mut span: Option<(f32, f32)> = None;
    for (a, b) in points.iter().zip(points.iter().cycle().skip(1)) {
        if (a.y <= y && y <= b.y || b.y <= y && y <= a.y) && a.y != b.y {
            span = widen(span, a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x));
        }
    }
    span
}

/// `span` widened to hold `x`.
fn widen(span: Option<(f32, f32)>, x: f32) -> Option<(f32, f32)> {
    Some(span.map_or((x, x), |(l, r)| (l.min(x), r.max(x))))
}

/// The x interval inside a convex polygon on every line of the band `top..bottom`: by
/// convexity, the narrower of the band's two edges.
fn band_span(points: &[Point], top: f32, bottom: f32) -> Option<(f32, f32)> {
    let (a, b) = (line_span(points, top)?, line_span(points, bottom)?);
    Some((a.0.max(b.0), a.1.min(b.1)))
}

/// The x interval a convex polygon covers anywhere in the band `top..bottom`: the wider of
/// the band's edges, widened to any corner inside the band.
fn union_span(points: &[Point], top: f32, bottom: f32) -> Option<(f32, f32)> {
    let xs = [line_span(points, top), line_span(points, bottom)]
        .into_iter()
        .flatten()
        .flat_map(|(l, r)| [l, r])
        .chain(
            points
                .iter()
                .filter(|p| top <= p.y && p.y <= bottom)
                .map(|p| p.x),
        );
    xs.fold(None, widen)
}

/// A convex polygon shrunk by `by` pixels on every side (each edge moved inwards, corners
/// where the moved edges meet).
fn inset(points: &[Point], by: f32) -> Vec<Point> {
    let sign = if signed_area(points) >= 0.0 {
        1.0
    } else {
        -1.0
    };
    let n = points.len();
    // Each edge as a point on it (moved in) and its direction.
    let lines: Vec<(Point, Point)> = (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let len = (dx * dx + dy * dy).sqrt().max(1e-6);
            let (nx, ny) = (-sign * dy / len, sign * dx / len);
            (Point::new(a.x + nx * by, a.y + ny * by), Point::new(dx, dy))
        })
        .collect();
    (0..n)
        .map(|i| {
            let (p, d) = lines[(i + n - 1) % n];
            let (q, e) = lines[i];
            let cross = d.x * e.y - d.y * e.x;
            if cross.abs() < 1e-6 {
                return q;
            }
            let t = ((q.x - p.x) * e.y - (q.y - p.y) * e.x) / cross;
            Point::new(p.x + t * d.x, p.y + t * d.y)
        })
        .collect()
}

fn bounds(points: &[Point]) -> (Point, Point) {
    let min = points.iter().fold(Point::new(f32::MAX, f32::MAX), |m, p| {
        Point::new(m.x.min(p.x), m.y.min(p.y))
    });
    let max = points.iter().fold(Point::new(f32::MIN, f32::MIN), |m, p| {
        Point::new(m.x.max(p.x), m.y.max(p.y))
    });
    (min, max)
}

fn signed_area(points: &[Point]) -> f32 {
    points
        .iter()
        .zip(points.iter().cycle().skip(1))
        .map(|(a, b)| a.x * b.y - b.x * a.y)
        .sum()
}

/// The corners of a hexagon of circumradius `r`: flat-topped when `flat`, else pointy-topped.
#[must_use]
pub fn hexagon(centre: Point, r: f32, flat: bool) -> [Point; 6] {
    let offset = if flat { 0.0 } else { 30.0_f32 };
    std::array::from_fn(|i| {
        let angle = (offset + 60.0 * i as f32).to_radians();
        Point::new(centre.x + r * angle.cos(), centre.y + r * angle.sin())
    })
}

/// The corners of an axis-aligned square of side `side` (for the square-board games).
#[must_use]
pub fn square(centre: Point, side: f32) -> [Point; 4] {
    let h = side / 2.0;
    [
        Point::new(centre.x - h, centre.y - h),
        Point::new(centre.x + h, centre.y - h),
        Point::new(centre.x + h, centre.y + h),
        Point::new(centre.x - h, centre.y + h),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn differences(a: &Canvas, b: &Canvas) -> u8 {
        a.image
            .as_raw()
            .iter()
            .zip(b.image.as_raw())
            .map(|(x, y)| x.abs_diff(*y))
            .max()
            .unwrap_or(0)
    }

    /// The span shortcut must not change a pixel: compare with the plain distance fill.
    #[test]
    fn convex_spans_match_the_plain_fill() {
        for (i, shape) in [
            hexagon(Point::new(40.3, 37.8), 29.6, true).to_vec(),
            hexagon(Point::new(41.0, 40.0), 33.2, false).to_vec(),
            square(Point::new(37.5, 42.25), 41.0).to_vec(),
            vec![
                Point::new(5.0, 70.0),
                Point::new(44.4, 3.3),
                Point::new(77.7, 61.0),
            ],
        ]
        .into_iter()
        .enumerate()
        {
            let (min, max) = bounds(&shape);
            let mut fast = Canvas::new(90, 90, [10, 20, 30]);
            let mut plain = fast.clone();
            fast.fill_convex(&shape, [200, 100, 50], 0.9);
            plain.fill_sdf(min, max, [200, 100, 50], 0.9, convex_distance(&shape));
            assert_eq!(differences(&fast, &plain), 0, "fill of shape {i}");
            let mut fast = Canvas::new(90, 90, [10, 20, 30]);
            let mut plain = fast.clone();
            fast.stroke_convex(&shape, 3.5, [200, 100, 50]);
            let distance = convex_distance(&shape);
            plain.fill_sdf(min, max, [200, 100, 50], 1.0, |x, y| {
                let d = distance(x, y);
                d.max(-d - 3.5)
            });
            assert_eq!(differences(&fast, &plain), 0, "stroke of shape {i}");
        }
    }

    #[test]
    fn ellipse_spans_match_the_plain_fill() {
        let (c, rx, ry) = (Point::new(45.5, 44.2), 31.3, 12.7);
        let mut fast = Canvas::new(90, 90, [10, 20, 30]);
        let mut plain = fast.clone();
        fast.fill_ellipse(c, rx, ry, [240, 230, 220], 1.0);
        plain.fill_sdf(
            Point::new(c.x - rx, c.y - ry),
            Point::new(c.x + rx, c.y + ry),
            [240, 230, 220],
            1.0,
            |x, y| ellipse_distance(x - c.x, y - c.y, rx, ry),
        );
        // The ellipse distance is an estimate; a whole pixel inside may read as 99 % covered.
        assert!(differences(&fast, &plain) <= 3);
    }

    #[test]
    fn sprites_keep_their_colours_when_stamped() {
        let mut sprite = Canvas::transparent(20, 20);
        sprite.fill_ellipse(Point::new(10.0, 10.0), 7.7, 7.7, [250, 0, 0], 1.0);
        let mut board = Canvas::new(40, 40, [0, 0, 250]);
        board.stamp(&sprite, 10, 10);
        assert_eq!(board.image.get_pixel(20, 20).0, [250, 0, 0, 255]);
        assert_eq!(board.image.get_pixel(2, 2).0, [0, 0, 250, 255]);
        // An edge pixel blends the two.
        let edge = board.image.get_pixel(12, 20).0;
        assert!(edge[0] > 0 && edge[2] > 0, "{edge:?}");
    }
}
