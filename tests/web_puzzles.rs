//! A player's puzzle page, over loopback HTTP as its script reads and sends: `/puzzle`'s
//! answer links to it (signed for that player); the page shows the open puzzle, takes its
//! moves with the same command as `/puzzle answer:` (right: the other side's answer; the
//! last right one: solved, the streak and the puzzle rating up; wrong: the defence and the
//! solution, the rating down), refuses what a game page refuses (another site, another
//! player's link, a stale page, an illegal move with its rule), and *Next puzzle* (a plain
//! form) gives another. Nothing is told in a channel. In en/ru/pl.

mod common;

use std::sync::Arc;

use leapfrog::console::console_user;
use leapfrog::i18n::Lang;
use leapfrog::play::{puzzle_ratings, AnalysisCommand, Context, Later, Play};
use leapfrog::store::{AnyStore, ChannelId, GuildId, Place, Store};
use leapfrog::web::{LinkKey, Site};
use serde_json::Value;
use tokio::sync::mpsc::UnboundedReceiver;

fn key() -> LinkKey {
    LinkKey::from_bytes(b"the puzzle tests' key")
}

fn ctx(name: &str, lang: Lang) -> Context {
    Context {
        user: console_user(name),
        place: Place {
            guild: Some(GuildId(1)),
            channel: ChannelId(5),
            reach: leapfrog::store::Reach::Posts,
        },
        manager: false,
        lang,
        guild_lang: None,
    }
}

/// A site on loopback, its play layer making links to it, and what it tells channels.
async fn serve() -> (String, Arc<Play<AnyStore>>, UnboundedReceiver<Vec<Later>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let site = format!("http://{}", listener.local_addr().unwrap());
    let play = Arc::new(
        Play::new(common::temporary_store()).with_pages(leapfrog::web::page_links(key(), &site)),
    );
    let (herald, heard) = tokio::sync::mpsc::unbounded_channel();
    let router = leapfrog::web::router(Arc::new(
        Site::new(Arc::clone(&play), key()).with_herald(herald),
    ));
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (site, play, heard)
}

/// `/puzzle game` for `who`: the token of the page its answer links to.
fn ask(play: &Arc<Play<AnyStore>>, who: &str, game: &str, lang: Lang) -> String {
    let play = Arc::clone(play);
    let (who, game) = (who.to_owned(), game.to_owned());
    let reply = common::blocking(move || {
        play.handle(
            &ctx(&who, lang),
            AnalysisCommand::Puzzle {
                game: Some(game),
                daily: false,
                answer: None,
            },
        )
    });
    let links = format!("{:?}", reply.components);
    let at = links.find("/puzzles/").expect("a link to the puzzle page");
    links[at + "/puzzles/".len()..]
        .split(['"', '?'])
        .next()
        .unwrap()
        .to_owned()
}

