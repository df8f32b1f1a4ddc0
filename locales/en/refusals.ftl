# Refusals and answers about games in general: which game, who may do what, set-up
# options, the clock's claims and pauses, /abort, /history, and the bot's own failures.

refuse-no-such-game = There is no game #{ $game }.
refuse-position-changed = The position changed while you were moving: another move landed first. Here is the new board.
refuse-game-changed = Game #{ $game } changed; try again.
failed-damaged = I can't load that game: { $error }. Nothing was changed; please tell the server admin.
failed-store = Something went wrong on my side and nothing was changed; please try again in a moment.
failed-replay = I can't draw this game's replay: { $error }.

# A game over: $how is its result ("bob (Black) wins (alice (White) resigned)"), or empty.
refuse-game-over = { $known ->
    [yes] Game #{ $game } is over: { $how }. Start a new one with /play.
   *[no] Game #{ $game } is over. Start a new one with /play.
}
refuse-not-started = Game #{ $game } hasn't started: the challenge is still waiting for an answer.
refuse-never-started = Game #{ $game } never started: its challenge was withdrawn or declined.
refuse-was-aborted = Game #{ $game } was aborted before every side had moved. Start a new one with /play.
refuse-not-playing = You're not playing in game #{ $game }.
refuse-you-left = You left game #{ $game }; the others play on without you.
refuse-no-game-here = You have no game in progress in this channel; start one with /play, or add game:<number>.
refuse-no-game-in-channel = There is no game in this channel yet; start one with /play, or add game:<number> to see one from elsewhere.

# Several games fit: $intro, then the games.
which-game = { $intro }: { $games }. Add game:<number> to say which.
which-yours = { $over ->
    [yes] You have { $count } games that are over in this channel
   *[no] You have { $count } games in this channel
}
which-here = { $over ->
    [yes] There are { $count } games that are over in this channel
   *[no] There are { $count } games in this channel
}
which-latest = { $intro }; here is the latest, #{ $game }. To see another, add game:<number>: { $others }.
which-more = and { $count } more

# Challenges.
refuse-bad-rated = rated={ $typed } is not a choice: say rated=yes (the result changes ratings) or rated=no.
refuse-never-rated = { $why ->
    [computer] Games against the computer are never rated: leave out rated=yes.
   *[handicap] A game with a handicap is never rated: leave out rated=yes.
}
refuse-bad-days = days={ $typed } is not a time control: choose days={ $choices } per move, or days=none.
refuse-no-seed = The bot shuffles the set-up itself, so a challenge takes no seed; leave it out.
refuse-challenge-yourself = You can't challenge yourself; leave out the opponent for an open challenge anyone here may accept.
refuse-named-twice = You named { $name } twice.
refuse-too-many-opponents = { $max ->
    [2] { $kind } is a game for two: name one opponent, a person or the computer (or none for an open challenge).
   *[other] { $kind } seats at most { $max } players: name up to { $opponents } opponents.
}
refuse-challenge-gone = That challenge is no longer waiting.
refuse-not-a-challenge = Game #{ $game } is not a challenge waiting for an answer.
refuse-several-challenges = Several challenges wait here: { $challenges }. Add game:<number> to say which.
refuse-no-challenge-for-you = There's no challenge waiting for you in this channel.
refuse-own-challenge = That's your own challenge; wait for an opponent, or /cancel it.
refuse-not-for-you = That challenge is for { $name }, not you.
refuse-nothing-to-decline = There's no challenge to you in this channel to decline.
refuse-decline-own = That's your own open challenge; use /cancel to withdraw it.
refuse-decline-open = An open challenge can't be declined; just leave it, or let its challenger /cancel it.
refuse-nothing-to-cancel = You have no challenge waiting in this channel.
refuse-cancel-not-yours = Only { $name } can cancel their challenge.

# What /board says of a game that has no board yet.
waiting-declined = Game #{ $game } never started: its challenge was declined.
waiting-withdrawn = Game #{ $game } never started: its challenge was withdrawn.
waiting-challenge = Game #{ $game } is a challenge waiting for an answer: { $what }.
    {"**"}{ $title }**
    { $how }
