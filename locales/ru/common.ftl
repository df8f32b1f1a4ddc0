# Слова, нужные везде: названия игр, счёт.

game-jumpers = Прыгуны
game-gyges = Гигес
game-jump-sturdy = Jump Sturdy
game-skakanie = Скаканье

# «A или B»: кто может ответить, какие значения принимает параметр.
common-or = { $left } или { $right }

# Между игроками в заголовке: «alice – bob».
common-versus = {" "}–{" "}
