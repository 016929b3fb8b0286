"""Kosmopolis bots that judge moves only by what their seat's view shows.

They estimate each column's limit from the public Kosmopolis cards and the modifiers they know,
then pick the move that best improves their own projected score against the opponents' average.
The normal bot projects to the round's end: the cards still in its hand will go somewhere too,
to Kosmopolis while it has turns left and to its city when the round ends, so it plans the best
split of them and judges a move by that plan, against limits raised by what the other seats
still hold: each column weighed by the chance that its limit ends at or above it, since a
column over its limit loses every card. The easy bot judges as if the round ended now and
picks with softmax noise.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Iterable
from itertools import combinations
from typing import Any

from games.kosmopolis import engine
from games.kosmopolis.components import (
    CARD_COLOR,
    CARD_VALUE,
    COLORS,
    MODIFIER_IDS,
    MODIFIER_VALUE,
)
from games.rules import best_scored, fallible_scored

HAND_CARD_WORTH = 2.5
"""Rough points a card in hand is worth later; what a scholar's draw earns."""

MODIFIER_WORTH = 1.0
"""Rough points of placing a modifier where it helps most, before seeing it."""

BONUS_SHARE = 0.7
"""How much of the best Kosmopolis card a seat leading a colour can count on."""

RIVAL_WEIGHT = 0.5
"""How much the bot cares about lowering the rivals' projected scores: the best rival's when
judged ahead (a game is won by beating the best of the others; at four seats that took the
normal bot from 91 to 94 % against random ones, 400 games), their average for the easy bot."""

SLACK_MARGIN = 1
"""Keep a little room under each limit: a priest or a -3 modifier may still lower it."""

PLANNED_ABILITY_WORTH = 1.5
"""Rough points of a later card's ability when it goes to Kosmopolis (a card, a token...):
at 1.0 the plan kept too many cards for its city; 1.5 took the normal bot from 67 to 71 %
against easy ones at four seats (1,800 games), from 83 to 91 % at three (200)."""

EASY_TEMPERATURE = 3.0
"""The easy bot's spread in projected points: a move three points worse than its best is
still taken about a third as often, as a beginner misjudges a column by a card."""

RIVAL_GROWTH = 0.4
"""How much each turn the other seats still get raises every column's limit by the round's
end, on average: about half of their cards go to Kosmopolis (4 points a card over 4 colours),
less what their priests take away. Measured at the normal bot's plays in 200 four-seat games
against easy bots: 0.38-0.40 a turn at 6-15 turns. The more rivals, the higher the limits
climb: the normal bot counts on it, the easy one judges by the limits it sees."""

RIVAL_SPREAD = 1.5
"""How uncertain that growth is, as a variance a rival turn: a column gains a card in only one
turn of ten, so with 12 turns left it gains none about one time in five. Measured with
RIVAL_GROWTH: a spread of 2.9 points at 3 turns, 4.7 at 12 (a column 4 points above the
visible limit is thrown away half the time). A column over its limit loses every card it
holds, from earlier rounds too, so the normal bot weighs a column by the chance it stays
under."""


