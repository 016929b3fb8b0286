"""Space Dragons bots that read only their own seat's view.

`normal` weighs each card by what it brings when played and by its chance to take the dragon,
knowing that a rival overcalls a trick cheaply and that a dragon it gives away is a rival's gain.
`easy` plays like a beginner: it fears every higher card still unseen, so it leads its lowest
card, and it now and then plays a card a little worse than its best.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.rules import best_scored, fallible_scored
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
_SELF_DAMAGE_RELUCTANCE = 0.8
"""How seldom a rival overcalls with a card that damages its own ship (73-80)."""
_RIVAL_SHARE = 0.5
"""A dragon taken by a rival counts against the bot at this share of its worth."""
_EASY_TEMPERATURE = 2.5
"""The easy bot's spread in points: a card 2.5 points worse than its best is taken e^-1 as often."""


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


def _draft_scores(seen: dict[str, Any]) -> dict[int, float]:
    sides = seen["sides"]
    opponents = int(seen["num_seats"]) - 1

    def score(card: int) -> float:
        power = 10.0 * (card / _HIGHEST) ** (2 * opponents)
        return (
            _card_worth(card, sides, 0)
            + power
            + _TARGETING_WORTH * CREW[card].effects["targeting"] * (1 - power / 10.0)
        )

    return {card: score(card) for card in seen["pack"]}


def _win_chance(seen: dict[str, Any], seat: int, card: int, careful: bool) -> float:
    """Chance that no later seat overcalls `card`, each holding unseen cards drawn at random.

    Careful: a rival overcalls only with a card it is willing to spend; a card that damages
    its own ship it seldom spends. Otherwise every higher unseen card is feared.
    """
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
    if not unseen:
        return 1.0
    reluctance = _SELF_DAMAGE_RELUCTANCE if careful else 0.0
    higher = sum(1 - reluctance * (CREW[c].effects["damage"] > 0) for c in unseen if c > card)
    held = sum(seen["players"][s]["hand_count"] for s in later)
    return float((1 - higher / len(unseen)) ** held)


def _play_scores(seen: dict[str, Any], seat: int, careful: bool) -> dict[int, float]:
    """Each hand card's worth when played now; `careful` is the normal bot's judgement.

    The careless one also keeps its high cards for later tricks, so it seldom leads one.
    """
    sides: dict[str, str] = seen["sides"]
    me = seen["players"][seat]
    plays = seen["trick_plays"]
    n: int = seen["num_seats"]
    later = n - len(plays) - 1
    known_hits = sum(CREW[p["card"]].effects["targeting"] for p in plays)
    dragon = _dragon_worth(seen["current_dragon"], sides)
    lost = _RIVAL_SHARE * dragon if careful else 0.0

    def score(card: int) -> float:
        chance = _win_chance(seen, seat, card, careful)
        hits = known_hits + _MEAN_TARGETING * later
        shields = int(me["shields"]) + CREW[card].effects["shield"]
        absorbed = min(hits, shields)
        hit_cost = absorbed * _HIT_COST_SHIELDED + (hits - absorbed) * _HIT_COST_UNSHIELDED
        win_worth = dragon - hit_cost
        keep = 0.0 if careful else 6.0 * (card / _HIGHEST) ** 4
        lose_worth = _TARGETING_WORTH * CREW[card].effects["targeting"] - lost
        return (
            _card_worth(card, sides, int(me["damage"]))
            + chance * win_worth
            + (1 - chance) * lose_worth
            - keep
        )

    return {card: score(card) for card in seen["hand"]}


def choose_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The normal bot's move for `seat`, computed from `view(state, seat)` only."""
    seen = _seen_acting(state, seat)
    if seen["phase"] == "draft":
        scores = _draft_scores(seen)
        return {"type": "draft", "card": max(scores, key=lambda c: (scores[c], -c))}
    scores = _play_scores(seen, seat, careful=True)
    return {"type": "play", "card": best_scored(sorted(scores), scores.__getitem__, rng)}


def choose_easy(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The easy bot's move: the careless judgement, and not always the card it rates best."""
    seen = _seen_acting(state, seat)
    kind = "draft" if seen["phase"] == "draft" else "play"
    scores = _draft_scores(seen) if kind == "draft" else _play_scores(seen, seat, careful=False)
    card = fallible_scored(sorted(scores), scores.__getitem__, rng, temperature=_EASY_TEMPERATURE)
    return {"type": kind, "card": card}


def _seen_acting(state: dict[str, Any], seat: int) -> dict[str, Any]:
    seen = view(state, seat)
    if seen["phase"] == "draft" and not seen["players"][seat]["has_drafted"]:
        return seen
    if seen["phase"] == "hunt" and seen["turn"] == seat:
        return seen
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
