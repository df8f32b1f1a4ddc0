//! A finished game's analysis on its page, over loopback HTTP as a page's script reads it:
//! offered to its players (a spectator is only told), asked for with the same command as
//! `/analyse` (the same pool and kept review, the report told to the channel with a link
//! back to the page), then shown: each side's accuracy, the chart (each ply a link), the
//! mistakes (each a link to the position it was played from), and at that position the
//! better move. In en/ru/pl; games `/analyse` refuses have no section.

mod common;

use std::sync::Arc;

use leapfrog::ai::AiConfig;
use leapfrog::console::console_user;
use leapfrog::games::GameKind;
use leapfrog::i18n::Lang;
use leapfrog::play::{Context, Later, Play};
use leapfrog::store::{ChannelId, GameId, GuildId, Place, Store};
use leapfrog::web::{personal_path, LinkKey, Site};
use serde_json::Value;

use common::BLUNDER;

fn key() -> LinkKey {
    LinkKey::from_bytes(b"the analysis tests' key")
}

/// A link token of the console's user `name` for `game`.
fn token(game: GameId, name: &str) -> String {
    let user = console_user(name).id;
    let path = personal_path(&key(), game, user, common::unix_seconds(), 1);
    path.split_once("?t=").unwrap().1.to_owned()
}

