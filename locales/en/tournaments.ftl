# The standings picture of a tournament: column headings (short: the columns are narrow).
tournament-column-player = Player
tournament-column-points = Points
# Sonneborn–Berger, the round-robin tie-break.
tournament-column-sb = SB
tournament-column-buchholz = Buchholz
tournament-column-median = Median
# After the name of a player who has left the tournament.
tournament-withdrawn = withdrawn
