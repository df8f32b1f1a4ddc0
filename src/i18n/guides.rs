//! The teaching texts of `/rules` in every language: English lives beside each game's rules
//! (`src/games/<game>/guide.rs`), the translations in `locales/<lang>/rules/<game>.md`,
//! pages separated by a line `<!-- page -->`. A translation may have more pages than the
//! English (Russian and Polish run longer, and a page is one Discord message).

use std::sync::OnceLock;

use super::Lang;
use crate::games::GameKind;

/// The line between two pages in a translated guide.
pub const PAGE_BREAK: &str = "\n<!-- page -->\n";

/// The translated guides: `(lang, game, Markdown)`.
const TRANSLATED: &[(Lang, GameKind, &str)] = &[
    (
        Lang::Ru,
        GameKind::Jumpers,
        include_str!("../../locales/ru/rules/jumpers.md"),
    ),
    (
        Lang::Ru,
        GameKind::Gyges,
        include_str!("../../locales/ru/rules/gyges.md"),
    ),
    (
        Lang::Ru,
        GameKind::JumpSturdy,
        include_str!("../../locales/ru/rules/jump-sturdy.md"),
    ),
    (
        Lang::Ru,
        GameKind::Skakanie,
        include_str!("../../locales/ru/rules/skakanie.md"),
    ),
    (
        Lang::Pl,
        GameKind::Jumpers,
        include_str!("../../locales/pl/rules/jumpers.md"),
    ),
    (
        Lang::Pl,
        GameKind::Gyges,
        include_str!("../../locales/pl/rules/gyges.md"),
    ),
    (
        Lang::Pl,
        GameKind::JumpSturdy,
        include_str!("../../locales/pl/rules/jump-sturdy.md"),
    ),
    (
        Lang::Pl,
        GameKind::Skakanie,
        include_str!("../../locales/pl/rules/skakanie.md"),
    ),
];

/// The pages of `kind`'s guide in `lang` (English where there is no translation).
#[must_use]
pub fn pages(kind: GameKind, lang: Lang) -> &'static [&'static str] {
    static SPLIT: OnceLock<Vec<(Lang, GameKind, Vec<&'static str>)>> = OnceLock::new();
    let split = SPLIT.get_or_init(|| {
        TRANSLATED
            .iter()
            .map(|&(lang, kind, text)| {
                let pages = text
                    .split(PAGE_BREAK)
                    .map(str::trim)
                    .filter(|page| !page.is_empty())
                    .collect();
                (lang, kind, pages)
            })
            .collect()
    });
    split
        .iter()
        .find(|(l, k, _)| *l == lang && *k == kind)
        .map_or(kind.info().guide, |(_, _, pages)| pages.as_slice())
}

/// The most pages any game's guide has in any language: the highest `page:` /rules offers.
#[must_use]
pub fn most_pages() -> usize {
    Lang::ALL
        .iter()
        .flat_map(|&lang| {
            GameKind::ALL
                .iter()
                .map(move |&kind| pages(kind, lang).len())
        })
        .max()
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_a_guide_in_every_language() {
        for lang in Lang::TRANSLATED {
            for kind in GameKind::ALL {
                let pages = pages(kind, lang);
                assert!(pages.len() >= 2, "{kind} in {lang}");
                assert_ne!(pages, kind.info().guide, "{kind} in {lang} is translated");
                assert!(
                    pages.iter().all(|p| !p.contains("<!--")),
                    "{kind} in {lang}"
                );
            }
        }
    }
}
