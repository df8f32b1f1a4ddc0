# Words used everywhere: game names, counted things.

game-jumpers = Jumpers
game-gyges = Gygès
game-jump-sturdy = Jump Sturdy
game-skakanie = Skakanie
