//! The Jumpers picture, checked on the decoded PNG: size, highlights, stacks that stay in
//! their cells, and golden images (regenerate with `LEAPFROG_BLESS=1 cargo test --test
//! render`, then look at every changed file before committing it).

mod common;

use std::path::PathBuf;

use image::RgbImage;
use leapfrog::games::jumpers::Coord;
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::render::{self, jumpers, Header};

fn game(pairs: &[&str], stacks: &[(&str, &str)]) -> AnyGame {
    let text = common::position_text(pairs, stacks, 'w');
    let pairs: Vec<String> = pairs.iter().map(|p| (*p).to_owned()).collect();
    AnyGame::new(GameKind::Jumpers, &pairs, Some(&text)).unwrap()
}

fn start(pairs: &[&str]) -> AnyGame {
    let pairs: Vec<String> = pairs.iter().map(|p| (*p).to_owned()).collect();
    AnyGame::new(GameKind::Jumpers, &pairs, None).unwrap()
}

/// Draws, encodes and decodes: every check reads what a player's client would.
fn picture(game: &AnyGame, last: Option<&str>) -> (Vec<u8>, RgbImage) {
    let header = Header::for_game(
        game,
        vec!["alice".into(), "bob".into()],
        None,
        leapfrog::i18n::Lang::En,
    );
    let png = render::draw(game, last, &header).unwrap().to_png();
    let image = image::load_from_memory(&png).unwrap().to_rgb8();
    (png, image)
}

fn pixel(image: &RgbImage, coord: &str, dx: f32, dy: f32) -> [u8; 3] {
    let c = jumpers::centre(coord.parse().unwrap());
    image.get_pixel((c.x + dx) as u32, (c.y + dy) as u32).0
}

#[test]
fn the_picture_is_800_wide_and_small() {
    for pairs in [&[][..], &["board=far"][..]] {
        let (png, image) = picture(&start(pairs), None);
        assert_eq!(image.width(), 800);
        assert_eq!(image.height(), jumpers::HEIGHT);
        assert!(png.len() <= 60 * 1024, "{pairs:?}: {} bytes", png.len());
    }
}

/// The busiest pictures of every game stay under 60 KB, and the indexed PNG gives back
/// what was drawn: every pixel within its colour bucket (16 levels), save the odd rare
/// edge shade of a picture of more than 256 buckets, which takes its nearest entry.
#[test]
fn the_busiest_pictures_stay_small_and_faithful() {
    let crowded = game(
        &["crawlers=S,B", "goal=long"],
        &[
            ("a7", "sSmMbBs"),
            ("e5", "Bm"),
            ("c9", "S"),
            ("e1", "bs"),
            ("g7", "mmM"),
            ("c3", "b"),
        ],
    );
    let mut sturdy = AnyGame::new(
        GameKind::JumpSturdy,
        &[],
        Some("b0b0b0b0b0b0/1b0b0b0bbb0b01/3r0b03/2br5/3rb4/8/1r0r0r0r0r0r01/r0r01rrr0r0 b"),
    )
    .unwrap();
    sturdy.play("c2-d3").unwrap();
    let mut gyges = AnyGame::new(
        GameKind::Gyges,
        &["displace=on".into()],
        Some("....2./.2..3./3...../....../...2../1112.. S"),
    )
    .unwrap();
    gyges.play("a1-e2").unwrap();
    let cases = [
        (start(&[]), None),
        (start(&["board=far"]), Some("c3-e3")),
        (crowded, Some("e3-e5")),
        (sturdy, None),
        (gyges, None),
        (common::skakanie_midgame(None), None),
    ];
    for (i, (game, last)) in cases.iter().enumerate() {
        let names: [String; 4] = ["alice".into(), "Борис Ż.".into(), "c".into(), "d".into()];
        let header = Header::for_game(
            game,
            names[..game.seat_count()].to_vec(),
            None,
            leapfrog::i18n::Lang::En,
        );
        let canvas = render::draw(game, *last, &header).unwrap();
        let png = canvas.to_png();
        assert!(png.len() <= 60 * 1024, "case {i}: {} bytes", png.len());
        let back = image::load_from_memory(&png).unwrap().to_rgb8();
        let diffs: Vec<u8> = back
            .pixels()
            .zip(canvas.image().pixels())
            .map(|(a, b)| (0..3).map(|k| a.0[k].abs_diff(b.0[k])).max().unwrap_or(0))
            .collect();
        let far = diffs.iter().filter(|&&d| d >= 16).count();
        assert!(far <= 50, "case {i}: {far} pixels out of their bucket");
        assert!(diffs.iter().all(|&d| d <= 32), "case {i}: a colour drifted");
    }
}

