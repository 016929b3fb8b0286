"""What holds in every Space Bastards position and result, for the cross-game playouts
(`games/tests/test_playouts.py`): every token in one place, placements on their planets' cells,
cargo of the ship's own colour, one ship a space, money never below zero, the score sheet
adding up, ties broken by money and living creatures."""

from __future__ import annotations

from typing import Any

from games.space_bastards.components import PER_COLOUR, PLACEMENT_SETS, RACES


def _token_places(state: dict[str, Any]) -> dict[str, list[str]]:
    """Where each token is: token id -> list of places (exactly one expected)."""
    places: dict[str, list[str]] = {}
    for colour, by_race in state["supply"].items():
        for race, ks in by_race.items():
            for k in ks:
                places.setdefault(f"{colour}:{race}:{k}", []).append("supply")
    for planet, tokens in state["board"].items():
        for token in tokens:
            places.setdefault(token, []).append(planet)
    for seat, ship in enumerate(state["ships"]):
        for token in ship["cargo"]:
            places.setdefault(token, []).append(f"ship{seat}")
    col = state["colonise"]
    if col is not None:
        for token in col["pending"]:
            places.setdefault(token, []).append("pending")
        if col["token"] is not None:
            places.setdefault(col["token"], []).append("placing")
    return places


def check_state(state: dict[str, Any]) -> None:
    colours = [str(s) for s in range(state["seats"])] + (["N"] if state["seats"] == 2 else [])
    expected = {
        f"{c}:{race}:{k}" for c in colours for race in RACES for k in range(PER_COLOUR[race])
    }
    places = _token_places(state)
    assert set(places) == expected
    assert all(len(where) == 1 for where in places.values()), places
    for planet, tokens in state["board"].items():
        covered: set[tuple[int, int]] = set()
        for token, data in tokens.items():
            cells = frozenset((r, c) for r, c in data["cells"])
            assert cells in PLACEMENT_SETS[planet][token.split(":")[1]]
            assert covered.isdisjoint(cells)
            covered |= cells
    for seat, ship in enumerate(state["ships"]):
        for token in ship["cargo"]:
            assert token.startswith(f"{seat}:")
    moving = state["movement"]["seat"] if state["movement"] else None
    spaces = [s["space"] for n, s in enumerate(state["ships"]) if s["space"] and n != moving]
    assert len(spaces) == len(set(spaces))
    assert min(state["money"]) >= 0


def check_result(state: dict[str, Any], outcome: dict[str, Any]) -> None:
    keys = []
    for seat, row in enumerate(outcome["breakdown"]):
        sources = row["dominance_4"] + row["dominance_8"] + row["dominance_12"]
        assert row["total"] == sources + row["diplomacy"] + row["bought"]
        assert row["total"] == outcome["scores"][seat] == state["points"][seat]
        assert 0 <= row["money_left"] < 5
        keys.append((row["total"], row["money_left"], row["living"]))
    ranks = outcome["ranks"]
    for a in range(len(keys)):
        for b in range(len(keys)):
            assert (keys[a] > keys[b]) == (ranks[a] < ranks[b])
    assert outcome["winners"] == [s for s, rank in enumerate(ranks) if rank == 1]
    assert [s for group in outcome["ranking"] for s in group] == sorted(
        range(len(ranks)), key=lambda s: ranks[s]
    )