class Position:
    """The numbers a move changes: limits, city column sums, tokens, Kosmopolis columns."""

    def __init__(self, view: dict[str, Any], ahead: bool = False) -> None:
        self.seats: int = view["seats"]
        self.tops: dict[str, int] = {
            color: max((CARD_VALUE[c] for c in cards), default=0)
            for color, cards in view["kosmopolis"].items()
        }
        """Each Kosmopolis column's best card, the bonus a seat can win there (0: empty)."""
        self.ahead = ahead
        self.limits, variances = _estimated_limits(view)
        self.spreads: dict[str, float] | None = None
        """Each limit's standard deviation by the round's end, when judged ahead."""
        if ahead:
            rivals = _rival_turns(view)
            for color in COLORS:
                self.limits[color] += RIVAL_GROWTH * rivals
            self.spreads = {
                color: math.sqrt(variances[color] + RIVAL_SPREAD * rivals) for color in COLORS
            }
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
        twin.tops = dict(self.tops)
        twin.limits = dict(self.limits)
        twin.ahead = self.ahead
        twin.spreads = self.spreads
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
        if self.spreads is not None:
            return self._expected_value(seat, self.spreads)
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

    def _expected_value(self, seat: int, spreads: dict[str, float]) -> float:
        """Projected points of a seat at the round's end, each column weighed by the chance
        that its limit ends at or above it, or within the tokens that can save it (a saved
        column scores its limit: about a token less than its cards)."""
        return _summed(self.tokens[seat], [self.column_terms(seat, c, spreads) for c in COLORS])

    def column_terms(self, seat: int, color: str, spreads: dict[str, float]) -> ColumnTerms:
        """What one column adds to `_expected_value`: kept under its limit, and saved by
        tokens (None without tokens); None for an empty column. A column's terms depend on that
        colour alone, so a plan shares them between its splits (`_Plan.worth`)."""
        if not self.counts[seat][color]:
            return None
        budget = self.tokens[seat]
        value = self.columns[seat][color]
        room = self.limits[color] - value
        spread = spreads[color]
        under = _chance_at_least(room, spread)
        kept = under * (value + self._bonus(seat, color, value))
        if not budget:
            return kept, None
        saved = _chance_at_least(room + budget, spread) - under
        return kept, saved * (value - (budget + 1) / 2)

    def to_kosmopolis(self, card: int) -> None:
        color = CARD_COLOR[card]
        self.limits[color] += CARD_VALUE[card]
        self.tops[color] = max(self.tops[color], CARD_VALUE[card])

    def _bonus(self, seat: int, color: str, value: int) -> float:
        top = self.tops[color]
        if not top:
            return 0.0
        limit = self.limits[color]
        for other in range(self.seats):
            if other == seat or not self.counts[other][color]:
                continue
            rival = self.columns[other][color]
            if value < rival <= limit:
                return 0.0
        return BONUS_SHARE * top

    def score(self, seat: int) -> float:
        rivals = [self.seat_value(s) for s in range(self.seats) if s != seat]
        rival = max(rivals) if self.ahead else sum(rivals) / len(rivals)
        return self.seat_value(seat) + self.extra - RIVAL_WEIGHT * rival


ColumnTerms = tuple[float, float | None] | None


def _summed(tokens: int, terms: Iterable[ColumnTerms]) -> float:
    """A seat's tokens and its columns' terms, added in the order of `COLORS`."""
    total: float = tokens
    for term in terms:
        if term is None:
            continue
        kept, saved = term
        total += kept
        if saved is not None:
            total += saved
    return total


def _addends(term: ColumnTerms) -> tuple[float, ...]:
    """A column's terms as `_summed` adds them, one after the other."""
    if term is None:
        return ()
    kept, saved = term
    return (kept,) if saved is None else (kept, saved)


def _rival_turns(view: dict[str, Any]) -> int:
    """The turns the other seats still get this round (5.3), each a card they may play to
    Kosmopolis: in the draft, every card of the hands they are drafting; in play, until the
    first hand runs empty and the final turns after it (a scholar's draw is not foreseen)."""
    you: int = view["you"]
    seats: int = view["seats"]
    if view["phase"] == "draft":
        held = zip(view["kept_sizes"], view["packet_sizes"], strict=True)
        return sum(kept + packet for other, (kept, packet) in enumerate(held) if other != you)
    if view["phase"] != "play":
        return 0
    if view["trigger"] is not None:
        return sum(1 for other in view["final_turns"] if other != you)
    sizes = list(view["hand_sizes"])
    sizes[you] -= 1
    turns = 0
    player = you
    while sizes[player] > 0:
        player = (player + 1) % seats
        sizes[player] -= 1
        turns += player != you
    return turns + sum(1 for other in range(seats) if other not in (you, player) and sizes[other])


@functools.lru_cache(maxsize=1 << 16)
def _chance_at_least(room: float, spread: float) -> float:
    """The chance that a limit expected `room` points above a column ends at or above it,
    the limit spread normally by `spread` (a column's sum and a limit's cards are whole)."""
    if spread == 0:
        return 1.0 if room >= 0 else 0.0
    return 0.5 * (1 + math.erf((room + 0.5) / (spread * math.sqrt(2))))


def _estimated_limits(view: dict[str, Any]) -> tuple[dict[str, float], dict[str, float]]:
    """Limits from the public cards, known modifiers, and the mean of the unknown ones; and
    each limit's variance from the unknown modifiers over it."""
    limits: dict[str, float] = {
        color: float(sum(CARD_VALUE[c] for c in cards))
        for color, cards in view["kosmopolis"].items()
    }
    variances = dict.fromkeys(COLORS, 0.0)
    known = [m for m in view["modifiers"] if "id" in m]
    unknown = [m for m in view["modifiers"] if "id" not in m]
    seen = {m["id"] for m in known}
    if view.get("modifier_to_place") is not None:
        seen.add(view["modifier_to_place"])
    hidden = [MODIFIER_VALUE[i] for i in MODIFIER_IDS if i not in seen]
    guess = sum(hidden) / len(hidden) if hidden else 0.0
    doubt = sum((value - guess) ** 2 for value in hidden) / len(hidden) if hidden else 0.0
    for modifier in known:
        limits[modifier["column"]] += MODIFIER_VALUE[modifier["id"]]
    for modifier in unknown:
        limits[modifier["column"]] += guess
        variances[modifier["column"]] += doubt
    return limits, variances