async fn get(site: &str, path: &str) -> (u16, String) {
    let answer = reqwest::get(format!("{site}{path}")).await.unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

async fn view(site: &str, token: &str, lang: Lang) -> Value {
    let (status, text) = get(site, &format!("/api/puzzles/{token}?lang={lang}")).await;
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

/// Sends a move as the page does: its own token, from our own site, with the plies seen.
async fn send(
    site: &str,
    token: &str,
    bearer: &str,
    what: &str,
    plies: usize,
    lang: Lang,
) -> (u16, Value) {
    let answer = reqwest::Client::new()
        .post(format!("{site}/api/puzzles/{token}/act?lang={lang}"))
        .header("content-type", "application/json")
        .header("sec-fetch-site", "same-origin")
        .bearer_auth(bearer)
        .body(serde_json::json!({ "what": what, "answer": false, "plies": plies }).to_string())
        .send()
        .await
        .unwrap();
    let status = answer.status().as_u16();
    (
        status,
        serde_json::from_str(&answer.text().await.unwrap()).unwrap(),
    )
}

/// *Next puzzle*, as the page's form posts it (`site` says where the form was).
async fn next(site: &str, token: &str, from: &str) -> reqwest::Response {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .post(format!("{site}/puzzles/{token}/next?lang=en"))
        .header("sec-fetch-site", from)
        .send()
        .await
        .unwrap()
}

/// The puzzle `who` has open, as the play layer knows it.
fn open(play: &Arc<Play<AnyStore>>, who: &str) -> leapfrog::play::PuzzleShown {
    play.puzzle_shown(console_user(who).id, Lang::En)
        .unwrap()
        .expect("a puzzle shown")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_puzzle_is_solved_missed_and_followed_by_the_next_on_its_page() {
    let (site, play, mut heard) = serve().await;
    let ana = ask(&play, "ana", "jump-sturdy", Lang::En);
    let bob = ask(&play, "bob", "gyges", Lang::En);
    let puzzle = open(&play, "ana");
    assert_eq!(puzzle.state, leapfrog::play::PuzzleState::Open);

    // The page: the puzzle's board, its words, its section; no game's answers.
    let (status, page) = get(&site, &format!("/puzzles/{ana}?lang=en")).await;
    assert_eq!(status, 200, "{page}");
    assert!(
        page.contains(&format!("Jump Sturdy puzzle #{}", puzzle.number)),
        "{page}"
    );
    assert!(page.contains("to play and win in"), "{page}");
    assert!(page.contains("id=\"puzzle\" data-state=\"open\""), "{page}");
    assert!(page.contains(&format!("data-page=\"/puzzles/{ana}\"")));
    assert!(
        !page.contains("data-live="),
        "a puzzle is not followed live"
    );
    let board = format!("/puzzles/jump-sturdy/{}/board.svg?moves=&", puzzle.number);
    assert!(page.contains(&board), "{page}");
    let svg = reqwest::get(format!("{site}{board}lang=en&turned=0"))
        .await
        .unwrap();
    assert_eq!(svg.status().as_u16(), 200);
    assert_eq!(svg.headers()["content-type"], "image/svg+xml");
    let seen = view(&site, &ana, Lang::En).await;
    assert_eq!(seen["puzzle"]["state"], "open");
    assert_eq!(seen["words"]["answers"], serde_json::json!([]));
    assert_eq!(seen["you"], seen["to_move"]);
    assert!(!seen["choices"].as_array().unwrap().is_empty());

    // What a game page refuses, this page refuses, changing nothing.
    let (status, said) = send(&site, &ana, &bob, &puzzle.puzzle.line[0], 0, Lang::En).await;
    assert_eq!(status, 403, "another player's link: {said}");
    let (status, _) = send(&site, &ana, &ana, &puzzle.puzzle.line[0], 1, Lang::En).await;
    assert_eq!(status, 409, "a stale page");
    let (status, said) = send(&site, &ana, &ana, "a1-a2", 0, Lang::En).await;
    assert_eq!(status, 422);
    assert!(
        said["error"]
            .as_str()
            .unwrap()
            .contains("You can't play a1-a2"),
        "{said}"
    );
    let cross = reqwest::Client::new()
        .post(format!("{site}/api/puzzles/{ana}/act"))
        .header("content-type", "application/json")
        .header("sec-fetch-site", "cross-site")
        .bearer_auth(&ana)
        .body(r#"{"what":"a1-a2","plies":0}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(cross.status().as_u16(), 403);
    let forged = ana.replacen(".", ".9", 1);
    assert_eq!(get(&site, &format!("/puzzles/{forged}")).await.0, 403);
    assert!(open(&play, "ana").played.is_empty());

    // Solved move by move: each right move answered, the last one says so.
    let line = puzzle.puzzle.line.clone();
    let mut last = Value::Null;
    for (i, mv) in line.iter().enumerate().step_by(2) {
        let (status, answer) = send(&site, &ana, &ana, mv, i, Lang::En).await;
        assert_eq!(status, 200, "{answer}");
        let said = answer["puzzle"]["said"].as_str().unwrap().to_owned();
        assert!(said.starts_with(&format!("Correct: {mv}")), "{said}");
        if i + 1 < line.len() {
            assert_eq!(answer["puzzle"]["state"], "open");
            assert_eq!(answer["plies"], i + 2);
            assert_eq!(answer["moves"][i + 1], line[i + 1].as_str());
        }
        last = answer;
    }
    assert_eq!(last["puzzle"]["state"], "solved", "{last}");
    assert!(last["puzzle"]["said"]
        .as_str()
        .unwrap()
        .contains("Solved! Streak 1"));
    assert!(last["choices"].as_array().unwrap().is_empty());
    let rating = last["puzzle"]["rating"].as_str().unwrap();
    assert!(
        rating.starts_with("Puzzle rating 1") && rating.contains("(+"),
        "{rating}"
    );
    // Said once: beside the verdict, not in it as well.
    assert!(!last["puzzle"]["said"].as_str().unwrap().contains(rating));
    let settings = play.store().settings(console_user("ana").id).unwrap();
    assert_eq!(settings.puzzle_streak, 1);
    assert!(settings.puzzle_rating.unwrap().centi > puzzle_ratings::newcomer().centi);
    let kept = puzzle_ratings::played(play.store(), puzzle.puzzle.kind).unwrap();
    let rated = kept[&puzzle.puzzle.position];
    assert!(
        rated.centi < i64::from(puzzle.puzzle.rating()) * 100,
        "solved: the puzzle rated down"
    );
    assert_eq!(rated.played, 1);
    // Read afresh, the page still shows it over, its line stepped through.
    let (_, page) = get(&site, &format!("/puzzles/{ana}?lang=en&ply=1")).await;
    assert!(page.contains("data-state=\"solved\""), "{page}");
    assert!(page.contains("Solved! The solution:"), "{page}");
    assert!(page.contains(&format!("action=\"/puzzles/{ana}/next?lang=en\"")));

    // Next: not from another site; from the page, a new puzzle of the same game.
    assert_eq!(next(&site, &ana, "cross-site").await.status().as_u16(), 403);
    let moved = next(&site, &ana, "same-origin").await;
    assert_eq!(moved.status().as_u16(), 303);
    assert_eq!(
        moved.headers()["location"],
        format!("/puzzles/{ana}?lang=en")
    );
    let second = open(&play, "ana");
    assert_eq!(second.state, leapfrog::play::PuzzleState::Open);
    assert_eq!(second.puzzle.kind, puzzle.puzzle.kind);
    assert_ne!(second.puzzle.position, puzzle.puzzle.position);

    // Missed: the defence that holds and the solution, the streak gone, the rating down.
    let game = second.puzzle.game().unwrap();
    let wrong = game
        .legal_moves()
        .into_iter()
        .find(|mv| *mv != second.puzzle.line[0])
        .unwrap();
    let before = play.store().settings(console_user("ana").id).unwrap();
    let (status, missed) = send(&site, &ana, &ana, &wrong, 0, Lang::En).await;
    assert_eq!(status, 200, "{missed}");
    assert_eq!(missed["puzzle"]["state"], "missed");
    let said = missed["puzzle"]["said"].as_str().unwrap();
    assert!(said.starts_with("Not that one"), "{said}");
    assert!(said.contains(&second.puzzle.line.join(" ")), "{said}");
    assert!(said.contains("Your streak of 1 ends here."), "{said}");
    assert!(missed["puzzle"]["rating"].as_str().unwrap().contains("(-"));
    let after = play.store().settings(console_user("ana").id).unwrap();
    assert!(after.puzzle_rating.unwrap().centi < before.puzzle_rating.unwrap().centi);
    assert_eq!(after.puzzle_streak, 0);

    // Bob's puzzle is his alone, and nothing was told in any channel.
    assert_eq!(
        open(&play, "bob").puzzle.kind,
        leapfrog::games::GameKind::Gyges
    );
    assert!(heard.try_recv().is_err());
}

#[tokio::test(flavor = "multi_thread")]
async fn the_puzzle_page_speaks_russian_and_polish_and_offers_a_first_puzzle() {
    let (site, play, _heard) = serve().await;
    for (lang, title, none, next_label) in [
        (Lang::Ru, "задача #", "Задачи пока нет", "Следующая задача"),
        (
            Lang::Pl,
            "zadanie #",
            "Nie masz jeszcze zadania",
            "Następne zadanie",
        ),
    ] {
        let who = format!("reader-{lang}");
        let token = ask(&play, &who, "jumpers", lang);
        let (status, page) = get(&site, &format!("/puzzles/{token}?lang={lang}")).await;
        assert_eq!(status, 200);
        assert!(page.contains(title), "{page}");
        assert!(page.contains(next_label), "{page}");
        let seen = view(&site, &token, lang).await;
        assert!(
            seen["puzzle"]["rating"].as_str().unwrap().contains("1500"),
            "{seen}"
        );
        // A player with no puzzle yet is offered one: the same form.
        let mut settings = play.store().settings(console_user(&who).id).unwrap();
        settings.puzzle = None;
        play.store()
            .set_settings(console_user(&who).id, settings)
            .unwrap();
        let (status, page) = get(&site, &format!("/puzzles/{token}?lang={lang}")).await;
        assert_eq!(status, 200);
        assert!(page.contains(none), "{page}");
        assert!(
            page.contains(&format!("/puzzles/{token}/next?lang={lang}")),
            "{page}"
        );
    }
}
