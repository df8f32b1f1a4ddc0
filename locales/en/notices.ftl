# Notices of the move clock, posted in the game's channel, and a player leaving a game.
# { $who } is a player with their side, "alice (White)"; { $left } and { $grace } are
# durations (duration-*).

notice-reminder = ⏰ { $who }: a quarter of your time is left in game #{ $game }: { $left } to move.
notice-out-of-time = ⌛ { $who } ran out of time in game #{ $game }. Any other player may claim the win now (/claim); if nobody does, the game ends by timeout in { $grace }.
notice-timed-out = { $who } ran out of time in game #{ $game }.
forfeit-over = { $who } { $why ->
    [resigned] left
    [withdrew] withdrew from the tournament and leaves
   *[timeout] ran out of time and leaves
} game #{ $game }.
forfeit-on = { $who } { $why ->
    [resigned] left
    [withdrew] withdrew from the tournament and leaves
   *[timeout] ran out of time and leaves
} game #{ $game }: the others play on, and all of them will rank above { $who }.
