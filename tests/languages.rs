//! English, Russian and Polish: the catalogues hold exactly the messages the code asks for,
//! in every language, with the arguments the code gives; the slash commands, `/help`,
//! `/rules` and `/settings` read in Russian or Polish contain no English sentence; a
//! player's `/settings language:` and the server's language are kept.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;
use leapfrog::console::{console_user, Console};
use leapfrog::games::GameKind;
use leapfrog::i18n::{self, guides, record_lookups, Lang};
use leapfrog::play::{Command, Context, Play, Reply};
use leapfrog::store::{AnyStore, ChannelId, GuildId, Place};

/// A caller on a server (or in a DM) who reads `lang`.
fn caller(name: &str, lang: Lang, guild: Option<u64>, manager: bool) -> Context {
    Context {
        user: console_user(name),
        place: Place {
            guild: guild.map(GuildId),
            channel: ChannelId(7),
        },
        manager,
        lang,
        guild_lang: None,
    }
}

fn settings(
    language: Option<Lang>,
    server_language: Option<Lang>,
    threads: Option<bool>,
) -> Command {
    Command::Settings {
        notify: None,
        threads,
        language,
        server_language,
    }
}

/// Every answer this slice of the bot gives in `lang`: help, every rules page and its
/// refusals, and settings shown, changed and refused.
fn every_answer(lang: Lang) -> Vec<Reply> {
    let play = Play::new(common::temporary_store());
    let ctx = caller("ana", lang, Some(1), true);
    let mut replies = vec![
        play.handle(&ctx, Command::Help),
        play.handle(
            &ctx,
            Command::Rules {
                game: None,
                page: None,
            },
        ),
        play.handle(
            &ctx,
            Command::Rules {
                game: None,
                page: Some(2),
            },
        ),
    ];
    for kind in GameKind::ALL {
        let count = guides::pages(kind, lang).len();
        for page in 1..=count + 1 {
            replies.push(play.handle(
                &ctx,
                Command::Rules {
                    game: Some(kind.name().into()),
                    page: Some(page),
                },
            ));
        }
    }
    let guest = caller("bo", lang, Some(1), false);
    let in_dm = caller("bo", lang, None, false);
    replies.extend([
        play.handle(&ctx, settings(None, None, None)),
        play.handle(&ctx, settings(None, Some(lang), Some(false))),
        play.handle(&guest, settings(None, None, Some(true))),
        play.handle(&guest, settings(None, Some(Lang::En), None)),
        play.handle(&in_dm, settings(None, None, Some(true))),
        play.handle(&in_dm, settings(None, Some(Lang::En), None)),
        play.handle(&in_dm, settings(Some(lang), None, None)),
    ]);
    replies
}

/// Every message the code asks for in `lang` (commands, and every answer above).
fn lookups(lang: Lang) -> Vec<i18n::Lookup> {
    let (_, mut asked) = record_lookups(leapfrog::discord::commands::definitions);
    let (_, answers) = record_lookups(|| every_answer(lang));
    asked.extend(answers);
    asked
}

/// The message ids a catalogue defines, with the variables each message (and each of its
/// attributes) uses.
fn defined(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let mut ids = BTreeMap::new();
    for (of, area, text) in i18n::sources() {
        if of != lang {
            continue;
        }
        let resource = fluent_syntax::parser::parse(text)
            .unwrap_or_else(|(_, errors)| panic!("{lang}/{area}.ftl: {errors:?}"));
        for entry in resource.body {
            if let ast::Entry::Message(message) = entry {
                let mut variables = BTreeSet::new();
                if let Some(value) = &message.value {
                    pattern_variables(value, &mut variables);
                }
                for attribute in &message.attributes {
                    pattern_variables(&attribute.value, &mut variables);
                }
                let id = message.id.name.to_owned();
                assert!(
                    ids.insert(id.clone(), variables).is_none(),
                    "{lang}: {id} twice"
                );
            }
        }
    }
    ids
}

fn pattern_variables(pattern: &ast::Pattern<&str>, into: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, into);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, into: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, into);
            for variant in variants {
                pattern_variables(&variant.value, into);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, into),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, into: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            into.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, into),
        _ => {}
    }
}

