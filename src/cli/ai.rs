//! `leapfrog ai`, `leapfrog match`, `leapfrog openings` and `leapfrog tune`: the engines
//! from the command line. Every failure is one line (the caller prints it) and a non-zero
//! exit, since other programs drive these.

use std::io::Write as _;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{anyhow, bail, Context as _, Result};

use leapfrog::ai::arena::{self, Mover, Played, Player};
use leapfrog::ai::{self, AiConfig, Level, Limits};
use leapfrog::games::{AnyGame, DrawReason, GameKind, Outcome};

use super::ugi::{Failure, UgiEngine};
use super::GameArgs;

/// What `leapfrog ai` was asked.
#[derive(clap::Args)]
pub struct AiRequest {
    #[command(flatten)]
    pub game: GameArgs,
    /// Moves to play first, separated by spaces: "e2-e3 e7-e6".
    #[arg(long)]
    pub moves: Option<String>,
    /// Think for this many milliseconds.
    #[arg(long, value_name = "MS")]
    pub time: Option<String>,
    /// Search this many plies (Skakanie: a hundred playouts per unit).
    #[arg(long, value_name = "N")]
    pub depth: Option<String>,
    /// 1 (beginner) to 5 (strongest).
    #[arg(long, default_value = "5")]
    pub level: String,
    /// The seed of a level's noise and Skakanie's sampling.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T> {
    text.trim()
        .parse()
        .map_err(|_| anyhow!("{flag} takes a whole number, not '{text}'"))
}

fn limits_of(time: Option<&str>, depth: Option<&str>, config: &AiConfig) -> Result<Limits> {
    let time = time
        .map(|t| number::<u64>("--time", t))
        .transpose()?
        .map(Duration::from_millis);
    let depth = depth.map(|d| number::<u32>("--depth", d)).transpose()?;
    if depth == Some(0) || depth.is_some_and(|d| d > ai::search::MAX_DEPTH) {
        bail!("--depth must be from 1 to {}", ai::search::MAX_DEPTH);
    }
    Ok(Limits {
        time,
        depth,
        table_mb: config.table_mb,
    })
}

/// Runs `leapfrog ai`: prints `info` lines and one `bestmove` line.
pub fn run_ai(request: AiRequest, config: &AiConfig) -> Result<()> {
    if request.time.is_some() == request.depth.is_some() {
        bail!("give exactly one of --time MS and --depth N");
    }
    let level: Level = request.level.parse()?;
    let limits = limits_of(request.time.as_deref(), request.depth.as_deref(), config)?;
    let mut game = request.game.build()?;
    for (n, mv) in request
        .moves
        .as_deref()
        .unwrap_or("")
        .split_whitespace()
        .enumerate()
    {
        game.play(mv)
            .with_context(|| format!("move {} of --moves ({mv})", n + 1))?;
    }
    let cancel = AtomicBool::new(false);
    let choice = ai::analyse(&game, level, &limits, request.seed, &cancel, &mut |info| {
        println!(
            "info depth {} score {} nodes {} nps {} pv {}",
            info.depth,
            info.score,
            info.nodes,
            info.nps(),
            info.pv.join(" ")
        );
    })
    .map_err(|e| anyhow!("no move to search: {e}"))?;
    println!("bestmove {}", choice.ply);
    Ok(())
}

