# Таблица турнира: заголовки столбцов (короткие: столбцы узкие).
tournament-column-player = Игрок
tournament-column-points = Очки
# Коэффициент Зоннеборна — Бергера, дополнительный показатель круговой системы.
tournament-column-sb = Бергер
tournament-column-buchholz = Бухгольц
tournament-column-median = Усеч. Б.
# После имени игрока, покинувшего турнир.
tournament-withdrawn = вне турнира

# /tournament: создание, запись и ход турниров, и что бот о них пишет.
tournament-admins-only = На этом сервере турниры создают только администраторы (Управлять сервером); администратор может изменить это: /настройки турниры:everyone.
tournament-option-not-here = Параметр { $option } не для турниров: места определяет жеребьёвка, и все партии начинаются одинаково.
tournament-seats-skakanie = seats: — только для Скаканья: 3 или 4 за каждым столом кругового турнира (2 — круговой турнир на двоих; швейцарка всегда на двоих).
tournament-rounds-swiss = rounds: — только для швейцарки; в круговом турнире столько туров, сколько нужно, чтобы все встретились.
tournament-together-swiss = together: — только для кругового турнира: швейцарка составляет пары каждого тура по итогам предыдущего.
tournament-bad-rounds = В швейцарке от 1 до 20 туров.
tournament-rounds-too-many = Если игроков не больше { $max }, швейцарка без повторных встреч выдержит туров: { $most }, а не { $rounds }. Укажите меньше туров или больше мест.
tournament-rounds-cut = Игроков: { $count }, а без повторных встреч швейцарка выдержит туров не больше, чем { $rounds }: в T{ $tournament } их будет { $rounds } (просили { $asked }).
tournament-bad-max = max: — от { $least } до { $most } игроков.
tournament-bad-start = «{ $typed }» — не начало: укажите full (когда займут последнее место), дату по UTC вроде 2026-12-01 или 2026-12-01T18:00, или ожидание вроде 3d или 12h.
tournament-full-needs-max = Для starts:full нужен max: (сколько мест).
tournament-created = **{ $host }** создаёт турнир **T{ $tournament }**. Записаться: /турнир вступить или кнопка ниже.
tournament-none = Турнира T{ $tournament } нет.
tournament-none-here = Здесь сейчас нет турнира: создайте его (/турнир создать) или посмотрите список (/турнир список).
tournament-which = Здесь идёт несколько турниров ({ $ids }): укажите какой, через номер:.
tournament-host-only = Это может только организатор турнира ({ $host }) или администратор сервера.
tournament-joined = **{ $who }** в турнире T{ $tournament } ({ $count } { $count ->
    [one] игрок
    [few] игрока
   *[many] игроков
}).
tournament-left = **{ $who }** выходит из T{ $tournament }; оставшиеся партии засчитаны как поражения.
tournament-started = Турнир T{ $tournament } начинается, игроков: { $count }. Удачи!
tournament-cancelled = Турнир T{ $tournament } отменён. Начатые партии можно доиграть, но в турнире они не считаются.
tournament-cancelled-few = Турнир T{ $tournament } должен был начаться, но игроков слишком мало ({ $count }): он отменён.
tournament-not-open = T{ $tournament } больше не принимает игроков.
tournament-over = T{ $tournament } окончен.
tournament-already-in = Вы уже в T{ $tournament }.
tournament-not-in = Не в T{ $tournament }.
tournament-full = T{ $tournament } заполнен ({ $max } игроков).
tournament-too-few = Записалось { $have }: для начала нужно не меньше { $need }.
tournament-list-empty = Здесь пока нет турниров: создайте первый — /турнир создать.
tournament-line = **T{ $tournament }** · { $kind } · { $format ->
    [round-robin] круговой
    [double] двухкруговой
    [tables] круговой за столами по { $seats }
   *[swiss] швейцарка{ $rounds ->
        [0] {""}
       *[other] , туров: { $rounds }
    }
} · игроков: { $count }{ $max ->
    [0] {""}
   *[other] /{ $max }
} · { $phase ->
    [open] идёт запись{ $when_full ->
        [yes] , начало — когда все места заняты
       *[other] {""}
    }{ $starts ->
        [none] {""}
       *[other] , начало { $starts }
    }
    [running] тур { $round } из { $of }
    [finished] окончен
   *[cancelled] отменён
}{ $rated ->
    [yes] {""}
   *[other] {" "}· без рейтинга
}{ $options ->
    [none] {""}
   *[other] {" "}· { $options }
}{ $together ->
    [yes] {" "}· все туры сразу
   *[other] {""}
}
tournament-title = T{ $tournament } · { $kind }
tournament-after = { $phase ->
    [finished] итоговая таблица
    [open] ещё не начат
   *[other] { $round ->
        [0] идёт тур 1 из { $of }
       *[other] после тура { $round } из { $of }
    }
}
tournament-ended-early = Тур { $next } составить нельзя: у оставшихся игроков ({ $count }) любая жеребьёвка свела бы кого-то повторно или дала бы кому-то второй свободный тур. T{ $tournament } заканчивается после тура { $round } из { $of }.
tournament-winner = 🏆 { $count ->
    [one] Победитель —
   *[other] Первое место делят:
} **{ $names }**, очков: { $points }.
tournament-round = Тур { $round }:
tournament-bye = свободен
tournament-game-begins = Турнир T{ $tournament }, тур { $round }: начинается партия #{ $game }.
button-tournament-join = Вступить
button-tournament-leave = Выйти
abort-tournament = Партию турнира T{ $tournament } нельзя прервать: если нужно остановиться, сдайтесь (/сдаться).
