# /рейтинг, /лидеры и /профиль.

# «Прыгуны: **1514** (12 рейтинговых партий: выиграно 7, вничью 1, проиграно 4)».
standing-line = { $kind }: **{ $rating }** ({ $games ->
    [one] { $games } рейтинговая партия
    [few] { $games } рейтинговые партии
    [many] { $games } рейтинговых партий
   *[other] { $games } рейтинговых партий
}: выиграно { $wins }, вничью { $draws }, проиграно { $losses })
rating-none = { $you ->
    [yes] У вас пока нет рейтинга
   *[no] { $name } пока не имеет рейтинга
} { $kind ->
    [any] ни в одной игре
   *[other] в игре { $kind }
}. Рейтинг появляется после первой рейтинговой партии (партии между людьми рейтинговые, если в /играть не выбрано «Без рейтинга»).
rating-list = Рейтинги ({ $name }):
    { $lines }{ $provisional ->
        [yes] {"\u000A"}? отмечает предварительный рейтинг (отклонение больше { $deviation }): он уточнится после ещё нескольких партий.
       *[no] {""}
    }

leaderboard-bad-scope = scope:{ $typed } — такого варианта нет: укажите scope:server (игроки этого сервера) или scope:global.
leaderboard-no-server = Таблица лидеров сервера бывает только на сервере: здесь укажите охват:все.
leaderboard-title = { $server ->
    [yes] Таблица лидеров сервера ({ $kind })
   *[no] Таблица лидеров ({ $kind })
}
leaderboard-rule = В списке — игроки, у которых не меньше { $games ->
    [one] { $games } рейтинговой партии
    [few] { $games } рейтинговых партий
    [many] { $games } рейтинговых партий
   *[other] { $games } рейтинговых партий
} (хотя бы одна — за { $days ->
    [one] последний { $days } день
    [few] последние { $days } дня
    [many] последние { $days } дней
   *[other] последние { $days } дней
}) и устоявшийся рейтинг (отклонение не больше { $deviation }).
leaderboard-nobody = пока никого.
leaderboard-line = { $place }. { $name } — { $rating } ({ $games ->
    [one] { $games } партия
    [few] { $games } партии
    [many] { $games } партий
   *[other] { $games } партий
})
# Игроки с рейтинговыми партиями, ещё не попавшие в таблицу: под ней.
leaderboard-provisional = Пока вне таблицы (мало партий или рейтинг ещё не устоялся):
leaderboard-provisional-line = • { $name } — { $rating } ({ $games ->
    [one] { $games } партия
    [few] { $games } партии
    [many] { $games } партий
   *[other] { $games } партий
})

profile-title = Профиль: { $name }
profile-standing = { $line } · самая длинная серия побед: { $streak }
profile-unrated = Рейтинговых партий пока нет.
profile-tournaments = Турниры: { $list }
profile-tournament = T{ $tournament } { $kind }: { $phase ->
    [open] идёт запись
    [cancelled] отменён
    [finished] место { $place } из { $count }
   *[running] { $round ->
        [0] идёт тур 1 из { $of }
       *[other] место { $place } из { $count } после тура { $round } из { $of }
    }
}{ $withdrawn ->
    [yes] {" "}(вне турнира)
   *[other] {""}
}
profile-games = Окончено партий (на всех серверах): { $finished }; идут сейчас: { $playing ->
    [0] нет
   *[other] { $current }
}

# Заголовок графика рейтинга в /профиль.
chart-title = История рейтинга: { $name }
# Under the chart's axis of games, evenly spaced.
chart-games = { $count ->
    [one] { $count } рейтинговая партия
    [few] { $count } рейтинговые партии
   *[many] { $count } рейтинговых партий
}
