//! The rule a refused move breaks, said in the player's language. The engines give the
//! rule as a typed value ([`Illegal`]); this is the one place that turns each of them into
//! a catalogue message (`locales/<lang>/moves.ftl`), so a new rule that has no message is a
//! compile error here, not an English sentence in a Russian reply.

use super::{has, or_list, side_name as side, text, text_with, Arg, Lang};
use crate::games::{
    gyges, jump_sturdy, jumpers, skakanie, GameKind, Illegal, MoveError, ParseOptionError,
    SetupError,
};

/// Notation (a cell, a move): the same in every language.
fn notation(value: &impl std::fmt::Display) -> Arg {
    Arg::Text(value.to_string())
}

/// Why `typed` could not be played in a game of `kind`.
#[must_use]
pub fn move_error(lang: Lang, kind: GameKind, error: &MoveError) -> String {
    match error {
        MoveError::Syntax(syntax) => text_with(
            lang,
            "move-syntax",
            &[
                ("text", syntax.text.as_str().into()),
                ("game", kind.name().into()),
            ],
        ),
        MoveError::Finished => text(lang, "illegal-over"),
        MoveError::Illegal(illegal) => reason(lang, illegal),
    }
}

/// Why a game could not be set up as asked: an unknown game, or an option it does not take.
/// The option keys and values are notation and stay as typed.
#[must_use]
pub fn setup_error(lang: Lang, kind: Option<GameKind>, error: &SetupError) -> String {
    match error {
        SetupError::UnknownGame(name) => text_with(
            lang,
            "setup-unknown-game",
            &[
                ("name", name.as_str().into()),
                ("games", GameKind::ALL.map(GameKind::name).join(", ").into()),
            ],
        ),
        SetupError::Option(option) => option_error(lang, kind, option),
        SetupError::NoShuffle(game) => {
            let game = kind.map_or_else(|| (*game).to_owned(), |k| super::game_title(lang, k));
            text_with(lang, "setup-no-shuffle", &[("game", game.into())])
        }
        SetupError::BadSeed(seed) => {
            text_with(lang, "setup-bad-seed", &[("seed", seed.as_str().into())])
        }
        SetupError::Position(position) => text_with(
            lang,
            "setup-bad-position",
            &[("error", position.to_string().into())],
        ),
    }
}

/// Why an option pair was refused (see [`setup_error`]).
#[must_use]
pub fn option_error(lang: Lang, kind: Option<GameKind>, error: &ParseOptionError) -> String {
    match error {
        ParseOptionError::Malformed(typed) => text_with(
            lang,
            "option-malformed",
            &[("typed", typed.as_str().into())],
        ),
        ParseOptionError::UnknownKey { game, key, known } => text_with(
            lang,
            "option-unknown-key",
            &[
                (
                    "game",
                    kind.map_or_else(|| (*game).to_owned(), |k| super::game_title(lang, k))
                        .into(),
                ),
                ("key", key.as_str().into()),
                ("known", known.as_str().into()),
            ],
        ),
        ParseOptionError::Repeated(key) => {
            text_with(lang, "option-repeated", &[("key", key.as_str().into())])
        }
        ParseOptionError::BadValue { key, value, .. } => {
            let spec = kind.and_then(|k| k.info().options.iter().find(|s| s.key == *key));
            // A free-form key says in words what it takes; a choice lists its values.
            let described = format!("option-expected-{key}");
            let expected = match spec {
                Some(spec) if !has(Lang::En, &described) => {
                    or_list(lang, spec.values.iter().map(|v| format!("`{v}`"))).unwrap_or_default()
                }
                _ => text(lang, &described),
            };
            text_with(
                lang,
                "option-bad-value",
                &[
                    ("key", (*key).into()),
                    ("value", value.as_str().into()),
                    ("expected", expected.into()),
                ],
            )
        }
    }
}

