# Доска, которую бот публикует после каждого хода для всех в канале: её заголовок, кто ходит,
# часы, результат и кнопки. { $who } — игрок со своей стороной, «alice (Белые)»; ходы и
# позиции — это нотация.

game-title = Партия #{ $game } · { $kind }{ $options }{ $days ->
    [0] {""}
    [one] {" "}· { $days } день на ход
    [few] {" "}· { $days } дня на ход
   *[many] {" "}· { $days } дней на ход
}
game-handicap = { $name }: { $count ->
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
}.
game-actions-hint = Напишите /ход взять вправо взять или воспользуйтесь кнопками.
game-over = Партия окончена: { $result }.
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
result-wins = побеждает { $winners } — { $reason }

button-leave = Уйти
button-offer-draw = Предложить ничью
button-resign = Сдаться
button-resume = Продолжить
button-claim-win = Победа по времени
button-pause = Пауза
button-move = Ход
button-board = Доска

clock-paused = ⏸ Пауза по договорённости; { $who }: осталось { $left } ({ $per }). Команда /продолжить снова запустит часы.
clock-out = ⌛ { $who }: время вышло. Остальные могут заявить о победе, иначе через { $grace } партия завершится по времени.
clock-running = ⏳ Ходит { $who }; оставшееся время: { $left } ({ $per }).
duration-none = нет времени
duration-min = { $m } мин
duration-h = { $h } ч
duration-h-min = { $h } ч { $m } мин
duration-d = { $d } дн.
duration-d-h = { $d } дн. { $h } ч

# Кнопки действий Скаканья (стрелкам слова не нужны).
button-action-take = Взять
button-action-bury = Закопать
button-action-pass = Пас

# Действия Скаканья так, как их называют строки ходов (/ход понимает и эти слова).
action-take = взять
action-up = вверх
action-down = вниз
action-left = влево
action-right = вправо
action-bury = закопать
action-pass = пас

# Компьютер как игрок, с уровнем (от 1 до 5; 0 — неизвестный уровень).
player-computer = { $level ->
    [0] Leapfrog (компьютер)
   *[other] Leapfrog (уровень { $level })
}
