//! The position, the sides, and the [`Rules`] implementation: placement, which row may move,
//! displacement drops, passes and the end of the game.

use std::fmt;

use crate::games::rules::{DrawReason, DrawRules, Outcome, ParsePositionError, Rules, Seat, Seed};
use crate::games::shuffle::Stream;

use super::board::{row_mask, rows_mask, Point, Square, BOARD, NORTH, SIDE, SOUTH, SQUARES};
use super::illegal::{diagnose, IllegalMove};
use super::movegen::{loose_reach, reach, Board, Reach, Witnesses};
use super::notation::{Move, Target};
use super::options::{Options, Setup};

/// A player. Pieces belong to nobody; a side is where a player sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Row 1's side: places first, moves first, aims for the north goal.
    South,
    /// Row 6's side.
    North,
}

impl Side {
    /// The other side.
    #[must_use]
    pub fn other(self) -> Self {
        match self {
            Self::South => Self::North,
            Self::North => Self::South,
        }
    }

    /// The name players see.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::South => "South",
            Self::North => "North",
        }
    }

    /// The side's start row (0 = row 1).
    #[must_use]
    pub fn home_row(self) -> u8 {
        match self {
            Self::South => 0,
            Self::North => SIDE - 1,
        }
    }

    /// Rows from nearest to farthest, the order in which they may move.
    pub(super) fn rows_nearest_first(self) -> [u8; 6] {
        match self {
            Self::South => [0, 1, 2, 3, 4, 5],
            Self::North => [5, 4, 3, 2, 1, 0],
        }
    }

    /// The direction of the goal this side aims for.
    pub(super) fn goal_direction(self) -> usize {
        match self {
            Self::South => NORTH,
            Self::North => SOUTH,
        }
    }

    fn seat(self) -> Seat {
        Seat(self as u8)
    }
}

/// What one side could do now: see [`Position::mobility`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mobility {
    /// Its legal moves (passes aside).
    pub moves: usize,
    /// The pieces it may move (those of its nearest row that can).
    pub pieces: usize,
    /// Whether one of them can enter the goal.
    pub goal: bool,
    /// The squares its moves can end on, or land on to displace a piece.
    pub squares: u64,
    /// The sizes of the pieces it may move, added up.
    pub sizes: u32,
    /// The row its pieces move from (0 = row 1), if any can.
    pub row: Option<u8>,
    /// With displacement, the pieces its moves can land on (and displace).
    pub landings: u64,
    /// With displacement, how many (piece, landing) pairs it has: its moves counted
    /// without the drop squares, which multiply every landing alike.
    pub landing_pairs: usize,
    /// The squares of the pieces it may move.
    pub starts: u64,
    /// Its pieces' bounces added up (segments ending on a piece, over every state of
    /// each piece's bounce search): with displacement, how rich in bounce chains its
    /// position is.
    pub bounces: usize,
}

/// Each side's pieces still to place, by size (index 0 = size 1).
pub type Hand = [u8; 3];

/// A Gygès position.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(super) options: Options,
    /// Piece sizes by square, 0 = empty.
    pub(super) sizes: [u8; SQUARES],
    pub(super) occupied: u64,
    pub(super) turn: Side,
    /// Pieces still in hand, by side then size: all zero once the placement phase is over.
    pub(super) hands: [Hand; 2],
    /// The size of the piece that entered a goal: the side not to move has won.
    pub(super) in_goal: Option<u8>,
}

/// One movable piece and everything it can reach.
type Mover = (Square, Reach);

/// The pieces a side may move, each with its reach: see [`Position::movers_unless_goal`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Movers(Vec<Mover>);

impl Position {
    /// An empty board in the movement phase.
    pub(super) fn empty(options: Options, turn: Side) -> Self {
        Self {
            options,
            sizes: [0; SQUARES],
            occupied: 0,
            turn,
            hands: [[0; 3]; 2],
            in_goal: None,
        }
    }

    pub(super) fn put(&mut self, square: Square, size: u8) {
        self.sizes[square.index()] = size;
        if size == 0 {
            self.occupied &= !square.bit();
        } else {
            self.occupied |= square.bit();
        }
    }

