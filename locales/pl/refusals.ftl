# Odmowy i odpowiedzi o partiach w ogóle: która partia, kto co może, opcje ustawienia,
# żądania wygranej na czas i pauzy, /przerwij, /historia oraz błędy samego bota.

refuse-no-such-game = Nie ma partii #{ $game }.
refuse-position-changed = Pozycja zmieniła się w trakcie twojego ruchu: ktoś inny zdążył zagrać pierwszy. Oto nowa plansza.
refuse-game-changed = Partia #{ $game } się zmieniła; spróbuj jeszcze raz.
failed-damaged = Nie mogę wczytać tej partii: { $error }. Nic nie zostało zmienione; daj znać administratorowi serwera.
failed-store = Coś poszło nie tak po mojej stronie i nic nie zostało zmienione; spróbuj ponownie za chwilę.
failed-replay = Nie mogę przygotować powtórki tej partii: { $error }.

# Partia zakończona: { $how } to jej wynik („wygrana: bob (Czarne) (alice (Białe) się poddaje)”) albo pusty tekst.
refuse-game-over = { $known ->
    [yes] Partia #{ $game } jest już zakończona: { $how }. Zacznij nową poleceniem /graj.
   *[no] Partia #{ $game } jest już zakończona. Zacznij nową poleceniem /graj.
}
refuse-not-started = Partia #{ $game } jeszcze się nie zaczęła: wyzwanie wciąż czeka na odpowiedź.
refuse-never-started = Partia #{ $game } nigdy się nie zaczęła: jej wyzwanie zostało wycofane albo odrzucone.
refuse-was-aborted = Partia #{ $game } została przerwana, zanim każda ze stron wykona ruch. Zacznij nową poleceniem /graj.
refuse-not-playing = Nie grasz w partii #{ $game }.
refuse-you-left = Nie bierzesz już udziału w partii #{ $game }; pozostali grają dalej bez ciebie.
refuse-no-game-here = Nie masz na tym kanale żadnej trwającej partii; zacznij ją poleceniem /graj albo dodaj gra:<numer>.
refuse-no-game-in-channel = Na tym kanale nie ma jeszcze żadnej partii; zacznij ją poleceniem /graj albo dodaj gra:<numer>, aby zobaczyć partię z innego miejsca.

# Pasuje kilka partii: { $intro }, a potem te partie.
which-game = { $intro }: { $games }. Dodaj gra:<numer>, aby wskazać, o którą chodzi.
which-yours = { $over ->
    [yes] Masz na tym kanale { $count ->
        [one] { $count } zakończoną partię
        [few] { $count } zakończone partie
        [many] { $count } zakończonych partii
       *[other] { $count } zakończonych partii
    }
   *[no] Masz na tym kanale { $count ->
        [one] { $count } partię
        [few] { $count } partie
        [many] { $count } partii
       *[other] { $count } partii
    }
}
which-here = { $over ->
    [yes] Na tym kanale { $count ->
        [one] jest { $count } zakończona partia
        [few] są { $count } zakończone partie
        [many] jest { $count } zakończonych partii
       *[other] jest { $count } zakończonych partii
    }
   *[no] Na tym kanale { $count ->
        [one] jest { $count } partia
        [few] są { $count } partie
        [many] jest { $count } partii
       *[other] jest { $count } partii
    }
}
which-latest = { $intro }; oto ostatnia, #{ $game }. Aby zobaczyć inną, dodaj gra:<numer>: { $others }.
which-more = i jeszcze { $count ->
    [one] { $count } partia
    [few] { $count } partie
    [many] { $count } partii
   *[other] { $count } partii
}

