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

use super::style::hex;
use super::taps::{choices, hints, Choice, Kind};
use crate::store::{GameRecord, Request, Status, StoreError};

/// A game at one ply, in one language.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The game's number.
    pub id: u64,
    /// The game's command name (`jumpers`): the page's style hooks on it.
    pub game: &'static str,
    /// Where the page is (`/games/12`, a player's `/puzzles/…`): its steps' addresses, and,
    /// under `/api`, what its script reads and sends to.
    pub page: String,
    /// The language of every word below.
    pub lang: &'static str,
    /// "Jumpers · game #12".
    pub title: String,
    /// Each seat's player, seat order, as the picture's header names them.
    pub players: Vec<String>,
    /// Each seat as the page shows it beside the board, seat order: name, side, colours,
    /// and the facts the picture's panels draw.
    pub seats: Vec<SeatView>,
    /// The seat shown below the board (the reader's, or the side drawn at the bottom);
    /// the others are shown above it.
    pub bottom: usize,
    /// Whether the board is drawn turned (see [`crate::render::Frame`]).
    pub turned: bool,
    /// Whether the board can be turned at all (a spectator's choice).
    pub turnable: bool,
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
    /// A finished game's analysis (the same as `/analyse`'s), where the game is one it
    /// takes: the site adds it ([`crate::play::Play::analysis_view`]).
    pub analysis: Option<crate::play::AnalysisView>,
    /// On a puzzle page, the puzzle's own parts (see [`super::puzzle`]).
    pub puzzle: Option<PuzzleBits>,
}

/// What a puzzle page shows besides the board.
#[derive(Clone, Debug, Serialize)]
pub struct PuzzleBits {
    /// Whether it is still to solve, solved or missed.
    pub state: crate::play::PuzzleState,
    /// What the last move on the page came to ("Correct: …"), said once, as `/puzzle`
    /// says it; empty on a page read afresh.
    pub said: String,
    /// The player's puzzle rating, and what the last attempt did to it.
    pub rating: String,
    /// The button that gives the next puzzle.
    pub next: String,
}

/// One player as the page shows them above or below the board.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// The player's name.
    pub name: String,
    /// Their side ("White"), in the reader's words.
    pub side: String,
    /// Their colour (`#rrggbb`): the face of their pieces.
    pub face: String,
    /// The rim of their pieces, which outlines the face.
    pub rim: String,
    /// The facts of the seat ("12 men"), or nothing.
    pub words: String,
    /// The sizes of the Gygès pieces they still have to place: tapped to place one.
    pub hand: Vec<u8>,
}

/// Who reads the page, and how they asked to see the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reader {
    /// The reader's seat, when their personal link says who they are.
    pub seat: Option<usize>,
    /// The board turned (`Some(true)`) or not, when the address says so; otherwise each
    /// player sees their own side at the bottom.
    pub turned: Option<bool>,
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
    /// What the next tap does, by the kind of move and the taps made (see
    /// [`super::taps::hints`]).
    pub hints: Vec<(Kind, Vec<String>)>,
    /// The link that turns the board.
    pub turn_board: String,
    /// The label of the box a move is typed in (the same notation and parser as `/move`),
    /// and its button.
    pub typed: (String, String),
    /// Said to screen readers when a move arrives: "Move { ply }: { move }", with `{ply}`
    /// and `{move}` for the page to fill.
    pub played: String,
}

impl Words {
    fn new(lang: Lang, game: &AnyGame) -> Self {
        let t = |id: &str| i18n::text(lang, id);
        // Skakanie's actions are all buttons: nothing on its board is tapped. A Gygès
        // piece in hand is placed on the home row.
        let your_turn = match game {
            AnyGame::Skakanie(_) => "web-your-turn-buttons",
            AnyGame::Gyges(g) if g.position().placing() => "web-your-turn-place",
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
            hints: hints(lang),
            turn_board: t("web-turn-board"),
            typed: (t("web-typed-label"), t("web-typed-play")),
            played: i18n::text_with(
                lang,
                "web-played",
                &[("ply", "{ply}".into()), ("move", "{move}".into())],
            ),
        }
    }
}