/// What `leapfrog match` was asked.
#[derive(clap::Args)]
pub struct MatchRequest {
    /// The game: jumpers, gyges, jump-sturdy or skakanie.
    pub game: String,
    /// A game option as key=value (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Engine A: level=L, time=MS or depth=N, comma-separated; binary=PATH asks another
    /// build of the bot (`PATH ai …`) for each of its moves instead, and ugi=COMMAND a
    /// UGI Gygès engine (with setup=random or mirror and displace=on; failure=forfeit
    /// makes its giving no move a lost game instead of a retry).
    #[arg(long, default_value = "level=5")]
    pub a: String,
    /// Engine B, like A.
    #[arg(long, default_value = "level=4")]
    pub b: String,
    /// How many games (pairs of games share an opening).
    #[arg(long, default_value_t = 40)]
    pub games: u32,
    /// Milliseconds per move, unless an engine sets its own.
    #[arg(long, default_value_t = 200)]
    pub time: u64,
    /// Play the openings of this book (`leapfrog openings` writes one) instead of
    /// drawing them: pair n plays its nth line.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Write every game's plies to this file, one game a line, so a lost game can be
    /// gone through again with `leapfrog ai --moves`.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// Reads `level=5,time=200,depth=3` (and `binary=PATH` for another build of the bot, or
/// `ugi=COMMAND` for a UGI Gygès engine, with `failure=retry|forfeit` for what its giving
/// no move costs it) into a side of a match; time defaults to the match's.
fn player(spec: &str, time: u64, config: &AiConfig, setup: Setup) -> Result<Box<dyn Mover>> {
    let mut level = Level::MAX;
    let mut time = Some(time.to_string());
    let mut depth = None;
    let mut binary = None;
    let mut ugi = None;
    let mut failure = None;
    for pair in spec.split(',').filter(|p| !p.trim().is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| anyhow!("'{pair}' is not key=value (keys: {SIDE_KEYS})"))?;
        match key.trim() {
            "level" => level = value.parse()?,
            "time" => time = Some(value.to_owned()),
            "depth" => {
                depth = Some(value.to_owned());
                time = None;
            }
            "binary" => binary = Some(std::path::PathBuf::from(value)),
            "ugi" => ugi = Some(value.to_owned()),
            "failure" => failure = Some(value.parse::<Failure>()?),
            other => bail!("unknown engine setting '{other}' (keys: {SIDE_KEYS})"),
        }
    }
    let limits = limits_of(time.as_deref(), depth.as_deref(), config)?;
    if failure.is_some() && ugi.is_none() {
        bail!("failure= is for a UGI engine (ugi=COMMAND)");
    }
    Ok(match (binary, ugi) {
        (Some(_), Some(_)) => bail!("give binary= or ugi=, not both"),
        (Some(binary), None) => Box::new(External {
            binary,
            level,
            limits,
            setup,
        }),
        (None, Some(command)) => {
            let start = AnyGame::new(
                setup.kind,
                &arena::setup(setup.kind, &setup.options, 0),
                None,
            )?;
            Box::new(UgiEngine::new(
                &command,
                limits,
                failure.unwrap_or(Failure::Retry),
                &start,
            )?)
        }
        (None, None) => Box::new(Player { level, limits }),
    })
}

/// The settings a side of a match takes, for error messages.
const SIDE_KEYS: &str = "level, time, depth, binary, ugi, failure";

/// What an engine in another process needs to set a match's games up as this one does.
#[derive(Clone)]
struct Setup {
    kind: GameKind,
    options: Vec<String>,
}

/// Another build of the bot as a side of a match: asked for each move with `leapfrog ai`
/// (the game's options, every move so far, its level and limits), reading its `bestmove`.
/// So a new engine is measured against the build it replaces at equal time.
struct External {
    binary: std::path::PathBuf,
    level: Level,
    limits: Limits,
    setup: Setup,
}

impl Mover for External {
    fn next(&self, game: &AnyGame, pair: u64, ply: u64) -> Option<String> {
        let mut command = std::process::Command::new(&self.binary);
        command.args(["ai", self.setup.kind.name()]);
        for option in arena::setup(self.setup.kind, &self.setup.options, pair) {
            command.args(["--option", &option]);
        }
        let moves = game.moves();
        if !moves.is_empty() {
            command.args(["--moves", &moves.join(" ")]);
        }
        if let Some(time) = self.limits.time {
            command.args(["--time", &time.as_millis().to_string()]);
        }
        if let Some(depth) = self.limits.depth {
            command.args(["--depth", &depth.to_string()]);
        }
        let seed = (pair ^ ply).to_string();
        command.args(["--level", &self.level.to_string(), "--seed", &seed]);
        let output = command.output().ok()?;
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .rev()
            .find_map(|line| line.strip_prefix("bestmove "))
            .map(|ply| ply.trim().to_owned())
            .filter(|ply| !ply.is_empty() && ply != "(none)")
    }
}

