# Proposals one player makes and the others answer: a draw, a takeback, a pause.
# Every message chooses by $kind: draw, takeback or pause.

# What the proposal is called, for the messages below (it reads their $kind).
offer-noun = { $kind ->
    [draw] draw offer
    [takeback] takeback request
   *[pause] pause proposal
}

offer-made = { $kind ->
    [draw] { $who } offers a draw in game #{ $game }.
    [takeback] { $who } asks to take back { $turn } in game #{ $game }.
   *[pause] { $who } proposes to pause game #{ $game } (the clock stops until someone resumes).
}
offer-button-accept = { $kind ->
    [draw] Accept draw
    [takeback] Allow takeback
   *[pause] Agree to pause
}
offer-button-decline = { $kind ->
    [draw] Decline
   *[other] Refuse
}
offer-answer-first = First answer the open { offer-noun } (or withdraw it); then ask again.
offer-agreed-waiting = { $who } agrees to the { offer-noun } in game #{ $game }; waiting for { $waiting }.
offer-already = { $kind ->
    [draw] You have already offered a draw; wait for the answer.
    [takeback] You have already asked for a takeback; wait for the answer.
   *[pause] You have already proposed a pause; wait for the answer.
}
offer-yours = You made this { offer-noun }; { $answerers } must answer it (or /{ $kind } decline to withdraw it).
offer-none-to-accept = There is no { offer-noun } to accept.
offer-none-to-decline = { $kind ->
    [draw] There is no draw offer to decline.
   *[other] There is no { offer-noun } to refuse.
}
offer-declined = { $own ->
    [yes] { $who } withdrew the { offer-noun } in game #{ $game }.
   *[no] { $kind ->
        [draw] { $who } declined the draw in game #{ $game }.
        [takeback] { $who } refused the takeback in game #{ $game }.
       *[pause] { $who } refused the pause in game #{ $game }.
    }
}
offer-stands = { $who }'s { offer-noun } still stands for { $answerers } to answer.
offer-lapsed = { $own ->
    [yes] { $who } moved on, so their { offer-noun } lapsed.
   *[no] { $mover } moved instead of answering, so { $who }'s { offer-noun } lapsed.
}
offer-nobody = nobody

offer-draw-accepted = { $who } accepted the draw.
offer-takeback-done = { $who } agreed: { $moves } was taken back.
offer-computer-draw = { $accepts ->
    [yes] { $who } offered a draw and { $them } accepted.
   *[no] { $who } offered a draw in game #{ $game }; { $them } declines and plays on.
}
offer-computer-takeback = { $who } took back { $moves }: the computer allows it at once.
