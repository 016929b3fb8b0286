"""A greedy Space Bastards bot that reads only its own seat's view.

It values a position by the planets it would win at the next dominance count and by its living
creatures, and picks the move that improves that most. Ship turns carry creatures from planets it
holds with room to spare towards planets where one more creature changes who leads.
"""

from __future__ import annotations

import random
from typing import Any

from games.rules import best_scored
from games.space_bastards import engine
from games.space_bastards.components import ADJACENT, DOCK_PLANET, PLANET_CELLS, RANK, TELEPORT

LEAD_WORTH = 2.0
"""A planet where the bot has strictly the most living creatures."""
TIE_WORTH = 0.5
"""A planet where it shares the most: it blocks the others."""
CREATURE_WORTH = 0.3
"""Each living creature: material for later counts, trades and love."""
MONEY_WORTH = 0.25
"""One money: a fifth of a point at the end, more as the fuel of boosts."""
CARD_WORTH = {"migration": 0.3, "mutation": 0.1, "change": 0.2}
"""Rough worth of the cards whose effect the bot does not foresee."""
STEP_WORTH = 0.1
"""One step nearer the dock the ship is heading for."""

Counts = dict[str, dict[str, int]]


def _distances() -> dict[str, dict[str, int]]:
    """Shortest step counts between spaces (the teleport jump is free)."""
    table: dict[str, dict[str, int]] = {}
    for start in ADJACENT:
        best = {start: 0}
        frontier = [start]
        while frontier:
            space = min(frontier, key=best.__getitem__)
            frontier.remove(space)
            nexts = [(n, 1) for n in ADJACENT[space]]
            if space in TELEPORT:
                nexts.append((TELEPORT[space], 0))
            for nxt, cost in nexts:
                if best[space] + cost < best.get(nxt, 99):
                    best[nxt] = best[space] + cost
                    frontier.append(nxt)
        table[start] = best
    return table


DISTANCE = _distances()


def choose_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The bot's move for `seat`, decided from `view(state, seat)` and its legal moves."""
    legal = engine.legal_moves(state, seat)
    if not legal:
        raise ValueError("This seat has nothing to do now.")
    shown = engine.view(state, seat)
    phase = shown["phase"]
    me = str(seat)
    if phase == "colonise_choose":
        return best_scored(legal, lambda m: _room(shown, m["planet"]), rng)
    if phase == "colonise_pick":
        return best_scored(legal, lambda m: -RANK[m["race"]], rng)
    if phase == "plan":
        return _plan(shown, seat, legal, rng)
    if phase == "respond":
        actor = shown["respond"]["actor"]
        accept = shown["points"][actor] <= shown["points"][seat] + 1
        return {"type": "respond", "accept": accept}
    if phase == "change":
        before = _column_worth(shown, seat, shown["relationships"])
        return best_scored(legal, lambda m: _change_worth(shown, seat, m, before), rng)
    if phase in ("ships", "migration"):
        return best_scored(legal, lambda m: _ship_worth(shown, seat, m), rng)
    if phase == "action":
        counts = _counts(shown)
        base = _worth(counts, me)
        return best_scored(legal, lambda m: _action_worth(shown, seat, m, counts, base), rng)
    return rng.choice(legal)


def _public(shown: dict[str, Any]) -> dict[str, Any]:
    """The public parts of the view, under the names the engine's helpers read."""
    return {
        "seats": shown["seats"],
        "in_play": shown["in_play"],
        "board": shown["board"],
        "supply": shown["supply"],
        "rel": shown["relationships"],
        "money": shown["money"],
    }


def _room(shown: dict[str, Any], planet: str) -> float:
    covered = sum(len(t["cells"]) for t in shown["board"][planet].values())
    return len(PLANET_CELLS[planet]) - covered


def _counts(shown: dict[str, Any]) -> Counts:
    counts: Counts = {}
    for planet in shown["in_play"]:
        row: dict[str, int] = {}
        for token, data in shown["board"][planet].items():
            if not data["dead"]:
                owner = token.split(":")[0]
                row[owner] = row.get(owner, 0) + 1
        counts[planet] = row
    return counts


