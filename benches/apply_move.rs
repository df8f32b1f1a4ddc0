//! Applying a move through the play layer on an on-disk sled store: load, replay, validate,
//! compare-and-swap save, and the reply (which includes rendering the board's PNG). `cargo bench --bench apply_move`.

mod common;

use std::time::Instant;

use leapfrog::console::console_user;
use leapfrog::play::{ChallengeCommand, Component, Context, MoveCommand, MovesOn, Play, Reply};
use leapfrog::store::{ChannelId, GameId, Place, SeatChoice, SledStore, StoreConfig};

fn ctx(name: &str, channel: u64) -> Context {
    Context {
        user: console_user(name),
        place: Place {
            guild: None,
            channel: ChannelId(channel),
            reach: leapfrog::store::Reach::Posts,
        },
        manager: false,
        lang: leapfrog::i18n::Lang::En,
        guild_lang: None,
    }
}

fn legal(reply: &Reply) -> Vec<String> {
    reply
        .components
        .iter()
        .find_map(|c| match c {
            Component::Moves { moves, .. } => Some(moves.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// Starts a game in its own channel and plays `plies` pseudo-random moves; returns the
/// players in turn order from here, the game and the next legal moves.
fn game(
    play: &Play<SledStore>,
    channel: u64,
    plies: usize,
) -> (GameId, Vec<String>, [&'static str; 2]) {
    let (a, b) = (ctx("alice", channel), ctx("bob", channel));
    play.handle(
        &a,
        ChallengeCommand::Challenge {
            game: "jumpers".into(),
            opponents: vec![console_user("bob")],
            options: vec![],
            seat: SeatChoice::First,
            computers: Vec::new(),
        },
    );
    let mut reply = play.handle(&b, ChallengeCommand::Accept { game: None });
    let id = game_id(&reply);
    let mut order = ["alice", "bob"];
    let mut state = channel;
    for _ in 0..plies {
        let moves = legal(&reply);
        if moves.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        let mv = moves[(state >> 33) as usize % moves.len()].clone();
        reply = play.handle(
            &ctx(order[0], channel),
            MoveCommand::Move { game: Some(id), mv },
        );
        order.swap(0, 1);
    }
    (id, legal(&reply), order)
}

/// The game a board reply shows.
fn game_id(reply: &Reply) -> GameId {
    reply
        .components
        .iter()
        .find_map(|c| match c {
            Component::Moves {
                on: MovesOn::Game(game),
                ..
            } => Some(*game),
            _ => None,
        })
        .expect("a started game shows its moves")
}

fn main() {
    let dir = std::env::temp_dir().join(format!("leapfrog-bench-{}", std::process::id()));
    let store = SledStore::open(&StoreConfig::sled(dir.clone())).expect("store opens");
    let play = Play::new(store);
    for history in [0, 40, 120] {
        let mut samples = Vec::new();
        for channel in 0..200 {
            let (id, moves, order) = game(&play, 1_000 * (history as u64 + 1) + channel, history);
            let Some(mv) = moves.first().cloned() else {
                continue;
            };
            let who = ctx(order[0], 0);
            let start = Instant::now();
            let reply = play.handle(&who, MoveCommand::Move { game: Some(id), mv });
            samples.push(start.elapsed());
            assert!(!reply.is_refused(), "{}", reply.text);
        }
        let n = samples.len();
        println!(
            "apply a move after {history:>3} plies: median {:>7.1} µs over {n} games",
            common::median(samples).as_secs_f64() * 1e6
        );
    }
    concurrent(&play);
    drop(play);
    let _ = std::fs::remove_dir_all(dir);
}

/// Sixteen games moving at once, every reply waiting until its move is on disk: how many
/// moves a second the group commit sustains, and how many moves share one flush.
fn concurrent(play: &Play<SledStore>) {
    const GAMES: u64 = 16;
    const MOVES: usize = 40;
    let games: Vec<_> = (0..GAMES).map(|g| game(play, 900_000 + g, 0)).collect();
    let flushes = play.store().flushes();
    let start = Instant::now();
    std::thread::scope(|scope| {
        for (id, moves, order) in games {
            scope.spawn(move || {
                let (mut moves, mut order) = (moves, order);
                for _ in 0..MOVES {
                    let Some(mv) = moves.first().cloned() else {
                        break;
                    };
                    let reply =
                        play.handle(&ctx(order[0], 0), MoveCommand::Move { game: Some(id), mv });
                    assert!(!reply.is_refused(), "{}", reply.text);
                    moves = legal(&reply);
                    order.swap(0, 1);
                }
            });
        }
    });
    let elapsed = start.elapsed();
    let moves = GAMES as f64 * MOVES as f64;
    let flushes = play.store().flushes() - flushes;
    println!(
        "{GAMES} games at once: {:.0} moves/s, {:.1} ms a move, {flushes} flushes for {moves} moves ({:.1} moves a flush)",
        moves / elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1e3 / moves * GAMES as f64,
        moves / flushes.max(1) as f64
    );
}
