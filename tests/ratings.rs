//! Ratings: the maths against published examples, which games count, the result and its
//! rating change landing together, leaderboards, profiles, and `ratings rebuild` giving the
//! live numbers again.

use leapfrog::console::{console_user, name_id};
use leapfrog::games::GameKind;
use leapfrog::play::{parse_command, Context, Play, Reply};
use leapfrog::ratings::{rate, Ended, Standing};
use leapfrog::store::AnyStore;
use leapfrog::store::{
    rebuilt_ratings, ChannelId, GameResult, GuildId, Place, Status, Store, StoreError, UserId,
};

mod common;

use common::{FixedClock, Zero};

fn fresh() -> Play<AnyStore> {
    Play::with(
        common::temporary_store(),
        Box::new(FixedClock),
        Box::new(Zero),
    )
}

fn on(guild: u64, name: &str) -> Context {
    Context {
        user: console_user(name),
        place: Place {
            guild: Some(GuildId(guild)),
            channel: ChannelId(guild * 10),
            reach: leapfrog::store::Reach::Posts,
        },
        manager: false,
        lang: leapfrog::i18n::Lang::En,
        guild_lang: None,
    }
}

fn say(play: &Play<AnyStore>, ctx: &Context, line: &str) -> Reply {
    play.handle(ctx, parse_command(line, console_user).unwrap())
}

/// Plays a Gygès game between `a` and `b` on `guild` that `loser` resigns (after a move each
/// unless `early`); returns the final reply.
fn resigned(
    play: &Play<AnyStore>,
    guild: u64,
    a: &str,
    b: &str,
    loser: &str,
    extra: &str,
) -> Reply {
    let reply = say(
        play,
        &on(guild, a),
        &format!("/play gyges @{b} seat:first {extra}"),
    );
    assert!(!reply.is_refused(), "{}", reply.text);
    let accepted = say(play, &on(guild, b), "/accept");
    assert!(!accepted.is_refused(), "{}", accepted.text);
    say(play, &on(guild, loser), "/resign")
}

fn standing(play: &Play<AnyStore>, kind: GameKind, name: &str) -> Option<Standing> {
    play.store().standing(kind, UserId(name_id(name))).unwrap()
}

#[test]
fn glicko2_matches_the_papers_worked_example() {
    // Glickman's "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to
    // 1550/100 and 1700/300 → 1464.06, 151.52, 0.05999.
    use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
    use skillratings::Outcomes;
    let player = Glicko2Rating {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
    };
    let opponent = |rating, deviation| Glicko2Rating {
        rating,
        deviation,
        volatility: 0.06,
    };
    let after = glicko2_rating_period(
        &player,
        &[
            (opponent(1400.0, 30.0), Outcomes::WIN),
            (opponent(1550.0, 100.0), Outcomes::LOSS),
            (opponent(1700.0, 300.0), Outcomes::LOSS),
        ],
        &Glicko2Config {
            tau: 0.5,
            ..Glicko2Config::new()
        },
    );
    assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.volatility - 0.05999).abs() < 0.0001, "{after:?}");
}

#[test]
fn one_game_moves_two_newcomers_apart_by_the_same_amount() {
    let before = [
        Standing::newcomer(GameKind::Jumpers, "a"),
        Standing::newcomer(GameKind::Jumpers, "b"),
    ];
    let ended = Ended {
        kind: GameKind::Jumpers,
        game: 1,
        winners: &[0],
        leavers: &[],
        at: 5,
    };
    let after = rate(&ended, &before);
    assert!(after[0].rating > 1500.0 && after[1].rating < 1500.0);
    assert!((after[0].rating - 1500.0 - (1500.0 - after[1].rating)).abs() < 1e-9);
    assert_eq!((after[0].wins, after[1].losses, after[0].streak), (1, 1, 1));
    // The crate's own single game gives the same numbers.
    let (a, _) = skillratings::glicko2::glicko2(
        &skillratings::glicko2::Glicko2Rating::new(),
        &skillratings::glicko2::Glicko2Rating::new(),
        &skillratings::Outcomes::WIN,
        &skillratings::glicko2::Glicko2Config::new(),
    );
    assert_eq!(after[0].rating, a.rating);
    let draw = rate(
        &Ended {
            winners: &[],
            ..ended
        },
        &before,
    );
    assert_eq!(draw[0].rating, 1500.0);
    assert_eq!((draw[0].draws, draw[1].draws), (1, 1));
}