#[test]
fn the_last_move_cells_are_highlighted() {
    let game = game(&[], &[("e5", "M"), ("a7", "b")]);
    let (_, plain) = picture(&game, None);
    let (_, marked) = picture(&game, Some("c3-e5"));
    // Left of the cell's centre: cell colour, clear of the discs.
    let spot = (-0.7 * 54.0, 0.0);
    let empty_cell = pixel(&plain, "g5", spot.0, spot.1);
    for cell in ["c3", "e5"] {
        let highlighted = pixel(&marked, cell, spot.0, spot.1);
        assert_ne!(highlighted, empty_cell, "{cell} is not highlighted");
        assert_eq!(
            pixel(&plain, cell, spot.0, spot.1),
            empty_cell,
            "{cell} without a last move"
        );
    }
    assert_ne!(
        pixel(&marked, "c3", spot.0, spot.1),
        pixel(&marked, "e5", spot.0, spot.1),
        "start and end look alike"
    );
    // The arrow runs between them (over the empty middle cell d4 here).
    assert_ne!(plain, marked);
    let mid = (
        jumpers::centre("c3".parse().unwrap()),
        jumpers::centre("e5".parse().unwrap()),
    );
    let (x, y) = ((mid.0.x + mid.1.x) / 2.0, (mid.0.y + mid.1.y) / 2.0);
    assert_ne!(
        plain.get_pixel(x as u32, y as u32),
        marked.get_pixel(x as u32, y as u32),
        "no arrow"
    );
}

#[test]
fn different_positions_give_different_pictures() {
    let a = picture(&game(&[], &[("e5", "M")]), None).1;
    let b = picture(&game(&[], &[("e5", "m")]), None).1;
    let c = picture(&game(&[], &[("e5", "Mb")]), None).1;
    let d = picture(&game(&["crawlers=M"], &[("e5", "M")]), None).1;
    assert_ne!(a, b, "owner");
    assert_ne!(a, c, "height");
    assert_ne!(a, d, "crawler");
}

/// Every pixel that a stack changes lies in its own cell (nearest centre), so it never
/// covers a neighbour's name or pieces.
#[test]
fn tall_stacks_and_crawlers_stay_in_their_cells() {
    let cells: Vec<Coord> = leapfrog::games::jumpers::BoardKind::Near
        .geometry()
        .cells
        .clone();
    for (pairs, stack) in [
        (&[][..], "sSmMbB"),
        (&[][..], "SSSSSSSSSSSB"),
        (&["crawlers=S,M,B"][..], "sSmMbB"),
        (&["crawlers=B"][..], "B"),
    ] {
        let (_, empty) = picture(&game(pairs, &[("a7", "b")]), None);
        let (_, full) = picture(&game(pairs, &[("a7", "b"), ("e5", stack)]), None);
        let own = jumpers::centre("e5".parse().unwrap());
        let mut changed = 0;
        for (x, y, px) in full.enumerate_pixels() {
            // The palette is chosen per picture, so unchanged pixels may move a level or two.
            if empty
                .get_pixel(x, y)
                .0
                .iter()
                .zip(px.0)
                .all(|(a, b)| a.abs_diff(b) <= 16)
            {
                continue;
            }
            changed += 1;
            let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
            let d = |c: leapfrog::render::canvas::Point| (c.x - fx).powi(2) + (c.y - fy).powi(2);
            let nearest = cells
                .iter()
                .min_by(|a, b| d(jumpers::centre(**a)).total_cmp(&d(jumpers::centre(**b))))
                .unwrap();
            assert!(
                d(own) <= d(jumpers::centre(*nearest)) + 1.0,
                "{stack}: pixel ({x}, {y}) is in {nearest}'s cell"
            );
        }
        assert!(changed > 500, "{stack} drew only {changed} pixels");
    }
}

/// The stack `white M, black B, white M, black S` from the issue, and stacks of every height
/// up to the most pieces a position holds, of mixed sizes: every piece of each is drawn
/// (one of a different colour in its place changes the picture, by a band of pixels, not
/// an edge), in the PNG and in the SVG (one disc stamped per piece).
#[test]
fn every_piece_of_a_stack_is_drawn() {
    const SIZES: [char; 6] = ['M', 'B', 'S', 'M', 'B', 'M'];
    let mut stacks = vec!["MbMs".to_owned()];
    for height in 1..=leapfrog::games::jumpers::MAX_STACK {
        stacks.push(
            (0..height)
                .map(|i| {
                    let size = SIZES[i % SIZES.len()];
                    if i % 2 == 1 {
                        size.to_ascii_lowercase()
                    } else {
                        size
                    }
                })
                .collect(),
        );
    }
    let svg = |stacks: &[(&str, &str)]| {
        let game = game(&["crawlers=S,M,B"], stacks);
        let header = Header::for_game(
            &game,
            vec!["a".into(), "b".into()],
            None,
            leapfrog::i18n::Lang::En,
        );
        render::draw_svg(&game, None, &header).unwrap()
    };
    let sprites = |svg: &str| svg.matches("<use href=\"#c").count();
    // The board's own stamps: those of a board with one lone disc, less that disc.
    let board = sprites(&svg(&[("a7", "b")])) - 1;
    for stack in &stacks {
        let (_, drawn) = picture(&game(&["crawlers=S,M,B"], &[("e5", stack)]), None);
        assert_eq!(
            sprites(&svg(&[("e5", stack)])) - board,
            stack.len(),
            "{stack}: SVG"
        );
        for (i, piece) in stack.char_indices() {
            let swapped = if piece.is_ascii_uppercase() {
                piece.to_ascii_lowercase()
            } else {
                piece.to_ascii_uppercase()
            };
            let other = format!("{}{swapped}{}", &stack[..i], &stack[i + 1..]);
            let (_, changed) = picture(&game(&["crawlers=S,M,B"], &[("e5", &other)]), None);
            let differ = drawn
                .pixels()
                .zip(changed.pixels())
                .filter(|(a, b)| a.0.iter().zip(b.0).any(|(x, y)| x.abs_diff(y) > 64))
                .count();
            assert!(
                differ >= 24,
                "{stack}: piece {} from the bottom shows in {differ} pixels",
                i + 1
            );
        }
    }
}

