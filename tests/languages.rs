//! English, Russian and Polish: the catalogues hold exactly the messages the code asks for,
//! in every language, with the arguments the code gives; the slash commands, `/help`,
//! `/rules` and `/settings` read in Russian or Polish contain no English sentence; a
//! player's `/settings language:` and the server's language are kept.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;
use leapfrog::console::{console_user, Console};
use leapfrog::games::{GameKind, Illegal, MoveError};
use leapfrog::i18n::{self, guides, record_lookups, Lang};
use leapfrog::play::{
    parse_command, ChallengeCommand, Command, Context, CorrespondenceCommand, HelpCommand,
    MoveCommand, Play, PrivacyCommand, Reply, SettingsCommand,
};
use leapfrog::store::{AnyStore, ChannelId, GameId, GuildId, Place, SeatChoice};

/// A play layer whose clock stands still and whose dice always say the challenger moves
/// first.
fn fixed_play() -> Play<AnyStore> {
    Play::with(
        common::temporary_store(),
        Box::new(common::FixedClock),
        Box::new(common::Zero),
    )
}

/// A challenge of bo to `game`, the challenger moving first, with `options`.
fn challenge_bo(game: &str, options: &[&str]) -> Command {
    ChallengeCommand::Challenge {
        game: game.into(),
        opponents: vec![console_user("bo")],
        options: options.iter().map(|&o| o.to_owned()).collect(),
        seat: SeatChoice::First,
        computers: Vec::new(),
    }
    .into()
}

/// A caller on a server (or in a DM) who reads `lang`.
fn caller(name: &str, lang: Lang, guild: Option<u64>, manager: bool) -> Context {
    Context {
        user: console_user(name),
        place: Place {
            guild: guild.map(GuildId),
            channel: ChannelId(7),
            reach: leapfrog::store::Reach::Posts,
        },
        manager,
        lang,
        guild_lang: None,
    }
}

fn settings(
    language: Option<Lang>,
    server_language: Option<Lang>,
    threads: Option<bool>,
) -> Command {
    Command::Settings(SettingsCommand::Settings {
        notify: None,
        threads,
        language,
        server_language,
        tournaments: None,
    })
}

/// Every answer this slice of the bot gives in `lang`: help, every rules page and its
/// refusals, and settings shown, changed and refused.
fn every_answer(lang: Lang) -> Vec<Reply> {
    let play = Play::new(common::temporary_store());
    let ctx = caller("ana", lang, Some(1), true);
    let mut replies = vec![
        play.handle(&ctx, HelpCommand::Help),
        play.handle(
            &ctx,
            SettingsCommand::Rules {
                game: None,
                page: None,
            },
        ),
        play.handle(
            &ctx,
            SettingsCommand::Rules {
                game: None,
                page: Some(2),
            },
        ),
    ];
    for kind in GameKind::ALL {
        let count = guides::pages(kind, lang).len();
        for page in 1..=count + 1 {
            replies.push(play.handle(
                &ctx,
                SettingsCommand::Rules {
                    game: Some(kind.name().into()),
                    page: Some(page),
                },
            ));
        }
    }
    let guest = caller("bo", lang, Some(1), false);
    let in_dm = caller("bo", lang, None, false);
    replies.extend([
        play.handle(&ctx, settings(None, None, None)),
        play.handle(&ctx, settings(None, Some(lang), Some(false))),
        play.handle(&guest, settings(None, None, Some(true))),
        play.handle(&guest, settings(None, Some(Lang::En), None)),
        play.handle(&in_dm, settings(None, None, Some(true))),
        play.handle(&in_dm, settings(None, Some(Lang::En), None)),
        play.handle(&in_dm, settings(Some(lang), None, None)),
        play.handle(&ctx, PrivacyCommand::Privacy),
        play.handle(&guest, PrivacyCommand::Privacy),
        play.handle(&ctx, PrivacyCommand::ForgetMe { confirm: false }),
        play.handle(&ctx, PrivacyCommand::ForgetMe { confirm: true }),
    ]);
    // Every option value as a game's picture and page say it.
    for (kind, key, value, _) in option_values() {
        let _ = option_header(kind, key, value, lang);
    }
    replies
}

/// Every value of every game option that can start a game: game, key, value, and whether
/// it is the default (which the header leaves out).
fn option_values() -> Vec<(GameKind, &'static str, &'static str, bool)> {
    let mut all = Vec::new();
    for kind in GameKind::ALL {
        for spec in kind.info().options {
            for (i, value) in spec.values.iter().enumerate() {
                let pair = format!("{}={value}", spec.key);
                if leapfrog::games::AnyGame::new(kind, &[pair], None).is_ok() {
                    all.push((kind, spec.key, *value, i == 0 || *value == "2"));
                }
            }
        }
    }
    all
}

/// The detail line of a game of `kind` with `key=value`, in `lang`.
fn option_header(kind: GameKind, key: &str, value: &str, lang: Lang) -> String {
    let game = leapfrog::games::AnyGame::new(kind, &[format!("{key}={value}")], None).unwrap();
    leapfrog::render::Header::for_game(&game, Vec::new(), None, lang).detail
}

/// Pictures and pages say options in the reader's words: no `key=value` notation, and each
/// value of a key in words of its own (a value the catalogue's selector did not know would
/// fall to its default words, saying the wrong thing).
#[test]
fn option_values_are_said_in_words_each_its_own() {
    for lang in Lang::ALL {
        let mut seen: BTreeMap<(GameKind, &str), BTreeSet<String>> = BTreeMap::new();
        let mut count = 0;
        for (kind, key, value, default) in option_values() {
            let detail = option_header(kind, key, value, lang);
            if default {
                continue;
            }
            count += 1;
            assert!(
                !detail.contains('='),
                "{lang} {kind:?} {key}={value}: {detail}"
            );
            let words = detail.rsplit(" · ").next().unwrap().to_owned();
            assert!(
                seen.entry((kind, key)).or_default().insert(words.clone()),
                "{lang} {kind:?} {key}={value}: '{words}' says another value too"
            );
        }
        assert!(count >= 12, "{lang}: {count} option values");
    }
}

/// A move sent by `who`, reading `lang`, in game `game`.
fn move_in(game: u64, mv: &str) -> Command {
    MoveCommand::Move {
        game: Some(GameId(game)),
        mv: mv.into(),
    }
    .into()
}