/// Runs `leapfrog match`: one line per game, then A's score.
pub fn run_match(request: MatchRequest, config: &AiConfig) -> Result<()> {
    let kind: GameKind = request.game.parse()?;
    let setup = Setup {
        kind,
        options: request.options.clone(),
    };
    let a = player(&request.a, request.time, config, setup.clone())?;
    let b = player(&request.b, request.time, config, setup)?;
    if request.games == 0 {
        bail!("--games must be at least 1");
    }
    let book = request.openings.as_deref().map(read_book).transpose()?;
    if let Some(book) = &book {
        let pairs = request.games.div_ceil(2) as usize;
        if book.len() < pairs {
            bail!(
                "the book has {} openings and {} games need {pairs}",
                book.len(),
                request.games
            );
        }
    }
    let mut record = request
        .record
        .as_deref()
        .map(|path| {
            std::fs::File::create(path)
                .map(std::io::BufWriter::new)
                .with_context(|| format!("cannot write the record {}", path.display()))
        })
        .transpose()?;
    let mut played: Vec<Played> = Vec::new();
    // Each side's moves and those that undid one of its own last three (two-player games).
    let mut undone = [(0usize, 0usize); 2];
    // Each side's moves and those that brought back a position seen before in the game.
    let mut revisits = [(0usize, 0usize); 2];
    // Each side's moves and those that brought no piece forward (games whose ranks say so).
    let mut stayed = [(0usize, 0usize); 2];
    // Games drawn by repetition, by the side whose move repeated the position.
    let mut repeated = [0usize; 2];
    for n in 0..request.games {
        let a_first = n % 2 == 0;
        let (pair, game, opening) = match &book {
            Some(book) => {
                let (pair, plies) = &book[(n / 2) as usize];
                let game = arena::replay(kind, &request.options, *pair, plies)
                    .map_err(|e| anyhow!("opening {} of the book: {e}", n / 2 + 1))?;
                (*pair, game, plies.clone())
            }
            None => {
                let pair = u64::from(n / 2);
                let (game, opening) = arena::opening(kind, &request.options, pair)?;
                (pair, game, opening)
            }
        };
        let (result, moves) = arena::play_out(game, a.as_ref(), b.as_ref(), a_first, pair);
        let plies = moves.len();
        if kind.info().max_seats == 2 {
            let (facts, over) = arena::replay_facts(kind, &request.options, pair, &moves)
                .map_err(|e| anyhow!("game {}: {e}", n + 1))?;
            let seats: Vec<usize> = facts.iter().map(|f| f.seat).collect();
            let undid = arena::undoing(&moves, &seats, opening.len());
            let revisited = arena::revisiting(&facts, opening.len());
            let still = arena::standing_still(&moves, &seats, opening.len());
            // Seat 0 is A's when A moved first.
            let (of_a, of_b) = if a_first { (0, 1) } else { (1, 0) };
            for (side, seat) in [(0, of_a), (1, of_b)] {
                for (tally, by_seat) in [
                    (&mut undone, &undid),
                    (&mut revisits, &revisited),
                    (&mut stayed, &still),
                ] {
                    if let Some(&(moves, counted)) = by_seat.get(seat) {
                        tally[side].0 += moves;
                        tally[side].1 += counted;
                    }
                }
            }
            if over.outcome() == Outcome::Draw(DrawReason::Repetition) {
                if let Some(&last) = seats.last() {
                    repeated[usize::from(last != of_a)] += 1;
                }
            }
        }
        if let Some(record) = &mut record {
            writeln!(record, "{}", moves.join(" "))?;
            record.flush()?;
        }
        println!(
            "game {}: opening {}; A {}: {:?} after {plies} plies",
            n + 1,
            opening.join(" "),
            if a_first { "first" } else { "second" },
            result
        );
        played.push(Played {
            opening,
            a_first,
            result,
            plies,
        });
    }
    let (points, share) = arena::score(&played);
    let count = |r| played.iter().filter(|g| g.result == r).count();
    println!(
        "score A ({}) vs B ({}): {points}/{} = {:.1}% (+{} ={} -{})",
        request.a,
        request.b,
        played.len(),
        share * 100.0,
        count(arena::Result::Win),
        count(arena::Result::Draw),
        count(arena::Result::Loss),
    );
    for (name, side) in [("A", &a), ("B", &b)] {
        if let Some(tally) = side.tally() {
            println!("{name}: {tally}");
        }
    }
    let measures = [
        ("undid one of its last three moves", undone),
        ("brought back a position seen before", revisits),
        ("moved no piece forward", stayed),
    ];
    let shown = if kind.info().forward_ranks { 3 } else { 2 };
    for (what, tally) in measures.into_iter().take(shown) {
        for (name, (moves, counted)) in ["A", "B"].iter().zip(tally) {
            if moves > 0 {
                println!(
                    "{name} {what} {counted} times in {moves} moves ({:.1}%)",
                    counted as f64 * 100.0 / moves as f64
                );
            }
        }
    }
    if undone[0].0 > 0 {
        println!(
            "drawn by repetition: {} games, the repeating move A's in {} and B's in {}",
            repeated[0] + repeated[1],
            repeated[0],
            repeated[1]
        );
    }
    Ok(())
}