#[test]
fn the_header_shows_the_result_and_cuts_long_names() {
    let mut game = game(&[], &[("d8", "S"), ("a7", "b")]);
    game.play("d8-e9").unwrap();
    let header = Header::for_game(
        &game,
        vec!["x".repeat(200), "bob".into()],
        None,
        leapfrog::i18n::Lang::En,
    );
    assert_eq!(header.status, "White wins");
    assert_eq!(header.to_move, None);
    assert_eq!(header.detail, "Jumpers · 1 move played");
    // The status stays readable: the band's right end differs from a status-less header.
    let quiet = Header {
        status: String::new(),
        ..header.clone()
    };
    let a = render::draw(&game, None, &header).unwrap();
    let b = render::draw(&game, None, &quiet).unwrap();
    let differs =
        (700..790).any(|x| (5..30).any(|y| a.image().get_pixel(x, y) != b.image().get_pixel(x, y)));
    assert!(differs, "the status is hidden under the long name");
}

/// One golden picture: its file name, the game, the move marked, the players, the language.
type Golden = (
    String,
    AnyGame,
    Option<&'static str>,
    Vec<String>,
    leapfrog::i18n::Lang,
);

/// The golden pictures: a handful of positions whose look was checked by eye.
#[test]
fn golden_pictures() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let bless = std::env::var_os("LEAPFROG_BLESS").is_some();
    let cases: Vec<(&str, AnyGame, Option<&str>, Vec<String>)> = vec![
        (
            "jumpers-near-start",
            start(&[]),
            None,
            vec!["alice".into(), "Борис".into()],
        ),
        (
            "jumpers-far-start",
            start(&["board=far"]),
            Some("c3-e3"),
            vec!["Zoë".into(), "Łukasz".into()],
        ),
        (
            "jumpers-crowded",
            game(
                &["crawlers=S,B", "goal=long"],
                &[
                    ("a7", "sSmMbBs"),
                    ("e5", "Bm"),
                    ("c9", "S"),
                    ("e1", "bs"),
                    ("g7", "mmM"),
                    ("c3", "b"),
                ],
            ),
            Some("e3-e5"),
            vec!["a very long player name indeed".into(), "bob".into()],
        ),
    ];
    let mut sturdy = AnyGame::new(
        GameKind::JumpSturdy,
        &[],
        Some("b0b0b0b0b0b0/1b0b0b0bbb0b01/3r0b03/2br5/3rb4/8/1r0r0r0r0r0r01/r0r01rrr0r0 b"),
    )
    .unwrap();
    sturdy.play("c2-d3").unwrap();
    let mut cases = cases;
    cases.push((
        "jump-sturdy-capture",
        sturdy,
        None,
        vec!["Ola".into(), "Дмитрий".into()],
    ));
    let mut bounce = AnyGame::new(
        GameKind::Gyges,
        &["displace=on".into()],
        Some("....2./.2..3./3...../....../...2../1112.. S"),
    )
    .unwrap();
    bounce.play("a1-e2").unwrap();
    cases.push((
        "gyges-bounces",
        bounce,
        None,
        vec!["Kasia".into(), "Пётр".into()],
    ));
    let mut placing = AnyGame::new(GameKind::Gyges, &[], None).unwrap();
    for mv in ["3@c1", "2@d6", "1@a1"] {
        placing.play(mv).unwrap();
    }
    cases.push((
        "gyges-placement",
        placing,
        None,
        vec!["South".into(), "North".into()],
    ));
    cases.push((
        "skakanie-four-pools",
        common::skakanie_midgame(Some("leave:4")),
        None,
        vec!["Ana".into(), "Bożena".into(), "Сергей".into(), "Di".into()],
    ));
    // One board of each game in Russian and in Polish: their header words, hands and
    // panels, looked at for overflow in the longer languages.
    use leapfrog::i18n::Lang;
    let translated = [
        "jumpers-near-start",
        "jump-sturdy-capture",
        "gyges-placement",
        "skakanie-four-pools",
    ];
    let mut all: Vec<Golden> = Vec::new();
    for (name, game, last, names) in cases {
        if translated.contains(&name) {
            for lang in Lang::TRANSLATED {
                let code = lang.code();
                all.push((
                    format!("{name}-{code}"),
                    game.clone(),
                    last,
                    names.clone(),
                    lang,
                ));
            }
        }
        all.push((name.to_owned(), game, last, names, Lang::En));
    }
    for (name, game, last, names, lang) in all {
        let header = Header::for_game(&game, names, None, lang);
        let png = render::draw(&game, last, &header).unwrap().to_png();
        let path = dir.join(format!("{name}.png"));
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &png).unwrap();
            continue;
        }
        let golden = image::open(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (LEAPFROG_BLESS=1 writes it)", path.display()))
            .to_rgb8();
        let now = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(golden.dimensions(), now.dimensions(), "{name}");
        // No word runs off the picture: its last columns hold nothing but the ground.
        let right = now.width() - 1;
        for y in 0..now.height() {
            let edge = now.get_pixel(right, y);
            assert!(
                (right - 5..right).all(|x| now.get_pixel(x, y) == edge),
                "{name}: something reaches the right edge at y={y}"
            );
        }
        // Identical on one machine; allow a few edge pixels of floating-point drift.
        let off = golden
            .pixels()
            .zip(now.pixels())
            .filter(|(a, b)| a.0.iter().zip(b.0).any(|(x, y)| x.abs_diff(y) > 24))
            .count();
        assert!(
            off < 200,
            "{name}: {off} pixels differ from {}",
            path.display()
        );
    }
}

