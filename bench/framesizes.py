"""The size of the table's pushes per game, from the frames `python -m bench.movecpu --frames
FILE` wrote: raw bytes and permessage-deflate bytes as daphne sends them (autobahn's
`PerMessageDeflate`, 15-bit window, memory level 5, context takeover: one compressor per socket
across its frames). A socket's first frame (the table on connecting) is left out of both, as
`bench/deflate.py` leaves it out: the compressor starts at the first push.

    python -m bench.framesizes FILE [FILE_BEFORE]
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from autobahn.websocket.compress_deflate import PerMessageDeflate

WINDOW_BITS = 15
MEMORY_LEVEL = 5


def _deflated(frames: list[str]) -> list[int]:
    """Each frame's bytes through one socket's compressor."""
    deflate = PerMessageDeflate(True, False, False, WINDOW_BITS, 15, MEMORY_LEVEL)
    sizes = []
    for frame in frames:
        deflate.start_compress_message()
        data = deflate.compress_message_data(frame.encode())
        data += deflate.end_compress_message()
        sizes.append(len(data))
    return sizes


def sizes(path: str) -> dict[str, dict[str, list[int]]]:
    """Raw and deflated bytes of every push frame, by game."""
    sockets = json.loads(Path(path).read_text())
    games: dict[str, dict[str, list[int]]] = {}
    for viewer, frames in sockets.items():
        game = viewer.split(" seat ")[0]
        sized = games.setdefault(game, {"raw": [], "deflated": []})
        sized["raw"] += [len(frame.encode()) for frame in frames[1:]]
        sized["deflated"] += _deflated(frames[1:])
    return games


def _figures(sized: list[int]) -> str:
    return f"{statistics.fmean(sized):,.0f} / {statistics.median(sized):,.0f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("after", help="frames (JSON) of the code measured")
    parser.add_argument("before", nargs="?", help="frames (JSON) of the code before")
    args = parser.parse_args()
    after = sizes(args.after)
    before = sizes(args.before) if args.before else None
    print("| game | frames | raw mean / median | deflated mean / median |")
    print("|---|---|---|---|")
    for game, sized in after.items():
        cells = []
        for kind in ("raw", "deflated"):
            now = _figures(sized[kind])
            cells.append(f"{_figures(before[game][kind])} → {now}" if before else now)
        print(f"| {game} | {len(sized['raw'])} | {cells[0]} | {cells[1]} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
