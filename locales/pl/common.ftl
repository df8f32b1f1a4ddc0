# Słowa używane wszędzie: nazwy gier, liczebniki.

game-jumpers = Skoczki
game-gyges = Gygès
game-jump-sturdy = Jump Sturdy
game-skakanie = Skakanie

# „A lub B”: kto może odpowiedzieć, jakie wartości przyjmuje opcja.
common-or = { $left } lub { $right }

# Między graczami w tytule: „alice – bob”.
common-versus = {" "}–{" "}
