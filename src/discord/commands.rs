//! The slash commands' registration: the command table's ([`crate::play::spec`]), sent as
//! it is. Nothing about a command is defined here.

use serenity::all::{GuildId, Http};

use crate::play::spec::{self, rules::Broken, Registration};

/// Whether the command `name` is offered (and answered) in the bot's direct messages.
#[must_use]
pub fn works_in_dms(name: &str) -> bool {
    spec::works_in_dms(name)
}

/// What [`register`] sends: every command, to `guild` or globally, and globally with the
/// Activity on, its entry point.
///
/// # Errors
/// The rules of Discord's that the command table breaks (Discord would refuse the whole
/// set).
pub fn registered(guild: Option<u64>, activity: bool) -> Result<Registration, Vec<Broken>> {
    spec::registration(guild.is_some(), activity)
}

/// Why the commands were not registered.
#[derive(Debug, thiserror::Error)]
pub enum RegisterError {
    /// The command table breaks Discord's rules: nothing was sent.
    #[error("the commands break Discord's rules, so none was sent: {}", list(.0))]
    Broken(Vec<Broken>),
    /// Discord refused or could not be reached.
    #[error("{}", refusal_details(.0))]
    Discord(#[from] serenity::Error),
}

fn list(broken: &[Broken]) -> String {
    broken
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// Registers the commands: to `guild` when given (changes show at once, for development),
/// else globally. Both overwrite the whole set, so a removed command disappears. With
/// `activity`, the global set also has the Activity's entry point
/// ([`crate::play::spec::entry_point`]; Discord takes entry points only globally). Returns
/// how many were registered.
///
/// # Errors
/// Discord refused or could not be reached.
pub async fn register(
    http: &Http,
    guild: Option<u64>,
    activity: bool,
) -> Result<usize, RegisterError> {
    let commands = registered(guild, activity).map_err(RegisterError::Broken)?;
    Ok(send(http, guild, &commands).await?)
}

/// Sends a registration (a bulk overwrite).
async fn send(http: &Http, guild: Option<u64>, commands: &Registration) -> serenity::Result<usize> {
    match guild {
        Some(guild) => {
            let set = http.create_guild_commands(GuildId::new(guild), commands);
            crate::discord::rest::observe("register_commands", set).await?
        }
        None => {
            let set = http.create_global_commands(commands);
            crate::discord::rest::observe("register_commands", set).await?
        }
    };
    Ok(commands.len())
}

/// [`register`], trying again while Discord cannot be reached, and saying what was done
/// (or why not) on the log: a server admin starting the bot sees that the commands are in
/// place, and where.
pub async fn register_and_say(http: &Http, guild: Option<u64>, activity: bool) {
    let commands = match registered(guild, activity) {
        Ok(commands) => commands,
        Err(broken) => {
            tracing::error!("{}", RegisterError::Broken(broken));
            return;
        }
    };
    let registered = super::reach::with_retries("register the slash commands", || {
        send(http, guild, &commands)
    })
    .await;
    match (registered, guild) {
        (Ok(count), Some(guild)) => {
            tracing::info!("registered {count} slash commands in the server {guild}");
        }
        (Ok(count), None) => tracing::info!(
            "registered {count} slash commands globally (Discord may take a while to show changes)"
        ),
        (Err(error), _) => tracing::error!(
            "Discord refused the slash commands: {}",
            refusal_details(&error)
        ),
    }
}

/// What Discord said of a refused registration: its message and, for an invalid body
/// (50035), each field it refused with the rule broken (`options.1: Required options must
/// be placed before non-required options`), so an admin's log says which command to fix.
#[must_use]
pub fn refusal_details(error: &serenity::Error) -> String {
    let serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(response)) = error
    else {
        return error.to_string();
    };
    let mut said = format!(
        "{} (HTTP {}, code {})",
        response.error.message,
        response.status_code.as_u16(),
        response.error.code
    );
    for field in &response.error.errors {
        said.push_str(&format!("; {}: {}", field.path, field.message));
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options Discord offers for each command are the ones the parser reads and names
    /// in its refusals (`/play` also offers its games' options, which the games read).
    #[test]
    fn every_command_offers_the_options_the_parser_reads() {
        let body = serde_json::to_value(registered(None, false).unwrap()).unwrap();
        for command in body.as_array().unwrap() {
            let name = command["name"].as_str().unwrap();
            // A subcommand is read as `action:` with its own options beside it.
            let mut offered = std::collections::BTreeSet::new();
            for option in command["options"].as_array().into_iter().flatten() {
                if option["type"] == 1 {
                    offered.insert("action");
                    for inner in option["options"].as_array().into_iter().flatten() {
                        offered.insert(inner["name"].as_str().unwrap());
                    }
                } else {
                    offered.insert(option["name"].as_str().unwrap());
                }
            }
            let read: std::collections::BTreeSet<&str> =
                crate::play::command_options(name).iter().copied().collect();
            if name == "play" {
                assert!(offered.is_superset(&read), "{name}: {offered:?} {read:?}");
            } else {
                assert_eq!(offered, read, "/{name}");
            }
        }
    }

    #[test]
    fn play_offers_the_computers_level_and_count_as_bounded_integers() {
        let body = serde_json::to_value(registered(None, false).unwrap()).unwrap();
        let play = body
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "play")
            .unwrap();
        let options = play["options"].as_array().unwrap();
        for (name, max) in [("level", 5), ("computers", 3)] {
            let option = options.iter().find(|o| o["name"] == name).unwrap();
            assert_eq!(option["type"], 4, "{name} is an integer");
            assert_eq!(option["min_value"], 1);
            assert_eq!(option["max_value"], max);
        }
        for kind in crate::games::GameKind::ALL {
            for spec in kind.info().options {
                assert!(
                    options.iter().any(|o| o["name"] == spec.key),
                    "{}",
                    spec.key
                );
            }
        }
        // A key whose values are only examples is typed freely.
        let handicap = options.iter().find(|o| o["name"] == "handicap").unwrap();
        assert!(handicap
            .get("choices")
            .is_none_or(|c| c.as_array().unwrap().is_empty()));
    }
}
