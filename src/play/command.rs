//! What a user asks the bot to do, independent of where they typed it.

use crate::ai::Level;
use crate::i18n::Lang;
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
        action: super::TournamentAction,
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

impl Command {
    /// Whether carrying the command out may write to the store, so its reply must wait
    /// until the write is durable. Only pure look-ups say no; anything new is a writer.
    #[must_use]
    pub fn may_write(&self) -> bool {
        !matches!(
            self,
            Self::Board { .. }
                | Self::Games
                | Self::History { .. }
                | Self::Web { revoke: false, .. }
                | Self::Rules { .. }
                | Self::Help
                | Self::Rating { .. }
                | Self::Leaderboard { .. }
                | Self::Profile { .. }
                | Self::Privacy
                | Self::ForgetMe { confirm: false }
                | Self::Tournament {
                    action: super::TournamentAction::Show | super::TournamentAction::List,
                    ..
                }
        )
    }

    /// The command a button stands for, from its id (see [`Button::id`](super::Button)).
    /// Buttons carry their game, so a click always acts on the game it was shown with.
    #[must_use]
    pub fn from_button_id(id: &str) -> Option<Self> {
        if id == FORGET_ME_BUTTON {
            return Some(Self::ForgetMe { confirm: true });
        }
        if let Some(rest) = id.strip_prefix(RULES_PREFIX) {
            let (game, page) = rest.split_once(':')?;
            return Some(Self::Rules {
                game: Some(game.to_owned()),
                page: Some(page.parse().ok().filter(|&p| p > 0)?),
            });
        }
        if let Some(rest) = id.strip_prefix(super::TOURNAMENT_BUTTON) {
            let (action, number) = rest.split_once(':')?;
            let action = match action {
                "join" => super::TournamentAction::Join,
                "leave" => super::TournamentAction::Leave,
                "show" => super::TournamentAction::Show,
                _ => return None,
            };
            return Some(Self::Tournament {
                action,
                id: Some(super::tournament_number(number)?),
            });
        }
        let (action, game) = id.split_once(':')?;
        let game = Some(GameId(game.parse().ok()?));
        // One button per action of a several-ply turn (Skakanie): `do-take:12`.
        if let Some(mv) = action.strip_prefix(ACTION_PREFIX) {
            return Some(Self::Move {
                game,
                mv: mv.to_owned(),
            });
        }
        super::spec::action(action, game)
    }
}

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
