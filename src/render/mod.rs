//! Position → PNG: a shared drawing kit ([`canvas`], [`theme`]) and one drawer per game.
//!
//! The renderer is a pure function of a small view (position, last move, header texts): it
//! knows nothing of the store or of Discord. Everything static (fonts, the empty boards) is
//! prepared once per process and shared.

pub mod canvas;
pub mod chart;
pub mod disc;
pub mod encode;
pub mod gyges;
pub mod jump_sturdy;
pub mod jumpers;
pub mod seats;
pub mod skakanie;
pub mod spots;
pub mod standings;
pub mod theme;
pub mod vector;

use crate::games::gyges::Move as GygesMove;
use crate::games::jump_sturdy::{Move as JumpSturdyMove, Square};
use crate::games::jumpers::Move as JumpersMove;
use crate::games::{AnyGame, Outcome, Seat};
use crate::i18n::{self, Lang};

use canvas::{fit_text, text_width, Canvas, Colour, Point};
use theme::{fonts, HEADER, PALETTE, WIDTH};

/// The texts of a picture's header band.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// Each seat's label ("alice (White)"), seat order.
    pub players: Vec<String>,
    /// The seat to move, if the game goes on (its name is underlined).
    pub to_move: Option<usize>,
    /// Whose turn it is, or the result.
    pub status: String,
    /// The second line: game number, move number, options that differ from the defaults.
    pub detail: String,
    /// The part of [`Header::detail`] that says how far the game is (`move 13`, `round 4,
    /// 2 actions left`): a page that shows its own position line leaves it out.
    pub progress: String,
    /// The language of the picture's own words (a game's labels, "vs"): the server's.
    pub lang: Lang,
}

impl Header {
    /// The header of `game`: `names` in seat order, whose turn it is or the result, the move
    /// number and the options that differ from the defaults. `ended` is a result the rules
    /// cannot see (a resignation, an agreed draw); without it the result is the rules' own.
    #[must_use]
    pub fn for_game(game: &AnyGame, names: Vec<String>, ended: Option<String>, lang: Lang) -> Self {
        let outcome = game.outcome();
        let finished = ended.is_some() || outcome.is_finished();
        let side = |seat: Seat| i18n::side_name(lang, &game.seat_name(seat));
        let status = match (ended, &outcome) {
            (Some(text), _) => text,
            (None, Outcome::Ongoing) => {
                // A Skakanie player plays a turn of several actions rather than a move.
                let verb = if matches!(game, AnyGame::Skakanie(_)) {
                    "play"
                } else {
                    "move"
                };
                i18n::text_with(
                    lang,
                    "board-to-move",
                    &[("side", side(game.to_move()).into()), ("verb", verb.into())],
                )
            }
            (None, Outcome::Win(seat)) => {
                i18n::text_with(lang, "board-wins", &[("side", side(*seat).into())])
            }
            (None, Outcome::SharedWin(seats)) => {
                let names =
                    i18n::and_list(lang, seats.iter().map(|&s| side(s))).unwrap_or_default();
                i18n::text_with(lang, "board-share-win", &[("sides", names.into())])
            }
            (None, Outcome::Draw(_)) => i18n::text(lang, "board-draw"),
        };
        let to_move = (!finished).then(|| usize::from(game.to_move().0));
        let progress = match game {
            // A Skakanie turn is several actions: count rounds, and say what is left.
            AnyGame::Skakanie(g) => {
                let round = g.position().round();
                let left = g.position().actions_left();
                if finished {
                    i18n::text_with(lang, "board-rounds-played", &[("count", round.into())])
                } else {
                    i18n::text_with(
                        lang,
                        "board-round-left",
                        &[("round", round.into()), ("count", left.into())],
                    )
                }
            }
            _ => {
                let plies = game.moves().len();
                if finished {
                    i18n::text_with(lang, "board-moves-played", &[("count", plies.into())])
                } else {
                    i18n::text_with(lang, "board-move-number", &[("number", (plies + 1).into())])
                }
            }
        };
        let options = game.non_default_options();
        let mut detail = format!("{} · {progress}", i18n::game_title(lang, game.kind()));
        if !options.is_empty() {
            let words = i18n::option_words(lang, game.kind(), &options);
            detail.push_str(&format!(" · {words}"));
        }
        Self {
            players: names,
            to_move,
            status,
            detail,
            progress,
            lang,
        }
    }