def choose_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The normal bot's move for `seat`, judged at the round's end; ties broken by `rng`."""
    moves, judge = _judged(state, seat, ahead=True)
    return best_scored(moves, judge, rng)


def choose_easy(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The easy bot's move: judged as if the round ended now, and not always the best."""
    moves, judge = _judged(state, seat, ahead=False)
    return fallible_scored(moves, judge, rng, temperature=EASY_TEMPERATURE)


def _judged(
    state: dict[str, Any], seat: int, *, ahead: bool
) -> tuple[list[dict[str, Any]], Callable[[dict[str, Any]], float]]:
    moves = engine.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"Seat {seat} has nothing to do now.")
    view = engine.view(state, seat)
    position = Position(view, ahead)
    plan = _Plan(view, seat) if ahead else None
    return moves, lambda move: _judge(position, view, seat, move, plan)


class _Plan:
    """The rest of this seat's round: the cards it still holds and its turns left to play them."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.hand: list[int] = list(view["hand"])
        self.turns = _turns_after_this(view, seat)

    def worth(self, after: Position, seat: int, played: int | None) -> float:
        """The best score at the round's end over the splits of the cards still held: any
        `turns` of them to Kosmopolis, the rest to the city.

        A split changes each colour's columns by which of that colour's cards it sends to
        Kosmopolis alone, so every seat's terms of a colour are worked out once for each such
        choice and shared by the splits that make it: the same sums, in the same order, as
        scoring each split's whole position, for a fraction of the work."""
        spreads = after.spreads
        if spreads is None:
            raise ValueError("A plan judges the round's end: its position must look ahead.")
        rest = list(self.hand)
        if played is not None:
            rest.remove(played)
        seats = range(after.seats)
        of_color = [
            sum(1 << i for i, card in enumerate(rest) if CARD_COLOR[card] == color)
            for color in COLORS
        ]
        known: list[dict[int, list[tuple[float, ...]]]] = [{} for _ in COLORS]

        def addends(index: int, sent: int) -> list[tuple[float, ...]]:
            """Each seat's terms of colour `index` when the cards of bit mask `sent` go to
            Kosmopolis and that colour's others to the city (kept in `known`)."""
            planned = after.copy()
            for i, card in enumerate(rest):
                if of_color[index] >> i & 1:
                    if sent >> i & 1:
                        planned.to_kosmopolis(card)
                    else:
                        planned.add_to_city(seat, card)
            color = COLORS[index]
            terms = [_addends(planned.column_terms(s, color, spreads)) for s in seats]
            known[index][sent] = terms
            return terms

        best = float("-inf")
        extra = after.extra
        for count in range(min(self.turns, len(rest)) + 1):
            for chosen in combinations([1 << i for i in range(len(rest))], count):
                sent = sum(chosen)
                columns = []
                for k, mask in enumerate(of_color):
                    column = known[k].get(sent & mask)
                    columns.append(addends(k, sent & mask) if column is None else column)
                values = []
                for s in seats:
                    total: float = after.tokens[s]
                    for column in columns:
                        for addend in column[s]:
                            total += addend
                    values.append(total)
                rival = max(value for s, value in enumerate(values) if s != seat)
                best = max(best, values[seat] + extra - RIVAL_WEIGHT * rival)
            extra += PLANNED_ABILITY_WORTH
        return best


def _turns_after_this(view: dict[str, Any], seat: int) -> int:
    """How many more turns the seat gets this round after the current one (5.3's trigger):
    none in the final turns; otherwise the turns before the first hand runs empty, plus the
    final turn everyone but the trigger seat gets. A scholar's draw is not foreseen."""
    if view["phase"] != "play":
        return 0
    if view["trigger"] is not None:
        return 0
    seats: int = view["seats"]
    sizes = list(view["hand_sizes"])
    sizes[seat] -= 1
    if sizes[seat] == 0:
        return 0
    turns = 0
    player = seat
    while True:
        player = (player + 1) % seats
        sizes[player] -= 1
        if player == seat:
            turns += 1
        if sizes[player] == 0:
            return turns if player == seat else turns + 1


