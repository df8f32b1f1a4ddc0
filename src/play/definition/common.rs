//! The options and shapes of definition that several commands share: a game chosen from a
//! menu or by its number, a proposal's answer, days a move, yes or no, a language.

use crate::games::GameKind;
use crate::i18n::Lang;
use crate::play::definition::{
    parser, Action, Choice, CommandSpec, Contexts, Kind, Label, OptionSpec, Reader, Value, Words,
};
use crate::play::timing::DAY_CHOICES;

/// The three actions of a proposal command (`draw`, `draw-accept`, `draw-decline`), each
/// making the command `$make(game, answer)`.
macro_rules! proposal_actions {
    ($name:literal, $make:expr) => {
        vec![
            $crate::play::definition::Action::new($name, |game| {
                $make(game, $crate::play::command::Answer::Propose)
            }),
            $crate::play::definition::Action::new(concat!($name, "-accept"), |game| {
                $make(game, $crate::play::command::Answer::Accept)
            }),
            $crate::play::definition::Action::new(concat!($name, "-decline"), |game| {
                $make(game, $crate::play::command::Answer::Decline)
            }),
        ]
    };
}
pub(crate) use proposal_actions;

/// `game:` naming a game to play (`jumpers`), offered as a menu of every game.
pub(in crate::play) fn game_choice(required: bool) -> OptionSpec {
    let option = OptionSpec::new("game", "opt-game", Kind::Text).choices(games(GameKind::ALL));
    if required {
        option.required()
    } else {
        option
    }
}

/// The menu of `kinds` by their titles.
pub(in crate::play) fn games(kinds: impl IntoIterator<Item = GameKind>) -> Vec<Choice> {
    kinds
        .into_iter()
        .map(|kind| Choice {
            label: Label::Message(format!("game-{}", kind.name()), None),
            value: Value::Text(kind.name().to_owned()),
        })
        .collect()
}

/// `game:` on commands that act on one of the caller's games: its number, suggested as
/// they type (`id:` is read too).
pub(in crate::play) fn game_number() -> OptionSpec {
    OptionSpec::new("game", "opt-game-number", Kind::Integer)
        .autocomplete()
        .aliases(&["id"])
}

/// `answer:` on a proposal command: `propose` is the catalogue id of the first choice's
/// label (Offer, Request, Propose), whose value is its English word in lower case.
pub(in crate::play) fn answer(propose: &'static str) -> OptionSpec {
    let value = crate::i18n::text(Lang::En, propose).to_lowercase();
    OptionSpec::new("answer", "opt-answer", Kind::Text).choices(vec![
        Choice::labelled(propose, &value),
        Choice::labelled("choice-accept", "accept"),
        Choice::labelled("choice-decline", "decline"),
    ])
}

/// `days:`, a day count a move from [`DAY_CHOICES`]: a text on `/play` (with `none`
/// first), an integer on `/tournament create`.
pub(in crate::play) fn days(kind: Kind) -> OptionSpec {
    let per_move = DAY_CHOICES.iter().map(|&days| Choice {
        label: Label::Message("choice-days-per-move".to_owned(), Some(i64::from(days))),
        value: match kind {
            Kind::Integer => Value::Integer(i64::from(days)),
            _ => Value::Text(days.to_string()),
        },
    });
    let none = (kind == Kind::Text).then(|| Choice::labelled("choice-days-none", "none"));
    OptionSpec::new("days", "opt-days", kind).choices(none.into_iter().chain(per_move).collect())
}

/// `rated:` and the other yes/no choices.
pub(in crate::play) fn yes_no(
    name: &'static str,
    id: &'static str,
    yes: &'static str,
    no: &'static str,
) -> OptionSpec {
    OptionSpec::new(name, id, Kind::Text).choices(vec![
        Choice::labelled(yes, "yes"),
        Choice::labelled(no, "no"),
    ])
}

/// A menu of every language by its own name.
pub(in crate::play) fn languages(name: &'static str, id: &'static str) -> OptionSpec {
    OptionSpec::new(name, id, Kind::Text).choices(
        Lang::ALL
            .iter()
            .map(|lang| Choice {
                label: Label::Same(lang.native_name().to_owned()),
                value: Value::Text(lang.code().to_owned()),
            })
            .collect(),
    )
}

/// Every option of every game, once per key (a key belongs to the games whose tables
/// list it; the play layer refuses a key the chosen game lacks, listing its keys). Keys
/// keep their names in every language: they are notation.
pub(in crate::play) fn game_options() -> Vec<OptionSpec> {
    let mut options: Vec<OptionSpec> = Vec::new();
    for kind in GameKind::ALL {
        for spec in kind.info().options {
            if options.iter().any(|o| o.name == spec.key) {
                continue;
            }
            let values: &[&str] = if spec.free_form { &[] } else { spec.values };
            options.push(OptionSpec {
                words: Words::GameOption(kind),
                choices: values
                    .iter()
                    .take(super::MOST_CHOICES)
                    .map(|v| Choice {
                        label: Label::Same((*v).to_owned()),
                        value: Value::Text((*v).to_owned()),
                    })
                    .collect(),
                ..OptionSpec::new(spec.key, "", Kind::Text)
            });
        }
    }
    options
}

/// A command whose only option is the game it acts on.
pub(in crate::play) fn on_game<C: 'static>(
    name: &'static str,
    help: &'static [&'static str],
    parse: Reader<C>,
    actions: Vec<Action<C>>,
) -> CommandSpec<C> {
    CommandSpec {
        name,
        aliases: &[],
        options: vec![game_number()],
        game_options: false,
        contexts: Contexts::PLAYED,
        private: false,
        help,
        parse: parser(parse),
        actions,
        buttons: None,
    }
}

/// A command with `options`, offered where `contexts` say.
pub(in crate::play) fn plain<C: 'static>(
    name: &'static str,
    aliases: &'static [&'static str],
    options: Vec<OptionSpec>,
    contexts: Contexts,
    help: &'static [&'static str],
    parse: Reader<C>,
) -> CommandSpec<C> {
    CommandSpec {
        name,
        aliases,
        options,
        game_options: false,
        contexts,
        private: false,
        help,
        parse: parser(parse),
        actions: Vec::new(),
        buttons: None,
    }
}
