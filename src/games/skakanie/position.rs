//! The table (stacks in left-aligned rows, pawns, pools), whose turn it is, and the rules.

use crate::games::rules::{DrawRules, Outcome, ParsePositionError, Rules, Seat, Seed};
use crate::games::shuffle::Stream;

use super::action::{Action, Direction};
use super::options::{Options, Start, MAX_SEATS};
use super::score::{fragments, score_of, Pool, PIECES};

/// A puzzle piece: `row * 12 + column` on the picture.
pub type Piece = u8;

/// Stack rows and stacks per row at the start.
pub const START_ROWS: usize = 3;
/// Stacks per row at the start.
pub const START_COLUMNS: usize = 4;
/// Pieces per stack at the start.
pub const STACK_HEIGHT: usize = 8;
/// The game ends (and is scored) after this many rounds even if stacks remain: only players
/// who never take can get there, and it keeps every game finite.
pub const MAX_ROUNDS: u16 = 200;

/// The seats' names: their pawns' colours.
pub const SEAT_NAMES: [&str; MAX_SEATS] = ["Red", "Blue", "Green", "Yellow"];

/// Where a pawn stands: (row, stack index in the row), both from 0.
pub type Spot = (usize, usize);

/// A Skakanie position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) options: Options,
    /// Rows of stacks, each stack bottom first (its last piece is face up).
    pub(super) rows: Vec<Vec<Vec<Piece>>>,
    /// Each seat's pawn.
    pub(super) pawns: Vec<Spot>,
    /// Each seat's pieces.
    pub(super) pools: Vec<Pool>,
    /// Whose turn.
    pub(super) turn: u8,
    /// Actions left in this turn.
    pub(super) left: u8,
    /// The round, from 1.
    pub(super) round: u16,
    /// Whether this is the last round (4 or fewer stacks were left after a turn).
    pub(super) last_round: bool,
    /// Seats that left the game, as bits.
    pub(super) retired: u8,
    /// Whether the game has ended.
    pub(super) over: bool,
}

/// An action the rules forbid, with the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    Finished,
    /// No stack that way.
    #[error("there is no stack {} your pawn (row {row}, stack {stack}); from there you can go {}", .direction.place(), ways_text(.options))]
    NoStack {
        /// The way the pawn was sent.
        direction: Direction,
        /// The pawn's row, from 1.
        row: usize,
        /// The pawn's stack in its row, from 1.
        stack: usize,
        /// The directions that exist (none when the pawn's stack is the last one).
        options: Vec<Direction>,
    },
    /// `bury` without the option.
    #[error("bury is not part of this game (it needs the option bury=on)")]
    NoBury,
    /// `bury` on a stack of one.
    #[error(
        "the stack under your pawn has only its face-up piece, so there is nothing to turn up"
    )]
    BuryAlone,
    /// `pass` without the option.
    #[error("every turn has all its actions ({left} left); ending early needs the option pass=on")]
    NoPass {
        /// Actions left.
        left: u8,
    },
    /// A seat that is not in the game leaves.
    #[error("{0} is not playing in this game")]
    NotPlaying(Seat),
}

/// The ways a pawn can go, as the English error message names them: `down, left`, or
/// `nowhere`.
fn ways_text(ways: &[Direction]) -> String {
    if ways.is_empty() {
        "nowhere".to_owned()
    } else {
        ways.iter().map(|d| d.word()).collect::<Vec<_>>().join(", ")
    }
}

impl Position {
    /// The rows of stacks, each bottom first.
    #[must_use]
    pub fn rows(&self) -> &[Vec<Vec<Piece>>] {
        &self.rows
    }

    /// How many stacks are left.
    #[must_use]
    pub fn stack_count(&self) -> usize {
        self.rows.iter().map(Vec::len).sum()
    }

    /// A seat's pawn.
    #[must_use]
    pub fn pawn(&self, seat: Seat) -> Spot {
        self.pawns[seat.index()]
    }

    /// A seat's pool.
    #[must_use]
    pub fn pool(&self, seat: Seat) -> Pool {
        self.pools[seat.index()]
    }

    /// Actions left in the current turn.
    #[must_use]
    pub fn actions_left(&self) -> u8 {
        self.left
    }

    /// The round, from 1.
    #[must_use]
    pub fn round(&self) -> u16 {
        self.round
    }

