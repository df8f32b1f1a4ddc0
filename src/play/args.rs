//! Reading a command typed as text (`/play jumpers opponent:@bob board:far`): what the console
//! reads, in the same shape as Discord's slash commands.

use crate::ai::Level;
use crate::games::GameKind;
use crate::i18n::{self, Lang};
use crate::play::command::Answer;
use crate::store::{GameId, SeatChoice};

/// A command line that could not be read. Its words are the catalogue's (`parse-…`), read
/// in the language of whoever typed it ([`ParseCommandError::text`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseCommandError {
    /// The line does not start with `/command`.
    NoCommand,
    /// No such command.
    Unknown(String),
    /// A required argument is missing.
    Missing {
        /// The command.
        command: &'static str,
        /// What it needs: the message `parse-needs-<what>`.
        what: &'static str,
    },
    /// An argument has a bad value: the message `parse-bad-<what>` says which values it
    /// takes.
    Bad {
        /// Which argument.
        what: &'static str,
        /// What was typed.
        typed: String,
    },
    /// One option given twice: which value was meant is a guess, so neither is taken.
    Repeated {
        /// The option, as the command names it (`board`, `seat`).
        key: String,
        /// The first `key:value` typed.
        first: String,
        /// The second one.
        second: String,
    },
    /// An option this command does not take.
    DoesNotApply {
        /// The command.
        command: &'static str,
        /// The option typed.
        key: String,
        /// The options the command does take.
        takes: &'static [&'static str],
    },
}

impl std::error::Error for ParseCommandError {}

/// The arguments of a command: named `key:value` (or `key=value`) and positional ones. The
/// console reads them from a line; Discord's options arrive already named.
pub struct Args {
    pub(in crate::play) named: Vec<(String, String)>,
    pub(in crate::play) positional: Vec<String>,
}

impl Args {
    /// Named arguments only, as a slash command's options give them.
    #[must_use]
    pub fn named(pairs: Vec<(String, String)>) -> Self {
        Self {
            named: pairs,
            positional: Vec::new(),
        }
    }

    pub(in crate::play) fn read(words: &[&str]) -> Self {
        let mut named = Vec::new();
        let mut positional = Vec::new();
        for word in words {
            match word.split_once([':', '=']) {
                // A key in any language (`страница:2` is `page:2`), as Discord shows it.
                Some((key, value))
                    if key.starts_with(char::is_alphabetic)
                        && key.chars().all(|c| c.is_alphanumeric() || c == '_') =>
                {
                    named.push((super::names::option(key), value.to_owned()));
                }
                _ => positional.push((*word).to_owned()),
            }
        }
        Self { named, positional }
    }

    pub(super) fn take(&mut self, keys: &[&str]) -> Option<String> {
        let index = self
            .named
            .iter()
            .position(|(k, _)| keys.contains(&k.as_str()))?;
        Some(self.named.remove(index).1)
    }

    pub(super) fn game_id(&mut self) -> Result<Option<GameId>, ParseCommandError> {
        let text = match self.take(&["game", "id"]) {
            Some(text) => text,
            None => match self.positional.iter().position(|w| w.starts_with('#')) {
                Some(i) => self.positional.remove(i),
                None => return Ok(None),
            },
        };
        text.trim_start_matches('#')
            .parse()
            .map(|n| Some(GameId(n)))
            .map_err(|_| ParseCommandError::Bad {
                what: "game-number",
                typed: text.clone(),
            })
    }

    fn answer(&mut self, propose: &[&str]) -> Result<Answer, ParseCommandError> {
        let word = self
            .take(&["answer"])
            .or_else(|| self.positional.first().cloned());
        match word.map(|w| typed_word(&w)) {
            None => Ok(Answer::Propose),
            Some(w) if propose.contains(&w.as_str()) || w == "propose" => Ok(Answer::Propose),
            Some(w) if w == "accept" || w == "yes" => Ok(Answer::Accept),
            Some(w) if w == "decline" || w == "no" || w == "withdraw" => Ok(Answer::Decline),
            Some(w) => Err(ParseCommandError::Bad {
                what: "answer",
                typed: w,
            }),
        }
    }
}

/// The opponent names that mean the bot itself rather than a person (`opponent:@ai`).
/// On Discord the bot's own user stands for it (see `discord::translate`).
pub const COMPUTER_NAMES: [&str; 3] = ["ai", "computer", "leapfrog"];

/// Whether an opponent's name means the computer.
pub(in crate::play) fn is_computer_name(name: &str) -> bool {
    COMPUTER_NAMES
        .iter()
        .any(|c| c.eq_ignore_ascii_case(name.trim()))
}

