# Słowa używane wszędzie: nazwy gier, liczebniki.

game-jumpers = Skoczki
game-gyges = Gygès
game-jump-sturdy = Jump Sturdy
game-skakanie = Skakanie