    /// The size of the piece on `square`, 0 if empty.
    #[must_use]
    pub fn size_at(&self, square: Square) -> u8 {
        self.sizes[square.index()]
    }

    /// The side to play.
    #[must_use]
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// The pieces `side` still has to place.
    #[must_use]
    pub fn hand(&self, side: Side) -> Hand {
        self.hands[side as usize]
    }

    /// Whether the pieces are still being placed.
    #[must_use]
    pub fn placing(&self) -> bool {
        self.hands != [[0; 3]; 2]
    }

    /// The side that reached its goal, and the size of the piece standing there.
    #[must_use]
    pub fn in_goal(&self) -> Option<(Side, u8)> {
        self.in_goal.map(|size| (self.turn.other(), size))
    }

    /// The row whose pieces `side` may move now (the nearest occupied row, or the next when
    /// none of its pieces can move), if any: the picture marks it.
    #[must_use]
    pub fn moving_row(&self, side: Side) -> Option<u8> {
        self.movers(side).first().map(|(square, _)| square.row())
    }

    /// What `side` could do if it were to move now: how many moves, how many pieces may
    /// move, and whether one of them reaches the goal. The AI's evaluation weighs both
    /// sides with it, so it works whoever is to move.
    #[must_use]
    pub fn mobility(&self, side: Side) -> Mobility {
        self.mobility_of(side, &self.movers(side))
    }

    /// The pieces `side` may move and what each reaches, or `None` as soon as one of them
    /// is found to reach the goal (the rest is then not searched): one bounce search that
    /// both the side's mobility ([`Position::mobility_from`]) and, for the side to move,
    /// its moves ([`Position::moves_from`]) are read from. A search's leaf judged under a
    /// threat needs both, its judgement and then its moves to parry with, and the bounce
    /// search is most of either's cost.
    #[must_use]
    pub fn movers_unless_goal(&self, side: Side) -> Option<Movers> {
        self.scan_movers(side, true).map(Movers)
    }

    /// [`Position::mobility`] from `movers`, `side`'s (from [`Position::movers_unless_goal`]).
    #[must_use]
    pub fn mobility_from(&self, side: Side, movers: &Movers) -> Mobility {
        self.mobility_of(side, &movers.0)
    }

    /// The side to move's legal moves from its `movers` (from
    /// [`Position::movers_unless_goal`]): what [`Position::moves_unless_goal`] gives when
    /// they reach no goal.
    #[must_use]
    pub fn moves_from(&self, movers: &Movers) -> Vec<Move> {
        self.moves_of(&movers.0)
    }

    fn mobility_of(&self, side: Side, movers: &[Mover]) -> Mobility {
        let landings = if self.options.displace { !0 } else { 0 };
        Mobility {
            moves: movers
                .iter()
                .map(|(from, r)| self.move_count(side, *from, r))
                .sum(),
            pieces: movers.len(),
            goal: movers.iter().any(|(_, r)| r.goal),
            squares: movers
                .iter()
                .fold(0, |all, (_, r)| all | r.ends | (r.landings & landings)),
            sizes: movers
                .iter()
                .map(|(from, _)| u32::from(self.size_at(*from)))
                .sum(),
            row: movers.first().map(|(from, _)| from.row()),
            landings: movers
                .iter()
                .fold(0, |all, (_, r)| all | (r.landings & landings)),
            landing_pairs: movers
                .iter()
                .map(|(_, r)| (r.landings & landings).count_ones() as usize)
                .sum(),
            starts: movers.iter().fold(0, |all, (from, _)| all | from.bit()),
            bounces: movers.iter().map(|(_, r)| r.bounces as usize).sum(),
        }
    }

    /// The squares holding a piece of `size`.
    #[must_use]
    pub fn pieces_of_size(&self, size: u8) -> u64 {
        self.sizes
            .iter()
            .enumerate()
            .filter(|(_, &s)| s == size)
            .fold(0, |all, (i, _)| all | 1 << i)
    }

    /// Everything the piece on `from` could reach if the side to move moved it, whatever
    /// its row: the raw search, for tests and for the AI's move ordering.
    #[must_use]
    pub fn reach_of(&self, from: Square) -> Reach {
        reach(&self.board(self.turn), from, None)
    }

