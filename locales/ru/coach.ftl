# /analyse: разбор оконченной партии движком.
analysis-started = Разбираю партию #{ $game } ({ $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[other] { $moves } ходов
}) в фоне: разбор появится в её канале примерно через { $seconds ->
    [one] { $seconds } секунду
    [few] { $seconds } секунды
   *[other] { $seconds } секунд
}.
analysis-not-over = Партия #{ $game } ещё не окончена: движок разбирает только оконченные партии, чтобы никому не подсказывать по ходу игры.
analysis-hidden-pieces = Скаканье не разбирается: его фишки лежат лицом вниз, а удача — в том, что вытянешь, так что мнение движка об одном варианте мало говорит о решениях игрока.
analysis-no-moves = В партии #{ $game } нет ходов для разбора.
analysis-private = Партия #{ $game } сыграна в личных сообщениях: разбор могут попросить только её игроки.
analysis-title = **Разбор партии #{ $game }** ({ $kind }, { $players }), каждая позиция просчитана на глубину { $depth ->
    [one] { $depth } полуход
    [few] { $depth } полухода
   *[other] { $depth } полуходов
} или больше:
analysis-side = { $player }: точность { $accuracy }% — грубых ошибок: { $blunders }, ошибок: { $mistakes }, неточностей: { $inaccuracies }
analysis-ply = { $number }. { $played } ({ $player }): { $judgement ->
    [blunder] **грубая ошибка**
   *[mistake] ошибка
} (−{ $loss }% шансов на победу). Лучше { $best }: { $line }
analysis-clean = Ни одна сторона не сделала ни ошибки, ни грубой ошибки.
analysis-more = …и ещё { $count } в записи партии (`/история`).
analysis-chart-title = Партия #{ $game }: { $kind }, шансы на победу
analysis-chart-caption = { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[other] { $moves } ходов
}, глубина { $depth }

# /puzzle: позиция с форсированной победой.
puzzle-shown = { $daily ->
    [yes] Задача дня
   *[no] Задача
} (решает: { $name }): { $kind } #{ $number }. { $side }: ход и выигрыш в { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[other] { $moves } ходов
}. Ответ — командой /ход.
puzzle-header = { $side }: ход и выигрыш в { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[other] { $moves } ходов
}
puzzle-detail = { $kind }, задача #{ $number } · серия { $streak }
puzzle-rating = Рейтинг в задачах { $rating } ({ $change })
puzzle-rating-now = Рейтинг в задачах { $rating }
puzzle-page-ended = { $solved ->
    [yes] Решено!
   *[no] Не решено.
} Решение: { $solution }.
puzzle-correct-go-on = Верно: { $played }. { $other } { $side ->
    [south] отвечает
    [north] отвечает
   *[other] отвечают
} { $reply }. Ваш ход: выигрыш ещё за { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[other] { $moves } ходов
}.
puzzle-solved = Верно: { $played } выигрывает. Решено! Серия { $streak } (лучшая { $best }), всего решено { $solved }.
puzzle-wrong = Не то: { $held ->
    [yes] после { $played } { $other } { $side ->
        [south] отвечает
        [north] отвечает
       *[other] отвечают
    } { $refutation }, и победа ускользает.
   *[no] после { $played } победа ускользает.
} Решение: { $solution }.{ $lost ->
    [0] {""}
   *[other] {" "}Ваша серия из { $lost } на этом обрывается.
}
puzzle-no-skakanie = Для Скаканья задач нет: его фишки лежат лицом вниз, так что ни у одной позиции нет одного доказанного ответа. Попробуйте jumpers, gyges или jump-sturdy.
puzzle-none = Задач для этой игры пока нет.
puzzle-daily-done = Задачу дня здесь вы уже сыграли ({ $solved ->
    [yes] решена
   *[no] не решена
}). Следующая будет через { $hours } { $hours ->
    [one] час
    [few] часа
   *[many] часов
}; а пока /задача даст другую.
puzzle-none-open = У вас нет открытой задачи: /задача даст новую.
puzzle-gone = Вашей задачи больше нет в списке: /задача даст другую.
parse-bad-puzzle-daily = «{ $typed }» — не «да» и не «нет»: /задача дня:да показывает задачу дня
