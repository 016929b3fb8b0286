"""A greedy Kosmopolis bot that judges moves only by what its seat's view shows.

It estimates each column's limit from the public Kosmopolis cards and the modifiers it knows,
then picks the move that best improves its own projected score against the opponents' average.
"""

from __future__ import annotations

import random
from typing import Any

from games.kosmopolis import engine
from games.kosmopolis.components import (
    CARD_COLOR,
    CARD_VALUE,
    COLORS,
    MODIFIER_IDS,
    MODIFIER_VALUE,
)
from games.rules import best_scored

HAND_CARD_WORTH = 2.5
"""Rough points a card in hand is worth later; what a scholar's draw earns."""

MODIFIER_WORTH = 1.0
"""Rough points of placing a modifier where it helps most, before seeing it."""

BONUS_SHARE = 0.7
"""How much of the best Kosmopolis card a seat leading a colour can count on."""

RIVAL_WEIGHT = 0.5
"""How much the bot cares about lowering the rivals' projected scores."""

SLACK_MARGIN = 1
"""Keep a little room under each limit: a priest or a -3 modifier may still lower it."""


class Position:
    """The numbers a move changes: limits, city column sums, tokens, Kosmopolis columns."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.seats: int = view["seats"]
        self.kosmopolis: dict[str, list[int]] = {
            color: list(cards) for color, cards in view["kosmopolis"].items()
        }
        self.limits: dict[str, float] = _estimated_limits(view)
        self.columns: list[dict[str, int]] = [
            {color: sum(CARD_VALUE[c] for c in city[color]) for color in COLORS}
            for city in view["cities"]
        ]
        self.counts: list[dict[str, int]] = [
            {color: len(city[color]) for color in COLORS} for city in view["cities"]
        ]
        self.tokens: list[int] = list(view["tokens"])
        self.supply: int = view["supply"]
        self.extra: float = 0.0

    def copy(self) -> Position:
        twin = Position.__new__(Position)
        twin.seats = self.seats
        twin.kosmopolis = {color: list(cards) for color, cards in self.kosmopolis.items()}
        twin.limits = dict(self.limits)
        twin.columns = [dict(c) for c in self.columns]
        twin.counts = [dict(c) for c in self.counts]
        twin.tokens = list(self.tokens)
        twin.supply = self.supply
        twin.extra = self.extra
        return twin

    def add_to_city(self, seat: int, card: int) -> None:
        color = CARD_COLOR[card]
        self.columns[seat][color] += CARD_VALUE[card]
        self.counts[seat][color] += 1

    def seat_value(self, seat: int) -> float:
        """Projected points of a seat if the round ended with these limits."""
        total: float = self.tokens[seat]
        budget = self.tokens[seat]
        for color in COLORS:
            if not self.counts[seat][color]:
                continue
            value = self.columns[seat][color]
            limit = self.limits[color]
            if value <= limit - SLACK_MARGIN:
                total += value + self._bonus(seat, color, value)
            elif value <= limit:
                total += value * 0.9 + self._bonus(seat, color, value)
            elif value - limit <= budget:
                budget -= int(value - limit + 0.999)
                total += limit
        return total

    def _bonus(self, seat: int, color: str, value: int) -> float:
        column = self.kosmopolis[color]
        if not column:
            return 0.0
        limit = self.limits[color]
        for other in range(self.seats):
            if other == seat or not self.counts[other][color]:
                continue
            rival = self.columns[other][color]
            if value < rival <= limit:
                return 0.0
        return BONUS_SHARE * max(CARD_VALUE[c] for c in column)

    def score(self, seat: int) -> float:
        rivals = [self.seat_value(s) for s in range(self.seats) if s != seat]
        return self.seat_value(seat) + self.extra - RIVAL_WEIGHT * sum(rivals) / len(rivals)


def _estimated_limits(view: dict[str, Any]) -> dict[str, float]:
    """Limits from the public cards, known modifiers, and the mean of the unknown ones."""
    limits: dict[str, float] = {
        color: float(sum(CARD_VALUE[c] for c in cards))
        for color, cards in view["kosmopolis"].items()
    }
    known = [m for m in view["modifiers"] if "id" in m]
    unknown = [m for m in view["modifiers"] if "id" not in m]
    seen = {m["id"] for m in known}
    if view.get("modifier_to_place") is not None:
        seen.add(view["modifier_to_place"])
    hidden = [MODIFIER_VALUE[i] for i in MODIFIER_IDS if i not in seen]
    guess = sum(hidden) / len(hidden) if hidden else 0.0
    for modifier in known:
        limits[modifier["column"]] += MODIFIER_VALUE[modifier["id"]]
    for modifier in unknown:
        limits[modifier["column"]] += guess
    return limits


def choose_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The bot's move for `seat`; ties between equally good moves are broken by `rng`."""
    moves = engine.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"Seat {seat} has nothing to do now.")
    view = engine.view(state, seat)
    position = Position(view)
    return best_scored(moves, lambda move: _judge(position, view, seat, move), rng)


