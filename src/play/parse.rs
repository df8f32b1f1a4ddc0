//! Reading a command typed as text (`/play jumpers opponent:@bob board:far`): what the console
//! reads, in the same shape as Discord's slash commands.

use crate::ai::Level;
use crate::games::GameKind;
use crate::i18n::{self, Arg, Lang};
use crate::store::{GameId, Notify, SeatChoice, TournamentHosts};

use super::command::{Answer, Command, User};
use super::spec;

mod tournament;

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

impl ParseCommandError {
    /// What went wrong, in `lang`, as a sentence without its full stop.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Self::NoCommand => i18n::text(lang, "parse-no-command"),
            Self::Unknown(name) => i18n::text_with(
                lang,
                "parse-unknown",
                &[
                    ("name", name.as_str().into()),
                    ("commands", command_names().join(", /").into()),
                ],
            ),
            Self::Missing { command, what } => i18n::text_with(
                lang,
                "parse-missing",
                &[
                    ("command", (*command).into()),
                    ("what", Arg::Message(format!("parse-needs-{what}"))),
                ],
            ),
            Self::Bad { what, typed } => i18n::text_with(
                lang,
                &format!("parse-bad-{what}"),
                &[("typed", typed.as_str().into())],
            ),
            Self::Repeated { key, first, second } => i18n::text_with(
                lang,
                "parse-repeated",
                &[
                    ("key", key.as_str().into()),
                    ("first", first.as_str().into()),
                    ("second", second.as_str().into()),
                ],
            ),
            Self::DoesNotApply {
                command,
                key,
                takes,
            } => i18n::text_with(
                lang,
                "parse-does-not-apply",
                &[
                    ("command", (*command).into()),
                    ("key", key.as_str().into()),
                    ("count", takes.len().into()),
                    ("takes", takes.join(", ").into()),
                ],
            ),
        }
    }
}

/// English, for logs and tests; players read [`ParseCommandError::text`] in their language.
impl std::fmt::Display for ParseCommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for ParseCommandError {}

/// The names of every command, in the table's order, for help and error messages.
#[must_use]
pub fn command_names() -> Vec<&'static str> {
    spec::commands().iter().map(|c| c.name).collect()
}

/// The options `command` takes (besides positional words; `/play` also takes its game's):
/// what the parser's refusals name, from the command table.
#[must_use]
pub fn command_options(command: &str) -> &'static [&'static str] {
    spec::takes(command)
}

/// The arguments of a command: named `key:value` (or `key=value`) and positional ones. The
/// console reads them from a line; Discord's options arrive already named.
pub struct Args {
    named: Vec<(String, String)>,
    positional: Vec<String>,
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

