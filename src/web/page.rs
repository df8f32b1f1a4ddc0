//! A game's page as HTML: whole on its own (every step is a link, so it reads and steps
//! without a script), and stepped in place by `assets/board.js` where scripts run. Every
//! text from a player (names) or a catalogue goes through [`escape`]; names are isolated
//! (`<bdi>`) so a right-to-left name cannot turn the line around it.

use std::fmt::Write as _;

use super::view::{path_at, GameView};
use crate::i18n::Lang;

/// `text` safe inside an HTML element or a quoted attribute.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The page of `view`; opened inside the Discord Activity of application `in_discord`, it
/// also keeps the Embedded App SDK's connection to Discord.
#[must_use]
pub fn game_page(
    view: &GameView,
    token: Option<&str>,
    in_discord: Option<u64>,
    lang: Lang,
) -> String {
    let e = |text: &str| escape(text);
    let turned = view.turnable.then_some(view.turned);
    let link = |ply: usize| escape(&path_at(&view.page, Some(ply), lang, turned));
    let (above, below) = seat_rows(view);
    let turn_link = if view.turnable {
        format!(
            "<a class=\"turn-board\" id=\"turn\" href=\"{}\">{}</a>",
            escape(&path_at(
                &view.page,
                Some(view.ply),
                lang,
                Some(!view.turned)
            )),
            e(&view.words.turn_board)
        )
    } else {
        String::new()
    };
    let mut moves = format!(
        "<li><a href=\"{}\" data-ply=\"0\"{}>{}</a></li>",
        link(0),
        current(view.ply == 0),
        e(&view.words.start)
    );
    for (i, notation) in view.moves.iter().enumerate() {
        let ply = i + 1;
        let _ = write!(
            moves,
            "<li value=\"{ply}\"><a href=\"{}\" data-ply=\"{ply}\"{}>{}</a></li>",
            link(ply),
            current(view.ply == ply),
            e(notation)
        );
    }
    // Always links, so a page stepped by script can turn a step on again; one that leads
    // nowhere from here is marked off.
    let step = |label: &str, key: &str, to: usize, enabled: bool| {
        let off = if enabled {
            ""
        } else {
            " off\" aria-disabled=\"true\" tabindex=\"-1"
        };
        format!(
            "<a class=\"step{off}\" data-step=\"{key}\" href=\"{}\">{}</a>",
            link(to),
            e(label)
        )
    };
    let (ply, plies) = (view.ply, view.plies);
    let steps = [
        step(&view.words.first, "first", 0, ply > 0),
        step(&view.words.back, "back", ply.saturating_sub(1), ply > 0),
        step(
            &view.words.forward,
            "forward",
            (ply + 1).min(plies),
            ply < plies,
        ),
        step(&view.words.last, "last", plies, ply < plies),
    ]
    .concat();
    format!(
        "<!doctype html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"icon\" id=\"icon\" href=\"{icon}\">\n<link rel=\"stylesheet\" href=\"/assets/board.css\">\n\
         <script src=\"/assets/board.js\" defer></script>\n{sdk}</head>\n\
         <body data-game=\"{game}\" data-id=\"{id}\" data-page=\"{page}\"{live} data-lang=\"{lang}\" data-ply=\"{ply}\" \
         data-plies=\"{plies}\" data-turned=\"{turned}\"{token}{client}>\n<main>\n<h1>{title}</h1>\n\
         <p class=\"status\" id=\"status\">{status}</p>\n<p class=\"detail\" id=\"detail\">{detail}</p>\n\
         <p class=\"clock\" id=\"clock\">{clock}</p>\n\
         <div class=\"seats\" id=\"above\">{above}</div>\n\
         <figure id=\"figure\"><img id=\"board\" src=\"{board}\" alt=\"{alt}\" width=\"{width}\" height=\"{height}\"></figure>\n\
         <div class=\"seats\" id=\"below\">{below}</div>\n{turn_link}\n\
         <p class=\"live\" id=\"live\" role=\"status\" hidden>{lost}</p>\n\
         <div class=\"controls\"><p class=\"note\" id=\"note\" role=\"status\" aria-live=\"polite\"></p>\
         <div class=\"buttons\" id=\"buttons\"></div>\
         <form class=\"typed\" id=\"typed\" hidden><label for=\"typed-move\">{typed_label}</label>\
         <input id=\"typed-move\" name=\"move\" autocomplete=\"off\" autocapitalize=\"off\" spellcheck=\"false\">\
         <button type=\"submit\">{typed_play}</button></form>\
         <p class=\"said\" id=\"said\" aria-live=\"polite\"></p></div>\n{puzzle}\
         <nav class=\"steps\">{steps}</nav>\n<p class=\"position\" id=\"position\">{position}</p>\n{analysis}\
         <section class=\"moves\"><h2>{moves_title}</h2><ol start=\"0\" id=\"moves\">{moves}</ol></section>\n\
         <p class=\"keys\">{keys}</p>\n</main>\n</body>\n</html>\n",
        token = token.map_or(String::new(), |t| format!(" data-token=\"{}\"", e(t))),
        sdk = if in_discord.is_some() {
            "<script src=\"/assets/activity.js\" defer></script>\n"
        } else {
            ""
        },
        client = in_discord.map_or(String::new(), |id| format!(" data-client-id=\"{id}\"")),
        title = e(&view.title),
        icon = super::icon::path(false),
        turned = u8::from(view.turned),
        width = view.layout.width,
        height = view.layout.height,
        game = e(view.game),
        id = view.id,
        page = e(&view.page),
        // A game is followed live; a puzzle changes only by its player's own moves.
        live = if view.puzzle.is_some() {
            String::new()
        } else {
            format!(" data-live=\"/api{}/events\"", e(&view.page))
        },
        puzzle = view.puzzle.as_ref().map_or(String::new(), |bits| {
            super::puzzle::section(bits, &super::puzzle::next_path(&view.page, &format!("lang={lang}")))
        }),
        status = e(&view.status),
        detail = e(&view.detail),
        clock = e(view.clock.as_deref().unwrap_or("")),
        board = e(&view.board),
        alt = e(&view.board_alt),
        position = e(&view.position),
        moves_title = e(&view.words.moves),
        keys = e(&view.words.keys),
        analysis = view.analysis.as_ref().map_or(String::new(), |analysis| {
            let shown = super::analysis::Shown {
                ply: view.ply,
                plies: view.plies,
                lang,
                link: &|p| path_at(&view.page, Some(p), lang, turned),
            };
            super::analysis::section(analysis, &shown)
        }),
        typed_label = e(&view.words.typed.0),
        typed_play = e(&view.words.typed.1),
        // Shown by the script while the page's live channel is down.
        lost = e(&crate::i18n::text(lang, "web-lost")),
    )
}