/// A book of openings (`leapfrog openings` writes them): one per line, the pair's number
/// (its set-up's seed) and the plies; `#` starts a comment.
fn read_book(path: &std::path::Path) -> Result<Vec<(u64, Vec<String>)>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading the book {}", path.display()))?;
    text.lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let line = line.split('#').next().unwrap_or("").trim();
            (!line.is_empty()).then_some((n, line))
        })
        .map(|(n, line)| {
            let mut words = line.split_whitespace();
            let pair = words.next().unwrap_or("");
            let pair = number::<u64>(&format!("line {} of {}", n + 1, path.display()), pair)?;
            Ok((pair, words.map(str::to_owned).collect()))
        })
        .collect()
}

/// How many openings `leapfrog openings` draws for each one asked before it gives up (in
/// Gygès about three are drawn for each kept).
const DRAWS_PER_KEPT: u64 = 50;

/// What `leapfrog openings` was asked.
#[derive(clap::Args)]
pub struct OpeningsRequest {
    /// The game: jumpers, gyges or jump-sturdy.
    pub game: String,
    /// A game option as key=value (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// How many openings to keep.
    #[arg(long, default_value_t = 50)]
    pub count: u32,
    /// Milliseconds of search that must find no forced win.
    #[arg(long, default_value_t = 3000)]
    pub time: u64,
}

/// Runs `leapfrog openings`: the match's openings, pair after pair, keeping those in which
/// a search of `time` ms finds no forced win; one line each, in the book format
/// `leapfrog match --openings` reads, with the search's score as a comment.
pub fn run_openings(request: OpeningsRequest, config: &AiConfig) -> Result<()> {
    let kind: GameKind = request.game.parse()?;
    if kind == GameKind::Skakanie {
        bail!("Skakanie's hidden pieces leave nothing to prove: its matches need no book");
    }
    let limits = limits_of(Some(&request.time.to_string()), None, config)?;
    let mut kept = 0;
    let mut pair = 0;
    while kept < request.count {
        if pair >= u64::from(request.count) * DRAWS_PER_KEPT {
            bail!("only {kept} of {pair} openings drawn were balanced; try a shorter --time");
        }
        let (game, plies) = arena::opening(kind, &request.options, pair)?;
        if let Some(score) = arena::balanced(&game, &limits) {
            println!("{pair} {}  # score {score}", plies.join(" "));
            kept += 1;
        }
        pair += 1;
    }
    Ok(())
}

/// What `leapfrog tune` was asked.
#[derive(clap::Args)]
pub struct TuneRequest {
    /// The game: gyges.
    pub game: String,
    /// A game option as key=value (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// How many games to play (each from its own opening).
    #[arg(long, default_value_t = 200)]
    pub games: u32,
    /// The depth of each move's search.
    #[arg(long, default_value_t = 3)]
    pub depth: u32,
    /// Gradient steps of the fit.
    #[arg(long, default_value_t = 1000)]
    pub rounds: u32,
}

