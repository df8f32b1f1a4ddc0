//! A whole game of each of the four games through the HTTP endpoint and the fake Discord,
//! every player's client (and the server) in Russian, then in Polish: no message, button,
//! menu, thread title or direct message the bot sends holds a run of three words of any
//! English message of the catalogue. And a player who reads another language than the
//! server gets their direct messages in theirs.

mod common;
mod fake_discord;

use std::collections::BTreeSet;
use std::sync::Arc;

use fake_discord::{config, edit_of, play, start_endpoint, Payloads, Person, Rest, ALICE, BOB};
use fluent_syntax::ast;
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::i18n::{self, Lang};
use leapfrog::play::Play;
use leapfrog::store::{AnyStore, GameId, Status, Store};
use serde_json::{json, Value};

const CAROL: Person = Person {
    id: 303,
    name: "carol",
};

/// The words of a text that read as English prose: runs of plain Latin words, leaving out
/// what is in code font, notation (`e3-h6`, `game:1`, `/play`, `@bob`, `<#88>`) and
/// Skakanie's action words, which are notation in every language.
fn word_runs(text: &str) -> Vec<Vec<String>> {
    const NOTATION: [&str; 7] = ["take", "up", "down", "left", "right", "bury", "pass"];
    let prose: String = text.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    let mut runs = vec![Vec::new()];
    for token in prose.split_whitespace() {
        let word = token.trim_matches(|c: char| "*.,;:!?()\"'«»„”—–".contains(c));
        let plain = word.len() > 1
            && word.chars().all(|c| c.is_ascii_alphabetic() || c == '\'')
            && !token.contains(['/', '=', '@', '#', '<', '>', ':'])
            && !NOTATION.contains(&word.to_lowercase().as_str());
        if plain {
            runs.last_mut().unwrap().push(word.to_lowercase());
        } else {
            runs.push(Vec::new());
        }
        // A sentence ends a run.
        if token.ends_with(['.', ':', ';', '?', '!']) {
            runs.push(Vec::new());
        }
    }
    runs.retain(|r| r.len() >= 3);
    runs
}

fn trigrams(text: &str) -> BTreeSet<String> {
    word_runs(text)
        .iter()
        .flat_map(|run| run.windows(3).map(|w| w.join(" ")).collect::<Vec<_>>())
        .collect()
}

/// The literal text of a pattern, cut at every placeable (a value the code fills in).
fn pieces(pattern: &ast::Pattern<&str>, into: &mut Vec<String>) {
    let mut current = String::new();
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => current.push_str(value),
            ast::PatternElement::Placeable { expression } => {
                into.push(std::mem::take(&mut current));
                if let ast::Expression::Select { variants, .. } = expression {
                    for variant in variants {
                        pieces(&variant.value, into);
                    }
                }
            }
        }
    }
    into.push(current);
}

/// Every run of three words of every English message: what a Russian or Polish reader
/// must never see.
fn english_trigrams() -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    for (_, patterns) in common::catalogue_messages(Lang::En) {
        let mut texts = Vec::new();
        for pattern in &patterns {
            pieces(pattern, &mut texts);
        }
        for piece in texts {
            all.extend(trigrams(&piece));
        }
    }
    assert!(
        all.len() > 500,
        "the catalogue has its sentences: {}",
        all.len()
    );
    all
}

/// Every text a player reads in a message the bot sent or answered with: its content,
/// buttons, menu placeholders and options, and a thread's title.
fn texts_of(value: &Value, into: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                match (key.as_str(), inner) {
                    ("content" | "label" | "placeholder" | "name", Value::String(text)) => {
                        into.push(text.clone());
                    }
                    _ => texts_of(inner, into),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| texts_of(v, into)),
        _ => {}
    }
}

/// Signs and sends an interaction; its answer in the body is kept in `seen`.
async fn send(url: &str, payload: &Value, seen: &mut Vec<Value>) -> Value {
    let body = fake_discord::send(url, payload).await;
    seen.push(body.clone());
    body
}

/// Sends an interaction and, when it was deferred, waits for its answer's edit.
async fn answered(rest: &Rest, url: &str, payload: &Value, seen: &mut Vec<Value>) {
    if send(url, payload, seen).await["type"] != 5 {
        return;
    }
    edit_of(rest, payload, 0).await;
}

