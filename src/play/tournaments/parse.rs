//! Reading `/tournament <action> …`: the action as the first word (or Discord's
//! subcommand, which the Discord front end turns into `action:`), in any language.

use crate::i18n::{self, Lang};
use crate::play::args::{typed_word, Args, ParseCommandError};
use crate::play::command::User;
use crate::play::tournaments::command::{
    tournament_number, Pairings, TournamentAction, TournamentSpec, TOURNAMENT_ACTIONS,
};
use crate::play::tournaments::TournamentCommand;

/// The English action a typed word stands for: its name, or its translation in the
/// catalogue (`tournament-action-<action>`, what Discord shows as the subcommand's name).
fn action_word(typed: &str) -> Option<&'static str> {
    let typed = typed.trim().to_lowercase();
    TOURNAMENT_ACTIONS.into_iter().find(|&action| {
        action == typed
            || Lang::TRANSLATED.iter().any(|&lang| {
                i18n::text(lang, &format!("tournament-action-{action}")).to_lowercase() == typed
            })
    })
}

/// A yes/no option (`double:yes`), in any language.
fn yes_no(value: &str, what: &'static str) -> Result<bool, ParseCommandError> {
    match typed_word(value).as_str() {
        "yes" | "true" | "on" => Ok(true),
        "no" | "false" | "off" => Ok(false),
        other => Err(ParseCommandError::Bad {
            what,
            typed: other.to_owned(),
        }),
    }
}

/// The count option `key` (`rounds:5`), if given.
fn count(args: &mut Args, key: &str) -> Result<Option<usize>, ParseCommandError> {
    args.take(&[key])
        .map(|value| {
            value.trim().parse().map_err(|_| ParseCommandError::Bad {
                what: "tournament-count",
                typed: value.clone(),
            })
        })
        .transpose()
}

/// `/tournament …` from its arguments.
pub(in crate::play) fn tournament(
    args: &mut Args,
    user: &dyn Fn(&str) -> User,
) -> Result<TournamentCommand, ParseCommandError> {
    let typed = match args.take(&["action"]) {
        Some(action) => action,
        None if !args.positional.is_empty() => args.positional.remove(0),
        None => {
            return Err(ParseCommandError::Missing {
                command: "tournament",
                what: "tournament-action",
            })
        }
    };
    let action = action_word(&typed).ok_or_else(|| ParseCommandError::Bad {
        what: "tournament-action",
        typed: typed.clone(),
    })?;
    let id = match args.take(&["id", "tournament"]).or_else(|| {
        let at = args
            .positional
            .iter()
            .position(|w| tournament_number(w).is_some())?;
        Some(args.positional.remove(at))
    }) {
        Some(text) => Some(tournament_number(&text).ok_or(ParseCommandError::Bad {
            what: "tournament-number",
            typed: text,
        })?),
        None => None,
    };
    let action = match action {
        "create" => TournamentAction::Create(Box::new(spec(args)?)),
        "join" => TournamentAction::Join,
        "leave" => TournamentAction::Leave,
        "start" => TournamentAction::Start,
        "cancel" => TournamentAction::Cancel,
        "remove" => {
            let name = args
                .take(&["player", "user"])
                .or_else(|| {
                    let at = args.positional.iter().position(|w| w.starts_with('@'))?;
                    Some(args.positional.remove(at))
                })
                .ok_or(ParseCommandError::Missing {
                    command: "tournament",
                    what: "tournament-player",
                })?;
            TournamentAction::Remove(user(name.trim_start_matches('@')))
        }
        "show" => TournamentAction::Show,
        _ => TournamentAction::List,
    };
    Ok(TournamentCommand::Tournament { action, id })
}

/// The new tournament of `/tournament create`: the game and format as words or options,
/// every option the command does not know passed on as the game's.
fn spec(args: &mut Args) -> Result<TournamentSpec, ParseCommandError> {
    let game = args
        .take(&["game"])
        .or_else(|| (!args.positional.is_empty()).then(|| args.positional.remove(0)))
        .ok_or(ParseCommandError::Missing {
            command: "tournament",
            what: "game",
        })?;
    let format = args
        .take(&["format"])
        .or_else(|| (!args.positional.is_empty()).then(|| args.positional.remove(0)))
        .ok_or(ParseCommandError::Missing {
            command: "tournament",
            what: "tournament-format",
        })?;
    let format = match typed_word(&format).replace(['_', ' '], "-").as_str() {
        "round-robin" | "roundrobin" | "rr" | "круговой" | "kołowy" | "kolowy" => {
            Pairings::RoundRobin
        }
        "swiss" | "швейцарка" | "швейцарская" | "szwajcarski" => {
            Pairings::Swiss
        }
        other => {
            return Err(ParseCommandError::Bad {
                what: "tournament-format",
                typed: other.to_owned(),
            })
        }
    };
    let rounds = count(args, "rounds")?;
    let max = count(args, "max")?;
    let seats = count(args, "seats")?;
    let [double, together] = ["double", "together"].map(|key| {
        args.take(&[key])
            .map(|v| yes_no(&v, "tournament-yes-no"))
            .transpose()
            .map(Option::unwrap_or_default)
    });
    let (double, together) = (double?, together?);
    let starts = args.take(&["starts"]);
    let mut options: Vec<String> = args
        .take(&["options"])
        .map(|text| {
            text.split([' ', ','])
                .filter(|w| !w.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    options.extend(args.named.drain(..).map(|(k, v)| format!("{k}={v}")));
    options.extend(args.positional.drain(..).filter(|w| w.contains('=')));
    Ok(TournamentSpec {
        game,
        format,
        rounds,
        double,
        together,
        seats,
        max,
        starts,
        options,
    })
}