/// Every refusal of a move this slice says in `lang`: the refusals a Skakanie and a Jumpers
/// game give (not your turn, an action too many, a failed action after a good one, an
/// unreadable move, a rule broken, with the legal moves), then every rule of every game.
fn every_refusal(lang: Lang) -> Vec<String> {
    let play = fixed_play();
    let ana = caller("ana", lang, Some(1), false);
    let bo = caller("bo", lang, Some(1), false);
    play.handle(&ana, challenge_bo("skakanie", &[]));
    play.handle(&bo, ChallengeCommand::Accept { game: None });
    let mut said: Vec<String> = [
        play.handle(&bo, move_in(1, "take")),
        play.handle(&ana, move_in(1, "take take take take")),
        play.handle(&ana, move_in(1, "take bury")),
        play.handle(&ana, move_in(1, "zz")),
        play.handle(&ana, move_in(1, "")),
    ]
    .into_iter()
    .map(|reply| reply.text)
    .collect();
    play.handle(&ana, challenge_bo("jumpers", &[]));
    play.handle(&bo, ChallengeCommand::Accept { game: None });
    for mv in ["e3-e9", "c1-c1"] {
        said.push(play.handle(&ana, move_in(2, mv)).text);
    }
    // Every rule of every game, and every unreadable move.
    for illegal in every_rule() {
        said.push(i18n::refusals::reason(lang, &illegal));
    }
    for kind in GameKind::ALL {
        let error = MoveError::Syntax(leapfrog::games::ParseMoveError {
            text: "zz".into(),
            expected: "",
        });
        said.push(i18n::refusals::move_error(lang, kind, &error));
    }
    said.push(i18n::refusals::move_error(
        lang,
        GameKind::Gyges,
        &MoveError::Finished,
    ));
    said.extend(every_exchange(lang));
    // Every side of every game, as a refusal names it.
    for kind in GameKind::ALL {
        let options = if kind == GameKind::Skakanie {
            vec!["players=4".to_owned()]
        } else {
            Vec::new()
        };
        let game = leapfrog::games::AnyGame::new(kind, &options, None).unwrap();
        for seat in 0..game.seat_count() {
            let name = game.seat_name(leapfrog::games::Seat(seat as u8));
            said.push(i18n::side_name(lang, &name));
        }
    }
    said
}

/// What `lines` say in `lang`, each line `@user #channel /command …` (the channel optional;
/// `dm` for a direct message with the bot): the replies' texts and buttons, a refused
/// line's reason, the direct messages and, after a line `! computer N`, the computer's
/// replies in game N.
fn exchange(play: &Play<AnyStore>, lang: Lang, lines: &[&str]) -> Vec<String> {
    let mut said = Vec::new();
    for line in lines {
        if let Some(game) = line.strip_prefix("! computer ") {
            for notice in play.computer_moves(GameId(game.parse().unwrap())) {
                said.push(notice.reply.text);
            }
            continue;
        }
        let mut words = line.split_whitespace();
        let name = words.next().unwrap().trim_start_matches('@');
        let mut rest: Vec<&str> = words.collect();
        let channel = match rest.first() {
            Some(w) if w.starts_with('#') => rest.remove(0).trim_start_matches('#'),
            _ => "main",
        };
        let ctx = Context {
            user: console_user(name),
            place: Place {
                guild: (channel != "dm").then_some(GuildId(1)),
                channel: ChannelId(leapfrog::console::name_id(channel)),
                reach: leapfrog::store::Reach::Posts,
            },
            manager: false,
            lang,
            guild_lang: Some(lang),
        };
        match parse_command(&rest.join(" "), console_user) {
            Ok(command) => {
                let reply = play.handle(&ctx, command);
                said.push(reply.text.clone());
                for component in &reply.components {
                    if let leapfrog::play::Component::Buttons(row) = component {
                        said.extend(row.iter().map(|b| b.label.clone()));
                    }
                }
                said.extend(reply.direct.iter().map(|d| d.text.clone()));
            }
            Err(error) => said.push(error.text(lang)),
        }
    }
    said
}