    /// The header of a picture without players (a puzzle's, a position's drawn from the
    /// command line): each seat named by its side ("White", "Black") in `lang`.
    #[must_use]
    pub fn for_sides(game: &AnyGame, lang: Lang) -> Self {
        let names = Self::seat_names(game)
            .iter()
            .map(|name| i18n::side_name(lang, name))
            .collect();
        Self::for_game(game, names, None, lang)
    }

    /// The seats' own names ("White", "Black"), as the rules call them.
    #[must_use]
    pub fn seat_names(game: &AnyGame) -> Vec<String> {
        (0..game.seat_count())
            .filter_map(|s| u8::try_from(s).ok())
            .map(|s| game.seat_name(Seat(s)))
            .collect()
    }
}

/// A background of `height` pixels for a drawer to prepare once: the picture's colour with
/// the header band already painted, so a picture only draws the header's texts.
#[must_use]
pub fn empty_picture(height: u32) -> Canvas {
    let mut canvas = Canvas::new(WIDTH, height, PALETTE.background);
    canvas.fill_rect(0, 0, WIDTH as i32, HEADER as i32, PALETTE.header);
    canvas
}

/// Draws the header's texts: players with their side's disc, status, details, over the
/// band of a background from [`empty_picture`].
/// `marks` gives each seat's colours (face, rim) as its drawer paints its pieces.
pub fn draw_header(canvas: &mut Canvas, header: &Header, marks: &[(Colour, Colour)]) {
    let fonts = fonts();
    let status_width = text_width(19.0, &fonts.bold, &header.status);
    // "vs" between two players; between three or four, the seat discs part the names and
    // a word repeated three times would leave them no room.
    let vs = if header.players.len() > 2 {
        String::new()
    } else {
        i18n::text(header.lang, "common-versus").trim().to_owned()
    };
    let vs_width = if vs.is_empty() {
        8.0
    } else {
        text_width(19.0, &fonts.regular, &vs) + 10.0
    };
    // Names share what the status leaves; a long one is cut with an ellipsis.
    let seats = header.players.len().max(1) as f32;
    let room = WIDTH as f32 - 28.0 - status_width - 24.0 - (seats - 1.0) * vs_width;
    let name_room = room / seats - 36.0;
    let mut x = 14.0;
    for (seat, name) in header.players.iter().enumerate() {
        if seat > 0 && !vs.is_empty() {
            canvas.text(
                Point::new(x, 9.0),
                19.0,
                &fonts.regular,
                PALETTE.header_muted,
                &vs,
            );
        }
        if seat > 0 {
            x += vs_width;
        }
        let (face, rim) = marks[seat % marks.len().max(1)];
        canvas.fill_ellipse(Point::new(x + 9.0, 21.0), 9.0, 9.0, rim, 1.0);
        canvas.fill_ellipse(Point::new(x + 9.0, 21.0), 7.5, 7.5, face, 1.0);
        x += 24.0;
        let name = fit_text(19.0, &fonts.bold, name, name_room);
        canvas.text(
            Point::new(x, 8.0),
            19.0,
            &fonts.bold,
            PALETTE.header_text,
            &name,
        );
        let width = text_width(19.0, &fonts.bold, &name);
        if header.to_move == Some(seat) {
            canvas.line(
                Point::new(x, 33.0),
                Point::new(x + width, 33.0),
                3.0,
                PALETTE.to,
                1.0,
            );
        }
        x += width + 12.0;
    }
    canvas.text(
        Point::new(WIDTH as f32 - 14.0 - status_width, 8.0),
        19.0,
        &fonts.bold,
        PALETTE.to,
        &header.status,
    );
    let detail = fit_text(15.0, &fonts.regular, &header.detail, WIDTH as f32 - 28.0);
    canvas.text(
        Point::new(14.0, 39.0),
        15.0,
        &fonts.regular,
        PALETTE.header_muted,
        &detail,
    );
}

/// Why a picture could not be drawn as asked (only the CLI's `--last` can be wrong).
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The last move is not a move of this game.
    #[error(transparent)]
    Syntax(#[from] crate::games::ParseMoveError),
    /// The last move names a cell the board does not have.
    #[error("the last move {0} names a cell this board does not have")]
    OffBoard(String),
}

