# Słowa na obrazku planszy: jego nagłówek (czyj ruch, wynik, numer ruchu) oraz
# własne podpisy każdej gry. Obrazki widzą wszyscy, w języku serwera.
# { $side } to nazwa strony (side-*); nazwy graczy i notacja pozostają bez zmian.

board-to-move = { $verb ->
    [play] Ruch: { $side }
   *[move] Ruch: { $side }
}
board-wins = Wygrana: { $side }
board-share-win = { $sides }: wspólna wygrana
board-and = { $left } i { $right }
board-draw = Remis
board-rounds-played = { $count ->
    [one] rozegrano { $count } rundę
    [few] rozegrano { $count } rundy
   *[many] rozegrano { $count } rund
}
board-round-left = Runda { $round } · { $count ->
    [one] została { $count } akcja
    [few] zostały { $count } akcje
   *[many] zostało { $count } akcji
}
board-moves-played = { $count ->
    [one] wykonano { $count } ruch
    [few] wykonano { $count } ruchy
   *[many] wykonano { $count } ruchów
}
board-move-number = ruch { $number }
board-game-number = Partia #{ $game } · { $detail }

gyges-goal-label = bramka · wygrana: { $side }
# The tab beside the row a side moves from: the side's initial.
gyges-tab-south = Pd
gyges-tab-north = Pn
gyges-to-place = Stawia: { $side }
gyges-all-placed = wszystkie rozstawione
# Partia skończona w trakcie rozstawiania: czego strona nie postawiła.
gyges-unplaced = Nierozstawione: { $side }
gyges-moves-from-row = Ruch: { $side }, z rzędu { $row }
gyges-cannot-move = Brak ruchu: { $side }

skakanie-stacks-left = { $count ->
    [one] został { $count } stos
    [few] zostały { $count } stosy
   *[many] zostało { $count } stosów
} · runda { $round }
skakanie-stacks-left-last-round = { $count ->
    [one] został { $count } stos
    [few] zostały { $count } stosy
   *[many] zostało { $count } stosów
} · ostatnia runda
skakanie-player = Gracz { $number }
skakanie-over = Koniec gry: punkty są ostateczne.
skakanie-actions-left = { $who }: { $count ->
    [one] została { $count } akcja
    [few] zostały { $count } akcje
   *[many] zostało { $count } akcji
}
skakanie-left-game = poza grą
skakanie-score = punkty: { $score }
skakanie-no-pieces = brak elementów
skakanie-pieces = { $count ->
    [one] { $count } element
    [few] { $count } elementy
   *[many] { $count } elementów
} · części: { $parts }

# Wynik rozstrzygnięty poza planszą; { $reason } to słowa z zapisu partii.
board-result-draw = Remis — { $reason }
board-result-wins = Wygrana: { $sides } — { $reason }
board-waiting = Czeka na przyjęcie wyzwania
board-never-started = Nierozpoczęta
board-aborted = Przerwana

# Jak skończyła się partia, według jej zapisu; { $who } to gracz ze swoją stroną.
reason-reached-the-goal = cel osiągnięty
reason-the-best-score = najlepszy wynik
reason-shared-the-best-score = najlepszy wynik ex aequo
reason-everyone-else-left = wszyscy inni odeszli
reason-agreed-to-a-draw = za zgodą
reason-no-moves = nikt nie ma ruchu
reason-repetition = pozycja powtórzyła się trzy razy
reason-move-limit = osiągnięto limit ruchów
reason-resigned = { $who } się poddaje
reason-withdrew = { $who } wycofuje się z turnieju
reason-ran-out-of-time = { $who } przegrywa na czas

# Jump Sturdy: pionki każdej strony obok planszy.
board-men = { $count ->
    [one] { $count } pionek
    [few] { $count } pionki
    [many] { $count } pionków
   *[other] { $count } pionka
}

# Opcja gry tak, jak mówią o niej obrazki i strony (tylko różne od domyślnych).
optword-gyges-setup = { $value ->
    [random] losowe rzędy
    [mirror] lustrzane rzędy
   *[other] ustawiane przez graczy
}
optword-gyges-displace = { $value ->
    [on] z wypieraniem
   *[other] bez wypierania
}
optword-jumpers-board = { $value ->
    [far] bramki daleko od siebie
   *[other] bramki obok siebie
}
optword-jumpers-goal = { $value ->
    [long] długi cel: wszystkie trzy bramki
   *[other] krótki cel: dowolna bramka
}
optword-jumpers-step = { $value ->
    [on] kroki dozwolone
   *[other] bez kroków
}
optword-jumpers-crawlers = pełzacze: { $value }
optword-jumpers-height = { $value ->
    [relative] wysokość względna
   *[other] wysokość bezwzględna
}
optword-skakanie-players = graczy: { $value }
optword-skakanie-actions = akcji na turę: { $value }
optword-skakanie-handicap = handicap: { $value }
optword-skakanie-bury = { $value ->
    [on] zakopywanie dozwolone
   *[other] bez zakopywania
}
optword-skakanie-start = { $value ->
    [same-corner] wszyscy startują w jednym rogu
   *[other] start w rogach
}
optword-skakanie-score = { $value ->
    [harsh] surowe liczenie
   *[other] zwykłe liczenie
}
optword-skakanie-pass = { $value ->
    [on] pasowanie dozwolone
   *[other] bez pasowania
}