#[test]
fn the_catalogues_hold_exactly_the_messages_the_code_asks_for() {
    let english = defined(Lang::En);
    for lang in Lang::ALL {
        let asked = lookups(lang);
        for lookup in &asked {
            assert!(lookup.found, "{lang} has no message {}", lookup.id);
            assert!(
                lookup.errors.is_empty(),
                "{lang} {}: {:?}",
                lookup.id,
                lookup.errors
            );
        }
        let used: BTreeSet<String> = asked
            .iter()
            .map(|l| l.id.split('.').next().unwrap().to_owned())
            .collect();
        let ids: BTreeSet<String> = defined(lang).into_keys().collect();
        let unused: Vec<&String> = ids.difference(&used).collect();
        assert!(
            unused.is_empty(),
            "{lang} has messages no code asks for: {unused:?}"
        );
        let english_ids: BTreeSet<String> = english.keys().cloned().collect();
        assert_eq!(
            ids, english_ids,
            "{lang} and English define the same messages"
        );
    }
}

#[test]
fn a_translation_uses_only_the_arguments_english_is_given() {
    let english = defined(Lang::En);
    for lang in Lang::TRANSLATED {
        for (id, variables) in defined(lang) {
            let given = &english[&id];
            assert!(
                variables.is_subset(given),
                "{lang} {id} uses {variables:?}; the code gives {given:?}"
            );
        }
    }
}

/// The sentences an English reader sees: every English message as its text stands, and
/// every line of the English guides.
fn english_sentences() -> BTreeSet<String> {
    let mut lines = BTreeSet::new();
    for reply in every_answer(Lang::En) {
        lines.extend(reply.text.lines().map(str::to_owned));
        for component in &reply.components {
            if let leapfrog::play::Component::Buttons(row) = component {
                lines.extend(row.iter().map(|b| b.label.clone()));
            }
        }
    }
    for kind in GameKind::ALL {
        for page in kind.info().guide {
            lines.extend(page.lines().map(str::to_owned));
        }
    }
    lines
        .into_iter()
        .map(|l| l.trim().to_owned())
        // Lines of notation and names alone (an option list, a move, a game's name) read
        // the same in every language: what is in code font does not count.
        .filter(|l| {
            let words = l.split('`').step_by(2).collect::<String>();
            words.chars().filter(|c| c.is_alphabetic()).count() > 12
        })
        .collect()
}

#[test]
fn russian_and_polish_readers_see_no_english_sentence() {
    let english = english_sentences();
    for lang in Lang::TRANSLATED {
        for reply in every_answer(lang) {
            let mut shown: Vec<String> = reply.text.lines().map(|l| l.trim().to_owned()).collect();
            for component in &reply.components {
                if let leapfrog::play::Component::Buttons(row) = component {
                    shown.extend(row.iter().map(|b| b.label.clone()));
                }
            }
            for line in shown {
                assert!(!english.contains(&line), "{lang} shows English: {line}");
            }
        }
    }
}

#[test]
fn a_players_language_choice_is_kept_and_overrides_their_client() {
    let out = tempfile::tempdir().unwrap();
    let console = Console::new(
        Play::new(common::temporary_store()),
        out.path().to_path_buf(),
    );
    let said = console.run_line("@ana /settings language:ru");
    assert!(
        said.contains("Сохранено: вы читаете ответы на языке: Русский (ваш выбор)"),
        "{said}"
    );
    let help = console.run_line("@ana /help");
    assert!(help.contains("/играть игра:<игра>"), "{help}");
    // A line's lang: is the client's language; the choice stands above it.
    let rules = console.run_line("@ana lang:pl /rules jumpers");
    assert!(rules.contains("Как играть: Прыгуны"), "{rules}");
    // Someone else reads their client's language.
    let other = console.run_line("@bo lang:pl /rules jumpers");
    assert!(other.contains("Jak grać: Skoczki"), "{other}");
    let unknown = console.run_line("@bo /settings language:klingon");
    assert!(
        unknown.contains("there is no language 'klingon'"),
        "{unknown}"
    );
    let back = console.run_line("@ana /settings language:en");
    assert!(
        back.contains("Saved: you read your answers in English"),
        "{back}"
    );
}

#[test]
fn a_servers_language_is_its_admins_choice_else_its_discord_language() {
    let play: Play<AnyStore> = Play::new(common::temporary_store());
    let mut admin = caller("ana", Lang::En, Some(5), true);
    admin.guild_lang = Some(Lang::Pl);
    let shown = play.handle(&admin, settings(None, None, None)).text;
    assert!(shown.contains("notices are in Polski"), "{shown}");
    let changed = play
        .handle(&admin, settings(None, Some(Lang::Ru), None))
        .text;
    assert!(changed.contains("notices are in Русский"), "{changed}");
    let guest = caller("bo", Lang::Pl, Some(5), false);
    let refused = play.handle(&guest, settings(None, Some(Lang::En), None));
    assert!(refused.is_refused());
    assert!(refused.text.contains("administratorzy"), "{}", refused.text);
    let seen = play.handle(&guest, settings(None, None, None)).text;
    assert!(seen.contains("w języku: Русский"), "{seen}");
}
