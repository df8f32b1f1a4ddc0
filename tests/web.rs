//! The game pages (`leapfrog::web`), served on loopback and read as a browser would: every
//! game shown and stepped through ply by ply with the engine's own positions, names that
//! try to be HTML shown as text, refusals in the reader's language, and the security
//! headers on every answer.

mod common;

use std::sync::Arc;

use leapfrog::games::{AnyGame, GameKind};
use leapfrog::i18n::Lang;
use leapfrog::play::{picture_header, Play};
use leapfrog::store::{AnyStore, GameId, GameRecord, GuildId, Player, Store};

/// Stores a game of `kind` between `seats` after `plies` moves (each the first legal one),
/// with the game as the engine had it at every ply while playing them.
fn stored_game(
    store: &AnyStore,
    kind: GameKind,
    seats: &[u64],
    plies: usize,
) -> (GameRecord, Vec<AnyGame>) {
    let mut record = common::new_record(kind, seats, GuildId(1), 1_000);
    let mut game = common::rebuild(&record);
    let mut positions = vec![game.clone()];
    for _ in 0..plies {
        let Some(mv) = game.legal_moves().into_iter().next() else {
            break;
        };
        game.play(&mv).unwrap();
        positions.push(game.clone());
    }
    record.moves = game.moves();
    record.position = game.position_text();
    (store.insert(record).unwrap(), positions)
}

/// The pages of `store`, served on a loopback port: its address.
async fn serve(store: AnyStore) -> String {
    let site = leapfrog::web::Site::new(Arc::new(Play::new(store)), key());
    let router = leapfrog::web::router(Arc::new(site));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{address}")
}

/// The key the tests' links are signed with.
fn key() -> leapfrog::web::LinkKey {
    leapfrog::web::LinkKey::from_bytes(b"the tests' key")
}

async fn get(url: &str, language: Option<&str>) -> reqwest::Response {
    let client = reqwest::Client::new();
    let mut request = client.get(url);
    if let Some(language) = language {
        request = request.header("accept-language", language);
    }
    request.send().await.unwrap()
}

async fn json(url: &str) -> (u16, serde_json::Value) {
    let answer = get(url, None).await;
    let status = answer.status().as_u16();
    (
        status,
        serde_json::from_str(&answer.text().await.unwrap()).unwrap(),
    )
}

async fn text(url: &str, language: Option<&str>) -> (u16, String) {
    let answer = get(url, language).await;
    let status = answer.status().as_u16();
    (status, answer.text().await.unwrap())
}

/// The pictures of `game`, the engine's own game at ply `ply` of `record`: the page's SVG
/// and Discord's PNG.
fn expected_pictures(record: &GameRecord, game: &AnyGame, ply: usize) -> (Vec<u8>, Vec<u8>) {
    let header = picture_header(record, game, ply == record.moves.len(), Lang::En);
    let svg = leapfrog::render::draw_board_svg(game, None, &header, false).unwrap();
    let png = leapfrog::render::draw(game, None, &header)
        .unwrap()
        .to_png();
    (svg.into_bytes(), png)
}