    /// Whether the last round is being played.
    #[must_use]
    pub fn last_round(&self) -> bool {
        self.last_round
    }

    /// Whether a seat has left the game.
    #[must_use]
    pub fn has_left(&self, seat: Seat) -> bool {
        self.retired & (1 << seat.0) != 0
    }

    /// The seats still playing, in turn order.
    #[must_use]
    pub fn active_seats(&self) -> Vec<Seat> {
        (0..self.options.players)
            .map(Seat)
            .filter(|&s| !self.has_left(s))
            .collect()
    }

    /// A seat's fragment sizes, largest first.
    #[must_use]
    pub fn fragments(&self, seat: Seat) -> Vec<u32> {
        fragments(self.pool(seat))
    }

    /// A seat's score by this game's scoring.
    #[must_use]
    pub fn score(&self, seat: Seat) -> i32 {
        score_of(&self.fragments(seat), self.options.score)
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The face-up pieces: the top of every stack, which every player sees.
    #[must_use]
    pub fn face_up(&self) -> Pool {
        self.rows
            .iter()
            .flatten()
            .filter_map(|stack| stack.last())
            .fold(0, |set, &piece| set | 1 << piece)
    }

    /// This table with the face-down pieces outside `known` dealt again from `deal`, in
    /// stack order (rows, then stacks, bottom first): a determinisation for a player who
    /// cannot see them. Face-up pieces, pools and the `known` pieces (seen before and
    /// buried where everyone saw them go) stay where they are. `deal` must yield exactly
    /// the pieces it replaces, in any order; it is not read past them.
    #[must_use]
    pub fn redealt(&self, known: Pool, deal: &mut impl Iterator<Item = Piece>) -> Self {
        let mut table = self.clone();
        for stack in table.rows.iter_mut().flatten() {
            let face_down = stack.len() - 1;
            for piece in &mut stack[..face_down] {
                if known & (1 << *piece) == 0 {
                    *piece = deal.next().expect("the deal holds every unseen piece");
                }
            }
        }
        table
    }

    /// Where a step from `from` leads, if there is a stack there.
    fn step(&self, from: Spot, direction: Direction) -> Option<Spot> {
        let (dr, dc) = direction.delta();
        let row = usize::try_from(from.0 as i32 + dr).ok()?;
        let stack = usize::try_from(from.1 as i32 + dc).ok()?;
        (stack < self.rows.get(row)?.len()).then_some((row, stack))
    }

    /// The stack under the mover's pawn.
    fn my_stack(&mut self) -> &mut Vec<Piece> {
        let (row, stack) = self.pawns[usize::from(self.turn)];
        &mut self.rows[row][stack]
    }

    /// Takes the emptied stack at `spot` off the table and closes the gaps: the stacks to
    /// its right slide left, an emptied row lets the rows below slide up, and pawns follow
    /// the rule file's "Empty stacks".
    fn close_gap(&mut self, (row, stack): Spot) {
        self.rows[row].remove(stack);
        let len = self.rows[row].len();
        for pawn in &mut self.pawns {
            if pawn.0 == row && (pawn.1 > stack || pawn.1 >= len) {
                // Slid with its stack, or stood on the last stack, which vanished.
                pawn.1 = pawn.1.saturating_sub(1);
            }
        }
        if len > 0 {
            return;
        }
        self.rows.remove(row);
        if self.rows.is_empty() {
            return;
        }
        for pawn in &mut self.pawns {
            if pawn.0 > row {
                pawn.0 -= 1;
            } else if pawn.0 == row {
                // The row that replaced it, or the nearest that exists (the one above).
                pawn.0 = row.min(self.rows.len() - 1);
                pawn.1 = pawn.1.min(self.rows[pawn.0].len() - 1);
            }
        }
    }

    /// The next seat still playing after the one to move, and whether that wraps into a
    /// new round.
    fn next_seat(&self) -> (u8, bool) {
        let n = self.options.players;
        (1..=n)
            .map(|k| (self.turn + k) % n)
            .find(|&s| !self.has_left(Seat(s)))
            .map_or((self.turn, true), |s| (s, s <= self.turn))
    }

    /// Ends the mover's turn: the last round starts once 4 or fewer stacks are left, and
    /// the game ends when a round ends in it (or at the round limit, or with no stacks).
    fn end_turn(&mut self) {
        if self.stack_count() <= 4 {
            self.last_round = true;
        }
        let (next, wraps) = self.next_seat();
        if wraps {
            if self.last_round || self.round >= MAX_ROUNDS {
                self.over = true;
                self.left = 0;
                return;
            }
            self.round += 1;
        }
        self.turn = next;
        self.left = self.options.actions_of(usize::from(next));
    }

    /// The directions a pawn can step from `spot`, in words.
    fn ways_from(&self, spot: Spot) -> Vec<Direction> {
        Direction::ALL
            .into_iter()
            .filter(|&d| self.step(spot, d).is_some())
            .collect()
    }

    /// Builds a position from its parts, checking that they fit together.
    pub(super) fn validated(self) -> Result<Self, ParsePositionError> {
        let bad = |why: String| Err(ParsePositionError(why));
        let seats = usize::from(self.options.players);
        if self.pawns.len() != seats || self.pools.len() != seats {
            return bad(format!(
                "this game has {seats} players, so it needs {seats} pawns and {seats} pools"
            ));
        }
        let mut seen: Pool = 0;
        let mut count = 0;
        for piece in self.rows.iter().flatten().flatten() {
            if *piece >= PIECES {
                return bad(format!("there is no piece {piece}"));
            }
            seen |= 1 << piece;
            count += 1;
        }
        for pool in &self.pools {
            seen |= pool;
            count += pool.count_ones();
        }
        if count != u32::from(PIECES) || seen.count_ones() != u32::from(PIECES) {
            return bad("every one of the 96 pieces must be in exactly one stack or pool".into());
        }
        if self.rows.len() > START_ROWS
            || self
                .rows
                .iter()
                .any(|r| r.is_empty() || r.len() > START_COLUMNS)
            || self.rows.iter().flatten().any(Vec::is_empty)
        {
            return bad(
                "stacks lie in at most 3 rows of at most 4, with no empty stack or row".into(),
            );
        }
        if self
            .pawns
            .iter()
            .any(|&(r, c)| self.rows.get(r).is_none_or(|row| c >= row.len()))
            && !self.rows.is_empty()
        {
            return bad("every pawn must stand on a stack".into());
        }
        if !self.over && (self.rows.is_empty() || self.active_seats().len() < 2) {
            return bad(
                "a game with no stacks left, or fewer than two players, is over: add over".into(),
            );
        }
        if usize::from(self.turn) >= seats || self.has_left(Seat(self.turn)) && !self.over {
            return bad("the seat to move must be playing".into());
        }
        if !self.over
            && (self.left == 0 || self.left > self.options.actions_of(usize::from(self.turn)))
        {
            return bad(
                "the actions left must be between 1 and the seat's actions per turn".into(),
            );
        }
        Ok(self)
    }
}

impl Rules for Position {
    type Move = Action;
    type Options = Options;
    type Illegal = IllegalMove;
    type Key = ();

