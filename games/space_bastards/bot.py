"""Space Bastards bots that read only their own seat's view: `normal` (`choose_move`) and `easy`.

Both rate every legal move the same way: by the planets the bot would win at the next dominance
count, its living creatures, money and points. `normal` plays the best rated move; `easy` draws
one with chances that fall off with the rating, as a beginner who sees what is good but often
plays something else, and who does not foresee the diplomacy pairs that a relationship change
or a mutation makes (the points the winners at five seats took most of their lead from).
Ship turns carry creatures from planets the bot holds with room to spare towards planets where
one more creature changes who leads, and land them before a count.
"""

from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Any

from games.rules import best_scored
from games.space_bastards import engine
from games.space_bastards.components import (
    ADJACENT,
    DOCK_PLANET,
    DOMINANCE_AFTER,
    PLANET_CELLS,
    RANK,
    SHIP_STEPS,
    TELEPORT,
)

LEAD_WORTH = 2.0
"""A planet where the bot has strictly the most living creatures."""
TIE_WORTH = 0.5
"""A planet where it shares the most: it blocks the others."""
CREATURE_WORTH = 0.3
"""Each living creature: material for later counts, trades and love."""
MONEY_WORTH = 0.25
"""One money: a fifth of a point at the end, more as the fuel of boosts."""
POINT_WORTH = 1.5
"""One point now (diplomacy): sure, where a lead may still be lost before the count."""
PAIR_COLUMN_WORTH = 0.5
"""Each diplomacy pair the column gives the bot over a rival's average: a point when it plays
diplomacy with everyone accepting."""
CARD_WORTH = {"migration": 0.3, "mutation": 0.1, "change": 0.2}
"""Rough worth of the cards whose effect the bot does not foresee."""
STEP_WORTH = 0.1
"""One step nearer the dock the ship is heading for."""
CARRY_SHARE = 0.8
"""What a creature in the ship is worth, as a share of the best landing it could make later."""
BEFORE_COUNT_SHARE = 0.3
"""The same share for a landing the ship cannot reach before a count: it misses that count."""
EASY_TEMPERATURE = 0.6
"""How far `easy` strays from the best move: a rating this much lower is e times less likely."""

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
    """The `normal` bot's move for `seat`: the best rated of its legal moves."""
    legal, ratings = _rated(state, seat)
    return legal[best_scored(range(len(legal)), ratings.__getitem__, rng)]


def choose_easy(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The `easy` bot's move: a legal move drawn with chances falling off with its rating."""
    legal, ratings = _rated(state, seat, foresight=False)
    top = max(ratings)
    weights = [math.exp((rating - top) / EASY_TEMPERATURE) for rating in ratings]
    return rng.choices(legal, weights=weights)[0]


def _rated(
    state: dict[str, Any], seat: int, *, foresight: bool = True
) -> tuple[list[dict[str, Any]], list[float]]:
    """Every legal move of `seat` and its rating, judged from `view(state, seat)` only; without
    `foresight` (the easy bot) relationship changes and mutations are judged without the
    diplomacy pairs they make or take away."""
    legal = engine.legal_moves(state, seat)
    if not legal:
        raise ValueError("This seat has nothing to do now.")
    shown = engine.view(state, seat)
    return legal, [float(r) for r in _ratings(shown, seat, legal, foresight=foresight)]


def _ratings(
    shown: dict[str, Any], seat: int, legal: list[dict[str, Any]], *, foresight: bool = True
) -> list[float]:
    phase = shown["phase"]
    if phase == "colonise_choose":
        return [_room(shown, m["planet"]) for m in legal]
    if phase == "colonise_pick":
        return [-RANK[m["race"]] for m in legal]
    if phase == "plan":
        return _plan_ratings(shown, seat, legal)
    if phase == "respond":
        accept = _accepts(shown)
        return [1.0 if m["accept"] == accept else 0.0 for m in legal]
    if phase == "change":
        before = _column_worth(shown, seat, shown["relationships"])
        pairs = _pairs_worth(shown, seat, shown["relationships"]) if foresight else None
        return [_change_worth(shown, seat, m, before, pairs) for m in legal]
    if phase in ("ships", "migration"):
        ship = _ShipTurn(shown, seat)
        return [ship.worth(m) for m in legal]
    if phase == "action":
        counts = _counts(shown)
        reach = _diplomacy_reach(_public(shown), seat) if foresight else None
        return [_action_worth(shown, seat, m, counts, reach) for m in legal]
    return [0.0 for _ in legal]


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
    shown: dict[str, Any], seat: int, move: dict[str, Any], counts: Counts, reach: float | None
) -> float:
    """What an action move gains; a mutation also by the diplomacy pairs it brings within the
    bot's `reach` (None: not foreseen)."""
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
        return _pairing_worth(shown, seat, kind, [str(c) for c in move["decline"]])
    if kind == "mutate":
        if str(move["owner"]) != me:
            return -1.0
        worth = 0.1 * (RANK[move["from"]] - RANK[move["to"]]) - 0.05
        if reach is None:
            return worth
        return worth + PAIR_COLUMN_WORTH * (_mutated_reach(shown, seat, move) - reach)
    return -1.0