/// The computer opponents of a challenge: those named (`@ai`), or `computers:N` of them,
/// each at `level` (default [`Level::DEFAULT`]).
///
/// # Errors
/// A level that is not 1 to 5, a level with no computer to play, a bad count.
pub(in crate::play) fn computers(
    named: usize,
    count: Option<String>,
    level: Option<String>,
) -> Result<Vec<Level>, ParseCommandError> {
    let counted = match count {
        None => 0,
        Some(text) => text
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=3).contains(n))
            .ok_or_else(|| ParseCommandError::Bad {
                what: "computers",
                typed: text.clone(),
            })?,
    };
    let how_many = named + counted;
    if how_many == 0 && level.is_some() {
        return Err(ParseCommandError::Bad {
            what: "level-alone",
            typed: level.unwrap_or_default(),
        });
    }
    let level = match level {
        None => Level::DEFAULT,
        Some(text) => text.parse::<Level>().map_err(|_| ParseCommandError::Bad {
            what: "level",
            typed: text.clone(),
        })?,
    };
    Ok(vec![level; how_many])
}

/// Words players type in Russian or Polish for the bot's own choices, each with the English
/// word the commands read (`/draw принять` is `/draw accept`). Game options and move
/// notation are the same in every language and are not here.
const TYPED_WORDS: &[(&str, &[&str])] = &[
    (
        "propose",
        &["предложить", "попросить", "zaproponuj", "poproś"],
    ),
    ("accept", &["принять", "принимаю", "przyjmij", "przyjmuję"]),
    (
        "decline",
        &[
            "отклонить",
            "отказать",
            "отозвать",
            "odrzuć",
            "odmów",
            "wycofaj",
        ],
    ),
    ("yes", &["да", "tak"]),
    (
        "confirm",
        &["подтвердить", "подтверждаю", "potwierdź", "potwierdzam"],
    ),
    ("no", &["нет", "nie"]),
    (
        "random",
        &[
            "случайно",
            "случайное",
            "любое",
            "losowo",
            "losowe",
            "dowolne",
        ],
    ),
    (
        "first",
        &[
            "первое",
            "первый",
            "белые",
            "юг",
            "pierwsze",
            "pierwszy",
            "białe",
            "południe",
        ],
    ),
    (
        "second",
        &[
            "второе",
            "второй",
            "чёрные",
            "черные",
            "север",
            "drugie",
            "drugi",
            "czarne",
            "północ",
        ],
    ),
    ("on", &["вкл", "включить", "wł", "włącz"]),
    ("off", &["выкл", "выключить", "никак", "wył", "wyłącz"]),
    ("channel", &["канал", "kanał"]),
    ("dm", &["лс", "личка", "личное", "prywatnie", "priv"]),
    ("server", &["сервер", "serwer"]),
    ("global", &["все", "везде", "wszyscy", "wszędzie"]),
    (
        "admins",
        &["админы", "администраторы", "admini", "administratorzy"],
    ),
    ("everyone", &["каждый", "любой", "każdy", "kazdy"]),
];

/// A typed choice in lower case, a Russian or Polish word read as its English one.
/// Whether a bare word names the flag option `option` (the console's `/puzzle gyges daily`):
/// by the option's name in any language (`дня`, `dnia`, as Discord shows it) or by an
/// English word for it.
pub(in crate::play) fn is_flag(word: &str, option: &str) -> bool {
    super::names::option(word.trim()) == option || typed_word(word) == option
}

pub(in crate::play) fn typed_word(text: &str) -> String {
    let word = text.trim().to_lowercase();
    TYPED_WORDS
        .iter()
        .find(|(_, words)| words.contains(&word.as_str()))
        .map_or(word, |(english, _)| (*english).to_owned())
}

pub(in crate::play) fn seat_choice(text: &str) -> Result<SeatChoice, ParseCommandError> {
    match typed_word(text).as_str() {
        "random" | "any" => Ok(SeatChoice::Random),
        "first" | "white" | "south" | "1" => Ok(SeatChoice::First),
        "second" | "black" | "north" | "2" => Ok(SeatChoice::Second),
        other => Err(ParseCommandError::Bad {
            what: "seat",
            typed: other.to_owned(),
        }),
    }
}

/// Characters players type for the dash between two squares: hyphens, dashes and the minus
/// sign that keyboards and phones substitute for `-`, and arrows (`>` as in `->`).
const DASH_LOOKALIKES: &[char] = &[
    '-', '\u{2010}', '\u{2011}', '\u{2012}', '\u{2013}', '\u{2014}', '\u{2015}', '\u{2212}',
    '\u{2043}', '\u{FE58}', '\u{FE63}', '\u{FF0D}', '>', '\u{2192}', '\u{27F6}', '\u{21D2}',
    '\u{27F9}', '\u{2794}', '\u{279C}', '\u{21A6}',
];

