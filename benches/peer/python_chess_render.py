"""The peer that `cargo bench --bench render` measures Leapfrog's pictures against.

A chess board drawn by python-chess as SVG (800 px, last move marked) and turned into a
PNG by cairosvg: the usual pipeline of Python board bots. Prints the median time of one
picture in milliseconds. Needs `pip install python-chess cairosvg` (and the system's
libcairo); the bench says so when they are missing.
"""

import statistics
import sys
import time

import cairosvg
import chess
import chess.svg

BOARD = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
LAST = chess.Move.from_uci("g1f3")


def picture() -> bytes:
    svg = chess.svg.board(BOARD, size=800, lastmove=LAST)
    return cairosvg.svg2png(bytestring=svg.encode())


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 31
    picture()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        picture()
        times.append(time.perf_counter() - start)
    print(f"{statistics.median(times) * 1e3:.3f}")


if __name__ == "__main__":
    main()