def _pairing_worth(shown: dict[str, Any], seat: int, card: str, declined: list[str]) -> float:
    """What a trade or diplomacy with these refusals earns the bot, less what it hands rivals.

    A rival's gain counts nearly in full against a rival that leads the bot, or with two seats,
    where every point is between the two (a pair that gives both a point leaves them even, so
    the bot takes it rather than earn nothing), and only in part against a rival behind it: a
    pair shared with a seat behind puts both ahead of the rest."""
    partners = [str(c) for c in range(shown["seats"]) if c != seat and str(c) not in declined]
    if shown["seats"] == 2 and "N" not in declined:
        partners.append("N")
    pairs, shares = engine.pairing(_public(shown), seat, card, partners)
    unit = POINT_WORTH if card == "diplomacy" else MONEY_WORTH
    mine = shown["points"][seat]
    given = 0.0
    for colour, share in shares.items():
        if colour == "N" or not share:
            continue
        ahead = shown["seats"] == 2 or shown["points"][int(colour)] > mine
        given += share * (0.9 if ahead else 0.5)
    return unit * (pairs - given)


def _best_pairing(shown: dict[str, Any], seat: int, card: str) -> float:
    """The pairing worth of the best set of refusals, as the action would choose it."""
    colours = [str(c) for c in range(shown["seats"]) if c != seat]
    if shown["seats"] == 2:
        colours.append("N")
    return max(
        _pairing_worth(shown, seat, card, list(chosen))
        for size in range(len(colours) + 1)
        for chosen in combinations(colours, size)
    )


def _accepts(shown: dict[str, Any]) -> bool:
    """Join a rival's trade or diplomacy: both gain alike, which leaves the two even and ahead
    of the rest; only a clear leader is refused (it would pull further away from everyone)."""
    actor: int = shown["respond"]["actor"]
    points: list[int] = shown["points"]
    others = [p for s, p in enumerate(points) if s != actor]
    return points[actor] < max(others) + 3


def _card_worth(shown: dict[str, Any], seat: int, card: str, counts: Counts) -> float:
    me = str(seat)
    if card in CARD_WORTH:
        return CARD_WORTH[card]
    options = engine.action_options(_public(shown), seat, card)
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
        return max(0.0, _best_pairing(shown, seat, card))
    return 0.05


def _plan_ratings(shown: dict[str, Any], seat: int, legal: list[dict[str, Any]]) -> list[float]:
    """A plan is worth its cards; a second card must also pay for the double action."""
    counts = _counts(shown)
    worth = {card: _card_worth(shown, seat, card, counts) for card in shown["hands"][seat]}
    double = 2 * MONEY_WORTH + 0.3
    return [sum(worth[c] for c in m["cards"]) - double * (len(m["cards"]) - 1) for m in legal]