/// The rest of the bot in `lang`, command by command: challenges and their mistakes,
/// tables, offers, the clock, the computer, `/abort`, `/history`, ratings, typing
/// mistakes, games asked for ambiguously, and the Discord front end's own words.
fn every_exchange(lang: Lang) -> Vec<String> {
    let play = fixed_play();
    let mut said = exchange(
        &play,
        lang,
        &[
            // Challenges that can't be made, and typing mistakes.
            "@ana /play jumpers @bo days=9",
            "@ana /play jumpers @bo rated=maybe",
            "@ana /play jumpers @ai rated=yes",
            "@ana /play skakanie @bo handicap=@bo:2 rated=yes",
            "@ana /play skakanie @bo seed=4",
            "@ana /play jumpers @ana",
            "@ana /play skakanie @bo @bo",
            "@ana /play jumpers @bo @cy",
            "@ana /play skakanie @bo @cy @di @ed",
            "@ana /play chess @bo",
            "@ana /play jumpers @bo board=huge",
            "@ana /play jumpers @bo crawlers=Q",
            "@ana /play jumpers @bo flavour=sweet",
            "@ana /play jumpers @bo board=near board=far",
            "@ana /play skakanie @bo handicap=2:5",
            "@ana /play skakanie @bo handicap=@bo:12",
            "@ana /play skakanie @bo handicap=@zed:3",
            "@ana /play skakanie @bo players=3",
            "@ana /play skakanie players=9",
            "@ana /play skakanie players=x=y",
            "play jumpers",
            "@ana /fly",
            "@ana /move",
            "@ana /play",
            "@ana /leaderboard",
            "@ana /play jumpers @bo seat:left",
            "@ana /draw maybe",
            "@ana /board game:xx",
            "@ana /play jumpers computers:9",
            "@ana /play jumpers @bo level:3",
            "@ana /play jumpers @ai level:9",
            "@ana /settings threads:maybe",
            "@ana /settings tournaments:maybe",
            "@ana /tournament",
            "@ana /tournament brew",
            "@ana /tournament create jumpers",
            "@ana /tournament create jumpers knockout",
            "@ana /tournament create jumpers swiss rounds:x",
            "@ana /tournament create jumpers round-robin double:maybe",
            "@ana /tournament join id:Tx",
            "@ana /tournament remove",
            "@ana /forget-me maybe",
            "@ana /web revoke:maybe",
            "@ana /puzzle daily:maybe",
            "@ana /puzzle skakanie",
            "@ana /web",
            "@ana /settings language:xx",
            "@ana /settings notify:pigeon",
            "@ana /rules page:0",
            "@ana /board game:1 game:2",
            "@ana /games color:red",
            "@ana /help now:please",
            "@ana /board game:999",
            // Nothing to answer yet.
            "@bo /accept",
            "@bo /decline",
            "@ana /cancel",
            "@ana /start",
            "@cy /leave",
            "@di /board",
            // A challenge, and who may (not) answer it.
            "@ana /play jumpers @bo",
            "@cy /accept",
            "@cy /accept game:1",
            "@ana /accept",
            "@ana /decline",
            "@ana /start",
            "@ana /history",
            "@di /board game:1",
            "@bo /cancel game:1",
            "@ana /move e3-h6",
            "@bo /accept",
            // Offers and their mistakes.
            "@bo /move c9-d8",
            "@ana /draw accept",
            "@ana /draw decline",
            "@ana /takeback",
            "@ana /pause",
            "@ana /resume",
            "@ana /claim",
            "@cy /move e3-h6 game:1",
            "@ana /draw",
            "@ana /draw",
            "@ana /draw accept",
            "@ana /takeback",
            "@ana /pause decline",
            "@bo /draw decline",
            "@ana /draw",
            "@ana /draw decline",
            "@ana /draw",
            "@ana /move e3-h6",
            "@ana /draw",
            "@bo /move c9-d8",
            "@ana /takeback",
            "@bo /takeback",
            "@bo /takeback accept",
            "@ana /takeback accept",
            "@bo /draw",
            "@bo /move c9-d8",
            "@ana /draw accept",
            "@ana /move e3-h6",
            "@ana /history",
            "@di /board",
            // /abort, too early and too late.
            "@ana /play jumpers @bo",
            "@bo /accept",
            "@ana /abort",
            "@ana /play jumpers @bo",
            "@bo /accept",
            "@ana /move e3-h6 game:3",
            "@bo /move c9-d8 game:3",
            "@ana /abort game:3",
            "@ana /resign game:3",
            // The clock: a claim too early, a pause agreed, a resumption.
            "@ana #clock /play jumpers @bo days=1",
            "@bo #clock /accept",
            "@ana #clock /claim",
            "@bo #clock /claim",
            "@ana #clock /pause",
            "@ana #clock /pause",
            "@bo #clock /pause accept",
            "@bo #clock /claim",
            "@ana #clock /pause",
            "@bo #clock /resume",
            "@ana #clock /games",
            // The computer: a draw it declines, a takeback it grants.
            "@ana #ai /play jumpers @ai",
            "@ana #ai /takeback",
            "@ana #ai /draw",
            "@ana #ai /move e3-h6",
            "! computer 5",
            "@ana #ai /takeback",
            // Tables of Skakanie.
            "@ana #t1 /play skakanie",
            "@bo #t1 /accept",
            "@bo #t1 /accept game:6",
            "@ana #t1 /leave game:6",
            "@cy #t1 /leave game:6",
            "@ana #t1 /leave",
            "@bo #t1 /leave",
            "@di #t1 /start",
            "@ana #t1 /start",
            "@bo #t1 /accept",
            "@ana #t1 /start",
            "@bo #t1 /leave",
            "@ana #t2 /play skakanie @bo @cy",
            "@bo #t2 /accept",
            "@di #t2 /accept",
            "@di #t2 /board",
            "@cy #t2 /decline",
            "@ana #t3 /play skakanie @bo @cy @di",
            "@bo #t3 /decline",
            "@cy #t3 /accept",
            "@ana #t3 /start",
            "@ana #t4 /play skakanie @bo @cy",
            "@bo #t4 /decline",
            "@cy #t4 /decline",
            "@ana #t5 /play skakanie @bo computers:1 handicap=@cy:3",
            "@ana #t6 /play skakanie @bo bury=on pass=on",
            "@bo #t6 /accept",
            "@bo #t5 /accept",
            // Several at once: which one?
            "@ana #many /play jumpers",
            "@ana #many /play gyges",
            "@bo #many /accept",
            "@bo #many /accept game:10",
            "@cy #many /accept game:11",
            "@ana #many /move e3-h6",
            "@di #many /board",
            "@ana #many /history",
            "@di #empty /board",
            "@ana #empty /move e3-h6",
            // Ratings.
            "@ana /rating",
            "@cy /rating jumpers",
            "@cy /rating @ana",
            "@ana /rating @bo jumpers",
            "@ana /rating chess",
            "@ana /leaderboard jumpers",
            "@ana /leaderboard jumpers scope:moon",
            "@ana #dm /leaderboard jumpers scope:server",
            "@ana /profile",
            "@cy /profile",
            // Choices typed in Russian or Polish.
            "@ana #typed /play jumpers @bo seat:чёрные",
            "@bo #typed /accept",
            "@bo #typed /draw предложить",
            "@ana #typed /draw odrzuć",
            "@ana /settings notify:лс threads:tak",
            "@ana /settings notify:kanał",
            "@ana /leaderboard jumpers scope:wszyscy",
        ],
    );
    // A handicap no challenge can type (it comes of a record): seat numbers out of range.
    let Err(error) = leapfrog::games::AnyGame::new(
        GameKind::Skakanie,
        &["players=2".to_owned(), "handicap=7:x".to_owned()],
        None,
    ) else {
        panic!("no such seat");
    };
    said.push(i18n::refusals::setup_error(
        lang,
        Some(GameKind::Skakanie),
        &error,
    ));
    // What the Discord front end adds itself: the move picker and a confirmation.
    use leapfrog::discord::message::Message;
    use leapfrog::play::MovesOn;
    let moves = ["e3-h6".to_owned(), "e3-g5".to_owned()];
    let many: Vec<String> = (0..200).map(|i| format!("a{i}-b1")).collect();
    let game = MovesOn::Game(GameId(1));
    for message in [
        Message::piece_picker(lang, game, &moves),
        Message::piece_picker(lang, game, &[]),
        Message::piece_picker(lang, game, &many),
        Message::target_picker(lang, game, "e3", &moves),
        Message::target_picker(lang, game, "b1-d4:", &["b1-d4:a1".to_owned()]),
        Message::target_picker(lang, game, "f7", &moves),
        Message::piece_picker(lang, MovesOn::Puzzle, &moves),
        Message::piece_picker(lang, MovesOn::Puzzle, &[]),
        Message::target_picker(lang, MovesOn::Puzzle, "e3", &moves),
        Message::confirmation(lang, "resign:1"),
    ] {
        let json = serde_json::to_value(message.response()).unwrap();
        said.push(json["content"].as_str().unwrap_or_default().to_owned());
        for label in json.to_string().split("\"label\":\"").skip(1) {
            said.push(label.split('"').next().unwrap().to_owned());
        }
        for holder in json.to_string().split("\"placeholder\":\"").skip(1) {
            said.push(holder.split('"').next().unwrap().to_owned());
        }
    }
    said
}

