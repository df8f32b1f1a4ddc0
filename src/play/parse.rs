//! Reading a command typed as text (`/play jumpers opponent:@bob board:far`): what the console
//! reads, in the same shape as Discord's slash commands.

use crate::store::{GameId, Notify, SeatChoice};

use super::command::{Answer, Command, User};

/// The commands, for help and error messages.
pub const COMMANDS: &[&str] = &[
    "play", "accept", "decline", "cancel", "start", "move", "board", "games", "resign", "draw",
    "takeback", "claim", "pause", "resume", "history", "settings", "rules", "help",
];

/// A command line that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseCommandError {
    /// The line does not start with `/command`.
    #[error("commands start with /, like /play jumpers opponent:@bob")]
    NoCommand,
    /// No such command.
    #[error("there is no command /{0}; the commands are /{list}", list = COMMANDS.join(", /"))]
    Unknown(String),
    /// A required argument is missing.
    #[error("/{command} needs {what}")]
    Missing {
        /// The command.
        command: &'static str,
        /// What it needs.
        what: &'static str,
    },
    /// An argument has a bad value.
    #[error("{0}")]
    Bad(String),
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
                Some((key, value))
                    if key.starts_with(|c: char| c.is_ascii_alphabetic())
                        && key.chars().all(|c| c.is_ascii_alphanumeric()) =>
                {
                    named.push((key.to_ascii_lowercase(), value.to_owned()));
                }
                _ => positional.push((*word).to_owned()),
            }
        }
        Self { named, positional }
    }

    fn take(&mut self, keys: &[&str]) -> Option<String> {
        let index = self
            .named
            .iter()
            .position(|(k, _)| keys.contains(&k.as_str()))?;
        Some(self.named.remove(index).1)
    }

    fn game_id(&mut self) -> Result<Option<GameId>, ParseCommandError> {
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
            .map_err(|_| {
                ParseCommandError::Bad(format!(
                    "'{text}' is not a game number; games are numbered like #12"
                ))
            })
    }

    fn answer(&mut self, propose: &[&str]) -> Result<Answer, ParseCommandError> {
        let word = self
            .take(&["answer"])
            .or_else(|| self.positional.first().cloned());
        match word.map(|w| w.to_ascii_lowercase()) {
            None => Ok(Answer::Propose),
            Some(w) if propose.contains(&w.as_str()) => Ok(Answer::Propose),
            Some(w) if w == "accept" || w == "yes" => Ok(Answer::Accept),
            Some(w) if w == "decline" || w == "no" || w == "withdraw" => Ok(Answer::Decline),
            Some(w) => Err(ParseCommandError::Bad(format!(
                "'{w}' is not an answer: say accept or decline (or nothing to propose)"
            ))),
        }
    }
}

fn seat_choice(text: &str) -> Result<SeatChoice, ParseCommandError> {
    match text.to_ascii_lowercase().as_str() {
        "random" | "any" => Ok(SeatChoice::Random),
        "first" | "white" | "south" | "1" => Ok(SeatChoice::First),
        "second" | "black" | "north" | "2" => Ok(SeatChoice::Second),
        other => Err(ParseCommandError::Bad(format!(
            "'{other}' is not a seat: say random, first (White, South) or second (Black, North)"
        ))),
    }
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
    let name = name.to_ascii_lowercase();
    Ok(match name.as_str() {
        "play" | "challenge" => {
            let game = match args.take(&["game"]) {
                Some(game) => game,
                None if !args.positional.is_empty() && !args.positional[0].starts_with('@') => {
                    args.positional.remove(0)
                }
                None => {
                    return Err(ParseCommandError::Missing {
                        command: "play",
                        what: "a game, like /play jumpers",
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
            let opponents = named
                .iter()
                .map(|name| user(name.trim_start_matches('@')))
                .collect();
            let seat = args
                .take(&["seat", "colour", "color", "side"])
                .map_or(Ok(SeatChoice::Random), |s| seat_choice(&s))?;
            let options = args.named.iter().map(|(k, v)| format!("{k}={v}")).collect();
            Command::Challenge {
                game,
                opponents,
                options,
                seat,
            }
        }
        "start" => Command::Start {
            game: args.game_id()?,
        },
        "accept" => Command::Accept {
            game: args.game_id()?,
        },
        "decline" => Command::Decline {
            game: args.game_id()?,
        },
        "cancel" => Command::Cancel {
            game: args.game_id()?,
        },
        "move" | "m" => {
            let game = args.game_id()?;
            let mv = args
                .take(&["move"])
                .unwrap_or_else(|| args.positional.join(" "));
            if mv.trim().is_empty() {
                return Err(ParseCommandError::Missing {
                    command: "move",
                    what: "a move, like /move e3-h6",
                });
            }
            Command::Move { game, mv }
        }
        "board" => Command::Board {
            game: args.game_id()?,
        },
        "games" => Command::Games,
        "resign" => Command::Resign {
            game: args.game_id()?,
        },
        "draw" => {
            let game = args.game_id()?;
            Command::Draw {
                game,
                answer: args.answer(&["offer"])?,
            }
        }
        "takeback" | "undo" => {
            let game = args.game_id()?;
            Command::Takeback {
                game,
                answer: args.answer(&["request", "ask"])?,
            }
        }
        "claim" | "claimwin" => Command::Claim {
            game: args.game_id()?,
        },
        "pause" | "vacation" => {
            let game = args.game_id()?;
            Command::Pause {
                game,
                answer: args.answer(&["propose", "ask"])?,
            }
        }
        "resume" => Command::Resume {
            game: args.game_id()?,
        },
        "history" | "record" => Command::History {
            game: args.game_id()?,
        },
        "settings" => {
            let notify = args
                .take(&["notify", "notifications"])
                .or_else(|| args.positional.first().cloned());
            let threads = match args.take(&["threads", "thread"]) {
                None => None,
                Some(text) => Some(match text.to_ascii_lowercase().as_str() {
                    "on" | "yes" | "true" => true,
                    "off" | "no" | "false" => false,
                    other => {
                        return Err(ParseCommandError::Bad(format!(
                            "'{other}' is not a thread choice: say on (a thread per game) or off"
                        )))
                    }
                }),
            };
            Command::Settings {
                threads,
                notify: match notify {
                    None => None,
                    Some(text) => Some(Notify::from_name(&text).ok_or_else(|| {
                        ParseCommandError::Bad(format!(
                            "'{text}' is not a notification choice: say channel (a mention in the game's channel), dm (a direct message) or off"
                        ))
                    })?),
                },
            }
        }
        "rules" => Command::Rules {
            game: args
                .take(&["game"])
                .or_else(|| args.positional.first().cloned()),
            page: match args.take(&["page"]) {
                None => None,
                Some(text) => Some(text.parse().ok().filter(|&p| p > 0).ok_or_else(|| {
                    ParseCommandError::Bad(format!(
                        "'{text}' is not a page number: say 1 for the first page, 2 for the next, and so on"
                    ))
                })?),
            },
        },
        "help" => Command::Help,
        _ => return Err(ParseCommandError::Unknown(name)),
    })
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
            }
        );
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