/// Jump Sturdy: a capture is marked on its target square; a plain move is not.
#[test]
fn jump_sturdy_marks_captures() {
    let text = "b0b0b0b0b0b0/1b0b0b0bbb0b01/3r0b03/2br5/3rb4/8/1r0r0r0r0r0r01/r0r01rrr0r0 b";
    let after = |mv: &str| {
        let mut game = AnyGame::new(GameKind::JumpSturdy, &[], Some(text)).unwrap();
        game.play(mv).unwrap();
        let header = Header::for_game(
            &game,
            vec!["a".into(), "b".into()],
            None,
            leapfrog::i18n::Lang::En,
        );
        render::draw(&game, None, &header).unwrap()
    };
    let d3: leapfrog::games::jump_sturdy::Square = "d3".parse().unwrap();
    let c = render::jump_sturdy::centre(d3);
    // The badge sits in the target square's top-right corner.
    // Below the badge's centre: red, clear of its white cross.
    let (x, y) = ((c.x + 31.0 - 12.0) as u32, (c.y - 31.0 + 12.0 + 7.0) as u32);
    let captured = after("c2-d3");
    let [r, g, b, _] = captured.image().get_pixel(x, y).0;
    assert!(
        r > 150 && g < 100 && b < 100,
        "no capture badge: {:?}",
        (r, g, b)
    );
    let plain = after("c2-c3");
    assert_ne!(
        plain.image().get_pixel(x, y),
        captured.image().get_pixel(x, y)
    );
}

/// Gygès: every bounce of the last move gets a numbered red badge; a move without bounces
/// gets none.
#[test]
fn gyges_marks_every_bounce() {
    let text = "....1./....../....../....../....../1112.. S";
    let after = |mv: &str| {
        let mut game = AnyGame::new(GameKind::Gyges, &[], Some(text)).unwrap();
        game.play(mv).unwrap();
        let header = Header::for_game(
            &game,
            vec!["a".into(), "b".into()],
            None,
            leapfrog::i18n::Lang::En,
        );
        render::draw(&game, None, &header).unwrap()
    };
    let badge = |canvas: &leapfrog::render::canvas::Canvas, square: &str| {
        let c = render::gyges::centre(leapfrog::games::gyges::Square::parse(square).unwrap());
        // The badge's rim, left of its digit, in the square's top-right corner.
        let [r, g, b, _] = canvas
            .image()
            .get_pixel((c.x + 32.0 - 11.0 - 7.0) as u32, (c.y - 32.0 + 11.0) as u32)
            .0;
        r > 150 && g < 100 && b < 100
    };
    let chain = after("a1-e2");
    for square in ["b1", "c1", "d1"] {
        assert!(badge(&chain, square), "no badge on {square}");
    }
    let plain = after("a1-a2");
    assert!(!badge(&plain, "b1"));
}

/// Skakanie: a pool shows its pieces in place on its grid; an empty pool is only the
/// empty grid. In Discord's picture the pools share a row under the table, their pieces as
/// large as the width allows: at least 7 px on a phone that shows the picture 400 px wide
/// (they were 6 px in a column of four), and the picture stays clearly landscape (6:5 or
/// wider) for every number of players. The page's board is the table's width with the
/// pools two to a row, each piece larger than in the picture (it is shown 390 px wide on a
/// phone), and nothing of the scores' column, which the page says around the board.
#[test]
fn skakanie_pools_show_the_pieces_held() {
    use leapfrog::render::skakanie::{height, pool_cell_at, BOARD_WIDTH};
    use leapfrog::render::Frame;
    for (players, leaver) in [(4, Some("leave:4")), (3, None), (2, None)] {
        let options = [format!("players={players}"), "seed=21".to_owned()];
        let mut game = AnyGame::new(GameKind::Skakanie, &options, None).unwrap();
        if let Some(leave) = leaver {
            game.play(leave).unwrap();
        }
        let mut stream = leapfrog::games::shuffle::Stream::new(leapfrog::games::Seed(3));
        for _ in 0..60 {
            let moves = game.legal_moves();
            let pick = if stream.below(3) == 0 {
                moves[stream.below(moves.len())].clone()
            } else {
                "take".to_owned()
            };
            game.play(&pick).unwrap();
        }
        let names: [String; 4] = ["a".into(), "b".into(), "c".into(), "d".into()];
        let header = Header::for_game(
            &game,
            names[..players].to_vec(),
            None,
            leapfrog::i18n::Lang::En,
        );
        let AnyGame::Skakanie(g) = &game else {
            panic!()
        };
        for frame in [Frame::Picture, Frame::Board { turned: false }] {
            let canvas = render::draw_framed(&game, None, &header, frame).unwrap();
            let image = canvas.image();
            assert_eq!(image.dimensions(), (800, height(players as u8, frame)));
            let shown = if frame == Frame::Picture {
                assert!(
                    image.height() * 6 <= image.width() * 5,
                    "{players} players: not clearly landscape"
                );
                800
            } else {
                // Nothing drawn right of the board's width: no scores' column.
                let blank = image.get_pixel(BOARD_WIDTH + 4, 140).0;
                for x in BOARD_WIDTH..800 {
                    for y in (64..image.height()).step_by(7) {
                        assert_eq!(image.get_pixel(x, y).0, blank, "{players}: ({x}, {y})");
                    }
                }
                BOARD_WIDTH
            };
            for seat in 0..players as u8 {
                let pool = g.position().pool(leapfrog::games::Seat(seat));
                for piece in 0..96u8 {
                    let (x, y, side) = pool_cell_at(players as u8, seat, piece, frame);
                    assert!(
                        side * 400 / shown >= 7,
                        "{players} players {frame:?}: {side} px pieces"
                    );
                    if frame != Frame::Picture {
                        let picture = pool_cell_at(players as u8, seat, piece, Frame::Picture);
                        assert!(side * 390 / shown > picture.2 * 390 / 800);
                        assert!(x + side as i32 <= BOARD_WIDTH as i32);
                    }
                    let centre = image.get_pixel(x as u32 + side / 2, y as u32 + side / 2).0;
                    let held = pool & (1 << piece) != 0;
                    assert_eq!(
                        centre[..3] != [0x33, 0x40, 0x33],
                        held,
                        "{players} players {frame:?}, seat {seat}, piece {piece}"
                    );
                }
            }
        }
    }
}

