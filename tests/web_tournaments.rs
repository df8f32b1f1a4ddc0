//! A tournament's page: served in the reader's language, with the standings the Discord
//! post shows (the same places, the same winners), every round's pairings each linking to
//! its game's page, live as the tournament is written, and a refusal for a tournament that
//! is not there.

mod common;

use std::sync::Arc;
use std::time::Duration;

use leapfrog::console::Console;
use leapfrog::play::Play;
use leapfrog::store::{AnyStore, Store, TournamentId};

async fn serve(store: AnyStore) -> String {
    let site = leapfrog::web::Site::new(
        Arc::new(Play::new(store)),
        leapfrog::web::LinkKey::from_bytes(b"the tests' key"),
    );
    let router = leapfrog::web::router(Arc::new(site));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{address}")
}

async fn text(url: &str) -> (u16, String) {
    let answer = reqwest::get(url).await.unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tournaments_page_shows_its_standings_and_rounds_and_follows_it_live() {
    let store = common::temporary_store();
    let out = tempfile::tempdir().unwrap();
    let site = serve(store.clone()).await;
    let key = leapfrog::web::LinkKey::from_bytes(b"the tests' key");
    let play = Play::new(store).with_pages(leapfrog::web::page_links(key, &site));
    let console = Console::new(play, out.path().to_path_buf());
    common::blocking(|| {
        console.run_line("@p1 /tournament create jumpers round-robin max:4 starts:full");
        for i in 1..=4 {
            console.run_line(&format!("@p{i} /tournament join"));
        }
    });
    // The live channel opens with nothing to catch up on, then hears each write.
    let url = format!(
        "{}/api/tournaments/1/events",
        site.replacen("http", "ws", 1)
    );
    let (mut live, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let opened = next_text(&mut live, Duration::from_secs(5)).await.unwrap();
    assert!(opened.contains("\"open\""), "{opened}");
    let posted = common::blocking(|| common::play_round(&console, 1, |i| i == 1));
    // The standings post links to the page.
    assert!(
        posted.contains(&format!("{site}/tournaments/1")),
        "{posted}"
    );
    let heard = next_text(&mut live, Duration::from_secs(5)).await;
    assert!(
        heard.is_some_and(|h| h.contains("\"written\"")),
        "the round's end was not told"
    );
    // Round 1 over, round 2 begun: each pairing links to its game, results are shown.
    let record = common::blocking(|| console.play().store().tournament(TournamentId(1)).unwrap());
    assert_eq!(record.games.len(), 2, "round 2 begun");
    let (status, page) = text(&format!("{site}/tournaments/1?lang=en")).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("<h2>Standings</h2>"), "{page}");
    if std::env::var("SHOW_PAGE").is_ok() {
        eprintln!("{page}");
    }
    for game in record.games.iter().flatten().flatten() {
        assert!(
            page.contains(&format!("href=\"/games/{}?lang=en\"", game.0)),
            "game {game} not linked: {page}"
        );
    }
    assert!(page.contains("<span class=\"result\">½–½</span>"), "{page}");
    assert!(page.contains("<span class=\"result\">1–0</span>"), "{page}");
    for i in 1..=4 {
        assert!(page.contains(&format!("<bdi>p{i}</bdi>")), "p{i}: {page}");
    }
    // In the reader's language.
    for (lang, heading) in [("ru", "Турнирная таблица"), ("pl", "Tabela")] {
        let (status, page) = text(&format!("{site}/tournaments/1?lang={lang}")).await;
        assert_eq!(status, 200);
        assert!(
            page.contains(&format!("<h2>{heading}</h2>")),
            "{lang}: {page}"
        );
        assert!(page.contains(&format!("<html lang=\"{lang}\">")), "{lang}");
    }
    // To its end: the page's first places are the winners the post names.
    for round in 0..2 {
        common::blocking(|| common::play_round(&console, 1, |i| i == round));
    }
    let (status, view) = text(&format!("{site}/api/tournaments/1?lang=en")).await;
    assert_eq!(status, 200);
    let view: serde_json::Value = serde_json::from_str(&view).unwrap();
    let lines = view["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 4);
    assert_eq!(view["rounds"].as_array().unwrap().len(), 3);
    let first: Vec<&str> = lines
        .iter()
        .filter(|l| l["place"] == 1)
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert!(!first.is_empty());
    let notes: Vec<&str> = view["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    let winner = notes.last().unwrap();
    for name in ["p1", "p2", "p3", "p4"] {
        assert_eq!(
            winner.contains(name),
            first.contains(&name),
            "the winners' line and the first places disagree: {winner} / {first:?}"
        );
    }
    // Places are shared only by lines level on points and tie-breaks.
    for pair in lines.windows(2) {
        let level = pair[0]["points"] == pair[1]["points"]
            && pair[0]["tie_breaks"] == pair[1]["tie_breaks"];
        assert_eq!(pair[0]["place"] == pair[1]["place"], level, "{pair:?}");
    }
    // No such tournament: said, in the reader's words.
    let (status, page) = text(&format!("{site}/tournaments/9?lang=en")).await;
    assert_eq!(status, 404);
    assert!(page.contains("There is no tournament #9."), "{page}");
    let (status, _) = text(&format!("{site}/tournaments/x%3Cb%3E?lang=en")).await;
    assert_eq!(status, 404);
    let (status, _) = text(&format!("{site}/api/tournaments/9")).await;
    assert_eq!(status, 404);
}

/// The next text the live channel tells, or none within `within`.
async fn next_text(
    live: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    within: Duration,
) -> Option<String> {
    use futures_util::StreamExt as _;
    tokio::time::timeout(within, async {
        while let Some(Ok(frame)) = live.next().await {
            if let Ok(text) = frame.to_text() {
                if !text.is_empty() {
                    return Some(text.to_owned());
                }
            }
        }
        None
    })
    .await
    .ok()
    .flatten()
}
