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
web-keys = Стрелками ← → можно листать ходы, Home и End — перейти к началу и концу партии. В свой ход клавиша Tab ведёт к подсвеченным полям доски, стрелки переходят между ними, Enter выбирает.
web-board = Доска после хода { $ply }
web-board-start = Доска в начале партии
web-no-game = Партии №{ $game } нет.
web-bad-number = «{ $text }» — не номер партии.
web-bad-ply = «{ $text }» — не номер хода: укажите число от 0 до { $plies }.
web-failed = Не удалось показать партию: сервер не смог её прочитать. Попробуйте позже.
web-console = Страницы партий в браузере: { $url } (партия 1; для другой измените номер)
web-your-turn = Ваш ход: нажмите на фишку, затем на клетку, куда она пойдёт.
web-your-turn-buttons = Ваш ход: выберите действие ниже.
web-your-turn-place = Ваш ход: нажмите на фишку из запаса, затем на свободную клетку своего первого ряда.
web-hint-where = Теперь нажмите, куда она пойдёт.
web-hint-drop = Она встаёт на фишку: нажмите пустую клетку, куда переставить ту фишку.
web-hint-square = Теперь нажмите свободную клетку своего первого ряда.
web-hint-piece = Теперь нажмите фишку из запаса, которую туда поставить.
web-turn-board = Повернуть доску
web-tab-your-move = Ваш ход
web-wait = Ждём хода соперника.
web-answer-resign = Сдаться
web-answer-draw = Предложить или принять ничью
web-answer-draw-decline = Отклонить ничью
web-answer-takeback = Попросить вернуть ход
web-answer-takeback-decline = Не возвращать ход
web-resign-sure = Сдаться в этой партии? Отменить это нельзя.
web-which = Какой именно?
web-offline = Ход не дошёл до бота (связь прервалась) и не сделан: попробуйте ещё раз.
web-lost = Связь потеряна: переподключаемся…
web-link-forged = Эту ссылку выдал не бот, с неё нельзя ходить: получите новую командой /web.
web-link-other-game = Эта ссылка на другую партию: получите ссылку на эту командой /web.
web-link-expired = Срок действия ссылки истёк: получите новую командой /web.
web-link-revoked = Эта ссылка отозвана: получите новую командой /web.
web-link-missing = Ходить могут только игроки, по личной ссылке от бота (/web).
web-cross-site = Отказано: ходы делаются только со страницы самой партии.
web-bad-request = Страница прислала то, чего бот не понимает: обновите её.
web-too-large = Страница прислала гораздо больше, чем нужно для хода: бот не стал это читать. Обновите страницу.
web-too-fast = Слишком много запросов подряд: подождите несколько секунд.
web-read-only = Здесь партии можно только смотреть: ходы делаются в Discord или в консоли.
web-stale = Пока страница была открыта, кто-то сделал ход: теперь она показывает партию как есть.
web-link-yours = Ваша личная ссылка, чтобы играть партию №{ $game } на её странице: { $link }
    Она работает только для вас, 30 дней: не делитесь ею (с ней любой сможет ходить за вас). /web revoke отменяет все выданные вам ссылки.
web-link-watch = Партия №{ $game } на своей странице: { $link }
web-link-aside = Ваша личная страница партии №{ $game }: там можно ходить касанием. Она играет от вашего имени, не делитесь ссылкой.
web-revoked = Все выданные вам ссылки на страницы партий больше не работают. /web даст новую.
web-off = Страницы партий у этого бота не настроены: администратор включает их строкой [web] listen в config.toml.
button-web-open = Открыть страницу
parse-bad-web-revoke = «{ $typed }» — это не «да» и не «нет»: /web revoke отменяет ваши ссылки
button-web-watch = Смотреть вживую
button-web-play = Играть на странице

## Активность Discord
activity-title = Leapfrog
activity-loading = Спрашиваем у Discord, кто вы…
activity-failed = Активность не запустилась.
activity-none = В этом канале пока нет партий: начните новую ниже.
activity-games = Партии
activity-puzzles = Задачи
activity-puzzles-open = Решать задачи
activity-challenges = Ждут соперника
activity-new-game = Новая партия
activity-anyone = С любым из канала
activity-computer = С компьютером
activity-accept = Принять
activity-decline = Отклонить
activity-cancel = Отозвать
activity-start = Начать сейчас
activity-leave = Выйти из-за стола
activity-not-there = Discord не видит вас в этой активности: закройте её и откройте снова из канала.
activity-no-token = Эта активность показывает партии и позволяет в них играть, но не может создавать вызовы и отвечать на них: администратор бота не дал ей токен бота.
activity-play = Играть
activity-watch = Смотреть
activity-your-turn = Ваш ход
activity-lost = Связь потеряна: переподключаемся…
activity-off = Этот бот не работает как активность Discord: администратор включает её строками [discord] client_secret и application_id.
activity-refused = Discord не подтвердил, кто вы: закройте активность и откройте её снова.
activity-unreachable = Не удалось связаться с Discord, чтобы подтвердить, кто вы. Попробуйте чуть позже.
button-launch = Играть в Discord
web-standings = Турнирная таблица
web-no-tournament = Турнира #{ $text } нет.
button-web-standings = Таблица на сайте
web-ratings = Рейтинги
web-recent-games = Последние партии
web-rating-chart = Рейтинг после каждой рейтинговой партии
web-no-player = Игрока с номером { $text } здесь нет.
web-profile-refused = Эта ссылка на профиль не открывает страницу (её изменили, срок истёк или её отозвали): запросите новую через /profile.
button-web-profile = Страница профиля
web-typed-label = Или впишите ход
web-typed-play = Сделать ход
web-played = Ход { $ply }: { $move }

# Разбор законченной партии на её странице.
web-analysis-heading = Разбор
web-analysis-offered = Движок может разобрать эту партию: точность каждой стороны, график шансов на победу и каждая ошибка с лучшим ходом.
web-analysis-ask = Разобрать партию
web-analysis-running = Движок разбирает эту партию; разбор появится здесь, когда будет готов.
web-analysis-depth = Каждая позиция просчитана на { $depth } { $depth ->
    [one] полуход
    [few] полухода
   *[other] полуходов
} или глубже. Нажмите на график или на ошибку, чтобы увидеть позицию.
web-analysis-chart = Шансы на победу ход за ходом
button-web-analysis = Разбор на странице
# A player's puzzle page (/puzzle's link).
button-web-puzzle = Решить на странице
web-puzzle-title = { $kind }, задача #{ $number }
web-puzzle-refused = Эта ссылка на задачи не открывает страницу (её изменили, срок истёк или её отозвали): запросите новую через /puzzle.
web-puzzle-none = Задачи пока нет: кнопка ниже даст задачу вашего уровня.
web-puzzle-next = Следующая задача
web-puzzle-you = Вы
web-puzzle-defence = Защита