#[test]
fn weng_lin_matches_the_crates_documented_example_and_scales_by_sixty() {
    // weng_lin_multi_team's documented example, one-player teams: the newcomers' first game.
    let before: Vec<Standing> = (0..4)
        .map(|i| Standing::newcomer(GameKind::Skakanie, &format!("p{i}")))
        .collect();
    assert_eq!(before[0].rating, 1500.0);
    assert!((before[0].deviation - 500.0).abs() < 1e-9);
    let after = rate(
        &Ended {
            kind: GameKind::Skakanie,
            game: 1,
            winners: &[2],
            leavers: &[],
            at: 5,
        },
        &before,
    );
    use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
    use skillratings::MultiTeamOutcome;
    let teams = [[WengLinRating::new()]; 4];
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .enumerate()
        .map(|(i, t)| (&t[..], MultiTeamOutcome::new(if i == 2 { 1 } else { 2 })))
        .collect();
    let expected = weng_lin_multi_team(&ranked, &WengLinConfig::new());
    for (mine, theirs) in after.iter().zip(&expected) {
        assert!((mine.rating - theirs[0].rating * 60.0).abs() < 1e-9);
    }
    assert!(after[2].rating > 1500.0);
    assert!(after
        .iter()
        .enumerate()
        .all(|(i, s)| i == 2 || s.rating < 1500.0));
}

#[test]
fn a_rated_game_shows_each_change_and_stores_it_with_the_result() {
    let play = fresh();
    let end = resigned(&play, 1, "alice", "bob", "bob", "");
    assert!(
        end.text
            .contains("Ratings (Gygès): alice 1500 → 1662 (+162) · bob 1500 → 1338 (-162)"),
        "{}",
        end.text
    );
    let alice = standing(&play, GameKind::Gyges, "alice").unwrap();
    assert_eq!((alice.games, alice.wins, alice.history.len()), (1, 1, 1));
    let bob = standing(&play, GameKind::Gyges, "bob").unwrap();
    assert_eq!(bob.losses, 1);
    let rating = say(&play, &on(1, "carol"), "/rating @alice gyges");
    assert!(rating.text.contains("Gygès: **1662?**"), "{}", rating.text);
    assert!(rating.text.contains("provisional"), "{}", rating.text);
    let none = say(&play, &on(1, "carol"), "/rating");
    assert!(
        none.text.contains("You have no rating in any game yet"),
        "{}",
        none.text
    );
    // The challenge said it would be rated; the record says what the rating did.
    let games = play.store().all_games().unwrap();
    let Status::Finished(result) = &games[0].status else {
        panic!("finished")
    };
    assert_eq!(result.ratings.len(), 2);
    assert_eq!(result.rating_order, 1);
}

#[test]
fn unrated_computer_and_aborted_games_change_nothing() {
    let play = fresh();
    let asked = say(&play, &on(1, "alice"), "/play gyges @bob rated:no");
    assert!(asked.text.contains("(unrated)"), "{}", asked.text);
    say(&play, &on(1, "bob"), "/accept");
    let end = say(&play, &on(1, "bob"), "/resign");
    assert!(!end.text.contains("Ratings"), "{}", end.text);
    assert!(standing(&play, GameKind::Gyges, "alice").is_none());

    let refused = say(&play, &on(1, "alice"), "/play gyges @ai rated:yes");
    assert!(refused.is_refused());
    assert!(refused.text.contains("never rated"), "{}", refused.text);
    let bad = say(&play, &on(1, "alice"), "/play gyges @bob rated:maybe");
    assert!(
        bad.text.contains("rated=yes") && bad.is_refused(),
        "{}",
        bad.text
    );

    // Abort: allowed while a side has not moved, then refused.
    let asked = say(&play, &on(2, "alice"), "/play gyges @bob seat:first");
    assert!(asked.text.contains("(rated)"), "{}", asked.text);
    say(&play, &on(2, "bob"), "/accept");
    let aborted = say(&play, &on(2, "bob"), "/abort");
    assert!(aborted.text.contains("aborted game"), "{}", aborted.text);
    assert!(standing(&play, GameKind::Gyges, "bob").is_none());
    let again = say(&play, &on(2, "bob"), "/resign");
    assert!(again.is_refused());
}

