# /rules: the frame around a page of a game's teaching text (locales/<lang>/rules/<game>.md).

rules-page-title = **How to play { $game }** · page { $page } of { $count }
rules-read-on = Read on with the Next button or /rules game:{ $name } page:{ $next }.
rules-previous = ◀ Previous
rules-next = Next ▶
rules-games = The games:
rules-ask-one = Ask /rules game:<name> for one game's rules and options.
rules-say-which = Say which game's rules you want, like /rules game:jumpers page:2.
rules-no-such-page = The rules of { $game } have { $count ->
    [one] { $count } page: ask for page 1.
   *[other] { $count } pages: ask for a page from 1 to { $count }.
}