def _planet_worth(row: dict[str, int], me: str) -> float:
    mine = row.get(me, 0)
    rival = max((n for colour, n in row.items() if colour != me), default=0)
    worth = CREATURE_WORTH * mine
    if mine > rival:
        worth += LEAD_WORTH
    elif mine == rival and mine:
        worth += TIE_WORTH
    return worth


def _worth(counts: Counts, me: str) -> float:
    return sum(_planet_worth(row, me) for row in counts.values())


def _gain(counts: Counts, me: str, planet: str, colour: str, delta: int) -> float:
    row = counts[planet]
    after = dict(row)
    after[colour] = after.get(colour, 0) + delta
    return _planet_worth(after, me) - _planet_worth(row, me)


def _victims(shown: dict[str, Any], card: str, planet: str, target: Any) -> int:
    victim = shown["relationships"][card][1].split("-")[0]
    colour = str(target)
    return sum(
        1
        for token, data in shown["board"][planet].items()
        if not data["dead"] and token.startswith(f"{colour}:{victim}:")
    )


def _action_worth(
    shown: dict[str, Any], seat: int, move: dict[str, Any], counts: Counts, base: float
) -> float:
    me = str(seat)
    kind = move["type"]
    act = shown["act"]
    boost = act is not None and act["uses"] >= 1
    cost = 2 * MONEY_WORTH if boost else 0.0
    if kind == "done":
        return 0.0
    if kind == "love":
        return _gain(counts, me, move["planet"], me, 1) - cost
    if kind in ("shoot", "eat"):
        card = "shooting" if kind == "shoot" else "eating"
        killed = _victims(shown, card, move["planet"], move["target"])
        return _gain(counts, me, move["planet"], str(move["target"]), -killed) - cost
    if kind in ("trade", "diplomacy"):
        wanted = _declines(shown, seat, kind)
        return 1.0 if sorted(map(str, move["decline"])) == wanted else 0.5
    if kind == "mutate":
        if str(move["owner"]) != me:
            return -1.0
        return 0.1 * (RANK[move["from"]] - RANK[move["to"]]) - 0.05
    return -1.0


def _declines(shown: dict[str, Any], seat: int, card: str) -> list[str]:
    """Trade with everyone; share diplomacy points with nobody ahead of the bot."""
    if card == "trade":
        return []
    mine = shown["points"][seat]
    return sorted(str(s) for s in range(shown["seats"]) if s != seat and shown["points"][s] >= mine)


def _card_worth(shown: dict[str, Any], seat: int, card: str, counts: Counts) -> float:
    me = str(seat)
    public = _public(shown)
    if card in CARD_WORTH:
        return CARD_WORTH[card]
    options = engine.action_options(public, seat, card)
    if not options:
        return 0.0
    if card == "love":
        return max(_gain(counts, me, m["planet"], me, 1) for m in options)
    if card in ("shooting", "eating"):
        return max(
            _gain(
                counts,
                me,
                m["planet"],
                str(m["target"]),
                -_victims(shown, card, m["planet"], m["target"]),
            )
            for m in options
        )
    if card in ("trade", "diplomacy"):
        targets = [str(s) for s in range(shown["seats"]) if s != seat]
        if shown["seats"] == 2:
            targets.append("N")
        pairs, _shares = engine.pairing(public, seat, card, targets)
        return pairs * (MONEY_WORTH if card == "trade" else 0.7)
    return 0.05


def _plan(
    shown: dict[str, Any], seat: int, legal: list[dict[str, Any]], rng: random.Random
) -> dict[str, Any]:
    counts = _counts(shown)
    hand = shown["hands"][seat]
    worth = {card: _card_worth(shown, seat, card, counts) + rng.random() * 0.05 for card in hand}
    ranked = sorted(hand, key=lambda card: -worth[card])
    cards = ranked[:1]
    double = 2 * MONEY_WORTH + 0.3
    if len(ranked) > 1 and shown["money"][seat] >= 2 and worth[ranked[1]] > double:
        cards = ranked[:2]
    for move in legal:
        if sorted(move["cards"]) == sorted(cards):
            return move
    return legal[0]