/// A line of text drawn on a plain canvas, for the text checks.
fn line(text: &str) -> leapfrog::render::canvas::Canvas {
    use leapfrog::render::canvas::{Canvas, Point};
    let mut canvas = Canvas::new(400, 40, [255, 255, 255]);
    let font = &leapfrog::render::theme::fonts().bold;
    canvas.text(Point::new(4.0, 4.0), 24.0, font, [0, 0, 0], text);
    canvas
}

/// Names in Chinese, Japanese and Korean are drawn with real glyphs, not with the box a
/// font draws for a character it lacks (here a private-use character no font has).
#[test]
fn cjk_names_are_drawn_not_boxed() {
    let unknown = line("\u{e000}");
    for c in ['山', '李', '龍', 'ヤ', 'タ', '홍', '길'] {
        assert_ne!(
            line(&c.to_string()).image(),
            unknown.image(),
            "{c} is drawn as the missing-glyph box"
        );
    }
    assert_ne!(line("山田").image(), line("田山").image());
}

/// Combining marks: composed where Unicode has the composed letter, else drawn over the
/// letter before them with no width of their own (never as a box).
#[test]
fn combining_marks_sit_on_their_letter() {
    use leapfrog::render::canvas::text_width;
    let font = &leapfrog::render::theme::fonts().bold;
    assert_eq!(line("e\u{301}").image(), line("é").image());
    let q = text_width(24.0, font, "q");
    for mark in '\u{300}'..='\u{36f}' {
        let marked = format!("q{mark}");
        assert!(
            (text_width(24.0, font, &marked) - q).abs() < 0.01,
            "U+{:04X} takes room of its own",
            u32::from(mark)
        );
    }
    // A mark is drawn: "q" with a ring above differs from a bare "q".
    assert_ne!(line("q\u{30a}").image(), line("q").image());
}

/// Characters no font has still take a bounded width each, and any string can be fitted.
#[test]
fn unknown_characters_and_huge_names_stay_bounded() {
    use leapfrog::render::canvas::{fit_text, text_width};
    let font = &leapfrog::render::theme::fonts().bold;
    let one = text_width(19.0, font, "\u{e000}");
    assert!(one > 0.0 && one < 19.0 * 1.5, "{one}");
    for name in [
        "x".repeat(50_000),
        "山".repeat(50_000),
        "a\u{301}\u{302}\u{303}".repeat(50_000),
    ] {
        let cut = fit_text(19.0, font, &name, 200.0);
        assert!(cut.ends_with('…'), "{cut}");
        assert!(text_width(19.0, font, &cut) <= 200.0 + 0.5, "{cut}");
        assert!(cut.chars().count() < 100);
    }
    assert_eq!(fit_text(19.0, font, "bob", 200.0), "bob");
}

/// A 50,000-character name is drawn, cut with an ellipsis, and leaves the status readable
/// (measuring it used to take a minute: fitting re-measured the whole name per character).
#[test]
fn a_huge_name_is_drawn_cut() {
    let game = start(&[]);
    let header = Header::for_game(
        &game,
        vec!["alice".repeat(10_000), "bob".into()],
        None,
        leapfrog::i18n::Lang::En,
    );
    let quiet = Header {
        status: String::new(),
        ..header.clone()
    };
    let a = render::draw(&game, None, &header).unwrap();
    let b = render::draw(&game, None, &quiet).unwrap();
    let differs =
        (700..790).any(|x| (5..30).any(|y| a.image().get_pixel(x, y) != b.image().get_pixel(x, y)));
    assert!(differs, "the status is hidden under the long name");
}

