//! Rendering speed and size: `cargo bench --bench render`. Draws and encodes Jumpers
//! pictures (the start position, a crowded mid-game with tall stacks and crawlers, the far
//! board), a Jump Sturdy capture, a Gygès bounce chain and four Skakanie pools (its path found again for the
//! picture, as the bot does), and prints the median time of each stage and the PNG size,
//! then the time and size of the same picture drawn as the game pages' SVG. The targets (800 px
//! wide, median ≤ 1 ms for draw + encode, ≤ 60 KB) are checked by reading this, never by a
//! timed test. Each picture's time is also given as a ratio to a peer run beside it: a
//! chess board drawn by python-chess and turned into a PNG by cairosvg
//! (`benches/peer/python_chess_render.py`, timed before and after ours; the target is at
//! least 70 times faster). Then `/history` of whole games: the record and the GIF replay (one frame per
//! ply), its time and size.

mod common;
#[path = "../tests/common/mod.rs"]
mod test_common;

use leapfrog::console::console_user;
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::play::{parse_command, Context, Play};
use leapfrog::render::{self, Header};
use leapfrog::store::{ChannelId, Place, SledStore, Store};

/// A game whose picture to time: name, the game, a last move to mark (None: its own).
type Case = (&'static str, AnyGame, Option<&'static str>);

fn jumpers(options: &[&str], position: Option<&str>) -> AnyGame {
    let options: Vec<String> = options.iter().map(|s| (*s).to_owned()).collect();
    AnyGame::new(GameKind::Jumpers, &options, position).expect("valid case")
}

fn played(kind: GameKind, options: &[&str], position: &str, mv: &str) -> AnyGame {
    let options: Vec<String> = options.iter().map(|s| (*s).to_owned()).collect();
    let mut game = AnyGame::new(kind, &options, Some(position)).expect("valid case");
    game.play(mv).expect("a legal move");
    game
}

fn main() {
    let cases: Vec<Case> = vec![
        ("near start", jumpers(&[], None), None),
        (
            "near mid-game, crawlers",
            jumpers(
                &["crawlers=S,B"],
                Some(".../(Sm).../.(bs).(sssSSm)./(mM).../..(SSb)../(bb).../(mmmB)..../..(ssS)./.(bS). w"),
            ),
            Some("e3-e5"),
        ),
        ("far start", jumpers(&["board=far"], None), Some("c3-e3")),
        (
            "jump sturdy capture",
            played(
                GameKind::JumpSturdy,
                &[],
                "b0b0b0b0b0b0/1b0b0b0bbb0b01/3r0b03/2br5/3rb4/8/1r0r0r0r0r0r01/r0r01rrr0r0 b",
                "c2-d3",
            ),
            None,
        ),
        (
            "gyges bounce chain",
            played(
                GameKind::Gyges,
                &["displace=on"],
                "....2./.2..3./3...../....../...2../1112.. S",
                "a1-e2",
            ),
            None,
        ),
        ("skakanie four pools", test_common::skakanie_midgame(None), None),
    ];
    // `cargo bench --bench render -- skakanie` times only the pictures whose name holds
    // "skakanie" (and no replay), for a profiler.
    let only: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let peer_before = peer();
    let mut timed = Vec::new();
    for (name, game, last) in &cases {
        if only.as_deref().is_some_and(|o| !name.contains(o)) {
            continue;
        }
        let header = Header::for_game(
            game,
            vec!["alice".into(), "Борис Ż.".into()],
            None,
            leapfrog::i18n::Lang::En,
        );
        // The first call draws the cached board and sprites: not part of a render.
        let canvas = render::draw(game, *last, &header).expect("drawable");
        let draw = common::median_of(201, || render::draw(game, *last, &header));
        let encode = common::median_of(201, || canvas.to_png());
        let both = common::median_of(201, || {
            render::draw(game, *last, &header).map(|c| c.to_png())
        });
        let png = canvas.to_png();
        // The game page's drawing of the same picture (its sprites drawn by the first call).
        let svg = render::draw_svg(game, *last, &header).expect("drawable");
        let svg_time = common::median_of(201, || render::draw_svg(game, *last, &header));
        timed.push((*name, both));
        println!(
            "render {name:<24} {}x{} px: draw {:>6.3} ms, encode {:>6.3} ms, both {:>6.3} ms, {:>3} KB; svg {:>6.3} ms, {:>3} KB",
            canvas.width(),
            canvas.height(),
            draw.as_secs_f64() * 1e3,
            encode.as_secs_f64() * 1e3,
            both.as_secs_f64() * 1e3,
            png.len() / 1024,
            svg_time.as_secs_f64() * 1e3,
            svg.len() / 1024,
        );
    }
    let peer_after = peer();
    match peer_before.zip(peer_after) {
        Some((before, after)) => {
            let peer = (before + after) / 2.0;
            println!(
                "peer python-chess + cairosvg 800 px: {peer:.1} ms a picture (before ours {before:.1}, after {after:.1})"
            );
            for (name, both) in timed {
                println!(
                    "ratio {name:<24} {:>5.0}x faster than the peer",
                    peer / (both.as_secs_f64() * 1e3)
                );
            }
        }
        None => {
            println!("peer: not measured (needs python3 with `pip install python-chess cairosvg`)")
        }
    }
    if only.is_some() {
        return;
    }
    for (challenge, players, plies) in [
        ("/play jumpers @bob", 2, 120),
        ("/play jump-sturdy @bob", 2, 120),
        ("/play skakanie @bob @carol @dave", 4, 400),
    ] {
        history(challenge, players, plies);
    }
}

