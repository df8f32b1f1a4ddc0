//! Replies → Discord messages: text with the player to move mentioned, the board as a plain
//! PNG attachment (embeds crop and shrink it on phones), buttons, and the move picker.

use serenity::all::{
    ButtonStyle as DiscordStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateButton, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
    EditInteractionResponse, UserId as DiscordUserId,
};

use crate::i18n::{self, Lang};
use crate::play::{Button, ButtonStyle, Component, Direct, File, Image, Later, MovesOn, Reply};

use super::translate::ids;

/// Discord's limit on a message's text.
const CONTENT_MAX: usize = 2000;
/// Discord's limits on buttons per row, rows per message and options per menu.
const ROW_MAX: usize = 5;
const ROWS_MAX: usize = 5;
const MENU_MAX: usize = 25;
/// What separates a move from its drop square (`b1-d4:e2`): a target menu option ending in
/// it stands for all of that move's drops and opens a menu of them.
pub const DROP_SEPARATOR: char = ':';

/// The picker's first level of a move: the square it starts from (`e3` of `e3-h6`), or the
/// size placed (`3@` of `3@c1`); a move without either (`pass`) is its own piece.
fn piece_of(mv: &str) -> &str {
    match mv.find('@') {
        Some(at) => &mv[..=at],
        None => mv.split_once('-').map_or(mv, |(from, _)| from),
    }
}

/// One message to show, independent of how it is delivered (first answer, edit, follow-up).
#[derive(Clone, Debug, Default)]
pub struct Message {
    /// The text, within Discord's limit.
    pub content: String,
    /// The board picture.
    pub image: Option<Image>,
    /// Rows of buttons and menus.
    pub rows: Vec<CreateActionRow>,
    /// Further files (a game record, a replay).
    pub files: Vec<File>,
    /// Users pinged (and only they: names typed by players never ping anyone).
    pub mentions: Vec<u64>,
    /// Users to tell by direct message (their `/settings`), each with the text in their
    /// language, with a mention in the channel instead when Discord refuses the DM.
    pub direct: Vec<Direct>,
    /// Only the caller sees it.
    pub ephemeral: bool,
    /// The game whose board this is (its post is noted for `/games`).
    pub board_of: Option<u64>,
    /// A game that just began, and its thread's title.
    pub begins: Option<(u64, String)>,
    /// What the bot does once this message is shown (the play layer's [`Later`]), each
    /// posting a message of its own.
    pub later: Vec<Later>,
    /// Words for the caller alone, sent as a private follow-up after this public answer.
    pub aside: Option<Box<Message>>,
}

fn style(style: ButtonStyle) -> DiscordStyle {
    match style {
        ButtonStyle::Primary => DiscordStyle::Primary,
        ButtonStyle::Secondary => DiscordStyle::Secondary,
        ButtonStyle::Danger => DiscordStyle::Danger,
        // Never asked: a link button is made by `new_link`, which sets its own style.
        ButtonStyle::Link => DiscordStyle::Secondary,
    }
}

/// A play-layer button as Discord draws it (a link button opens its address).
pub(super) fn button(b: &Button) -> CreateButton {
    if b.style == ButtonStyle::Link {
        return CreateButton::new_link(&b.id).label(&b.label);
    }
    let id = if b.confirm {
        format!("{}{}", ids::CONFIRM, b.id)
    } else {
        b.id.clone()
    };
    CreateButton::new(id).label(&b.label).style(style(b.style))
}

/// What a picker's heading names: "Game #7", or "Your puzzle".
fn on_what(lang: Lang, on: MovesOn) -> i18n::Arg {
    match on {
        MovesOn::Game(game) => i18n::text_with(lang, "picker-on-game", &[("game", game.0.into())]),
        MovesOn::Puzzle => i18n::text(lang, "picker-on-puzzle"),
    }
    .into()
}

