# /prywatność i /zapomnij-mnie: co bot przechowuje o graczu i jak to usunąć. Widzi to tylko
# wywołujący.

privacy-title = **Co Leapfrog przechowuje o tobie** (widzisz to tylko ty)
privacy-settings-none = Ustawienia: żadne (/ustawienia nie były używane, a język twojego Discorda nie został zapisany).
privacy-settings = Ustawienia: o twoim ruchu dowiadujesz się { $notify ->
    [channel] przez wzmiankę na kanale partii
    [dm] z wiadomości prywatnej
   *[off] wcale
}; wybrany przez ciebie język: { $language }; język twojego Discorda, zapisany, aby wiadomości prywatne przychodziły w nim: { $discord }.
privacy-not-chosen = nie wybrano
privacy-not-noted = nie zapisano
privacy-ratings-none = Ranking: brak (nie ma jeszcze żadnej partii rankingowej z twoim udziałem).
privacy-ratings = Ranking, po jednym na grę, z twoimi wynikami i rankingiem po każdej partii rankingowej (dla /ranking, /profil i /najlepsi):
privacy-games-none = Partie: brak partii z twoim udziałem.
privacy-games = Partie: { $count ->
    [one] { $count } partia
    [few] { $count } partie
   *[many] { $count } partii
} z twoim udziałem (w toku: { $playing }), w każdej imiona graczy z chwili jej rozpoczęcia (twoje: { $names }), miejsce gry, ruchy, daty i wynik.
privacy-challenges = Wyzwania czekające na odpowiedź, w których cię wskazano lub które pochodzą od ciebie: { $count }.
privacy-boards = Odnośniki do ostatniej opublikowanej planszy dla { $count ->
    [one] { $count } z tych partii
   *[other] { $count } z tych partii
} (serwer, kanał, wiadomość).
privacy-nothing-else = Wszystko to jest zapisane pod twoim identyfikatorem użytkownika Discorda. Nic więcej nie jest przechowywane: ani wiadomości, ani adres e-mail, ani lista twoich serwerów.
privacy-how-long = Jak długo: ustawienia i ranking, dopóki ich nie usuniesz; partie, wspólny zapis wszystkich, którzy w nich grali, dopóki nie usunie ich administrator bota (a jego kopie zapasowe, dopóki je trzyma).
privacy-forget = Aby bot o tobie zapomniał: /zapomnij-mnie. W innych sprawach pytaj osobę, która uruchomiła tego bota.
# Imię gracza, który poprosił o zapomnienie.
player-forgotten = Były gracz
forget-me-playing = Wciąż grasz { $count ->
    [one] partię { $games }
   *[other] partie { $games }
}: dokończ albo poddaj się (/poddaj), potem poproś ponownie.
forget-me-tournaments = Wciąż jesteś { $count ->
    [one] w turnieju { $tournaments }
   *[other] w turniejach { $tournaments }
}: najpierw się wypisz (/turniej wypisz), potem poproś ponownie.
forget-me-ask = **Zapomnieć cię?** Usunięte zostaną twoje ustawienia i ranking, twoje czekające wyzwania ({ $challenges }) zostaną wycofane lub odrzucone, a z twoich zakończonych partii ({ $games }) znikną twoje imię i identyfikator: pozostali zachowają swoje partie, w których na twoim miejscu będzie były gracz. Tego nie da się cofnąć. Aby kontynuować, naciśnij przycisk (w konsoli: /forget-me confirm).
forget-me-button = Tak, zapomnij mnie
forget-me-done = Gotowe: bot o tobie zapomniał. Usunięto ustawienia i ranking ({ $ratings }), zamknięto wyzwania ({ $challenges }), partie z byłym graczem na twoim miejscu: { $games }. Kopie zapasowe zrobione wcześniej przez administratora zawierają stare dane, dopóki nie zostaną zastąpione.