/// The positions of one game of the engine against itself from set-up `pair`, each with
/// what its side to move scored in the end.
fn self_play(
    kind: GameKind,
    options: &[String],
    pair: u64,
    limits: &Limits,
) -> Result<Vec<(AnyGame, f64)>> {
    // The shuffled set-up is the opening: random plies on top would throw games away in
    // blunders no engine makes, and the fit would learn from those.
    let mut game = AnyGame::new(kind, &arena::setup(kind, options, pair), None)?;
    let cancel = AtomicBool::new(false);
    let mut seen = Vec::new();
    while !game.outcome().is_finished() {
        seen.push(game.clone());
        let seed = pair ^ seen.len() as u64;
        let Ok(choice) = ai::choose(&game, Level::MAX, limits, seed, &cancel) else {
            break;
        };
        game.play(&choice.ply)?;
    }
    let outcome = game.outcome();
    Ok(seen
        .into_iter()
        .map(|position| {
            let result = match outcome {
                leapfrog::games::Outcome::Win(seat) if seat == position.to_move() => 1.0,
                leapfrog::games::Outcome::Win(_) => 0.0,
                _ => 0.5,
            };
            (position, result)
        })
        .collect())
}

/// Runs `leapfrog tune`: self-play on both cores, then the fit, printed as the weights
/// table beside the present one with each one's log loss.
pub fn run_tune(request: TuneRequest, config: &AiConfig) -> Result<()> {
    use leapfrog::ai::eval::gyges::{features, weights, WEIGHTS};
    use leapfrog::ai::tune::{fit, log_loss, Sample};
    let kind: GameKind = request.game.parse()?;
    if kind != GameKind::Gyges {
        bail!("only Gygès's evaluation is a table of weights to fit so far");
    }
    if request.games == 0 {
        bail!("--games must be at least 1");
    }
    let limits = limits_of(None, Some(&request.depth.to_string()), config)?;
    let workers = std::thread::available_parallelism().map_or(1, usize::from);
    let games: Vec<Vec<(AnyGame, f64)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|worker| {
                let (options, limits) = (&request.options, &limits);
                scope.spawn(move || {
                    (0..request.games)
                        .filter(|n| *n as usize % workers == worker)
                        .map(|n| self_play(kind, options, u64::from(n), limits))
                        .collect::<Result<Vec<_>>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a self-play worker panicked"))
            .collect::<Result<Vec<_>>>()
            .map(|all| all.into_iter().flatten().collect())
    })?;
    let samples: Vec<Sample> = games
        .iter()
        .flatten()
        .filter_map(|(game, result)| {
            let AnyGame::Gyges(g) = game else {
                return None;
            };
            let position = g.position();
            if position.placing() {
                return None;
            }
            let moves = leapfrog::games::Rules::legal_moves(position);
            features(position, &moves).map(|f| Sample {
                features: f.to_vec(),
                result: *result,
            })
        })
        .collect();
    // The table the games' options play with (displacement has its own).
    let table = games
        .iter()
        .flatten()
        .find_map(|(game, _)| match game {
            AnyGame::Gyges(g) => Some(weights(leapfrog::games::Rules::options(g.position()))),
            _ => None,
        })
        .unwrap_or(&WEIGHTS);
    let present: Vec<f64> = table.iter().map(|t| f64::from(t.weight)).collect();
    let fitted = fit(&samples, &present, request.rounds);
    println!(
        "{} positions from {} games at depth {}",
        samples.len(),
        games.len(),
        request.depth
    );
    println!(
        "log loss: present weights {:.4}, fitted {:.4}",
        log_loss(&samples, &present),
        log_loss(&samples, &fitted)
    );
    println!("{:<14} {:>8} {:>8}", "term", "present", "fitted");
    for (term, w) in table.iter().zip(&fitted) {
        println!("{:<14} {:>8} {:>8.0}", term.name, term.weight, w);
    }
    Ok(())
}
