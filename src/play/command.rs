//! What a user asks the bot to do, independent of where they typed it.

use crate::ai::Level;
use crate::i18n::Lang;
use crate::store::TournamentId;
use crate::store::{GameId, Notify, Place, SeatChoice, TournamentHosts, UserId};

/// A person issuing a command or named in one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// Their id.
    pub id: UserId,
    /// Their display name, at most [`MAX_NAME_CHARS`] characters (see [`User::new`]).
    pub name: String,
}

pub use crate::store::MAX_NAME_CHARS;

impl User {
    /// A user with `name` cut to [`MAX_NAME_CHARS`] characters (an ellipsis marks the cut).
    #[must_use]
    pub fn new(id: UserId, name: &str) -> Self {
        let name = name.trim();
        let name = if name.chars().count() > MAX_NAME_CHARS {
            let kept: String = name.chars().take(MAX_NAME_CHARS - 1).collect();
            format!("{}…", kept.trim_end())
        } else {
            name.to_owned()
        };
        Self { id, name }
    }
}

/// Who asks, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Context {
    /// The caller.
    pub user: User,
    /// The channel (and server) the command came from.
    pub place: Place,
    /// Whether the caller may change the server's settings (Discord's Manage Server).
    pub manager: bool,
    /// The language the caller's client shows (Discord's `locale`): what an answer only
    /// the caller sees is written in.
    pub lang: Lang,
    /// The server's own language as Discord says it (`guild_locale`), if any: what the
    /// server's public posts are written in until its admins choose.
    pub guild_lang: Option<Lang>,
}

/// How a seated player answers or makes a proposal (draw, takeback).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Make the proposal, or accept the other side's if one is open.
    Propose,
    /// Accept the other side's proposal.
    Accept,
    /// Decline the other side's proposal (or withdraw one's own).
    Decline,
}

/// A command. `game: None` means "my only game here", resolved by the play layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Challenge named users (one, or up to three in Skakanie), or open a table anyone in
    /// the channel may join when `opponents` is empty.
    Challenge {
        /// The game's name as typed.
        game: String,
        /// Who is challenged.
        opponents: Vec<User>,
        /// `key=value` options.
        options: Vec<String>,
        /// The challenger's seat wish.
        seat: SeatChoice,
        /// Computer opponents, by level: seated at once, without an answer to wait for.
        computers: Vec<Level>,
    },
    /// Accept a challenge.
    Accept {
        /// Which one.
        game: Option<GameId>,
    },
    /// Decline a challenge addressed to the caller.
    Decline {
        /// Which one.
        game: Option<GameId>,
    },
    /// Start a game of more than two with the players who have joined (its challenger).
    Start {
        /// Which one.
        game: Option<GameId>,
    },
    /// Stand up from a table one joined (or step out of a named challenge one accepted)
    /// before it starts.
    Leave {
        /// Which one.
        game: Option<GameId>,
    },
    /// Withdraw one's own challenge.
    Cancel {
        /// Which one.
        game: Option<GameId>,
    },
    /// Play a move.
    Move {
        /// Which game.
        game: Option<GameId>,
        /// The move as typed.
        mv: String,
    },
    /// Show a game's board.
    Board {
        /// Which game.
        game: Option<GameId>,
    },
    /// List the caller's games.
    Games,
    /// Give up.
    Resign {
        /// Which game.
        game: Option<GameId>,
    },
    /// Offer, accept or decline a draw.
    Draw {
        /// Which game.
        game: Option<GameId>,
        /// What to do.
        answer: Answer,
    },
    /// Ask to take back one's last move, or answer such a request.
    Takeback {
        /// Which game.
        game: Option<GameId>,
        /// What to do.
        answer: Answer,
    },
    /// Claim the win from a player who ran out of time.
    Claim {
        /// Which game.
        game: Option<GameId>,
    },
    /// Propose to pause a game on time (vacation), or answer such a proposal.
    Pause {
        /// Which game.
        game: Option<GameId>,
        /// What to do.
        answer: Answer,
    },
    /// Start a paused game's clock again.
    Resume {
        /// Which game.
        game: Option<GameId>,
    },
    /// Show the caller's settings, or change how they are notified (and, for a server's
    /// admins, whether games get threads).
    Settings {
        /// The new notification choice, if any.
        notify: Option<Notify>,
        /// The server's new thread choice, if any.
        threads: Option<bool>,
        /// The caller's new language, if any.
        language: Option<Lang>,
        /// The server's new language (admins), if any.
        server_language: Option<Lang>,
        /// Who may make tournaments on the server (admins), if chosen now.
        tournaments: Option<TournamentHosts>,
    },
    /// The caller's personal link to a game's page (a spectator's for a game they do not
    /// play), or, with `revoke`, an end to every link they were given.
    Web {
        /// Which game.
        game: Option<GameId>,
        /// Revoke every link instead.
        revoke: bool,
    },
    /// A game's record and animated replay.
    History {
        /// Which game.
        game: Option<GameId>,
    },
    /// A finished game gone through by the engine: accuracy, mistakes, a chart.
    Analyse {
        /// Which game.
        game: Option<GameId>,
    },
    /// A puzzle to solve (a random one, of a game, or the server's puzzle of the day), or an
    /// answer to the open one.
    Puzzle {
        /// Which game's; `None`: any.
        game: Option<String>,
        /// The puzzle of the day.
        daily: bool,
        /// An answer to the open puzzle instead (what `/move` does where no game is played).
        answer: Option<String>,
    },
    /// A game's rules and options (or the list of games), one page at a time: a whole
    /// teaching text does not fit in one Discord message.
    Rules {
        /// The game's name.
        game: Option<String>,
        /// The page, from 1; `None` is the first.
        page: Option<usize>,
    },
    /// What the bot can do.
    Help,
    /// End a game before both sides have moved, without a result or a rating change.
    Abort {
        /// Which game.
        game: Option<GameId>,
    },
    /// A player's ratings (the caller's by default), in one game or all.
    Rating {
        /// Whose.
        user: Option<User>,
        /// Which game's; `None`: every game they are rated in.
        game: Option<String>,
    },
    /// A game's best-rated players, on this server or everywhere.
    Leaderboard {
        /// Which game.
        game: String,
        /// `server` (the default on a server) or `global`.
        scope: Option<String>,
    },
    /// A player's games, results, streaks and rating history (the caller's by default).
    Profile {
        /// Whose.
        user: Option<User>,
    },
    /// What the bot keeps about the caller, why and for how long.
    Privacy,
    /// A tournament: make, join, leave, start, cancel, remove a player, show, list.
    Tournament {
        /// What to do.
        action: TournamentAction,
        /// Which tournament; `None`: the only live one of the server (or channel).
        id: Option<crate::store::TournamentId>,
    },
    /// Delete what the bot keeps about the caller: first what it would do and a button
    /// (console: `/forget-me confirm`), then, confirmed, the deletion.
    ForgetMe {
        /// Whether the caller confirmed.
        confirm: bool,
    },
}