    /// No repetition or move-count draws: the round limit ends a stalled game by score.
    const DRAW_RULES: DrawRules = DrawRules {
        repetitions: None,
        ply_limit: None,
    };

    fn start(options: &Options, seed: Seed) -> Self {
        let mut pieces: Vec<Piece> = (0..PIECES).collect();
        Stream::new(seed).shuffle(&mut pieces);
        let mut chunks = pieces.chunks(STACK_HEIGHT).map(<[Piece]>::to_vec);
        let rows: Vec<Vec<Vec<Piece>>> = (0..START_ROWS)
            .map(|_| chunks.by_ref().take(START_COLUMNS).collect())
            .collect();
        const CORNERS: [Spot; MAX_SEATS] = [
            (0, 0),
            (0, START_COLUMNS - 1),
            (START_ROWS - 1, START_COLUMNS - 1),
            (START_ROWS - 1, 0),
        ];
        let seats = usize::from(options.players.clamp(2, MAX_SEATS as u8));
        let pawns = (0..seats)
            .map(|s| match options.start {
                Start::Corners => CORNERS[s],
                Start::SameCorner => CORNERS[0],
            })
            .collect();
        Self {
            options: *options,
            rows,
            pawns,
            pools: vec![0; seats],
            turn: 0,
            left: options.actions_of(0),
            round: 1,
            last_round: false,
            retired: 0,
            over: false,
        }
    }

    fn from_text(options: &Options, text: &str) -> Result<Self, ParsePositionError> {
        super::text::read(options, text)
    }

