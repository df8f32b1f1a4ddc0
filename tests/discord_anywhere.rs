//! Playing where the bot is no member, through a player's own install of the app, against
//! the fake Discord (which refuses every post of the bot's there with 50001 Missing Access,
//! and a sixth follow-up of one interaction, as Discord does): whole games of each of the
//! four in a group DM, every board an answer or a follow-up; the computer's moves as
//! follow-ups of the move that made them due; a server that never added the bot; and the
//! server's own commands refused there with the reason.

mod common;
mod fake_discord;

use std::sync::Arc;

use fake_discord::{
    edit_of, has_board, in_group_dm, in_private_channel, posts_in, send, start_endpoint,
    user_installed_by, Payloads, Person, Rest, ALICE, APP_ID, BOB, FOLLOWUPS_WITHOUT_BOT, LEAPFROG,
};
use leapfrog::store::{GameId, Reach, Status, Store};
use serde_json::{json, Value};

/// The group DM the games are played in.
const GROUP: u64 = 4_000_001;

const CAROL: Person = Person {
    id: 303,
    name: "carol",
};

/// A group DM interaction of `who`'s, through their own install of the app.
fn grouped(payload: Value, who: Person) -> Value {
    in_group_dm(payload, GROUP, who.id)
}

/// Sends `payload` and returns what it finally shows: the answer itself, or, when it is
/// acknowledged first (type 5 or 6), the edit of the original that completes it, looking
/// from call `seen` on. Also where to look next.
async fn shown(rest: &Rest, url: &str, payload: &Value, seen: usize) -> (Value, bool, usize) {
    let answer = send(url, payload).await;
    match answer["type"].as_u64() {
        Some(5 | 6) => {
            let (index, call) = edit_of(rest, payload, seen).await;
            (call.json(), has_board(&call), index + 1)
        }
        _ => (answer["data"].clone(), false, seen),
    }
}

/// No call of the bot's went to the group DM's channel (a post or a thread): everything
/// was an answer, an edit of one or a follow-up. Asked once the bot is quiet (no call for
/// well over the 0.7 s after which it says what follows an answer), so that nothing it
/// does in the background is missed.
async fn assert_nothing_posted_in(rest: &Rest, channel: u64) {
    let mut calls = rest.calls().len();
    loop {
        tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
        let now = rest.calls().len();
        if now == calls {
            break;
        }
        calls = now;
    }
    assert!(posts_in(rest, channel).is_empty(), "no post in {channel}");
    let threads = format!("/channels/{channel}/threads");
    assert!(
        !rest.calls().iter().any(|c| c.path == threads),
        "no thread in {channel}"
    );
}

