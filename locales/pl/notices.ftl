# Powiadomienia zegara ruchów publikowane na kanale partii oraz odejście gracza z partii.
# { $who } to gracz ze swoją stroną, „alice (Białe)”; { $left } i { $grace } to
# czasy trwania (duration-*).

notice-reminder = ⏰ { $who }: w partii #{ $game } została ci ćwierć czasu na ruch — { $left }.
notice-out-of-time = ⌛ { $who }: koniec czasu w partii #{ $game }. Każdy inny gracz może teraz ogłosić wygraną (/wygrana-na-czas); jeśli nikt tego nie zrobi, za { $grace } partia zakończy się z powodu upływu czasu.
notice-timed-out = { $who }: koniec czasu w partii #{ $game }.
forfeit-over = { $why ->
    [resigned] { $who } odchodzi z partii #{ $game }.
    [withdrew] { $who } wycofuje się z turnieju i odchodzi z partii #{ $game }.
   *[timeout] { $who }: koniec czasu — odejście z partii #{ $game }.
}
forfeit-on = { $why ->
    [resigned] { $who } odchodzi z partii #{ $game }
    [withdrew] { $who } wycofuje się z turnieju i odchodzi z partii #{ $game }
   *[timeout] { $who }: koniec czasu — odejście z partii #{ $game }
}: pozostali grają dalej i w wyniku wszyscy będą wyżej niż { $who }.