/// The rule `illegal` names, as a sentence starting in lower case (it follows a colon).
#[must_use]
pub fn reason(lang: Lang, illegal: &Illegal) -> String {
    let (id, args) = match illegal {
        Illegal::Jumpers(rule) => jumpers_rule(lang, rule),
        Illegal::Gyges(rule) => gyges_rule(lang, rule),
        Illegal::JumpSturdy(rule) => jump_sturdy_rule(lang, rule),
        Illegal::Skakanie(rule) => skakanie_rule(lang, rule),
        Illegal::LeaveIsResign => ("illegal-leave-is-resign", Vec::new()),
    };
    text_with(lang, id, &args)
}

type Said = (&'static str, Vec<(&'static str, Arg)>);

fn jumpers_rule(lang: Lang, rule: &jumpers::IllegalMove) -> Said {
    use jumpers::IllegalMove as R;
    let piece = |kind: &jumpers::Kind| {
        Arg::Text(text(
            lang,
            &format!("piece-{}", kind.to_string().to_lowercase()),
        ))
    };
    match rule {
        R::GameOver => ("illegal-over", vec![]),
        R::NoSuchCell { cell, board } => (
            "jumpers-no-such-cell",
            vec![("cell", notation(cell)), ("board", notation(board))],
        ),
        R::EmptyCell(cell) => ("jumpers-empty-cell", vec![("cell", notation(cell))]),
        R::NotYours { cell, owner } => (
            "jumpers-not-yours",
            vec![
                ("cell", notation(cell)),
                ("owner", side(lang, owner).into()),
            ],
        ),
        R::SameCell => ("jumpers-same-cell", vec![]),
        R::NotInLine { from, to } => (
            "jumpers-not-in-line",
            vec![("from", notation(from)), ("to", notation(to))],
        ),
        R::OffBoard { from, to } => (
            "jumpers-off-board",
            vec![("from", notation(from)), ("to", notation(to))],
        ),
        R::JumpLength {
            kind,
            length,
            distance,
            to,
            step,
        } => (
            "jumpers-jump-length",
            vec![
                ("kind", piece(kind)),
                ("length", (*length).into()),
                ("step", (*step).into()),
                ("to", notation(to)),
                ("distance", (*distance).into()),
            ],
        ),
        R::StepLevel {
            cell,
            height,
            level,
        } => (
            "jumpers-step-level",
            vec![
                ("level", (*level).into()),
                ("cell", notation(cell)),
                ("height", (*height).into()),
            ],
        ),
        R::TooHigh {
            kind,
            cell,
            height,
            limit,
            relative,
        } => (
            "jumpers-too-high",
            vec![
                ("cell", notation(cell)),
                ("height", (*height).into()),
                ("kind", piece(kind)),
                ("limit", (*limit).into()),
                ("relative", (*relative).into()),
            ],
        ),
        R::CrawlLength {
            kind,
            length,
            distance,
            to,
        } => (
            "jumpers-crawl-length",
            vec![
                ("kind", piece(kind)),
                ("length", (*length).into()),
                ("to", notation(to)),
                ("distance", (*distance).into()),
            ],
        ),
        R::TooSteep {
            cell,
            height,
            level,
        } => (
            "jumpers-too-steep",
            vec![
                ("cell", notation(cell)),
                ("height", (*height).into()),
                ("level", (*level).into()),
            ],
        ),
        R::CannotPass => ("jumpers-cannot-pass", vec![]),
        R::NotLegal(mv) => ("jumpers-not-legal", vec![("move", notation(mv))]),
    }
}