/// The game's record as it stands.
fn record(play: &Play<AnyStore>) -> leapfrog::store::GameRecord {
    common::blocking(|| play.store().get(GameId(1)).unwrap())
}

/// The person `name`.
fn person(name: &str) -> Person {
    *[ALICE, BOB, CAROL]
        .iter()
        .find(|p| p.name == name)
        .expect("one of the three")
}

/// Plays a whole game of `kind` in `lang` through the endpoint, with the side commands a
/// player meets (a refused move, an offer, the picker, a confirmation, `/board`, `/games`,
/// `/history`, `/rating`, `/profile`), and returns every text the bot showed.
async fn a_game_in(lang: Lang, kind: GameKind) -> Vec<String> {
    let (rest, rest_url) = Rest::start().await;
    let play = play();
    let url = start_endpoint(&config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    p.locale = lang.code();
    p.guild_locale = Some(lang.code());
    let mut seen = Vec::new();
    let skakanie = kind == GameKind::Skakanie;
    let opponents: Vec<(&str, Person)> = if skakanie {
        vec![("opponent", BOB), ("opponent2", CAROL)]
    } else {
        vec![("opponent", BOB)]
    };
    let challenge = p.command_with_users(
        ALICE,
        "play",
        &[("game", json!(kind.name())), ("days", json!(3))],
        &opponents,
    );
    send(&url, &challenge, &mut seen).await;
    send(&url, &p.command(CAROL, "move", &[], None), &mut seen).await;
    send(&url, &p.command(ALICE, "board", &[], None), &mut seen).await;
    for (_, opponent) in &opponents {
        answered(
            &rest,
            &url,
            &p.command(*opponent, "accept", &[], None),
            &mut seen,
        )
        .await;
    }
    // Before the first move: the wrong player, a proposal refused, the picker, /games.
    send(
        &url,
        &p.command(BOB, "move", &[("move", json!("a1-a2"))], None),
        &mut seen,
    )
    .await;
    send(&url, &p.command(ALICE, "draw", &[], None), &mut seen).await;
    send(
        &url,
        &p.command(BOB, "draw", &[("answer", json!("decline"))], None),
        &mut seen,
    )
    .await;
    send(&url, &p.command(ALICE, "takeback", &[], None), &mut seen).await;
    send(&url, &p.command(BOB, "claim", &[], None), &mut seen).await;
    send(&url, &p.command(ALICE, "games", &[], None), &mut seen).await;
    send(&url, &p.component(ALICE, "moves:1", &[]), &mut seen).await;
    send(
        &url,
        &p.component(ALICE, "confirm|resign:1", &[]),
        &mut seen,
    )
    .await;
    send(&url, &p.component(ALICE, "fly:1", &[]), &mut seen).await;
    // The game, to its end.
    let mut stream = leapfrog::games::shuffle::Stream::new(leapfrog::games::Seed(3));
    let mut turns = 0;
    loop {
        let record = record(&play);
        if record.status != Status::Active {
            break;
        }
        turns += 1;
        assert!(turns < 1000, "the game ends");
        let game: AnyGame = common::rebuild(&record);
        let mover = person(record.seats[usize::from(game.to_move().0)].name());
        let mv = match kind {
            GameKind::Skakanie => common::skakanie_turn(&game, &mut stream).join(" "),
            GameKind::Gyges => common::gyges_move(&game),
            GameKind::JumpSturdy => common::racing_move(&game),
            GameKind::Jumpers => common::jumpers_move(&game),
        };
        if turns == 2 {
            // A wrong move first: the rule, and the legal moves.
            let wrong = p.command(mover, "move", &[("move", json!("zz9"))], None);
            send(&url, &wrong, &mut seen).await;
        }
        if turns == 3 && !skakanie {
            // A takeback asked and refused, a pause asked and refused.
            for (command, answerer) in [("takeback", "refuse"), ("pause", "refuse")] {
                let other = if mover.id == ALICE.id { BOB } else { ALICE };
                answered(
                    &rest,
                    &url,
                    &p.command(other, command, &[], None),
                    &mut seen,
                )
                .await;
                let no = p.command(mover, command, &[("answer", json!("decline"))], None);
                answered(&rest, &url, &no, &mut seen).await;
                let _ = answerer;
            }
        }
        let payload = p.command(mover, "move", &[("move", json!(mv))], None);
        answered(&rest, &url, &payload, &mut seen).await;
    }
    for (who, command) in [
        (ALICE, "board"),
        (ALICE, "history"),
        (ALICE, "rating"),
        (BOB, "profile"),
        (ALICE, "move"),
    ] {
        answered(&rest, &url, &p.command(who, command, &[], None), &mut seen).await;
    }
    let leaderboard = p.command(BOB, "leaderboard", &[("game", json!(kind.name()))], None);
    answered(&rest, &url, &leaderboard, &mut seen).await;
    assert!(
        matches!(record(&play).status, Status::Finished(_)),
        "{lang} {kind}: played to the end"
    );
    let mut texts = Vec::new();
    for body in &seen {
        texts_of(body, &mut texts);
    }
    for call in rest.calls() {
        // The commands' registration carries every language's names by design.
        if !call.path.ends_with("/commands") {
            texts_of(&call.json(), &mut texts);
        }
    }
    texts
}

/// Checks that what was shown in `lang` holds no English.
fn assert_no_english(lang: Lang, kind: GameKind, texts: &[String]) {
    let english = english_trigrams();
    assert!(
        texts.len() > 40,
        "{lang} {kind}: the game was shown ({} texts)",
        texts.len()
    );
    for text in texts {
        let leaked: Vec<String> = trigrams(text).intersection(&english).cloned().collect();
        assert!(
            leaked.is_empty(),
            "{lang} {kind} shows English {leaked:?} in: {text}"
        );
    }
}

async fn every_game_in(lang: Lang) {
    for kind in GameKind::ALL {
        let texts = a_game_in(lang, kind).await;
        assert_no_english(lang, kind, &texts);
        // The end was shown in the language: the game's name as the language says it.
        let title = i18n::game_title(lang, kind);
        assert!(
            texts.iter().any(|t| t.contains(&title)),
            "{lang} {kind}: {title} is never named"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_through_discord_in_russian_shows_no_english() {
    every_game_in(Lang::Ru).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_through_discord_in_polish_shows_no_english() {
    every_game_in(Lang::Pl).await;
}

#[test]
fn the_english_detector_finds_english_and_only_english() {
    let english = english_trigrams();
    let leaked = |text: &str| !trigrams(text).is_disjoint(&english);
    assert!(leaked(
        "Партия #1: It's alice (White)'s turn in game #1, not yours."
    ));
    assert!(leaked("Zagraj: the computer allows it at once."));
    assert!(!leaked("Сейчас в партии #1 ходит ana (Белые), а не вы."));
    assert!(!leaked(
        "ana (Białe) gra `take right take` na planszy game:1."
    ));
}

/// A player whose client reads Polish, on a Russian server, who chose direct messages: the
/// channel reads Russian, their direct message Polish.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_direct_message_is_in_its_readers_language() {
    let (rest, rest_url) = Rest::start().await;
    let url = start_endpoint(&config(&rest_url), play()).await;
    let mut seen = Vec::new();
    let mut ru = Payloads::new();
    ru.locale = "ru";
    ru.guild_locale = Some("ru");
    let mut pl = Payloads::new();
    pl.locale = "pl";
    pl.guild_locale = Some("ru");
    send(
        &url,
        &pl.command(BOB, "settings", &[("notify", json!("dm"))], None),
        &mut seen,
    )
    .await;
    let challenge = ru.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB));
    send(&url, &challenge, &mut seen).await;
    answered(
        &rest,
        &url,
        &pl.command(BOB, "accept", &[], None),
        &mut seen,
    )
    .await;
    let first = ru.command(ALICE, "move", &[("move", json!("e3-h6"))], None);
    answered(&rest, &url, &first, &mut seen).await;
    let dm = format!("/channels/{}/messages", fake_discord::dm_channel(BOB.id));
    let (_, told) = rest
        .wait_for(0, |c| c.method == "POST" && c.path == dm)
        .await;
    let text = told.json()["content"].as_str().unwrap().to_owned();
    let polish = i18n::game_title(Lang::Pl, GameKind::Jumpers);
    let russian = i18n::game_title(Lang::Ru, GameKind::Jumpers);
    assert!(text.contains(&polish) && !text.contains(&russian), "{text}");
    let place = i18n::text_with(Lang::Pl, "discord-dm-where", &[("place", "<#88>".into())]);
    assert!(text.ends_with(&place), "{text}");
    assert!(trigrams(&text).is_disjoint(&english_trigrams()), "{text}");
}