/// One value of every rule each engine can name.
fn every_rule() -> Vec<Illegal> {
    use leapfrog::games::{gyges, jump_sturdy, jumpers, skakanie, Seat};
    let cell = |text: &str| text.parse::<jumpers::Coord>().unwrap();
    let square = |text: &str| gyges::Square::parse(text).unwrap();
    let sq = |text: &str| text.parse::<jump_sturdy::Square>().unwrap();
    let jumpers_rules = [
        jumpers::IllegalMove::GameOver,
        jumpers::IllegalMove::NoSuchCell {
            cell: cell("a1"),
            board: jumpers::BoardKind::Far,
        },
        jumpers::IllegalMove::EmptyCell(cell("e5")),
        jumpers::IllegalMove::NotYours {
            cell: cell("e7"),
            owner: "Black",
        },
        jumpers::IllegalMove::SameCell,
        jumpers::IllegalMove::NotInLine {
            from: cell("e3"),
            to: cell("e9"),
        },
        jumpers::IllegalMove::OffBoard {
            from: cell("e3"),
            to: cell("e9"),
        },
        jumpers::IllegalMove::JumpLength {
            kind: jumpers::Kind::Medium,
            length: 2,
            distance: 3,
            to: cell("h6"),
            step: true,
        },
        jumpers::IllegalMove::StepLevel {
            cell: cell("e5"),
            height: 2,
            level: 0,
        },
        jumpers::IllegalMove::TooHigh {
            kind: jumpers::Kind::Big,
            cell: cell("e5"),
            height: 2,
            limit: 1,
            relative: true,
        },
        jumpers::IllegalMove::CrawlLength {
            kind: jumpers::Kind::Small,
            length: 1,
            distance: 2,
            to: cell("e5"),
        },
        jumpers::IllegalMove::TooSteep {
            cell: cell("e5"),
            height: 3,
            level: 1,
        },
        jumpers::IllegalMove::CannotPass,
        jumpers::IllegalMove::NotLegal("e3-h6".parse().unwrap()),
    ];
    let gyges_rules = [
        gyges::IllegalMove::Finished,
        gyges::IllegalMove::StillPlacing,
        gyges::IllegalMove::NothingToPlace,
        gyges::IllegalMove::NotInHand {
            size: 3,
            hand: "1, 2".into(),
        },
        gyges::IllegalMove::NotHomeRow {
            side: "South",
            row: 1,
            square: square("c3"),
        },
        gyges::IllegalMove::Occupied(square("c1")),
        gyges::IllegalMove::NoPiece(square("c3")),
        gyges::IllegalMove::WrongRow { row: 2 },
        gyges::IllegalMove::BackToStart,
        gyges::IllegalMove::GoalOutOfReach {
            size: 1,
            from: square("c1"),
            row: 6,
        },
        gyges::IllegalMove::OutOfReach {
            size: 2,
            from: square("c1"),
            to: square("c6"),
        },
        gyges::IllegalMove::EndsOnPiece(square("d4")),
        gyges::IllegalMove::DropMissing {
            from: square("b1"),
            to: square("d4"),
        },
        gyges::IllegalMove::NothingToDisplace(square("d4")),
        gyges::IllegalMove::DisplaceOff,
        gyges::IllegalMove::DropTooFar { row: 5 },
        gyges::IllegalMove::SameSizeSwap(square("b1")),
        gyges::IllegalMove::PassWithMoves,
        gyges::IllegalMove::MustPass,
    ];
    let jump_sturdy_rules = [
        jump_sturdy::IllegalMove::Finished,
        jump_sturdy::IllegalMove::Corner(sq("a1")),
        jump_sturdy::IllegalMove::Empty(sq("e4")),
        jump_sturdy::IllegalMove::NotYours {
            square: sq("e7"),
            owner: "Red",
            you: "Blue",
        },
        jump_sturdy::IllegalMove::SingleReach("e2-e5".parse().unwrap()),
        jump_sturdy::IllegalMove::StepOntoEnemy(sq("e3")),
        jump_sturdy::IllegalMove::DiagonalWithoutCapture(sq("f3")),
        jump_sturdy::IllegalMove::ThreeHigh(sq("e3")),
        jump_sturdy::IllegalMove::KnightReach("e2-e4".parse().unwrap()),
    ];
    let skakanie_rules = [
        skakanie::IllegalMove::Finished,
        skakanie::IllegalMove::NoStack {
            direction: skakanie::Direction::Up,
            row: 1,
            stack: 1,
            options: vec![skakanie::Direction::Down, skakanie::Direction::Right],
        },
        skakanie::IllegalMove::NoBury,
        skakanie::IllegalMove::BuryAlone,
        skakanie::IllegalMove::NoPass { left: 2 },
        skakanie::IllegalMove::NotPlaying(Seat(3)),
    ];
    let mut all: Vec<Illegal> = Vec::new();
    all.extend(jumpers_rules.into_iter().map(Illegal::from));
    all.extend(gyges_rules.into_iter().map(Illegal::from));
    all.extend(jump_sturdy_rules.into_iter().map(Illegal::from));
    all.extend(skakanie_rules.into_iter().map(Illegal::from));
    all.push(Illegal::LeaveIsResign);
    all
}

/// Every message the code asks for in `lang` (commands, and every answer above).
fn lookups(lang: Lang) -> Vec<i18n::Lookup> {
    let (_, mut asked) = record_lookups(|| leapfrog::discord::commands::registered(None, true));
    let (_, answers) = record_lookups(|| every_answer(lang));
    asked.extend(answers);
    let (_, refusals) = record_lookups(|| every_refusal(lang));
    asked.extend(refusals);
    asked
}

/// The message ids a catalogue defines, with the variables each message (and each of its
/// attributes) uses.
fn defined(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let mut ids = BTreeMap::new();
    for (id, patterns) in common::catalogue_messages(lang) {
        let mut variables = BTreeSet::new();
        for pattern in &patterns {
            pattern_variables(pattern, &mut variables);
        }
        assert!(
            ids.insert(id.clone(), variables).is_none(),
            "{lang}: {id} twice"
        );
    }
    ids
}

