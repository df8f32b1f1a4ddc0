# Слова на картинке доски: её шапка (чей ход, итог, номер хода) и
# собственные подписи каждой игры. Картинки видят все, на языке сервера.
# { $side } — название стороны (side-*); имена игроков и нотация остаются как есть.

board-to-move = { $verb ->
    [play] Ход: { $side }
   *[move] Ход: { $side }
}
board-wins = Победа: { $side }
board-share-win = { $sides }: общая победа
board-and = { $left } и { $right }
board-draw = Ничья
board-rounds-played = { $count ->
    [one] сыгран { $count } круг
    [few] сыграно { $count } круга
   *[many] сыграно { $count } кругов
}
board-round-left = Круг { $round } · { $count ->
    [one] осталось { $count } действие
    [few] осталось { $count } действия
   *[many] осталось { $count } действий
}
board-moves-played = { $count ->
    [one] сыгран { $count } ход
    [few] сыграно { $count } хода
   *[many] сыграно { $count } ходов
}
board-move-number = ход { $number }
board-game-number = Партия #{ $game } · { $detail }

gyges-goal-label = финиш · победа: { $side }
# The tab beside the row a side moves from: the side's initial.
gyges-tab-south = Ю
gyges-tab-north = С
gyges-to-place = Расстановка: { $side }
gyges-all-placed = все расставлены
# Партия окончена во время расстановки: что сторона не успела поставить.
gyges-unplaced = Не расставлено: { $side }
gyges-moves-from-row = Ход: { $side }, из ряда { $row }
gyges-cannot-move = Нет хода: { $side }

skakanie-stacks-left = { $count ->
    [one] осталась { $count } стопка
    [few] остались { $count } стопки
   *[many] осталось { $count } стопок
} · круг { $round }
skakanie-stacks-left-last-round = { $count ->
    [one] осталась { $count } стопка
    [few] остались { $count } стопки
   *[many] осталось { $count } стопок
} · последний круг
skakanie-player = Игрок { $number }
skakanie-over = Партия окончена: очки итоговые.
skakanie-actions-left = { $who }: { $count ->
    [one] осталось { $count } действие
    [few] осталось { $count } действия
   *[many] осталось { $count } действий
}
skakanie-left-game = вне игры
skakanie-score = очки: { $score }
skakanie-no-pieces = кусочков пока нет
skakanie-pieces = { $count ->
    [one] { $count } кусочек
    [few] { $count } кусочка
   *[many] { $count } кусочков
} · части: { $parts }

# Результат, решённый не на доске; { $reason } — слова из записи партии.
board-result-draw = Ничья — { $reason }
board-result-wins = Победа: { $sides } — { $reason }
board-waiting = Ждёт ответа на вызов
board-never-started = Не начиналась
board-aborted = Прервана

# Как закончилась партия, по её записи; { $who } — игрок со своей стороной.
reason-reached-the-goal = цель достигнута
reason-the-best-score = лучший счёт
reason-shared-the-best-score = лучший счёт поровну
reason-everyone-else-left = все остальные вышли
reason-agreed-to-a-draw = по согласию
reason-no-moves = ни у кого нет хода
reason-repetition = позиция повторилась трижды
reason-move-limit = достигнут предел ходов
reason-resigned = { $who } сдаётся
reason-withdrew = { $who } выбывает из турнира
reason-ran-out-of-time = { $who } проигрывает по времени

# Jump Sturdy: шашки каждой стороны рядом с доской.
board-men = { $count ->
    [one] { $count } шашка
    [few] { $count } шашки
    [many] { $count } шашек
   *[other] { $count } шашки
}

# Настройка игры так, как её называют картинки и страницы (только отличные от обычных).
optword-gyges-setup = { $value ->
    [random] случайные ряды
    [mirror] зеркальные ряды
   *[other] расстановка игроками
}
optword-gyges-displace = { $value ->
    [on] с вытеснением
   *[other] без вытеснения
}
optword-jumpers-board = { $value ->
    [far] ворота далеко друг от друга
   *[other] ворота рядом
}
optword-jumpers-goal = { $value ->
    [long] длинная цель: все три ворот
   *[other] короткая цель: любые ворота
}
optword-jumpers-step = { $value ->
    [on] шаги разрешены
   *[other] без шагов
}
optword-jumpers-crawlers = ползуны: { $value }
optword-jumpers-height = { $value ->
    [relative] относительная высота
   *[other] абсолютная высота
}
optword-skakanie-players = игроков: { $value }
optword-skakanie-actions = действий за ход: { $value }
optword-skakanie-handicap = фора: { $value }
optword-skakanie-bury = { $value ->
    [on] можно закапывать
   *[other] без закапывания
}
optword-skakanie-start = { $value ->
    [same-corner] все начинают в одном углу
   *[other] старт в углах
}
optword-skakanie-score = { $value ->
    [harsh] строгий счёт
   *[other] обычный счёт
}
optword-skakanie-pass = { $value ->
    [on] можно пропускать
   *[other] без пропусков
}
