# Вызовы, как они публикуются в канале: сам вызов, ответ на него, начало партии.
# { $who }, { $from }, { $named } — имена игроков (несколько имён — через «, »).

challenge-named = { $title }: { $from } вызывает { $named }{ $rated ->
    [yes] {" "}(рейтинговый)
    [no] {" "}(без рейтинга)
   *[none] {""}
}
challenge-open = { $title }: открытый вызов от { $from }{ $rated ->
    [yes] {" "}(рейтинговый)
    [no] {" "}(без рейтинга)
   *[none] {""}
}
challenge-answer = **{ $name }**, /принять или /отклонить.
challenge-anyone = Принять вызов может любой в этом канале: /принять.
challenge-computer = { $from } вызывает { $named } (партия #{ $game }).
challenge-accepted = { $who } принимает вызов от { $from } ({ $kind }, партия #{ $game }).
challenge-declined = { $who } отклоняет вызов от { $from } (партия #{ $game }).
challenge-withdrawn = { $who } отзывает свой вызов (партия #{ $game }).
game-begins = { $headline } Партия #{ $game } начинается.
game-turn-order = Порядок ходов (по жребию): { $order }
button-accept = Принять
button-decline = Отклонить
button-cancel = Отменить