/// A whole game of `game` between `players` in a group DM: challenged there, accepted by
/// the challenge's button, each move typed as `/move` and answered with the board.
async fn a_whole_game_in_a_group_dm(game: &str, players: &[Person]) {
    let (rest, rest_url) = Rest::start().await;
    rest.without_bot(GROUP);
    let play = fake_discord::helpers::play();
    let url = start_endpoint(&fake_discord::config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    let opponents: Vec<(&str, Person)> = ["opponent", "opponent2", "opponent3"]
        .into_iter()
        .zip(players[1..].iter().copied())
        .collect();
    let challenge = grouped(
        p.command_with_users(players[0], "play", &[("game", json!(game))], &opponents),
        players[0],
    );
    let (asked, _, mut seen) = shown(&rest, &url, &challenge, 0).await;
    assert!(
        asked["components"].to_string().contains("accept:1"),
        "the challenge is accepted by its button: {asked}"
    );
    let stored = common::blocking(|| play.store().get(GameId(1)).unwrap());
    assert_eq!(stored.place.reach, Reach::Answers);
    assert_eq!(stored.place.guild, None);
    // Each opponent clicks Accept on the challenge's answer (alice's install is what put
    // it there).
    for (_, person) in &opponents {
        let click = grouped(p.component(*person, "accept:1", &[]), players[0]);
        let (accepted, board, next) = shown(&rest, &url, &click, seen).await;
        seen = next;
        let status = common::blocking(|| play.store().get(GameId(1)).unwrap()).status;
        if status == Status::Active {
            assert!(board, "the game begins with its board: {accepted}");
            break;
        }
    }
    // `/games` names the game and where its latest board is: the group DM.
    let link = format!("discord.com/channels/@me/{GROUP}/");
    let mut listed = Value::Null;
    for _ in 0..40 {
        let asked = grouped(p.command(players[0], "games", &[], None), players[0]);
        (listed, _, seen) = shown(&rest, &url, &asked, seen).await;
        if listed["content"].to_string().contains(&link) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let listed = listed["content"].to_string();
    assert!(listed.contains("#1") && listed.contains(&link), "{listed}");
    for turn in 0.. {
        let record = common::blocking(|| play.store().get(GameId(1)).unwrap());
        if record.status != Status::Active {
            break;
        }
        assert!(turn < 600, "the game did not end");
        let mirror = common::rebuild(&record);
        let name = record.seats[usize::from(mirror.to_move().0)]
            .name()
            .to_owned();
        let who = *players.iter().find(|p| p.name == name).unwrap();
        let mv = common::finishing_move(&mirror);
        let typed = grouped(p.command(who, "move", &[("move", json!(mv))], None), who);
        let (answer, board, next) = shown(&rest, &url, &typed, seen).await;
        seen = next;
        // A Skakanie turn of several actions: the mover alone hears of each but the last.
        let partial =
            answer["flags"] == 64 && answer["content"].to_string().contains("left this turn");
        assert!(
            board || partial,
            "each move is answered with its board: {answer}"
        );
    }
    let record = common::blocking(|| play.store().get(GameId(1)).unwrap());
    assert!(
        matches!(record.status, Status::Finished(_)),
        "{:?}",
        record.status
    );
    assert_nothing_posted_in(&rest, GROUP).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_jumpers_game_in_a_group_dm() {
    a_whole_game_in_a_group_dm("jumpers", &[ALICE, BOB]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_gyges_game_in_a_group_dm() {
    a_whole_game_in_a_group_dm("gyges", &[ALICE, BOB]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_jump_sturdy_game_in_a_group_dm() {
    a_whole_game_in_a_group_dm("jump-sturdy", &[ALICE, BOB]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_three_player_skakanie_game_in_a_group_dm() {
    a_whole_game_in_a_group_dm("skakanie", &[ALICE, BOB, CAROL]).await;
}

/// Against the computer in a group DM: its move is a follow-up of the player's move (no
/// post in the channel), and no interaction takes more follow-ups than Discord allows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_answers_within_the_players_interaction() {
    let (rest, rest_url) = Rest::start().await;
    rest.without_bot(GROUP);
    let play = fake_discord::play_quickly();
    let url = start_endpoint(&fake_discord::config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    let challenge = p.command(
        ALICE,
        "play",
        &[
            ("game", json!("jump-sturdy")),
            ("level", json!(1)),
            ("seat", json!("first")),
        ],
        Some(LEAPFROG),
    );
    let challenge = fake_discord::as_bot(challenge, LEAPFROG);
    let (_, board, mut seen) = shown(&rest, &url, &grouped(challenge, ALICE), 0).await;
    assert!(board, "the game begins at once");
    for _ in 0..6 {
        let record = common::blocking(|| play.store().get(GameId(1)).unwrap());
        if record.status != Status::Active {
            break;
        }
        let mv = common::racing_move(&common::rebuild(&record));
        let typed = grouped(
            p.command(ALICE, "move", &[("move", json!(mv))], None),
            ALICE,
        );
        let token = fake_discord::token_of(&typed);
        let (_, board, next) = shown(&rest, &url, &typed, seen).await;
        assert!(board);
        let followup = format!("/webhooks/{APP_ID}/{token}");
        let (index, reply) = rest
            .wait_for(next, |c| {
                c.method == "POST" && c.path == followup && has_board(c)
            })
            .await;
        assert!(
            reply.json()["content"].to_string().contains("Leapfrog"),
            "the computer's move: {:?}",
            reply.json()
        );
        seen = index + 1;
        let followups = rest
            .calls()
            .iter()
            .filter(|c| c.method == "POST" && c.path == followup)
            .count();
        assert!(followups <= FOLLOWUPS_WITHOUT_BOT as usize);
    }
    assert_nothing_posted_in(&rest, GROUP).await;
}

/// On a server that never added the bot (the app is there through alice's install only):
/// the game is played by answers alone, with no thread and no post in the channel, though
/// the bot would open a thread for a new game on a server that added it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_did_not_add_the_bot_gets_answers_only() {
    let (rest, rest_url) = Rest::start().await;
    let play = fake_discord::helpers::play();
    let url = start_endpoint(&fake_discord::config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    rest.without_bot(p.channel);
    let challenge = user_installed_by(
        p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB)),
        ALICE.id,
    );
    let (_, _, seen) = shown(&rest, &url, &challenge, 0).await;
    let click = user_installed_by(p.component(BOB, "accept:1", &[]), ALICE.id);
    let (_, board, mut seen) = shown(&rest, &url, &click, seen).await;
    assert!(board, "the board is the answer, not a thread's post");
    let record = common::blocking(|| play.store().get(GameId(1)).unwrap());
    assert_eq!(record.place.reach, Reach::Answers);
    assert_eq!(record.place.guild.map(|g| g.0), Some(p.guild));
    for who in [ALICE, BOB, ALICE] {
        let record = common::blocking(|| play.store().get(GameId(1)).unwrap());
        let mv = common::jumpers_move(&common::rebuild(&record));
        let typed = user_installed_by(p.command(who, "move", &[("move", json!(mv))], None), who.id);
        let (_, board, next) = shown(&rest, &url, &typed, seen).await;
        assert!(board);
        seen = next;
    }
    assert_nothing_posted_in(&rest, p.channel).await;
}

/// A server's own commands are not offered in a group DM; one that still arrives (an older
/// registration) is refused with the reason, while a player's own commands work there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_servers_own_commands_say_why_they_do_not_work_in_a_group_dm() {
    let (rest, rest_url) = Rest::start().await;
    rest.without_bot(GROUP);
    let play = fake_discord::helpers::play();
    let url = start_endpoint(&fake_discord::config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    let tournament = grouped(
        p.command(ALICE, "tournament", &[("action", json!("list"))], None),
        ALICE,
    );
    let refused = send(&url, &tournament).await;
    assert_eq!(refused["data"]["flags"], 64, "{refused}");
    assert!(
        refused["data"]["content"]
            .to_string()
            .contains("belongs to a server"),
        "{refused}"
    );
    let rating = grouped(p.command(ALICE, "rating", &[], None), ALICE);
    let (answer, _, _) = shown(&rest, &url, &rating, 0).await;
    assert!(
        !answer["content"]
            .to_string()
            .contains("belongs to a server"),
        "{answer}"
    );
    assert_nothing_posted_in(&rest, GROUP).await;
}

/// A group DM has no server language: what everyone reads there is in the language of the
/// first player to use a command in it, and stays so when a player with another language
/// moves (each still reads their own private answers in theirs).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_reads_in_the_language_of_its_first_player() {
    let (rest, rest_url) = Rest::start().await;
    rest.without_bot(GROUP);
    let play = fake_discord::helpers::play();
    let url = start_endpoint(&fake_discord::config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    p.locale = "ru";
    let challenge = grouped(
        p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB)),
        ALICE,
    );
    let (asked, _, seen) = shown(&rest, &url, &challenge, 0).await;
    assert!(asked["content"].to_string().contains("/принять"), "{asked}");
    p.locale = "pl";
    let click = grouped(p.component(BOB, "accept:1", &[]), ALICE);
    let (begun, board, _) = shown(&rest, &url, &click, seen).await;
    assert!(board);
    assert!(
        begun["content"].to_string().contains("начинается"),
        "{begun}"
    );
}

/// In a DM between two people (channel type 1, context 2, through alice's install): the
/// game is theirs, played by answers; each move's answer mentions the player to move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_dm_between_two_people_is_played_by_answers() {
    const DM: u64 = 4_000_010;
    let (rest, rest_url) = Rest::start().await;
    rest.without_bot(DM);
    let play = fake_discord::helpers::play();
    let url = start_endpoint(&fake_discord::config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    let dm = |payload: Value| in_private_channel(payload, DM, 1, ALICE.id);
    let challenge = dm(p.command(ALICE, "play", &[("game", json!("gyges"))], Some(BOB)));
    let (_, _, seen) = shown(&rest, &url, &challenge, 0).await;
    let (_, board, mut seen) =
        shown(&rest, &url, &dm(p.command(BOB, "accept", &[], None)), seen).await;
    assert!(board, "/accept works as the button does");
    for _ in 0..4 {
        let record = common::blocking(|| play.store().get(GameId(1)).unwrap());
        let mirror = common::rebuild(&record);
        let seat = usize::from(mirror.to_move().0);
        let who = if record.seats[seat].name() == "alice" {
            ALICE
        } else {
            BOB
        };
        let other = if who.id == ALICE.id { BOB } else { ALICE };
        let mv = common::gyges_move(&mirror);
        let (answer, board, next) = shown(
            &rest,
            &url,
            &dm(p.command(who, "move", &[("move", json!(mv))], None)),
            seen,
        )
        .await;
        seen = next;
        assert!(board);
        assert!(
            answer["content"]
                .to_string()
                .contains(&format!("<@{}>", other.id)),
            "the player to move is mentioned: {answer}"
        );
    }
    assert_eq!(
        common::blocking(|| play.store().get(GameId(1)).unwrap())
            .place
            .reach,
        Reach::Answers
    );
    assert_nothing_posted_in(&rest, DM).await;
}

/// A group DM's challenge accepted by `/accept game:1` typed in a server's channel (where
/// the bot is, and would open a thread for a game of its own): the game stays in the group
/// DM, no thread is opened for it anywhere, and nothing is posted in either channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_game_accepted_elsewhere_stays_in_its_group() {
    let (rest, rest_url) = Rest::start().await;
    rest.without_bot(GROUP);
    let play = fake_discord::helpers::play();
    let url = start_endpoint(&fake_discord::config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    let challenge = grouped(
        p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB)),
        ALICE,
    );
    let (_, _, seen) = shown(&rest, &url, &challenge, 0).await;
    let accept = p.command(BOB, "accept", &[("game", json!(1))], None);
    shown(&rest, &url, &accept, seen).await;
    let record = common::blocking(|| play.store().get(GameId(1)).unwrap());
    assert_eq!(record.status, Status::Active);
    assert_eq!(record.place.channel.0, GROUP, "the game stays in its group");
    assert_eq!(record.place.reach, Reach::Answers);
    assert!(
        !rest.calls().iter().any(|c| c.path.ends_with("/threads")),
        "no thread"
    );
    assert_nothing_posted_in(&rest, p.channel).await;
    assert_nothing_posted_in(&rest, GROUP).await;
}
