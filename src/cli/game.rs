//! `leapfrog render` and `leapfrog perft`: a position drawn (as the bot posts it, or as the
//! pages draw it) and its legal move sequences counted, the contract independent
//! implementations of the rules are checked against (`depth d: COUNT`, one line a depth).

use std::path::Path;

use anyhow::{bail, Context as _, Result};

use leapfrog::games::{AnyGame, MAX_PERFT_DEPTH};
use leapfrog::i18n::Lang;
use leapfrog::render::Header;

/// Draws `game` to `output`: an SVG (the pages' drawing) when its name ends in `.svg`, else
/// the PNG the bot posts, its words in `lang`, `last` marked as the move just played.
pub fn render(game: &AnyGame, last: Option<&str>, output: &Path, lang: Lang) -> Result<()> {
    let header = Header::for_sides(game, lang);
    let svg = output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let bytes = if svg {
        leapfrog::render::draw_svg(game, last, &header)?.into_bytes()
    } else {
        leapfrog::render::draw(game, last, &header)?.to_png()
    };
    std::fs::write(output, bytes).with_context(|| format!("writing {}", output.display()))
}

/// Prints the count of legal move sequences of each length up to `depth`; with `divide`,
/// each first move's count at `depth`, then their total.
pub fn perft(game: &super::GameArgs, depth: u32, divide: bool) -> Result<()> {
    if !(1..=MAX_PERFT_DEPTH).contains(&depth) {
        bail!("--depth must be from 1 to {MAX_PERFT_DEPTH} (deeper counts would never finish)");
    }
    let game = game.build()?;
    if divide {
        let split = game.divide(depth);
        for (mv, count) in &split {
            println!("{mv}: {count}");
        }
        println!(
            "depth {depth}: {}",
            split.iter().map(|(_, n)| n).sum::<u64>()
        );
    } else {
        for d in 1..=depth {
            println!("depth {d}: {}", game.perft(d));
        }
    }
    Ok(())
}
