//! What a game's page shows at one ply, as data: the same words the board picture's header
//! says (players, whose turn or the result, the game's details), the move list in the
//! game's notation, and where the picture of that ply is. Pure: a record in, a view out;
//! the page ([`super::page`]) and the JSON answer are two ways of writing it.

use serde::Serialize;

use crate::games::AnyGame;
use crate::i18n::{self, Lang};
use crate::play::picture_header;
use crate::render::spots::Layout;
use crate::render::Header;

use super::taps::{choices, Choice};
use crate::store::{GameRecord, Request, Status, StoreError};

/// A game at one ply, in one language.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The game's number.
    pub id: u64,
    /// The game's command name (`jumpers`): the page's style hooks on it.
    pub game: &'static str,
    /// The language of every word below.
    pub lang: &'static str,
    /// "Jumpers · game #12".
    pub title: String,
    /// Each seat's player, seat order, as the picture's header names them.
    pub players: Vec<String>,
    /// The seat to move at this ply, if the game goes on there.
    pub to_move: Option<usize>,
    /// Whose turn it is at this ply, or the result (at the last ply of a finished game).
    pub status: String,
    /// The picture's second line: game number, move number, options.
    pub detail: String,
    /// The ply shown: 0 is the start, `plies` the latest position.
    pub ply: usize,
    /// How many moves the game has.
    pub plies: usize,
    /// Every move, in the game's notation; move `k` (from 1) leads to ply `k`.
    pub moves: Vec<String>,
    /// What the ply is, in words ("Move 7 of 30").
    pub position: String,
    /// How long the player to move has (a game on time, at its latest ply), or that it is
    /// paused or out of time: the board post's clock line. Filled by the page's server,
    /// which knows the time.
    pub clock: Option<String>,
    /// The picture's alternative text.
    pub board_alt: String,
    /// The board picture of this ply.
    pub board: String,
    /// Where the picture's places are, for the page's tap targets.
    pub layout: Layout,
    /// The legal moves of the player to move, as taps: only at the latest ply of a game
    /// that goes on (a page looking back plays nothing).
    pub choices: Vec<Choice>,
    /// The seat of the reader, when their personal link says who they are: the page lets
    /// them play when that seat is to move.
    pub you: Option<usize>,
    /// Why the reader's link does not let them play (forged, expired, revoked), if so.
    pub link_note: Option<String>,
    /// A proposal waiting for its answer (`draw`, `takeback`, `pause`) and the seat that
    /// made it: the page offers to decline only what another seat proposed.
    pub pending: Option<(&'static str, usize)>,
    /// The page's other words, so a page stepping by script needs no catalogue of its own.
    pub words: Words,
}

/// The page's fixed words in the view's language.
#[derive(Clone, Debug, Serialize)]
pub struct Words {
    /// The four steps' labels.
    pub first: String,
    /// See [`Words::first`].
    pub back: String,
    /// See [`Words::first`].
    pub forward: String,
    /// See [`Words::first`].
    pub last: String,
    /// The move list's heading.
    pub moves: String,
    /// The move list's first entry: the start position.
    pub start: String,
    /// How to step with the keyboard.
    pub keys: String,
    /// Said to the player whose turn it is on their own page.
    pub your_turn: String,
    /// Said to a player waiting for another's move.
    pub wait: String,
    /// Put before the tab's title while it is the reader's move, so a player with many
    /// tabs sees which game waits for them.
    pub tab_your_move: String,
    /// The buttons of the game's answers, by [`ANSWERS`](super::ANSWERS)' names.
    pub answers: Vec<(String, String)>,
    /// Asked before resigning.
    pub resign_sure: String,
    /// Said while several moves share the taps made: which one.
    pub which: String,
    /// Said when a move could not reach the server (the connection dropped).
    pub offline: String,
}