/// The picture of a game's current position with its last move marked, as PNG bytes.
#[must_use]
pub fn render(game: &AnyGame, header: &Header) -> Vec<u8> {
    draw(game, None, header)
        .expect("a game's own last move is always drawable")
        .to_png()
}

/// Where the places of `game`'s board are on its picture (see [`spots`]).
#[must_use]
pub fn layout(game: &AnyGame) -> spots::Layout {
    let (height, spots) = match game {
        AnyGame::Jumpers(g) => (jumpers::HEIGHT, jumpers::spots(g.position())),
        AnyGame::Gyges(g) => (gyges::HEIGHT, gyges::spots(g.position(), false)),
        AnyGame::JumpSturdy(_) => (jump_sturdy::HEIGHT, jump_sturdy::spots(false)),
        AnyGame::Skakanie(g) => (
            skakanie::height(
                crate::games::Rules::options(g.position()).players,
                Frame::Picture,
            ),
            Vec::new(),
        ),
    };
    spots::Layout {
        width: WIDTH,
        height,
        spots,
    }
}

/// The picture of [`draw`] as an SVG document, drawn by the same code in the same theme
/// (see [`vector`]): sharp at any size.
///
/// # Errors
/// As [`draw`].
pub fn draw_svg(
    game: &AnyGame,
    last: Option<&str>,
    header: &Header,
) -> Result<String, RenderError> {
    vector::vector(|| draw(game, last, header)).map(|canvas| canvas.to_svg())
}

/// What a drawing is for. Discord's picture says everything in one image; the game's page
/// writes the players, their hands and scores in HTML around the board, so its board is
/// drawn alone, and turned for the player who sits at the top.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Frame {
    /// Discord's picture: header band, board, and the panels beside it.
    #[default]
    Picture,
    /// The page's board: no header texts and no panels; `turned` by half a turn, so the
    /// side drawn at the top in the picture sits at the bottom.
    Board {
        /// Whether the board is turned.
        turned: bool,
    },
}

impl Frame {
    /// Whether the panels beside the board (hands, men counted, legends) are drawn.
    #[must_use]
    pub fn panels(self) -> bool {
        self == Self::Picture
    }

    /// Whether the board is turned.
    #[must_use]
    pub fn turned(self) -> bool {
        matches!(self, Self::Board { turned: true })
    }
}

/// Whether `game`'s board can be turned: the games of two sides facing each other across
/// the board. Jumpers' board lies on its side (each side's gates left and right), and
/// Skakanie's table has no sides.
#[must_use]
pub fn turns(game: &AnyGame) -> bool {
    matches!(game, AnyGame::Gyges(_) | AnyGame::JumpSturdy(_))
}

/// The seat whose side the picture draws at the bottom (Gygès' South, Jump Sturdy's Blue);
/// a turned board puts the other there.
#[must_use]
pub fn bottom_seat(game: &AnyGame) -> usize {
    match game {
        AnyGame::Gyges(_) => gyges::BOTTOM_SEAT,
        AnyGame::JumpSturdy(_) => jump_sturdy::BOTTOM_SEAT,
        AnyGame::Jumpers(_) | AnyGame::Skakanie(_) => 0,
    }
}

/// Each seat's colours (face, rim), as its pieces and its disc beside its name are drawn:
/// the page marks its players with the same.
#[must_use]
pub fn seat_marks(game: &AnyGame) -> Vec<(Colour, Colour)> {
    match game {
        AnyGame::Jumpers(_) => jumpers::MARKS.to_vec(),
        AnyGame::Gyges(_) => gyges::marks().to_vec(),
        AnyGame::JumpSturdy(_) => jump_sturdy::marks().to_vec(),
        AnyGame::Skakanie(_) => skakanie::SEAT_COLOURS.to_vec(),
    }
}

/// The part of `game`'s picture that is its board (with its coordinates and goals).
#[must_use]
pub fn board_area(game: &AnyGame) -> spots::Area {
    match game {
        AnyGame::Jumpers(_) => spots::Area {
            x: 0,
            y: HEADER,
            width: WIDTH,
            height: jumpers::HEIGHT - HEADER,
        },
        AnyGame::Gyges(_) => gyges::BOARD_AREA,
        AnyGame::JumpSturdy(_) => jump_sturdy::BOARD_AREA,
        AnyGame::Skakanie(g) => spots::Area {
            x: 0,
            y: HEADER,
            width: skakanie::BOARD_WIDTH,
            height: skakanie::height(
                crate::games::Rules::options(g.position()).players,
                Frame::Board { turned: false },
            ) - HEADER,
        },
    }
}