# Wyzwania.
refuse-bad-rated = rated={ $typed } to nie jest dozwolona wartość: wpisz rated=yes (wynik zmienia rankingi) albo rated=no.
refuse-never-rated = { $why ->
    [computer] Partie z komputerem nigdy nie są rankingowe: pomiń rated=yes.
   *[handicap] Partia z handicapem nigdy nie jest rankingowa: pomiń rated=yes.
}
refuse-bad-days = days={ $typed } to nie jest poprawny czas na ruch: wybierz days={ $choices } (dni na ruch) albo days=none.
refuse-no-seed = Bot sam losuje ustawienie początkowe, więc wyzwanie nie przyjmuje opcji seed; pomiń ją.
refuse-challenge-yourself = Nie możesz wyzwać siebie; pomiń przeciwnika, a powstanie otwarte wyzwanie, które może przyjąć każdy tutaj.
refuse-named-twice = Ta sama osoba jest wskazana dwa razy: { $name }.
refuse-too-many-opponents = { $max ->
    [2] { $kind } to gra dla dwóch osób: wskaż jednego przeciwnika, człowieka albo komputer (albo nikogo, aby wystawić otwarte wyzwanie).
   *[other] W grze { $kind } może grać najwyżej { $max } graczy: wskaż najwyżej { $opponents } przeciwników.
}
refuse-challenge-gone = To wyzwanie już nie czeka na odpowiedź.
refuse-not-a-challenge = Partia #{ $game } nie jest wyzwaniem czekającym na odpowiedź.
refuse-several-challenges = Czeka tu kilka wyzwań: { $challenges }. Dodaj gra:<numer>, aby wskazać, o które chodzi.
refuse-no-challenge-for-you = Na tym kanale nie czeka na ciebie żadne wyzwanie.
refuse-own-challenge = To twoje własne wyzwanie; poczekaj na przeciwnika albo wycofaj je poleceniem /anuluj.
refuse-not-for-you = To wyzwanie nie jest skierowane do ciebie (adresat: { $name }).
refuse-nothing-to-decline = Na tym kanale nie ma skierowanego do ciebie wyzwania, które można by odrzucić.
refuse-decline-own = To twoje własne otwarte wyzwanie; aby je wycofać, użyj /anuluj.
refuse-decline-open = Otwartego wyzwania nie można odrzucić; po prostu je zostaw albo poczekaj, aż wyzywający wycofa je poleceniem /anuluj.
refuse-nothing-to-cancel = Nie masz na tym kanale żadnego czekającego wyzwania.
refuse-cancel-not-yours = Tylko { $name } może wycofać to wyzwanie.

# Co /plansza mówi o partii, która nie ma jeszcze planszy.
waiting-declined = Partia #{ $game } nigdy się nie zaczęła: jej wyzwanie zostało odrzucone.
waiting-withdrawn = Partia #{ $game } nigdy się nie zaczęła: jej wyzwanie zostało wycofane.
waiting-challenge = Partia #{ $game } to wyzwanie czekające na odpowiedź: { $what }.
    {"**"}{ $title }**
    { $how }
waiting-named-what = { $from } → { $named }
waiting-named-how = { $accepted ->
    [yes] Już w grze: { $joined }; odpowiedzieć może jeszcze: { $waiting } — /przyjmij albo /odrzuć (gra:{ $game }). { $host } może też rozpocząć grę już teraz: /rozpocznij.
   *[no] Odpowiedzieć może: { $waiting } — /przyjmij albo /odrzuć (gra:{ $game }).
}
waiting-table-what = otwarty stół, gospodarz: { $host }; { $count ->
    [one] przy stole { $count } osoba
    [few] przy stole { $count } osoby
    [many] przy stole { $count } osób
   *[other] przy stole { $count } osób
} ({ $names })
waiting-table-how = Każdy tutaj może się dosiąść poleceniem /przyjmij (gra:{ $game }); { $host } rozpoczyna grę poleceniem /rozpocznij.
waiting-open-what = { $from } → każdy chętny
waiting-open-how = Każdy tutaj może je przyjąć: /przyjmij (gra:{ $game }).

# Ustawianie partii.
setup-unknown-game = Nie ma gry „{ $name }”; dostępne gry to: { $games }.
setup-no-shuffle = Gra { $game } nie ma losowanego ustawienia początkowego, więc nie przyjmuje opcji seed.
setup-bad-seed = Seed to liczba całkowita od 0 do 18446744073709551615, a nie „{ $seed }”.
setup-bad-position = Nie da się odczytać tej pozycji: { $error }.
option-malformed = „{ $typed }” to nie jest opcja: napisz key=value, na przykład board=far.
option-unknown-key = Gra { $game } nie ma opcji „{ $key }”; dostępne opcje: { $known }.
option-repeated = Opcja { $key } jest podana dwa razy; podaj każdą opcję tylko raz.
option-bad-value = „{ $value }” nie jest wartością opcji { $key }: dozwolone są { $expected }.
option-expected-crawlers = `none` albo dowolne spośród `S`, `M`, `B`, rozdzielone przecinkami
option-expected-handicap = `@gracz:N` w wyzwaniu albo pary miejsce:N, np. `2:5,3:4` (N od 1 do 9); `none`, aby grać bez handicapu

# Gracz Skakanie, który chce odejść, gdy zasady na to nie pozwalają.
refuse-cannot-leave = Nie możesz teraz odejść: { $reason }.

