//! Playing on the game pages (`leapfrog::web`) as a page's script does, over loopback HTTP:
//! each player reaches the game through their signed link, plays the moves the page offers
//! as taps until the game ends, and every move lands as `/move` would (the board told to
//! the game's channel); live updates reach an open page; and every request that must not
//! change anything (a spectator, the other player, a forged, expired, revoked or other
//! game's link, a cross-site request, a stale tab) is refused with its reason and changes
//! nothing.

mod common;
mod fake_discord;

use std::sync::Arc;
use std::time::Duration;

use leapfrog::games::GameKind;
use leapfrog::play::{ChallengeCommand, Context, MoveCommand, Play, User};
use leapfrog::store::{AnyStore, GameId, GameRecord, GuildId, Status, Store, UserId};
use leapfrog::web::{personal_path, LinkKey, Site};

fn key() -> LinkKey {
    LinkKey::from_bytes(b"the tests' key")
}

use common::unix_seconds as now;

/// A link token of `user` for `game`, valid for a day.
fn token(game: GameId, user: u64) -> String {
    let path = personal_path(&key(), game, UserId(user), now(), 1);
    path.split_once("?t=").unwrap().1.to_owned()
}

/// The pages of `store`, playing, served on a loopback port: the address, the play layer,
/// and what the game's channel is told.
async fn serve(
    store: AnyStore,
    rate: u32,
) -> (
    String,
    Arc<Play<AnyStore>>,
    tokio::sync::mpsc::UnboundedReceiver<Vec<leapfrog::play::Later>>,
) {
    let play = Arc::new(Play::new(store));
    let (herald, heard) = tokio::sync::mpsc::unbounded_channel();
    let site = Site::new(Arc::clone(&play), key())
        .with_herald(herald)
        .with_rate(rate);
    (serve_site(site).await, play, heard)
}

/// `site` served on a loopback port: its address.
async fn serve_site(site: Site<AnyStore>) -> String {
    let router = leapfrog::web::router(Arc::new(site));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{address}")
}

/// The game's view as the holder of `token` sees it.
async fn view(site: &str, game: GameId, token: Option<&str>) -> serde_json::Value {
    let mut request = reqwest::Client::new().get(format!("{site}/api/games/{game}"));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let answer = request.send().await.unwrap();
    assert_eq!(answer.status(), 200);
    serde_json::from_str(&answer.text().await.unwrap()).unwrap()
}

/// Sends what a page sends to play `what`: the status and the answer's JSON.
async fn act(
    site: &str,
    game: GameId,
    token: Option<&str>,
    what: &str,
    answer: bool,
    plies: usize,
    extra: &[(&str, &str)],
) -> (u16, serde_json::Value) {
    let mut request = reqwest::Client::new()
        .post(format!("{site}/api/games/{game}/act?lang=en"))
        .header("content-type", "application/json")
        .body(serde_json::json!({ "what": what, "answer": answer, "plies": plies }).to_string());
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    // A browser says where a request comes from; one too old for `Sec-Fetch-Site` still
    // sends `Origin`.
    if !extra
        .iter()
        .any(|(name, _)| *name == "sec-fetch-site" || *name == "origin")
    {
        request = request.header("sec-fetch-site", "same-origin");
    }
    for (name, value) in extra {
        request = request.header(*name, *value);
    }
    let answer = request.send().await.unwrap();
    answered(answer).await
}

/// An answer's status and its JSON.
async fn answered(answer: reqwest::Response) -> (u16, serde_json::Value) {
    let status = answer.status().as_u16();
    (
        status,
        serde_json::from_str(&answer.text().await.unwrap()).unwrap(),
    )
}

