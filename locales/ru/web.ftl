# Страница партии в браузере (`/games/N`).
web-title = { $kind } · партия №{ $game }
web-first = В начало
web-back = Назад
web-forward = Вперёд
web-last = В конец
web-moves = Ходы
web-start = Начало
web-ply = Ход { $ply } из { $plies }
web-start-of = Начальная позиция, всего { $plies } { $plies ->
    [one] ход
    [few] хода
   *[many] ходов
}
web-keys = Стрелками ← → можно листать ходы, Home и End — перейти к началу и концу партии.
web-board = Доска после хода { $ply }
web-board-start = Доска в начале партии
web-no-game = Партии №{ $game } нет.
web-bad-number = «{ $text }» — не номер партии.
web-bad-ply = «{ $text }» — не номер хода: укажите число от 0 до { $plies }.
web-failed = Не удалось показать партию: сервер не смог её прочитать. Попробуйте позже.
web-console = Страницы партий в браузере: { $url } (партия 1; для другой измените номер)