#[tokio::test(flavor = "multi_thread")]
async fn every_game_steps_through_every_ply_with_the_engines_positions() {
    let store = common::temporary_store();
    let games: Vec<(GameRecord, Vec<AnyGame>)> = common::blocking(|| {
        vec![
            stored_game(&store, GameKind::Jumpers, &[1, 2], 5),
            stored_game(&store, GameKind::Gyges, &[1, 2], 5),
            stored_game(&store, GameKind::JumpSturdy, &[1, 2], 5),
            stored_game(&store, GameKind::Skakanie, &[1, 2, 3], 5),
        ]
    });
    let site = serve(store).await;
    for (record, positions) in &games {
        let id = record.id.0;
        let plies = record.moves.len();
        assert!(plies >= 4, "{:?}: {plies} plies", record.kind);
        assert_eq!(positions.len(), plies + 1);
        for (ply, position) in positions.iter().enumerate() {
            let (status, view) = json(&format!("{site}/api/games/{id}?ply={ply}&lang=en")).await;
            assert_eq!(status, 200, "{view}");
            assert_eq!(view["ply"], ply);
            assert_eq!(view["plies"], plies);
            assert_eq!(view["game"], record.kind.name());
            assert_eq!(view["moves"].as_array().unwrap().len(), plies);
            assert!(!view["status"].as_str().unwrap().is_empty());
            let board = view["board"].as_str().unwrap();
            let (svg, png) = common::blocking(|| expected_pictures(record, position, ply));
            let png_path = board.replace("/board.svg?", "/board.png?");
            for (path, kind, expected) in [
                (board, "image/svg+xml", svg),
                (png_path.as_str(), "image/png", png),
            ] {
                let picture = get(&format!("{site}{path}"), None).await;
                assert_eq!(picture.status().as_u16(), 200, "{path}");
                assert_eq!(picture.headers()["content-type"], kind);
                let bytes = picture.bytes().await.unwrap();
                assert!(
                    bytes.as_ref() == expected.as_slice(),
                    "{:?} ply {ply}: another picture than the engine's position ({kind})",
                    record.kind
                );
            }
        }
        // Without a ply: the latest position; the page links every ply and marks the last.
        let (status, page) = text(&format!("{site}/games/{id}"), None).await;
        assert_eq!(status, 200);
        // A board that turns keeps its reader's choice in every link.
        let turned = match record.kind {
            GameKind::Gyges | GameKind::JumpSturdy => "&amp;turned=0",
            _ => "",
        };
        for ply in 0..=plies {
            assert!(
                page.contains(&format!(
                    "href=\"/games/{id}?ply={ply}&amp;lang=en{turned}\" data-ply=\"{ply}\""
                )),
                "ply {ply} not linked: {page}"
            );
        }
        assert!(page.contains(&format!("data-ply=\"{plies}\" aria-current=\"step\"")));
        for mv in &record.moves {
            assert!(page.contains(&leapfrog::web::escape(mv)), "{mv} missing");
        }
        // The steps from the middle lead one ply each way and to both ends; at an end, the
        // steps past it are links marked off, so a page stepped by script can turn them on.
        let step = |key: &str, to: usize, off: bool| {
            let class = if off {
                "step off\" aria-disabled=\"true\" tabindex=\"-1"
            } else {
                "step"
            };
            format!("<a class=\"{class}\" data-step=\"{key}\" href=\"/games/{id}?ply={to}&amp;lang=en{turned}\">")
        };
        let (_, middle) = text(&format!("{site}/games/{id}?ply=2"), None).await;
        for (key, to) in [("first", 0), ("back", 1), ("forward", 3), ("last", plies)] {
            assert!(middle.contains(&step(key, to, false)), "{key}: {middle}");
        }
        for (key, to, off) in [
            ("first", 0, false),
            ("back", plies - 1, false),
            ("forward", plies, true),
            ("last", plies, true),
        ] {
            assert!(page.contains(&step(key, to, off)), "{key}: {page}");
        }
        let (_, start) = text(&format!("{site}/games/{id}?ply=0"), None).await;
        assert!(start.contains(&step("back", 0, true)), "{start}");
        assert!(start.contains(&step("forward", 1, false)), "{start}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn names_that_try_to_be_html_are_shown_as_text() {
    let store = common::temporary_store();
    let hostile = "<script>alert(1)</script>\"'&\u{202e}x";
    let record = common::blocking(|| {
        let mut record = common::new_record(GameKind::Jumpers, &[1, 2], GuildId(1), 1_000);
        record.seats[0] = Player::User {
            id: leapfrog::store::UserId(1),
            name: hostile.to_owned(),
        };
        store.insert(record).unwrap()
    });
    let site = serve(store).await;
    let (status, page) = text(&format!("{site}/games/{}", record.id), None).await;
    assert_eq!(status, 200);
    assert!(!page.contains("<script>alert"), "{page}");
    assert!(
        page.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;\u{202e}x"),
        "{page}"
    );
    // Isolated, so the right-to-left mark cannot turn the line around it.
    assert!(
        page.contains("<bdi class=\"name\">&lt;script&gt;"),
        "{page}"
    );
    let (_, view) = json(&format!("{site}/api/games/{}", record.id)).await;
    assert!(view["players"][0].as_str().unwrap().contains(hostile));
    // The board draws names as the fonts' outlines: no text of theirs is in it at all.
    let board = view["board"].as_str().unwrap();
    let (status, svg) = text(&format!("{site}{board}"), None).await;
    assert_eq!(status, 200);
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(!svg.contains("script") && !svg.contains("alert"), "{svg}");
}

#[tokio::test(flavor = "multi_thread")]
async fn unknown_games_and_plies_are_refused_in_the_readers_language() {
    let store = common::temporary_store();
    let (record, _) = common::blocking(|| stored_game(&store, GameKind::Gyges, &[1, 2], 3));
    let site = serve(store).await;
    let id = record.id.0;
    let (status, page) = text(&format!("{site}/games/999"), None).await;
    assert_eq!(status, 404);
    assert!(page.contains("There is no game #999."), "{page}");
    let (status, page) = text(&format!("{site}/games/abc?lang=ru"), None).await;
    assert_eq!(status, 404);
    assert!(page.contains("«abc» — не номер партии."), "{page}");
    let (status, view) = json(&format!("{site}/api/games/{id}?ply=7")).await;
    assert_eq!(status, 400);
    assert_eq!(
        view["error"],
        "\"7\" is not a move number: give one from 0 to 3."
    );
    let (status, page) = text(&format!("{site}/games/{id}?ply=-1"), Some("pl-PL,pl;q=0.9")).await;
    assert_eq!(status, 400);
    assert!(page.contains("„-1” to nie numer ruchu"), "{page}");
    // The reader's language from the browser when the address gives none.
    let (status, page) = text(&format!("{site}/games/{id}"), Some("fr, ru;q=0.8")).await;
    assert_eq!(status, 200);
    assert!(
        page.contains("В начало") && page.contains("<html lang=\"ru\">"),
        "{page}"
    );
    // By weight, not by order; a language weighted 0 is one the reader does not want.
    let (_, page) = text(&format!("{site}/games/{id}"), Some("ru;q=0.5, pl;q=0.9")).await;
    assert!(page.contains("<html lang=\"pl\">"), "{page}");
    let (_, page) = text(&format!("{site}/games/{id}"), Some("ru;q=0, de")).await;
    assert!(page.contains("<html lang=\"en\">"), "{page}");
    let (_, page) = text(&format!("{site}/games/{id}?lang=pl"), Some("ru")).await;
    assert!(page.contains("Początek"), "{page}");
    let (status, _) = text(&format!("{site}/nothing/here"), None).await;
    assert_eq!(status, 404);
}

#[tokio::test(flavor = "multi_thread")]
async fn every_answer_carries_the_security_headers() {
    let store = common::temporary_store();
    let (record, _) = common::blocking(|| stored_game(&store, GameKind::JumpSturdy, &[1, 2], 2));
    let site = serve(store).await;
    let id: GameId = record.id;
    for (path, status) in [
        (format!("/games/{id}"), 200),
        (format!("/api/games/{id}"), 200),
        (format!("/games/{id}/board.png?ply=1"), 200),
        (format!("/games/{id}/board.svg?ply=1"), 200),
        ("/assets/board.js".to_owned(), 200),
        ("/assets/board.css".to_owned(), 200),
        ("/games/999".to_owned(), 404),
        ("/elsewhere".to_owned(), 404),
    ] {
        let answer = get(&format!("{site}{path}"), None).await;
        assert_eq!(answer.status().as_u16(), status, "{path}");
        let headers = answer.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        // An SVG picture may load nothing but its own embedded images.
        let scripts = if path.contains(".svg") {
            "default-src 'none'; img-src data:;"
        } else {
            "script-src 'self'"
        };
        assert!(csp.contains(scripts), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "no-referrer", "{path}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
    }
}

/// The page's colours that the board pictures also have are the pictures' theme
/// (`render::theme::PALETTE`): the served style sheet defines each once, from the theme,
/// and no colour written by hand in it copies one of the palette's, exactly or nearly.
#[tokio::test(flavor = "multi_thread")]
async fn the_pages_colours_are_the_pictures_theme() {
    let site = serve(common::temporary_store()).await;
    let (status, css) = text(&format!("{site}/assets/board.css"), None).await;
    assert_eq!(status, 200);
    let palette = &leapfrog::render::theme::PALETTE;
    let defined = custom_properties(&css);
    for (name, [r, g, b]) in [
        ("--bg", palette.header),
        ("--text", palette.header_text),
        ("--muted", palette.header_muted),
        ("--accent", palette.to),
    ] {
        for (name, value) in [
            (name.to_owned(), format!("#{r:02x}{g:02x}{b:02x}")),
            (format!("{name}-rgb"), format!("{r}, {g}, {b}")),
        ] {
            let values: Vec<&str> = defined
                .iter()
                .filter(|(n, _)| *n == name)
                .map(|(_, v)| v.as_str())
                .collect();
            assert_eq!(values, [value.as_str()], "{name} in the page's style");
        }
    }
    // Every property used is defined.
    for used in css.split("var(").skip(1) {
        let name = used.split(')').next().unwrap().trim();
        assert!(
            defined.iter().any(|(n, _)| n == name),
            "{name} is not defined"
        );
    }
    // The colours written by hand (all but the theme's definitions) are the page's own:
    // none within a few levels of a colour of the palette.
    let themed: Vec<[u8; 3]> = [
        palette.background,
        palette.header,
        palette.header_text,
        palette.header_muted,
        palette.cell,
        palette.cell_edge,
        palette.label,
        palette.light_piece,
        palette.dark_piece,
        palette.light_rim,
        palette.dark_rim,
        palette.light_side,
        palette.from,
        palette.to,
        palette.arrow,
        palette.light_goal,
        palette.dark_goal,
    ]
    .to_vec();
    let by_hand = &css[css.find("}\n").expect("the theme's block comes first") + 2..];
    let written = colour_literals(by_hand);
    assert!(written.len() >= 3, "the page's own colours: {written:?}");
    for colour in written {
        for theme in &themed {
            let near = colour.iter().zip(theme).all(|(a, b)| a.abs_diff(*b) <= 8);
            assert!(
                !near,
                "{colour:?} in board.css copies the theme's {theme:?}: use its var(--…)"
            );
        }
    }
}

/// The custom properties a style sheet defines, in order: (`--name`, value).
fn custom_properties(css: &str) -> Vec<(String, String)> {
    css.split(['{', ';', '}'])
        .filter_map(|declaration| {
            let (name, value) = declaration.trim().split_once(':')?;
            name.starts_with("--")
                .then(|| (name.trim().to_owned(), value.trim().to_owned()))
        })
        .collect()
}

/// The colours written as `#rgb`, `#rrggbb` or `rgb(a)(r, g, b…)` in a style sheet.
fn colour_literals(css: &str) -> Vec<[u8; 3]> {
    let mut colours = Vec::new();
    for after in css.split('#').skip(1) {
        let digits: String = after.chars().take_while(char::is_ascii_hexdigit).collect();
        let channel = |i: usize, width: usize| {
            let text = &digits[i * width..(i + 1) * width];
            let value = u8::from_str_radix(text, 16).unwrap();
            if width == 1 {
                value * 17
            } else {
                value
            }
        };
        match digits.len() {
            3 => colours.push([channel(0, 1), channel(1, 1), channel(2, 1)]),
            6 => colours.push([channel(0, 2), channel(1, 2), channel(2, 2)]),
            _ => {}
        }
    }
    for after in css.split("rgb").skip(1) {
        let inside = after
            .trim_start_matches('a')
            .strip_prefix('(')
            .unwrap_or_default();
        let numbers: Vec<u8> = inside
            .split(')')
            .next()
            .unwrap_or_default()
            .split(',')
            .take(3)
            .filter_map(|n| n.trim().parse().ok())
            .collect();
        if let [r, g, b] = numbers[..] {
            colours.push([r, g, b]);
        }
    }
    colours
}

#[tokio::test(flavor = "multi_thread")]
async fn the_console_serves_the_pages_of_the_games_it_plays() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "[web]\nlisten = \"127.0.0.1:0\"\n").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
        .arg("--config")
        .arg(&config)
        .args(["local", "--data"])
        .arg(dir.path().join("data"))
        .arg("--out")
        .arg(dir.path().join("out"))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read aside, so a console that never says the address fails the test, not hangs it.
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let (tell, told) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let line = stderr
            .lines()
            .map_while(Result::ok)
            .find(|line| line.contains("http://"));
        let _ = tell.send(line);
    });
    let said = told
        .recv_timeout(std::time::Duration::from_secs(60))
        .ok()
        .flatten();
    let Some(said) = said else {
        let _ = child.kill();
        panic!("the console never said where the pages are");
    };
    let url = said
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap()
        .to_owned();
    assert!(url.ends_with("/games/1"), "{said}");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"@alice /play gyges opponent:@bob\n@bob /accept\n")
        .unwrap();
    stdin.flush().unwrap();
    let site = url.trim_end_matches("/games/1");
    // The console answers its lines in turn: the page shows the game once both are read.
    let mut shown = String::new();
    for _ in 0..100 {
        let (status, page) = text(&url, None).await;
        shown = page;
        if status == 200 && shown.contains("bob") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(shown.contains("alice") && shown.contains("bob"), "{shown}");
    let (status, _) = text(&format!("{site}/assets/board.js"), None).await;
    assert_eq!(status, 200);
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// The pictures a page loads besides its board come from the site itself, as SVG under
/// the boards' policy: the tab's two icons and the Gygès pieces a hand shows (1 to 3;
/// any other is not found).
#[tokio::test(flavor = "multi_thread")]
async fn the_icons_and_the_pieces_in_hand_are_served() {
    let site = serve(common::temporary_store()).await;
    for path in [
        "/assets/icon.svg",
        "/assets/icon-your-move.svg",
        "/assets/gyges/1.svg",
        "/assets/gyges/2.svg",
        "/assets/gyges/3.svg",
    ] {
        let answer = get(&format!("{site}{path}"), None).await;
        assert_eq!(answer.status().as_u16(), 200, "{path}");
        assert_eq!(answer.headers()["content-type"], "image/svg+xml", "{path}");
        assert!(
            answer.headers()["content-security-policy"]
                .to_str()
                .unwrap()
                .starts_with("default-src 'none'"),
            "{path}"
        );
        let body = answer.text().await.unwrap();
        assert!(
            body.starts_with("<svg") && !body.contains("script"),
            "{path}"
        );
    }
    let one = text(&format!("{site}/assets/gyges/1.svg"), None).await.1;
    let three = text(&format!("{site}/assets/gyges/3.svg"), None).await.1;
    assert_ne!(one, three, "each size is its own picture");
    for path in [
        "/assets/gyges/0.svg",
        "/assets/gyges/4.svg",
        "/assets/gyges/x",
    ] {
        let answer = get(&format!("{site}{path}"), None).await;
        assert_eq!(answer.status().as_u16(), 404, "{path}");
    }
}
