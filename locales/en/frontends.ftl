# The words the front ends add themselves: reading a typed command, Discord's move
# picker and confirmations, the bot's own notes there, and the console's transcript.

parse-no-command = commands start with /, like /play jumpers opponent:@bob
parse-unknown = there is no command /{ $name }; the commands are /{ $commands }
parse-missing = /{ $command } needs { $what }
parse-needs-game = a game, like /play jumpers
parse-needs-move = a move, like /move e3-h6
parse-needs-leaderboard-game = a game, like /leaderboard game:jumpers
parse-repeated = { $key } is given twice ({ $first } and { $second }); give it once
parse-does-not-apply = /{ $command } has no option { $key }; { $count ->
    [0] it takes none
    [one] it takes only { $takes }
   *[other] its options are { $takes }
}
parse-bad-game-number = '{ $typed }' is not a game number; games are numbered like #12
parse-bad-answer = '{ $typed }' is not an answer: say accept or decline (or nothing to propose)
parse-bad-computers = computers:{ $typed } is not a number of computer opponents: say 1, 2 or 3
parse-bad-forget-confirm = '{ $typed }' is not a confirmation: /forget-me shows what it deletes, /forget-me confirm deletes it
parse-bad-level-alone = level is the computer's strength, and nobody here is the computer: add opponent:@ai to play it
parse-bad-level = the computer's level is a number from 1 (beginner) to 5 (strongest), not '{ $typed }'
parse-bad-seat = '{ $typed }' is not a seat: say random, first (White, South) or second (Black, North)
parse-bad-threads = '{ $typed }' is not a thread choice: say on (a thread per game) or off
parse-bad-language = there is no language '{ $typed }': choose en, ru or pl
parse-bad-notify = '{ $typed }' is not a notification choice: say channel (a mention in the game's channel), dm (a direct message) or off
parse-bad-page = '{ $typed }' is not a page number: say 1 for the first page, 2 for the next, and so on

discord-other-bot = { $name } is a bot other than me; to play the computer, challenge me (Leapfrog) or add computers:1, or challenge a person.
discord-old-button = That button is from an older version of Leapfrog; ask for a fresh /board.
discord-not-in-dms = Games are played where every player sees the board: in a server's channel, or in a DM or group DM with your opponents (add Leapfrog to your apps to use it there), not in your messages with the bot.
discord-server-only = This command belongs to a server (its settings, tournaments or leaderboard): use it in a channel of a server that has added Leapfrog.
discord-in-thread = Game #{ $game } begins: it is played in { $thread }.
discord-private-placeholder = Only the person who asked can see this answer.
discord-private-failed = I could not send you my answer privately; please try again.
discord-crashed = Something went wrong on our side; your game is safe. Please try again.
# Under a direct message: where the game is played.
discord-dm-where = (in { $place })
discord-thread-lost = I can no longer post in this game's thread { $thread } (Discord error { $code }: it was deleted, or I lost a permission there), so the game goes on here.
discord-missing-permission = I need these permissions in { $place }: { $permissions } (Discord error { $code }). A server admin can give them to Leapfrog in the channel's settings, under Permissions. I say this once.
discord-no-thread = I could not open a thread for this game, so it is played here.
discord-channel-closed = I cannot post in { $place } any more, so this game's news comes to you by direct message.
# Discord's own names of its permissions, as its settings show them.
permission-view-channel = View Channel
permission-send-messages = Send Messages
permission-send-messages-in-threads = Send Messages in Threads
permission-create-public-threads = Create Public Threads
permission-attach-files = Attach Files

picker-no-move = You have no move to pick in that game right now.
picker-too-many = Too many pieces can move to list them here; type /move and pick from the suggestions.
picker-on-game = Game #{ $game }
picker-on-puzzle = Your puzzle
picker-which-piece = { $on }: which piece?
picker-piece = Piece
picker-gone = { $from } has no move now; the position may have changed. Ask for a fresh /board.
picker-where = { $drop ->
    [yes] { $on }: where does the piece displaced by { $from } go?
   *[no] { $on }: where does { $from } go?
}
picker-target = { $drop ->
    [yes] Drop
   *[no] Move
}

# "Are you sure?" before a button that cannot be undone: $action is its command (resign);
# any other gets the general question (a button's id is no word for people).
confirm-really = { $action ->
    [resign] Really resign? This cannot be undone.
    [leave-game] Really leave the game? Your place is then the last of those still playing; this cannot be undone.
   *[other] Are you sure? This cannot be undone.
}
confirm-yes = { $action ->
    [resign] Yes, resign
    [leave-game] Yes, leave
   *[other] Yes
}

console-no-user = start each line with the user who types it: @alice /play jumpers opponent:@bob
console-private = (only { $name } sees this)
console-buttons = buttons: { $labels }
console-moves = legal moves ({ $count }): { $moves }
console-notifies = notifies { $count ->
    [one] { $count } user
   *[other] { $count } users
}
console-direct = direct message to { $count ->
    [one] { $count } user
   *[other] { $count } users
}
console-not-written = { $what } not written to { $path }: { $error }
console-not-utf8 = line { $line } is not valid UTF-8 text; it was skipped

# The console's greeting when a person types at it.
console-banner = Leapfrog console. Type lines like: @alice /play jumpers opponent:@bob  (Ctrl-D to quit; @you /help)
parse-bad-tournament-hosts = '{ $typed }' is not a choice of who makes tournaments: say admins or everyone
parse-needs-tournament-action = what to do, like /tournament create, join, leave, start, cancel, remove, show or list
parse-needs-tournament-player = the player to remove, like /tournament remove @ola
parse-needs-tournament-format = a format, like /tournament create jumpers swiss (or round-robin)
parse-bad-tournament-action = '{ $typed }' is not a tournament action: say create, join, leave, start, cancel, remove, show or list
parse-bad-tournament-number = '{ $typed }' is not a tournament number: say like T3
parse-bad-tournament-format = '{ $typed }' is not a tournament format: say round-robin or swiss
parse-bad-tournament-count = '{ $typed }' is not a number
parse-bad-tournament-yes-no = '{ $typed }' is not yes or no
