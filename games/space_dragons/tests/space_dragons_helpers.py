"""Builders for hand-made Space Dragons positions and the conservation check."""

from __future__ import annotations

import random
from typing import Any

from games.rules import copy_state
from games.space_dragons import engine
from games.space_dragons.components import CREW_IDS, DRAGON_IDS, HAND_SIZE


def stacked_crew(num_seats: int, hands: dict[int, list[int]], reveal: list[int]) -> list[int]:
    """A full crew order whose deal starts each seat's hand with the given cards."""
    fixed = {c for cards in hands.values() for c in cards} | set(reveal)
    spare = iter(c for c in CREW_IDS if c not in fixed)
    order: list[int] = []
    for seat in range(num_seats):
        cards = hands.get(seat, [])
        order += cards + [next(spare) for _ in range(HAND_SIZE - len(cards))]
    order += reveal
    return order + list(spare)


def hunt_state(
    num_seats: int,
    hands: dict[int, list[int]],
    *,
    leader: int = 0,
    reveal: list[int] | None = None,
    options: dict[str, Any] | None = None,
    dragons: list[str] | None = None,
) -> dict[str, Any]:
    """A position at the start of trick 1 of the no-draft game, led by `leader`."""
    if reveal is None:
        reveal = [c for c in (80, 79, 78, 77, 76) if all(c not in h for h in hands.values())]
        reveal = reveal[:num_seats]
    stack: dict[str, Any] = {"crew": stacked_crew(num_seats, hands, reveal)}
    if dragons is not None:
        stack["dragons"] = dragons
    state = engine.setup(num_seats, {"draft": False} | (options or {}), 0, stack)
    state["leader"] = state["turn"] = leader
    return state


def finished(
    displays: list[list[int]],
    dragons: list[list[str]],
    shields: list[int],
    damage: list[int],
    sides: dict[str, str],
) -> dict[str, Any]:
    """A game-over state with the given end position (only what scoring reads)."""
    n = len(displays)
    state = engine.setup(n, {"draft": False}, 0)
    state["sides"] = sides
    state["phase"] = "over"
    for seat, player in enumerate(state["players"]):
        player["display"] = displays[seat]
        player["dragons"] = dragons[seat]
        player["shields"] = list(CREW_IDS[: shields[seat]])
        player["damage"] = list(CREW_IDS[: damage[seat]])
    return state


def give_from_pile(state: dict[str, Any], seat: int, zone: str, count: int) -> None:
    """Move `count` cards from the top of the draw pile under a ship as shields or damage."""
    for _ in range(count):
        state["players"][seat][zone].append(state["draw_pile"].pop(0))


def crew_zones(state: dict[str, Any]) -> list[int]:
    cards = state["draw_pile"] + state["start_reveal"]
    for player in state["players"]:
        for zone in ("pack", "drafted", "hand", "display", "shields", "damage"):
            cards += player[zone]
    return cards


def dragon_zones(state: dict[str, Any]) -> list[str]:
    dragons = state["lair"] + state["box_dragons"]
    if state["current_dragon"] is not None:
        dragons.append(state["current_dragon"])
    for player in state["players"]:
        dragons += player["dragons"] + [player["ship"]]
    return dragons


def assert_conserved(state: dict[str, Any]) -> None:
    """Every crew card and every dragon lies in exactly one zone."""
    crew = crew_zones(state)
    assert len(crew) == len(CREW_IDS)
    assert sorted(crew) == list(CREW_IDS)
    dragons = dragon_zones(state)
    assert len(dragons) == len(DRAGON_IDS)
    assert sorted(dragons) == list(DRAGON_IDS)


def play_cards(state: dict[str, Any], cards: list[int]) -> list[dict[str, Any]]:
    """Play the given cards in turn order, whoever holds the turn; returns all events."""
    events: list[dict[str, Any]] = []
    for card in cards:
        events += engine.apply_in_place(state, state["turn"], {"type": "play", "card": card})
    return events


def scrambled(state: dict[str, Any], seat: int | None, rng: random.Random) -> dict[str, Any]:
    """The same public position with every card the seat cannot see dealt anew."""
    other = copy_state(state)
    zones: list[list[int]] = [other["draw_pile"]]
    for s, player in enumerate(other["players"]):
        zones += [player["shields"], player["damage"]]
        if s != seat:
            zones += [player["hand"], player["pack"], player["drafted"]]
    pool = [c for zone in zones for c in zone]
    rng.shuffle(pool)
    for zone in zones:
        size = len(zone)
        zone[:] = pool[:size]
        del pool[:size]
    dragons = other["lair"] + other["box_dragons"] + [p["ship"] for p in other["players"]]
    rng.shuffle(dragons)
    lair = len(other["lair"])
    other["lair"] = dragons[:lair]
    other["box_dragons"] = dragons[lair : len(dragons) - other["num_seats"]]
    for player, ship in zip(
        other["players"], dragons[len(dragons) - other["num_seats"] :], strict=True
    ):
        player["ship"] = ship
    return other
