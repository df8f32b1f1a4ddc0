# /ustawienia: jak gracz dowiaduje się o swoim ruchu, w jakim języku czyta i (administratorzy)
# wątki i język serwera.

settings-threads-not-server = Wątki to ustawienie serwera, a to nie jest serwer.
settings-threads-admins-only = Tylko administratorzy serwera (uprawnienie „Zarządzanie serwerem”) mogą decydować, czy partie dostają wątki.
settings-language-not-server = Język serwera to ustawienie serwera, a to nie jest serwer.
settings-language-admins-only = Tylko administratorzy serwera (uprawnienie „Zarządzanie serwerem”) mogą zmienić język serwera.
settings-notify = { $saved ->
    [yes] Zapisano: będziesz się dowiadywać
   *[no] Dowiadujesz się
} o swoim ruchu i o przypomnieniach { $how ->
    [channel] przez wzmiankę na kanale partii
    [dm] z wiadomości prywatnej (przez wzmiankę na kanale, jeśli masz zamknięte wiadomości prywatne)
   *[off] wcale (plansze są nadal publikowane, ale bez wzmianki)
}. Zmień to: /ustawienia powiadomienia:channel|dm|off.
settings-language = { $saved ->
    [yes] Zapisano: czytasz
   *[no] Czytasz
} odpowiedzi { $code ->
    [en] po angielsku
    [pl] po polsku
   *[other] po rosyjsku
} { $chosen ->
    [yes] (twój wybór)
   *[no] (język twojego Discorda)
}. Zmień to: /ustawienia język:en|ru|pl.
settings-threads = Na tym serwerze każda nowa partia { $on ->
    [yes] dostaje własny wątek na swoje plansze
   *[no] toczy się na kanale, na którym przyjęto wyzwanie
} (administratorzy: /ustawienia wątki:on|off).
settings-server-language = Plansze i powiadomienia na tym serwerze są publikowane { $code ->
    [en] po angielsku
    [pl] po polsku
   *[other] po rosyjsku
} (administratorzy: /ustawienia język_serwera:en|ru|pl).
settings-tournaments-not-server = Kto tworzy turnieje, to ustawienie serwera, a to nie jest serwer.
settings-tournaments-admins-only = Tylko administratorzy serwera (Zarządzanie serwerem) mogą wybrać, kto tworzy turnieje.
settings-tournaments = Turnieje tworzą tu { $hosts ->
    [admins] tylko administratorzy
   *[everyone] wszyscy
} (administratorzy: /ustawienia turnieje:admins|everyone).
