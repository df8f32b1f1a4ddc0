# Доска, которую бот публикует после каждого хода для всех в канале: её заголовок, кто ходит,
# часы, результат и кнопки. { $who } — игрок со своей стороной, «alice (Белые)»; ходы и
# позиции — это нотация.

game-title = Партия #{ $game } · { $kind }{ $options }{ $days ->
    [0] {""}
    [one] {" "}· { $days } день на ход
    [few] {" "}· { $days } дня на ход
   *[many] {" "}· { $days } дней на ход
}
game-handicap = у { $name } { $count ->
    [one] { $count } действие
    [few] { $count } действия
   *[many] { $count } действий
} за ход
game-to-move = Ход { $number } · ходит **{ $who }**
game-to-move-after = Ход { $number } · ходит **{ $who }** · последний ход { $move }
game-actions-to-move = Ходит **{ $who }**: в этом ходе { $count ->
    [one] осталось { $count } действие
    [few] осталось { $count } действия
   *[many] осталось { $count } действий
}. Напишите /ход take right take или воспользуйтесь кнопками.
game-over = Партия окончена — { $result }.
game-waiting = Ждём, пока вызов примут.
game-never-started = Эта партия так и не началась.
game-aborted = Партия прервана до того, как сходили все стороны: результата нет.
game-scores = Очки: { $scores }
game-score-left = { $who } — вне игры
game-score = { $who } { $score }
game-position = Позиция: `{ $position }`
game-played = { $who }: ход { $moves }.
game-ratings = Рейтинг ({ $kind }): { $changes }
result-draw = ничья ({ $reason })
result-wins = победа: { $winners } ({ $reason })

button-leave = Уйти
button-offer-draw = Предложить ничью
button-resign = Сдаться
button-resume = Продолжить
button-claim-win = Победа по времени
button-pause = Пауза
button-board = Доска

clock-paused = ⏸ Пауза по договорённости; оставшееся время игрока { $who }: { $left } ({ $per }). Команда /продолжить снова запустит часы.
clock-out = ⌛ У игрока { $who } закончилось время: остальные могут заявить о победе; через { $grace } партия завершится по времени.
clock-running = ⏳ Ходит { $who }; оставшееся время: { $left } ({ $per }).
duration-none = нет времени
duration-min = { $m } мин
duration-h = { $h } ч
duration-h-min = { $h } ч { $m } мин
duration-d = { $d } д
duration-d-h = { $d } д { $h } ч

# Кнопки действий Скаканья (стрелкам слова не нужны).
button-action-take = Взять
button-action-bury = Закопать
button-action-pass = Пас

# Компьютер как игрок, с уровнем (от 1 до 5; 0 — неизвестный уровень).
player-computer = { $level ->
    [0] Leapfrog (компьютер)
   *[other] Leapfrog (уровень { $level })
}
