//! `/rules`: every game's teaching text, page by page. The pages must fit in a Discord
//! message as Discord receives it, never end on an empty heading, page with working buttons,
//! explain every option, and every example they give must be true in the engine.

mod fake_discord;

mod common;

use fake_discord::{config, play, send, start_endpoint, Payloads, Rest, ALICE};
use leapfrog::discord::message::Message;
use leapfrog::games::{skakanie, AnyGame, GameKind, Outcome, Seat};
use leapfrog::i18n::{self, guides, Lang};
use leapfrog::play::{
    parse_command, Button, Command, Component, Context, Play, Reply, SettingsCommand, User,
};
use leapfrog::store::AnyStore;
use leapfrog::store::{ChannelId, Place, UserId};
use serde_json::json;
use std::sync::OnceLock;

/// Discord's limit on a message's text.
const DISCORD_MAX: usize = 2000;

/// One bot for the whole file: `/rules` reads no store.
fn bot() -> &'static Play<AnyStore> {
    static BOT: OnceLock<Play<AnyStore>> = OnceLock::new();
    BOT.get_or_init(fake_discord::new_play)
}

/// What `/rules` answers alice.
fn rules(game: Option<&str>, page: Option<usize>) -> Reply {
    rules_in(Lang::En, game, page)
}

/// What `/rules` answers alice when her Discord speaks `lang`.
fn rules_in(lang: Lang, game: Option<&str>, page: Option<usize>) -> Reply {
    let ctx = Context {
        user: User {
            id: UserId(1),
            name: "alice".into(),
        },
        place: Place {
            guild: None,
            channel: ChannelId(1),
            reach: leapfrog::store::Reach::Posts,
        },
        manager: false,
        lang,
        guild_lang: None,
    };
    bot().handle(
        &ctx,
        SettingsCommand::Rules {
            game: game.map(str::to_owned),
            page,
        },
    )
}

fn page(kind: GameKind, number: usize) -> Reply {
    page_in(Lang::En, kind, number)
}

fn page_in(lang: Lang, kind: GameKind, number: usize) -> Reply {
    let reply = rules_in(lang, Some(kind.name()), Some(number));
    assert!(
        !reply.is_refused(),
        "{kind} page {number} in {lang}: {}",
        reply.text
    );
    reply
}

/// Every page of every game in every language: `(lang, game, number, reply)`.
fn every_page() -> Vec<(Lang, GameKind, usize, Reply)> {
    let mut pages = Vec::new();
    for lang in Lang::ALL {
        for kind in GameKind::ALL {
            for number in 1..=guides::pages(kind, lang).len() {
                pages.push((lang, kind, number, page_in(lang, kind, number)));
            }
        }
    }
    pages
}

fn buttons(reply: &Reply) -> Vec<Button> {
    reply
        .components
        .iter()
        .flat_map(|c| match c {
            Component::Buttons(row) => row.clone(),
            Component::Moves { .. } => Vec::new(),
        })
        .collect()
}

/// Every game's guide, whole, to look for what it promises.
fn guide(kind: GameKind) -> String {
    kind.info().guide.concat()
}

fn says(kind: GameKind, words: &str) {
    assert!(
        guide(kind).contains(words),
        "{kind}'s rules should say '{words}'"
    );
}

/// A heading is a line in bold and nothing else.
fn is_heading(line: &str) -> bool {
    let line = line.trim();
    line.starts_with("**") && (line.ends_with("**") || line.ends_with(')'))
}

#[test]
fn every_page_fits_in_one_discord_message() {
    for (lang, kind, number, reply) in every_page() {
        {
            let message = Message::from_reply(reply.clone());
            // Discord counts characters; count UTF-16 units too, the stricter reading.
            let chars = message.content.chars().count();
            let units = message.content.encode_utf16().count();
            assert!(
                chars <= DISCORD_MAX && units <= DISCORD_MAX,
                "{kind} page {number} in {lang} is {chars} characters ({units} UTF-16 units)"
            );
            assert_eq!(
                message.content, reply.text,
                "{kind} page {number} in {lang} was cut"
            );
            assert!(reply.private && !reply.is_refused());
        }
    }
}

#[test]
fn no_page_ends_with_an_empty_heading() {
    for kind in GameKind::ALL {
        assert!(kind.info().guide.len() >= 2, "{kind}: a teaching text");
    }
    for (lang, kind, number, reply) in every_page() {
        {
            let text = reply.text;
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            let last = lines.last().expect("a page has text");
            assert!(
                !is_heading(last) && !last.trim_end().ends_with(':'),
                "{kind} page {number} in {lang} ends with '{last}'"
            );
            for pair in lines.windows(2) {
                assert!(
                    !(is_heading(pair[0]) && is_heading(pair[1])),
                    "{kind} page {number} in {lang}: '{}' has nothing under it",
                    pair[0]
                );
            }
        }
    }
}