fn pattern_variables(pattern: &ast::Pattern<&str>, into: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, into);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, into: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, into);
            for variant in variants {
                pattern_variables(&variant.value, into);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, into),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, into: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            into.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, into),
        // Another message, read with the same arguments: noted as `@id`, so it counts as
        // used and its variables as the caller's.
        ast::InlineExpression::MessageReference { id, .. } => {
            into.insert(format!("@{}", id.name));
        }
        _ => {}
    }
}

/// The messages other messages of `lang` refer to (`{ offer-noun }`).
fn referenced(lang: Lang) -> BTreeSet<String> {
    defined(lang)
        .into_values()
        .flatten()
        .filter_map(|v| v.strip_prefix('@').map(str::to_owned))
        .collect()
}

/// Every Rust file under `dir`.
fn sources_in(dir: &std::path::Path, into: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap().map(Result::unwrap) {
        let path = entry.path();
        if path.is_dir() {
            sources_in(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(std::fs::read_to_string(&path).unwrap());
        }
    }
}

/// The string literals of the code (`src/`), and those written as the message id of an
/// `i18n::text` or `text_with` call: the ids the code names outright. (Ids the code builds,
/// like `cmd-{name}`, are found by asking: [`lookups`].)
fn code_strings() -> (BTreeSet<String>, BTreeSet<String>) {
    let mut files = Vec::new();
    sources_in(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let (mut literals, mut called) = (BTreeSet::new(), BTreeSet::new());
    for file in &files {
        // String literals, read past their escaped quotes (`\"` in an HTML template).
        let mut inside: Option<String> = None;
        // A quote as a character (`'"'`) opens no string.
        let text = file.replace("'\"'", "' '");
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            match (&mut inside, c) {
                (Some(literal), '\\') => {
                    literal.push(c);
                    literal.extend(chars.next());
                }
                (Some(_), '"') => literals.extend(inside.take()),
                (Some(literal), _) => literal.push(c),
                (None, '"') => inside = Some(String::new()),
                (None, _) => {}
            }
        }
        for call in ["text(", "text_with("] {
            for (at, _) in file.match_indices(call) {
                let args = &file[at + call.len()..];
                let Some(comma) = args.find(',') else {
                    continue;
                };
                let second = args[comma + 1..].trim_start();
                // A message id is kebab-case (`move-refused`, `cmd-play.desc`); other
                // functions named `text` take other strings.
                let id = second
                    .strip_prefix('"')
                    .and_then(|rest| rest.split('"').next())
                    .filter(|id| {
                        id.contains('-')
                            && id.chars().all(|c| {
                                c.is_ascii_lowercase() || c.is_ascii_digit() || "-.".contains(c)
                            })
                    });
                called.extend(id.map(str::to_owned));
            }
        }
    }
    (literals, called)
}

#[test]
fn every_id_the_code_names_is_in_every_language() {
    let (_, called) = code_strings();
    assert!(called.len() > 50, "the scan finds the calls: {called:?}");
    for lang in Lang::ALL {
        for id in &called {
            assert!(
                i18n::has(lang, id),
                "{lang} has no message {id}, which the code asks for"
            );
        }
    }
}

#[test]
fn the_catalogues_hold_exactly_the_messages_the_code_asks_for() {
    let english = defined(Lang::En);
    let (literals, _) = code_strings();
    for lang in Lang::ALL {
        let asked = lookups(lang);
        for lookup in &asked {
            assert!(lookup.found, "{lang} has no message {}", lookup.id);
            assert!(
                lookup.errors.is_empty(),
                "{lang} {}: {:?}",
                lookup.id,
                lookup.errors
            );
        }
        // Asked for while the answers above were made, or named in the code.
        let used: BTreeSet<String> = asked
            .iter()
            .map(|l| l.id.clone())
            .chain(literals.iter().cloned())
            .chain(referenced(lang))
            .chain(referenced(Lang::En))
            .map(|id| id.split('.').next().unwrap().to_owned())
            .collect();
        let ids: BTreeSet<String> = defined(lang).into_keys().collect();
        let unused: Vec<&String> = ids.difference(&used).collect();
        assert!(
            unused.is_empty(),
            "{lang} has messages no code asks for: {unused:?}"
        );
        let english_ids: BTreeSet<String> = english.keys().cloned().collect();
        assert_eq!(
            ids, english_ids,
            "{lang} and English define the same messages"
        );
    }
}

#[test]
fn a_translation_uses_only_the_arguments_english_is_given() {
    let english = defined(Lang::En);
    for lang in Lang::TRANSLATED {
        for (id, mut variables) in defined(lang) {
            // English's own arguments, and those of the messages it refers to, which are
            // read with the same arguments.
            let given: BTreeSet<String> = english[&id]
                .iter()
                .flat_map(|v| match v.strip_prefix('@') {
                    Some(other) => english[other].iter().cloned().collect(),
                    None => vec![v.clone()],
                })
                .collect();
            let given = &given;
            // A message a translation refers to is not an argument.
            variables.retain(|v| !v.starts_with('@'));
            assert!(
                variables.is_subset(given),
                "{lang} {id} uses {variables:?}; the code gives {given:?}"
            );
        }
    }
}

/// The parts of a refusal between colons, leaving out those that are only notation (a list
/// of moves), which read the same in every language. Skakanie's actions are words, said in
/// the reader's language.
fn sentences(text: &str) -> Vec<String> {
    // A game's name is a name, even where a language spells it as English does.
    let titles: Vec<String> = GameKind::ALL
        .iter()
        .flat_map(|&kind| Lang::ALL.map(|lang| i18n::game_title(lang, kind)))
        .collect();
    let notation = |word: &str| {
        let word = word.trim_matches(|c: char| !c.is_alphanumeric());
        word.is_empty()
            || word.chars().any(|c| c.is_ascii_digit())
            || titles.iter().any(|t| t == word)
    };
    text.split(": ")
        .filter(|part| !part.split([' ', ',']).all(notation))
        .map(str::to_owned)
        .collect()
}

/// The sentences an English reader sees: every English message as its text stands, and
/// every line of the English guides.
fn english_sentences() -> BTreeSet<String> {
    let mut lines = BTreeSet::new();
    for reply in every_answer(Lang::En) {
        lines.extend(reply.text.lines().map(str::to_owned));
        for component in &reply.components {
            if let leapfrog::play::Component::Buttons(row) = component {
                lines.extend(row.iter().map(|b| b.label.clone()));
            }
        }
    }
    for kind in GameKind::ALL {
        for page in kind.info().guide {
            lines.extend(page.lines().map(str::to_owned));
        }
    }
    for refusal in every_refusal(Lang::En) {
        lines.extend(refusal.lines().map(str::to_owned));
        // A refusal's sentences, each on its own: a translation may keep one English half.
        lines.extend(sentences(&refusal));
    }
    lines
        .into_iter()
        .map(|l| l.trim().to_owned())
        // Lines of notation and names alone (an option list, a move, a game's name) read
        // the same in every language: what is in code font does not count.
        .filter(|l| {
            let words = l.split('`').step_by(2).collect::<String>();
            words.chars().filter(|c| c.is_alphabetic()).count() > 12
        })
        .collect()
}

/// Skakanie's actions as English names them, and the other English words a game's replies
/// once let through: none is a word a Russian or Polish reader should see.
const ENGLISH_WORDS: [&str; 10] = [
    "take", "up", "down", "left", "right", "bury", "pass", "nowhere", "vs", "leave",
];

/// The words of `text` a player reads as words: option pairs (`bury=on`, `игра:skakanie`)
/// and code (`` `actions:4` ``) are notation, the same in every language.
fn read_words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter(|word| !word.contains(['=', ':']))
        .flat_map(|word| word.split(|c: char| !c.is_alphabetic()))
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}

