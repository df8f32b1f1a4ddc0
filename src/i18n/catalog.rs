//! The Fluent catalogues, embedded, parsed once, and asked for messages.

use std::cell::RefCell;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use super::{Arg, Lang};

/// The catalogues of `areas`, one per language: a missing translation file is a build
/// error, not an English fallback found later.
macro_rules! catalogues {
    ($($area:literal),*) => {
        &[$(
            (Lang::En, $area, include_str!(concat!("../../locales/en/", $area, ".ftl"))),
            (Lang::Ru, $area, include_str!(concat!("../../locales/ru/", $area, ".ftl"))),
            (Lang::Pl, $area, include_str!(concat!("../../locales/pl/", $area, ".ftl"))),
        )*]
    };
}

/// Every catalogue: `(language, area, text)`. A new area is one word here and one file per
/// language.
pub(super) const SOURCES: &[(Lang, &str, &str)] = catalogues![
    "common",
    "commands",
    "help",
    "rules",
    "settings",
    "moves",
    "board",
    "game",
    "challenges",
    "notices",
    "lists",
    "refusals",
    "offers",
    "tables",
    "standings",
    "web",
    "privacy",
    "frontends",
    "tournaments",
    "coach"
];

type Bundle = FluentBundle<FluentResource>;

/// One bundle per language, in [`Lang::ALL`]'s order, built on first use.
fn bundles() -> &'static [Bundle] {
    static BUNDLES: OnceLock<Vec<Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.iter().map(|&lang| build(lang)).collect())
}

fn build(lang: Lang) -> Bundle {
    let id = lang
        .code()
        .parse()
        .expect("a language code is a language identifier");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord shows Unicode isolation marks as they are, and they would break a command
    // name's allowed characters: names and numbers go in bare.
    bundle.set_use_isolating(false);
    for &(of, area, text) in SOURCES {
        if of != lang {
            continue;
        }
        let resource =
            FluentResource::try_new(text.to_owned()).unwrap_or_else(|(partial, errors)| {
                tracing::error!(
                    lang = lang.code(),
                    area,
                    ?errors,
                    "a message catalogue has errors"
                );
                partial
            });
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!(
                lang = lang.code(),
                area,
                ?errors,
                "a message is defined twice"
            );
        }
    }
    bundle
}

fn bundle(lang: Lang) -> &'static Bundle {
    let index = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
    &bundles()[index]
}

/// The pattern of `id` (`message` or `message.attribute`) in a bundle.
fn pattern<'b>(bundle: &'b Bundle, id: &str) -> Option<&'b fluent_syntax::ast::Pattern<&'b str>> {
    let (message, attribute) = match id.split_once('.') {
        Some((message, attribute)) => (message, Some(attribute)),
        None => (id, None),
    };
    let message = bundle.get_message(message)?;
    match attribute {
        Some(attribute) => message.get_attribute(attribute).map(|a| a.value()),
        None => message.value(),
    }
}

pub(super) fn has(lang: Lang, id: &str) -> bool {
    pattern(bundle(lang), id).is_some()
}

/// One message asked for while [`record_lookups`] listens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lookup {
    /// The language asked for.
    pub lang: Lang,
    /// The message id.
    pub id: String,
    /// Whether that language's own catalogue had it (else English, or the bare id, stood in).
    pub found: bool,
    /// What went wrong formatting it: an argument the message uses and the code did not give.
    pub errors: Vec<String>,
}

thread_local! {
    static RECORDING: RefCell<Option<Vec<Lookup>>> = const { RefCell::new(None) };
}

/// Runs `work` and returns, with its result, every message it asked for on this thread:
/// how the tests find a message missing from a language, or an argument not supplied.
pub fn record_lookups<T>(work: impl FnOnce() -> T) -> (T, Vec<Lookup>) {
    let outer = RECORDING.with(|r| r.borrow_mut().replace(Vec::new()));
    let result = work();
    let lookups = RECORDING.with(|r| std::mem::replace(&mut *r.borrow_mut(), outer));
    (result, lookups.unwrap_or_default())
}

pub(super) fn format(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    let found = has(lang, id);
    let used = if found { lang } else { Lang::En };
    let bundle = bundle(used);
    let mut errors = Vec::new();
    let text = match pattern(bundle, id) {
        Some(pattern) => {
            let mut fluent_args = FluentArgs::new();
            for (name, value) in args {
                let value = match value {
                    Arg::Text(text) => FluentValue::from(text.as_str()),
                    Arg::Number(n) => FluentValue::from(*n),
                    Arg::Message(inner) => FluentValue::from(format(lang, inner, &[])),
                };
                fluent_args.set(*name, value);
            }
            let mut failures = Vec::new();
            let text = bundle
                .format_pattern(pattern, Some(&fluent_args), &mut failures)
                .into_owned();
            errors.extend(failures.iter().map(ToString::to_string));
            text
        }
        None => {
            errors.push(format!("no message {id} in any language"));
            id.to_owned()
        }
    };
    if !errors.is_empty() {
        tracing::warn!(
            lang = lang.code(),
            id,
            ?errors,
            "a message could not be formatted whole"
        );
    }
    RECORDING.with(|r| {
        if let Some(lookups) = r.borrow_mut().as_mut() {
            lookups.push(Lookup {
                lang,
                id: id.to_owned(),
                found,
                errors,
            });
        }
    });
    text
}
