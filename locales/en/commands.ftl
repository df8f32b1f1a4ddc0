# The slash commands as Discord shows them: each command's name (the message) and its
# description (.desc); each option's name and description; each choice's label.
# Names: lowercase, 1-32 letters, digits, - or _; descriptions and labels: 1-100 characters.
# Game option keys (board, goal, setup, ...) keep their names in every language: they are
# notation, shown as typed in game records and pictures; their descriptions are translated.

cmd-play = play
    .desc = Challenge someone (or, without an opponent, anyone in this channel)
cmd-accept = accept
    .desc = Accept a challenge
cmd-decline = decline
    .desc = Decline a challenge addressed to you, or leave a table you joined
cmd-cancel = cancel
    .desc = Withdraw your challenge
cmd-leave = leave
    .desc = Leave a Skakanie table you joined, before it starts
cmd-start = start
    .desc = Start your Skakanie table with who has joined
cmd-move = move
    .desc = Play a move
cmd-board = board
    .desc = Show a game's board
cmd-games = games
    .desc = Your games and whose turn it is
cmd-resign = resign
    .desc = Give up a game
cmd-draw = draw
    .desc = Offer a draw, or answer an offer
cmd-takeback = takeback
    .desc = Ask to take back your last move, or answer
cmd-claim = claim
    .desc = Claim the win from a player who ran out of time
cmd-pause = pause
    .desc = Propose to pause a game's clock (vacation), or answer
cmd-resume = resume
    .desc = Start a paused game's clock again
cmd-history = history
    .desc = A game's record and animated replay (any game, by number)
cmd-settings = settings
    .desc = How you hear of your turn, and the language you read
cmd-rules = rules
    .desc = How to play a game, page by page, with its options
cmd-help = help
    .desc = What Leapfrog can do
cmd-abort = abort
    .desc = End a game before every side has moved: no result, no rating change
cmd-rating = rating
    .desc = A player's ratings (yours by default)
cmd-leaderboard = leaderboard
    .desc = A game's best-rated players
cmd-profile = profile
    .desc = A player's games, results, streaks and rating history
cmd-privacy = privacy
    .desc = What Leapfrog keeps about you, why and for how long
cmd-forget-me = forget-me
    .desc = Delete your settings and ratings and your name from past games (asks first)
cmd-web = web
    .desc = Your link to play a game on its page (or to watch one), or revoke your links

cmd-launch = launch
    .desc = Open Leapfrog as an Activity: the channel's games, played by tapping

opt-revoke = revoke
    .desc = End every link to game pages you were given
opt-game = game
    .desc = Which game
opt-game-number = game
    .desc = Which of your games (needed only when you have several here)
opt-answer = answer
    .desc = Propose, accept or decline
choice-offer = Offer
choice-request = Request
choice-propose = Propose
choice-accept = Accept
choice-decline = Decline
opt-opponent = opponent
    .desc = Who you challenge (Leapfrog itself: the computer); leave out for an open challenge
opt-opponent2 = opponent2
    .desc = Skakanie: a second opponent
opt-opponent3 = opponent3
    .desc = Skakanie: a third opponent
opt-level = level
    .desc = The computer's strength: 1 beginner to 5 strongest (3 by default)
opt-computers = computers
    .desc = Play the computer: how many computer opponents (Skakanie: up to 3)
opt-seat = seat
    .desc = Your seat (random by default)
choice-seat-random = Random
choice-seat-first = First (White, South): moves first
choice-seat-second = Second (Black, North)
opt-rated = rated
    .desc = Whether the result changes ratings (yes between people by default)
choice-rated-yes = Rated
choice-rated-no = Unrated
opt-days = days
    .desc = Time per move (correspondence play); none by default
choice-days-none = No clock
choice-days-per-move = { $count ->
    [one] { $count } day per move
   *[other] { $count } days per move
}
opt-move = move
    .desc = Your move, like e3-h6
opt-notify = notify
    .desc = Where your turn and reminders reach you
choice-notify-channel = A mention in the game's channel
choice-notify-dm = A direct message
choice-notify-off = Not at all
opt-threads = threads
    .desc = Server admins: a thread per game for its boards (on by default)
choice-threads-on = On: a thread per game
choice-threads-off = Off: boards in the channel
opt-language = language
    .desc = The language you read your answers in (your Discord's by default)
opt-server-language = server_language
    .desc = Server admins: the language of boards and notices here (the server's by default)
opt-page = page
    .desc = Which page of the rules (the first by default)
opt-rating-user = user
    .desc = Whose ratings (yours by default)
opt-profile-user = user
    .desc = Whose profile (yours by default)
opt-scope = scope
    .desc = This server's players (the default on a server) or everyone's
choice-scope-server = This server
choice-scope-global = Global

# A game option's description in /play: "<game>: <what it does>".
game-option = { $game }: { $help }
gameopt-gyges-setup = placement: take turns placing pieces on your start row; random: shuffled rows; mirror: North's row copies South's
gameopt-gyges-displace = on: a piece landing on another may take its place and put it elsewhere (the advanced rule)
gameopt-jumpers-board = near: gates side by side (beginners); far: gates at the corners and centre
gameopt-jumpers-goal = short: land on any enemy gate; long: be on top of all three enemy gates
gameopt-jumpers-step = on: any jumper may also step one cell onto a stack of its own level
gameopt-jumpers-crawlers = these pieces crawl 1..N cells, climbing or descending one level per cell
gameopt-jumpers-height = relative: a jumper's height limit counts from its own level
gameopt-skakanie-players = how many players (set from who joins; for perft and positions)
gameopt-skakanie-actions = actions per turn
gameopt-skakanie-handicap = one player gets another number of actions per turn, e.g. handicap=@ola:5
gameopt-skakanie-bury = on: an action may put the face-up piece at the bottom of its stack
gameopt-skakanie-start = corners: each pawn on its own corner stack; same-corner: all on the top-left one
gameopt-skakanie-score = harsh: other fragments of one piece cost 2 points each, larger ones 1
gameopt-skakanie-pass = on: a player may end a turn early with pass