#[test]
fn no_russian_or_polish_reply_of_a_skakanie_game_says_an_english_action() {
    for lang in Lang::TRANSLATED {
        let play = fixed_play();
        let mut said = exchange(
            &play,
            lang,
            &[
                "@ana /play skakanie @bo",
                "@bo /accept",
                "@ana /help",
                "@bo /move take",
                "@ana /move",
                "@ana /move up",
                "@ana /move left",
                "@ana /move bury",
                "@ana /move pass",
                "@ana /move zz",
                "@ana /move take take take take",
                "@ana /move take",
                "@ana /move right take",
                "@ana /takeback",
                "@bo /board",
                "@bo /takeback accept",
                "@ana /move take right take",
                "@bo /move right",
                "@bo /move up",
                "@bo /move take left",
                "@bo /takeback",
                "@ana /board",
                "@ana /games",
                "@bo /games",
            ],
        );
        let pages = guides::pages(GameKind::Skakanie, lang).len();
        for page in 1..=pages {
            said.extend(exchange(
                &play,
                lang,
                &[&format!("@ana /rules skakanie page:{page}")],
            ));
        }
        for text in &said {
            for word in read_words(text) {
                assert!(
                    !ENGLISH_WORDS.contains(&word.as_str()),
                    "{lang} says '{word}': {text}"
                );
            }
        }
    }
}

#[test]
fn skakanie_has_one_russian_name() {
    let mut texts: Vec<String> = i18n::sources()
        .iter()
        .filter(|(lang, _, _)| *lang == Lang::Ru)
        .map(|(_, _, text)| (*text).to_owned())
        .collect();
    for kind in GameKind::ALL {
        texts.extend(guides::pages(kind, Lang::Ru).iter().map(|p| p.to_string()));
    }
    let name = i18n::game_title(Lang::Ru, GameKind::Skakanie);
    assert_eq!(name, "Скаканье");
    for text in texts {
        // Every form of the word: Скаканье, Скаканья, Скаканьем, … never Скакание.
        for word in text.split(|c: char| !c.is_alphabetic()) {
            assert!(
                !word.starts_with("Скакани"),
                "'{word}' where Russian calls the game {name}"
            );
        }
    }
}

#[test]
fn a_players_name_stands_in_the_nominative_with_a_label() {
    // Russian and Polish decline names; a name from Discord cannot be declined, so it is
    // never put where a case other than the nominative would be needed.
    let play = fixed_play();
    for lang in Lang::TRANSLATED {
        let mut said = exchange(
            &play,
            lang,
            &[
                &format!("@вика #{lang} /play gyges @аня"),
                &format!("@аня #{lang} /accept"),
                &format!("@аня #{lang} /board"),
            ],
        );
        let games = exchange(&play, lang, &[&format!("@аня #{lang} /games")]);
        said.extend(games.iter().cloned());
        for text in &said {
            for word in ["против", "kontra", "для", "dla"] {
                assert!(
                    !read_words(text).contains(&word.to_owned()),
                    "{lang}: {text}"
                );
            }
        }
        let games = &games[0];
        let label = match lang {
            Lang::Ru => "соперник: вика",
            _ => "przeciwnik: вика",
        };
        assert!(games.contains(label), "{lang}: {games}");
    }
    let shown = |lang, daily: bool| {
        i18n::text_with(
            lang,
            "puzzle-shown",
            &[
                ("daily", daily.into()),
                ("kind", GameKind::Gyges.into()),
                ("number", 3.into()),
                ("side", "Юг".into()),
                ("moves", 2.into()),
                ("name", "аня".into()),
            ],
        )
    };
    assert!(shown(Lang::Ru, true).starts_with("Задача дня (решает: аня)"));
    assert!(shown(Lang::Pl, false).starts_with("Zadanie (rozwiązuje: аня)"));
}

#[test]
fn a_verb_agrees_with_the_side_it_follows() {
    let answers = |lang, side: &str| {
        let other = i18n::side_name(lang, side);
        let text = i18n::text_with(
            lang,
            "puzzle-correct-go-on",
            &[
                ("played", "e2-e3".into()),
                ("other", other.clone().into()),
                ("side", side.to_lowercase().into()),
                ("reply", "e7-e6".into()),
                ("moves", 2.into()),
            ],
        );
        let after = text.split(&format!("{other} ")).nth(1).unwrap_or_default();
        after.split(' ').next().unwrap_or_default().to_owned()
    };
    assert_eq!(answers(Lang::Ru, "Black"), "отвечают");
    assert_eq!(answers(Lang::Ru, "White"), "отвечают");
    assert_eq!(answers(Lang::Ru, "North"), "отвечает");
    assert_eq!(answers(Lang::Pl, "Black"), "odpowiadają");
    assert_eq!(answers(Lang::Pl, "South"), "odpowiada");
    assert_eq!(answers(Lang::En, "Black"), "answers");
}