async fn get(site: &str, path: &str, token: Option<&str>) -> (u16, String) {
    let mut request = reqwest::Client::new().get(format!("{site}{path}"));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let answer = request.send().await.unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

async fn view(site: &str, path: &str, token: Option<&str>) -> Value {
    let (status, text) = get(site, path, token).await;
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_games_analysis_is_asked_for_and_shown_on_its_page() {
    let store = common::temporary_store();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let site = format!("http://{}", listener.local_addr().unwrap());
    let play = Arc::new(
        Play::new(store)
            .with_ai(AiConfig {
                think_ms: 20,
                analysis_depth: Some(4),
                ..AiConfig::default()
            })
            .with_pages(leapfrog::web::page_links(key(), &site)),
    );
    let (herald, mut heard) = tokio::sync::mpsc::unbounded_channel();
    let router = leapfrog::web::router(Arc::new(
        Site::new(Arc::clone(&play), key()).with_herald(herald),
    ));
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let place = Place {
        guild: Some(GuildId(1)),
        channel: ChannelId(5),
        reach: leapfrog::store::Reach::Posts,
    };
    let ctx = Context {
        user: console_user("carol"),
        place,
        manager: true,
        lang: Lang::En,
        guild_lang: None,
    };
    let imported = common::blocking(|| play.import(&ctx, BLUNDER, console_user));
    assert!(imported.text.contains("#1"), "{}", imported.text);
    let game = GameId(1);
    let alice = token(game, "alice");

    // Offered: a player gets the button; a spectator is told what it would be.
    let seen = view(&site, "/api/games/1", None).await;
    assert_eq!(seen["analysis"]["state"], "offered", "{seen}");
    assert!(seen["analysis"]["button"].is_null());
    let mine = view(&site, "/api/games/1", Some(&alice)).await;
    assert_eq!(mine["analysis"]["button"], "Analyse this game");
    let (_, page) = get(&site, &format!("/games/1?t={alice}"), None).await;
    assert!(page.contains("id=\"analysis-ask\""), "{page}");
    assert!(page.contains("data-state=\"offered\""));

    // A request without a player's link cannot ask.
    let refused = reqwest::Client::new()
        .post(format!("{site}/api/games/1/act?lang=en"))
        .header("content-type", "application/json")
        .header("sec-fetch-site", "same-origin")
        .body(r#"{"what":"analyse","answer":true,"plies":2}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status().as_u16(), 401);

    // Asked: the same command as /analyse, told to the channel, then done on the pool.
    let asked = reqwest::Client::new()
        .post(format!("{site}/api/games/1/act?lang=en"))
        .header("content-type", "application/json")
        .header("sec-fetch-site", "same-origin")
        .bearer_auth(&alice)
        .body(r#"{"what":"analyse","answer":true,"plies":2}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(asked.status().as_u16(), 200);
    let running: Value = serde_json::from_str(&asked.text().await.unwrap()).unwrap();
    assert_eq!(running["analysis"]["state"], "running", "{running}");
    assert!(running["analysis"]["button"].is_null());
    let batch = heard.recv().await.unwrap();
    let mut report = None;
    for later in batch {
        match later {
            Later::Tell(notice) => assert!(notice.reply.text.contains("Analysing game #1")),
            Later::Analyse(id) => {
                assert_eq!(id, game);
                let play = Arc::clone(&play);
                report = common::blocking(move || play.do_later(Later::Analyse(id)))
                    .into_iter()
                    .next();
            }
            other => panic!("{other:?}"),
        }
    }
    let report = report.expect("the report is told");
    assert!(
        report.reply.text.contains("**blunder**"),
        "{}",
        report.reply.text
    );
    let links = format!("{:?}", report.reply.components);
    assert!(
        links.contains(&format!("{site}/games/1#analysis")),
        "the post links to the page: {links}"
    );

    // Ready: at the position the blunder was played from, the better move.
    let before = view(&site, "/api/games/1?ply=0", None).await;
    let analysis = &before["analysis"];
    assert_eq!(analysis["state"], "ready", "{before}");
    assert_eq!(analysis["here"]["best"], "c2-d3");
    assert_eq!(analysis["here"]["ply"], 0);
    assert_eq!(analysis["chances"].as_array().unwrap().len(), 3);
    assert_eq!(analysis["marks"], serde_json::json!([[1, "blunder"]]));
    assert_eq!(analysis["mistakes"].as_array().unwrap().len(), 1);
    assert!(analysis["lines"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l.as_str().unwrap().contains("alice (Blue): accuracy 4%")));
    // Elsewhere, no better move to show.
    let after = view(&site, "/api/games/1?ply=1", None).await;
    assert!(after["analysis"]["here"].is_null(), "{after}");

    // The page without a script: the chart's plies and the mistake are links.
    let (_, page) = get(&site, "/games/1?ply=0", None).await;
    assert!(page.contains("data-state=\"ready\""));
    assert!(page.contains("<svg class=\"chart\""), "{page}");
    for (ply, name) in [
        (0, "Start position, 2 moves in all"),
        (1, "Move 1 of 2"),
        (2, "Move 2 of 2"),
    ] {
        assert!(
            page.contains(&format!(
                "data-ply=\"{ply}\" tabindex=\"-1\" aria-label=\"{name}\"><rect class=\"hit\""
            )),
            "chart column {ply}"
        );
    }
    assert!(page.contains("<circle class=\"blunder\""));
    assert!(page.contains("Better c2-d3"), "{page}");
    assert!(page.contains("<ol class=\"mistakes\"><li><a href=\"/games/1?ply=0"));

    // In the reader's language.
    for (lang, heading) in [("ru", "Разбор"), ("pl", "Analiza")] {
        let seen = view(&site, &format!("/api/games/1?ply=0&lang={lang}"), None).await;
        assert_eq!(seen["analysis"]["heading"], heading);
        let here = seen["analysis"]["here"]["text"].as_str().unwrap();
        assert!(
            here.contains("c2-d3") && !here.contains("Better"),
            "{lang}: {here}"
        );
    }

    // Games /analyse takes not: one going on, a Skakanie game.
    for (kind, seats) in [
        (GameKind::Gyges, &[1u64, 2][..]),
        (GameKind::Skakanie, &[1, 2]),
    ] {
        let record = common::blocking(|| {
            let mut record = common::new_record(kind, seats, GuildId(1), 1_000);
            if kind == GameKind::Skakanie {
                record.status = leapfrog::store::Status::Finished(leapfrog::store::GameResult {
                    winners: vec![0],
                    reason: "the best score".into(),
                    ratings: Vec::new(),
                    rating_order: 0,
                });
            }
            play.store().insert(record).unwrap()
        });
        let seen = view(&site, &format!("/api/games/{}", record.id.0), None).await;
        assert!(seen["analysis"].is_null(), "{kind:?}: {seen}");
    }
}
