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
