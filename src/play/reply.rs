//! What the bot answers, independent of where it is shown.

use crate::games::AnyGame;
use crate::i18n::Lang;
use crate::play::command::RULES_PREFIX;
use crate::render::{self, Header};
use crate::store::Place;
use crate::store::{GameId, UserId};

/// What the id of a "Play in Discord" button starts with ([`Button::launch`]); the game's
/// number follows.
pub const LAUNCH_PREFIX: &str = "launch:";

/// A board picture, drawn when it is first needed. A command decides and writes first and
/// draws after: a front end learns from the reply whether it is private (a refusal) before
/// the slow part, and so never shows a refusal's wait in public.
#[derive(Clone)]
pub struct Image {
    /// A file name for the attachment.
    pub name: String,
    /// The PNG, once drawn.
    png: std::sync::OnceLock<Vec<u8>>,
    /// What to draw, until drawn.
    board: Option<std::sync::Arc<(AnyGame, Header)>>,
}

impl Image {
    /// A picture already encoded.
    #[must_use]
    pub fn png(name: String, png: Vec<u8>) -> Self {
        Self {
            name,
            png: std::sync::OnceLock::from(png),
            board: None,
        }
    }

    /// A game's board with `header`, drawn on first use.
    #[must_use]
    pub fn board(name: String, game: AnyGame, header: Header) -> Self {
        Self {
            name,
            png: std::sync::OnceLock::new(),
            board: Some(std::sync::Arc::new((game, header))),
        }
    }

    /// The PNG bytes, drawing the board now if this is the first look.
    #[must_use]
    pub fn bytes(&self) -> &[u8] {
        self.png.get_or_init(|| match &self.board {
            Some(board) => render::render(&board.0, &board.1),
            None => Vec::new(),
        })
    }
}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Image")
            .field("name", &self.name)
            .field("drawn", &self.png.get().is_some())
            .finish_non_exhaustive()
    }
}

impl PartialEq for Image {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.bytes() == other.bytes()
    }
}

impl Eq for Image {}

/// A file attached to a reply besides the board (a game record, a replay GIF).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// Its name, with the extension that says what it is.
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// How a button looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    /// The expected next step.
    Primary,
    /// Neutral.
    Secondary,
    /// Destructive (resign, decline).
    Danger,
    /// Opens its id, an address, in the reader's browser (a game's page).
    Link,
}

/// The action id of the button that leaves a game of several players (Skakanie): a
/// resignation, but its confirmation asks whether to leave, as the button says.
pub const LEAVE_GAME: &str = "leave-game";

/// A button. Its id is `action:game`; [`Command::from_button_id`](super::Command::from_button_id)
/// reads it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// `action:game`.
    pub id: String,
    /// What it says.
    pub label: String,
    /// How it looks.
    pub style: ButtonStyle,
    /// Whether the button asks for a confirmation before acting (resigning, or leaving a
    /// game of several players).
    pub confirm: bool,
}

impl Button {
    /// A button for `action` on `game`.
    #[must_use]
    pub fn new(action: &str, game: GameId, label: &str, style: ButtonStyle) -> Self {
        Self {
            id: format!("{action}:{game}"),
            label: label.to_owned(),
            style,
            confirm: matches!(action, "resign" | LEAVE_GAME),
        }
    }

    /// A button that opens `url` (its id is the address).
    #[must_use]
    pub fn link(url: &str, label: &str) -> Self {
        Self {
            id: url.to_owned(),
            label: label.to_owned(),
            style: ButtonStyle::Link,
            confirm: false,
        }
    }

    /// A board's button that opens the game in the Discord Activity: Discord's front end
    /// answers it by launching the Activity in the channel (elsewhere it means nothing).
    #[must_use]
    pub fn launch(game: GameId, label: &str) -> Self {
        Self {
            id: format!("{LAUNCH_PREFIX}{}", game.0),
            label: label.to_owned(),
            style: ButtonStyle::Secondary,
            confirm: false,
        }
    }

    /// A button that shows `page` (from 1) of `game`'s rules (`game` as typed in commands).
    #[must_use]
    pub fn rules_page(game: &str, page: usize, label: &str) -> Self {
        Self {
            id: format!("{RULES_PREFIX}{game}:{page}"),
            label: label.to_owned(),
            style: ButtonStyle::Secondary,
            confirm: false,
        }
    }
}

/// What a picker's moves are played in: a game, or the puzzle open for whoever picks
/// (a puzzle board is posted in the channel, and each player answers their own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesOn {
    /// A game, by number.
    Game(GameId),
    /// The picker's own open puzzle.
    Puzzle,
}

/// Interactive parts of a reply, described for any front end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Component {
    /// A row of buttons.
    Buttons(Vec<Button>),
    /// The legal moves of the player to move, for a picker.
    Moves {
        /// What they are played in.
        on: MovesOn,
        /// Every legal move in notation.
        moves: Vec<String>,
        /// The label of the button that opens the picker ("Move", "Ход"), in the language
        /// of the place the reply is posted in.
        label: String,
    },
}

