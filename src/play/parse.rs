//! Reading a command: a typed line (the console) or Discord's named options become a
//! [`Command`], through the parser its definition names in the table. One reading for
//! every front end, with the refusals (an unknown command, an option given twice or not
//! taken) said the same everywhere.

use crate::i18n;
use crate::i18n::Arg;
use crate::i18n::Lang;
use crate::play::args::{Args, ParseCommandError};
use crate::play::command::User;
use crate::play::spec;
use crate::play::spec::Command;

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

/// The checks of a command's arguments against the whole table.
impl Args {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::games::GameKind;
    use crate::play::args::normalise_move;
    use crate::play::command::Answer;
    use crate::play::{ChallengeCommand, MoveCommand, RatingCommand, SettingsCommand};
    use crate::store::GameId;
    use crate::store::Notify;
    use crate::store::SeatChoice;
    use crate::store::UserId;

    /// Every family names its commands as the table does: a command read from each
    /// command's line, made by each action and by each button of a shape of its own knows
    /// the definition it came from (what `answers_privately` and the contexts are read from).
    #[test]
    fn every_command_knows_its_definition() {
        let lines = [
            "/play jumpers @bob",
            "/accept",
            "/decline",
            "/start",
            "/leave",
            "/cancel",
            "/move e3-h6",
            "/board",
            "/resign",
            "/draw",
            "/takeback",
            "/games",
            "/claim",
            "/pause",
            "/resume",
            "/history",
            "/web",
            "/analyse",
            "/puzzle",
            "/settings",
            "/rules",
            "/help",
            "/abort",
            "/rating",
            "/leaderboard jumpers",
            "/profile",
            "/privacy",
            "/forget-me",
            "/tournament list",
        ];
        let mut named = Vec::new();
        for line in lines {
            let command = parse_command(line, user).unwrap_or_else(|e| panic!("{line}: {e:?}"));
            let spec = command
                .spec()
                .unwrap_or_else(|| panic!("{line}: no definition"));
            assert_eq!(
                line.split(' ').next(),
                Some(format!("/{}", spec.name).as_str())
            );
            named.push(spec.name);
        }
        for spec in spec::commands() {
            assert!(
                named.contains(&spec.name),
                "/{} has no line here",
                spec.name
            );
            for action in &spec.actions {
                let made = (action.make)(Some(GameId(1)));
                assert_eq!(
                    made.spec().map(|s| s.name),
                    Some(spec.name),
                    "{}",
                    action.id
                );
            }
        }
        for (id, name) in [
            ("rules:jumpers:2", "rules"),
            ("tournament-join:3", "tournament"),
            ("forget-me:confirm", "forget-me"),
            ("do-take:12", "move"),
            ("draw-accept:4", "draw"),
        ] {
            let made = Command::from_button_id(id).unwrap_or_else(|| panic!("{id}"));
            assert_eq!(made.spec().map(|s| s.name), Some(name), "{id}");
        }
    }

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
            Command::Moves(MoveCommand::Draw {
                game: None,
                answer: Answer::Accept
            })
        );
        assert_eq!(
            read("/takeback odrzuć"),
            Command::Moves(MoveCommand::Takeback {
                game: None,
                answer: Answer::Decline
            })
        );
        let Command::Challenges(ChallengeCommand::Challenge { seat, .. }) =
            read("/play jumpers @bob seat:czarne")
        else {
            panic!("a challenge");
        };
        assert_eq!(seat, SeatChoice::Second);
        let Command::Settings(SettingsCommand::Settings {
            notify, threads, ..
        }) = read("/settings notify:лс threads:tak")
        else {
            panic!("settings");
        };
        assert_eq!((notify, threads), (Some(Notify::Dm), Some(true)));
        let Command::Ratings(RatingCommand::Leaderboard { scope, .. }) =
            read("/leaderboard jumpers scope:все")
        else {
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
            Command::Challenges(ChallengeCommand::Challenge {
                game: "jumpers".into(),
                opponents: vec![user("bob")],
                options: vec!["board=far".into(), "crawlers=S,M".into()],
                seat: SeatChoice::Second,
                computers: Vec::new(),
            })
        );
    }

    #[test]
    fn the_computer_is_named_ai_and_takes_a_level() {
        let Command::Challenges(ChallengeCommand::Challenge {
            opponents,
            computers,
            ..
        }) = parse_command("/play skakanie @bob opponent2:@AI level:2", user).unwrap()
        else {
            panic!("a challenge");
        };
        assert_eq!(opponents, [user("bob")]);
        assert_eq!(computers, [Level::new(2).unwrap()]);
        let Command::Challenges(ChallengeCommand::Challenge { computers, .. }) =
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
        let Command::Challenges(ChallengeCommand::Challenge { opponents, .. }) =
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
            Command::Moves(MoveCommand::Move {
                game: Some(GameId(4)),
                mv: "e3 h6".into()
            })
        );
        assert_eq!(
            parse_command("/draw accept", user).unwrap(),
            Command::Moves(MoveCommand::Draw {
                game: None,
                answer: Answer::Accept
            })
        );
        assert_eq!(
            parse_command("/accept #7", user).unwrap(),
            Command::Challenges(ChallengeCommand::Accept {
                game: Some(GameId(7))
            })
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