/// Gygès: a piece that reached the goal never covers the goal's label, whichever column it
/// entered from: the label keeps all its ink.
#[test]
fn gyges_piece_in_goal_leaves_the_label_readable() {
    use leapfrog::games::gyges::Side;
    let label = render::gyges::goal_label_centre(Side::North, None, false);
    // The label of North's goal is near-white on the dark band; wood is yellower.
    let ink = |canvas: &leapfrog::render::canvas::Canvas| {
        let (y0, y1) = (label.y as u32 - 22, label.y as u32 + 22);
        (112..496u32)
            .flat_map(|x| (y0..y1).map(move |y| (x, y)))
            .filter(|&(x, y)| {
                let [r, g, b, _] = canvas.image().get_pixel(x, y).0;
                r > 0xc0 && g > 0xc0 && b > 0xe0
            })
            .count()
    };
    for file in ["a", "b", "c", "d", "e", "f"] {
        let row: String = "abcdef"
            .chars()
            .map(|c| if c.to_string() == file { '1' } else { '.' })
            .collect();
        let text = format!("....../....../....../....../....../{row} N");
        let mut game = AnyGame::new(GameKind::Gyges, &[], Some(&text)).unwrap();
        let header = Header::for_game(
            &game,
            vec!["a".into(), "b".into()],
            None,
            leapfrog::i18n::Lang::En,
        );
        let before = ink(&render::draw(&game, None, &header).unwrap());
        game.play(&format!("{file}1-goal")).unwrap();
        let header = Header::for_game(
            &game,
            vec!["a".into(), "b".into()],
            None,
            leapfrog::i18n::Lang::En,
        );
        let after = ink(&render::draw(&game, None, &header).unwrap());
        assert!(before > 300, "the label has {before} ink pixels");
        assert!(
            after + before / 50 >= before,
            "{file}1-goal: the piece covers the label ({after} of {before} ink pixels left)"
        );
    }
}

/// Gygès: the pieces in hand keep a margin from the picture's right edge.
#[test]
fn gyges_hands_keep_clear_of_the_edge() {
    let game = AnyGame::new(GameKind::Gyges, &[], None).unwrap();
    let header = Header::for_game(
        &game,
        vec!["a".into(), "b".into()],
        None,
        leapfrog::i18n::Lang::En,
    );
    let canvas = render::draw(&game, None, &header).unwrap();
    let margin = 16;
    for x in 800 - margin..800 {
        for y in 64..canvas.height() {
            assert_eq!(
                canvas.image().get_pixel(x, y).0[..3],
                leapfrog::render::theme::PALETTE.background,
                "({x}, {y}) is drawn on, within {margin} px of the edge"
            );
        }
    }
}

/// Skakanie: the latest turn (the pawn's path, the stacks taken from) is marked on the
/// table; the same table without a history to mark looks different.
#[test]
fn skakanie_marks_the_latest_turn() {
    let game = common::skakanie_midgame(None);
    let header = Header {
        players: vec!["a".into(), "b".into(), "c".into(), "d".into()],
        to_move: Some(0),
        status: "Red to play".into(),
        detail: "Skakanie".into(),
        progress: String::new(),
        lang: leapfrog::i18n::Lang::En,
    };
    let options = ["players=4".to_owned(), "seed=21".to_owned()];
    let fresh = AnyGame::new(GameKind::Skakanie, &options, Some(&game.position_text())).unwrap();
    let marked = render::draw(&game, None, &header).unwrap();
    let plain = render::draw(&fresh, None, &header).unwrap();
    assert_ne!(
        marked.image(),
        plain.image(),
        "the latest turn is not marked"
    );
}

/// Skakanie: the marks follow the whole turn, in the coordinates of the table as it is.
#[test]
fn skakanie_turn_marks_follow_the_turn() {
    use leapfrog::games::skakanie::Action;
    use leapfrog::games::Seat;
    use leapfrog::render::skakanie::TurnMarks;
    let mut game = AnyGame::new(GameKind::Skakanie, &["seed=5".to_owned()], None).unwrap();
    let AnyGame::Skakanie(g) = &game else {
        panic!()
    };
    let start = g.position().pawn(Seat(0));
    let (right, down) = if g.position().rows()[start.0].len() > start.1 + 1 {
        ("right", (start.0, start.1 + 1))
    } else {
        ("left", (start.0, start.1 - 1))
    };
    game.play("take").unwrap();
    game.play(right).unwrap();
    let AnyGame::Skakanie(g) = &game else {
        panic!()
    };
    let (before, actions) = g.last_turn().unwrap();
    assert_eq!(actions, [Action::Take, right.parse().unwrap()]);
    let marks = TurnMarks::replay(before, Seat(0), actions);
    assert_eq!(marks.seat, Seat(0));
    assert_eq!(marks.path, vec![start, down]);
    assert_eq!(marks.taken, vec![start]);
}

/// Skakanie's header counts rounds and says how many actions are left, not plies.
#[test]
fn skakanie_header_counts_rounds_and_actions_left() {
    let game = common::skakanie_midgame(None);
    let header = Header::for_game(&game, vec!["a".into(); 4], None, leapfrog::i18n::Lang::En);
    let AnyGame::Skakanie(g) = &game else {
        panic!()
    };
    let (round, left) = (g.position().round(), g.position().actions_left());
    assert!(
        header
            .detail
            .contains(&format!("Round {round} · {left} action")),
        "{}",
        header.detail
    );
    assert!(header.detail.contains("left"), "{}", header.detail);
    assert!(!header.detail.contains("move "), "{}", header.detail);
    assert!(header.status.ends_with("to play"), "{}", header.status);
}