/// A text cut to Discord's limit on a message, with `…` where it was cut.
pub(super) fn cut(text: &str) -> String {
    if text.chars().count() <= CONTENT_MAX {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(CONTENT_MAX - 1).collect();
    cut.push('…');
    cut
}

impl Message {
    /// A short text only the caller sees.
    #[must_use]
    pub fn private(text: &str) -> Self {
        Self {
            content: cut(text),
            ephemeral: true,
            ..Self::default()
        }
    }

    /// The message for a play-layer reply. A board's legal moves become a "Move" button that
    /// opens the picker; the player to move is mentioned on the first line.
    #[must_use]
    pub fn from_reply(mut reply: Reply) -> Self {
        let later = reply.take_later();
        let mut buttons: Vec<CreateButton> = Vec::new();
        for component in &reply.components {
            match component {
                Component::Moves { on, moves, label } if !moves.is_empty() => buttons.insert(
                    0,
                    CreateButton::new(ids::picker(ids::MOVES, *on))
                        .label(label.as_str())
                        .style(DiscordStyle::Primary),
                ),
                Component::Moves { .. } => {}
                Component::Buttons(row) => buttons.extend(row.iter().map(button)),
            }
        }
        let rows = buttons
            .chunks(ROW_MAX)
            .take(ROWS_MAX)
            .map(|row| CreateActionRow::Buttons(row.to_vec()))
            .collect();
        let mentions: Vec<u64> = if reply.private {
            Vec::new()
        } else {
            reply.mentions.iter().map(|u| u.0).collect()
        };
        if let Some(image) = &reply.image {
            // Drawn here, on the blocking pool where replies are made, never later on an
            // async thread that sends it.
            let _ = image.bytes();
        }
        let mut content = reply.text;
        if !mentions.is_empty() {
            let pings: Vec<String> = mentions.iter().map(|id| format!("<@{id}>")).collect();
            content = format!("{}\n{content}", pings.join(" "));
        }
        Self {
            content: cut(&content),
            image: reply.image,
            files: reply.files,
            rows,
            mentions,
            direct: reply.direct,
            ephemeral: reply.private,
            board_of: reply.board_of.map(|g| g.0),
            begins: reply.begins.map(|(g, title)| (g.0, title)),
            later,
            aside: reply.aside.map(|aside| Box::new(Self::from_reply(*aside))),
        }
    }

    /// The picker's first step: a menu of the pieces that can move.
    #[must_use]
    pub fn piece_picker(lang: Lang, on: MovesOn, moves: &[String]) -> Self {
        let mut pieces: Vec<&str> = Vec::new();
        for mv in moves {
            let from = piece_of(mv);
            if !pieces.contains(&from) {
                pieces.push(from);
            }
        }
        if pieces.is_empty() {
            let none = match on {
                MovesOn::Game(_) => "picker-no-move",
                MovesOn::Puzzle => "puzzle-none-open",
            };
            return Self::private(&i18n::text(lang, none));
        }
        if pieces.len() > MENU_MAX * ROWS_MAX {
            return Self::private(&i18n::text(lang, "picker-too-many"));
        }
        let content = i18n::text_with(lang, "picker-which-piece", &[("on", on_what(lang, on))]);
        Self::menu(
            content,
            ids::picker(ids::PIECE, on),
            &i18n::text(lang, "picker-piece"),
            &pieces,
        )
    }

    /// A private message with menus whose options are `values` (label = value): one menu per
    /// 25 values, up to five (Discord's limits), the second and later ids suffixed `#k`.
    fn menu(content: String, id: String, placeholder: &str, values: &[&str]) -> Self {
        let rows = values
            .chunks(MENU_MAX)
            .take(ROWS_MAX)
            .enumerate()
            .map(|(k, chunk)| {
                let options = chunk
                    .iter()
                    .map(|v| CreateSelectMenuOption::new(*v, *v))
                    .collect();
                let id = if k == 0 {
                    id.clone()
                } else {
                    format!("{id}#{k}")
                };
                CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(id, CreateSelectMenuKind::String { options })
                        .placeholder(placeholder),
                )
            })
            .collect();
        Self {
            content,
            rows,
            ephemeral: true,
            ..Self::default()
        }
    }

    /// The picker's second step: the chosen piece's moves.
    #[must_use]
    pub fn target_picker(lang: Lang, on: MovesOn, from: &str, moves: &[String]) -> Self {
        let under: Vec<&str> = moves
            .iter()
            .map(String::as_str)
            .filter(|m| {
                if from.ends_with(DROP_SEPARATOR) {
                    m.starts_with(from)
                } else {
                    piece_of(m) == from
                }
            })
            .collect();
        if under.is_empty() {
            return Self::private(&i18n::text_with(
                lang,
                "picker-gone",
                &[("from", from.into())],
            ));
        }
        // Too many to list (Gygès displacements: one move per drop square): one option per
        // from-to first, whose drops come in a menu of their own.
        let mut options: Vec<&str> = Vec::new();
        for mv in &under {
            let option = match mv.split_once(DROP_SEPARATOR) {
                Some((go, _)) if under.len() > MENU_MAX && !from.ends_with(DROP_SEPARATOR) => {
                    &mv[..=go.len()]
                }
                _ => mv,
            };
            if !options.contains(&option) {
                options.push(option);
            }
        }
        options.truncate(MENU_MAX * ROWS_MAX);
        let (drop, from) = match from.strip_suffix(DROP_SEPARATOR) {
            Some(go) => (true, go),
            None => (false, from),
        };
        let args = [
            ("on", on_what(lang, on)),
            ("from", from.into()),
            ("drop", drop.into()),
        ];
        Self::menu(
            i18n::text_with(lang, "picker-where", &args),
            ids::picker(ids::TARGET, on),
            &i18n::text_with(lang, "picker-target", &args),
            &options,
        )
    }

    /// "Are you sure?" before a destructive button.
    #[must_use]
    pub fn confirmation(lang: Lang, id: &str) -> Self {
        let action = id.split(':').next().unwrap_or(id);
        let args = [("action", action.into())];
        Self {
            content: i18n::text_with(lang, "confirm-really", &args),
            rows: vec![CreateActionRow::Buttons(vec![CreateButton::new(id)
                .label(i18n::text_with(lang, "confirm-yes", &args))
                .style(DiscordStyle::Danger)])],
            ephemeral: true,
            ..Self::default()
        }
    }

    fn allowed(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new().users(self.mentions.iter().map(|&id| DiscordUserId::new(id)))
    }

    /// Whether it carries files (which a JSON interaction response cannot).
    #[must_use]
    pub fn has_files(&self) -> bool {
        self.image.is_some() || !self.files.is_empty()
    }

    fn attachments(&self) -> Vec<CreateAttachment> {
        self.image
            .iter()
            .map(|i| CreateAttachment::bytes(i.bytes().to_vec(), i.name.clone()))
            .chain(
                self.files
                    .iter()
                    .map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone())),
            )
            .collect()
    }

    /// As a message posted in a channel by the bot itself (reminders, timeouts).
    /// `nonce` makes Discord create it once however often it is sent (the post is tried
    /// again when Discord fails in passing).
    pub fn post(&self, nonce: &serenity::all::Nonce) -> CreateMessage {
        CreateMessage::new()
            .nonce(nonce.clone())
            .enforce_nonce(true)
            .content(&self.content)
            .components(self.rows.clone())
            .allowed_mentions(self.allowed())
            .add_files(self.attachments())
    }

    /// As a first answer (or an update of the message a component sits on).
    pub fn response(&self) -> CreateInteractionResponseMessage {
        let mut m = CreateInteractionResponseMessage::new()
            .content(&self.content)
            .components(self.rows.clone())
            .allowed_mentions(self.allowed())
            .ephemeral(self.ephemeral);
        for file in self.attachments() {
            m = m.add_file(file);
        }
        m
    }

    /// As an edit of a deferred first answer.
    pub fn edit(&self) -> EditInteractionResponse {
        let mut m = EditInteractionResponse::new()
            .content(&self.content)
            .components(self.rows.clone())
            .allowed_mentions(self.allowed());
        for file in self.attachments() {
            m = m.new_attachment(file);
        }
        m
    }

    /// As a follow-up message.
    pub fn follow_up(&self) -> CreateInteractionResponseFollowup {
        let mut m = CreateInteractionResponseFollowup::new()
            .content(&self.content)
            .components(self.rows.clone())
            .allowed_mentions(self.allowed())
            .ephemeral(self.ephemeral);
        for file in self.attachments() {
            m = m.add_file(file);
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{GameId, UserId};

    #[test]
    fn a_board_reply_mentions_the_player_to_move_and_offers_the_picker() {
        let reply = Reply {
            mentions: vec![UserId(42)],
            components: vec![
                Component::Moves {
                    on: MovesOn::Game(GameId(7)),
                    moves: vec!["e3-h6".into()],
                    label: "Move".into(),
                },
                Component::Buttons(vec![Button::new(
                    "resign",
                    GameId(7),
                    "Resign",
                    ButtonStyle::Danger,
                )]),
            ],
            ..Reply::public("Move 2")
        };
        let message = Message::from_reply(reply);
        assert!(message.content.starts_with("<@42>\n"));
        let json = serde_json::to_value(message.response()).unwrap();
        let buttons = &json["components"][0]["components"];
        assert_eq!(buttons[0]["custom_id"], "moves:7");
        assert_eq!(buttons[1]["custom_id"], "confirm|resign:7");
        assert_eq!(json["allowed_mentions"]["users"][0], "42");
    }

    #[test]
    fn a_confirmation_never_shows_a_buttons_english_id() {
        for lang in Lang::TRANSLATED {
            for id in ["leave:3", "draw-accept:3", "start:3"] {
                let message = Message::confirmation(lang, id);
                let json = serde_json::to_value(message.response()).unwrap();
                let label = json["components"][0]["components"][0]["label"].to_string();
                let action = id.split(':').next().unwrap();
                for said in [&message.content, &label] {
                    assert!(!said.contains(action), "{lang}: {said}");
                }
            }
        }
    }

    #[test]
    fn leaving_a_skakanie_game_is_confirmed_as_leaving_not_resigning() {
        for lang in Lang::TRANSLATED {
            let leave = Message::confirmation(lang, "leave-game:3");
            let resign = Message::confirmation(lang, "resign:3");
            let general = Message::confirmation(lang, "start:3");
            assert_ne!(leave.content, resign.content, "{lang}");
            assert_ne!(leave.content, general.content, "{lang}");
            assert!(
                !leave.content.contains("leave-game"),
                "{lang}: {}",
                leave.content
            );
        }
        assert_eq!(
            crate::play::Command::from_button_id("leave-game:3"),
            Some(
                crate::play::MoveCommand::Resign {
                    game: Some(crate::store::GameId(3))
                }
                .into()
            )
        );
    }

    #[test]
    fn the_picker_lists_pieces_then_their_moves() {
        let moves: Vec<String> = ["e3-h6", "e3-f4", "c1-d2", "pass"]
            .map(String::from)
            .to_vec();
        let pieces = serde_json::to_value(
            Message::piece_picker(Lang::En, MovesOn::Game(GameId(3)), &moves).response(),
        )
        .unwrap();
        let options: Vec<&str> = pieces["components"][0]["components"][0]["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["value"].as_str().unwrap())
            .collect();
        assert_eq!(options, ["e3", "c1", "pass"]);
        let targets = serde_json::to_value(
            Message::target_picker(Lang::En, MovesOn::Game(GameId(3)), "e3", &moves).response(),
        )
        .unwrap();
        let options: Vec<&str> = targets["components"][0]["components"][0]["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["value"].as_str().unwrap())
            .collect();
        assert_eq!(options, ["e3-h6", "e3-f4"]);
    }

    fn menu_values(message: Message) -> Vec<String> {
        let json = serde_json::to_value(message.response()).unwrap();
        json["components"][0]["components"][0]["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["value"].as_str().unwrap().to_owned())
            .collect()
    }

    #[test]
    fn placements_group_by_size_and_many_drops_get_their_own_menu() {
        let placements: Vec<String> = ["3@a1", "3@b1", "1@a1"].map(String::from).to_vec();
        assert_eq!(
            menu_values(Message::piece_picker(
                Lang::En,
                MovesOn::Game(GameId(1)),
                &placements
            )),
            ["3@", "1@"]
        );
        assert_eq!(
            menu_values(Message::target_picker(
                Lang::En,
                MovesOn::Game(GameId(1)),
                "3@",
                &placements
            )),
            ["3@a1", "3@b1"]
        );
        // b1 can end on c2, or take d4's place and put that piece on any of 30 squares.
        let mut moves = vec!["b1-c2".to_owned()];
        moves.extend((0..30).map(|i| format!("b1-d4:{}{}", char::from(b'a' + i % 6), i / 6 + 1)));
        assert_eq!(
            menu_values(Message::target_picker(
                Lang::En,
                MovesOn::Game(GameId(1)),
                "b1",
                &moves
            )),
            ["b1-c2", "b1-d4:"]
        );
        let drops = Message::target_picker(Lang::En, MovesOn::Game(GameId(1)), "b1-d4:", &moves);
        let json = serde_json::to_value(drops.response()).unwrap();
        let menus = json["components"].as_array().unwrap();
        assert_eq!(
            menus.len(),
            2,
            "30 drops: 25 in the first menu, 5 in the second"
        );
        assert_eq!(menus[1]["components"][0]["custom_id"], "target:1#1");
        assert_eq!(menus[1]["components"][0]["options"][4]["value"], "b1-d4:f5");
    }
}