/// The peer's median time for one picture, in ms, or None if it cannot run here.
fn peer() -> Option<f64> {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/peer/python_chess_render.py"
    );
    let out = std::process::Command::new("python3")
        .args([script, "31"])
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    String::from_utf8_lossy(&out.stdout).trim().parse().ok()
}

/// Plays up to `plies` legal moves (each the mover's first) and times `/history`.
fn history(challenge: &str, players: usize, plies: usize) {
    let play = Play::new(SledStore::temporary().expect("a store"));
    let names = ["alice", "bob", "carol", "dave"];
    let ctx = |name: &str| Context {
        user: console_user(name),
        place: Place {
            guild: None,
            channel: ChannelId(1),
            reach: leapfrog::store::Reach::Posts,
        },
        manager: false,
        lang: leapfrog::i18n::Lang::En,
        guild_lang: None,
    };
    let run = |name: &str, line: &str| {
        let command = parse_command(line, console_user).expect("a command");
        play.handle(&ctx(name), command)
    };
    run("alice", challenge);
    for name in &names[1..players] {
        run(name, "/accept");
    }
    let id = play.store().games_in_channel(ChannelId(1)).expect("listed")[0].id;
    for _ in 0..plies {
        let Some(mover) = names[..players]
            .iter()
            .find(|n| !play.my_legal_moves(&ctx(n), Some(id)).is_empty())
        else {
            break;
        };
        let mv = play.my_legal_moves(&ctx(mover), Some(id))[0].clone();
        run(mover, &format!("/move {mv} game:{id}"));
    }
    let moves = play.store().get(id).expect("stored").moves.len();
    let reply = run("zed", &format!("/history game:{id}"));
    let time = common::median_of(5, || run("zed", &format!("/history game:{id}")));
    let gif = reply.files.last().map_or(0, |f| f.bytes.len());
    println!(
        "history {:<24} {moves:>3} plies: record + GIF {:>7.1} ms ({:.2} ms a frame), GIF {:>4} KB",
        challenge.split_whitespace().nth(1).unwrap_or(""),
        time.as_secs_f64() * 1e3,
        time.as_secs_f64() * 1e3 / (moves + 1) as f64,
        gif / 1024,
    );
}