def _change_worth(
    shown: dict[str, Any], seat: int, move: dict[str, Any], before: float, pairs: float | None
) -> float:
    """What a change gains over the column as it is (`before`); a change of diplomacy also by
    the diplomacy pairs it makes or takes away (`pairs` as they are; None: not foreseen)."""
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
    gain = _column_worth(shown, seat, rel) - before - cost
    if pairs is not None and move["relationship"] == "diplomacy":
        gain += _pairs_worth(shown, seat, rel) - pairs
    return gain


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


def _pairs_worth(shown: dict[str, Any], seat: int, rel: dict[str, list[str]]) -> float:
    """The diplomacy pairs this column gives the bot, over a rival's average."""
    public = _public(shown)
    public["rel"] = rel
    seats = shown["seats"]
    pairs = [
        engine.pairing(public, s, "diplomacy", _colours_but(seats, s))[0] for s in range(seats)
    ]
    rivals = [n for s, n in enumerate(pairs) if s != seat]
    return PAIR_COLUMN_WORTH * (pairs[seat] - sum(rivals) / len(rivals))


def _diplomacy_reach(public: dict[str, Any], seat: int) -> float:
    """Diplomacy pairs within the bot's reach: its own when it plays the card with everyone
    accepting, and half its shares when each rival plays it (a rival may decline it)."""
    seats = public["seats"]
    me = str(seat)
    reach = float(engine.pairing(public, seat, "diplomacy", _colours_but(seats, seat))[0])
    for rival in range(seats):
        if rival != seat:
            shares = engine.pairing(public, rival, "diplomacy", _colours_but(seats, rival))[1]
            reach += 0.5 * shares.get(me, 0)
    return reach


def _mutated_reach(shown: dict[str, Any], seat: int, move: dict[str, Any]) -> float:
    """`_diplomacy_reach` once the mutation is made (the new tokens need no true ids)."""
    public = _public(shown)
    planet = move["planet"]
    board = dict(public["board"])
    row = {t: d for t, d in board[planet].items() if t not in move["tokens"]}
    for number, cells in enumerate(move["cells"]):
        row[f"{seat}:{move['to']}:m{number}"] = {"cells": cells, "dead": False}
    board[planet] = row
    public["board"] = board
    return _diplomacy_reach(public, seat)


def _colours_but(seats: int, seat: int) -> list[str]:
    """Every colour but the seat's, the neutral one included with two seats."""
    colours = [str(c) for c in range(seats) if c != seat]
    return [*colours, "N"] if seats == 2 else colours


def _docks(planet: str) -> list[str]:
    return [space for space, owner in DOCK_PLANET.items() if owner == planet]