fn gyges_rule(lang: Lang, rule: &gyges::IllegalMove) -> Said {
    use gyges::IllegalMove as R;
    let square = |id, square: &gyges::Square| (id, vec![("square", notation(square))]);
    match rule {
        R::Finished => ("illegal-over", vec![]),
        R::StillPlacing => ("gyges-still-placing", vec![]),
        R::NothingToPlace => ("gyges-nothing-to-place", vec![]),
        R::NotInHand { size, hand } => (
            "gyges-not-in-hand",
            vec![("size", (*size).into()), ("hand", hand.as_str().into())],
        ),
        R::NotHomeRow {
            side: who,
            row,
            square,
        } => (
            "gyges-not-home-row",
            vec![
                ("side", side(lang, who).into()),
                ("row", (*row).into()),
                ("square", notation(square)),
            ],
        ),
        R::Occupied(at) => square("gyges-occupied", at),
        R::NoPiece(at) => square("gyges-no-piece", at),
        R::WrongRow { row } => ("gyges-wrong-row", vec![("row", (*row).into())]),
        R::BackToStart => ("gyges-back-to-start", vec![]),
        R::GoalOutOfReach { size, from, row } => (
            "gyges-goal-out-of-reach",
            vec![
                ("size", (*size).into()),
                ("from", notation(from)),
                ("row", (*row).into()),
            ],
        ),
        R::OutOfReach { size, from, to } => (
            "gyges-out-of-reach",
            vec![
                ("size", (*size).into()),
                ("from", notation(from)),
                ("to", notation(to)),
            ],
        ),
        R::EndsOnPiece(at) => square("gyges-ends-on-piece", at),
        R::DropMissing { from, to } => (
            "gyges-drop-missing",
            vec![("from", notation(from)), ("to", notation(to))],
        ),
        R::NothingToDisplace(at) => square("gyges-nothing-to-displace", at),
        R::DisplaceOff => ("gyges-displace-off", vec![]),
        R::DropTooFar { row } => ("gyges-drop-too-far", vec![("row", (*row).into())]),
        R::SameSizeSwap(at) => square("gyges-same-size-swap", at),
        R::PassWithMoves => ("gyges-pass-with-moves", vec![]),
        R::MustPass => ("gyges-must-pass", vec![]),
    }
}

fn jump_sturdy_rule(lang: Lang, rule: &jump_sturdy::IllegalMove) -> Said {
    use jump_sturdy::IllegalMove as R;
    let square = |id, square: &jump_sturdy::Square| (id, vec![("square", notation(square))]);
    match rule {
        R::Finished => ("illegal-over", vec![]),
        R::Corner(at) => square("jump-sturdy-corner", at),
        R::Empty(at) => square("jump-sturdy-empty", at),
        R::NotYours { square, owner, you } => (
            "jump-sturdy-not-yours",
            vec![
                ("square", notation(square)),
                ("owner", side(lang, owner).into()),
                ("you", side(lang, you).into()),
            ],
        ),
        R::SingleReach(mv) => ("jump-sturdy-single-reach", vec![("move", notation(mv))]),
        R::StepOntoEnemy(at) => square("jump-sturdy-step-onto-enemy", at),
        R::DiagonalWithoutCapture(at) => square("jump-sturdy-diagonal-without-capture", at),
        R::ThreeHigh(at) => square("jump-sturdy-three-high", at),
        R::KnightReach(mv) => ("jump-sturdy-knight-reach", vec![("move", notation(mv))]),
    }
}

/// A Skakanie action (`take`, `left`) as `lang`'s players say it (`action-<word>`).
fn action(word: &str) -> Arg {
    Arg::Message(format!("action-{word}"))
}

fn skakanie_rule(lang: Lang, rule: &skakanie::IllegalMove) -> Said {
    use skakanie::IllegalMove as R;
    match rule {
        R::Finished => ("illegal-over", vec![]),
        R::NoStack {
            direction,
            row,
            stack,
            options,
        } => (
            "skakanie-no-stack",
            vec![
                ("place", direction.word().into()),
                ("row", (*row).into()),
                ("stack", (*stack).into()),
                (
                    "options",
                    or_list(
                        lang,
                        options
                            .iter()
                            .map(|way| text(lang, &format!("action-{}", way.word()))),
                    )
                    .unwrap_or_default()
                    .into(),
                ),
                ("count", options.len().into()),
            ],
        ),
        R::NoBury => ("skakanie-no-bury", vec![("action", action("bury"))]),
        R::BuryAlone => ("skakanie-bury-alone", vec![]),
        R::NoPass { left } => ("skakanie-no-pass", vec![("left", (*left).into())]),
        R::NotPlaying(seat) => ("skakanie-not-playing", vec![("seat", (seat.0 + 1).into())]),
    }
}
