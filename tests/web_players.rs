//! A player's page: reached only through the signed link `/profile` hands out, it says what
//! `/profile` says, links each of the player's games and serves their rating chart; a link
//! changed, for another player, missing or revoked is refused.

mod common;

use std::sync::Arc;

use leapfrog::console::{name_id, Console};
use leapfrog::play::Play;
use leapfrog::store::UserId;
use leapfrog::web::LinkKey;

fn key() -> LinkKey {
    LinkKey::from_bytes(b"the players' key")
}

async fn get(url: &str) -> (u16, String, String) {
    let answer = reqwest::get(url).await.unwrap();
    let kind = answer
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (
        answer.status().as_u16(),
        kind,
        answer.text().await.unwrap_or_default(),
    )
}

/// The first address in `text` that starts with `prefix`.
fn address(text: &str, prefix: &str) -> String {
    let start = text
        .find(prefix)
        .unwrap_or_else(|| panic!("no {prefix} in {text}"));
    text[start..]
        .split(|c: char| c.is_whitespace() || c == ')' || c == '>' || c == '<')
        .next()
        .unwrap()
        .to_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_players_page_opens_by_the_profile_link_only() {
    let store = common::temporary_store();
    let site = leapfrog::web::Site::new(Arc::new(Play::new(store.clone())), key());
    let router = leapfrog::web::router(Arc::new(site));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let out = tempfile::tempdir().unwrap();
    let play = Play::new(store).with_pages(leapfrog::web::page_links(key(), &base));
    let console = Console::new(play, out.path().to_path_buf());
    let profile = common::blocking(|| {
        console.run_line("@alice /play jumpers opponent:@bob seat:first");
        console.run_line("@bob /accept");
        console.run_line("@bob /resign");
        console.run_line("@alice /play gyges opponent:@bob");
        console.run_line("@bob /accept");
        console.run_line("@alice /profile")
    });
    let link = address(&profile, &format!("{base}/players/"));
    let alice = name_id("alice");
    assert!(
        link.starts_with(&format!("{base}/players/{}?t=p1.", alice)),
        "{link}"
    );
    let (status, kind, page) = get(&format!("{link}&lang=en")).await;
    assert_eq!(status, 200, "{page}");
    assert!(kind.starts_with("text/html"));
    assert!(page.contains("Profile of alice"), "{page}");
    assert!(page.contains("href=\"/games/1?lang=en\""), "{page}");
    assert!(page.contains("href=\"/games/2?lang=en\""), "{page}");
    // The latest game first, each with where it stands.
    assert!(page.find("/games/2?").unwrap() < page.find("/games/1?").unwrap());
    assert!(page.contains("resigned"), "{page}");
    // The chart `/profile` posts, under the same link.
    let chart = address(&page, "/players/");
    let chart = chart
        .trim_start_matches("src=\"")
        .trim_end_matches('"')
        .replace("&amp;", "&");
    let chart = chart.split('"').next().unwrap().to_owned();
    assert!(chart.contains("/ratings.png?t="), "{chart}");
    let (status, kind, _) = get(&format!(
        "{base}{}",
        &chart[chart.find("/players/").unwrap()..]
    ))
    .await;
    assert_eq!((status, kind.as_str()), (200, "image/png"));
    // In the reader's language.
    let (status, _, page) = get(&format!("{link}&lang=ru")).await;
    assert_eq!(status, 200);
    assert!(page.contains("Последние партии"), "{page}");
    // Refused: no link, a changed one, another player's, and after a revocation.
    let token = link.split("?t=").nth(1).unwrap().to_owned();
    let bob = name_id("bob");
    let changed = format!("{}x", &token[..token.len() - 1]);
    for (url, why) in [
        (format!("{base}/players/{alice}?lang=en"), "no link"),
        (
            format!("{base}/players/{alice}?t={changed}&lang=en"),
            "changed",
        ),
        (
            format!("{base}/players/{bob}?t={token}&lang=en"),
            "another player's",
        ),
        (
            format!("{base}/players/{alice}/ratings.png?lang=en"),
            "the chart without a link",
        ),
    ] {
        let (status, _, page) = get(&url).await;
        assert_eq!(status, 403, "{why}: {page}");
    }
    let (_, _, page) = get(&format!("{base}/players/{}?lang=en", alice)).await;
    assert!(page.contains("ask /profile for a new one"), "{page}");
    // Someone the bot keeps nothing of: not found, even with a good link.
    let nobody = UserId(424_242);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let good = key().sign_profile(nobody, now, now + 60);
    let (status, _, page) = get(&format!("{base}/players/{}?t={good}&lang=en", nobody.0)).await;
    assert_eq!(status, 404, "{page}");
    assert!(
        page.contains("There is nobody numbered 424242 here."),
        "{page}"
    );
    // Alice revokes her links: the page's link is refused from then on.
    let revoked = common::blocking(|| console.run_line("@alice /web revoke"));
    assert!(!revoked.is_empty());
    let (status, _, _) = get(&format!("{link}&lang=en")).await;
    assert_eq!(
        status, 403,
        "a revoked link still opens the page: {revoked}"
    );
    // Forgotten, she has no page at all, whatever link is shown.
    let forgotten = common::blocking(|| {
        console.run_line("@bob /resign #2");
        console.run_line("@alice /forget-me confirm")
    });
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let fresh = key().sign_profile(UserId(alice), now + 2, now + 60);
    let (status, _, page) = get(&format!("{base}/players/{alice}?t={fresh}&lang=en")).await;
    assert_eq!(status, 404, "{forgotten}: {page}");
}