    fn read(words: &[&str]) -> Self {
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

    /// Refuses an option given twice, under its name or an alias (`board:far board:near`,
    /// `game:10 id:11`): the last or the first winning silently would be a guess.
    fn check_repeats(&self) -> Result<(), ParseCommandError> {
        for (i, (key, value)) in self.named.iter().enumerate() {
            let name = spec::canonical_option(key);
            if let Some((first_key, first_value)) = self.named[..i]
                .iter()
                .find(|(k, _)| spec::canonical_option(k) == name)
            {
                return Err(ParseCommandError::Repeated {
                    key: name.to_owned(),
                    first: format!("{first_key}:{first_value}"),
                    second: format!("{key}:{value}"),
                });
            }
        }
        Ok(())
    }

    /// Refuses the named options `command` left unread: an option it does not take would
    /// otherwise be dropped without a word.
    fn check_all_read(&self, command: &'static str) -> Result<(), ParseCommandError> {
        let Some((key, _)) = self.named.first() else {
            return Ok(());
        };
        let takes = command_options(command);
        Err(ParseCommandError::DoesNotApply {
            command,
            key: key.clone(),
            takes,
        })
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
fn is_computer_name(name: &str) -> bool {
    COMPUTER_NAMES
        .iter()
        .any(|c| c.eq_ignore_ascii_case(name.trim()))
}

/// The computer opponents of a challenge: those named (`@ai`), or `computers:N` of them,
/// each at `level` (default [`Level::DEFAULT`]).
///
/// # Errors
/// A level that is not 1 to 5, a level with no computer to play, a bad count.
fn computers(
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
fn is_flag(word: &str, option: &str) -> bool {
    super::names::option(word.trim()) == option || typed_word(word) == option
}

fn typed_word(text: &str) -> String {
    let word = text.trim().to_lowercase();
    TYPED_WORDS
        .iter()
        .find(|(_, words)| words.contains(&word.as_str()))
        .map_or(word, |(english, _)| (*english).to_owned())
}

fn seat_choice(text: &str) -> Result<SeatChoice, ParseCommandError> {
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

/// Reads a command line. `user` resolves a mention (`@bob`) to a user.
///
/// # Errors
/// An unknown command or a missing or bad argument, with a sentence saying which.
pub fn parse_command(
    line: &str,
    user: impl Fn(&str) -> User,
) -> Result<Command, ParseCommandError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(name) = words.first().and_then(|w| w.strip_prefix('/')) else {
        return Err(ParseCommandError::NoCommand);
    };
    command_from_args(name, Args::read(&words[1..]), user)
}

/// The command `name` with its arguments: one reading of arguments for every front end.
/// `user` resolves an opponent's name or id (`bob`, or a Discord id) to a user.
///
/// # Errors
/// An unknown command or a missing or bad argument, with a sentence saying which.
pub fn command_from_args(
    name: &str,
    mut args: Args,
    user: impl Fn(&str) -> User,
) -> Result<Command, ParseCommandError> {
    // A command's name in any language (`/помощь` is `/help`), as Discord shows it.
    let name = super::names::command(name);
    args.check_repeats()?;
    let Some(spec) = spec::find(&name) else {
        return Err(ParseCommandError::Unknown(name));
    };
    let command = (spec.parse)(&mut args, &user)?;
    args.check_all_read(spec.name)?;
    Ok(command)
}

/// `/play`: the game, the opponents (people and computers), the seat, and the game's own
/// options.
pub(super) fn play(
    args: &mut Args,
    user: &dyn Fn(&str) -> User,
) -> Result<Command, ParseCommandError> {
    let game = match args.take(&["game"]) {
        Some(game) => game,
        None if !args.positional.is_empty() && !args.positional[0].starts_with('@') => {
            args.positional.remove(0)
        }
        None => {
            return Err(ParseCommandError::Missing {
                command: "play",
                what: "game",
            })
        }
    };
    // opponent, opponent2, opponent3 (Discord's options) or @names (the console).
    let mut named = Vec::new();
    while let Some(name) = args.take(&["opponent", "opponent2", "opponent3", "vs"]) {
        named.push(name);
    }
    named.extend(
        args.positional
            .iter()
            .filter(|w| w.starts_with('@'))
            .cloned(),
    );
    // `@ai` (or `@computer`) is the bot itself; everyone else is a person.
    let (machines, people): (Vec<String>, Vec<String>) = named
        .into_iter()
        .map(|name| name.trim_start_matches('@').to_owned())
        .partition(|name| is_computer_name(name));
    let opponents = people.iter().map(|name| user(name)).collect();
    let seat = args
        .take(&["seat", "colour", "color", "side"])
        .map_or(Ok(SeatChoice::Random), |s| seat_choice(&s))?;
    let computers = computers(
        machines.len(),
        args.take(&["computers"]),
        args.take(&["level"]),
    )?;
    // Every other option is the game's, which judges it (and names its own options).
    let options = args
        .named
        .drain(..)
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    Ok(Command::Challenge {
        game,
        opponents,
        options,
        seat,
        computers,
    })
}

/// `/move`: the move (named, or the words typed) and its game.
pub(super) fn move_(
    args: &mut Args,
    _: &dyn Fn(&str) -> User,
) -> Result<Command, ParseCommandError> {
    let game = args.game_id()?;
    let mv = args
        .take(&["move"])
        .unwrap_or_else(|| args.positional.join(" "));
    if mv.trim().is_empty() {
        return Err(ParseCommandError::Missing {
            command: "move",
            what: "move",
        });
    }
    Ok(Command::Move { game, mv })
}

/// A proposal command (`/draw`, `/takeback`, `/pause`): its game and answer, `propose`
/// being the words that propose besides `propose`.
pub(super) fn proposal(
    args: &mut Args,
    propose: &[&str],
    make: fn(Option<GameId>, Answer) -> Command,
) -> Result<Command, ParseCommandError> {
    let game = args.game_id()?;
    Ok(make(game, args.answer(propose)?))
}

/// `/puzzle`: a game, `daily`, or an answer to the open puzzle.
pub(super) fn puzzle(
    args: &mut Args,
    _: &dyn Fn(&str) -> User,
) -> Result<Command, ParseCommandError> {
    let answer = args.take(&["answer"]);
    let mut daily = match args.take(&["daily"]) {
        Some(value) => yes_or_no(&value, "puzzle-daily")?,
        None => false,
    };
    // The console's words: `/puzzle gyges daily`.
    let mut game = args.take(&["game"]);
    for word in std::mem::take(&mut args.positional) {
        if is_flag(&word, "daily") {
            daily = true;
        } else if game.is_none() {
            game = Some(word);
        } else {
            args.positional.push(word);
        }
    }
    Ok(Command::Puzzle {
        game,
        daily,
        answer,
    })
}

/// `/web`: a game's page link, or `revoke` to end the links given.
pub(super) fn web(args: &mut Args, _: &dyn Fn(&str) -> User) -> Result<Command, ParseCommandError> {
    let game = args.game_id()?;
    // `revoke:true` (Discord's option) or the word `revoke` (the console).
    let revoke = match args.take(&["revoke"]) {
        Some(value) => yes_or_no(&value, "web-revoke")?,
        None => match args.positional.first() {
            Some(word) if is_flag(word, "revoke") => {
                args.positional.remove(0);
                true
            }
            _ => false,
        },
    };
    Ok(Command::Web { game, revoke })
}

/// `/settings`: notifications, threads, languages, who may host tournaments.
pub(super) fn settings(
    args: &mut Args,
    _: &dyn Fn(&str) -> User,
) -> Result<Command, ParseCommandError> {
    let notify = args
        .take(&["notify", "notifications"])
        .or_else(|| args.positional.first().cloned());
    let threads = match args.take(&["threads", "thread"]) {
        None => None,
        Some(text) => Some(match typed_word(&text).as_str() {
            "on" | "yes" | "true" => true,
            "off" | "no" | "false" => false,
            other => {
                return Err(ParseCommandError::Bad {
                    what: "threads",
                    typed: other.to_owned(),
                })
            }
        }),
    };
    let mut language = |keys: &[&str]| -> Result<Option<Lang>, ParseCommandError> {
        args.take(keys)
            .map(|text| text.parse::<Lang>())
            .transpose()
            .map_err(|e| ParseCommandError::Bad {
                what: "language",
                typed: e.0,
            })
    };
    let language_choice = language(&["language", "lang"])?;
    let server_language = language(&["server_language"])?;
    let tournaments =
        match args.take(&["tournaments"]) {
            None => None,
            Some(text) => Some(TournamentHosts::from_name(&typed_word(&text)).ok_or_else(
                || ParseCommandError::Bad {
                    what: "tournament-hosts",
                    typed: text.clone(),
                },
            )?),
        };
    Ok(Command::Settings {
        threads,
        language: language_choice,
        server_language,
        tournaments,
        notify: match notify {
            None => None,
            Some(text) => Some(Notify::from_name(&typed_word(&text)).ok_or_else(|| {
                ParseCommandError::Bad {
                    what: "notify",
                    typed: text.clone(),
                }
            })?),
        },
    })
}

/// `/rules`: a game and a page.
pub(super) fn rules(
    args: &mut Args,
    _: &dyn Fn(&str) -> User,
) -> Result<Command, ParseCommandError> {
    Ok(Command::Rules {
        game: args
            .take(&["game"])
            .or_else(|| args.positional.first().cloned()),
        page: match args.take(&["page"]) {
            None => None,
            Some(text) => Some(text.parse().ok().filter(|&p| p > 0).ok_or_else(|| {
                ParseCommandError::Bad {
                    what: "page",
                    typed: text.clone(),
                }
            })?),
        },
    })
}

/// `/rating`: whose (a mention on the console), in which game.
pub(super) fn rating(
    args: &mut Args,
    user: &dyn Fn(&str) -> User,
) -> Result<Command, ParseCommandError> {
    let mut who = args.take(&["user", "player"]);
    let mut game = args.take(&["game"]);
    for word in std::mem::take(&mut args.positional) {
        if word.starts_with('@') && who.is_none() {
            who = Some(word);
        } else if game.is_none() {
            game = Some(word);
        } else {
            args.positional.push(word);
        }
    }
    Ok(Command::Rating {
        user: who.map(|w| user(w.trim_start_matches('@'))),
        game,
    })
}

/// `/leaderboard`: a game, on this server or everywhere.
pub(super) fn leaderboard(
    args: &mut Args,
    _: &dyn Fn(&str) -> User,
) -> Result<Command, ParseCommandError> {
    let game = args
        .take(&["game"])
        .or_else(|| (!args.positional.is_empty()).then(|| args.positional.remove(0)));
    let Some(game) = game else {
        return Err(ParseCommandError::Missing {
            command: "leaderboard",
            what: "leaderboard-game",
        });
    };
    Ok(Command::Leaderboard {
        game,
        scope: args.take(&["scope"]).map(|s| typed_word(&s)),
    })
}

/// `/profile`: whose.
pub(super) fn profile(
    args: &mut Args,
    user: &dyn Fn(&str) -> User,
) -> Result<Command, ParseCommandError> {
    let who = args.take(&["user", "player"]).or_else(|| {
        let at = args.positional.iter().position(|w| w.starts_with('@'))?;
        Some(args.positional.remove(at))
    });
    Ok(Command::Profile {
        user: who.map(|w| user(w.trim_start_matches('@'))),
    })
}

/// `/forget-me`, and `/forget-me confirm` typed after it.
pub(super) fn forget_me(
    args: &mut Args,
    _: &dyn Fn(&str) -> User,
) -> Result<Command, ParseCommandError> {
    let word = args.positional.first().map(|w| typed_word(w));
    match word.as_deref() {
        None => Ok(Command::ForgetMe { confirm: false }),
        Some("confirm" | "yes") => Ok(Command::ForgetMe { confirm: true }),
        Some(other) => Err(ParseCommandError::Bad {
            what: "forget-confirm",
            typed: other.to_owned(),
        }),
    }
}

/// `/tournament …`.
pub(super) fn tournament(
    args: &mut Args,
    user: &dyn Fn(&str) -> User,
) -> Result<Command, ParseCommandError> {
    tournament::tournament(args, user)
}

/// A boolean option: Discord's `true`/`false`, or yes/no typed in any language; anything
/// else is the message `parse-bad-<what>`.
fn yes_or_no(value: &str, what: &'static str) -> Result<bool, ParseCommandError> {
    match typed_word(value).as_str() {
        "true" | "yes" => Ok(true),
        "false" | "no" => Ok(false),
        other => Err(ParseCommandError::Bad {
            what,
            typed: other.to_owned(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::UserId;

    fn user(name: &str) -> User {
        User {
            id: UserId(name.len() as u64),
            name: name.to_owned(),
        }
    }

    #[test]
    fn choices_typed_in_russian_or_polish_read_as_their_english_words() {
        let read = |line: &str| parse_command(line, user).unwrap();
        assert_eq!(
            read("/draw Принять"),
            Command::Draw {
                game: None,
                answer: Answer::Accept
            }
        );
        assert_eq!(
            read("/takeback odrzuć"),
            Command::Takeback {
                game: None,
                answer: Answer::Decline
            }
        );
        let Command::Challenge { seat, .. } = read("/play jumpers @bob seat:czarne") else {
            panic!("a challenge");
        };
        assert_eq!(seat, SeatChoice::Second);
        let Command::Settings {
            notify, threads, ..
        } = read("/settings notify:лс threads:tak")
        else {
            panic!("settings");
        };
        assert_eq!((notify, threads), (Some(Notify::Dm), Some(true)));
        let Command::Leaderboard { scope, .. } = read("/leaderboard jumpers scope:все") else {
            panic!("a leaderboard");
        };
        assert_eq!(scope.as_deref(), Some("global"));
    }

    #[test]
    fn a_challenge_reads_game_opponent_seat_and_options() {
        let command = parse_command(
            "/play jumpers opponent:@bob board:far seat:black crawlers=S,M",
            user,
        )
        .unwrap();
        assert_eq!(
            command,
            Command::Challenge {
                game: "jumpers".into(),
                opponents: vec![user("bob")],
                options: vec!["board=far".into(), "crawlers=S,M".into()],
                seat: SeatChoice::Second,
                computers: Vec::new(),
            }
        );
    }

    #[test]
    fn the_computer_is_named_ai_and_takes_a_level() {
        let Command::Challenge {
            opponents,
            computers,
            ..
        } = parse_command("/play skakanie @bob opponent2:@AI level:2", user).unwrap()
        else {
            panic!("a challenge");
        };
        assert_eq!(opponents, [user("bob")]);
        assert_eq!(computers, [Level::new(2).unwrap()]);
        let Command::Challenge { computers, .. } =
            parse_command("/play gyges computers:1", user).unwrap()
        else {
            panic!("a challenge");
        };
        assert_eq!(computers, [Level::DEFAULT]);
        assert!(parse_command("/play gyges @ai level:0", user).is_err());
        assert!(parse_command("/play gyges @bob level:3", user).is_err());
    }

    #[test]
    fn a_challenge_may_name_several_opponents() {
        let Command::Challenge { opponents, .. } =
            parse_command("/play skakanie @bob opponent2:@carol @dan", user).unwrap()
        else {
            panic!("a challenge");
        };
        let names: Vec<&str> = opponents.iter().map(|u| u.name.as_str()).collect();
        assert_eq!(names, ["carol", "bob", "dan"]);
    }

    #[test]
    fn moves_answers_and_game_numbers_are_read() {
        assert_eq!(
            parse_command("/move e3 h6 game:#4", user).unwrap(),
            Command::Move {
                game: Some(GameId(4)),
                mv: "e3 h6".into()
            }
        );
        assert_eq!(
            parse_command("/draw accept", user).unwrap(),
            Command::Draw {
                game: None,
                answer: Answer::Accept
            }
        );
        assert_eq!(
            parse_command("/accept #7", user).unwrap(),
            Command::Accept {
                game: Some(GameId(7))
            }
        );
    }

    #[test]
    fn dashes_and_arrows_are_the_notations_separator() {
        for typed in [
            "c3\u{2013}f6",
            "c3\u{2014}f6",
            "c3\u{2212}f6",
            "c3\u{2010}f6",
            "c3\u{2011}f6",
            "c3\u{2012}f6",
            "c3\u{2192}f6",
            "c3\u{27F6}f6",
            "c3->f6",
            "c3>f6",
            "c3-f6",
        ] {
            assert_eq!(normalise_move(GameKind::Jumpers, typed), "c3-f6", "{typed}");
        }
        assert_eq!(
            normalise_move(GameKind::Gyges, "b1 \u{2013} d4:e2"),
            "b1 - d4:e2"
        );
        // Skakanie's arrows are actions, not separators.
        assert_eq!(
            normalise_move(GameKind::Skakanie, "take \u{2192} take"),
            "take \u{2192} take"
        );
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        assert_eq!(
            parse_command("play", user),
            Err(ParseCommandError::NoCommand)
        );
        assert!(parse_command("/fly", user)
            .unwrap_err()
            .to_string()
            .starts_with("there is no command /fly"));
        assert!(parse_command("/move", user).is_err());
        assert!(parse_command("/play", user).is_err());
        assert!(parse_command("/accept game:x", user).is_err());
        assert!(parse_command("/draw maybe", user).is_err());
        assert!(parse_command("/play jumpers seat:middle", user).is_err());
    }
}
