"""Space Dragons bots that read only their own seat's view.

`normal` drafts for the power to take tricks, and weighs each card by what it brings when
played and by its chance to take the dragon: it knows the rivals hold the cards it saw in the
packs it passed on, that a rival overcalls a trick cheaply, and where each contest will likely
stand at the end. `easy` plays like a beginner: it drafts for the symbols more than for the
power, it fears every higher card still unseen, so it leads its lowest card, and it now and
then plays a card a few points worse than its best.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from games.rules import best_scored, fallible_scored
from games.space_dragons.components import CONTEST_SYMBOLS, CREW, CREW_IDS, DRAGONS, TRICKS
from games.space_dragons.engine import contest_awards, view

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
_DRAFT_POWER = 10.0
"""What the highest card's power to take tricks is worth in the draft, in points."""
_DRAFT_STEEPNESS = 1.0
"""A card's power in the draft: (value / 80) to this times the rivals' number."""
_EASY_DRAFT_STEEPNESS = 2.0
"""The easy bot's: steeper, so it drafts too few high cards (1.0 won 77 % vs random, too
strong for a beginner; 2.0 wins about 65 %)."""
CONTEST_SAMPLES = 24
"""Deals of the unseen cards the normal bot imagines to judge the contests."""
_EASY_TEMPERATURE = 8.0
"""The easy bot's spread in play, in points: a card 8 points worse than its best is played
e^-1 as often (its draft, not its play, makes it beat random players)."""
_EASY_DRAFT_TEMPERATURE = 0.7
"""Its spread in the draft: a beginner picks from a pack nearly as it means to."""


def _symbol_worth(
    symbols: Mapping[str, int], sides: dict[str, str], contests: bool = True
) -> float:
    worth = 2.0 * symbols["plus"] - symbols["minus"]
    if contests:
        for contest, side in sides.items():
            worth += _CONTEST_WEIGHT[(contest, side)] * symbols[contest]
    return worth


def _card_worth(card: int, sides: dict[str, str], damaged: int, contests: bool = True) -> float:
    """Points a card brings by itself when played, not counting the trick it may win;
    without `contests`, its research, morale and crime count nothing."""
    crew = CREW[card]
    effects = crew.effects
    repair_worth = 2.0 * min(effects["repair"], damaged) + 0.2 * effects["repair"]
    return (
        _symbol_worth(crew.symbols, sides, contests)
        + _SHIELD_WORTH * effects["shield"]
        - _HIT_COST_UNSHIELDED * effects["damage"]
        + repair_worth
    )


def _dragon_worth(dragon: str | None, sides: dict[str, str], contests: bool = True) -> float:
    if dragon is None:
        return 0.0
    return DRAGONS[dragon].points + _symbol_worth(DRAGONS[dragon].symbols, sides, contests)


def _tally(symbols: Mapping[str, int]) -> tuple[int, int, int]:
    return (symbols["research"], symbols["morale"], symbols["crime"])


_CARD_TALLY = {card: _tally(CREW[card].symbols) for card in CREW_IDS}
_DRAGON_TALLY = {dragon: _tally(DRAGONS[dragon].symbols) for dragon in DRAGONS}


def _contest_outlook(
    seen: dict[str, Any], seat: int, rng: random.Random
) -> Callable[[int, str | None], float]:
    """The seat's expected awards of the three contests if it plays a card now (and takes a
    dragon with it): on `CONTEST_SAMPLES` imagined deals, each rival plays out its remaining
    tricks with unseen cards and the seat with a random choice of its other hand cards."""
    players = seen["players"]
    base = []
    for player in players:
        counts = [0, 0, 0]
        for tally in [_CARD_TALLY[c] for c in player["display"]] + [
            _DRAGON_TALLY[d] for d in player["dragons"]
        ]:
            for k in range(3):
                counts[k] += tally[k]
        base.append(counts)
    hand: list[int] = seen["hand"]
    visible = set(hand) | set(seen["start_reveal"])
    for player in players:
        visible.update(player["display"])
    unseen = [c for c in CREW_IDS if c not in visible]
    rivals = [s for s in range(len(players)) if s != seat]
    owed = {s: TRICKS - len(players[s]["display"]) for s in rivals}
    later = TRICKS - len(players[seat]["display"]) - 1
    sides = [(contest, seen["sides"][contest]) for contest in CONTEST_SYMBOLS]
    samples = []
    for _ in range(CONTEST_SAMPLES):
        pool = rng.sample(unseen, min(len(unseen), sum(owed.values())))
        columns = [[base[s][k] for s in range(len(players))] for k in range(3)]
        for s in rivals:
            for _turn in range(owed[s]):
                if pool:
                    tally = _CARD_TALLY[pool.pop()]
                    for k in range(3):
                        columns[k][s] += tally[k]
        samples.append((columns, rng.sample(hand, len(hand))))

    def outlook(card: int, dragon: str | None) -> float:
        extra = list(_CARD_TALLY[card])
        if dragon is not None:
            for k in range(3):
                extra[k] += _DRAGON_TALLY[dragon][k]
        total = 0.0
        for columns, order in samples:
            mine = list(extra)
            for other in [c for c in order if c != card][:later]:
                for k in range(3):
                    mine[k] += _CARD_TALLY[other][k]
            for k, (contest, side) in enumerate(sides):
                column = columns[k][:]
                column[seat] += mine[k]
                total += contest_awards(column, side, contest)[seat]
        return total / len(samples)

    return outlook