#[test]
fn a_failed_write_leaves_neither_the_result_nor_the_rating() {
    let play = fresh();
    say(&play, &on(1, "alice"), "/play gyges @bob");
    say(&play, &on(1, "bob"), "/accept");
    let store = play.store();
    let mut record = store.all_games().unwrap().remove(0);
    let stale = record.clone();
    // Someone else's write lands first: the finishing write must fail as a whole.
    store.replace(&record).unwrap();
    record = stale;
    record.status = Status::Finished(GameResult::new(vec![0], "resignation"));
    assert!(matches!(
        store.replace(&record),
        Err(StoreError::Conflict(_))
    ));
    assert!(standing(&play, GameKind::Gyges, "alice").is_none());
    assert!(matches!(
        store.all_games().unwrap()[0].status,
        Status::Active
    ));
}

#[test]
fn leaderboards_list_settled_players_by_server_and_globally_and_profiles_draw_the_history() {
    let play = fresh();
    // alice beats bob two games in three on server 1 until both ratings settle; carol
    // and dave play the same results on server 2.
    for i in 0..60 {
        let (a, c) = if i % 3 == 2 {
            ("alice", "carol")
        } else {
            ("bob", "dave")
        };
        resigned(&play, 1, "alice", "bob", a, "");
        resigned(&play, 2, "carol", "dave", c, "");
        let settled = ["alice", "bob", "carol", "dave"]
            .iter()
            .all(|n| !standing(&play, GameKind::Gyges, n).unwrap().provisional());
        if settled {
            break;
        }
    }
    let alice = standing(&play, GameKind::Gyges, "alice").unwrap();
    assert!(!alice.provisional(), "{alice:?}");
    let here = say(&play, &on(1, "zed"), "/leaderboard gyges");
    assert!(here.text.contains("1. alice"), "{}", here.text);
    assert!(here.text.contains("2. bob"), "{}", here.text);
    assert!(!here.text.contains("carol"), "{}", here.text);
    let everywhere = say(&play, &on(1, "zed"), "/leaderboard gyges scope:global");
    // Both winners share a rating, as do both losers: equal places, ties by user id.
    assert!(
        everywhere.text.contains("1. ") && everywhere.text.contains("carol"),
        "{}",
        everywhere.text
    );
    let lines: Vec<&str> = everywhere
        .text
        .lines()
        .filter(|l| l.contains(". "))
        .collect();
    assert_eq!(lines.len(), 4, "{}", everywhere.text);
    assert!(
        lines[0].starts_with("1. ") && lines[1].starts_with("1. "),
        "{lines:?}"
    );
    assert!(
        lines[2].starts_with("3. ") && lines[3].starts_with("3. "),
        "{lines:?}"
    );
    let empty = say(&play, &on(1, "zed"), "/leaderboard jumpers");
    assert!(empty.text.contains("nobody yet"), "{}", empty.text);
    assert!(say(&play, &on(1, "zed"), "/leaderboard gyges scope:moon").is_refused());

    // erin wins three in a row: her line rises.
    for _ in 0..3 {
        resigned(&play, 1, "erin", "fred", "fred", "");
    }
    let profile = say(&play, &on(1, "erin"), "/profile");
    assert!(
        profile.text.contains("longest win streak"),
        "{}",
        profile.text
    );
    let png = profile
        .image
        .expect("a rating history picture")
        .bytes()
        .to_vec();
    let picture = image::load_from_memory(&png).unwrap().to_rgba8();
    assert_eq!(picture.dimensions(), (800, 420));
    std::fs::create_dir_all("target/pictures").unwrap();
    std::fs::write("target/pictures/profile.png", &png).unwrap();
    // Her Gygès line (blue) rises from left to right.
    // (The palette may shift a colour by a few levels.)
    let blue = |p: &image::Rgba<u8>| {
        let [r, g, b, _] = p.0;
        r.abs_diff(0x4a) < 12 && g.abs_diff(0x8c) < 12 && b.abs_diff(0xe6) < 12
    };
    let columns: Vec<(u32, u32)> = (80..780)
        .filter_map(|x| {
            (90..376)
                .find(|&y| blue(picture.get_pixel(x, y)))
                .map(|y| (x, y))
        })
        .collect();
    let (first, last) = (columns.first().unwrap(), columns.last().unwrap());
    assert!(last.0 > first.0 && last.1 < first.1, "{first:?} → {last:?}");
}