    fn board(&self, side: Side) -> Board<'_> {
        Board {
            sizes: &self.sizes,
            occupied: self.occupied,
            goal_direction: side.goal_direction(),
            stop_at_goal: false,
        }
    }

    /// The pieces `side` may move, with their reach: those of the nearest occupied row that
    /// have a move, or of the next row when none has, and so on.
    pub(super) fn movers(&self, side: Side) -> Vec<Mover> {
        self.scan_movers(side, false).unwrap_or_default()
    }

    /// [`Position::movers`], or `None` as soon as one of them is found to reach the goal
    /// when `stop_at_goal` (the rest is then not searched).
    fn scan_movers(&self, side: Side, stop_at_goal: bool) -> Option<Vec<Mover>> {
        let board = Board {
            stop_at_goal,
            ..self.board(side)
        };
        for row in side.rows_nearest_first() {
            let mut pieces = self.occupied & row_mask(row);
            let mut found = Vec::new();
            while pieces != 0 {
                let square = Square(pieces.trailing_zeros() as u8);
                pieces &= pieces - 1;
                let r = reach(&board, square, None);
                if stop_at_goal && r.goal {
                    return None;
                }
                if self.has_move(side, square, &r) {
                    found.push((square, r));
                }
            }
            if !found.is_empty() {
                return Some(found);
            }
        }
        Some(Vec::new())
    }

    /// Whether `side`, if it were to move now, could enter the goal: [`Position::mobility`]'s
    /// `goal`, found without the rest of its moves.
    #[must_use]
    pub fn reaches_goal(&self, side: Side) -> bool {
        !self.placing() && self.may_reach_goal(side) && self.scan_movers(side, true).is_none()
    }

    /// False when `side` certainly cannot enter the goal, found with [`loose_reach`]: the
    /// movers' row is the first where a piece has a move, so a row where one surely has
    /// (and none may reach the goal) settles it, and a row where none may move is passed
    /// as the real rule passes it. Anything less certain is left to the real search.
    /// Most positions a goal-run search tries are no threat: with this first it took 9.3 s
    /// instead of 13.5 s to the same runs (see `ai::eval::gyges`).
    fn may_reach_goal(&self, side: Side) -> bool {
        let board = self.board(side);
        for row in side.rows_nearest_first() {
            let (mut moves, mut may_move) = (false, false);
            for square in bits(self.occupied & row_mask(row)) {
                let loose = loose_reach(&board, square);
                if loose.goal {
                    return true;
                }
                moves |= loose.moves;
                may_move |= loose.may_move;
            }
            if moves {
                return false;
            }
            if may_move {
                return true;
            }
        }
        false
    }

    /// The legal moves, or `None` when the side to move can enter the goal: a won position
    /// for the search, which then need not generate the rest (in Gygès most positions a
    /// search meets after a failed parry are such, and the bounce search is most of its
    /// time). The same moves as [`Rules::legal_moves`] otherwise.
    #[must_use]
    pub fn moves_unless_goal(&self) -> Option<Vec<Move>> {
        if self.in_goal.is_some() || self.placing() {
            return Some(self.legal_moves());
        }
        let movers = self.scan_movers(self.turn, true)?;
        Some(self.moves_of(&movers))
    }

    /// The farthest row (0 = row 1) a piece displaced by `side` may go to: the opponent's
    /// nearest occupied row, on the board before the move.
    pub(super) fn drop_limit(&self, side: Side) -> u8 {
        let rows = |bit: u32| (bit / u32::from(SIDE)) as u8;
        match side {
            Side::South => rows(63u32.saturating_sub(self.occupied.leading_zeros())),
            Side::North => rows(self.occupied.trailing_zeros().min(35)),
        }
    }

    /// The rows a displaced piece may go to: not beyond [`Position::drop_limit`].
    fn drop_rows(&self, side: Side) -> u64 {
        let limit = self.drop_limit(side);
        match side {
            Side::South => rows_mask(0, limit),
            Side::North => rows_mask(limit, SIDE - 1),
        }
    }

    /// Where the piece displaced from `to` by the piece from `from` may go.
    pub(super) fn drops(&self, side: Side, from: Square, to: Square) -> u64 {
        let empty_after = (BOARD & !self.occupied) | from.bit();
        let mut drops = empty_after & self.drop_rows(side);
        if self.size_at(from) == self.size_at(to) {
            drops &= !from.bit();
        }
        drops
    }

    /// Whether [`Position::move_count`] is above zero, without counting every drop.
    fn has_move(&self, side: Side, from: Square, r: &Reach) -> bool {
        r.ends != 0
            || r.goal
            || (self.options.displace && bits(r.landings).any(|to| self.drops(side, from, to) != 0))
    }

    fn move_count(&self, side: Side, from: Square, r: &Reach) -> usize {
        let mut count = r.ends.count_ones() as usize + usize::from(r.goal);
        if self.options.displace {
            count += bits(r.landings)
                .map(|to| self.drops(side, from, to).count_ones() as usize)
                .sum::<usize>();
        }
        count
    }

    fn push_moves(&self, side: Side, (from, r): &Mover, moves: &mut Vec<Move>) {
        let landings = if self.options.displace { r.landings } else { 0 };
        for to in bits(r.ends | landings) {
            if r.ends & to.bit() != 0 {
                moves.push(Move::Go {
                    from: *from,
                    to: Target::Square(to),
                    drop: None,
                });
            } else {
                moves.extend(bits(self.drops(side, *from, to)).map(|drop| Move::Go {
                    from: *from,
                    to: Target::Square(to),
                    drop: Some(drop),
                }));
            }
        }
        if r.goal {
            moves.push(Move::Go {
                from: *from,
                to: Target::Goal,
                drop: None,
            });
        }
    }

    /// The side to move's moves, given its movers: a pass when it has none and the other
    /// side can move.
    fn moves_of(&self, movers: &[Mover]) -> Vec<Move> {
        let mut moves = Vec::with_capacity(48);
        for mover in movers {
            self.push_moves(self.turn, mover, &mut moves);
        }
        if moves.is_empty() && !self.movers(self.turn.other()).is_empty() {
            moves.push(Move::Pass);
        }
        moves
    }

    fn placements(&self) -> impl Iterator<Item = Move> + '_ {
        let hand = self.hand(self.turn);
        let free = row_mask(self.turn.home_row()) & !self.occupied;
        (1..=3u8)
            .filter(move |size| hand[usize::from(size - 1)] > 0)
            .flat_map(move |size| bits(free).map(move |square| Move::Place { size, square }))
    }

    /// Whether neither side can move (the movement phase's draw).
    fn nobody_can_move(&self) -> bool {
        self.movers(self.turn).is_empty() && self.movers(self.turn.other()).is_empty()
    }

    /// One path the move `mv` can take, with its bounces: what the picture draws. `None` for
    /// placements, passes and illegal moves.
    #[must_use]
    pub fn path_of(&self, mv: &Move) -> Option<Path> {
        let Move::Go { from, to, .. } = *mv else {
            return None;
        };
        if self.check(mv).is_err() {
            return None;
        }
        let mut witnesses = Witnesses {
            paths: vec![None; SQUARES + 1],
            goal_only: false,
        };
        reach(&self.board(self.turn), from, Some(&mut witnesses));
        let slot = match to {
            Target::Square(square) => square.index(),
            Target::Goal => SQUARES,
        };
        let points = witnesses.paths.swap_remove(slot)?;
        // Every point but the first and the last that holds a piece is a bounce (the start
        // square counts as empty once left, and squares passed over are empty).
        let bounces = points[1..points.len() - 1]
            .iter()
            .filter_map(|p| match p {
                Point::Square(s) if *s != from && self.size_at(*s) > 0 => Some(*s),
                _ => None,
            })
            .collect();
        Some(Path { points, bounces })
    }
}