    fn to_text(&self) -> String {
        super::text::write(self)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seat_count(&self) -> usize {
        usize::from(self.options.players)
    }

    /// The pawn colours the picture uses, so a name in text finds its pawn at a glance.
    fn seat_name(&self, seat: Seat) -> String {
        SEAT_NAMES[seat.index() % MAX_SEATS].to_owned()
    }

    fn to_move(&self) -> Seat {
        Seat(self.turn)
    }

    fn mover_of(&self, mv: &Action) -> Seat {
        match mv {
            Action::Leave(seat) => *seat,
            _ => Seat(self.turn),
        }
    }

    fn legal_moves(&self) -> Vec<Action> {
        if self.over || self.rows.is_empty() {
            return Vec::new();
        }
        let pawn = self.pawns[usize::from(self.turn)];
        let mut moves = vec![Action::Take];
        moves.extend(
            Direction::ALL
                .into_iter()
                .filter(|&d| self.step(pawn, d).is_some())
                .map(Action::Step),
        );
        if self.options.bury && self.rows[pawn.0][pawn.1].len() > 1 {
            moves.push(Action::Bury);
        }
        if self.options.pass {
            moves.push(Action::Pass);
        }
        moves
    }

    fn check(&self, mv: &Action) -> Result<(), IllegalMove> {
        if self.over || self.rows.is_empty() {
            return Err(IllegalMove::Finished);
        }
        let pawn = self.pawns[usize::from(self.turn)];
        match *mv {
            Action::Take => Ok(()),
            Action::Step(d) => match self.step(pawn, d) {
                Some(_) => Ok(()),
                None => Err(IllegalMove::NoStack {
                    direction: d,
                    row: pawn.0 + 1,
                    stack: pawn.1 + 1,
                    options: self.ways_from(pawn),
                }),
            },
            Action::Bury if !self.options.bury => Err(IllegalMove::NoBury),
            Action::Bury if self.rows[pawn.0][pawn.1].len() < 2 => Err(IllegalMove::BuryAlone),
            Action::Bury => Ok(()),
            Action::Pass if !self.options.pass => Err(IllegalMove::NoPass { left: self.left }),
            Action::Pass => Ok(()),
            Action::Leave(seat) if seat.0 >= self.options.players || self.has_left(seat) => {
                Err(IllegalMove::NotPlaying(seat))
            }
            Action::Leave(_) => Ok(()),
        }
    }

    fn play_unchecked(&mut self, mv: &Action) {
        let me = usize::from(self.turn);
        match *mv {
            Action::Take => {
                let spot = self.pawns[me];
                let stack = self.my_stack();
                let piece = stack.pop().expect("a stack is never empty");
                let emptied = stack.is_empty();
                self.pools[me] |= 1 << piece;
                if emptied {
                    self.close_gap(spot);
                    if self.rows.is_empty() {
                        self.over = true;
                        self.left = 0;
                        return;
                    }
                }
            }
            Action::Step(d) => {
                if let Some(to) = self.step(self.pawns[me], d) {
                    self.pawns[me] = to;
                }
            }
            Action::Bury => {
                let stack = self.my_stack();
                let top = stack.pop().expect("a stack is never empty");
                stack.insert(0, top);
            }
            Action::Pass => {
                self.end_turn();
                return;
            }
            Action::Leave(seat) => {
                self.retired |= 1 << seat.0;
                if self.active_seats().len() < 2 {
                    self.over = true;
                    self.left = 0;
                } else if seat.0 == self.turn {
                    self.end_turn();
                }
                return;
            }
        }
        self.left -= 1;
        if self.left == 0 {
            self.end_turn();
        }
    }

    /// Once over: the best score among the seats still playing wins (equal best scores
    /// share the win); a seat left alone wins; seats that left rank last.
    fn outcome(&self) -> Outcome {
        if !self.over {
            return Outcome::Ongoing;
        }
        let active = self.active_seats();
        let best = active.iter().map(|&s| self.score(s)).max().unwrap_or(0);
        let mut winners: Vec<Seat> = active
            .into_iter()
            .filter(|&s| self.score(s) == best)
            .collect();
        if winners.len() == 1 {
            Outcome::Win(winners.remove(0))
        } else {
            Outcome::SharedWin(winners)
        }
    }

    fn key(&self) {}
}
