# Слова, которые добавляют сами интерфейсы: разбор набранной команды, выбор хода в Discord
# и подтверждения, собственные заметки бота там и протокол консоли.

parse-no-command = команды начинаются с /, например /play jumpers opponent:@bob
parse-unknown = команды /{ $name } нет; есть команды /{ $commands }
parse-missing = для /{ $command } нужно указать { $what }
parse-needs-game = игру, например /play jumpers
parse-needs-move = ход, например /move e3-h6
parse-needs-leaderboard-game = игру, например /leaderboard game:jumpers
parse-repeated = { $key } указан дважды ({ $first } и { $second }); укажите один раз
parse-does-not-apply = у /{ $command } нет параметра { $key }; { $count ->
    [0] у неё нет параметров
    [one] у неё есть только { $takes }
    [few] её параметры: { $takes }
    [many] её параметры: { $takes }
   *[other] её параметры: { $takes }
}
parse-bad-game-number = «{ $typed }» — не номер партии; партии нумеруются так: #12
parse-bad-answer = «{ $typed }» — не ответ: укажите accept или decline (или ничего, чтобы предложить)
parse-bad-computers = computers:{ $typed } — не число компьютерных соперников: укажите 1, 2 или 3
parse-bad-forget-confirm = «{ $typed }» — не подтверждение: /forget-me покажет, что будет удалено, а /forget-me confirm удалит
parse-bad-level-alone = level — это сила компьютера, а компьютера среди соперников нет: добавьте opponent:@ai, чтобы играть с ним
parse-bad-level = уровень компьютера — число от 1 (новичок) до 5 (сильнейший), а не «{ $typed }»
parse-bad-seat = «{ $typed }» — не место: укажите random, first (белые, юг) или second (чёрные, север)
parse-bad-threads = «{ $typed }» — не вариант для веток: укажите on (своя ветка у каждой партии) или off
parse-bad-language = языка «{ $typed }» нет: выберите en, ru или pl
parse-bad-notify = «{ $typed }» — не вариант уведомлений: укажите channel (упоминание в канале партии), dm (личное сообщение) или off
parse-bad-page = «{ $typed }» — не номер страницы: укажите 1 для первой страницы, 2 для следующей и так далее

discord-other-bot = { $name } — другой бот, не я; чтобы сыграть с компьютером, вызовите меня (Leapfrog) или добавьте компьютеры:1 — или вызовите человека.
discord-old-button = Эта кнопка из старой версии Leapfrog; попросите свежую доску: /доска.
discord-not-in-dms = В партии играют там, где доску видят все игроки: в канале сервера или в личке или группе с соперниками (добавьте Leapfrog в свои приложения, чтобы играть там), а не в переписке с ботом.
discord-server-only = Эта команда относится к серверу (его настройки, турниры, таблица лидеров): используйте её в канале сервера, куда добавлен Leapfrog.
discord-in-thread = Партия #{ $game } начинается: она идёт в ветке { $thread }.
discord-private-placeholder = Этот ответ видит только тот, кто спросил.
discord-private-failed = Не получилось отправить вам ответ лично; попробуйте ещё раз.
discord-crashed = У нас что-то пошло не так; ваша партия в сохранности. Попробуйте ещё раз.
# Под личным сообщением: где идёт партия.
discord-dm-where = (в канале { $place })
discord-thread-lost = Я больше не могу писать в ветке этой партии { $thread } (ошибка Discord { $code }: ветку удалили или у меня там нет прав), поэтому партия продолжается здесь.
discord-missing-permission = Мне нужны права в { $place }: { $permissions } (ошибка Discord { $code }). Администратор сервера может выдать их Leapfrog в настройках канала, в разделе «Права доступа». Говорю об этом один раз.
discord-no-thread = Мне не удалось открыть ветку для этой партии, поэтому она идёт здесь.
discord-channel-closed = Я больше не могу писать в { $place }, поэтому новости этой партии приходят вам в личные сообщения.
# Названия прав так, как их показывают настройки Discord.
permission-view-channel = Просматривать каналы
permission-send-messages = Отправлять сообщения
permission-send-messages-in-threads = Отправлять сообщения в ветках
permission-create-public-threads = Создавать публичные ветки
permission-attach-files = Прикреплять файлы

picker-no-move = Сейчас в этой партии у вас нет хода, который можно выбрать.
picker-too-many = Ходить могут слишком многие фигуры — здесь их не перечислить; напишите /ход и выберите из подсказок.
picker-on-game = Партия #{ $game }
picker-on-puzzle = Ваша задача
picker-which-piece = { $on }: какой фигурой ходить?
picker-piece = Фигура
picker-gone = С { $from } сейчас хода нет; возможно, позиция изменилась. Попросите свежую доску: /доска.
picker-where = { $drop ->
    [yes] { $on }: куда поставить фигуру, вытесненную ходом { $from }?
   *[no] { $on }: куда пойти с { $from }?
}
picker-target = { $drop ->
    [yes] Куда поставить
   *[no] Куда пойти
}

# «Точно?» перед кнопкой, действие которой нельзя отменить: $action — её команда (resign);
# для других — общий вопрос (идентификатор кнопки — не слово для людей).
confirm-really = { $action ->
    [resign] Точно сдаться? Это нельзя отменить.
    [leave-game] Точно уйти из партии? Ваше место — последнее среди ещё играющих; это нельзя отменить.
   *[other] Точно? Это нельзя отменить.
}
confirm-yes = { $action ->
    [resign] Да, сдаться
    [leave-game] Да, уйти
   *[other] Да
}

console-no-user = начинайте каждую строку с имени того, кто её пишет: @alice /play jumpers opponent:@bob
console-private = (это видит только { $name })
console-buttons = кнопки: { $labels }
console-moves = допустимые ходы ({ $count }): { $moves }
console-notifies = уведомляет { $count ->
    [one] { $count } пользователя
    [few] { $count } пользователей
    [many] { $count } пользователей
   *[other] { $count } пользователей
}
console-direct = личное сообщение { $count ->
    [one] { $count } пользователю
    [few] { $count } пользователям
    [many] { $count } пользователям
   *[other] { $count } пользователям
}
console-not-written = не удалось записать { $what } в { $path }: { $error }
console-not-utf8 = строка { $line } — не текст в UTF-8; она пропущена

# The console's greeting when a person types at it.
console-banner = Консоль Leapfrog. Пишите строки вида: @аня /играть jumpers соперник:@боря  (Ctrl-D — выход; @вы /помощь)
parse-bad-tournament-hosts = «{ $typed }» — не вариант: турниры создают admins (только администраторы) или everyone (все)
parse-needs-tournament-action = что сделать, например /турнир создать, вступить, выйти, начать, отменить, исключить, показать или список
parse-needs-tournament-player = кого исключить, например /турнир исключить @ola
parse-needs-tournament-format = формат, например /турнир создать jumpers swiss (или round-robin)
parse-bad-tournament-action = «{ $typed }» — не действие с турниром: создать, вступить, выйти, начать, отменить, исключить, показать или список
parse-bad-tournament-number = «{ $typed }» — не номер турнира: укажите вроде T3
parse-bad-tournament-format = «{ $typed }» — не формат турнира: round-robin (круговой) или swiss (швейцарка)
parse-bad-tournament-count = «{ $typed }» — не число
parse-bad-tournament-yes-no = «{ $typed }» — не «да» и не «нет»