#[test]
fn no_message_guesses_a_players_gender() {
    // Words that say a player (or the reader) is a man: a name from Discord tells nothing
    // of its bearer, so a message says it another way ("poza grą", not "wyszedł z gry").
    for &(lang, area, text) in i18n::sources() {
        for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
            for word in line.split(|c: char| !c.is_alphabetic()) {
                let gendered = match lang {
                    Lang::Pl => {
                        word.ends_with("łeś")
                            || word.ends_with("łaś")
                            || ["wyszedł", "wycofany"].contains(&word)
                    }
                    Lang::Ru => word == "выбыл",
                    Lang::En => false,
                };
                assert!(!gendered, "{lang}/{area}: '{word}' in {line}");
            }
        }
    }
    // The picture writes it under a seat's name.
    assert_eq!(i18n::text(Lang::Ru, "skakanie-left-game"), "вне игры");
    assert_eq!(i18n::text(Lang::Pl, "skakanie-left-game"), "poza grą");
}

#[test]
fn russian_and_polish_readers_see_no_english_sentence() {
    let english = english_sentences();
    for lang in Lang::TRANSLATED {
        for reply in every_answer(lang) {
            let mut shown: Vec<String> = reply.text.lines().map(|l| l.trim().to_owned()).collect();
            for component in &reply.components {
                if let leapfrog::play::Component::Buttons(row) = component {
                    shown.extend(row.iter().map(|b| b.label.clone()));
                }
            }
            for line in shown {
                assert!(!english.contains(&line), "{lang} shows English: {line}");
            }
        }
        for refusal in every_refusal(lang) {
            for part in refusal
                .lines()
                .map(str::to_owned)
                .chain(sentences(&refusal))
            {
                assert!(
                    !english.contains(part.trim()),
                    "{lang} shows English: {part}"
                );
            }
        }
    }
}

#[test]
fn a_players_language_choice_is_kept_and_overrides_their_client() {
    let out = tempfile::tempdir().unwrap();
    let console = Console::new(
        Play::new(common::temporary_store()),
        out.path().to_path_buf(),
    );
    let said = console.run_line("@ana /settings language:ru");
    assert!(
        said.contains("Сохранено: вы читаете ответы по-русски (ваш выбор)"),
        "{said}"
    );
    let help = console.run_line("@ana /help");
    assert!(help.contains("/играть игра:<игра>"), "{help}");
    // A line's lang: is the client's language; the choice stands above it.
    let rules = console.run_line("@ana lang:pl /rules jumpers");
    assert!(rules.contains("Как играть: Прыгуны"), "{rules}");
    // Someone else reads their client's language.
    let other = console.run_line("@bo lang:pl /rules jumpers");
    assert!(other.contains("Jak grać: Skoczki"), "{other}");
    let unknown = console.run_line("@bo /settings language:klingon");
    assert!(
        unknown.contains("there is no language 'klingon'"),
        "{unknown}"
    );
    let back = console.run_line("@ana /settings language:en");
    assert!(
        back.contains("Saved: you read your answers in English"),
        "{back}"
    );
}

#[test]
fn a_servers_language_is_its_admins_choice_else_its_discord_language() {
    let play: Play<AnyStore> = Play::new(common::temporary_store());
    let mut admin = caller("ana", Lang::En, Some(5), true);
    admin.guild_lang = Some(Lang::Pl);
    let shown = play.handle(&admin, settings(None, None, None)).text;
    assert!(shown.contains("notices are in Polski"), "{shown}");
    let changed = play
        .handle(&admin, settings(None, Some(Lang::Ru), None))
        .text;
    assert!(changed.contains("notices are in Русский"), "{changed}");
    let guest = caller("bo", Lang::Pl, Some(5), false);
    let refused = play.handle(&guest, settings(None, Some(Lang::En), None));
    assert!(refused.is_refused());
    assert!(refused.text.contains("administratorzy"), "{}", refused.text);
    let seen = play.handle(&guest, settings(None, None, None)).text;
    assert!(seen.contains("po rosyjsku"), "{seen}");
}

#[test]
fn pictures_in_russian_and_polish_take_every_word_from_their_catalogue() {
    use leapfrog::games::AnyGame;
    use leapfrog::render::{self, Header};
    for kind in GameKind::ALL {
        let options = if kind == GameKind::Skakanie {
            vec!["players=3".to_owned()]
        } else {
            Vec::new()
        };
        let mut game = AnyGame::new(kind, &options, None).unwrap();
        let mut frames = vec![game.clone()];
        let mut ply = 0_usize;
        while !game.outcome().is_finished() && ply < 400 {
            let legal = game.legal_moves();
            let mv = legal[(ply * 7 + 3) % legal.len()].clone();
            game.play(&mv).unwrap();
            ply += 1;
            if ply.is_multiple_of(25) {
                frames.push(game.clone());
            }
        }
        frames.push(game);
        for frame in &frames {
            let names: Vec<String> = (0..frame.seat_count()).map(|s| format!("p{s}")).collect();
            let english = Header::for_game(frame, names.clone(), None, Lang::En);
            for lang in Lang::TRANSLATED {
                let (header, asked) = record_lookups(|| {
                    let header = Header::for_game(frame, names.clone(), None, lang);
                    assert!(!render::render(frame, &header).is_empty());
                    header
                });
                assert!(!asked.is_empty());
                for lookup in asked {
                    assert!(
                        lookup.found && lookup.errors.is_empty(),
                        "{kind} {lang}: {lookup:?}"
                    );
                }
                assert_ne!(header.status, english.status, "{kind} {lang}");
                assert_ne!(header.detail, english.detail, "{kind} {lang}");
            }
        }
    }
}

/// What a server whose Discord language is `lang` sees of a game's start: the challenge,
/// its acceptance and the first move's board (their lines, then their buttons' labels).
fn move_board(lang: Lang) -> (Vec<String>, Vec<String>) {
    let play = fixed_play();
    let mut ana = caller("ana", Lang::En, Some(3), false);
    ana.guild_lang = Some(lang);
    let mut bo = caller("bo", Lang::En, Some(3), false);
    bo.guild_lang = Some(lang);
    let challenge = play.handle(&ana, challenge_bo("jumpers", &["days=2"]));
    let accepted = play.handle(&bo, ChallengeCommand::Accept { game: None });
    let moved = play.handle(&ana, move_in(1, "e3-h6"));
    assert!(moved.image.is_some(), "{}", moved.text);
    let mut lines = Vec::new();
    let mut buttons = Vec::new();
    for reply in [challenge, accepted, moved] {
        lines.extend(reply.text.lines().map(str::to_owned));
        for component in &reply.components {
            if let leapfrog::play::Component::Buttons(row) = component {
                buttons.extend(row.iter().map(|b| b.label.clone()));
            }
        }
    }
    (lines, buttons)
}

