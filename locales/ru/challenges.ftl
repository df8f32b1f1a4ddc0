# Вызовы, как они публикуются в канале: сам вызов, ответ на него, начало партии.
# { $who }, { $from }, { $named } — имена игроков (несколько имён — через «, »).

challenge-named = { $title }: { $rated ->
    [yes] рейтинговый вызов
    [no] вызов без рейтинга
   *[none] вызов
} — { $from } → { $named }
challenge-open = { $title }: открытый { $rated ->
    [yes] рейтинговый вызов
    [no] вызов без рейтинга
   *[none] вызов
} — { $from }
challenge-answer = **{ $name }**, /принять или /отклонить.
challenge-anyone = Принять вызов может любой в этом канале: /принять.
challenge-computer = { $from } играет с компьютером: { $named }.
challenge-accepted = { $who } принимает вызов: { $from } → { $who } ({ $kind }, партия #{ $game }).
challenge-declined = { $who } отклоняет вызов: { $from } → { $who } (партия #{ $game }).
challenge-withdrawn = { $who } отзывает свой вызов (партия #{ $game }).
game-begins = { $headline } Партия #{ $game } начинается.
game-turn-order = Порядок ходов (по жребию): { $order }
button-accept = Принять
button-decline = Отклонить
button-cancel = Отменить