#[test]
fn page_buttons_go_to_the_pages_before_and_after() {
    for (lang, kind, number, reply) in every_page() {
        let guide = guides::pages(kind, lang);
        let count = guide.len();
        {
            let of = i18n::text_with(
                lang,
                "rules-page-title",
                &[
                    ("game", i18n::game_title(lang, kind).into()),
                    ("page", number.into()),
                    ("count", count.into()),
                ],
            );
            assert!(reply.text.starts_with(&of), "{lang} {kind} {number}");
            let mut wanted = Vec::new();
            if number > 1 {
                wanted.push(number - 1);
            }
            if number < count {
                wanted.push(number + 1);
                let read_on = i18n::text_with(
                    lang,
                    "rules-read-on",
                    &[("name", kind.name().into()), ("next", (number + 1).into())],
                );
                assert!(
                    reply.text.contains(&read_on) && read_on.contains(&format!("{}", number + 1)),
                    "the console needs the command for the next page"
                );
            }
            let targets: Vec<usize> = buttons(&reply)
                .iter()
                .map(|b| match Command::from_button_id(&b.id) {
                    Some(Command::Settings(SettingsCommand::Rules {
                        game: Some(game),
                        page: Some(target),
                    })) if game == kind.name() => target,
                    other => panic!("{kind} page {number}: button {} gives {other:?}", b.id),
                })
                .collect();
            assert_eq!(targets, wanted, "{kind} page {number} in {lang}");
            for target in targets {
                let next = page_in(lang, kind, target);
                let start: String = guide[target - 1].chars().take(40).collect();
                assert!(next.text.contains(&start));
            }
        }
    }
}

#[test]
fn pages_are_asked_for_by_number_on_the_console() {
    let alice = |_: &str| User {
        id: UserId(1),
        name: "alice".into(),
    };
    assert_eq!(
        parse_command("/rules jumpers page:2", alice).unwrap(),
        Command::Settings(SettingsCommand::Rules {
            game: Some("jumpers".into()),
            page: Some(2),
        })
    );
    assert_eq!(
        parse_command("/rules game:gyges", alice).unwrap(),
        Command::Settings(SettingsCommand::Rules {
            game: Some("gyges".into()),
            page: None,
        })
    );
    for bad in ["0", "two", "-1"] {
        let error = parse_command(&format!("/rules jumpers page:{bad}"), alice).unwrap_err();
        assert!(
            error.to_string().contains("is not a page number"),
            "{error}"
        );
    }
    let beyond = rules(Some("jumpers"), Some(9));
    assert!(beyond.is_refused());
    assert_eq!(
        beyond.text,
        "The rules of Jumpers have 3 pages: ask for a page from 1 to 3."
    );
    let no_game = rules(None, Some(2));
    assert!(no_game.is_refused() && no_game.text.contains("/rules game:jumpers page:2"));
    assert_eq!(
        page(GameKind::Jumpers, 1).text,
        rules(Some("jumpers"), None).text
    );
}

#[test]
fn every_option_is_explained_in_plain_words() {
    for kind in GameKind::ALL {
        for spec in kind.info().options {
            says(kind, &format!("`{}:", spec.key));
        }
    }
    says(GameKind::JumpSturdy, "Jump Sturdy has no options");
}

#[test]
fn jumpers_says_where_the_gates_are_and_how_cells_touch() {
    says(GameKind::Jumpers, "c1 touches e1, b2 and d2");
    says(GameKind::Jumpers, "c1, e1 and g1");
    says(GameKind::Jumpers, "c9, e9 and g9");
    // The neighbours the text gives are the cells a Small can reach from there.
    let game =
        |position: &str| AnyGame::new(GameKind::Jumpers, &[], Some(position)).expect("a position");
    // A lone White Small on c1 (and a Black piece so the game is on).
    let from_c1 = game("s../..../...../..../...../..../...../..../S.. w").legal_moves();
    assert_eq!(sorted(from_c1), ["c1-b2", "c1-d2", "c1-e1"]);
    says(GameKind::Jumpers, "e3 touches c3, g3, d2, f2, d4 and f4");
    let from_e3 = game("s../..../...../..../...../..../..S../..../... w").legal_moves();
    assert_eq!(
        sorted(from_e3),
        ["e3-c3", "e3-d2", "e3-d4", "e3-f2", "e3-f4", "e3-g3"]
    );
}

fn sorted(mut moves: Vec<String>) -> Vec<String> {
    moves.sort();
    moves
}

