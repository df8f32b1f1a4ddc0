//! The page's style sheet: a block of custom properties made from the pictures' palette
//! ([`crate::render::theme::PALETTE`]), then `assets/board.css`, which uses them. The page
//! and the board pictures share their colours by construction; the colours only the page
//! has (its panels, the live channel's warning, the tapping targets) stay in `board.css`.
//! Served as one file, `/assets/board.css`: still one request, and no inline style for the
//! Content-Security-Policy to allow.

use std::fmt::Write as _;
use std::sync::OnceLock;

use crate::render::canvas::Colour;
use crate::render::chart;
use crate::render::theme::PALETTE;

/// The hand-written part: layout, and the page's own colours.
const SHEET: &str = include_str!("assets/board.css");

/// The theme's colours the page uses, as custom properties: each is also given as
/// `--name-rgb` (`r, g, b`), for `rgba(var(--name-rgb), alpha)`.
#[must_use]
pub fn themed() -> [(&'static str, Colour); 7] {
    [
        // The page is the pictures' header band: its dark slate, its light text.
        ("bg", PALETTE.header),
        ("text", PALETTE.header_text),
        ("muted", PALETTE.header_muted),
        // What is current (the player to move, the ply shown, the move to make): the
        // pictures' highlight of the last move's end.
        ("accent", PALETTE.to),
        // The analysis chart's, as in its Discord picture.
        ("eval", chart::EVAL_LINE),
        ("mistake", chart::MISTAKE),
        ("blunder", chart::BLUNDER),
    ]
}

/// A colour as CSS and SVG write it (`#rrggbb`).
#[must_use]
pub fn hex([r, g, b]: Colour) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// `:root { --bg: #22262b; --bg-rgb: 34, 38, 43; … }`, from [`themed`].
#[must_use]
pub fn theme_block() -> String {
    let mut block = String::from("/* Made from render::theme by src/web/style.rs. */\n:root {");
    for (name, colour) in themed() {
        let [r, g, b] = colour;
        let _ = write!(
            block,
            " --{name}: {}; --{name}-rgb: {r}, {g}, {b};",
            hex(colour)
        );
    }
    block.push_str(" }\n");
    block
}

/// The whole sheet served at `/assets/board.css`, made once.
pub fn sheet() -> &'static str {
    static SHEET_WITH_THEME: OnceLock<String> = OnceLock::new();
    SHEET_WITH_THEME.get_or_init(|| theme_block() + SHEET)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_block_gives_each_colour_in_hex_and_as_rgb() {
        let block = theme_block();
        let [r, g, b] = PALETTE.header;
        assert!(
            block.contains(&format!("--bg: #{r:02x}{g:02x}{b:02x};")),
            "{block}"
        );
        assert!(
            block.contains(&format!("--bg-rgb: {r}, {g}, {b};")),
            "{block}"
        );
        assert!(sheet().starts_with(&block));
        assert!(sheet().ends_with(SHEET));
    }
}
