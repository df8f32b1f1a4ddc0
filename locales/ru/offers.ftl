# Предложения, которые делает один игрок, а остальные на них отвечают: ничья, возврат хода, пауза.
# Каждое сообщение выбирает по $kind: draw, takeback или pause.
# -offer склоняется: case — nom (по умолчанию), acc или gen. Аргументы терма в Fluent могут
# быть только литералами (не $kind), поэтому сообщения сначала выбирают по $kind, а потом
# зовут -offer с готовым видом: { -offer(kind: "draw", case: "acc") }.

-offer = { $case ->
    [acc] { $kind ->
        [draw] предложение ничьей
        [takeback] просьбу вернуть ход
       *[pause] предложение паузы
    }
    [gen] { $kind ->
        [draw] предложения ничьей
        [takeback] просьбы вернуть ход
       *[pause] предложения паузы
    }
   *[nom] { $kind ->
        [draw] предложение ничьей
        [takeback] просьба вернуть ход
       *[pause] предложение паузы
    }
}

# Как называется предложение (в именительном падеже); сообщения выше склоняют его сами.
offer-noun = { $kind ->
    [draw] предложение ничьей
    [takeback] просьба вернуть ход
   *[pause] предложение паузы
}

offer-made = { $kind ->
    [draw] { $who } предлагает ничью в партии #{ $game }.
    [takeback] { $who } просит вернуть ход { $turn } в партии #{ $game }.
   *[pause] { $who } предлагает поставить партию #{ $game } на паузу (часы остановятся, пока кто-нибудь не продолжит игру).
}
offer-button-accept = { $kind ->
    [draw] Принять ничью
    [takeback] Разрешить вернуть ход
   *[pause] Согласиться на паузу
}
offer-button-decline = { $kind ->
    [draw] Отклонить
   *[other] Отказать
}
offer-answer-first = { $kind ->
    [draw] Уже ждёт ответа { -offer(kind: "draw") }: сначала ответьте на него (или отзовите его), а потом попробуйте снова.
    [takeback] Уже ждёт ответа { -offer(kind: "takeback") }: сначала ответьте на неё (или отзовите её), а потом попробуйте снова.
   *[pause] Уже ждёт ответа { -offer(kind: "pause") }: сначала ответьте на него (или отзовите его), а потом попробуйте снова.
}
offer-agreed-waiting = { $kind ->
    [draw] { $who } соглашается на { -offer(kind: "draw", case: "acc") } в партии #{ $game }; ждём ответа: { $waiting }.
    [takeback] { $who } соглашается на { -offer(kind: "takeback", case: "acc") } в партии #{ $game }; ждём ответа: { $waiting }.
   *[pause] { $who } соглашается на { -offer(kind: "pause", case: "acc") } в партии #{ $game }; ждём ответа: { $waiting }.
}
offer-already = { $kind ->
    [draw] Вы уже предложили ничью; дождитесь ответа.
    [takeback] Вы уже попросили вернуть ход; дождитесь ответа.
   *[pause] Вы уже предложили паузу; дождитесь ответа.
}
offer-yours = { $kind ->
    [draw] Это ваше { -offer(kind: "draw") }; отвечать на него: { $answerers } (чтобы отозвать его, напишите /ничья отклонить).
    [takeback] Это ваша { -offer(kind: "takeback") }; отвечать на неё: { $answerers } (чтобы отозвать её, напишите /вернуть-ход отклонить).
   *[pause] Это ваше { -offer(kind: "pause") }; отвечать на него: { $answerers } (чтобы отозвать его, напишите /пауза отклонить).
}
offer-none-to-accept = { $kind ->
    [draw] Нет { -offer(kind: "draw", case: "gen") } — принимать нечего.
    [takeback] Нет { -offer(kind: "takeback", case: "gen") } — разрешать нечего.
   *[pause] Нет { -offer(kind: "pause", case: "gen") } — соглашаться не на что.
}
offer-none-to-decline = { $kind ->
    [draw] Нет { -offer(kind: "draw", case: "gen") } — отклонять нечего.
    [takeback] Нет { -offer(kind: "takeback", case: "gen") } — отказывать не в чем.
   *[pause] Нет { -offer(kind: "pause", case: "gen") } — отказывать не в чем.
}
offer-declined = { $own ->
    [yes] { $kind ->
        [draw] { $who } отзывает { -offer(kind: "draw", case: "acc") } в партии #{ $game }.
        [takeback] { $who } отзывает { -offer(kind: "takeback", case: "acc") } в партии #{ $game }.
       *[pause] { $who } отзывает { -offer(kind: "pause", case: "acc") } в партии #{ $game }.
    }
   *[no] { $kind ->
        [draw] { $who } отклоняет ничью в партии #{ $game }.
        [takeback] { $who } не разрешает вернуть ход в партии #{ $game }.
       *[pause] { $who } отказывается от паузы в партии #{ $game }.
    }
}
offer-stands = { $kind ->
    [draw] Предложение ничьей всё ещё в силе (предлагает { $who }); отвечать на него: { $answerers }.
    [takeback] Просьба вернуть ход всё ещё в силе (просит { $who }); отвечать на неё: { $answerers }.
   *[pause] Предложение паузы всё ещё в силе (предлагает { $who }); отвечать на него: { $answerers }.
}
offer-lapsed = { $own ->
    [yes] { $kind ->
        [draw] { $who } делает ход, и { -offer(kind: "draw") } теряет силу.
        [takeback] { $who } делает ход, и { -offer(kind: "takeback") } теряет силу.
       *[pause] { $who } делает ход, и { -offer(kind: "pause") } теряет силу.
    }
   *[no] { $kind ->
        [draw] { $who } предлагает ничью, но { $mover } ходит вместо ответа, и предложение теряет силу.
        [takeback] { $who } просит вернуть ход, но { $mover } ходит вместо ответа, и просьба теряет силу.
       *[pause] { $who } предлагает паузу, но { $mover } ходит вместо ответа, и предложение теряет силу.
    }
}
offer-nobody = некому

offer-draw-accepted = { $who } принимает ничью.
offer-takeback-done = { $who } соглашается — возвращено: { $moves }.
offer-computer-draw = { $accepts ->
    [yes] { $who } предлагает ничью, и { $them } соглашается.
   *[no] { $who } предлагает ничью в партии #{ $game }; { $them } отказывается и играет дальше.
}
offer-computer-takeback = { $who } берёт назад { $moves }: компьютер сразу разрешает.