/// A stored rated game between `seats` people that ended with `winners`.
fn finish(store: &AnyStore, kind: GameKind, seats: &[u64], winners: Vec<u8>, at: u64) {
    let record = store
        .insert(common::new_record(kind, seats, GuildId(seats[0] % 3), at))
        .unwrap();
    let mut done = record.clone();
    done.status = Status::Finished(GameResult::new(winners, "test"));
    done.updated = at + 1;
    store.replace(&done).unwrap();
}

#[test]
fn rebuilding_from_the_games_gives_the_live_ratings() {
    let store = common::temporary_store();
    let mut stream = leapfrog::games::shuffle::Stream::new(leapfrog::games::Seed(7));
    for i in 0..300u64 {
        let kind = [GameKind::Jumpers, GameKind::Gyges, GameKind::Skakanie][stream.below(3)];
        let seats = if kind == GameKind::Skakanie {
            2 + stream.below(3)
        } else {
            2
        };
        let mut users: Vec<u64> = Vec::new();
        while users.len() < seats {
            let u = 1 + stream.below(8) as u64;
            if !users.contains(&u) {
                users.push(u);
            }
        }
        let winners = match stream.below(4) {
            0 => Vec::new(),
            _ => vec![stream.below(seats) as u8],
        };
        finish(&store, kind, &users, winners, 1_000 * i);
    }
    let mut live: Vec<(GameKind, UserId, Standing)> = Vec::new();
    for kind in GameKind::ALL {
        for u in 1..=8 {
            if let Some(standing) = store.standing(kind, UserId(u)).unwrap() {
                live.push((kind, UserId(u), standing));
            }
        }
    }
    let rebuilt = rebuilt_ratings(&store.all_games().unwrap());
    assert_eq!(rebuilt, live);
    // Writing the rebuild back changes nothing a player sees.
    store.replace_ratings(&rebuilt).unwrap();
    let board = store
        .leaderboard(GameKind::Gyges, None, &|_| true, 100)
        .unwrap();
    assert_eq!(
        board.len(),
        rebuilt
            .iter()
            .filter(|(k, ..)| *k == GameKind::Gyges)
            .count()
    );
    assert!(board.windows(2).all(|w| w[0].1.rating >= w[1].1.rating));
}

#[test]
fn skakanie_leavers_lose_to_the_last_player_standing() {
    let play = fresh();
    let asked = say(&play, &on(1, "ann"), "/play skakanie @ben @cat @dan");
    assert!(asked.text.contains("(rated)"), "{}", asked.text);
    for name in ["ben", "cat", "dan"] {
        let accepted = say(&play, &on(1, name), "/accept");
        assert!(!accepted.is_refused(), "{}", accepted.text);
    }
    for name in ["ann", "ben", "dan"] {
        let left = say(&play, &on(1, name), "/resign");
        assert!(!left.is_refused(), "{}", left.text);
    }
    let cat = standing(&play, GameKind::Skakanie, "cat").expect("rated");
    assert_eq!((cat.games, cat.wins), (1, 1));
    assert!(cat.rating > 1500.0, "{cat:?}");
    for name in ["ann", "ben", "dan"] {
        let s = standing(&play, GameKind::Skakanie, name).expect("rated");
        assert_eq!((s.games, s.losses), (1, 1), "{name}");
        assert!(s.rating < cat.rating, "{name}: {s:?}");
    }
    // Each leaver was told that everyone still playing ranks above: ann first, then ben, then dan, who
    // finished second of four and so gains on the two below (as in a tournament, where
    // the places give points).
    let rating = |name: &str| standing(&play, GameKind::Skakanie, name).unwrap().rating;
    assert!(rating("ann") < 1500.0 && rating("ben") < 1500.0);
    assert!(
        rating("ann") < rating("ben") && rating("ben") < rating("dan"),
        "ann {}, ben {}, dan {}",
        rating("ann"),
        rating("ben"),
        rating("dan")
    );
}