/// The id of the button that confirms `/forget-me`: it acts on whoever clicks it, and only
/// the caller sees it.
pub const FORGET_ME_BUTTON: &str = "forget-me:confirm";

/// The prefix of a button that plays one action: `do-take:12`.
pub const ACTION_PREFIX: &str = "do-";

/// The prefix of a button that turns `/rules` to a page: `rules:jumpers:2`. Rules belong
/// to no game record, so these ids carry a game's name and a page instead of a game number.
pub const RULES_PREFIX: &str = "rules:";

/// What `/tournament` is asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentAction {
    /// Make a tournament.
    Create(Box<TournamentSpec>),
    /// Sign up.
    Join,
    /// Leave: off the list before the start, a withdrawal after.
    Leave,
    /// Begin play (its host, or a server admin).
    Start,
    /// Call it off (its host, or a server admin).
    Cancel,
    /// Take a player out (its host, or a server admin).
    Remove(User),
    /// The standings and the round in play.
    Show,
    /// The server's tournaments.
    List,
}

/// The actions as typed (`/tournament create`), in the order help lists them.
pub const TOURNAMENT_ACTIONS: [&str; 8] = [
    "create", "join", "leave", "start", "cancel", "remove", "show", "list",
];

/// How a tournament pairs, as asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairings {
    /// Everyone meets everyone (at tables, for Skakanie of three or four).
    RoundRobin,
    /// Swiss.
    Swiss,
}

/// A new tournament as asked in `/tournament create`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSpec {
    /// The game's name as typed.
    pub game: String,
    /// How it pairs.
    pub format: Pairings,
    /// A Swiss's rounds (default: enough to find a winner among the players who join).
    pub rounds: Option<usize>,
    /// A round-robin where each pair meets twice, each moving first once.
    pub double: bool,
    /// A round-robin whose every round begins at the start, all games at once.
    pub together: bool,
    /// Players per Skakanie table (3 or 4; 2 plays it as a two-player round-robin).
    pub seats: Option<usize>,
    /// The most players.
    pub max: Option<usize>,
    /// When it begins, as typed: `full`, a date (`2026-12-01`, `2026-12-01T18:00`, UTC), or
    /// a wait (`3d`, `12h`); `None`: when the host starts it.
    pub starts: Option<String>,
    /// `key=value` options: `days`, `rated` and the game's own.
    pub options: Vec<String>,
}

/// Reads a tournament number as typed: `T3`, `#3` or `3`.
#[must_use]
pub fn tournament_number(typed: &str) -> Option<TournamentId> {
    let digits = typed.trim().trim_start_matches(['T', 't', '#', 'Т', 'т']);
    digits.parse().ok().filter(|&n| n > 0).map(TournamentId)
}

/// What the id of a tournament's button starts with: `tournament-join:3`.
pub const TOURNAMENT_BUTTON: &str = "tournament-";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_at_most_32_characters() {
        assert_eq!(User::new(UserId(1), " ola ").name, "ola");
        let cjk = "山".repeat(32);
        assert_eq!(User::new(UserId(1), &cjk).name, cjk);
        let cut = User::new(UserId(1), &"ż".repeat(40)).name;
        assert_eq!(cut.chars().count(), MAX_NAME_CHARS);
        assert!(cut.ends_with('…'));
    }
}
