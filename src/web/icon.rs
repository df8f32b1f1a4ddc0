//! The tab's icon, in the theme's colours: a board's disc on the page's slate, lit in the
//! highlight colour while it is the reader's move, so a player with many tabs sees which
//! game waits for them even where the title is cut to nothing. Two small SVG documents,
//! served from the site itself (the page's policy lets it load images from nowhere else).

use super::style::hex;
use crate::render::theme::PALETTE;

/// Where the icon is: quiet, or saying "your move".
#[must_use]
pub fn path(your_move: bool) -> &'static str {
    if your_move {
        "/assets/icon-your-move.svg"
    } else {
        "/assets/icon.svg"
    }
}

/// The icon as an SVG document.
#[must_use]
pub fn svg(your_move: bool) -> String {
    let (face, rim) = if your_move {
        (PALETTE.to, PALETTE.header_text)
    } else {
        (PALETTE.header_muted, PALETTE.header_text)
    };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 32 32\">\
         <rect width=\"32\" height=\"32\" rx=\"6\" fill=\"{bg}\"/>\
         <circle cx=\"16\" cy=\"16\" r=\"11\" fill=\"{face}\" stroke=\"{rim}\" stroke-width=\"3\"/></svg>",
        bg = hex(PALETTE.header),
        face = hex(face),
        rim = hex(rim),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_icons_differ_only_in_the_discs_colour() {
        let (quiet, lit) = (svg(false), svg(true));
        assert_ne!(quiet, lit);
        assert!(lit.contains(&hex(PALETTE.to)), "{lit}");
        assert!(!quiet.contains(&hex(PALETTE.to)), "{quiet}");
        assert_ne!(path(false), path(true));
    }
}
