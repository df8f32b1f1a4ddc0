# Words used everywhere: game names, counted things.

game-jumpers = Jumpers
game-gyges = Gygès
game-jump-sturdy = Jump Sturdy
game-skakanie = Skakanie

# "A or B": who may answer, which values an option takes.
common-or = { $left } or { $right }

# Between the players of a game, in a title: "alice vs bob".
common-versus = {" "}vs{" "}