/// Where a game's page and pictures are, from the site's root: the one place their shape
/// is written. `turned` keeps a board turned (or not) as its reader chose.
#[must_use]
pub fn page_path(id: u64, ply: Option<usize>, lang: Lang, turned: Option<bool>) -> String {
    path_at(&format!("/games/{id}"), ply, lang, turned)
}

/// The page at `page` (a [`GameView::page`]) at `ply` in `lang`, turned or not.
#[must_use]
pub fn path_at(page: &str, ply: Option<usize>, lang: Lang, turned: Option<bool>) -> String {
    let ply = ply.map_or(String::new(), |ply| format!("ply={ply}&"));
    format!("{page}?{ply}lang={lang}{}", turned_query(turned))
}

/// `&turned=1` (or `0`), when the reader chose.
fn turned_query(turned: Option<bool>) -> String {
    turned.map_or(String::new(), |t| format!("&turned={}", u8::from(t)))
}

/// The picture of ply `ply`, as the page draws it (SVG, the board alone, `turned` or
/// not; `board.png` is Discord's picture, header and all).
#[must_use]
pub fn board_path(id: u64, ply: usize, lang: Lang, turned: bool) -> String {
    format!(
        "/games/{id}/board.svg?ply={ply}&lang={lang}{}",
        turned_query(Some(turned))
    )
}

/// Where position `ply` of `plies` is, in words: "Move 7 of 12", "Start position, 12 moves
/// in all". The page's position line, and the name of each column of the analysis chart.
#[must_use]
pub fn position_words(lang: Lang, ply: usize, plies: usize) -> String {
    if ply == 0 {
        i18n::text_with(lang, "web-start-of", &[("plies", plies.into())])
    } else {
        i18n::text_with(
            lang,
            "web-ply",
            &[("ply", ply.into()), ("plies", plies.into())],
        )
    }
}

/// The game of `record` after its first `ply` moves (`None`: all of them; past the last:
/// the last), with the view of it in `lang` for `reader`.
///
/// # Errors
/// A record whose moves do not replay (a damaged store): the page says so rather than
/// showing a position the game never had.
pub fn view(
    record: &GameRecord,
    ply: Option<usize>,
    lang: Lang,
    reader: Reader,
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
    let position = position_words(lang, ply, plies);
    let board_alt = if ply == 0 {
        i18n::text(lang, "web-board-start")
    } else {
        i18n::text_with(lang, "web-board", &[("ply", ply.into())])
    };
    let turnable = crate::render::turns(&game);
    let drawn_bottom = crate::render::bottom_seat(&game);
    // A player sees their own side at the bottom, unless they asked otherwise.
    let turned = turnable
        && reader
            .turned
            .unwrap_or_else(|| reader.seat.is_some_and(|seat| seat != drawn_bottom));
    let bottom = match (reader.seat, turnable) {
        (Some(seat), false) => seat,
        _ if turned => 1 - drawn_bottom,
        _ => drawn_bottom,
    };
    let seats = crate::render::seats::seat_facts(&game, lang)
        .into_iter()
        .zip(&players)
        .map(|(facts, name)| SeatView {
            name: name.clone(),
            side: facts.side,
            face: hex(facts.marks.0),
            rim: hex(facts.marks.1),
            words: facts.words,
            hand: facts.hand,
        })
        .collect();
    let view = GameView {
        id,
        game: record.kind.name(),
        page: format!("/games/{id}"),
        lang: lang.code(),
        title: i18n::text_with(
            lang,
            "web-title",
            &[("kind", record.kind.into()), ("game", id.into())],
        ),
        players,
        seats,
        bottom,
        turned,
        turnable,
        to_move,
        status,
        detail,
        ply,
        plies,
        moves: record.moves.clone(),
        position,
        board_alt,
        clock: None,
        board: board_path(id, ply, lang, turned),
        layout: crate::render::board_layout(&game, turned),
        choices: if ply == plies && matches!(record.status, Status::Active) {
            choices(&game, lang)
        } else {
            Vec::new()
        },
        you: reader.seat,
        link_note: None,
        pending: record.pending.map(|request| match request {
            Request::Draw(seat) => ("draw", usize::from(seat)),
            Request::Takeback(seat) => ("takeback", usize::from(seat)),
            Request::Pause(seat) => ("pause", usize::from(seat)),
        }),
        words: Words::new(lang, &game),
        analysis: None,
        puzzle: None,
    };
    Ok((view, game))
}