/// A Gygès game that ended while pieces were being placed (a resignation, say) shows what
/// each side left unplaced, not whose turn it is to place.
#[test]
fn a_gyges_game_over_during_placement_does_not_say_who_is_to_place() {
    let game = AnyGame::new(GameKind::Gyges, &[], None).unwrap();
    let names = vec!["alice".to_owned(), "bob".to_owned()];
    let lang = leapfrog::i18n::Lang::Ru;
    let running = Header::for_game(&game, names.clone(), None, lang);
    let over = Header::for_game(&game, names, Some("alice resigned".into()), lang);
    assert_eq!(over.to_move, None);
    let ids = |header: &Header| {
        let (_, asked) =
            leapfrog::i18n::record_lookups(|| render::draw(&game, None, header).unwrap());
        asked.into_iter().map(|l| l.id).collect::<Vec<_>>()
    };
    let during = ids(&running);
    assert!(during.iter().any(|id| id == "gyges-to-place"), "{during:?}");
    let after = ids(&over);
    assert!(!after.iter().any(|id| id == "gyges-to-place"), "{after:?}");
    assert!(after.iter().any(|id| id == "gyges-unplaced"), "{after:?}");
}

/// Every text every picture draws fits in the picture and in its own place, in every
/// language and game state (the start, the middle, the end, a result the rules cannot see),
/// with the longest names the bot gives and Discord allows: a word cut at the edge or run
/// into its neighbour is found here, not by a player.
#[test]
fn no_text_of_any_picture_runs_off_it() {
    use leapfrog::i18n::Lang;
    let setups: [(GameKind, &[&str]); 6] = [
        (GameKind::Jumpers, &[]),
        (GameKind::Jumpers, &["board=far"]),
        (GameKind::Gyges, &[]),
        (GameKind::JumpSturdy, &[]),
        (GameKind::Skakanie, &[]),
        (GameKind::Skakanie, &["players=4"]),
    ];
    let mut cut = Vec::new();
    for lang in Lang::ALL {
        let computer = leapfrog::i18n::text_with(lang, "player-computer", &[("level", 5.into())]);
        for (kind, options) in setups {
            let options: Vec<String> = options.iter().map(|o| (*o).to_owned()).collect();
            let mut game = AnyGame::new(kind, &options, None).unwrap();
            let mut states = vec![(game.clone(), None::<String>)];
            let mut ply = 0;
            while !game.outcome().is_finished() && ply < 400 {
                let moves = game.legal_moves();
                game.play(&moves[(ply * 7) % moves.len()]).unwrap();
                ply += 1;
                if ply == 9 {
                    states.push((game.clone(), None));
                    states.push((game.clone(), Some("Leapfrog resigned".to_owned())));
                }
            }
            states.push((game.clone(), None));
            for (state, ended) in states {
                // The computer's name, and the longest display name Discord allows (32).
                let names = (0..state.seat_count())
                    .map(|i| match i % 2 {
                        0 => computer.clone(),
                        _ => "Wiesława Przybyszewska-Kowalczyk".to_owned(),
                    })
                    .collect();
                let header = Header::for_game(&state, names, ended, lang);
                let (picture, found) = render::canvas::record_text_faults(|| {
                    render::draw(&state, None, &header).unwrap()
                });
                if kind == GameKind::Skakanie && state.seat_count() == 4 && lang == Lang::Ru {
                    // Kept for looking at: the longest turn line there is.
                    std::fs::create_dir_all("target/pictures").unwrap();
                    let done = if state.outcome().is_finished() {
                        "over"
                    } else {
                        "turn"
                    };
                    let path = format!("target/pictures/skakanie-ru-{done}.png");
                    std::fs::write(path, picture.to_png()).unwrap();
                }
                cut.extend(found.into_iter().map(|f| format!("{lang:?} {kind:?}: {f}")));
            }
        }
    }
    assert!(
        cut.is_empty(),
        "texts cut at the picture's edge or running into each other:\n{}",
        cut.join("\n")
    );
}

/// Every element of an SVG document opened is closed, in order, and every `href="#…"`
/// names something defined in it; the answer lists what is wrong.
fn svg_faults(svg: &str) -> Vec<String> {
    let mut faults = Vec::new();
    let mut open: Vec<&str> = Vec::new();
    let mut ids = std::collections::BTreeSet::new();
    let mut uses = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let Some(end) = rest[start..].find('>') else {
            faults.push("an unclosed tag".to_owned());
            break;
        };
        let tag = &rest[start + 1..start + end];
        rest = &rest[start + end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            if open.pop() != Some(name) {
                faults.push(format!("</{name}> closes nothing open"));
            }
            continue;
        }
        let name = tag.split([' ', '/']).next().unwrap_or_default();
        let value = |attribute: &str| {
            let at = tag.find(attribute)? + attribute.len();
            Some(tag[at..].split('"').next().unwrap_or_default().to_owned())
        };
        ids.extend(value(" id=\""));
        uses.extend(value(" href=\"#"));
        if !tag.ends_with('/') {
            open.push(name);
        }
    }
    if !open.is_empty() {
        faults.push(format!("left open: {open:?}"));
    }
    for used in uses {
        if !ids.contains(&used) {
            faults.push(format!("#{used} is used but not defined"));
        }
    }
    faults
}

