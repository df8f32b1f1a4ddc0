# Таблица турнира: заголовки столбцов (короткие: столбцы узкие).
tournament-column-player = Игрок
tournament-column-points = Очки
# Коэффициент Зоннеборна — Бергера, дополнительный показатель круговой системы.
tournament-column-sb = Бергер
tournament-column-buchholz = Бухгольц
tournament-column-median = Усеч. Б.
# После имени игрока, покинувшего турнир.
tournament-withdrawn = вне турнира
