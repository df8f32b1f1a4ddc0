# Challenges as posted in the channel: the challenge, its answer, the game beginning.
# { $who }, { $from }, { $named } are players' names (several joined with ", ").

challenge-named = { $title }: { $from } challenges { $named }{ $rated ->
    [yes] {" "}(rated)
    [no] {" "}(unrated)
   *[none] {""}
}
challenge-open = { $title }: open challenge by { $from }{ $rated ->
    [yes] {" "}(rated)
    [no] {" "}(unrated)
   *[none] {""}
}
challenge-answer = **{ $name }**, /accept or /decline.
challenge-anyone = Anyone in this channel may /accept.
challenge-computer = { $from } plays the computer: { $named }.
challenge-accepted = { $who } accepted { $from }'s { $kind } challenge (game #{ $game }).
challenge-declined = { $who } declined { $from }'s challenge (game #{ $game }).
challenge-withdrawn = { $who } withdrew their challenge (game #{ $game }).
game-begins = { $headline } Game #{ $game } begins.
game-turn-order = Turn order (drawn at random): { $order }
button-accept = Accept
button-decline = Decline
button-cancel = Cancel