/// The board alone, as the game's page shows it between its players: [`draw_svg`]'s
/// drawing in the [`Frame::Board`] frame, its view cut to [`board_area`]. Discord's PNG
/// keeps its header and panels. Its places are [`board_layout`]'s.
///
/// # Errors
/// As [`draw`].
pub fn draw_board_svg(
    game: &AnyGame,
    last: Option<&str>,
    header: &Header,
    turned: bool,
) -> Result<String, RenderError> {
    let frame = Frame::Board {
        turned: turned && turns(game),
    };
    vector::vector(|| draw_framed(game, last, header, frame))
        .map(|canvas| canvas.to_svg_within(board_area(game)))
}

/// Where the places of `game`'s board are on [`draw_board_svg`]'s picture.
#[must_use]
pub fn board_layout(game: &AnyGame, turned: bool) -> spots::Layout {
    let turned = turned && turns(game);
    let mut layout = layout(game);
    match game {
        AnyGame::Gyges(g) if turned => layout.spots = gyges::spots(g.position(), true),
        AnyGame::JumpSturdy(_) if turned => layout.spots = jump_sturdy::spots(true),
        _ => {}
    }
    layout.within(board_area(game))
}

/// The picture before encoding. `last` overrides the game's own last move (the CLI's
/// `--last`, for a position given as text).
///
/// # Errors
/// A `last` that is not a move of this game, or leaves the board.
pub fn draw(game: &AnyGame, last: Option<&str>, header: &Header) -> Result<Canvas, RenderError> {
    draw_framed(game, last, header, Frame::Picture)
}

/// [`draw`] for `frame`: Discord's picture, or the page's board (drawn whole, to be cut to
/// [`board_area`]).
///
/// # Errors
/// As [`draw`].
pub fn draw_framed(
    game: &AnyGame,
    last: Option<&str>,
    header: &Header,
    frame: Frame,
) -> Result<Canvas, RenderError> {
    match game {
        AnyGame::Jumpers(g) => {
            let last = match last {
                Some(text) => Some(text.parse::<JumpersMove>()?),
                None => g.moves().last().copied(),
            };
            let last = match last {
                Some(JumpersMove::Go { from, to }) => {
                    let geometry = g.position().geometry();
                    if geometry.index(from).is_none() || geometry.index(to).is_none() {
                        return Err(RenderError::OffBoard(format!("{from}-{to}")));
                    }
                    Some((from, to))
                }
                _ => None,
            };
            Ok(jumpers::draw(&jumpers::View {
                position: g.position(),
                last,
                header,
                frame,
            }))
        }
        AnyGame::Gyges(g) => {
            let (last, path) = match last {
                Some(text) => (Some(text.parse::<GygesMove>()?), None),
                None => {
                    let last = g.moves().last().copied();
                    let path = g.previous().zip(last).and_then(|(p, mv)| p.path_of(&mv));
                    (last, path)
                }
            };
            Ok(gyges::draw(&gyges::View {
                position: g.position(),
                last,
                path,
                header,
                frame,
            }))
        }
        AnyGame::JumpSturdy(g) => {
            let (last, captured) = match last {
                Some(text) => (Some(text.parse::<JumpSturdyMove>()?), false),
                None => (g.moves().last().copied(), g.position().last_was_capture()),
            };
            if let Some(mv) = last {
                for square in [mv.from, mv.to] {
                    if Square::at(square.file(), square.rank()).is_none() {
                        return Err(RenderError::OffBoard(mv.to_string()));
                    }
                }
            }
            Ok(jump_sturdy::draw(&jump_sturdy::View {
                position: g.position(),
                last,
                captured,
                header,
                frame,
            }))
        }
        AnyGame::Skakanie(g) => {
            // A turn is several actions: the picture marks the latest turn as a whole
            // (the game's own; a `--last` is only checked).
            if let Some(text) = last {
                text.parse::<crate::games::skakanie::Action>()?;
            }
            let turn = g.last_turn().and_then(|(start, actions)| {
                let seat = *g.movers().last()?;
                Some(skakanie::TurnMarks::replay(start, seat, actions))
            });
            Ok(skakanie::draw(&skakanie::View {
                position: g.position(),
                header,
                turn,
                frame,
            }))
        }
    }
}