/// How a move went: the points it passed, start first, and the squares it bounced on, in
/// order (a square bounced on twice is listed twice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// Start, every square stepped on, and the end (a square or the goal).
    pub points: Vec<Point>,
    /// The bounce squares.
    pub bounces: Vec<Square>,
}

/// The squares of a mask, a1 first.
pub(super) fn bits(mut mask: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let square = Square(mask.trailing_zeros() as u8);
            mask &= mask - 1;
            square
        })
    })
}

impl Rules for Position {
    type Move = Move;
    type Options = Options;
    type Illegal = IllegalMove;
    type Key = (u128, bool, [Hand; 2], Option<u8>);

    const DRAW_RULES: DrawRules = DrawRules {
        repetitions: Some(3),
        ply_limit: Some(200),
    };

    fn start(options: &Options, seed: Seed) -> Self {
        let mut position = Self::empty(*options, Side::South);
        if options.setup == Setup::Placement {
            position.hands = [[2; 3]; 2];
            return position;
        }
        let mut stream = Stream::new(seed);
        let mut south = [1, 1, 2, 2, 3, 3];
        stream.shuffle(&mut south);
        let mut north = south;
        if options.setup == Setup::Random {
            stream.shuffle(&mut north);
        }
        for file in 0..SIDE {
            let i = usize::from(file);
            position.put(Square(file), south[i]);
            position.put(Square((SIDE - 1) * SIDE + file), north[i]);
        }
        position
    }