/// The SVG board of the pages: a whole, self-contained document of the picture's size for
/// positions all through games of every kind, in every language, with hostile names; and
/// drawing it leaves the PNG exactly as it was (the two back ends share caches by mode).
#[test]
fn the_svg_board_is_a_whole_document_and_leaves_the_png_unchanged() {
    let hostile = "<script>\"&'</script>\u{202e}Ж".to_owned();
    for kind in GameKind::ALL {
        let mut game = AnyGame::new(kind, &[], None).unwrap();
        for ply in 0..40usize {
            if game.outcome().is_finished() {
                break;
            }
            let lang = leapfrog::i18n::Lang::ALL[ply % 3];
            let mut names = Header::seat_names(&game);
            names[0] = hostile.clone();
            let header = Header::for_game(&game, names, None, lang);
            let before = render::draw(&game, None, &header).unwrap().to_png();
            let svg = render::draw_svg(&game, None, &header).unwrap();
            let after = render::draw(&game, None, &header).unwrap().to_png();
            assert!(before == after, "{kind:?} ply {ply}: the PNG changed");
            let faults = svg_faults(&svg);
            assert!(faults.is_empty(), "{kind:?} ply {ply}: {faults:?}");
            let size = render::layout(&game);
            assert!(
                svg.starts_with(&format!(
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\">",
                    w = size.width,
                    h = size.height
                )),
                "{kind:?}: {}",
                &svg[..200]
            );
            assert!(!svg.contains("script") && !svg.contains('&'), "{kind:?}");
            let moves = game.legal_moves();
            let mv = moves[(ply * 7 + 3) % moves.len()].clone();
            game.play(&mv).unwrap();
        }
    }
    // The check itself finds what it is for.
    assert_eq!(svg_faults("<svg><g></svg>").len(), 2);
    assert_eq!(svg_faults("<svg><use href=\"#a\"/></svg>").len(), 1);
    assert!(svg_faults("<svg><defs><path id=\"a\"/></defs><use href=\"#a\"/></svg>").is_empty());
}

/// The game's page shows the board alone: the SVG's view is the board's area of the
/// picture (no header band, no panels), the tap targets move with it and stay inside it,
/// and a turned board puts each square where the opposite square was (the board turned by
/// half a turn), so the side drawn at the top sits at the bottom.
#[test]
fn the_pages_board_is_the_board_alone_and_turns() {
    for kind in GameKind::ALL {
        let game = AnyGame::new(kind, &[], None).unwrap();
        let header = Header::for_game(
            &game,
            Header::seat_names(&game),
            None,
            leapfrog::i18n::Lang::En,
        );
        let full = render::layout(&game);
        let area = render::board_area(&game);
        assert!(area.x + area.width <= full.width && area.y + area.height <= full.height);
        assert!(
            area.y >= leapfrog::render::theme::HEADER,
            "{kind:?}: the header shows"
        );
        let plain = render::board_layout(&game, false);
        assert_eq!((plain.width, plain.height), (area.width, area.height));
        assert_eq!(plain.spots.len(), full.spots.len(), "{kind:?}");
        for (whole, cut) in full.spots.iter().zip(&plain.spots) {
            assert_eq!(cut.x, whole.x - area.x as f32, "{kind:?} {}", cut.name);
            assert_eq!(cut.y, whole.y - area.y as f32, "{kind:?} {}", cut.name);
        }
        let turned = render::board_layout(&game, true);
        for layout in [&plain, &turned] {
            for spot in &layout.spots {
                assert!(
                    spot.x >= 0.0
                        && spot.y >= 0.0
                        && spot.x + spot.w <= layout.width as f32
                        && spot.y + spot.h <= layout.height as f32,
                    "{kind:?} {} leaves the board",
                    spot.name
                );
            }
        }
        let at = |layout: &leapfrog::render::spots::Layout, name: &str| {
            let spot = layout.spots.iter().find(|s| s.name == name).unwrap();
            (spot.x, spot.y)
        };
        // A square's opposite: files and ranks counted from the other end.
        let opposite = |name: &str, side: u8| {
            let bytes = name.as_bytes();
            let file = char::from(b'a' + side - 1 - (bytes[0] - b'a'));
            let rank: u8 = name[1..].parse().unwrap();
            format!("{file}{}", side + 1 - rank)
        };
        let side = match kind {
            GameKind::Gyges => Some(6),
            GameKind::JumpSturdy => Some(8),
            _ => None,
        };
        match side {
            Some(side) => {
                assert!(render::turns(&game), "{kind:?}");
                for spot in plain.spots.iter().filter(|s| s.name != "goal") {
                    assert_eq!(
                        at(&turned, &spot.name),
                        at(&plain, &opposite(&spot.name, side)),
                        "{kind:?} {}",
                        spot.name
                    );
                }
            }
            None => {
                assert!(!render::turns(&game), "{kind:?}");
                assert_eq!(turned, plain, "{kind:?}: a board that does not turn");
            }
        }
        for turn in [false, true] {
            let svg = render::draw_board_svg(&game, None, &header, turn).unwrap();
            let opening = format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{} {} {w} {h}\" width=\"{w}\" height=\"{h}\">",
                area.x,
                area.y,
                w = area.width,
                h = area.height
            );
            assert!(svg.starts_with(&opening), "{kind:?}: {}", &svg[..200]);
            // Without the header's names and the panels, the board is less to send.
            let whole = render::draw_svg(&game, None, &header).unwrap();
            assert!(svg.len() <= whole.len(), "{kind:?}");
        }
    }
}
