# A player's own list of games (/games, and the game numbers Discord suggests as they type).
# { $line } is a challenge's line (challenge-named, challenge-open), { $title } a game's
# title (game-title), { $opponents } names joined with ", ", { $count } how many. A name is
# given with a label ("opponent: bob"): languages that decline names cannot put one in a sentence.

list-your-challenge = { $line }: your challenge, waiting for an answer
list-joined = { $line }: you have joined; waiting for { $host } to start
list-to-accept = { $line }: waiting for you to /accept
list-active = { $title } · { $count ->
    [one] opponent
   *[other] opponents
}: { $opponents }; { $whose }
list-your-turn = your turn
list-their-turn = { $name }'s turn
list-over = { $title } · { $count ->
    [one] opponent
   *[other] opponents
}: { $opponents }; over ({ $reason })
list-never-started = { $title }: never started
list-aborted = { $title } · { $count ->
    [one] opponent
   *[other] opponents
}: { $opponents }; aborted
games-none = You have no games in progress. Start one with /play.
games-yours = Your games:
games-paused = paused
games-out-of-time = out of time
games-time-left = { $left } left
games-latest-board = [latest board]({ $link })