fn play_all(game: &mut AnyGame, moves: &[&str]) {
    for mv in moves {
        game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
}

#[test]
fn jumpers_worked_example_replays_in_the_engine() {
    for mv in ["e3-h6", "h6-e9", "e9-f8", "c9-d8"] {
        says(GameKind::Jumpers, mv);
    }
    let start = || AnyGame::new(GameKind::Jumpers, &[], None).unwrap();
    // e3-h6 flies over the empty f4 and g5.
    let mut game = start();
    play_all(&mut game, &["e3-h6"]);
    assert!(
        game.position_text().starts_with("sss/mmmm/bbbbb/...B/"),
        "{}",
        game.position_text()
    );
    // Black's e9-f8 builds a tower of 2 on f8, and the Big may not fly over it.
    play_all(&mut game, &["e9-f8"]);
    assert!(!game.legal_moves().contains(&"h6-e9".to_owned()));
    assert!(game.play("h6-e9").is_err());
    // Another answer, and h6-e9 lands on the gate e9 and wins.
    let mut game = start();
    play_all(&mut game, &["e3-h6", "c9-d8", "h6-e9"]);
    assert_eq!(game.outcome(), Outcome::Win(Seat(0)));
}

/// The Gygès example's position: 1 2 1 3 1 2 on row 1, a 3 on d4, 2 1 3 . 3 2 on row 6.
const GYGES_EXAMPLE: &str = "213.32/....../...3../....../....../121312 S";

#[test]
fn gyges_worked_example_replays_in_the_engine() {
    says(GameKind::Gyges, "1 2 1 3 1 2");
    says(GameKind::Gyges, "2 1 3 . 3 2");
    says(GameKind::Gyges, "d1-goal");
    let mut game = AnyGame::new(GameKind::Gyges, &[], Some(GYGES_EXAMPLE)).unwrap();
    assert!(game.legal_moves().contains(&"d1-goal".to_owned()));
    play_all(&mut game, &["d1-goal"]);
    assert_eq!(game.outcome(), Outcome::Win(Seat(0)), "South wins");
}

#[test]
fn gyges_placement_and_displacement_examples_replay_in_the_engine() {
    says(GameKind::Gyges, "3@c1");
    let mut game = AnyGame::new(GameKind::Gyges, &["seed=1".into()], None).unwrap();
    play_all(&mut game, &["3@c1"]);
    assert!(
        game.position_text().ends_with("..3... N S:11223 N:112233"),
        "{}",
        game.position_text()
    );

    says(GameKind::Gyges, "d1-d4:c3");
    let displacing = || {
        AnyGame::new(
            GameKind::Gyges,
            &["displace=on".into()],
            Some(GYGES_EXAMPLE),
        )
        .unwrap()
    };
    let mut game = displacing();
    play_all(&mut game, &["d1-d4:c3"]);
    assert_eq!(
        game.position_text(),
        "213.32/....../...3../..3.../....../121.12 N"
    );
    // The 3 that stood on d4 may not go back to d1: the two pieces are the same size.
    assert!(displacing().play("d1-d4:d1").is_err());
}

#[test]
fn jump_sturdy_worked_example_replays_in_the_engine() {
    let moves = ["d1-d2", "f7-f6", "d2-e4", "f6-f5", "e4-f5"];
    for mv in moves {
        says(GameKind::JumpSturdy, mv);
    }
    let mut game = AnyGame::new(GameKind::JumpSturdy, &[], None).unwrap();
    play_all(&mut game, &moves[..1]);
    // d1 is empty and d2 a Blue stack of two.
    assert_eq!(
        game.position_text(),
        "b0b01b0b0b0/1b0b0bbb0b0b01/8/8/8/8/1r0r0r0r0r0r01/r0r0r0r0r0r0 r"
    );
    play_all(&mut game, &moves[1..3]);
    // The top man jumped to e4 and left a single man on d2.
    assert_eq!(
        game.position_text(),
        "b0b01b0b0b0/1b0b0b0b0b0b01/8/4b03/8/5r02/1r0r0r0r01r01/r0r0r0r0r0r0 r"
    );
    play_all(&mut game, &moves[3..]);
    // The Red man on f5 is gone: Red has 11 men, and Blue's man stands on f5.
    assert_eq!(
        game.position_text(),
        "b0b01b0b0b0/1b0b0b0b0b0b01/8/8/5b02/8/1r0r0r0r01r01/r0r0r0r0r0r0 r"
    );
}

#[test]
fn skakanie_worked_turn_and_scores_replay_in_the_engine() {
    says(GameKind::Skakanie, "take right take");
    let mut game = AnyGame::new(GameKind::Skakanie, &["seed=7".into()], None).unwrap();
    assert_eq!(game.seat_name(Seat(0)), "Red");
    play_all(&mut game, &["take", "right", "take"]);
    assert_eq!(game.to_move(), Seat(1), "Red's 3 actions are used up");
    assert_eq!(game.seat_name(Seat(1)), "Blue");
    let text = game.position_text();
    let fields: Vec<&str> = text.split_whitespace().collect();
    // Red's pawn on the second stack of the top row, two pieces in her pool.
    assert!(fields[1].starts_with("1.2,"), "{text}");
    // Pools list each seat's pieces by their two-character places in the picture.
    assert_eq!(fields[2].split(',').next().map(str::len), Some(4), "{text}");

    says(GameKind::Skakanie, "10, 4, 3, 1 and 1");
    says(GameKind::Skakanie, "10 − 4 = 6");
    says(GameKind::Skakanie, "10 − 1 − 1 − 2 − 2 = 4");
    let sizes = [10, 4, 3, 1, 1];
    assert_eq!(skakanie::score_of(&sizes, skakanie::Scoring::Normal), 6);
    assert_eq!(skakanie::score_of(&sizes, skakanie::Scoring::Harsh), 4);
}

#[tokio::test]
async fn discord_pages_by_option_and_turns_them_in_place() {
    let (_rest, rest_url) = Rest::start().await;
    let play = play();
    let url = start_endpoint(&config(&rest_url), play).await;
    let mut p = Payloads::new();

    let asked = p.command(
        ALICE,
        "rules",
        &[("game", json!("jumpers")), ("page", json!(2))],
        None,
    );
    let answer = send(&url, &asked).await;
    assert_eq!(answer["type"], 4, "a new message: {answer}");
    assert_eq!(answer["data"]["flags"], 64, "only the caller sees it");
    let content = answer["data"]["content"].as_str().unwrap();
    assert!(content.contains("page 2 of 3"), "{content}");
    let ids = answer["data"]["components"].to_string();
    assert!(
        ids.contains("rules:jumpers:1") && ids.contains("rules:jumpers:3"),
        "{ids}"
    );

    // Next turns the page in the same message.
    let next = send(&url, &p.component(ALICE, "rules:jumpers:3", &[])).await;
    assert_eq!(next["type"], 7, "an update of the clicked message: {next}");
    let content = next["data"]["content"].as_str().unwrap();
    assert!(content.contains("page 3 of 3"), "{content}");

    // Discord says each caller's language: a Russian client reads Russian, and a Polish
    // one who clicks the same button reads Polish.
    let mut asked = p.command(ALICE, "rules", &[("game", json!("jumpers"))], None);
    asked["locale"] = json!("ru");
    let answer = send(&url, &asked).await;
    let content = answer["data"]["content"].as_str().unwrap();
    assert!(
        content.starts_with("**Как играть: Прыгуны** · страница 1 из"),
        "{content}"
    );
    assert!(
        answer["data"]["components"].to_string().contains("Далее"),
        "{answer}"
    );
    let mut click = p.component(ALICE, "rules:jumpers:2", &[]);
    click["locale"] = json!("pl");
    let next = send(&url, &click).await;
    let content = next["data"]["content"].as_str().unwrap();
    assert!(
        content.starts_with("**Jak grać: Skoczki** · strona 2 z"),
        "{content}"
    );
}

/// The notation an English guide writes (cells, moves, placements, option settings): every
/// translation must write the same, so its examples are the ones the tests above replay.
fn notation(text: &str) -> std::collections::BTreeSet<String> {
    text.split(|c: char| c.is_whitespace() || ",.;()«»„”\"'`*•".contains(c))
        .map(|word| word.trim_end_matches(':'))
        // An option's name before its value is a word of the language (`move:e3-h6`).
        .map(|word| match word.split_once(':') {
            Some((key, value)) if key.chars().all(|c| c.is_alphabetic()) => value,
            _ => word,
        })
        .filter(|word| {
            word.chars().any(|c| c.is_ascii_digit())
                && word.chars().any(|c| c.is_ascii_lowercase())
                && word.is_ascii()
        })
        .map(str::to_owned)
        .collect()
}

#[test]
fn translated_guides_write_every_example_the_english_one_does() {
    for kind in GameKind::ALL {
        let english = notation(&kind.info().guide.concat());
        for lang in Lang::TRANSLATED {
            let translated = notation(&guides::pages(kind, lang).concat());
            let missing: Vec<&String> = english.difference(&translated).collect();
            assert!(missing.is_empty(), "{kind} in {lang} lacks {missing:?}");
        }
    }
}
