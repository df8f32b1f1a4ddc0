# Tabela turnieju: nagłówki kolumn (krótkie: kolumny są wąskie).
tournament-column-player = Gracz
tournament-column-points = Pkt
# Punktacja Sonneborna-Bergera, dodatkowa punktacja systemu kołowego.
tournament-column-sb = Berger
tournament-column-buchholz = Buchholz
tournament-column-median = Med. B.
# Po nazwie gracza, który wycofał się z turnieju.
tournament-withdrawn = poza turniejem