waiting-named-what = { $from } challenges { $named }
waiting-named-how = { $accepted ->
    [yes] { $joined } accepted; { $waiting } can /accept or /decline it (game:{ $game }). { $host } may also /start it now.
   *[no] { $waiting } can /accept or /decline it (game:{ $game }).
}
waiting-table-what = { $host }'s open table, { $count } seated ({ $names })
waiting-table-how = Anyone here may /accept it (game:{ $game }) to sit down; { $host } starts it with /start.
waiting-open-what = an open challenge by { $from }
waiting-open-how = Anyone here may /accept it (game:{ $game }).

# Setting a game up.
setup-unknown-game = There is no game '{ $name }'; the games are { $games }.
setup-no-shuffle = { $game } has no shuffled set-up, so it takes no seed.
setup-bad-seed = The seed is a whole number from 0 to 18446744073709551615, not '{ $seed }'.
setup-bad-position = That position can't be read: { $error }.
option-malformed = '{ $typed }' is not an option: write key=value, for example board=far.
option-unknown-key = { $game } has no option '{ $key }'; its options are { $known }.
option-repeated = { $key } is given twice; give each option once.
option-bad-value = '{ $value }' is not a value of { $key }: it takes { $expected }.
option-expected-crawlers = `none` or any of `S`, `M`, `B` separated by commas
option-expected-handicap = `@player:N` in a challenge, or seat:N pairs like `2:5,3:4` (N from 1 to 9); `none` for no handicap

# A Skakanie player leaving when the rules do not let them.
refuse-cannot-leave = You can't leave now: { $reason }.

# Takebacks and draws asked of nobody, or of nothing.
refuse-no-draws = { $kind } is decided by score, so there are no draw offers; equal best scores share the win.
refuse-nothing-to-take-back = No move has been played yet, so there is nothing to take back.
refuse-nobody-to-offer = There is nobody here to offer a draw to.
refuse-nothing-of-yours = You haven't moved yet in this game, so there is nothing of yours to take back.
refuse-left-since = A player left the game since your move, and leaving can't be taken back.
refuse-last-was-leaving = The last ply was a player leaving the game, and leaving can't be taken back.
refuse-not-your-last = You can only take back your own last move while nobody has played after it, and the last one was { $who }'s.

# Part of a Skakanie turn played: the mover alone hears it ($public: no), unless it ended a proposal.
move-mid-turn = { $public ->
    [yes] { $who } played { $moves } in game #{ $game }: { $count ->
        [one] { $count } action left this turn.
       *[other] { $count } actions left this turn.
    }
   *[no] You played { $moves } in game #{ $game }: { $count ->
        [one] { $count } action left this turn.
       *[other] { $count } actions left this turn.
    }
}

# /claim: the win on time.
claim-no-clock = Game #{ $game } is not played on time, so there is no win to claim.
claim-your-turn = It's your own turn in game #{ $game }: move instead (there is still time until the game ends by timeout).
claim-computer = The computer is thinking about its move in game #{ $game }; it never runs out of time.
claim-paused = Game #{ $game } is paused; its clock is stopped.
claim-time-left = { $who } still has { $left } to move in game #{ $game }.
claim-claimed = { $who } claimed the win on time. { $headline }

# /pause and /resume.
pause-no-clock = Game #{ $game } has no clock, so there is nothing to pause: take your time.
pause-already = Game #{ $game } is already paused; /resume starts its clock again.
pause-done = { $who } agreed: game #{ $game } is paused.
pause-not-paused = Game #{ $game } is not paused.
pause-resumed = { $who } resumed game #{ $game }.

# /abort.
abort-too-late = Game #{ $game } can't be aborted: every side has moved. Resign (/resign) or offer a draw (/draw) instead.
abort-done = { $who } aborted game #{ $game } before every side had moved: no result, no rating change.

# /history.
history-not-started = Game #{ $game } hasn't started, so it has no history yet.
history-posted = The history of game #{ $game } ({ $kind }, { $players }): { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}, { $fits ->
    [yes] and a replay of { $frames ->
        [one] { $frames } frame
       *[other] { $frames } frames
    }.
   *[no] and no replay: its { $frames } frames would not fit Discord's upload limit.
}
history-loaded = Loaded a record of { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
} as game #{ $game }.
history-unreadable = I can't load that record: { $error }.