/// Skakanie's actions as players type them in Russian or Polish, besides the words the move
/// lines use (the catalogue's `action-<action>`, read too): each with the English word the
/// rules read. Phrases of two words (`w prawo`) are read as one.
const ACTION_WORDS: &[(&str, &[&str])] = &[
    (
        "take",
        &[
            "беру",
            "бери",
            "возьми",
            "взял",
            "wez",
            "biorę",
            "biore",
            "bierz",
        ],
    ),
    (
        "up",
        &[
            "наверх",
            "w gore",
            "do góry",
            "do gory",
            "góra",
            "gora",
            "górę",
        ],
    ),
    ("down", &["dół", "dol", "w dol", "na dół"]),
    ("left", &["налево", "lewo"]),
    ("right", &["направо", "prawo"]),
    (
        "bury",
        &["закопай", "na spod", "spód", "spod", "zakop", "zakopać"],
    ),
    ("pass", &["пасую", "pasuję", "pasuje"]),
];

/// The English action a typed word or phrase stands for, if any.
fn action_word(typed: &str) -> Option<&'static str> {
    const ACTIONS: [&str; 7] = ["take", "up", "down", "left", "right", "bury", "pass"];
    ACTIONS.into_iter().find(|&action| {
        Lang::TRANSLATED
            .iter()
            .any(|&lang| i18n::text(lang, &format!("action-{action}")).to_lowercase() == typed)
            || ACTION_WORDS
                .iter()
                .any(|(english, words)| *english == action && words.contains(&typed))
    })
}

/// A Skakanie turn typed in any language (`взять вправо взять`, `weź, w prawo`) in the
/// English words the rules read (`take right take`); words that are no action are kept
/// for the rules to refuse by name.
fn actions_in_english(typed: &str) -> String {
    let words: Vec<String> = typed
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let pair = words.get(i + 1).map(|next| format!("{} {next}", words[i]));
        if let Some(action) = pair.as_deref().and_then(action_word) {
            out.push(action.to_owned());
            i += 2;
        } else {
            out.push(action_word(&words[i]).map_or_else(|| words[i].clone(), str::to_owned));
            i += 1;
        }
    }
    out.join(" ")
}

/// Skakanie's actions of a move line (`take right take`) in `lang`'s words, as the move
/// lines show them; other games' moves are notation, the same in every language.
#[must_use]
pub fn shown_move(lang: Lang, kind: GameKind, mv: &str) -> String {
    if kind != GameKind::Skakanie || lang == Lang::En {
        return mv.to_owned();
    }
    mv.split_whitespace()
        .map(|word| {
            let id = format!("action-{word}");
            if i18n::has(Lang::En, &id) {
                i18n::text(lang, &id)
            } else {
                word.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A move as a player typed it, in `kind`'s notation: every dash or arrow lookalike (`c3–f6`,
/// `c3 → f6`, `c3->f6`) becomes the notation's separator, once here at the edge of the play
/// layer, so no game's parser needs to know what phones do to a hyphen. Games without a
/// from-to separator (Skakanie, whose `→` is an action) get the text unchanged.
#[must_use]
pub fn normalise_move(kind: GameKind, typed: &str) -> String {
    if kind == GameKind::Skakanie {
        return actions_in_english(typed);
    }
    let Some(separator) = kind.info().separator else {
        return typed.to_owned();
    };
    let mut out = String::with_capacity(typed.len());
    for c in typed.chars() {
        if DASH_LOOKALIKES.contains(&c) {
            // A run (`->`, `—>`, `--`) is one separator.
            if !out.ends_with(separator) {
                out.push(separator);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A proposal command (`/draw`, `/takeback`, `/pause`): its game and answer, `propose`
/// being the words that propose besides `propose`.
pub(super) fn read_proposal<C>(
    args: &mut Args,
    propose: &[&str],
    make: fn(Option<GameId>, Answer) -> C,
) -> Result<C, ParseCommandError> {
    let game = args.game_id()?;
    Ok(make(game, args.answer(propose)?))
}

/// A boolean option: Discord's `true`/`false`, or yes/no typed in any language; anything
/// else is the message `parse-bad-<what>`.
pub(in crate::play) fn yes_or_no(
    value: &str,
    what: &'static str,
) -> Result<bool, ParseCommandError> {
    match typed_word(value).as_str() {
        "true" | "yes" => Ok(true),
        "false" | "no" => Ok(false),
        other => Err(ParseCommandError::Bad {
            what,
            typed: other.to_owned(),
        }),
    }
}
