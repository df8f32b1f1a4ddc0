# /help: one message a line; lines whose id ends in -more are shown indented under the one before.

help-title = **Leapfrog** plays abstract jumping-and-stacking games.
help-play = /play game:<game> [opponent:@user] [options]: challenge someone (or anyone here, without an opponent)
help-play-skakanie-more = Skakanie seats 2 to 4: name up to three opponents, or open a table and /start it when people have joined
help-play-computer-more = Play the computer: opponent:@Leapfrog (console: @ai), level:1-5 (3 by default), or computers:1; it starts at once
help-answer = /accept, /decline, /cancel, /start: answer, withdraw or start a challenge (a challenge naming you comes before open ones)
help-leave = /leave: stand up from a Skakanie table you joined, before it starts
help-move = /move move:<e3-h6>: play a move (the list autocompletes); in Skakanie a turn: /move take right take
help-look = /board: show the board · /games: your games · /history: a game's record and replay · /web: play on the game's page
help-offers = /resign · /draw [accept|decline] · /takeback [accept|decline]
help-offers-more = An offer stands until answered or withdrawn; moving instead of answering refuses it (a takeback request also ends with its asker's next move)
help-days = Over days: days:1|2|3|5|7|14 in /play for a clock · /claim a win on time · /pause and /resume
help-settings = /settings notify:channel|dm|off: how your turn reaches you (admins: threads:on|off) · language:en|ru|pl: the language you read (admins: the server's)
help-ratings = Ratings: games between people are rated (rated:no in /play for a friendly) · /abort a game before every side has moved
help-rating-commands = /rating [user] [game] · /leaderboard game:<game> [scope:server|global] · /profile [user]: games, streaks, rating history
help-privacy = /privacy: what the bot keeps about you, and for how long · /forget-me: delete it (asks first)
help-rules = /rules game:<game> [page:N]: how to play a game, page by page, with its options
help-which-game = Commands act on your only game in the channel (/board and /history, for onlookers, on the channel's only game); add game:<number> when there are several.
help-analyse = /analyse: the computer reviews a finished game, move by move, and names the mistakes with better moves
help-puzzle = /puzzle [game] [daily]: a position to solve; answer with /puzzle answer:<move>
help-tournament = /tournament create, join, leave, start, show, list: round-robins and Swiss tournaments in this channel