def _judge(position: Position, view: dict[str, Any], seat: int, move: dict[str, Any]) -> float:
    kind = move["type"]
    if kind == "draft":
        return sum(_draft_worth(position, seat, card) for card in move["cards"])
    if kind == "save":
        return _save_worth(position, view, seat, move["columns"])
    after = position.copy()
    if kind == "place_modifier":
        after.limits[move["column"]] += MODIFIER_VALUE[view["modifier_to_place"]]
        return after.score(seat)
    card = move["card"]
    color = CARD_COLOR[card]
    if move["to"] == "city":
        after.add_to_city(seat, card)
        return after.score(seat)
    after.kosmopolis[color].append(card)
    after.limits[color] += CARD_VALUE[card]
    if color == "green" and view["deck_count"]:
        after.extra += HAND_CARD_WORTH
    elif color == "yellow" and after.supply:
        after.tokens[seat] += 1
    elif color == "blue" and view["modifier_deck_count"]:
        after.extra += MODIFIER_WORTH
    elif "take" in move:
        column = after.kosmopolis[move["take"]]
        lowest = min(column, key=lambda c: (CARD_VALUE[c], c))
        column.remove(lowest)
        after.limits[move["take"]] -= CARD_VALUE[lowest]
        after.add_to_city(seat, lowest)
    return after.score(seat)


def _draft_worth(position: Position, seat: int, card: int) -> float:
    """A card that fits under its column's limit scores; one that does not is worth less."""
    color = CARD_COLOR[card]
    value = CARD_VALUE[card]
    room = position.limits[color] - position.columns[seat][color]
    worth = value if value <= room else value / 2
    if color == "green":
        worth += 1
    return worth


def _save_worth(position: Position, view: dict[str, Any], seat: int, columns: list[str]) -> float:
    """Keeping a column nets its limit in points (cards minus tokens) plus any bonus it wins."""
    limits = view["limits"]
    worth = 0.0
    for color in columns:
        worth += limits[color]
        column = view["kosmopolis"][color]
        if column:
            rivals = [
                position.columns[s][color]
                for s in range(position.seats)
                if s != seat and position.counts[s][color] and color not in view["excess"][s]
            ]
            if all(r < limits[color] for r in rivals):
                worth += max(CARD_VALUE[c] for c in column)
    return worth


# ---------------------------------------------------------------- the search's playouts


PLAYOUT_EPSILON = 0.1
"""How often a playout move is a random legal one: the deals a search plays out should not all
follow one line."""


def playout_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The strong level's playout policy (`games.search`), on a sampled state: the greedy move,
    now and then a random one. The greedy bot is cheap enough here to play every playout move."""
    if rng.random() < PLAYOUT_EPSILON:
        return rng.choice(engine.legal_moves(state, seat))
    return choose_move(state, seat, rng)


def playout_stage(state: dict[str, Any]) -> int:
    """The round: a playout ends with it, where the cities have just been scored."""
    return int(state["round"])
