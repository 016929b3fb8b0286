"""A greedy Space Dragons bot that reads only its own seat's view."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.space_dragons.components import CREW, CREW_IDS, DRAGONS
from games.space_dragons.engine import view

# Rough worth of one symbol at the end, per scoring-card side: morale pays on both sides,
# crime costs on both, research rewards extremes (A) or the middle (B).
_CONTEST_WEIGHT = {
    ("research", "A"): 1.0,
    ("research", "B"): 0.6,
    ("morale", "A"): 1.5,
    ("morale", "B"): 1.5,
    ("crime", "A"): -1.5,
    ("crime", "B"): -1.5,
}
_SHIELD_WORTH = 1.3
_HIT_COST_UNSHIELDED = 2.0
_HIT_COST_SHIELDED = 1.3
_TARGETING_WORTH = 0.4
_MEAN_TARGETING = 33 / 80
_HIGHEST = max(CREW_IDS)


def _symbol_worth(symbols: Mapping[str, int], sides: dict[str, str]) -> float:
    worth = 2.0 * symbols["plus"] - symbols["minus"]
    for contest, side in sides.items():
        worth += _CONTEST_WEIGHT[(contest, side)] * symbols[contest]
    return worth


def _card_worth(card: int, sides: dict[str, str], damaged: int) -> float:
    """Points a card brings by itself when played, not counting the trick it may win."""
    crew = CREW[card]
    effects = crew.effects
    repair_worth = 2.0 * min(effects["repair"], damaged) + 0.2 * effects["repair"]
    return (
        _symbol_worth(crew.symbols, sides)
        + _SHIELD_WORTH * effects["shield"]
        - _HIT_COST_UNSHIELDED * effects["damage"]
        + repair_worth
    )


def _dragon_worth(dragon: str | None, sides: dict[str, str]) -> float:
    if dragon is None:
        return 0.0
    return DRAGONS[dragon].points + _symbol_worth(DRAGONS[dragon].symbols, sides)


def _draft_pick(seen: dict[str, Any]) -> int:
    sides = seen["sides"]
    opponents = int(seen["num_seats"]) - 1

    def score(card: int) -> float:
        power = 10.0 * (card / _HIGHEST) ** (2 * opponents)
        return (
            _card_worth(card, sides, 0)
            + power
            + _TARGETING_WORTH * CREW[card].effects["targeting"] * (1 - power / 10.0)
        )

    pack: list[int] = seen["pack"]
    return max(pack, key=lambda c: (score(c), -c))


def _win_chance(seen: dict[str, Any], seat: int, card: int) -> float:
    plays = seen["trick_plays"]
    if any(p["card"] > card for p in plays):
        return 0.0
    n = seen["num_seats"]
    later = [(seat + k) % n for k in range(1, n - len(plays))]
    if not later:
        return 1.0
    visible = set(seen["hand"]) | set(seen["start_reveal"])
    for player in seen["players"]:
        visible.update(player["display"])
    unseen = [c for c in CREW_IDS if c not in visible]
    higher = sum(1 for c in unseen if c > card)
    held = sum(seen["players"][s]["hand_count"] for s in later)
    if not unseen:
        return 1.0
    return float((1 - higher / len(unseen)) ** held)


def _play_pick(seen: dict[str, Any], seat: int) -> int:
    sides: dict[str, str] = seen["sides"]
    me = seen["players"][seat]
    plays = seen["trick_plays"]
    n: int = seen["num_seats"]
    later = n - len(plays) - 1
    known_hits = sum(CREW[p["card"]].effects["targeting"] for p in plays)
    dragon = _dragon_worth(seen["current_dragon"], sides)

    def score(card: int) -> float:
        chance = _win_chance(seen, seat, card)
        hits = known_hits + _MEAN_TARGETING * later
        shields = int(me["shields"]) + CREW[card].effects["shield"]
        absorbed = min(hits, shields)
        hit_cost = absorbed * _HIT_COST_SHIELDED + (hits - absorbed) * _HIT_COST_UNSHIELDED
        win_worth = dragon - hit_cost
        keep = 6.0 * (card / _HIGHEST) ** 4
        lose_worth = _TARGETING_WORTH * CREW[card].effects["targeting"]
        return (
            _card_worth(card, sides, int(me["damage"]))
            + chance * win_worth
            + (1 - chance) * lose_worth
            - keep
        )

    hand: list[int] = seen["hand"]
    return max(hand, key=lambda c: (score(c), -c))


def choose_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """A greedy move for `seat`, computed from `view(state, seat)` only."""
    seen = view(state, seat)
    if seen["phase"] == "draft" and not seen["players"][seat]["has_drafted"]:
        return {"type": "draft", "card": _draft_pick(seen)}
    if seen["phase"] == "hunt" and seen["turn"] == seat:
        return {"type": "play", "card": _play_pick(seen, seat)}
    raise ValueError(f"Seat {seat} has nothing to do now.")


# ---------------------------------------------------------------- the search's playouts


PLAYOUT_EPSILON = 0.1
"""How often a playout move is a random legal one: the deals a search plays out should not all
follow one line."""


def playout_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The strong level's playout policy (`games.search`), on a sampled state: the greedy move,
    now and then a random one. The greedy bot is cheap enough here to play every playout move."""
    if rng.random() < PLAYOUT_EPSILON:
        player = state["players"][seat]
        if state["phase"] == "draft":
            return {"type": "draft", "card": rng.choice(player["pack"])}
        return {"type": "play", "card": rng.choice(player["hand"])}
    return choose_move(state, seat, rng)
