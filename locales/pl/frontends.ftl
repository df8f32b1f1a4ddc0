# Słowa, które interfejsy dodają same: odczyt wpisanego polecenia, wybór ruchu
# i potwierdzenia na Discordzie, własne uwagi bota oraz zapis konsoli.
# Konsola czyta polecenia po angielsku (/play, /move, opponent:…), więc komunikaty parse-*
# i console-* podają je w tej postaci.

parse-no-command = polecenia zaczynają się od /, np. /play jumpers opponent:@bob
parse-unknown = nie ma polecenia /{ $name }; dostępne polecenia: /{ $commands }
parse-missing = /{ $command } wymaga podania { $what }
parse-needs-game = gry, np. /play jumpers
parse-needs-move = ruchu, np. /move e3-h6
parse-needs-leaderboard-game = gry, np. /leaderboard game:jumpers
parse-repeated = opcja { $key } jest podana dwa razy ({ $first } i { $second }); podaj ją tylko raz
parse-does-not-apply = /{ $command } nie ma opcji { $key }; { $count ->
    [0] to polecenie nie przyjmuje żadnych opcji
    [one] przyjmuje tylko { $takes }
    [few] jego opcje to: { $takes }
    [many] jego opcje to: { $takes }
   *[other] jego opcje to: { $takes }
}
parse-bad-game-number = „{ $typed }” to nie numer partii; partie mają numery takie jak #12
parse-bad-answer = „{ $typed }” to nie odpowiedź: wpisz accept albo decline (albo nic, aby złożyć propozycję)
parse-bad-computers = computers:{ $typed } to nie liczba przeciwników komputerowych: wpisz 1, 2 albo 3
parse-bad-forget-confirm = „{ $typed }” to nie potwierdzenie: /forget-me pokaże, co zostanie usunięte, a /forget-me confirm to usunie
parse-bad-level-alone = level to siła komputera, a nikt tutaj nie jest komputerem: dodaj opponent:@ai, aby z nim zagrać
parse-bad-level = poziom komputera to liczba od 1 (początkujący) do 5 (najsilniejszy), a nie „{ $typed }”
parse-bad-seat = „{ $typed }” to nie miejsce: wpisz random, first (Białe, Południe) albo second (Czarne, Północ)
parse-bad-threads = „{ $typed }” to nie wybór wątków: wpisz on (wątek dla każdej partii) albo off
parse-bad-language = nie ma języka „{ $typed }”: wybierz en, ru lub pl
parse-bad-notify = „{ $typed }” to nie sposób powiadamiania: wpisz channel (wzmianka na kanale partii), dm (wiadomość prywatna) albo off
parse-bad-page = „{ $typed }” to nie numer strony: wpisz 1 dla pierwszej strony, 2 dla następnej i tak dalej

discord-other-bot = { $name } to inny bot, nie ja; aby zagrać z komputerem, wyzwij mnie (Leapfrog) albo dodaj komputery:1; możesz też wyzwać człowieka.
discord-old-button = Ten przycisk pochodzi ze starszej wersji bota Leapfrog; poproś o świeżą planszę: /plansza.
discord-not-in-dms = Partie rozgrywa się tam, gdzie każdy gracz widzi planszę: na kanale serwera albo w prywatnej lub grupowej rozmowie z przeciwnikami (dodaj Leapfrog do swoich aplikacji, by grać tam), a nie w rozmowie z botem.
discord-server-only = To polecenie dotyczy serwera (jego ustawień, turniejów lub rankingu): użyj go na kanale serwera, który dodał Leapfrog.
discord-in-thread = Partia #{ $game } się zaczyna: toczy się w wątku { $thread }.
discord-private-placeholder = Tę odpowiedź widzi tylko osoba, która pytała.
discord-private-failed = Nie udało mi się wysłać ci odpowiedzi prywatnie; spróbuj ponownie.
discord-crashed = Coś poszło nie tak po naszej stronie; twoja partia jest bezpieczna. Spróbuj ponownie.
# Pod wiadomością prywatną: gdzie toczy się partia.
discord-dm-where = (na kanale { $place })
discord-thread-lost = Nie mogę już pisać w wątku tej partii { $thread } (błąd Discorda { $code }: wątek usunięto albo straciłem tam uprawnienia), więc partia toczy się dalej tutaj.
discord-missing-permission = Potrzebuję tych uprawnień w { $place }: { $permissions } (błąd Discorda { $code }). Administrator serwera może je nadać Leapfrogowi w ustawieniach kanału, w sekcji „Uprawnienia”. Mówię o tym raz.
discord-no-thread = Nie udało mi się otworzyć wątku dla tej partii, więc toczy się tutaj.
discord-channel-closed = Nie mogę już pisać w { $place }, więc wieści z tej partii przychodzą do ciebie w wiadomościach prywatnych.
# Nazwy uprawnień tak, jak pokazują je ustawienia Discorda.
permission-view-channel = Wyświetlanie kanałów
permission-send-messages = Wysyłanie wiadomości
permission-send-messages-in-threads = Wysyłanie wiadomości w wątkach
permission-create-public-threads = Tworzenie wątków publicznych
permission-attach-files = Załączanie plików

