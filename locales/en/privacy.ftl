# /privacy and /forget-me: what the bot keeps about a player, and deleting it. Only the
# caller sees these.

privacy-title = **What Leapfrog keeps about you** (only you see this)
privacy-settings-none = Settings: none (you never used /settings, and your Discord language has not been noted).
privacy-settings = Settings: your turn reaches you { $notify ->
    [channel] by a mention in the game's channel
    [dm] by direct message
   *[off] not at all
}; the language you chose: { $language }; your Discord language, noted so that direct messages reach you in it: { $discord }.
privacy-not-chosen = none
privacy-not-noted = not noted
privacy-ratings-none = Ratings: none (you have played no rated game).
privacy-ratings = Ratings, one per game, with your results and your rating after every rated game (for /rating, /profile and /leaderboard):
privacy-games-none = Games: none with you in them.
privacy-games = Games: { $count ->
    [one] one game
   *[other] { $count } games
} with you in them ({ $playing } in progress), each with its players' names as they were when it began (yours: { $names }), where it was played, its moves, dates and result.
privacy-challenges = Challenges waiting for an answer that name you or that you made: { $count }.
privacy-boards = Links to where the latest board of { $count ->
    [one] one of these games
   *[other] { $count } of these games
} was posted (server, channel, message).
privacy-nothing-else = All of it is filed under your Discord user id. Nothing else is kept: no messages, no e-mail address, no list of your servers.
privacy-how-long = How long: settings and ratings until you delete them; games, the shared record of everyone who played them, until the bot's admin deletes them (and the admin's backups as long as the admin keeps them).
privacy-forget = To be forgotten: /forget-me. For anything else, ask whoever runs this bot.
# The name shown for a player who asked to be forgotten.
player-forgotten = Former player
forget-me-playing = You are still playing { $count ->
    [one] game { $games }
   *[other] games { $games }
}: finish or resign first (/resign), then ask again.
forget-me-tournaments = You are still in { $count ->
    [one] tournament { $tournaments }
   *[other] tournaments { $tournaments }
}: leave first (/tournament leave), then ask again.
forget-me-ask = **Forget you?** This deletes your settings and your ratings, withdraws or declines your { $challenges } waiting { $challenges ->
    [one] challenge
   *[other] challenges
}, and removes your name and id from your { $games } finished { $games ->
    [one] game
   *[other] games
}: the others keep their games, which then show a former player in your seat. It cannot be undone. Press the button to go ahead (console: /forget-me confirm).
forget-me-button = Yes, forget me
forget-me-done = Done: you are forgotten. { $ratings ->
    [one] One rating
   *[other] { $ratings } ratings
} and your settings deleted, { $challenges ->
    [one] one challenge
   *[other] { $challenges } challenges
} ended, { $games ->
    [one] one game shows
   *[other] { $games } games show
} a former player in your seat. Backups the admin made earlier still hold the old data until they are replaced.