class _ShipTurn:
    """Ratings of the moves of one movement (a SHIPS turn or a migration).

    Every move is rated as what it changes on the board plus where it leaves the ship: a
    step by the spot it reaches, a stop (load, unload, done) by the spot the ship is on. So a
    load is chosen only for a gain over staying put, and after landing a creature, boarding
    one there again is rated exactly as the reverse of that landing: never worth it.
    Before a count a landing the ship cannot reach in this movement is worth little, so the
    bot lands what it carries where it can and boards nothing it cannot land in time."""

    def __init__(self, shown: dict[str, Any], seat: int) -> None:
        self.me = str(seat)
        self.counts = _counts(shown)
        self.in_play = shown["in_play"]
        self.movement = shown["movement"]
        self.ship = shown["ships"][seat]
        self.steps_left = int(shown.get("steps_left", 0))
        kind, number = shown["track"][shown["track_pos"]]
        self.count_ahead = kind == "round" and number in DOMINANCE_AFTER
        self.last_count = self.count_ahead and number == max(DOMINANCE_AFTER)

    def _share(self, planet: str, distance: int, steps: int) -> float:
        """How much of a landing on `planet` counts, `distance` away with `steps` left."""
        if not self.count_ahead or distance <= steps:
            return CARRY_SHARE if distance else 1.0
        return 0.0 if self.last_count else BEFORE_COUNT_SHARE

    def _landing(self, space: str | None, steps: int, skip: str | None = None) -> float:
        """The best landing one creature in the ship can look forward to from `space`."""
        best = 0.0
        for planet in self.in_play:
            if planet == skip:
                continue
            distance = self._distance(planet, space)
            gain = _gain(self.counts, self.me, planet, self.me, 1)
            best = max(best, self._share(planet, distance, steps) * gain - STEP_WORTH * distance)
        return best

    def _pickup(self, space: str | None, steps: int) -> float:
        """The best planet an empty ship can fetch a spare creature from."""
        if self.count_ahead:
            return 0.0
        best = 0.0
        for planet in self.in_play:
            if self.counts[planet].get(self.me, 0) < 2:
                continue
            value = 0.5 + _gain(self.counts, self.me, planet, self.me, -1)
            best = max(best, value - STEP_WORTH * self._distance(planet, space))
        return best

    @staticmethod
    def _distance(planet: str, space: str | None) -> int:
        if space is None:
            return 0
        return min(DISTANCE[space].get(dock, 99) for dock in _docks(planet))

    def _spot(self, space: str | None, steps: int) -> float:
        """Where the ship stands: as good as the best trip it can start from there."""
        if self.ship["cargo"]:
            return self._landing(space, steps)
        return self._pickup(space, steps)

    def worth(self, move: dict[str, Any]) -> float:
        kind = move["type"]
        here = self.ship["space"]
        if kind == "ship_place":
            return self._spot(move["space"], self.steps_left)
        if kind == "ship_step":
            jump = TELEPORT.get(here) == move["to"]
            paid = self.movement["kind"] == "migration" and self.movement["steps"] >= 1
            cost = MONEY_WORTH if paid and not jump else 0.0
            steps = self.steps_left - (0 if jump else 1)
            return self._spot(move["to"], steps) - cost - 0.01
        stay = self._spot(here, self.steps_left)
        if kind == "done":
            return stay
        planet = DOCK_PLANET[here]
        steps = self.steps_left
        if self.movement["kind"] == "ships":
            steps = min(steps, max(0, SHIP_STEPS - self.movement["steps"]))
        carry = self._landing(here, steps, skip=planet)
        if kind == "unload":
            return stay + _gain(self.counts, self.me, planet, self.me, 1) - carry + 0.05
        return stay + _gain(self.counts, self.me, planet, self.me, -1) + carry - 0.2


# ---------------------------------------------------------------- the search's playouts


PLAYOUT_EPSILON = 0.1
"""How often a playout move is a random legal one: the deals a search plays out should not all
follow one line (and a ship bouncing between two teleports gets out)."""
PLAYOUT_CHANGES = 4
"""Relationship changes a playout weighs besides stopping: the greedy bot weighs every change
against every seat's shots and meals (about 2 ms a decision), a playout a few of them."""


def playout_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The strong level's playout policy (`games.search`), on a sampled state: the greedy move
    (in the change phase the best of stopping and a few changes drawn at random), and now and
    then a random legal one. Planning greedily rather than at random makes the playouts'
    rivals use their cards as the normal bot does."""
    if rng.random() < PLAYOUT_EPSILON:
        return rng.choice(engine.legal_moves(state, seat))
    if state["phase"] != "change":
        return choose_move(state, seat, rng)
    legal = engine.legal_moves(state, seat)
    done = [move for move in legal if move["type"] == "done"]
    changes = [move for move in legal if move["type"] != "done"]
    weighed = done + rng.sample(changes, min(PLAYOUT_CHANGES, len(changes)))
    ratings = _ratings(engine.view(state, seat), seat, weighed)
    return weighed[best_scored(range(len(weighed)), ratings.__getitem__, rng)]


ANALYSIS_RANDOM_PHASES = frozenset({"plan", "change"})
"""Phases where the analysis' playouts pick at random: there the normal bot weighs every card
and change against the whole board, which doubles a playout's cost (11 → 22-25 ms)."""


def analysis_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The analysis' playout policy (`games.analysis`): the strong level's, but planning and
    changing relationships at random, so that a 100-move match is judged on enough deals within
    its minute."""
    if state["phase"] in ANALYSIS_RANDOM_PHASES or rng.random() < PLAYOUT_EPSILON:
        return rng.choice(engine.legal_moves(state, seat))
    return choose_move(state, seat, rng)
