//! The Universal Gygès Interface from both ends: a UGI engine as a side of `leapfrog
//! match` (so our engine is measured against the public one at equal time, one process
//! each), and `leapfrog ugi`, our engine answering a UGI front end. The formats are
//! [`leapfrog::games::gyges::ugi`]'s.

use std::io::{BufRead as _, BufReader, Write as _};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context as _, Result};

use leapfrog::ai::arena::Mover;
use leapfrog::ai::{self, Level, Limits};
use leapfrog::games::gyges::{self, ugi, Move, Setup};
use leapfrog::games::{AnyGame, GameKind, Rules as _};

/// The depth a UGI engine is asked for when it gave no move in the time: the public
/// engine finishes no iteration below three plies and has no move to give then.
const FALLBACK_PLIES: u32 = 3;

/// How long a UGI engine may take to answer `ugi` or `isready`, and beyond its time
/// limit to answer `go`: one whose search thread died keeps reading commands but never
/// gives its move.
const GRACE: Duration = Duration::from_secs(1);

/// A running UGI engine: its input, and its output lines as a reader thread receives them
/// (so a silent engine is noticed instead of waited for).
struct Session {
    child: Child,
    input: ChildStdin,
    output: Receiver<String>,
}

impl Session {
    fn start(command: &[String]) -> Result<Self> {
        let (program, args) = command.split_first().context("an empty ugi= command")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start the UGI engine '{}'", command.join(" ")))?;
        let input = child.stdin.take().context("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().context("no stdout")?);
        let (lines, output) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        let mut session = Self {
            child,
            input,
            output,
        };
        session.send(&["ugi"])?;
        session.wait_for("ugiok", Some(GRACE))?;
        Ok(session)
    }

    fn send(&mut self, lines: &[&str]) -> Result<()> {
        for line in lines {
            writeln!(self.input, "{line}")?;
        }
        self.input.flush().context("the UGI engine stopped reading")
    }

    /// Reads lines until one starts with `word` (within `within`, if given), and returns
    /// it.
    fn wait_for(&mut self, word: &str, within: Option<Duration>) -> Result<String> {
        let deadline = within.map(|d| Instant::now() + d);
        loop {
            let line = match deadline {
                Some(deadline) => {
                    let left = deadline.saturating_duration_since(Instant::now());
                    match self.output.recv_timeout(left) {
                        Ok(line) => line,
                        Err(RecvTimeoutError::Timeout) => {
                            bail!("no '{word}' from the UGI engine within {within:?}")
                        }
                        Err(RecvTimeoutError::Disconnected) => {
                            bail!("the UGI engine ended before '{word}'")
                        }
                    }
                }
                None => self
                    .output
                    .recv()
                    .map_err(|_| anyhow!("the UGI engine ended before '{word}'"))?,
            };
            if line.trim_start().starts_with(word) {
                return Ok(line.trim().to_owned());
            }
        }
    }

    /// Asks for a move in the board `board` with these settings, and reads it; `time` is
    /// the engine's time limit, if it has one.
    fn best_move(
        &mut self,
        board: &str,
        settings: &[String],
        time: Option<Duration>,
    ) -> Result<String> {
        let setpos = format!("setpos data {board}");
        let mut lines: Vec<&str> = vec![&setpos];
        lines.extend(settings.iter().map(String::as_str));
        lines.push("isready");
        self.send(&lines)?;
        self.wait_for("readyok", Some(GRACE))?;
        self.send(&["go"])?;
        let line = self.wait_for("bestmove", time.map(|t| t + GRACE))?;
        Ok(line["bestmove".len()..].trim().to_owned())
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.send(&["quit"]);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What a UGI engine's giving no move costs it in a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// It is started again and asked at [`FALLBACK_PLIES`] without a time limit (which
    /// favours it: the strict measure of the other side), and when it still names no move
    /// (its null move, square 100) it plays its first legal move.
    Retry,
    /// It loses the game, as a harness that loses the engine's process would count it.
    Forfeit,
}

impl std::str::FromStr for Failure {
    type Err = anyhow::Error;

    fn from_str(text: &str) -> Result<Self> {
        match text {
            "retry" => Ok(Self::Retry),
            "forfeit" => Ok(Self::Forfeit),
            other => bail!("failure={other}: retry or forfeit"),
        }
    }
}

/// A UGI engine (the public Gygès engine, say) as a side of a match: started once, given
/// each position from the mover's seat with the side's time (`maxTime`) or depth
/// (`maxPly`). An engine that dies without a move (the public one does when no iteration
/// finishes in time) is dealt with as its [`Failure`] says; each such move is reported on
/// stderr.
pub struct UgiEngine {
    command: Vec<String>,
    limits: Limits,
    failure: Failure,
    session: Mutex<Option<Session>>,
    /// Moves it gave no answer to within the match's limits (its search died, or it was
    /// too slow)...
    silent: AtomicU32,
    /// ... and moves it answered with something our rules cannot read as a move (the
    /// public engine names square 100, its null move, when it reads no line back from its
    /// search, every move lost or not): a match's score is read with these beside it,
    /// since they are its clock and its failures rather than its play.
    unreadable: AtomicU32,
}

impl UgiEngine {
    /// An engine run by `command` (program and arguments, split at spaces), for a match
    /// whose games `setup` starts.
    ///
    /// # Errors
    /// A game other than Gygès, or rules the UGI engines do not play: they move from a
    /// filled board (no placement phase) and always may displace.
    pub fn new(command: &str, limits: Limits, failure: Failure, game: &AnyGame) -> Result<Self> {
        let AnyGame::Gyges(g) = game else {
            bail!("a UGI engine plays Gygès only");
        };
        let options = g.position().options();
        if options.setup == Setup::Placement {
            bail!("a UGI engine cannot place pieces: add --option setup=random (or mirror)");
        }
        if !options.displace {
            bail!("UGI engines play with displacement: add --option displace=on");
        }
        let command: Vec<String> = command.split_whitespace().map(str::to_owned).collect();
        if command.is_empty() {
            bail!("ugi= needs the engine's command");
        }
        Ok(Self {
            command,
            limits,
            failure,
            session: Mutex::new(None),
            silent: AtomicU32::new(0),
            unreadable: AtomicU32::new(0),
        })
    }

    fn settings(&self) -> Vec<String> {
        let plies = self.limits.depth.unwrap_or(ai::search::MAX_DEPTH);
        let mut settings = vec![format!("setoption maxPly {plies}")];
        if let Some(time) = self.limits.time {
            settings.push(format!("setoption maxTime {}", time.as_secs_f64()));
        }
        settings
    }

    /// The engine's move in `position` in our notation; on a failure (no answer, or a
    /// move our rules cannot read: the public engine names square 100 when it sees every
    /// move lose) one more try from a fresh engine at [`FALLBACK_PLIES`].
    fn ask(&self, position: &gyges::Position) -> Result<String> {
        let board = ugi::board(position);
        let mut session = self.session.lock().map_err(|_| anyhow!("poisoned"))?;
        let (settings, time) = (self.settings(), self.limits.time);
        let answer = match session.as_mut() {
            Some(s) => s.best_move(&board, &settings, time),
            None => Session::start(&self.command)
                .and_then(|s| session.insert(s).best_move(&board, &settings, time)),
        };
        let first = match answer {
            Ok(text) => ugi::read_move(position, &text).map_err(|e| {
                self.unreadable.fetch_add(1, Ordering::Relaxed);
                anyhow::Error::from(e)
            }),
            Err(e) => {
                self.silent.fetch_add(1, Ordering::Relaxed);
                Err(e)
            }
        };
        let mv = match first {
            Ok(mv) => mv,
            Err(e) if self.failure == Failure::Forfeit => {
                // The next move starts a fresh engine.
                *session = None;
                return Err(e);
            }
            Err(e) => {
                eprintln!(
                    "the UGI engine gave no move ({e:#}) in {}: asked again at {FALLBACK_PLIES} plies without a time limit",
                    position.to_text()
                );
                // The fresh engine has no time limit until the next move sets one.
                *session = None;
                let fresh = session.insert(Session::start(&self.command)?);
                let settings = [format!("setoption maxPly {FALLBACK_PLIES}")];
                let text = fresh.best_move(&board, &settings, None)?;
                match ugi::read_move(position, &text) {
                    Ok(mv) => mv,
                    // Its null move again (square 100: no line read back from its
                    // search): it plays the first, and the game goes on.
                    Err(e) => {
                        let first = position.legal_moves().first().copied();
                        eprintln!("the UGI engine gave no move again ({e}): it plays {first:?}");
                        first.ok_or(e)?
                    }
                }
            }
        };
        Ok(mv.to_string())
    }
}

impl Mover for UgiEngine {
    fn next(&self, game: &AnyGame, _pair: u64, _ply: u64) -> Option<String> {
        let AnyGame::Gyges(g) = game else {
            return None;
        };
        let position = g.position();
        // UGI has no word for a pass: the rules make it when nothing else is legal.
        if g.legal_moves() == [Move::Pass] {
            return Some(Move::Pass.to_string());
        }
        match self.ask(position) {
            Ok(ply) => Some(ply),
            Err(e) => {
                eprintln!("the UGI engine forfeits {}: {e:#}", position.to_text());
                None
            }
        }
    }

    fn tally(&self) -> Option<String> {
        let silent = self.silent.load(Ordering::Relaxed);
        let unreadable = self.unreadable.load(Ordering::Relaxed);
        let cost = match self.failure {
            Failure::Forfeit => "each lost its game",
            Failure::Retry => "each asked again without a time limit",
        };
        (silent + unreadable > 0).then(|| {
            format!(
                "the UGI engine gave no move {silent} times and one our rules cannot read \
                 {unreadable} times (square 100, its null move); {cost}"
            )
        })
    }
}

/// The think time `leapfrog ugi` uses when the front end set neither `maxTime` nor
/// `maxPly` (a UGI `go` has no limits of its own, and this engine does not search until
/// `stop`).
const DEFAULT_THINK: Duration = Duration::from_secs(1);

/// Runs `leapfrog ugi`: our Gygès engine (with displacement, as UGI front ends play it)
/// answering UGI commands on stdin until `quit` or the end of input. A search runs to
/// its limit before the next command is read, so `stop` has nothing to stop.
pub fn run_ugi(level: Level, table_mb: usize) -> Result<()> {
    let options = gyges::Options {
        setup: Setup::Random,
        displace: true,
    };
    let start = "321123/000000/000000/000000/000000/321123";
    let mut position = ugi::read_board(&options, start)?;
    let (mut time, mut depth) = (None, None);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    writeln!(out, "Leapfrog UGI engine {}", env!("CARGO_PKG_VERSION"))?;
    for line in stdin.lock().lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            [] => continue,
            ["ugi"] => writeln!(
                out,
                "id name Leapfrog {}\nid author Leapfrog\noption maxPly\noption maxTime\nugiok",
                env!("CARGO_PKG_VERSION")
            )?,
            ["isready"] => writeln!(out, "readyok")?,
            ["setoption", name, value] if name.eq_ignore_ascii_case("maxtime") => {
                match value.parse::<f64>() {
                    Ok(s) if s > 0.0 && s.is_finite() => time = Some(Duration::from_secs_f64(s)),
                    _ => writeln!(out, "info string maxTime takes seconds above 0")?,
                }
            }
            ["setoption", name, value] if name.eq_ignore_ascii_case("maxply") => {
                match value.parse::<u32>() {
                    Ok(p) if p > 0 => depth = Some(p.min(ai::search::MAX_DEPTH)),
                    _ => writeln!(out, "info string maxPly takes a whole number above 0")?,
                }
            }
            ["setpos", "start"] => position = ugi::read_board(&options, start)?,
            ["setpos", "data", board] => match ugi::read_board(&options, board) {
                Ok(p) => position = p,
                Err(e) => writeln!(out, "info string {e}")?,
            },
            ["showpos"] => writeln!(out, "info string {}", position.to_text())?,
            ["go"] => {
                let limits = Limits {
                    time: time.or(depth.is_none().then_some(DEFAULT_THINK)),
                    depth,
                    table_mb,
                };
                go(&position, level, &limits, &mut out)?;
            }
            ["stop"] => {}
            ["quit"] => break,
            _ => writeln!(out, "Unknown Command: '{}'", line.trim())?,
        }
        out.flush()?;
    }
    Ok(())
}

