# Odrzucony ruch: która zasada go zabrania i co można zagrać zamiast niego. Ruchy, pola i
# ustawienia opcji to notacja i zostają bez zmian. { $owner }, { $side }, { $you } to
# nazwy stron (side-*), { $kind } to pionek Skoczków (piece-*).

move-refused = Nie możesz zagrać { $typed }: { $reason }. { $which ->
    [here] Dozwolone ruchy stamtąd
   *[all] Twoje dozwolone ruchy
}: { $moves }{ $more ->
    [0] {""}
   *[other] {" "}i jeszcze { $more }
}.
move-not-your-turn = W partii #{ $game } ruch ma teraz { $who }, nie ty.
move-say-what = Napisz, co chcesz zagrać, np. /ruch weź w prawo weź.
move-turn-ended = Twoja tura skończyła się po { $played }, więc nie można już zagrać { $rest }; nic nie zostało zagrane. Wyślij teraz najwyżej { $count ->
    [one] { $count } akcję
    [few] { $count } akcje
   *[many] { $count } akcji
}.
move-nothing-played = Nic nie zostało zagrane (nawet { $played }).
move-syntax = „{ $text }” to nie ruch: { $game ->
    [jumpers] wpisz pole początkowe i końcowe, np. e3-h6 (albo pass)
    [gyges] wpisz ruch skąd-dokąd, np. b1-d4; c6-goal, aby wygrać; b1-d4:e2, aby wyprzeć pionek z d4 na e2; 3@c1, aby postawić pionek o wielkości 3; albo pass
    [jump-sturdy] wpisz pole początkowe i końcowe, np. e2-e3
   *[skakanie] akcja to weź, w górę, w dół, w lewo, w prawo, na spód albo pas (kilka po kolei: weź w prawo weź)
}

side-white = Białe
side-black = Czarne
side-blue = Niebieskie
side-red = Czerwone
side-south = Południe
side-north = Północ
side-green = Zielone
side-yellow = Żółte
piece-small = Mały pionek
piece-medium = Średni pionek
piece-big = Duży pionek

illegal-over = partia już się skończyła
illegal-leave-is-resign = aby opuścić partię, użyj /poddaj

jumpers-no-such-cell = na planszy { $board } nie ma pola { $cell }
jumpers-empty-cell = na { $cell } nie ma pionka
jumpers-not-yours = górny pionek na { $cell } należy do przeciwnika ({ $owner }), a ruszać się może tylko górny pionek stosu
jumpers-same-cell = pionek nie może ruszyć się na pole, na którym stoi
jumpers-not-in-line = { $from } i { $to } nie leżą na jednej prostej linii pól
jumpers-off-board = linia od { $from } do { $to } wychodzi poza planszę
jumpers-jump-length = { $kind } skacze dokładnie o { $length ->
    [one] { $length } pole
    [few] { $length } pola
   *[many] { $length } pól
}{ $step ->
    [yes] {" "}(albo robi krok o 1 pole na stos na swoim poziomie)
   *[no] {""}
}, a odległość do { $to } wynosi { $distance }
jumpers-step-level = krok nie zmienia poziomu: pionek stoi na poziomie { $level }, a stos na { $cell } ma wysokość { $height }
jumpers-too-high = stos na { $cell } ma wysokość { $height }, a { $kind } może przeskakiwać stosy i lądować na stosach o wysokości najwyżej { $limit }{ $relative ->
    [yes] {" "}(jego poziom plus jego limit wysokości)
   *[no] {""}
}
jumpers-crawl-length = { $kind } jest tu pełzaczem i przechodzi od 1 do { $length } { $length ->
    [one] pola
    [few] pól
   *[many] pól
}, a odległość do { $to } wynosi { $distance }
jumpers-too-steep = pełzacz wchodzi w górę lub schodzi w dół o jeden poziom na pole, ale stos na { $cell } ma wysokość { $height }, a przed nim pełzacz jest na poziomie { $level }
jumpers-cannot-pass = możesz pasować tylko wtedy, gdy nie masz żadnego dozwolonego ruchu
jumpers-not-legal = { $move } nie jest tu dozwolonym ruchem

