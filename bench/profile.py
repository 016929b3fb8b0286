"""`python -m bench.profile FILE [N]`: the functions that take most of a py-spy raw profile
(collapsed stacks), inclusive and self, as shares of all samples."""

from __future__ import annotations

import sys
from collections import Counter


def summarise(path: str, top: int = 40) -> str:
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    with open(path) as lines:
        for line in lines:
            stack, _space, count = line.rstrip().rpartition(" ")
            if not stack:
                continue
            samples = int(count)
            total += samples
            frames = stack.split(";")
            for frame in set(frames):
                inclusive[frame] += samples
            own[frames[-1]] += samples
    out = [f"{total} samples", "inclusive:"]
    out += [f"{n / total:6.1%}  {frame}" for frame, n in inclusive.most_common(top)]
    out.append("self:")
    out += [f"{n / total:6.1%}  {frame}" for frame, n in own.most_common(top // 2)]
    return "\n".join(out)


if __name__ == "__main__":
    print(summarise(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 40))