# Cofnięcia i remisy, o które nie ma kogo albo czego prosić.
refuse-no-draws = W grze { $kind } decydują punkty, więc nie ma tu propozycji remisu; gracze z równym najlepszym wynikiem dzielą się wygraną.
refuse-nothing-to-take-back = Nie wykonano jeszcze żadnego ruchu, więc nie ma czego cofać.
refuse-nobody-to-offer = Nie ma tu nikogo, komu można by zaproponować remis.
refuse-nothing-of-yours = W tej partii nie masz jeszcze żadnego ruchu, więc nie ma czego cofać.
refuse-left-since = Od twojego ruchu któryś gracz odszedł z partii, a odejścia nie da się cofnąć.
refuse-last-was-leaving = Ostatnim posunięciem było odejście gracza z partii, a odejścia nie da się cofnąć.
refuse-not-your-last = Możesz cofnąć tylko swój własny ostatni ruch, dopóki nikt po nim nie zagrał. Ostatni ruch: { $who }.

# Część tury w Skakanie: słyszy ją tylko grający ($public: no), chyba że zakończyła jakąś propozycję.
move-mid-turn = { $public ->
    [yes] { $who } w partii #{ $game }: { $moves } — w tej turze { $count ->
        [one] została { $count } akcja.
        [few] zostały { $count } akcje.
        [many] zostało { $count } akcji.
       *[other] zostało { $count } akcji.
    }
   *[no] Twój ruch w partii #{ $game }: { $moves } — w tej turze { $count ->
        [one] została { $count } akcja.
        [few] zostały { $count } akcje.
        [many] zostało { $count } akcji.
       *[other] zostało { $count } akcji.
    }
}

# /wygrana-na-czas: wygrana, gdy przeciwnikowi skończył się czas.
claim-no-clock = Partia #{ $game } nie jest grana na czas, więc nie ma wygranej na czas do ogłoszenia.
claim-your-turn = W partii #{ $game } to ty masz ruch: zagraj (jest jeszcze czas, zanim partia zakończy się z powodu upływu czasu).
claim-computer = Komputer zastanawia się nad ruchem w partii #{ $game }; jemu czas nigdy się nie kończy.
claim-paused = Partia #{ $game } jest wstrzymana; jej zegar stoi.
claim-time-left = { $who } ma jeszcze czas na ruch w partii #{ $game }: zostało { $left }.
claim-claimed = { $who } ogłasza wygraną na czas. { $headline }

# /pauza i /wznów.
pause-no-clock = Partia #{ $game } nie ma zegara, więc nie ma czego wstrzymywać: graj w swoim tempie.
pause-already = Partia #{ $game } jest już wstrzymana; /wznów ponownie uruchomi jej zegar.
pause-done = { $who } się zgadza: partia #{ $game } jest wstrzymana.
pause-not-paused = Partia #{ $game } nie jest wstrzymana.
pause-resumed = { $who } wznawia partię #{ $game }.

# /przerwij.
abort-too-late = Partii #{ $game } nie można już przerwać: każda ze stron wykonała już ruch. Zamiast tego poddaj się (/poddaj) albo zaproponuj remis (/remis).
abort-done = { $who } przerywa partię #{ $game }, zanim każda ze stron wykona ruch: brak wyniku, ranking bez zmian.

# /historia.
history-not-started = Partia #{ $game } jeszcze się nie zaczęła, więc nie ma jeszcze historii.
history-posted = Zapis partii #{ $game } ({ $kind }, { $players }): { $moves ->
    [one] { $moves } ruch
    [few] { $moves } ruchy
    [many] { $moves } ruchów
   *[other] { $moves } ruchów
}{ $fits ->
    [yes] {" "}i powtórka ({ $frames ->
        [one] { $frames } klatka
        [few] { $frames } klatki
        [many] { $frames } klatek
       *[other] { $frames } klatek
    }).
   *[no] , bez powtórki: { $frames ->
        [one] jej { $frames } klatka nie zmieściłaby się
        [few] jej { $frames } klatki nie zmieściłyby się
        [many] jej { $frames } klatek nie zmieściłoby się
       *[other] jej { $frames } klatek nie zmieściłoby się
    } w limicie przesyłania Discorda.
}
history-loaded = Wczytano zapis { $moves ->
    [one] { $moves } ruchu
    [few] { $moves } ruchów
    [many] { $moves } ruchów
   *[other] { $moves } ruchów
} jako partię #{ $game }.
history-unreadable = Nie mogę wczytać tego zapisu: { $error }.