picker-no-move = Nie masz teraz w tej partii żadnego ruchu do wybrania.
picker-too-many = Zbyt wiele pionków może się ruszyć, by je tu wypisać; wpisz /ruch i wybierz z podpowiedzi.
picker-on-game = Partia #{ $game }
picker-on-puzzle = Twoje zadanie
picker-which-piece = { $on }: który pionek?
picker-piece = Pionek
picker-gone = Z { $from } nie ma teraz żadnego ruchu; pozycja mogła się zmienić. Poproś o świeżą planszę: /plansza.
picker-where = { $drop ->
    [yes] { $on }: gdzie postawić pionek wyparty ruchem { $from }?
   *[no] { $on }: dokąd z { $from }?
}
picker-target = { $drop ->
    [yes] Gdzie postawić
   *[no] Dokąd
}

# „Na pewno?” przed przyciskiem, którego nie da się cofnąć: $action to jego polecenie (resign);
# inne polecenia dostają ogólne pytanie (identyfikator przycisku to nie słowo dla ludzi).
confirm-really = { $action ->
    [resign] Na pewno chcesz się poddać? Tego nie da się cofnąć.
    [leave-game] Na pewno odejść z gry? Zajmiesz ostatnie miejsce spośród wciąż grających; tego nie da się cofnąć.
   *[other] Na pewno? Tego nie da się cofnąć.
}
confirm-yes = { $action ->
    [resign] Tak, poddaję się
    [leave-game] Tak, odchodzę
   *[other] Tak
}

console-no-user = zaczynaj każdy wiersz od użytkownika, który go pisze: @alice /play jumpers opponent:@bob
console-private = (widzi to tylko { $name })
console-buttons = przyciski: { $labels }
console-moves = dozwolone ruchy ({ $count }): { $moves }
console-notifies = powiadamia { $count ->
    [one] { $count } użytkownika
    [few] { $count } użytkowników
    [many] { $count } użytkowników
   *[other] { $count } użytkowników
}
console-direct = wiadomość prywatna do { $count ->
    [one] { $count } użytkownika
    [few] { $count } użytkowników
    [many] { $count } użytkowników
   *[other] { $count } użytkowników
}
console-not-written = { $what }: nie zapisano w { $path }: { $error }
console-not-utf8 = wiersz { $line } nie jest poprawnym tekstem UTF-8; pominięto go

# The console's greeting when a person types at it.
console-banner = Konsola Leapfrog. Pisz wiersze takie jak: @ola /graj jumpers przeciwnik:@piotr  (Ctrl-D kończy; @ty /pomoc)
parse-bad-tournament-hosts = „{ $typed }” to nie wybór: turnieje tworzą admins (tylko administratorzy) albo everyone (wszyscy)
parse-needs-tournament-action = co zrobić, np. /turniej utwórz, dołącz, wypisz, rozpocznij, odwołaj, usuń, pokaż albo lista
parse-needs-tournament-player = kogo usunąć, np. /turniej usuń @ola
parse-needs-tournament-format = format, np. /turniej utwórz jumpers swiss (albo round-robin)
parse-bad-tournament-action = „{ $typed }” to nie czynność turnieju: utwórz, dołącz, wypisz, rozpocznij, odwołaj, usuń, pokaż albo lista
parse-bad-tournament-number = „{ $typed }” to nie numer turnieju: wpisz np. T3
parse-bad-tournament-format = „{ $typed }” to nie format turnieju: round-robin (kołowy) albo swiss (szwajcarski)
parse-bad-tournament-count = „{ $typed }” to nie liczba
parse-bad-tournament-yes-no = „{ $typed }” to nie tak ani nie