def _change_worth(shown: dict[str, Any], seat: int, move: dict[str, Any], before: float) -> float:
    kind = move["type"]
    if kind == "done":
        return 0.0
    if kind in ("lock", "extra_lock"):
        return 0.05 if kind == "lock" else -0.3
    rel = {name: list(cards) for name, cards in shown["relationships"].items()}
    if kind == "swap":
        rel[move["relationship"]].reverse()
        cost = MONEY_WORTH
    else:
        wanted = move["race"]
        rel[move["relationship"]][move["side"]] = f"{wanted}-0"
        cost = 0.0
    return _column_worth(shown, seat, rel) - before - cost


def _column_worth(shown: dict[str, Any], seat: int, rel: dict[str, list[str]]) -> float:
    """Shots and meals the bot could make, minus those the others could make at it."""
    public = _public(shown)
    public["rel"] = rel
    worth = 0.0
    for card in ("shooting", "eating"):
        for s in range(shown["seats"]):
            options = engine.action_options(public, s, card)
            if s == seat:
                worth += 0.5 * len(options)
            else:
                worth -= 0.5 * sum(1 for m in options if m["target"] == seat)
    worth += 0.3 * len({m["planet"] for m in engine.action_options(public, seat, "love")})
    return worth


def _ship_goal(shown: dict[str, Any], seat: int, counts: Counts) -> tuple[str | None, float]:
    """The planet the ship heads for and how much one creature more or less is worth there."""
    me = str(seat)
    ship = shown["ships"][seat]
    best: tuple[str | None, float] = (None, 0.0)
    for planet in shown["in_play"]:
        if ship["cargo"]:
            value = _gain(counts, me, planet, me, 1)
        elif counts[planet].get(me, 0) >= 2:
            value = 0.5 + _gain(counts, me, planet, me, -1)
        else:
            value = 0.0
        if value > best[1]:
            best = (planet, value)
    return best


def _goal_distance(goal: str | None, space: str | None) -> int:
    if goal is None or space is None:
        return 0
    return min(DISTANCE[space].get(dock, 99) for dock in _docks(goal))


def _docks(planet: str) -> list[str]:
    return [space for space, owner in DOCK_PLANET.items() if owner == planet]


def _ship_worth(shown: dict[str, Any], seat: int, move: dict[str, Any]) -> float:
    me = str(seat)
    counts = _counts(shown)
    ship = shown["ships"][seat]
    goal, _value = _ship_goal(shown, seat, counts)
    kind = move["type"]
    here = ship["space"]
    movement = shown["movement"]
    if kind == "done":
        return -STEP_WORTH * _goal_distance(goal, here)
    if kind == "ship_place":
        return -STEP_WORTH * _goal_distance(goal, move["space"])
    if kind == "ship_step":
        jump = TELEPORT.get(here) == move["to"]
        paid = movement["kind"] == "migration" and movement["steps"] >= 1 and not jump
        cost = MONEY_WORTH if paid else 0.0
        return -STEP_WORTH * _goal_distance(goal, move["to"]) - cost - 0.01
    planet = DOCK_PLANET[here]
    if kind == "unload":
        return _gain(counts, me, planet, me, 1) + 0.05
    loss = _gain(counts, me, planet, me, -1)
    best_elsewhere = max(
        (_gain(counts, me, p, me, 1) for p in shown["in_play"] if p != planet), default=0.0
    )
    return loss + 0.8 * best_elsewhere - 0.2


# ---------------------------------------------------------------- the search's playouts


PLAYOUT_EPSILON = 0.1
"""How often a playout move is a random legal one: the deals a search plays out should not all
follow one line (and a ship bouncing between two teleports gets out)."""
PLAYOUT_RANDOM_PHASES = frozenset({"plan", "change"})
"""Phases where the greedy bot weighs every card against the whole board: too slow for a
playout, so a playout picks at random there."""


def playout_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The strong level's playout policy (`games.search`), on a sampled state: the greedy move
    where it is cheap to find, else (and now and then) a random legal one."""
    if state["phase"] in PLAYOUT_RANDOM_PHASES or rng.random() < PLAYOUT_EPSILON:
        return rng.choice(engine.legal_moves(state, seat))
    return choose_move(state, seat, rng)