    fn from_text(options: &Options, text: &str) -> Result<Self, ParsePositionError> {
        super::text::parse(*options, text)
    }

    fn to_text(&self) -> String {
        super::text::write(self)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        [Side::South, Side::North][seat.index() % 2]
            .name()
            .to_owned()
    }

    fn to_move(&self) -> Seat {
        self.turn.seat()
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.in_goal.is_some() {
            return Vec::new();
        }
        if self.placing() {
            return self.placements().collect();
        }
        self.moves_of(&self.movers(self.turn))
    }

    fn count_legal(&self) -> usize {
        if self.in_goal.is_some() {
            return 0;
        }
        if self.placing() {
            return self.placements().count();
        }
        let count: usize = self
            .movers(self.turn)
            .iter()
            .map(|(from, r)| self.move_count(self.turn, *from, r))
            .sum();
        if count == 0 {
            usize::from(!self.movers(self.turn.other()).is_empty())
        } else {
            count
        }
    }

    fn check(&self, mv: &Move) -> Result<(), IllegalMove> {
        if self.in_goal.is_some() {
            return Err(IllegalMove::Finished);
        }
        let legal = match mv {
            Move::Place { .. } if self.placing() => self.placements().any(|m| m == *mv),
            Move::Go { from, .. } if !self.placing() => {
                self.movers(self.turn).iter().any(|mover| {
                    let mut moves = Vec::new();
                    if mover.0 == *from {
                        self.push_moves(self.turn, mover, &mut moves);
                    }
                    moves.contains(mv)
                })
            }
            Move::Pass => self.legal_moves() == [Move::Pass],
            _ => false,
        };
        if legal {
            Ok(())
        } else {
            Err(diagnose(self, mv))
        }
    }

    fn play_unchecked(&mut self, mv: &Move) {
        match *mv {
            Move::Place { size, square } => {
                self.put(square, size);
                self.hands[self.turn as usize][usize::from(size - 1)] -= 1;
            }
            Move::Go { from, to, drop } => {
                let size = self.size_at(from);
                self.put(from, 0);
                match to {
                    Target::Goal => self.in_goal = Some(size),
                    Target::Square(to) => {
                        if let Some(drop) = drop {
                            self.put(drop, self.size_at(to));
                        }
                        self.put(to, size);
                    }
                }
            }
            Move::Pass => {}
        }
        self.turn = self.turn.other();
    }

    fn outcome(&self) -> Outcome {
        if let Some((winner, _)) = self.in_goal() {
            return Outcome::Win(winner.seat());
        }
        if !self.placing() && self.nobody_can_move() {
            return Outcome::Draw(DrawReason::NoMoves);
        }
        Outcome::Ongoing
    }

    fn key(&self) -> Self::Key {
        let packed = self
            .sizes
            .iter()
            .rev()
            .fold(0u128, |acc, &s| acc << 2 | u128::from(s));
        (packed, self.turn == Side::South, self.hands, self.in_goal)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}
