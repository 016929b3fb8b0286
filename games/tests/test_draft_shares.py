"""What passing packets in a draft tells a seat (`games.rules.draft_shares`), the part of
`sample_state` that the drafting games share, checked against simulated drafts."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from games.rules import draft_shares

DRAFTS = [
    # seats, direction, rounds, cards taken a round (the last round keeps the rest), packet size
    (2, 1, 3, 2, 6),
    (3, 1, 3, 2, 6),
    (4, 1, 3, 2, 5),
    (2, -1, 4, 2, 7),
    (4, -1, 4, 2, 7),
    (3, 1, 9, 1, 9),
    (5, 1, 9, 1, 9),
]


@pytest.mark.parametrize(("seats", "direction", "rounds", "take", "size"), DRAFTS)
def test_what_a_seat_deduces_from_a_draft_holds(
    seats: int, direction: int, rounds: int, take: int, size: int
) -> None:
    """Random drafts cut at every round with some seats done: each group of cards the seat
    deduces lies with the seats it names, so many each (`games.rules.draft_shares`)."""
    rng = random.Random(seats * direction * rounds)

    def takes(number: int, left: int) -> int:
        return left if number == rounds else min(take, left)

    for _ in range(20):
        cards = list(range(seats * size))
        rng.shuffle(cards)
        packets = [cards[s * size : (s + 1) * size] for s in range(seats)]
        kept: list[list[int]] = [[] for _ in range(seats)]
        seen: list[dict[int, tuple[list[int], list[int] | None]]] = [{} for _ in range(seats)]
        for number in range(1, rounds + 1):
            for s in range(seats):
                seen[s][number] = (sorted(packets[s]), None)
            done = rng.sample(range(seats), rng.randrange(seats + 1))
            picks = [rng.sample(packets[s], takes(number, len(packets[s]))) for s in range(seats)]
            for s in done:
                kept[s] += picks[s]
                packets[s] = [c for c in packets[s] if c not in picks[s]]
            _check_shares(seats, direction, rounds, takes, seen, number, done, kept, packets)
            for s in range(seats):
                if s not in done:
                    kept[s] += picks[s]
                    packets[s] = [c for c in packets[s] if c not in picks[s]]
                seen[s][number] = (seen[s][number][0], sorted(picks[s]))
            packets = [packets[(s - direction) % seats] for s in range(seats)]
        _check_shares(seats, direction, rounds, takes, seen, None, [], kept, packets)


def _check_shares(
    seats: int,
    direction: int,
    rounds: int,
    takes: Callable[[int, int], int],
    seen: list[dict[int, tuple[list[int], list[int] | None]]],
    current: int | None,
    done: list[int],
    kept: list[list[int]],
    packets: list[list[int]],
) -> None:
    zones = {"kept": kept, "packet": packets}
    for seat in range(seats):
        shares = draft_shares(
            seats=seats,
            seat=seat,
            direction=direction,
            rounds=rounds,
            takes=takes,
            seen=seen[seat],
            current=current,
            picked=done,
        )
        for group, places in shares:
            assert group
            assert seat not in {holder for holder, _zone in places}
            held = [c for (holder, zone) in places for c in zones[zone][holder] if c in group]
            assert sorted(held) == sorted(group)
            for (holder, zone), count in places.items():
                assert len(set(group) & set(zones[zone][holder])) == count
