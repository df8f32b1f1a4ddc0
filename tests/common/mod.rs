//! Helpers shared by the integration tests: building Jumpers positions by cell name.

#![allow(dead_code)]

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use leapfrog::games::jumpers::{Options, Position};
use leapfrog::games::{AnyGame, GameOptions, Rules};

/// Options from `key=value` texts.
pub fn options(pairs: &[&str]) -> Options {
    Options::from_pairs(pairs.iter().map(|p| p.split_once('=').expect("key=value"))).unwrap()
}

/// A position with the given stacks (cell name → stack text bottom → top, e.g. `("e5", "sB")`)
/// and everything else empty, built through the public position text.
pub fn position(pairs: &[&str], stacks: &[(&str, &str)], turn: char) -> Position {
    Position::from_text(&options(pairs), &position_text(pairs, stacks, turn)).unwrap()
}

/// The position text of [`position`].
pub fn position_text(pairs: &[&str], stacks: &[(&str, &str)], turn: char) -> String {
    let options = options(pairs);
    let geometry = options.board.geometry();
    let ranks: Vec<String> = (0..9)
        .rev()
        .map(|rank| {
            geometry.ranks[rank]
                .iter()
                .map(|&cell| {
                    let name = geometry.cells[usize::from(cell)].to_string();
                    match stacks.iter().find(|(c, _)| *c == name) {
                        Some((_, s)) => format!("({s})"),
                        None => ".".to_owned(),
                    }
                })
                .collect()
        })
        .collect();
    for (cell, _) in stacks {
        assert!(
            geometry.index(cell.parse().unwrap()).is_some(),
            "{cell} is not on the board"
        );
    }
    format!("{} {turn}", ranks.join("/"))
}

/// The destinations of the piece on `from`, sorted.
pub fn targets(position: &Position, from: &str) -> Vec<String> {
    let mut targets: Vec<String> = position
        .legal_moves()
        .iter()
        .filter_map(|m| {
            let text = m.to_string();
            let (f, t) = text.split_once('-')?;
            (f == from).then(|| t.to_owned())
        })
        .collect();
    targets.sort();
    targets
}

/// The reason a move is refused.
pub fn refusal(position: &Position, mv: &str) -> String {
    position
        .check(&mv.parse().unwrap())
        .unwrap_err()
        .to_string()
}