gyges-still-placing = pionki są jeszcze rozstawiane: postaw jeden ze swoich, pisząc size@square, np. 3@c1
gyges-nothing-to-place = wszystkie pionki są już na planszy: rusz jednym z nich, np. b1-d4
gyges-not-in-hand = nie masz już pionka o wielkości { $size } do postawienia; masz jeszcze: { $hand }
gyges-not-home-row = { $side } stawia pionki tylko w rzędzie { $row }, a { $square } do niego nie należy
gyges-occupied = pole { $square } jest zajęte
gyges-no-piece = na { $square } nie ma pionka
gyges-wrong-row = możesz ruszać tylko pionkami z rzędu { $row }: to najbliższy ci zajęty rząd, w którym jakiś pionek może się ruszyć
gyges-back-to-start = ruch nie może skończyć się na polu, z którego się zaczął
gyges-goal-out-of-reach = pionek o wielkości { $size } na { $from } nie dotrze do bramki: pionek wchodzi do niej tylko z rzędu { $row }, swoim ostatnim krokiem, i nigdy przez nią nie przechodzi
gyges-out-of-reach = pionek o wielkości { $size } na { $from } nie dotrze na { $to }: robi dokładnie { $size ->
    [one] { $size } krok
    [few] { $size } kroki
   *[many] { $size } kroków
} po pustych polach, od każdego pionka, na którym wyląduje, odbija się o wielkość tego pionka i żadnej granicy między polami nie przekracza dwa razy
gyges-ends-on-piece = ruch nie może skończyć się na { $square }: pionek, który wyląduje na innym, odbija się od niego (wypieranie wymaga opcji displace=on)
gyges-drop-missing = na { $to } stoi pionek: aby zająć jego miejsce, podaj, dokąd ma trafić, np. { $from }-{ $to }:e2
gyges-nothing-to-displace = pole { $square } jest puste, więc nie ma czego wypierać
gyges-displace-off = w tej partii nie gra się z wypieraniem (opcja displace=on)
gyges-drop-too-far = wypartego pionka nie można postawić dalej niż w rzędzie { $row }, zajętym rzędzie najbliższym przeciwnikowi
gyges-same-size-swap = wypartego pionka nie można postawić na { $square }: oba pionki mają tę samą wielkość, więc nic by się nie zmieniło
gyges-pass-with-moves = możesz pasować tylko wtedy, gdy nie masz żadnego dozwolonego ruchu
gyges-must-pass = żaden z twoich pionków nie może się ruszyć, więc musisz spasować

jump-sturdy-corner = pola { $square } nie ma na planszy: narożne pola a1, h1, a8 i h8 nie istnieją
jump-sturdy-empty = na { $square } nie ma pionka
jump-sturdy-not-yours = górny pionek na { $square } należy do przeciwnika ({ $owner }), a twoja strona to { $you }
jump-sturdy-single-reach = pojedynczy pionek idzie o jedno pole do przodu lub w bok albo bije o jedno pole po skosie do przodu; { $move } nie jest żadnym z tych ruchów
jump-sturdy-step-onto-enemy = pojedynczy pionek bije tylko po skosie do przodu, więc nie może wejść na pionek przeciwnika na { $square }
jump-sturdy-diagonal-without-capture = ruch po skosie to bicie, a na { $square } nie ma pionka przeciwnika
jump-sturdy-three-high = na { $square } stoją już dwa pionki, a stos może mieć najwyżej dwa pionki
jump-sturdy-knight-reach = górny pionek stosu skacze jak skoczek w szachach, tylko do przodu (o jedną kolumnę i dwa rzędy albo o dwie kolumny i jeden rząd); { $move } nie jest takim skokiem

skakanie-no-stack = nie ma stosu { $place ->
    [up] powyżej twojego pionka
    [down] poniżej twojego pionka
    [left] na lewo od twojego pionka
   *[right] na prawo od twojego pionka
} (rząd { $row }, stos { $stack }); { $count ->
    [0] stąd nie da się nigdzie pójść
   *[other] stąd możesz pójść { $options }
}
skakanie-no-bury = akcji „{ $action }” nie ma w tej grze (wymaga opcji bury=on)
skakanie-bury-alone = w stosie pod twoim pionkiem został tylko odsłonięty element, więc nie ma czego odsłonić
skakanie-no-pass = każda tura ma wszystkie swoje akcje (zostało: { $left }); aby zakończyć ją wcześniej, potrzebna jest opcja pass=on
skakanie-not-playing = miejsce { $seat } nie bierze udziału w tej partii

computer-busy = { $count ->
    [1] Komputer myśli nad inną partią: twoja jest następna.
   *[other] Komputer myśli nad { $count } innymi partiami: twoja czeka w kolejce i przyjdzie zaraz po nich.
}