impl Words {
    fn new(lang: Lang, kind: crate::games::GameKind) -> Self {
        let t = |id: &str| i18n::text(lang, id);
        // Skakanie's actions are all buttons: nothing on its board is tapped.
        let your_turn = match kind {
            crate::games::GameKind::Skakanie => "web-your-turn-buttons",
            _ => "web-your-turn",
        };
        Self {
            first: t("web-first"),
            back: t("web-back"),
            forward: t("web-forward"),
            last: t("web-last"),
            moves: t("web-moves"),
            start: t("web-start"),
            keys: t("web-keys"),
            your_turn: t(your_turn),
            wait: t("web-wait"),
            tab_your_move: t("web-tab-your-move"),
            answers: super::ANSWERS
                .iter()
                .map(|(name, id)| ((*name).to_owned(), t(id)))
                .collect(),
            resign_sure: t("web-resign-sure"),
            which: t("web-which"),
            offline: t("web-offline"),
        }
    }
}

/// Where a game's page and pictures are, from the site's root: the one place their shape
/// is written.
#[must_use]
pub fn page_path(id: u64, ply: Option<usize>, lang: Lang) -> String {
    match ply {
        Some(ply) => format!("/games/{id}?ply={ply}&lang={lang}"),
        None => format!("/games/{id}?lang={lang}"),
    }
}

/// The picture of ply `ply`, as the page draws it (SVG; `board.png` is the same picture
/// as Discord's PNG).
#[must_use]
pub fn board_path(id: u64, ply: usize, lang: Lang) -> String {
    format!("/games/{id}/board.svg?ply={ply}&lang={lang}")
}

/// The game of `record` after its first `ply` moves (`None`: all of them; past the last:
/// the last), with the view of it in `lang`.
///
/// # Errors
/// A record whose moves do not replay (a damaged store): the page says so rather than
/// showing a position the game never had.
pub fn view(
    record: &GameRecord,
    ply: Option<usize>,
    lang: Lang,
) -> Result<(GameView, AnyGame), StoreError> {
    let plies = record.moves.len();
    let ply = ply.unwrap_or(plies).min(plies);
    let game = record.replay(ply)?;
    let Header {
        players,
        to_move,
        status,
        detail,
        progress,
        ..
    } = picture_header(record, &game, ply == plies, lang);
    // The page says where in the game it is in its own position line ("Move 12 of 12"), so
    // the picture's "move 13" would be a second, different number. A Skakanie round and
    // the actions left in it say more than the line's action count, and stay.
    let detail = match game {
        AnyGame::Skakanie(_) => detail,
        _ => detail.replacen(&format!(" · {progress}"), "", 1),
    };
    let id = record.id.0;
    let position = if ply == 0 {
        i18n::text_with(lang, "web-start-of", &[("plies", plies.into())])
    } else {
        i18n::text_with(
            lang,
            "web-ply",
            &[("ply", ply.into()), ("plies", plies.into())],
        )
    };
    let board_alt = if ply == 0 {
        i18n::text(lang, "web-board-start")
    } else {
        i18n::text_with(lang, "web-board", &[("ply", ply.into())])
    };
    let view = GameView {
        id,
        game: record.kind.name(),
        lang: lang.code(),
        title: i18n::text_with(
            lang,
            "web-title",
            &[("kind", record.kind.into()), ("game", id.into())],
        ),
        players,
        to_move,
        status,
        detail,
        ply,
        plies,
        moves: record.moves.clone(),
        position,
        board_alt,
        clock: None,
        board: board_path(id, ply, lang),
        layout: crate::render::board_layout(&game),
        choices: if ply == plies && matches!(record.status, Status::Active) {
            choices(&game, lang)
        } else {
            Vec::new()
        },
        you: None,
        link_note: None,
        pending: record.pending.map(|request| match request {
            Request::Draw(seat) => ("draw", usize::from(seat)),
            Request::Takeback(seat) => ("takeback", usize::from(seat)),
            Request::Pause(seat) => ("pause", usize::from(seat)),
        }),
        words: Words::new(lang, record.kind),
    };
    Ok((view, game))
}
