# Strona partii w przeglądarce (`/games/N`).
web-title = { $kind } · partia nr { $game }
web-first = Początek
web-back = Wstecz
web-forward = Dalej
web-last = Koniec
web-moves = Ruchy
web-start = Początek
web-ply = Ruch { $ply } z { $plies }
web-start-of = Pozycja początkowa, łącznie { $plies } { $plies ->
    [one] ruch
    [few] ruchy
   *[many] ruchów
}
web-keys = Strzałki przewijają partię; Home i End przenoszą na jej początek i koniec. W twoim ruchu Tab prowadzi do podświetlonych pól planszy, strzałki przenoszą między nimi, Enter wybiera.
web-board = Plansza po ruchu { $ply }
web-board-start = Plansza na początku partii
web-no-game = Nie ma partii nr { $game }.
web-bad-number = „{ $text }” to nie numer partii.
web-bad-ply = „{ $text }” to nie numer ruchu: podaj liczbę od 0 do { $plies }.
web-failed = Nie udało się pokazać tej partii: serwer nie mógł jej odczytać. Spróbuj później.
web-console = Strony partii w przeglądarce: { $url } (partia 1; dla innej zmień numer)
web-your-turn = Twój ruch: dotknij pionka, a potem pola, na które ma pójść.
web-your-turn-buttons = Twój ruch: wybierz akcję poniżej.
web-your-turn-place = Twój ruch: dotknij pionka z zapasu, a potem wolnego pola swojego pierwszego rzędu.
web-hint-where = Teraz dotknij pola, na które ma pójść.
web-hint-drop = Staje na pionku: dotknij pustego pola, na które ten pionek przestawić.
web-hint-square = Teraz dotknij wolnego pola swojego pierwszego rzędu.
web-hint-piece = Teraz dotknij pionka z zapasu, który tam postawić.
web-turn-board = Obróć planszę
web-tab-your-move = Twój ruch
web-wait = Czekamy na ruch przeciwnika.
web-answer-resign = Poddaj się
web-answer-draw = Zaproponuj lub przyjmij remis
web-answer-draw-decline = Odrzuć remis
web-answer-takeback = Poproś o cofnięcie ruchu
web-answer-takeback-decline = Nie zgadzaj się na cofnięcie
web-resign-sure = Poddać tę partię? Tego nie da się cofnąć.
web-which = Który?
web-offline = Ruch nie dotarł do bota (połączenie zostało przerwane), więc nie został wykonany: spróbuj ponownie.
web-lost = Utracono połączenie: łączę ponownie…
web-link-forged = Tego linku nie wydał bot, więc nie można nim grać: poproś o nowy komendą /web.
web-link-other-game = Ten link prowadzi do innej partii: poproś o link do tej komendą /web.
web-link-expired = Ten link wygasł: poproś o nowy komendą /web.
web-link-revoked = Ten link został unieważniony: poproś o nowy komendą /web.
web-link-missing = Ruszać się mogą tylko gracze, przez osobisty link od bota (/web).
web-cross-site = Odmowa: ruchy wykonuje się tylko ze strony samej partii.
web-bad-request = Strona wysłała coś, czego bot nie rozumie: odśwież ją.
web-too-large = Strona wysłała znacznie więcej niż ruch: bot tego nie przeczytał. Odśwież stronę.
web-too-fast = Za dużo żądań naraz: odczekaj kilka sekund.
web-read-only = Tu partie można tylko oglądać: ruchy wykonuje się w Discordzie lub w konsoli.
web-stale = W międzyczasie ktoś wykonał ruch: strona pokazuje teraz partię taką, jaka jest.
web-link-yours = Twój osobisty link do gry w partię nr { $game } na jej stronie: { $link }
    Działa tylko dla ciebie przez 30 dni: nie udostępniaj go (każdy, kto go ma, może ruszać się za ciebie). /web revoke unieważnia wszystkie twoje linki.