#[test]
fn a_board_is_posted_in_the_servers_language() {
    let (english, english_buttons) = move_board(Lang::En);
    assert!(english.contains(&"ana (White) played e3-h6.".to_owned()));
    for lang in Lang::TRANSLATED {
        let (lines, buttons) = move_board(lang);
        assert_eq!(lines.len(), english.len(), "{lines:?}");
        for (line, theirs) in lines.iter().zip(&english) {
            assert_ne!(line, theirs, "{lang}");
        }
        for (button, theirs) in buttons.iter().zip(&english_buttons) {
            assert_ne!(button, theirs, "{lang}");
        }
    }
}

/// The clock's notices of a one-day game on a server whose Discord language is `lang`: the
/// reminder, the end of time, the end by timeout (their texts, then their buttons).
fn clock_notices(lang: Lang) -> (Vec<String>, Vec<String>) {
    use std::sync::atomic::{AtomicU64, Ordering};
    let now = std::sync::Arc::new(AtomicU64::new(1_000));
    let play = Play::with(
        common::temporary_store(),
        Box::new(common::FakeClock(now.clone())),
        Box::new(common::Zero),
    );
    let mut ana = caller("ana", Lang::En, Some(4), false);
    ana.guild_lang = Some(lang);
    let mut bo = caller("bo", Lang::En, Some(4), false);
    bo.guild_lang = Some(lang);
    play.handle(&ana, challenge_bo("jumpers", &["days=1"]));
    play.handle(&bo, ChallengeCommand::Accept { game: None });
    play.handle(&ana, move_in(1, "e3-h6"));
    let hour = 3_600_000;
    let (mut texts, mut buttons) = (Vec::new(), Vec::new());
    for at in [18 * hour, 24 * hour, 48 * hour] {
        now.store(1_000 + at, Ordering::SeqCst);
        for notice in play.fire_due() {
            texts.push(notice.reply.text.clone());
            for component in &notice.reply.components {
                if let leapfrog::play::Component::Buttons(row) = component {
                    buttons.extend(row.iter().map(|b| b.label.clone()));
                }
            }
        }
    }
    (texts, buttons)
}

#[test]
fn clock_notices_are_posted_in_the_servers_language() {
    let (english, english_buttons) = clock_notices(Lang::En);
    assert_eq!(english.len(), 3, "{english:?}");
    assert!(english[0].contains("a quarter of your time"), "{english:?}");
    for lang in Lang::TRANSLATED {
        let (texts, buttons) = clock_notices(lang);
        assert_eq!(texts.len(), 3, "{texts:?}");
        for (text, theirs) in texts.iter().zip(&english) {
            // The whole notice, and each of its lines but the position (notation).
            for (line, their_line) in text.lines().zip(theirs.lines()) {
                if !their_line.starts_with("Position") {
                    assert_ne!(line, their_line, "{lang}");
                }
            }
        }
        assert_eq!(buttons.len(), english_buttons.len());
        for (button, theirs) in buttons.iter().zip(&english_buttons) {
            assert_ne!(button, theirs, "{lang}");
        }
    }
}

/// What `/games` tells ana (reading `lang`) with a game on time going and a challenge of
/// hers waiting.
fn games_list(lang: Lang) -> Vec<String> {
    let play = fixed_play();
    let ana = caller("ana", lang, Some(5), false);
    let bo = caller("bo", Lang::En, Some(5), false);
    play.handle(&ana, challenge_bo("jumpers", &["days=2"]));
    play.handle(&bo, ChallengeCommand::Accept { game: None });
    play.handle(&ana, challenge_bo("jumpers", &["days=none"]));
    let none = caller("cy", lang, Some(5), false);
    let mut lines: Vec<String> = play
        .handle(&ana, CorrespondenceCommand::Games)
        .text
        .lines()
        .map(str::to_owned)
        .collect();
    lines.push(play.handle(&none, CorrespondenceCommand::Games).text);
    lines
}

#[test]
fn a_players_list_of_games_is_in_their_language() {
    let english = games_list(Lang::En);
    assert_eq!(english.len(), 4, "{english:?}");
    for lang in Lang::TRANSLATED {
        let lines = games_list(lang);
        assert_eq!(lines.len(), english.len(), "{lines:?}");
        for (line, theirs) in lines.iter().zip(&english) {
            assert_ne!(line, theirs, "{lang}");
        }
    }
}

/// A player who reads Russian on a Polish server, told by direct message: the challenge, a
/// draw offer and the board come to them in Russian, each saying what the channel was told.
#[test]
fn direct_messages_tell_the_news_in_their_readers_language() {
    let play = fixed_play();
    let ana = caller("ana", Lang::Pl, Some(1), false);
    let bo = caller("bo", Lang::Ru, Some(1), false);
    let bo_dm = SettingsCommand::Settings {
        notify: Some(leapfrog::store::Notify::Dm),
        threads: None,
        language: None,
        server_language: None,
        tournaments: None,
    };
    assert!(!play.handle(&bo, bo_dm).is_refused());
    let admin = caller("ana", Lang::Pl, Some(1), true);
    play.handle(&admin, settings(None, Some(Lang::Pl), None));
    let told = |reply: &Reply| {
        assert_eq!(reply.direct.len(), 1, "{}", reply.text);
        let direct = &reply.direct[0];
        assert_eq!(direct.lang, Lang::Ru);
        assert_ne!(direct.text, reply.text, "the channel reads Polish");
        direct.text.clone()
    };
    let challenge = told(&play.handle(&ana, challenge_bo("jumpers", &[])));
    assert!(
        challenge.contains(&i18n::game_title(Lang::Ru, GameKind::Jumpers)),
        "{challenge}"
    );
    play.handle(&bo, ChallengeCommand::Accept { game: None });
    let offer = told(&play.handle(
        &ana,
        MoveCommand::Draw {
            game: None,
            answer: leapfrog::play::Answer::Propose,
        },
    ));
    let expected = i18n::text_with(
        Lang::Ru,
        "offer-made",
        &[
            (
                "who",
                format!("ana ({})", i18n::side_name(Lang::Ru, "White")).into(),
            ),
            ("kind", "draw".into()),
            ("game", 1.into()),
            ("turn", "".into()),
        ],
    );
    assert_eq!(offer, expected);
    let board = told(&play.handle(&ana, move_in(1, "e3-h6")));
    assert!(board.contains("e3-h6"), "{board}");
}