/// Plays moves in order, panicking with the reason on an illegal one.
pub fn play(position: &mut Position, moves: &[&str]) {
    for mv in moves {
        position
            .play(&mv.parse().unwrap())
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
}

/// Jump Sturdy: the move that gets a man furthest towards the far rank (a race, so a
/// scripted game ends fast).
pub fn racing_move(game: &AnyGame) -> String {
    let blue = game.to_move().0 == 0;
    let progress = |mv: &String| {
        let to_rank = i32::from(mv.as_bytes()[4]) - i32::from(b'1');
        if blue {
            to_rank
        } else {
            7 - to_rank
        }
    };
    let moves = game.legal_moves();
    moves
        .iter()
        .max_by_key(|m| progress(m))
        .cloned()
        .expect("a move")
}

/// Jumpers: a jump towards the far side when there is one, else the first move (a
/// scripted game that ends).
pub fn jumpers_move(game: &AnyGame) -> String {
    let moves = game.legal_moves();
    let white = game.to_move().0 == 0;
    let row = |mv: &String| {
        let to = mv.rsplit('-').next().unwrap_or_default();
        let n: i32 = to[1..].parse().unwrap_or(0);
        if white {
            n
        } else {
            -n
        }
    };
    moves
        .iter()
        .max_by_key(|m| row(m))
        .cloned()
        .expect("a move")
}

/// Gygès: a goal move if there is one, else the move that ends furthest towards the
/// mover's goal (placements: the first), so a scripted game ends.
pub fn gyges_move(game: &AnyGame) -> String {
    let south = game.to_move().0 == 0;
    let moves = game.legal_moves();
    let progress = |mv: &String| -> i32 {
        if mv.ends_with("goal") {
            return 100;
        }
        let Some((_, rest)) = mv.split_once('-') else {
            return 0;
        };
        let row = i32::from(rest.as_bytes()[1]) - i32::from(b'1');
        if south {
            row
        } else {
            5 - row
        }
    };
    moves
        .iter()
        .rev()
        .max_by_key(|m| progress(m))
        .cloned()
        .expect("a move")
}

/// A move that brings `game` nearer its end, for scripted games that must finish: racing
/// to the far side (Jump Sturdy, Jumpers), to the goal (Gygès), taking pieces (Skakanie).
pub fn finishing_move(game: &AnyGame) -> String {
    match game.kind() {
        leapfrog::games::GameKind::JumpSturdy => racing_move(game),
        leapfrog::games::GameKind::Gyges => gyges_move(game),
        leapfrog::games::GameKind::Jumpers => jumpers_move(game),
        leapfrog::games::GameKind::Skakanie => {
            let moves = game.legal_moves();
            if moves.iter().any(|m| m == "take") {
                "take".to_owned()
            } else {
                moves.first().cloned().expect("a move")
            }
        }
    }
}

/// Plays `mirror`'s game to its end through `console`, the two `players` taking turns from
/// the side to move, each move picked by `choose`; checks that every reply names the move
/// and carries an 800 px picture. Returns the last reply.
pub fn play_to_end<S: leapfrog::store::Store>(
    console: &leapfrog::console::Console<S>,
    mirror: &mut AnyGame,
    mut players: [&str; 2],
    choose: fn(&AnyGame) -> String,
) -> String {
    let mut last = String::new();
    while !mirror.outcome().is_finished() {
        let mv = choose(mirror);
        last = console.run_line(&format!("@{} /move {mv}", players[0]));
        assert!(last.contains(&format!("played {mv}")), "{last}");
        let image = last
            .lines()
            .find_map(|l| l.trim().strip_prefix("image: "))
            .expect("a picture");
        assert_eq!(image::open(image).unwrap().width(), 800);
        mirror.play(&mv).unwrap();
        players.swap(0, 1);
        assert!(
            mirror.moves().len() <= 200,
            "the move limit ends every game"
        );
    }
    last
}

/// A random game from `position`: `check` sees every position, then the move that the next
/// of `choices` picks is played, until the game or the choices run out.
///
/// # Errors
/// The first failure of `check`.
pub fn random_playout<R: Rules, E>(
    mut position: R,
    choices: &[u16],
    mut check: impl FnMut(&R) -> Result<(), E>,
) -> Result<(), E> {
    for &choice in choices {
        check(&position)?;
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = &moves[usize::from(choice) % moves.len()];
        position.play(mv).unwrap();
    }
    Ok(())
}

/// A stored game rebuilt from its record: its options, seed and moves.
pub fn rebuild(record: &leapfrog::store::GameRecord) -> AnyGame {
    let mut pairs = record.options.clone();
    if record.kind.info().shuffles {
        pairs.push(format!("seed={}", record.seed));
    }
    let mut game = AnyGame::new(record.kind, &pairs, None).unwrap();
    for mv in &record.moves {
        game.play(mv).unwrap();
    }
    game
}

/// A whole Skakanie turn for the player to move: mostly `take` (so games end), now and then
/// a step, chosen by `stream`.
pub fn skakanie_turn(game: &AnyGame, stream: &mut leapfrog::games::shuffle::Stream) -> Vec<String> {
    let mut game = game.clone();
    let seat = game.to_move();
    let mut turn = Vec::new();
    while game.to_move() == seat && !game.outcome().is_finished() {
        let moves = game.legal_moves();
        let pick = if stream.below(4) == 0 {
            moves[stream.below(moves.len())].clone()
        } else {
            "take".to_owned()
        };
        game.play(&pick).unwrap();
        turn.push(pick);
    }
    turn
}

/// A clock that never moves: replies and records have the same times in every run.
pub struct FixedClock;

impl leapfrog::play::Clock for FixedClock {
    fn now_ms(&self) -> u64 {
        1_700_000_000_000
    }
}

/// Always rolls 0: a random seat draw keeps the challenger in the first seat.
pub struct Zero;

impl leapfrog::play::Dice for Zero {
    fn roll(&self, _: u64) -> u64 {
        0
    }
}

/// A clock the test moves by hand (unix milliseconds).
pub struct FakeClock(pub Arc<AtomicU64>);

impl leapfrog::play::Clock for FakeClock {
    fn now_ms(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// Four Skakanie players well into a game (seed 21, a fixed stream of actions, mostly
/// takes): stacks emptied and gaps closed, every pool holding fragments; `leaver` first
/// plays a leaving (`leave:4`) so a seat is gone too. The render tests and bench draw it.
pub fn skakanie_midgame(leaver: Option<&str>) -> AnyGame {
    let options = ["players=4".to_owned(), "seed=21".to_owned()];
    let mut game = AnyGame::new(leapfrog::games::GameKind::Skakanie, &options, None).unwrap();
    let mut stream = leapfrog::games::shuffle::Stream::new(leapfrog::games::Seed(3));
    if let Some(leave) = leaver {
        game.play(leave).unwrap();
    }
    for _ in 0..90 {
        let moves = game.legal_moves();
        let pick = if stream.below(3) == 0 {
            moves[stream.below(moves.len())].clone()
        } else {
            "take".to_owned()
        };
        game.play(&pick).unwrap();
    }
    game
}

/// The backend the store-backed tests run on: sled unless `LEAPFROG_TEST_STORE=postgres`,
/// when every store is a fresh schema in the database at `LEAPFROG_TEST_POSTGRES`. `.ci/run`
/// runs the store and play suites once each way; without the database the PostgreSQL run
/// fails (never skips).
pub fn test_postgres_url() -> Option<String> {
    match std::env::var("LEAPFROG_TEST_STORE").as_deref() {
        Ok("postgres") => Some(std::env::var("LEAPFROG_TEST_POSTGRES").expect(
            "LEAPFROG_TEST_STORE=postgres needs LEAPFROG_TEST_POSTGRES=postgres://… \
             (.ci/postgres starts a server and prints its URL)",
        )),
        Ok("sled") | Err(_) => None,
        Ok(other) => panic!("LEAPFROG_TEST_STORE must be sled or postgres, not {other:?}"),
    }
}

/// Where a test's store lives, so that it can be opened again as a restart would.
pub struct StoreSpot {
    dir: tempfile::TempDir,
    schema: Option<String>,
}

impl StoreSpot {
    /// A new, empty place: a temporary sled folder, or a new PostgreSQL schema.
    pub fn new() -> Self {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let schema = test_postgres_url().map(|_| {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .subsec_nanos();
            format!(
                "t{}_{}_{nanos}",
                std::process::id(),
                NEXT.fetch_add(1, Ordering::SeqCst)
            )
        });
        Self {
            dir: tempfile::tempdir().unwrap(),
            schema,
        }
    }

    /// The sled folder (also used by PostgreSQL runs for other files).
    pub fn dir(&self) -> std::path::PathBuf {
        self.dir.path().join("data")
    }

    /// The PostgreSQL URL and schema, when the tests run on PostgreSQL.
    pub fn postgres(&self) -> Option<(String, String)> {
        Some((test_postgres_url()?, self.schema.clone()?))
    }

    /// Opens the store (again).
    pub fn open(&self) -> leapfrog::store::AnyStore {
        match self.postgres() {
            Some((url, schema)) => leapfrog::store::PgStore::connect(&url, 8, Some(&schema))
                .expect("the test database is reachable")
                .into(),
            None => {
                leapfrog::store::SledStore::open(&leapfrog::store::StoreConfig::sled(self.dir()))
                    .unwrap()
                    .into()
            }
        }
    }

    /// What the binary needs to open this store: `--data DIR`, or the URL and schema in its
    /// config file's `[store]` section.
    pub fn config_section(&self) -> String {
        match self.postgres() {
            Some((url, schema)) => format!("[store]\nurl = \"{url}\"\nschema = \"{schema}\"\n"),
            None => format!("[store]\ndata_dir = {:?}\n", self.dir()),
        }
    }
}

/// A fresh store on the backend under test, for a test that never reopens it.
pub fn temporary_store() -> leapfrog::store::AnyStore {
    if test_postgres_url().is_some() {
        // The schema outlives the spot's folder, which PostgreSQL does not use.
        StoreSpot::new().open()
    } else {
        leapfrog::store::SledStore::temporary().unwrap().into()
    }
}

/// Runs store calls made straight from an async test: the PostgreSQL client blocks, which a
/// thread driving async tasks must not do (the bot itself calls its store on the blocking
/// pool). Needs the multi-threaded test runtime.
pub fn blocking<T>(work: impl FnOnce() -> T) -> T {
    tokio::task::block_in_place(work)
}

/// A new rated game of `kind` between the users `seats` (named `p<id>`) on `guild`, in
/// channel 1, started at `at`, ready for [`leapfrog::store::Store::insert`].
pub fn new_record(
    kind: leapfrog::games::GameKind,
    seats: &[u64],
    guild: leapfrog::store::GuildId,
    at: u64,
) -> leapfrog::store::GameRecord {
    use leapfrog::store::{ChannelId, GameId, GameRecord, Place, Player, Status, UserId};
    // As the bot stores them: the seed in its own field, not among the options.
    let options = if kind == leapfrog::games::GameKind::Skakanie {
        vec![format!("players={}", seats.len())]
    } else {
        Vec::new()
    };
    let mut with_seed = options.clone();
    if kind.info().shuffles {
        with_seed.push("seed=1".to_owned());
    }
    let start = AnyGame::new(kind, &with_seed, None).unwrap();
    GameRecord {
        id: GameId(0),
        kind,
        options,
        seed: 1,
        start: None,
        seats: seats
            .iter()
            .map(|&s| Player::User {
                id: UserId(s),
                name: format!("p{s}"),
            })
            .collect(),
        place: Place {
            guild: Some(guild),
            channel: ChannelId(1),
            reach: leapfrog::store::Reach::Posts,
        },
        home: None,
        moves: Vec::new(),
        position: start.position_text(),
        status: Status::Active,
        pending: None,
        agreed: Vec::new(),
        created: at,
        updated: at,
        days: None,
        clock: None,
        rated: true,
        tournament: None,
        version: 0,
    }
}

/// The PostgreSQL URL for the tests that need it whichever backend the run is on; `None`
/// (the test says it is skipped) only when the run does not require PostgreSQL:
/// `.ci/run` sets `LEAPFROG_REQUIRE_POSTGRES=1`, so there it fails instead.
pub fn postgres_for_this_test(test: &str) -> Option<String> {
    match std::env::var("LEAPFROG_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var("LEAPFROG_REQUIRE_POSTGRES").is_ok_and(|v| v == "1") => {
            panic!("{test} needs PostgreSQL: set LEAPFROG_TEST_POSTGRES (.ci/postgres starts one)")
        }
        _ => {
            eprintln!("{test}: skipped, no PostgreSQL (set LEAPFROG_TEST_POSTGRES)");
            None
        }
    }
}

/// Every message of `lang`'s catalogues: its id and the patterns it holds (its value and
/// each attribute's), what the language tests read the catalogues by.
pub fn catalogue_messages(
    lang: leapfrog::i18n::Lang,
) -> Vec<(String, Vec<fluent_syntax::ast::Pattern<&'static str>>)> {
    let mut messages = Vec::new();
    for &(of, area, text) in leapfrog::i18n::sources() {
        if of != lang {
            continue;
        }
        let resource = fluent_syntax::parser::parse(text)
            .unwrap_or_else(|(_, errors)| panic!("{lang}/{area}.ftl: {errors:?}"));
        for entry in resource.body {
            if let fluent_syntax::ast::Entry::Message(message) = entry {
                let patterns = message
                    .value
                    .into_iter()
                    .chain(message.attributes.into_iter().map(|a| a.value))
                    .collect();
                messages.push((message.id.name.to_owned(), patterns));
            }
        }
    }
    messages
}

/// Now, in unix seconds: the clock personal links to game pages are signed with.
pub fn unix_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// What a page's command told its channel first: the public answer of the batch a page
/// hands the front end (the rest is what follows it, the computer's answer).
pub fn told(later: Vec<leapfrog::play::Later>) -> leapfrog::play::Notice {
    later
        .into_iter()
        .find_map(|job| match job {
            leapfrog::play::Later::Tell(notice) => Some(*notice),
            _ => None,
        })
        .expect("the batch tells the channel something")
}

/// Plays every game of the current round to its end: in each, every seat but the first
/// resigns (at a Skakanie table, one after the other), except that the games `drawn`
/// chooses end in a draw by agreement. Returns what the console printed.
pub fn play_round<S: leapfrog::store::Store>(
    console: &leapfrog::console::Console<S>,
    id: u64,
    drawn: impl Fn(usize) -> bool,
) -> String {
    let record = console
        .play()
        .store()
        .tournament(leapfrog::store::TournamentId(id))
        .unwrap();
    let games: Vec<leapfrog::store::GameId> = record
        .games
        .last()
        .unwrap()
        .iter()
        .flatten()
        .copied()
        .collect();
    let mut out = String::new();
    for (i, game) in games.into_iter().enumerate() {
        let played = console.play().store().get(game).unwrap();
        if played.status != leapfrog::store::Status::Active {
            continue;
        }
        let names: Vec<String> = played.seats.iter().map(|p| p.name().to_owned()).collect();
        if drawn(i) && names.len() == 2 {
            out += &console.run_line(&format!("@{} /draw #{game}", names[0]));
            out += &console.run_line(&format!("@{} /draw accept #{game}", names[1]));
        } else {
            for name in names.iter().skip(1).rev() {
                out += &console.run_line(&format!("@{name} /resign #{game}"));
            }
        }
        out += &console.notices();
    }
    out
}

/// A Jump Sturdy record with a known blunder, for the analysis tests: Red's double on d3
/// jumps to c1 or e1 next; only c2-d3 stops it. Blue plays h4-h5 instead, and Red's d3-c1
/// reaches the goal.
pub const BLUNDER: &str = r#"[Leapfrog "1"]
[Format "2"]
[Game "jump-sturdy"]
[Number "1"]
[Options ""]
[Start "6/2b05/3rr4/7b0/8/r07/8/6 b"]
[Player1 "alice"]
[Player2 "bob"]
[Result "over"]
[Winners "2"]
[Reason "goal"]

1. h4-h5
2. d3-c1
"#;
