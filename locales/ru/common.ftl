# Слова, нужные везде: названия игр, счёт.

game-jumpers = Прыгуны
game-gyges = Гигес
game-jump-sturdy = Jump Sturdy
game-skakanie = Скаканье
