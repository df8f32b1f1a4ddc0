# Propozycje, które jeden gracz składa, a pozostali na nie odpowiadają: remis, cofnięcie
# ruchu, pauza. Każda wiadomość wybiera według $kind: draw, takeback albo pause.

# Nazwa propozycji dla wiadomości poniżej (czyta ich $kind): { offer-noun } to mianownik,
# { offer-noun.acc } biernik, { offer-noun.gen } dopełniacz.
offer-noun = { $kind ->
    [draw] propozycja remisu
    [takeback] prośba o cofnięcie ruchu
   *[pause] propozycja pauzy
}
    .acc = { $kind ->
        [draw] propozycję remisu
        [takeback] prośbę o cofnięcie ruchu
       *[pause] propozycję pauzy
    }
    .gen = { $kind ->
        [draw] propozycji remisu
        [takeback] prośby o cofnięcie ruchu
       *[pause] propozycji pauzy
    }

offer-made = { $kind ->
    [draw] { $who } proponuje remis w partii #{ $game }.
    [takeback] { $who } prosi o cofnięcie ruchu { $turn } w partii #{ $game }.
   *[pause] { $who } proponuje wstrzymanie partii #{ $game } (zegar stoi, dopóki ktoś jej nie wznowi).
}
offer-button-accept = { $kind ->
    [draw] Przyjmij remis
    [takeback] Zgódź się na cofnięcie
   *[pause] Zgódź się na pauzę
}
offer-button-decline = { $kind ->
    [draw] Odrzuć
   *[other] Odmów
}
offer-answer-first = Najpierw odpowiedz na oczekującą { offer-noun.acc } (albo ją wycofaj); potem spróbuj ponownie.
offer-agreed-waiting = { $who } zgadza się na { offer-noun.acc } w partii #{ $game }; czekamy jeszcze na odpowiedź: { $waiting }.
offer-already = { $kind ->
    [draw] Twoja propozycja remisu już czeka na odpowiedź; poczekaj na nią.
    [takeback] Twoja prośba o cofnięcie ruchu już czeka na odpowiedź; poczekaj na nią.
   *[pause] Twoja propozycja pauzy już czeka na odpowiedź; poczekaj na nią.
}
offer-yours = To twoja { offer-noun }; odpowiedzieć na nią może: { $answerers } (możesz ją też wycofać: { $kind ->
    [draw] /remis
    [takeback] /cofnij
   *[pause] /pauza
} odrzuć).
offer-none-to-accept = Nie ma { offer-noun.gen } do przyjęcia.
offer-none-to-decline = { $kind ->
    [draw] Nie ma propozycji remisu do odrzucenia.
   *[other] Nie ma { offer-noun.gen } do odrzucenia.
}
offer-declined = { $own ->
    [yes] { $who } wycofuje { offer-noun.acc } w partii #{ $game }.
   *[no] { $kind ->
        [draw] { $who } odrzuca remis w partii #{ $game }.
        [takeback] { $who } nie zgadza się na cofnięcie ruchu w partii #{ $game }.
       *[pause] { $who } nie zgadza się na pauzę w partii #{ $game }.
    }
}
offer-stands = { $kind ->
    [draw] Propozycja remisu nadal obowiązuje (proponuje { $who }); odpowiedzieć na nią może: { $answerers }.
    [takeback] Prośba o cofnięcie ruchu nadal obowiązuje (prosi { $who }); odpowiedzieć na nią może: { $answerers }.
   *[pause] Propozycja pauzy nadal obowiązuje (proponuje { $who }); odpowiedzieć na nią może: { $answerers }.
}
offer-lapsed = { $own ->
    [yes] { $who } wykonuje ruch, więc { offer-noun } wygasa.
   *[no] { $kind ->
        [draw] { $who } proponuje remis, ale { $mover } wykonuje ruch zamiast odpowiedzieć, więc propozycja wygasa.
        [takeback] { $who } prosi o cofnięcie ruchu, ale { $mover } wykonuje ruch zamiast odpowiedzieć, więc prośba wygasa.
       *[pause] { $who } proponuje pauzę, ale { $mover } wykonuje ruch zamiast odpowiedzieć, więc propozycja wygasa.
    }
}
offer-nobody = nikt

offer-draw-accepted = { $who } przyjmuje remis.
offer-takeback-done = { $who } się zgadza: cofnięto { $moves }.
offer-computer-draw = { $accepts ->
    [yes] { $who } proponuje remis, a { $them } go przyjmuje.
   *[no] { $who } proponuje remis w partii #{ $game }; { $them } odmawia i gra dalej.
}
offer-computer-takeback = { $who } cofa { $moves }: komputer od razu się na to zgadza.
