# Wyzwania publikowane na kanale: samo wyzwanie, odpowiedź na nie, początek partii.
# { $who }, { $from }, { $named } to nazwy graczy (kilka nazw: rozdzielone „, ”).

challenge-named = { $title }: { $from } wyzywa { $named }{ $rated ->
    [yes] {" "}(rankingowe)
    [no] {" "}(bez rankingu)
   *[none] {""}
}
challenge-open = { $title }: otwarte wyzwanie od { $from }{ $rated ->
    [yes] {" "}(rankingowe)
    [no] {" "}(bez rankingu)
   *[none] {""}
}
challenge-answer = **{ $name }**, /przyjmij albo /odrzuć.
challenge-anyone = Każdy na tym kanale może przyjąć wyzwanie: /przyjmij.
challenge-computer = { $from } wyzywa { $named } (partia #{ $game }).
challenge-accepted = { $who } przyjmuje wyzwanie od { $from } ({ $kind }, partia #{ $game }).
challenge-declined = { $who } odrzuca wyzwanie od { $from } (partia #{ $game }).
challenge-withdrawn = { $who } wycofuje swoje wyzwanie (partia #{ $game }).
game-begins = { $headline } Partia #{ $game } się zaczyna.
game-turn-order = Kolejność (losowana): { $order }
button-accept = Przyjmij
button-decline = Odrzuć
button-cancel = Anuluj
