//! The shared look: palette, fonts (built into the binary), and sizes. Prepared once.

use std::sync::OnceLock;

use ab_glyph::FontRef;

use super::canvas::Colour;

/// The regular font's bytes (DejaVu Sans: Latin, Polish, Cyrillic).
pub const REGULAR_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
/// The bold font's bytes.
pub const BOLD_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");

/// The fallback font's bytes (Droid Sans Fallback: Chinese, Japanese, Korean), for the
/// characters of players' names that DejaVu lacks. 3.4 MB, the price of drawing every CJK
/// name legibly instead of as boxes.
pub const FALLBACK_TTF: &[u8] = include_bytes!("../../fonts/DroidSansFallback.ttf");

/// The fonts, parsed once.
pub struct Fonts {
    /// Labels and small text.
    pub regular: FontRef<'static>,
    /// Names, piece letters, headlines.
    pub bold: FontRef<'static>,
    /// Whatever the other two lack (CJK), for both weights: text layout falls back to it
    /// character by character.
    pub fallback: FontRef<'static>,
}

/// The fonts, parsed on first use.
///
/// # Panics
/// Never in practice: the fonts are compiled in and checked by the tests.
pub fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| Fonts {
        regular: FontRef::try_from_slice(REGULAR_TTF).expect("the bundled regular font parses"),
        bold: FontRef::try_from_slice(BOLD_TTF).expect("the bundled bold font parses"),
        fallback: FontRef::try_from_slice(FALLBACK_TTF).expect("the bundled fallback font parses"),
    })
}

/// Colours shared by every drawer. The two sides differ strongly in lightness, not only in
/// hue, so colour-blind players tell them apart (and so does a greyscale phone screen).
pub struct Palette {
    /// Behind everything.
    pub background: Colour,
    /// The header band.
    pub header: Colour,
    /// Header text.
    pub header_text: Colour,
    /// Dimmer header text.
    pub header_muted: Colour,
    /// A board cell.
    pub cell: Colour,
    /// A cell's outline.
    pub cell_edge: Colour,
    /// Cell names.
    pub label: Colour,
    /// The first side (White, South): light.
    pub light_piece: Colour,
    /// The second side (Black, North): dark.
    pub dark_piece: Colour,
    /// Outlines and rims of light pieces.
    pub light_rim: Colour,
    /// Outlines and rims of dark pieces.
    pub dark_rim: Colour,
    /// The side of a light Jumpers disc: in a stack only the sides of the discs under the
    /// top one show, so a light one's side must read as light even 400 px wide.
    pub light_side: Colour,
    /// Highlight of the last move's start.
    pub from: Colour,
    /// Highlight of the last move's end.
    pub to: Colour,
    /// The last-move arrow.
    pub arrow: Colour,
    /// Cells of the first side's goal.
    pub light_goal: Colour,
    /// Cells of the second side's goal.
    pub dark_goal: Colour,
}

/// The default theme.
pub const PALETTE: Palette = Palette {
    background: [0x2f, 0x3b, 0x2f],
    header: [0x22, 0x26, 0x2b],
    header_text: [0xf4, 0xf1, 0xea],
    header_muted: [0xb3, 0xb8, 0xbf],
    cell: [0xd9, 0xc6, 0x9b],
    cell_edge: [0x6b, 0x55, 0x33],
    label: [0x7a, 0x66, 0x45],
    light_piece: [0xfb, 0xf8, 0xf0],
    dark_piece: [0x25, 0x27, 0x33],
    light_rim: [0x8c, 0x85, 0x78],
    dark_rim: [0x0c, 0x0c, 0x12],
    light_side: [0xe2, 0xdb, 0xcc],
    from: [0xee, 0xe0, 0x8f],
    to: [0xf7, 0xc9, 0x4a],
    arrow: [0xc2, 0x3b, 0x22],
    light_goal: [0xf2, 0xe7, 0xd0],
    dark_goal: [0x8a, 0x93, 0xa3],
};

/// The width of every board picture (Discord shrinks it to about 400–550 px on screen).
pub const WIDTH: u32 = 800;
/// The height of the header band.
pub const HEADER: u32 = 64;

/// A label colour readable on `fill`: the theme's label brown on light fills, near-white on
/// dark ones (the dark side's goal cells).
#[must_use]
pub fn label_on(fill: Colour) -> Colour {
    let [r, g, b] = fill.map(u32::from);
    if (299 * r + 587 * g + 114 * b) / 1000 < 150 {
        [0xee, 0xee, 0xf2]
    } else {
        PALETTE.label
    }
}
