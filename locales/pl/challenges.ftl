# Wyzwania publikowane na kanale: samo wyzwanie, odpowiedź na nie, początek partii.
# { $who }, { $from }, { $named } to nazwy graczy (kilka nazw: rozdzielone „, ”).

challenge-named = { $title }: { $rated ->
    [yes] wyzwanie rankingowe
    [no] wyzwanie bez rankingu
   *[none] wyzwanie
} — { $from } → { $named }
challenge-open = { $title }: otwarte wyzwanie{ $rated ->
    [yes] {" "}rankingowe
    [no] {" "}bez rankingu
   *[none] {""}
} — { $from }
challenge-answer = **{ $name }**, /przyjmij albo /odrzuć.
challenge-anyone = Każdy na tym kanale może przyjąć wyzwanie: /przyjmij.
challenge-computer = { $from } gra z komputerem: { $named }.
challenge-accepted = { $who } przyjmuje wyzwanie: { $from } → { $who } ({ $kind }, partia #{ $game }).
challenge-declined = { $who } odrzuca wyzwanie: { $from } → { $who } (partia #{ $game }).
challenge-withdrawn = { $who } wycofuje swoje wyzwanie (partia #{ $game }).
game-begins = { $headline } Partia #{ $game } się zaczyna.
game-turn-order = Kolejność ruchów (wylosowana): { $order }
button-accept = Przyjmij
button-decline = Odrzuć
button-cancel = Anuluj
