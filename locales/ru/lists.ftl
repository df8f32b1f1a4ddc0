# Собственный список партий игрока (/партии, а также номера партий, которые Discord подсказывает при вводе).
# { $line } — строка вызова (challenge-named, challenge-open), { $title } — заголовок партии
# (game-title), { $opponents } — имена через «, ».

list-your-challenge = { $line }; ваш вызов ждёт ответа
list-joined = { $line }; вы уже в игре, ждём, когда { $host } её начнёт
list-to-accept = { $line }; ждём вашего ответа: /принять
list-active = { $title } · { $count ->
    [one] соперник
   *[other] соперники
}: { $opponents }; { $whose }
list-your-turn = ваш ход
list-their-turn = ход: { $name }
list-over = { $title } · { $count ->
    [one] соперник
   *[other] соперники
}: { $opponents }; окончена ({ $reason })
list-never-started = { $title }: так и не началась
list-aborted = { $title } · { $count ->
    [one] соперник
   *[other] соперники
}: { $opponents }; прервана
games-none = У вас нет текущих партий. Начните новую командой /играть.
games-yours = Ваши партии:
games-paused = на паузе
games-out-of-time = время вышло
games-time-left = осталось: { $left }
games-latest-board = [последняя доска]({ $link })
