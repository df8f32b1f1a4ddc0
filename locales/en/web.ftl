# The game's page in a browser (`/games/N`).
web-title = { $kind } · game #{ $game }
web-first = First
web-back = Back
web-forward = Forward
web-last = Last
web-moves = Moves
web-start = Start
web-ply = Move { $ply } of { $plies }
web-start-of = Start position, { $plies ->
    [one] { $plies } move
   *[other] { $plies } moves
} in all
web-keys = Arrow keys step through the game; Home and End go to its start and end. On your move, Tab reaches the lit places on the board, the arrow keys go between them, Enter chooses.
web-board = The board after move { $ply }
web-board-start = The board at the start
web-no-game = There is no game #{ $game }.
web-bad-number = "{ $text }" is not a game number.
web-bad-ply = "{ $text }" is not a move number: give one from 0 to { $plies }.
web-failed = This game could not be shown: the server could not read it. Try again later.
web-console = Game pages in a browser: { $url } (game 1; change the number for another)
web-your-turn = Your move: tap a piece, then where it goes.
web-your-turn-buttons = Your move: choose an action below.
web-your-turn-place = Your move: tap a piece from your hand, then a free square of your home row.
web-hint-where = Now tap where it goes.
web-hint-drop = It lands on a piece: tap the empty square where that piece goes.
web-hint-square = Now tap a free square of your home row.
web-hint-piece = Now tap the piece from your hand to put there.
web-turn-board = Turn the board
web-tab-your-move = Your move
web-wait = Waiting for the other player's move.
web-answer-resign = Resign
web-answer-draw = Offer or accept a draw
web-answer-draw-decline = Decline the draw
web-answer-takeback = Ask to take back
web-answer-takeback-decline = Refuse the takeback
web-resign-sure = Resign this game? It cannot be undone.
web-which = Which one?
web-offline = Your move did not reach the bot (the connection dropped), so it was not played: try again.
web-lost = Connection lost: reconnecting…
web-link-forged = This link is not one the bot made, so it cannot play: ask for a new one with /web.
web-link-other-game = This link is for another game: ask for this game's link with /web.
web-link-expired = This link has expired: ask for a new one with /web.
web-link-revoked = This link was revoked: ask for a new one with /web.
web-link-missing = Only a player can move, through the personal link the bot gives them (/web).
web-cross-site = Refused: moves are made only from the game's own page.
web-bad-request = The page sent something the bot does not understand: reload it.
web-too-large = The page sent far more than a move: the bot did not read it. Reload the page.
web-too-fast = Too many requests at once: wait a few seconds.
web-read-only = These pages only show games: moves are made in Discord or the console.
web-stale = Someone moved meanwhile: the page now shows the game as it is.
web-link-yours = Your own link to play game #{ $game } on its page: { $link }
    It works only for you, for 30 days: don't share it (anyone with it can move for you). /web revoke ends every link you were given.
web-link-watch = Game #{ $game } on its page: { $link }
web-link-aside = Your own page of game #{ $game }: play there by tapping. It plays for you, so keep the link to yourself.
web-revoked = Every link to game pages you were given no longer works. /web gives you a new one.
web-off = The game pages are not set up on this bot: its admin turns them on with [web] listen in config.toml.
button-web-open = Open the page
parse-bad-web-revoke = '{ $typed }' is not yes or no: /web revoke ends your links
button-web-watch = Watch live
button-web-play = Play on the page

## The Discord Activity
activity-title = Leapfrog
activity-loading = Asking Discord who you are…
activity-failed = The Activity could not start.
activity-none = No games in this channel yet: start one below.
activity-games = Games
activity-puzzles = Puzzles
activity-puzzles-open = Solve puzzles
activity-challenges = Waiting for an opponent
activity-new-game = New game
activity-anyone = Against anyone here
activity-computer = Against the computer
activity-accept = Accept
activity-decline = Decline
activity-cancel = Withdraw
activity-start = Start now
activity-leave = Leave the table
activity-not-there = Discord does not place you in this Activity: close it and open it again from the channel.
activity-no-token = This Activity shows and plays games, but cannot start or answer challenges: the bot's admin has not given it the bot's token.
activity-play = Play
activity-watch = Watch
activity-your-turn = Your turn
activity-lost = Connection lost: reconnecting…
activity-off = This bot does not run as a Discord Activity: its admin sets [discord] client_secret and application_id to turn it on.
activity-refused = Discord did not confirm who you are: close the Activity and open it again.
activity-unreachable = Discord could not be reached to confirm who you are. Try again in a moment.
button-launch = Play in Discord
web-standings = Standings
web-no-tournament = There is no tournament #{ $text }.
button-web-standings = Standings page
web-ratings = Ratings
web-recent-games = Latest games
web-rating-chart = Rating after each rated game
web-no-player = There is nobody numbered { $text } here.
web-profile-refused = This profile link does not open the page (it was changed, has expired or was revoked): ask /profile for a new one.
button-web-profile = Profile page
web-typed-label = Or type your move
web-typed-play = Play
web-played = Move { $ply }: { $move }

# A finished game's analysis on its page.
web-analysis-heading = Analysis
web-analysis-offered = The engine can go through this game: each side's accuracy, a chart of the winning chances, and every mistake with the better move.
web-analysis-ask = Analyse this game
web-analysis-running = The engine is going through this game; the analysis shows here when it is done.
web-analysis-depth = Each position searched { $depth ->
    [one] { $depth } ply
   *[other] { $depth } plies
} deep or more. Tap the chart or a mistake to see its position.
web-analysis-chart = Winning chances move by move
button-web-analysis = Analysis on the page
# A player's puzzle page (/puzzle's link).
button-web-puzzle = Solve on the page
web-puzzle-title = { $kind } puzzle #{ $number }
web-puzzle-refused = This puzzle link does not open the page (it was changed, has expired or was revoked): ask /puzzle for a new one.
web-puzzle-none = No puzzle yet: the button below gives you one near your level.
web-puzzle-next = Next puzzle
web-puzzle-you = You
web-puzzle-defence = Defence
