# /zasady: rama wokół strony zasad gry (locales/<lang>/rules/<game>.md).

rules-page-title = **Jak grać: { $game }** · strona { $page } z { $count }
rules-read-on = Czytaj dalej przyciskiem „Dalej” albo /zasady gra:{ $name } strona:{ $next }.
rules-previous = ◀ Wstecz
rules-next = Dalej ▶
rules-games = Gry:
rules-ask-one = Wpisz /zasady gra:<nazwa>, aby zobaczyć zasady i opcje jednej gry.
rules-say-which = Napisz, zasady której gry chcesz zobaczyć, np. /zasady gra:jumpers strona:2.
rules-no-such-page = Zasady gry { $game } mają { $count ->
    [one] { $count } stronę: poproś o stronę 1.
    [few] { $count } strony: poproś o stronę od 1 do { $count }.
   *[many] { $count } stron: poproś o stronę od 1 do { $count }.
}