def _draft_scores(seen: dict[str, Any], steepness: float) -> dict[int, float]:
    """Each pack card's worth: what it brings when played, and its power to take tricks, which
    falls the steeper the more rivals may hold a higher card."""
    sides = seen["sides"]
    opponents = int(seen["num_seats"]) - 1

    def score(card: int) -> float:
        strength: float = (card / _HIGHEST) ** (steepness * opponents)
        return (
            _card_worth(card, sides, 0)
            + _DRAFT_POWER * strength
            + _TARGETING_WORTH * CREW[card].effects["targeting"] * (1 - strength)
        )

    return {card: score(card) for card in seen["pack"]}


def _win_chance(seen: dict[str, Any], seat: int, card: int, careful: bool) -> float:
    """Chance that no later seat overcalls `card`.

    Careful: the rivals hold the cards this seat saw in the packs it passed on and did not see
    played, and unseen cards drawn at random for the rest; a rival overcalls only with a card
    it is willing to spend, and a card that damages its own ship it seldom spends. Otherwise
    every unseen card is alike and every higher one is feared.
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

    def feared(cards: list[int]) -> float:
        return sum(1 - reluctance * (CREW[c].effects["damage"] > 0) for c in cards if c > card)

    held = sum(seen["players"][s]["hand_count"] for s in later)
    if not careful:
        return float((1 - feared(unseen) / len(unseen)) ** held)
    passed = {c for pack in seen.get("seen", []) for c in pack["cards"]}
    known = [c for c in unseen if c in passed]
    rest = [c for c in unseen if c not in passed]
    total = sum(seen["players"][s]["hand_count"] for s in range(n) if s != seat)
    if total == 0:
        return 1.0
    drawn = max(0, total - len(known))
    expected = feared(known) + (drawn * feared(rest) / len(rest) if rest else 0.0)
    return float(max(0.0, 1 - expected / total) ** held)


def _play_scores(
    seen: dict[str, Any], seat: int, careful: bool, rng: random.Random | None = None
) -> dict[int, float]:
    """Each hand card's worth when played now; `careful` is the normal bot's judgement.

    The careless one also keeps its high cards for later tricks, so it seldom leads one.
    """
    sides: dict[str, str] = seen["sides"]
    me = seen["players"][seat]
    plays = seen["trick_plays"]
    n: int = seen["num_seats"]
    later = n - len(plays) - 1
    known_hits = sum(CREW[p["card"]].effects["targeting"] for p in plays)
    dragon = _dragon_worth(seen["current_dragon"], sides, contests=not careful)
    outlook = _contest_outlook(seen, seat, rng) if careful and rng is not None else None

    def score(card: int) -> float:
        chance = _win_chance(seen, seat, card, careful)
        hits = known_hits + _MEAN_TARGETING * later
        shields = int(me["shields"]) + CREW[card].effects["shield"]
        absorbed = min(hits, shields)
        hit_cost = absorbed * _HIT_COST_SHIELDED + (hits - absorbed) * _HIT_COST_UNSHIELDED
        win_worth = dragon - hit_cost
        keep = 0.0 if careful else 6.0 * (card / _HIGHEST) ** 4
        lose_worth = _TARGETING_WORTH * CREW[card].effects["targeting"]
        contests = 0.0
        if outlook is not None:
            taken = outlook(card, seen["current_dragon"]) if chance > 0 else 0.0
            contests = chance * taken + (1 - chance) * outlook(card, None)
        return (
            _card_worth(card, sides, int(me["damage"]), contests=outlook is None)
            + chance * win_worth
            + (1 - chance) * lose_worth
            - keep
            + contests
        )

    return {card: score(card) for card in seen["hand"]}


def choose_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The normal bot's move for `seat`, computed from `view(state, seat)` only."""
    return _careful_move(state, seat, rng, deals=True)


def _careful_move(
    state: dict[str, Any], seat: int, rng: random.Random, *, deals: bool
) -> dict[str, Any]:
    """The normal bot's judgement; without `deals`, a symbol's worth in the contests is fixed
    rather than judged on imagined deals."""
    seen = _seen_acting(state, seat)
    if seen["phase"] == "draft":
        scores = _draft_scores(seen, _DRAFT_STEEPNESS)
        return {"type": "draft", "card": max(scores, key=lambda c: (scores[c], -c))}
    scores = _play_scores(seen, seat, careful=True, rng=rng if deals else None)
    return {"type": "play", "card": best_scored(sorted(scores), scores.__getitem__, rng)}


def choose_easy(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The easy bot's move: the careless judgement, and not always the card it rates best."""
    seen = _seen_acting(state, seat)
    kind = "draft" if seen["phase"] == "draft" else "play"
    scores = (
        _draft_scores(seen, _EASY_DRAFT_STEEPNESS)
        if kind == "draft"
        else _play_scores(seen, seat, careful=False)
    )
    temperature = _EASY_DRAFT_TEMPERATURE if kind == "draft" else _EASY_TEMPERATURE
    card = fallible_scored(sorted(scores), scores.__getitem__, rng, temperature=temperature)
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
    """The strong level's playout policy (`games.search`), on a sampled state: the normal
    bot's move without its imagined deals (ten times cheaper), now and then a random one."""
    if rng.random() < PLAYOUT_EPSILON:
        player = state["players"][seat]
        if state["phase"] == "draft":
            return {"type": "draft", "card": rng.choice(player["pack"])}
        return {"type": "play", "card": rng.choice(player["hand"])}
    return _careful_move(state, seat, rng, deals=False)