/// The players above the board and the one below it (see [`GameView::bottom`]), as HTML:
/// each with a disc in their colour, their name and side, and the facts of their seat (a
/// Gygès hand as pictures of its pieces, tapped to place one). `assets/board.js` draws the
/// same from the view as the game goes on.
fn seat_rows(view: &GameView) -> (String, String) {
    let mut above = String::new();
    let mut below = String::new();
    for (seat, facts) in view.seats.iter().enumerate() {
        let mut classes = String::from("seat");
        if view.to_move == Some(seat) {
            classes.push_str(" turn");
        }
        if view.you == Some(seat) {
            classes.push_str(" you");
        }
        let mut hand = String::new();
        for size in &facts.hand {
            let _ = write!(
                hand,
                "<button type=\"button\" class=\"hand\" data-tap=\"{tap}\" disabled>\
                 <img src=\"{src}\" alt=\"{size}\" width=\"32\" height=\"32\"></button>",
                tap = super::taps::hand_spot(*size),
                src = piece_path(*size),
            );
        }
        let row = format!(
            "<div class=\"{classes}\" data-seat=\"{seat}\"><svg class=\"disc\" viewBox=\"0 0 20 20\" \
             aria-hidden=\"true\"><circle cx=\"10\" cy=\"10\" r=\"8\" fill=\"{face}\" stroke=\"{rim}\" \
             stroke-width=\"2.5\"/></svg><span class=\"who\"><bdi class=\"name\">{name}</bdi> \
             <span class=\"side\">{side}</span></span><span class=\"words\">{words}</span>\
             <span class=\"hand\">{hand}</span></div>",
            face = escape(&facts.face),
            rim = escape(&facts.rim),
            name = escape(&facts.name),
            side = escape(&facts.side),
            words = escape(&facts.words),
        );
        if seat == view.bottom {
            below = row;
        } else {
            above.push_str(&row);
        }
    }
    (above, below)
}

/// The picture of a Gygès piece of `size`, as a hand shows it.
#[must_use]
pub fn piece_path(size: u8) -> String {
    format!("/assets/gyges/{size}.svg")
}

/// The attribute marking the ply shown in the move list.
fn current(shown: bool) -> &'static str {
    if shown {
        " aria-current=\"step\""
    } else {
        ""
    }
}

/// `text` escaped ([`escape`]), each `**…**` of Discord's markdown made `<strong>`.
pub fn bold(text: &str) -> String {
    let parts: Vec<&str> = text.split("**").collect();
    // An odd `**` left alone is written as it was.
    let pairs = parts.len() % 2 == 1;
    parts
        .iter()
        .enumerate()
        .map(
            |(i, part)| match (i % 2 == 1, pairs || i + 1 < parts.len()) {
                (true, true) => format!("<strong>{}</strong>", escape(part)),
                (true, false) => format!("**{}", escape(part)),
                (false, _) => escape(part),
            },
        )
        .collect()
}

/// A page that only says why there is nothing to show (an unknown game, a bad number).
#[must_use]
pub fn message_page(text: &str, lang: Lang) -> String {
    format!(
        "<!doctype html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Leapfrog</title>\n<link rel=\"stylesheet\" href=\"/assets/board.css\">\n</head>\n\
         <body>\n<main>\n<p class=\"message\">{}</p>\n</main>\n</body>\n</html>\n",
        escape(text)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bold_marks_become_strong_and_everything_is_escaped() {
        assert_eq!(bold("**T1** · <b>"), "<strong>T1</strong> · &lt;b&gt;");
        assert_eq!(bold("a ** b"), "a ** b");
        assert_eq!(bold("plain"), "plain");
        assert_eq!(bold("**a** **b**"), "<strong>a</strong> <strong>b</strong>");
    }
}