fn stored(store: &AnyStore, kind: GameKind, seats: &[u64]) -> GameRecord {
    common::blocking(|| {
        store
            .insert(common::new_record(kind, seats, GuildId(1), 1_000))
            .unwrap()
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn each_game_is_played_by_taps_until_it_ends_and_the_channel_sees_every_move() {
    for (kind, seats, limit) in [
        (GameKind::Gyges, vec![1, 2], 400),
        (GameKind::JumpSturdy, vec![1, 2], 400),
        (GameKind::Jumpers, vec![1, 2], 400),
        (GameKind::Skakanie, vec![1, 2, 3], 600),
    ] {
        let store = common::temporary_store();
        let record = stored(&store, kind, &seats);
        let game = record.id;
        let (site, play, mut heard) = serve(store, 100_000).await;
        let tokens: Vec<String> = seats.iter().map(|&user| token(game, user)).collect();
        let mut chooser = 0x9e37_79b9_u64;
        let mut plies = 0;
        loop {
            let spectator = view(&site, game, None).await;
            if spectator["choices"].as_array().unwrap().is_empty() {
                break;
            }
            assert!(spectator["you"].is_null(), "a spectator is nobody");
            let seat = spectator["to_move"].as_u64().unwrap() as usize;
            let seen = view(&site, game, Some(&tokens[seat])).await;
            assert_eq!(seen["you"].as_u64(), Some(seat as u64), "{kind:?}");
            let choices = seen["choices"].as_array().unwrap();
            // Every move the page offers is tapped on a place the picture has, or on a
            // piece the mover holds in hand.
            let mut spots: Vec<String> = seen["layout"]["spots"]
                .as_array()
                .unwrap()
                .iter()
                .map(|spot| spot["name"].as_str().unwrap().to_owned())
                .collect();
            spots.extend(
                seen["seats"][seat]["hand"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|size| format!("hand-{size}")),
            );
            for choice in choices {
                for tap in choice["taps"].as_array().unwrap() {
                    let tap = tap.as_str().unwrap().to_owned();
                    assert!(spots.contains(&tap), "{kind:?}: {choice}");
                }
            }
            chooser = chooser
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let choice = &choices[(chooser >> 33) as usize % choices.len()];
            let text = choice["text"].as_str().unwrap();
            let (status, answer) =
                act(&site, game, Some(&tokens[seat]), text, false, plies, &[]).await;
            assert_eq!(status, 200, "{kind:?} {text}: {answer}");
            plies = answer["plies"].as_u64().unwrap() as usize;
            // The channel is told of every whole turn: a move, or a Skakanie turn's last
            // action (the turn passes to another seat, or the game ends).
            let turn_over = answer["to_move"].as_u64() != Some(seat as u64)
                || answer["choices"].as_array().unwrap().is_empty();
            if turn_over {
                let told = common::told(heard.recv().await.unwrap());
                assert_eq!(told.game, game);
                assert!(
                    told.reply.image.is_some() || told.reply.text.contains('#'),
                    "{kind:?}"
                );
            }
            if plies >= limit {
                break;
            }
        }
        // What the pages played is what the store holds, and the game replays.
        let record = common::blocking(|| play.store().get(game).unwrap());
        assert_eq!(record.moves.len(), plies, "{kind:?}");
        eprintln!("{kind:?}: {plies} plies played on the page");
        let rebuilt = common::rebuild(&record);
        assert_eq!(rebuilt.moves(), record.moves);
        if plies < limit {
            assert!(
                matches!(record.status, Status::Finished(_)),
                "{kind:?} stopped with no moves but is not over"
            );
        }
    }
}

/// A request that must be refused: what it is, its token, the move, the plies the page
/// saw, extra headers, the status and words expected.
type Case<'a> = (
    &'a str,
    Option<String>,
    &'a str,
    usize,
    Vec<(&'a str, &'a str)>,
    u16,
    &'a str,
);

#[tokio::test(flavor = "multi_thread")]
async fn every_request_that_must_not_play_is_refused_and_changes_nothing() {
    let store = common::temporary_store();
    let record = stored(&store, GameKind::JumpSturdy, &[1, 2]);
    let other = stored(&store, GameKind::JumpSturdy, &[1, 2]);
    let game = record.id;
    let (site, play, mut heard) = serve(store, 100).await;
    let first = view(&site, game, None).await;
    let seat = first["to_move"].as_u64().unwrap() as usize;
    let mover = [1, 2][seat];
    let waiting = [1, 2][1 - seat];
    let mv = first["choices"][0]["text"].as_str().unwrap().to_owned();
    let good = token(game, mover);
    let expired = key().sign(game, UserId(mover), now() - 100, now() - 1);
    let forged = good.replacen(&format!(".{mover}."), &format!(".{waiting}."), 1);
    let elsewhere = token(other.id, mover);
    let cases: Vec<Case> = vec![
        ("a spectator", None, &mv, 0, vec![], 401, "Only a player"),
        (
            "the other player",
            Some(token(game, waiting)),
            &mv,
            0,
            vec![],
            422,
            "",
        ),
        (
            "a forged link",
            Some(forged),
            &mv,
            0,
            vec![],
            403,
            "not one the bot made",
        ),
        (
            "an expired link",
            Some(expired),
            &mv,
            0,
            vec![],
            403,
            "expired",
        ),
        (
            "another game's link",
            Some(elsewhere),
            &mv,
            0,
            vec![],
            403,
            "another game",
        ),
        (
            "a cross-site request",
            Some(good.clone()),
            &mv,
            0,
            vec![("sec-fetch-site", "cross-site")],
            403,
            "own page",
        ),
        (
            "another site's origin",
            Some(good.clone()),
            &mv,
            0,
            vec![("origin", "https://evil.example")],
            403,
            "own page",
        ),
        (
            "a second, cross-site fetch site",
            Some(good.clone()),
            &mv,
            0,
            vec![
                ("sec-fetch-site", "same-origin"),
                ("sec-fetch-site", "cross-site"),
            ],
            403,
            "own page",
        ),
        (
            "a stale tab",
            Some(good.clone()),
            &mv,
            3,
            vec![],
            409,
            "meanwhile",
        ),
        (
            "an illegal move",
            Some(good.clone()),
            "a1-h8",
            0,
            vec![],
            422,
            "",
        ),
        (
            "an unknown answer",
            Some(good.clone()),
            "explode",
            0,
            vec![],
            400,
            "",
        ),
    ];
    for (what, token, text, plies, extra, status, words) in cases {
        let answer_kind = what == "an unknown answer";
        let (got, answer) = act(
            &site,
            game,
            token.as_deref(),
            text,
            answer_kind,
            plies,
            &extra,
        )
        .await;
        assert_eq!(got, status, "{what}: {answer}");
        let said = answer["error"].as_str().unwrap_or_default();
        assert!(!said.is_empty(), "{what}: no reason given");
        assert!(said.contains(words), "{what}: {said}");
        let now = common::blocking(|| play.store().get(game).unwrap());
        assert_eq!(now.version, record.version, "{what} changed the game");
        assert!(heard.try_recv().is_err(), "{what} was told to the channel");
    }
    // The token in the address instead of the `Authorization` header: the README says only
    // the header carries a move's token, and a link pasted in the wrong place plays nothing.
    let in_address = reqwest::Client::new()
        .post(format!("{site}/api/games/{game}/act?lang=en&t={good}"))
        .header("content-type", "application/json")
        .header("sec-fetch-site", "same-origin")
        .body(serde_json::json!({ "what": mv, "answer": false, "plies": 0 }).to_string())
        .send()
        .await
        .unwrap();
    let (got, answer) = answered(in_address).await;
    assert_eq!(got, 401, "a token in the address: {answer}");
    let unchanged = common::blocking(|| play.store().get(game).unwrap());
    assert_eq!(
        unchanged.version, record.version,
        "the token in the address played"
    );
    // A body far bigger than a move (1.5 MB): refused without being kept, in the reader's
    // words, as JSON; the text is not echoed back.
    let huge = "a".repeat(1_500_000);
    let (got, answer) = act(&site, game, Some(&good), &huge, false, 0, &[]).await;
    assert_eq!(got, 413, "a huge body");
    let said = answer["error"].as_str().unwrap_or_default();
    assert!(said.contains("far more than a move"), "{said}");
    assert!(!answer.to_string().contains("aaaa"), "the body was echoed");
    let unchanged = common::blocking(|| play.store().get(game).unwrap());
    assert_eq!(unchanged.version, record.version, "the huge body played");
    // The pages' text goes compressed to a browser that asks for it.
    for path in [
        format!("/games/{game}"),
        format!("/games/{game}/board.svg"),
        "/assets/board.js".to_owned(),
        "/assets/activity.js".to_owned(),
    ] {
        let answer = reqwest::Client::new()
            .get(format!("{site}{path}"))
            .header("accept-encoding", "gzip")
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 200, "{path}");
        assert_eq!(
            answer
                .headers()
                .get("content-encoding")
                .map(|v| v.to_str().unwrap()),
            Some("gzip"),
            "{path}"
        );
    }
    // A revoked link: the player asked for new links after this one was made.
    let old = key().sign(game, UserId(mover), now() - 10, now() + 100);
    common::blocking(|| {
        let mut settings = play.store().settings(UserId(mover)).unwrap();
        settings.links_since = now() - 5;
        play.store().set_settings(UserId(mover), settings).unwrap();
    });
    let (got, answer) = act(&site, game, Some(&old), &mv, false, 0, &[]).await;
    assert_eq!(
        (got, answer["error"].as_str().unwrap().contains("revoked")),
        (403, true)
    );
    // And the right request plays.
    let (got, answer) = act(&site, game, Some(&good), &mv, false, 0, &[]).await;
    assert_eq!(got, 200, "{answer}");
    assert_eq!(answer["plies"], 1);
    assert!(answer["pending"].is_null());
    assert!(
        heard.try_recv().is_ok(),
        "the move was not told to the channel"
    );
    // A draw offered from the page waits for the other player, who is offered to decline.
    let (got, answer) = act(
        &site,
        game,
        Some(&token(game, waiting)),
        "draw",
        true,
        1,
        &[],
    )
    .await;
    assert_eq!(got, 200, "{answer}");
    assert_eq!(
        answer["pending"],
        serde_json::json!(["draw", 1 - seat]),
        "{answer}"
    );
    assert!(
        heard.try_recv().is_ok(),
        "the offer was not told to the channel"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_open_page_hears_a_move_made_elsewhere_within_a_second_even_on_another_worker() {
    // On PostgreSQL the move is made through a pool and play layer of their own, as another
    // worker makes it: the page's worker hears of it through the database's NOTIFY.
    let spot = common::StoreSpot::new();
    let store = spot.open();
    let elsewhere = if spot.postgres().is_some() {
        spot.open()
    } else {
        store.clone()
    };
    let record = stored(&store, GameKind::Jumpers, &[1, 2]);
    let game = record.id;
    let (site, _, _heard) = serve(store, 100).await;
    let play = Arc::new(Play::new(elsewhere));
    let mut events = live(&site, &format!("/api/games/{game}/events")).await;
    assert_eq!(
        told(&mut events, Duration::from_secs(1)).await,
        Some(serde_json::json!({ "event": "open", "plies": 0 }))
    );
    // A move as `/move` makes it (Discord, the console), on the play layer directly.
    let first = view(&site, game, None).await;
    let seat = first["to_move"].as_u64().unwrap() as usize;
    let mv = first["choices"][0]["text"].as_str().unwrap().to_owned();
    let started = std::time::Instant::now();
    let mover = Arc::clone(&play);
    tokio::task::spawn_blocking(move || {
        let ctx = Context {
            user: User::new(UserId([1, 2][seat]), "p"),
            place: record.place,
            manager: false,
            lang: leapfrog::i18n::Lang::En,
            guild_lang: None,
        };
        let reply = mover.handle(
            &ctx,
            MoveCommand::Move {
                game: Some(game),
                mv,
            },
        );
        assert_eq!(
            reply.outcome,
            leapfrog::play::Outcome::Done,
            "{}",
            reply.text
        );
    })
    .await
    .unwrap();
    assert!(
        next_event(&mut events, Duration::from_secs(1)).await,
        "no event within a second"
    );
    assert!(started.elapsed() < Duration::from_secs(1));
    assert_eq!(view(&site, game, None).await["plies"], 1);
}

/// A page that opens its live channel after moves were made (reloaded, shown again from the
/// Back button's cache, connected again after its worker restarted) is told at once how far
/// the game has gone, so it catches up without waiting for the next move. A game that is not
/// there opens no channel.
#[tokio::test(flavor = "multi_thread")]
async fn a_live_channel_opened_after_moves_tells_the_current_ply_at_once() {
    let store = common::temporary_store();
    let record = stored(&store, GameKind::JumpSturdy, &[1, 2]);
    let game = record.id;
    let (site, _, _heard) = serve(store, 100).await;
    for plies in 0..3 {
        let now = view(&site, game, None).await;
        let mover = now["to_move"].as_u64().unwrap() + 1;
        let mv = now["choices"][0]["text"].as_str().unwrap().to_owned();
        let token = token(game, mover);
        let (status, answer) = act(&site, game, Some(&token), &mv, false, plies, &[]).await;
        assert_eq!(status, 200, "{answer}");
    }
    let mut events = live(&site, &format!("/api/games/{game}/events")).await;
    assert_eq!(
        told(&mut events, Duration::from_secs(1)).await,
        Some(serde_json::json!({ "event": "open", "plies": 3 }))
    );
    let elsewhere = format!("{}/api/games/999/events", site.replacen("http", "ws", 1));
    assert!(tokio_tungstenite::connect_async(elsewhere).await.is_err());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_player_sending_too_fast_is_slowed_down() {
    let store = common::temporary_store();
    let record = stored(&store, GameKind::JumpSturdy, &[1, 2]);
    let (site, _play, _heard) = serve(store, leapfrog::web::PER_WINDOW).await;
    let waiting = token(record.id, 2);
    let mut statuses = Vec::new();
    for _ in 0..=leapfrog::web::PER_WINDOW {
        // Not their turn: each is refused by the rules, but counted.
        statuses.push(
            act(&site, record.id, Some(&waiting), "b7-b6", false, 0, &[])
                .await
                .0,
        );
    }
    assert!(
        statuses[..statuses.len() - 1].iter().all(|&s| s == 422),
        "{statuses:?}"
    );
    assert_eq!(statuses.last(), Some(&429));
}

/// The address of the first link button of `reply`.
fn link_in_buttons(reply: &leapfrog::play::Reply) -> String {
    reply
        .components
        .iter()
        .find_map(|c| match c {
            leapfrog::play::Component::Buttons(b) => b
                .iter()
                .find(|b| b.style == leapfrog::play::ButtonStyle::Link)
                .map(|b| b.id.clone()),
            _ => None,
        })
        .expect("a link button")
}

#[tokio::test(flavor = "multi_thread")]
async fn web_hands_a_player_their_own_link_a_spectator_the_public_page_and_revokes() {
    let store = common::temporary_store();
    let record = stored(&store, GameKind::Gyges, &[1, 2]);
    let game = record.id;
    let (site, _, _heard) = serve(store.clone(), 100).await;
    let base = site.clone();
    let play = Play::new(store).with_pages(leapfrog::web::page_links(key(), &base));
    let ctx = |user: u64| Context {
        user: User::new(UserId(user), "someone"),
        place: record.place,
        manager: false,
        lang: leapfrog::i18n::Lang::En,
        guild_lang: None,
    };
    let ask = |user: u64, line: &str| {
        let command = leapfrog::play::parse_command(line, |name| User::new(UserId(9), name))
            .unwrap_or_else(|e| panic!("{line}: {e:?}"));
        play.handle(&ctx(user), command)
    };
    let link_in = |reply: &leapfrog::play::Reply| -> String {
        let buttons = reply
            .components
            .iter()
            .find_map(|c| match c {
                leapfrog::play::Component::Buttons(b) => Some(b.clone()),
                _ => None,
            })
            .expect("a button to open the page");
        assert_eq!(buttons[0].style, leapfrog::play::ButtonStyle::Link);
        assert!(reply.text.contains(&buttons[0].id), "{}", reply.text);
        buttons[0].id.clone()
    };
    // A player: their own link, only they see it, and the page knows them by it.
    let reply = common::blocking(|| ask(2, &format!("/web game:{game}")));
    assert!(reply.private, "a personal link is shown only to its owner");
    let mine = link_in(&reply);
    let token = mine.split_once("?t=").expect("a signed link").1.to_owned();
    assert_eq!(view(&site, game, Some(&token)).await["you"], 1);
    // The same command by its Russian name; a spectator gets the public page.
    let reply = common::blocking(|| ask(7, &format!("/веб game:{game}")));
    let public = link_in(&reply);
    assert!(!public.contains("?t="), "{public}");
    assert!(public.ends_with(&format!("/games/{game}")), "{public}");
    // /board: the board everyone sees has the public page's button; a player asking is
    // handed their own link beside it, privately; a spectator is not.
    let reply = common::blocking(|| ask(2, &format!("/board game:{game}")));
    assert!(
        !reply.private && !reply.text.contains("?t="),
        "{}",
        reply.text
    );
    let public_button = reply.components.iter().any(|c| {
        matches!(c, leapfrog::play::Component::Buttons(b)
            if b.iter().any(|b| b.id.ends_with(&format!("/games/{game}"))))
    });
    assert!(public_button, "{:?}", reply.components);
    let aside = reply.aside.expect("the player's own link, aside");
    assert!(aside.private);
    let theirs = link_in_buttons(&aside);
    let token2 = theirs.split_once("?t=").expect("a signed link").1;
    assert_eq!(view(&site, game, Some(token2)).await["you"], 1);
    let reply = common::blocking(|| ask(7, &format!("/board game:{game}")));
    assert!(reply.aside.is_none(), "a spectator has no page to play");
    // A player told of their turn by direct message gets their own link there.
    common::blocking(|| ask(2, "/settings notify:dm"));
    let mover = if common::blocking(|| play.my_legal_moves(&ctx(1), Some(game))).is_empty() {
        2
    } else {
        1
    };
    let waiting = 3 - mover;
    common::blocking(|| ask(waiting, "/settings notify:dm"));
    let first = common::blocking(|| play.my_legal_moves(&ctx(mover), Some(game)))[0].clone();
    let reply = common::blocking(|| ask(mover, &format!("/move game:{game} move:{first}")));
    let told = reply
        .direct
        .iter()
        .find(|d| d.user == UserId(waiting))
        .unwrap_or_else(|| panic!("a direct message to the player to move: {reply:?}"));
    let button = told.button.as_ref().expect("their own link in the message");
    let token3 = button.id.split_once("?t=").expect("a signed link").1;
    assert_eq!(
        view(&site, game, Some(token3)).await["you"],
        usize::try_from(waiting - 1).unwrap()
    );
    // Revoked: the old link no longer plays, and says why.
    let reply = common::blocking(|| ask(2, "/web revoke"));
    assert!(
        reply.private && reply.text.contains("no longer works"),
        "{}",
        reply.text
    );
    let seen = view(&site, game, Some(&token)).await;
    assert!(seen["you"].is_null());
    assert!(
        seen["link_note"].as_str().unwrap().contains("revoked"),
        "{seen}"
    );
    // A new link works again.
    std::thread::sleep(Duration::from_millis(1_100));
    let reply = common::blocking(|| ask(2, &format!("/web game:{game}")));
    let fresh = link_in(&reply);
    let token = fresh.split_once("?t=").unwrap().1.to_owned();
    assert_eq!(view(&site, game, Some(&token)).await["you"], 1);
}

/// Posts Discord's one-time `code` to `/api/token` as the Activity's page does (or from
/// another site, `cross`): the status and the answer.
async fn exchange(site: &str, code: &str, cross: bool) -> (u16, serde_json::Value) {
    let answer = reqwest::Client::new()
        .post(format!("{site}/api/token?lang=en"))
        .header("content-type", "application/json")
        .header(
            "sec-fetch-site",
            if cross { "cross-site" } else { "same-origin" },
        )
        .body(serde_json::json!({ "code": code }).to_string())
        .send()
        .await
        .unwrap();
    answered(answer).await
}

/// The Activity's list of games for the holder of `session`: the status and the answer.
async fn listed(site: &str, session: &str) -> (u16, serde_json::Value) {
    let answer = reqwest::Client::new()
        .get(format!(
            "{site}/api/activity/games?channel=1&guild=1&lang=en"
        ))
        .bearer_auth(session)
        .send()
        .await
        .unwrap();
    answered(answer).await
}

#[tokio::test(flavor = "multi_thread")]
async fn the_activity_learns_from_discord_who_opened_it_and_hands_them_their_games() {
    use fake_discord::{Rest, APP_ID, OAUTH_SECRET};
    let (_rest, rest_url) = Rest::start().await;
    let store = common::temporary_store();
    let mine = stored(&store, GameKind::JumpSturdy, &[101, 202]);
    let watched = stored(&store, GameKind::Gyges, &[303, 404]);
    let play = Arc::new(Play::new(store));
    let activity = leapfrog::web::Activity::new(
        APP_ID,
        OAUTH_SECRET.to_owned(),
        format!("{rest_url}/api/v10"),
    );
    let site = serve_site(Site::new(play, key()).with_activity(activity)).await;

    // Discord may frame the pages; no other site may.
    let page = reqwest::get(format!("{site}/activity?lang=ru"))
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    let policy = page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        policy.contains(
            "frame-ancestors https://discord.com https://*.discord.com https://*.discordsays.com"
        ),
        "{policy}"
    );
    assert!(page.headers().get("x-frame-options").is_none());
    let html = page.text().await.unwrap();
    assert!(
        html.contains(&format!("data-client-id=\"{APP_ID}\"")),
        "{html}"
    );
    assert!(html.contains("Спрашиваем у Discord"), "{html}");

    // Discord's code names alice; a made-up one, or one sent from another site, names
    // nobody.
    let (status, session) = exchange(&site, "code-101", false).await;
    assert_eq!(status, 200, "{session}");
    assert_eq!(session["user"]["id"], "101");
    assert_eq!(session["user"]["name"], "alice");
    assert_eq!(session["access_token"], "access-101");
    let session = session["session"].as_str().unwrap().to_owned();
    let (status, refused) = exchange(&site, "made-up", false).await;
    assert_eq!(status, 401);
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("did not confirm"),
        "{refused}"
    );
    assert_eq!(exchange(&site, "code-101", true).await.0, 403);

    // The channel's games: hers first to play through her own link, the other to watch.
    let (status, games) = listed(&site, &session).await;
    assert_eq!(status, 200, "{games}");
    let games = games["games"].as_array().unwrap().clone();
    assert_eq!(games.len(), 2, "{games:?}");
    let hers = games.iter().find(|g| g["id"] == mine.id.0).unwrap();
    assert_eq!(hers["yours"], true);
    assert_eq!(
        hers["your_turn"], true,
        "South (the first seat) moves first"
    );
    let url = hers["url"].as_str().unwrap();
    let token = url
        .split_once("?t=")
        .and_then(|(_, rest)| rest.split('&').next())
        .unwrap_or_else(|| panic!("a personal link: {url}"));
    assert_eq!(view(&site, mine.id, Some(token)).await["you"], 0);
    let other = games.iter().find(|g| g["id"] == watched.id.0).unwrap();
    assert_eq!(other["yours"], false);
    assert!(!other["url"].as_str().unwrap().contains("?t="), "{other}");

    // A session is not a link to play, and a link is not a session.
    let seen = view(&site, mine.id, Some(&session)).await;
    assert!(seen["you"].is_null(), "{seen}");
    assert_eq!(listed(&site, token).await.0, 401);
    assert_eq!(listed(&site, "l1.x").await.0, 401);

    // A bot without the Activity says so, and lets no one frame its pages.
    let (plain, _, _heard) = serve(common::temporary_store(), 100).await;
    let page = reqwest::get(format!("{plain}/activity")).await.unwrap();
    assert_eq!(page.status(), 404);
    assert_eq!(page.headers()["x-frame-options"], "DENY");
    let policy = page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
    assert!(page
        .text()
        .await
        .unwrap()
        .contains("does not run as a Discord Activity"));
    assert_eq!(exchange(&plain, "code-101", false).await.0, 404);
}

/// Something done from the Activity's list (`deed`) by the holder of `session`, in the
/// instance `instance`: the status and the answer.
async fn deed(
    site: &str,
    session: &str,
    instance: &str,
    deed: serde_json::Value,
) -> (u16, serde_json::Value) {
    let answer = reqwest::Client::new()
        .post(format!(
            "{site}/api/activity/act?instance={instance}&lang=en"
        ))
        .bearer_auth(session)
        .header("content-type", "application/json")
        .header("sec-fetch-site", "same-origin")
        .body(deed.to_string())
        .send()
        .await
        .unwrap();
    answered(answer).await
}

/// A page's live channel (a WebSocket), as the page's script opens it.
type Live =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens the live channel at `path` of `site`.
async fn live(site: &str, path: &str) -> Live {
    let url = format!("{}{path}", site.replacen("http", "ws", 1));
    tokio_tungstenite::connect_async(url)
        .await
        .expect("the live channel opens")
        .0
}

/// The next thing `live` tells (its JSON), or none within `within`.
async fn told(live: &mut Live, within: Duration) -> Option<serde_json::Value> {
    use futures_util::StreamExt as _;
    tokio::time::timeout(within, async {
        while let Some(Ok(frame)) = live.next().await {
            if let Ok(text) = frame.to_text() {
                if !text.is_empty() {
                    return serde_json::from_str(text).ok();
                }
            }
        }
        None
    })
    .await
    .ok()
    .flatten()
}

/// Reads the live channel `events` until it tells of a write (true) or `within` passes.
async fn next_event(events: &mut Live, within: Duration) -> bool {
    told(events, within).await == Some(serde_json::json!({ "event": "written" }))
}

/// The Activity in a group DM (Discord runs it there through a player's own install): its
/// games are made in the group's channel, with no server, as games where the bot may only
/// answer (what it says of them goes to the players by direct message), and the group's
/// list shows them.
#[tokio::test(flavor = "multi_thread")]
async fn the_activity_in_a_group_dm_makes_games_where_the_bot_only_answers() {
    use fake_discord::{Rest, APP_ID, OAUTH_SECRET};
    const GROUP: u64 = 4_000_003;
    let (rest, rest_url) = Rest::start().await;
    let play = Arc::new(Play::new(common::temporary_store()));
    let (herald, mut heard) = tokio::sync::mpsc::unbounded_channel();
    let activity = leapfrog::web::Activity::new(
        APP_ID,
        OAUTH_SECRET.to_owned(),
        format!("{rest_url}/api/v10"),
    )
    .with_bot_token("bot-token".into());
    let site = serve_site(
        Site::new(Arc::clone(&play), key())
            .with_herald(herald)
            .with_activity(activity),
    )
    .await;
    let alice = exchange(&site, "code-101", false).await.1["session"]
        .as_str()
        .unwrap()
        .to_owned();
    let challenge = serde_json::json!({ "what": "challenge", "kind": "jump-sturdy" });
    let (status, list) = deed(&site, &alice, &format!("i-{GROUP}"), challenge).await;
    assert_eq!(status, 200, "{list}");
    let id = list["challenges"][0]["id"].as_u64().unwrap();
    let record = common::blocking(|| play.store().get(GameId(id)).unwrap());
    assert_eq!(record.place.channel.0, GROUP);
    assert_eq!(record.place.guild, None);
    assert_eq!(record.place.reach, leapfrog::store::Reach::Answers);
    assert_eq!(
        common::told(heard.recv().await.unwrap()).place,
        record.place
    );
    let answer = reqwest::Client::new()
        .get(format!(
            "{site}/api/activity/games?channel={GROUP}&guild=&lang=en"
        ))
        .bearer_auth(&alice)
        .send()
        .await
        .unwrap();
    let (status, listed) = answered(answer).await;
    assert_eq!(status, 200, "{listed}");
    assert_eq!(listed["challenges"][0]["id"], id, "{listed}");

    // On a server that never added the bot (the Activity runs there through a player's
    // own install), the bot may only answer too; where it is a member, it posts.
    rest.guild_without_bot(555);
    for (instance, reach) in [
        ("i-4000004-555", leapfrog::store::Reach::Answers),
        ("i-4000005-1", leapfrog::store::Reach::Posts),
    ] {
        let challenge = serde_json::json!({ "what": "challenge", "kind": "gyges" });
        let (status, list) = deed(&site, &alice, instance, challenge).await;
        assert_eq!(status, 200, "{list}");
        let record = common::blocking(|| {
            play.store()
                .games_of_user(leapfrog::store::UserId(101))
                .unwrap()
                .into_iter()
                .max_by_key(|r| r.id)
                .unwrap()
        });
        assert_eq!(record.place.reach, reach, "{instance}");
        heard.recv().await.unwrap();
    }
}

/// The Activity challenges and answers as `/play` and `/accept` do, in the channel Discord
/// says the instance runs in (a page naming another, or a user not in the instance, changes
/// nothing), and its list follows every change live.
#[tokio::test(flavor = "multi_thread")]
async fn the_activity_makes_and_answers_challenges_where_discord_says_it_runs() {
    use fake_discord::{Rest, APP_ID, OAUTH_SECRET};
    let (_rest, rest_url) = Rest::start().await;
    let store = common::temporary_store();
    let play = Arc::new(Play::new(store));
    let (herald, mut heard) = tokio::sync::mpsc::unbounded_channel();
    let activity = || {
        leapfrog::web::Activity::new(
            APP_ID,
            OAUTH_SECRET.to_owned(),
            format!("{rest_url}/api/v10"),
        )
    };
    let site = serve_site(
        Site::new(Arc::clone(&play), key())
            .with_herald(herald.clone())
            .with_activity(activity().with_bot_token("bot-token".into())),
    )
    .await;
    let alice = exchange(&site, "code-101", false).await.1["session"]
        .as_str()
        .unwrap()
        .to_owned();
    let bob = exchange(&site, "code-202", false).await.1["session"]
        .as_str()
        .unwrap()
        .to_owned();
    let carol = exchange(&site, "code-303", false).await.1["session"]
        .as_str()
        .unwrap()
        .to_owned();
    // The channel's live news is for someone the Activity identified: without a session, or
    // with a made-up one, the channel does not open.
    for session in ["", "&session=forged"] {
        let url = format!(
            "{}/api/activity/events?channel=1&guild=1{session}",
            site.replacen("http", "ws", 1)
        );
        assert!(
            tokio_tungstenite::connect_async(url).await.is_err(),
            "the live channel opened with {session:?}"
        );
    }
    let mut events = live(
        &site,
        &format!("/api/activity/events?channel=1&guild=1&session={alice}"),
    )
    .await;
    assert_eq!(
        told(&mut events, Duration::from_secs(1)).await,
        Some(serde_json::json!({ "event": "open" }))
    );

    // Alice opens a challenge to anyone in the channel the instance runs in (1).
    let challenge = serde_json::json!({ "what": "challenge", "kind": "jump-sturdy" });
    let (status, list) = deed(&site, &alice, "i-1-1", challenge.clone()).await;
    assert_eq!(status, 200, "{list}");
    let offered = list["challenges"].as_array().unwrap();
    assert_eq!(offered.len(), 1, "{list}");
    let id = offered[0]["id"].as_u64().unwrap();
    assert!(
        offered[0]["title"].as_str().unwrap().contains("alice"),
        "{list}"
    );
    assert_eq!(offered[0]["answers"][0][0], "cancel", "{list}");
    let told = common::told(heard.recv().await.unwrap());
    assert_eq!(told.place.channel.0, 1);
    assert_eq!(told.game.0, id);
    assert!(
        next_event(&mut events, Duration::from_secs(1)).await,
        "the list was not told"
    );
    assert_eq!(list["kinds"].as_array().unwrap().len(), 4);

    // Bob sees it with an Accept, and accepts: the game begins, and is his to play or watch.
    let (_, his) = listed(&site, &bob).await;
    assert_eq!(his["challenges"][0]["answers"][0][0], "accept", "{his}");
    let accept = serde_json::json!({ "what": "accept", "game": id });
    // Nobody but those Discord places in the instance, and only where it runs.
    assert_eq!(deed(&site, &carol, "i-1-1", accept.clone()).await.0, 403);
    assert_eq!(deed(&site, &bob, "made-up", accept.clone()).await.0, 403);
    let (status, refused) = deed(&site, &bob, "i-2-1", accept.clone()).await;
    assert_eq!(status, 403, "a challenge of another channel: {refused}");
    let (status, list) = deed(&site, &bob, "i-1-1", accept).await;
    assert_eq!(status, 200, "{list}");
    assert!(list["challenges"].as_array().unwrap().is_empty(), "{list}");
    let game = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id)
        .unwrap_or_else(|| panic!("the game: {list}"));
    assert_eq!(game["yours"], true);
    assert!(game["url"].as_str().unwrap().contains("?t="), "{game}");
    heard.recv().await.unwrap();
    assert!(next_event(&mut events, Duration::from_secs(1)).await);
    let record = common::blocking(|| play.store().get(GameId(id)).unwrap());
    assert!(matches!(record.status, leapfrog::store::Status::Active));
    assert_eq!(record.place.channel.0, 1);
    let mut seated: Vec<u64> = record
        .seats
        .iter()
        .filter_map(|p| p.user_id())
        .map(|u| u.0)
        .collect();
    seated.sort_unstable();
    assert_eq!(seated, [101, 202]);

    // Against the computer, the game begins at once.
    let computer = serde_json::json!({ "what": "challenge", "kind": "gyges", "computer": true });
    let (status, list) = deed(&site, &alice, "i-1-1", computer).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list["games"].as_array().unwrap().len(), 2, "{list}");

    // Nonsense is refused.
    let (status, _) = deed(
        &site,
        &alice,
        "i-1-1",
        serde_json::json!({ "what": "explode" }),
    )
    .await;
    assert_eq!(status, 400);
    let (status, refused) = deed(
        &site,
        &alice,
        "i-1-1",
        serde_json::json!({ "what": "challenge", "kind": "chess" }),
    )
    .await;
    assert_eq!(status, 400, "{refused}");
    // Without the bot's token the Activity can look, not change.
    let looking = serve_site(
        Site::new(Arc::clone(&play), key())
            .with_herald(herald)
            .with_activity(activity()),
    )
    .await;
    let (status, refused) = deed(&looking, &alice, "i-1-1", challenge.clone()).await;
    assert_eq!(status, 403, "{refused}");
    assert!(
        refused["error"].as_str().unwrap().contains("token"),
        "{refused}"
    );
    // ... and offers no button that would only fail.
    let (_, seen) = deed(&site, &bob, "i-1-1", challenge).await;
    assert_eq!(seen["challenges"].as_array().unwrap().len(), 1, "{seen}");
    let (_, looked) = listed(&looking, &alice).await;
    assert!(looked["kinds"].as_array().unwrap().is_empty(), "{looked}");
    assert!(
        looked["challenges"][0]["answers"]
            .as_array()
            .unwrap()
            .is_empty(),
        "{looked}"
    );
    // An instance id that is no instance's (a path that would climb) is refused unasked.
    assert_eq!(
        deed(
            &site,
            &alice,
            "..",
            serde_json::json!({ "what": "accept", "game": id })
        )
        .await
        .0,
        403
    );
}