/// One `go`: `info` lines as the iterations finish (moves in UGI), then `bestmove`.
fn go(
    position: &gyges::Position,
    level: Level,
    limits: &Limits,
    out: &mut impl std::io::Write,
) -> Result<()> {
    let game = AnyGame::new(
        GameKind::Gyges,
        &["displace=on".to_owned()],
        Some(&position.to_text()),
    )?;
    let in_ugi = |plies: &[String]| -> Vec<String> {
        let mut at = position.clone();
        let mut line = Vec::new();
        for ply in plies {
            let Ok(mv) = ply.parse::<Move>() else { break };
            let Some(text) = ugi::write_move(&at, &mv) else {
                break;
            };
            line.push(text);
            at.play_unchecked(&mv);
        }
        line
    };
    let cancel = AtomicBool::new(false);
    let choice = ai::analyse(&game, level, limits, 0, &cancel, &mut |info| {
        let pv = in_ugi(&info.pv);
        // A front end that stopped reading only loses the progress lines.
        let _ = writeln!(
            out,
            "info ply {} bestmove {} score {} nodes {} nps {} time {:.3} pv {}",
            info.depth,
            pv.first().map_or("none", String::as_str),
            info.score,
            info.nodes,
            info.nps(),
            info.elapsed.as_secs_f64(),
            pv.join(" ")
        );
        let _ = out.flush();
    });
    let best = choice
        .ok()
        .and_then(|c| in_ugi(&[c.ply]).into_iter().next())
        .unwrap_or_else(|| "none".to_owned());
    writeln!(out, "bestmove {best}")?;
    Ok(())
}