web-link-watch = Partia nr { $game } na swojej stronie: { $link }
web-link-aside = Twoja własna strona partii nr { $game }: tam grasz, dotykając planszy. Gra w twoim imieniu, więc nie udostępniaj linku.
web-revoked = Żaden z linków do stron partii, które ci wysłano, już nie działa. /web da ci nowy.
web-off = Strony partii nie są włączone w tym bocie: administrator włącza je wpisem [web] listen w config.toml.
button-web-open = Otwórz stronę
parse-bad-web-revoke = „{ $typed }” to nie tak ani nie: /web revoke unieważnia twoje linki
button-web-watch = Oglądaj na żywo
button-web-play = Graj na stronie

## Aktywność Discorda
activity-title = Leapfrog
activity-loading = Pytamy Discorda, kim jesteś…
activity-failed = Nie udało się uruchomić aktywności.
activity-none = Na tym kanale nie ma jeszcze partii: zacznij nową poniżej.
activity-games = Partie
activity-puzzles = Zadania
activity-puzzles-open = Rozwiązuj zadania
activity-challenges = Czekają na przeciwnika
activity-new-game = Nowa partia
activity-anyone = Z kimkolwiek z kanału
activity-computer = Z komputerem
activity-accept = Przyjmij
activity-decline = Odrzuć
activity-cancel = Wycofaj
activity-start = Zacznij teraz
activity-leave = Odejdź od stołu
activity-not-there = Discord nie widzi cię w tej aktywności: zamknij ją i otwórz ponownie z kanału.
activity-no-token = Ta aktywność pokazuje partie i pozwala w nie grać, ale nie może tworzyć wyzwań ani na nie odpowiadać: administrator bota nie dał jej tokenu bota.
activity-play = Graj
activity-watch = Oglądaj
activity-your-turn = Twój ruch
activity-lost = Utracono połączenie: łączę ponownie…
activity-off = Ten bot nie działa jako aktywność Discorda: administrator włącza ją wpisami [discord] client_secret i application_id.
activity-refused = Discord nie potwierdził, kim jesteś: zamknij aktywność i otwórz ją ponownie.
activity-unreachable = Nie udało się połączyć z Discordem, by potwierdzić, kim jesteś. Spróbuj za chwilę.
button-launch = Graj w Discordzie
web-standings = Tabela
web-no-tournament = Nie ma turnieju #{ $text }.
button-web-standings = Tabela na stronie
web-ratings = Rankingi
web-recent-games = Ostatnie partie
web-rating-chart = Ranking po każdej partii rankingowej
web-no-player = Nie ma tu nikogo o numerze { $text }.
web-profile-refused = Ten link do profilu nie otwiera strony (został zmieniony, wygasł albo go odwołano): poproś /profile o nowy.
button-web-profile = Strona profilu
web-typed-label = Albo wpisz ruch
web-typed-play = Zagraj
web-played = Ruch { $ply }: { $move }

# Analiza zakończonej partii na jej stronie.
web-analysis-heading = Analiza
web-analysis-offered = Silnik może przeanalizować tę partię: dokładność każdej strony, wykres szans na wygraną i każdy błąd z lepszym ruchem.
web-analysis-ask = Przeanalizuj partię
web-analysis-running = Silnik analizuje tę partię; analiza pojawi się tutaj, gdy będzie gotowa.
web-analysis-depth = Każda pozycja przeliczona na { $depth } { $depth ->
    [one] półruch
    [few] półruchy
   *[other] półruchów
} lub głębiej. Dotknij wykresu albo błędu, aby zobaczyć pozycję.
web-analysis-chart = Szanse na wygraną ruch po ruchu
button-web-analysis = Analiza na stronie
# A player's puzzle page (/puzzle's link).
button-web-puzzle = Rozwiąż na stronie
web-puzzle-title = { $kind }, zadanie #{ $number }
web-puzzle-refused = Ten link do zadań nie otwiera strony (został zmieniony, wygasł albo go odwołano): poproś /puzzle o nowy.
web-puzzle-none = Nie masz jeszcze zadania: przycisk poniżej da ci zadanie na twoim poziomie.
web-puzzle-next = Następne zadanie
web-puzzle-you = Ty
web-puzzle-defence = Obrona
