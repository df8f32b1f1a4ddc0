# /pomoc: jedna wiadomość na wiersz; wiersze o id kończącym się na -more są wcięte pod poprzednim.

help-title = **Leapfrog** prowadzi abstrakcyjne gry w skakanie i układanie stosów.
help-play = /graj gra:<gra> [przeciwnik:@gracz] [opcje]: wyzwij kogoś (bez przeciwnika: każdego tutaj)
help-play-skakanie-more = Skakanie ma od 2 do 4 miejsc: wskaż do trzech przeciwników albo otwórz stół i /rozpocznij, gdy ludzie się dosiądą
help-play-computer-more = Gra z komputerem: przeciwnik:@Leapfrog (w konsoli: @ai), poziom:1-5 (domyślnie 3) albo komputery:1; partia zaczyna się od razu
help-answer = /przyjmij, /odrzuć, /anuluj, /rozpocznij: odpowiedz na wyzwanie, wycofaj je albo rozpocznij grę (wyzwanie skierowane do ciebie ma pierwszeństwo przed otwartymi)
help-leave = /odejdź: wstań od stołu Skakanie, przy którym masz miejsce, zanim gra się zacznie
help-move = /ruch <e3-h6>: wykonaj ruch (lista podpowiada); w Skakanie cała tura: /ruch weź w prawo weź
help-look = /plansza: pokaż planszę · /partie: twoje partie · /historia: zapis i powtórka partii · /web: graj na stronie partii
help-offers = /poddaj · /remis [przyjmij|odrzuć] · /cofnij [przyjmij|odrzuć]
help-offers-more = Propozycja obowiązuje, dopóki ktoś na nią nie odpowie albo jej nie wycofa; ruch zamiast odpowiedzi ją odrzuca (prośba o cofnięcie wygasa też z następnym ruchem proszącego)
help-days = Gra korespondencyjna: dni:1|2|3|5|7|14 w /graj dla zegara · /wygrana-na-czas, gdy przeciwnikowi skończył się czas · /pauza i /wznów
help-settings = /ustawienia powiadomienia: jak dociera do ciebie twój ruch (administratorzy: wątki) · język:en|ru|pl: język, w którym czytasz (administratorzy: język serwera)
help-ratings = Ranking: partie między ludźmi są rankingowe (rankingowa:nie w /graj dla towarzyskiej) · /przerwij partię, zanim każda ze stron wykona ruch
help-rating-commands = /ranking [gracz] [gra] · /najlepsi gra:<gra> [zakres:serwer|wszyscy] · /profil [gracz]: partie, serie, historia rankingu
help-privacy = /prywatność: co bot przechowuje o tobie i jak długo · /zapomnij-mnie: usuń to (najpierw zapyta)
help-rules = /zasady gra:<gra> [strona:N]: jak grać, strona po stronie, z opcjami gry
help-which-game = Polecenia dotyczą twojej jedynej partii na kanale (/plansza i /historia dla widzów: jedynej partii kanału); gdy partii jest kilka, dodaj gra:<numer>.
help-analyse = /analiza: komputer omawia skończoną partię ruch po ruchu i wskazuje błędy z lepszymi ruchami
help-puzzle = /zadanie [gra] [dnia]: pozycja do rozwiązania; odpowiedź: /zadanie odpowiedź:<ruch>
help-tournament = /turniej utwórz, dołącz, wypisz, rozpocznij, pokaż, lista: turnieje kołowe i szwajcarskie na tym kanale