/// A game on time shows its clock on the page as on the board post: how long the player to
/// move has.
#[tokio::test(flavor = "multi_thread")]
async fn a_game_on_time_shows_its_clock() {
    let store = common::temporary_store();
    let (site, play, _heard) = serve(store, 100).await;
    let place = leapfrog::store::Place {
        guild: Some(GuildId(1)),
        channel: leapfrog::store::ChannelId(1),
        reach: leapfrog::store::Reach::Posts,
    };
    let ctx = |user: u64, name: &str| Context {
        user: User::new(UserId(user), name),
        place,
        manager: false,
        lang: leapfrog::i18n::Lang::En,
        guild_lang: None,
    };
    let game = common::blocking(|| {
        let reply = play.handle(
            &ctx(1, "ann"),
            ChallengeCommand::Challenge {
                game: "jump-sturdy".into(),
                opponents: vec![User::new(UserId(2), "ben")],
                options: vec!["days=2".into()],
                seat: leapfrog::store::SeatChoice::First,
                computers: Vec::new(),
            },
        );
        let game = reply.about.expect("a challenge").0;
        let reply = play.handle(
            &ctx(2, "ben"),
            ChallengeCommand::Accept { game: Some(game) },
        );
        assert_eq!(
            reply.outcome,
            leapfrog::play::Outcome::Done,
            "{}",
            reply.text
        );
        game
    });
    let seen = view(&site, game, None).await;
    let clock = seen["clock"].as_str().unwrap_or_default();
    assert!(
        clock.contains("left for") && clock.contains("ann"),
        "{seen}"
    );
    let page = reqwest::get(format!("{site}/games/{game}"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        page.contains(&format!("id=\"clock\">{}", leapfrog::web::escape(clock))),
        "{page}"
    );
    // A game without a clock has an empty line, hidden.
    let untimed = stored(play.store(), GameKind::Gyges, &[3, 4]);
    assert!(view(&site, untimed.id, None).await["clock"].is_null());
}

/// A page says where the game is once: its position line ("Move 1 of 1"), and not a second,
/// different number in the header's detail (the picture's "move 2", the move to come).
/// A Skakanie page keeps its round and the actions left, which the line does not say.
#[tokio::test(flavor = "multi_thread")]
async fn a_page_says_one_move_number() {
    let store = common::temporary_store();
    let record = stored(&store, GameKind::Jumpers, &[1, 2]);
    let skakanie = stored(&store, GameKind::Skakanie, &[1, 2, 3]);
    let game = record.id;
    let (site, _play, _heard) = serve(store, 100).await;
    let first = view(&site, game, None).await;
    let mover = [1, 2][first["to_move"].as_u64().unwrap() as usize];
    let mv = first["choices"][0]["text"].as_str().unwrap().to_owned();
    let (got, after) = act(&site, game, Some(&token(game, mover)), &mv, false, 0, &[]).await;
    assert_eq!(got, 200, "{after}");
    for (page, plies) in [(first, 0), (after, 1)] {
        let detail = page["detail"].as_str().unwrap();
        let next = leapfrog::i18n::text_with(
            leapfrog::i18n::Lang::En,
            "board-move-number",
            &[("number", (plies + 1).into())],
        );
        assert!(!detail.contains(&next), "a second number: {detail}");
        assert!(detail.contains("Jumpers"), "{detail}");
    }
    let skakanie = view(&site, skakanie.id, None).await;
    let detail = skakanie["detail"].as_str().unwrap();
    assert!(detail.contains("Round 1"), "{detail}");
}

/// A finished game's page names its winner and why, by the players' names with their sides,
/// in each language: nothing to decode from a bare colour.
#[tokio::test(flavor = "multi_thread")]
async fn a_finished_game_names_its_winner_and_why() {
    let store = common::temporary_store();
    let record = stored(&store, GameKind::Jumpers, &[1, 2]);
    let game = record.id;
    let (site, _play, _heard) = serve(store, 100).await;
    let first = view(&site, game, None).await;
    let seat = first["to_move"].as_u64().unwrap() as usize;
    let (loser, winner) = ([1, 2][seat], [1, 2][1 - seat]);
    let (got, after) = act(
        &site,
        game,
        Some(&token(game, loser)),
        "resign",
        true,
        0,
        &[],
    )
    .await;
    assert_eq!(got, 200, "{after}");
    let side = |seat: usize, lang: &str| -> String {
        let english = ["White", "Black"][seat];
        leapfrog::i18n::side_name(lang.parse().unwrap(), english)
    };
    for lang in ["en", "ru", "pl"] {
        let answer = reqwest::get(format!("{site}/api/games/{game}?lang={lang}"))
            .await
            .unwrap();
        let page: serde_json::Value = serde_json::from_str(&answer.text().await.unwrap()).unwrap();
        let status = page["status"].as_str().unwrap();
        let won = format!("p{winner} ({})", side(1 - seat, lang));
        let resigned = format!("p{loser} ({})", side(seat, lang));
        assert!(status.contains(&won), "{lang}: {status}");
        assert!(status.contains(&resigned), "{lang}: {status}");
        assert!(
            status.find(&won) < status.find(&resigned),
            "{lang}: the winner first: {status}"
        );
        assert!(status.contains(" — "), "{lang}: {status}");
    }
}