/// A direct message to one player: what the channel was told, in the player's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Direct {
    /// Who.
    pub user: UserId,
    /// The language it is written in (for the words the front end adds: where the game is).
    pub lang: Lang,
    /// The message.
    pub text: String,
    /// A button to the reader's own page of the game (their personal link, which plays for
    /// them): a direct message is seen by its reader alone, so it may carry one.
    pub button: Option<Button>,
}

/// What a post without a board tells of its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum News {
    /// A challenge or a table: made, answered, joined, left, declined, withdrawn.
    Challenge,
    /// A draw, takeback or pause proposal waiting for its answer.
    Offer,
    /// The clock's reminder, or the end of the mover's time.
    Clock,
    /// A move or its consequence: the board tells it.
    Game,
}

/// How the command went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Done (or information shown).
    Done,
    /// Refused: the text says why, and what to do instead.
    Refused,
    /// The bot failed (storage); the text says so without details a player can't use.
    Failed,
}

/// The answer to one command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The message, in plain text with light Markdown.
    pub text: String,
    /// The board picture, when the reply shows a board.
    pub image: Option<Image>,
    /// Buttons and pickers.
    pub components: Vec<Component>,
    /// Users to notify in the channel (the player to move, the challenged player).
    pub mentions: Vec<UserId>,
    /// Users to notify by direct message instead (their `/settings`), each with the text in
    /// their own language; a front end that cannot reach one mentions them in the channel
    /// after all.
    pub direct: Vec<Direct>,
    /// Further attachments (`/history`: the record and the replay).
    pub files: Vec<File>,
    /// The game whose board this shows (so a front end can note where it was posted).
    pub board_of: Option<GameId>,
    /// The game a post without a board is about, and what it tells of it: a direct
    /// message about it to a reader of another language is drawn up from the game.
    pub about: Option<(GameId, News)>,
    /// A game that just began, with a title for its thread where servers want one.
    pub begins: Option<(GameId, String)>,
    /// A game where the computer is now to move: the front end shows this reply first, then
    /// lets the computer think ([`Play::computer_moves`](super::Play::computer_moves)) and
    /// posts its move as a message of its own.
    pub computer_turn: Option<GameId>,
    /// A game to analyse: the front end shows this reply first, then runs
    /// [`Play::analysis`](super::Play::analysis) on the analysis pool and posts the report
    /// in the game's channel.
    pub analyse: Option<GameId>,
    /// A second answer the caller alone sees, sent after this one: a player's own link to
    /// the game's page beside a board everyone sees (a personal link must never be public).
    pub aside: Option<Box<Reply>>,
    /// The tournament of the game this board shows over, if it is one's: its round may have
    /// ended with it, so the play layer brings the tournament up to date after the command.
    pub over_in_tournament: Option<crate::store::TournamentId>,
    /// What the bot posts on its own after this reply, in the places they name: the boards
    /// of a tournament round's games and the standings, when the command began a round.
    pub follow: Vec<Notice>,
    /// Only the caller should see it (refusals, help).
    pub private: bool,
    /// How the command went.
    pub outcome: Outcome,
}

impl Reply {
    /// A public message.
    #[must_use]
    pub fn public(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            image: None,
            components: Vec::new(),
            mentions: Vec::new(),
            direct: Vec::new(),
            files: Vec::new(),
            board_of: None,
            about: None,
            begins: None,
            computer_turn: None,
            analyse: None,
            aside: None,
            over_in_tournament: None,
            follow: Vec::new(),
            private: false,
            outcome: Outcome::Done,
        }
    }

    /// A message only the caller sees.
    #[must_use]
    pub fn private(text: impl Into<String>) -> Self {
        Self {
            private: true,
            ..Self::public(text)
        }
    }

    /// A refusal: private, with the reason.
    #[must_use]
    pub fn refused(text: impl Into<String>) -> Self {
        Self {
            outcome: Outcome::Refused,
            ..Self::private(text)
        }
    }

    /// Whether the command was refused.
    #[must_use]
    pub fn is_refused(&self) -> bool {
        self.outcome == Outcome::Refused
    }

    /// Adds users to notify.
    #[must_use]
    pub fn mentioning(mut self, users: impl IntoIterator<Item = UserId>) -> Self {
        self.mentions.extend(users);
        self
    }

    /// Says which game the post is about and what it tells (see [`Reply::about`]).
    #[must_use]
    pub fn about(mut self, game: GameId, news: News) -> Self {
        self.about = Some((game, news));
        self
    }

    /// Adds a component.
    #[must_use]
    pub fn with(mut self, component: Component) -> Self {
        self.components.push(component);
        self
    }
}

/// Something the bot says on its own, not in answer to a command: a reminder, a player out
/// of time, a game ended by timeout. The front end posts it in `place`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The game it is about.
    pub game: GameId,
    /// Where the game is played.
    pub place: Place,
    /// What to post.
    pub reply: Reply,
}