def _judge(
    position: Position,
    view: dict[str, Any],
    seat: int,
    move: dict[str, Any],
    plan: _Plan | None,
) -> float:
    kind = move["type"]
    if kind == "draft":
        if plan is not None:
            return _pick_worth(position, seat, move["cards"])
        return sum(_draft_worth(position, seat, card) for card in move["cards"])
    if kind == "save":
        return _save_worth(position, view, seat, move["columns"])
    after = position.copy()
    if kind == "place_modifier":
        after.limits[move["column"]] += MODIFIER_VALUE[view["modifier_to_place"]]
        return after.score(seat) if plan is None else plan.worth(after, seat, None)
    card = move["card"]
    color = CARD_COLOR[card]
    if move["to"] == "city":
        after.add_to_city(seat, card)
        return after.score(seat) if plan is None else plan.worth(after, seat, card)
    after.to_kosmopolis(card)
    if color == "green" and view["deck_count"]:
        after.extra += HAND_CARD_WORTH
    elif color == "yellow" and after.supply:
        after.tokens[seat] += 1
    elif color == "blue" and view["modifier_deck_count"]:
        after.extra += MODIFIER_WORTH
    elif "take" in move:
        column = view["kosmopolis"][move["take"]]
        lowest = min(column, key=lambda c: (CARD_VALUE[c], c))
        if len(column) == 1:
            after.tops[move["take"]] = 0
        after.limits[move["take"]] -= CARD_VALUE[lowest]
        after.add_to_city(seat, lowest)
    return after.score(seat) if plan is None else plan.worth(after, seat, card)


def _draft_worth(position: Position, seat: int, card: int) -> float:
    """A card that fits under its column's limit scores; one that does not is worth less."""
    color = CARD_COLOR[card]
    value = CARD_VALUE[card]
    room = position.limits[color] - position.columns[seat][color]
    worth = value if value <= room else value / 2
    if color == "green":
        worth += 1
    return worth


def _pick_worth(position: Position, seat: int, cards: list[int]) -> float:
    """A draft pick judged ahead: its cards fill their city columns in turn, the higher first
    (two of a colour share one column's room), each worth its value by the chance that the
    column stays under its limit, half of it otherwise (it can still go to Kosmopolis)."""
    spreads = position.spreads or dict.fromkeys(COLORS, 0.0)
    filled: dict[str, float] = dict(position.columns[seat])
    worth = 0.0
    for card in sorted(cards, key=lambda c: -CARD_VALUE[c]):
        color = CARD_COLOR[card]
        value = CARD_VALUE[card]
        chance = _chance_at_least(position.limits[color] - filled[color] - value, spreads[color])
        worth += chance * value + (1 - chance) * value / 2
        filled[color] += chance * value
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

PLAYOUT_PLANNED_HAND = 3
"""Cards in hand up to which a playout move plans the rest of the hand as the normal bot does:
at the round's end, where a card left in hand overfills the city (the plan of a longer hand
costs ten times as much a move, and a search plays thousands of them)."""


def playout_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The strong level's playout policy (`games.search`), on a sampled state: the normal bot's
    move once the hand is short, before that the greedy move judged as if the round ended now;
    now and then a random one. A search (and a match's analysis, issue 36) plays thousands of
    playout moves: the normal bot's plan of a long hand made them ten times as dear."""
    if rng.random() < PLAYOUT_EPSILON:
        return rng.choice(engine.legal_moves(state, seat))
    ahead = len(state["hands"][seat]) <= PLAYOUT_PLANNED_HAND
    moves, judge = _judged(state, seat, ahead=ahead)
    return best_scored(moves, judge, rng)


STRONG_CANDIDATES = 5
"""Moves the normal bot rates best that the strong level compares (`candidate_moves`); the
playout policy's picks on sampled deals fill the rest of its candidates."""


def candidate_moves(state: dict[str, Any], seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """The strong level's candidates after the normal move: those the normal bot rates best,
    best first (of a first draft's 15 pairs or a full hand's dozen plays, a random one is
    seldom worth the deals it is played on)."""
    moves, judge = _judged(state, seat, ahead=True)
    rated = sorted(zip(moves, map(judge, moves), strict=True), key=lambda pair: -pair[1])
    return [move for move, _rating in rated[:STRONG_CANDIDATES]]


def playout_stage(state: dict[str, Any]) -> int:
    """The round: a playout ends with it, where the cities have just been scored."""
    return int(state["round"])
