"""Seven Dragons bots: grow the own goal's largest area, never hand a seven away.

They read only ``view(state, seat)``: the layout, the silver colour, their own hand and goal
and the goals they were shown in a trade. The normal bot also defends: a colour standing at six
is a rival's win on its next placement whenever a rival holds it, so the bot weighs breaking
that area (a zap, a move, or recolouring a wild silver) by the chance a rival holds the goal;
and it trades or rotates goals for the colour the plays say a slot holds, when that is bigger
than its own (or stands at seven in an imaginary slot's goal). The easy bot does neither and
picks with softmax noise.
"""

from __future__ import annotations

import random
from typing import Any

from games.rules import best_scored, fallible_scored
from games.seven_dragons.components import (
    ACTION_COLOR,
    ACTION_OF,
    COLORS,
    GOAL_COLOR,
    GOAL_SLOTS,
    SILVER,
    WIN_AREA,
)
from games.seven_dragons.engine import (
    COLOR_BIT,
    PLAIN,
    SHOWN,
    WILD,
    Masks,
    goal_odds,
    largest_area,
    moves_for_hand,
    view,
)

Cell = tuple[int, int]
Shown = dict[Cell, tuple[Masks, Masks]]

WIN = 1000.0
GIFT = -500.0
MOVE_SAMPLE = 40
DANGER = {WIN_AREA - 1: 200.0, WIN_AREA - 2: 30.0}
"""What an area one or two cards short of seven costs, if a rival's goal: at six any
placement that touches it may end the game."""
RATED_FIRST = 4
"""The normal bot's best-rated moves the strong level compares before any goal change."""
GOAL_CHANGES = 2
"""Goal trades or rotations the strong level compares at most."""
GOAL_READING_SEATS = 3
"""The fewest seats at which the normal bot weighs goal trades and rotations by the goals'
odds. At two seats that is what the strong level wins by (against a normal bot doing it too
it won 15 of 28 games, 22 of the same 28 without), so it is left to the strong level there."""
EASY_SPREAD = 12.0
"""The easy bot's spread over the rivals it has, in the tenths of a card an area is scored
in: 12 against one rival, 6 against two, 3 against four. At a full table a beginner who slips
as often as against one rival loses to random players' lucky draws (measured: against four
random players it won 48 % at spread 6, 63 % at 3), while a normal bot still punishes it."""
# (neighbour offset, own quadrant, its quadrant) for both edge pairs of each side.
SIDES = (
    ((1, 0), ((1, 0), (3, 2))),
    ((-1, 0), ((0, 1), (2, 3))),
    ((0, 1), ((2, 0), (3, 1))),
    ((0, -1), ((0, 2), (1, 3))),
)


def _shown(layout: list[list[int]], silver: str | None) -> Shown:
    if silver is None:
        silver_masks: tuple[Masks, Masks] = ((WILD, WILD, WILD, WILD), (0, 0, 0, 0))
    else:
        bit = COLOR_BIT[silver]
        silver_masks = ((bit, bit, bit, bit), (bit, bit, bit, bit))
    grid: Shown = {}
    for card, x, y, rot in layout:
        k = card * 2 + (rot == 180)
        grid[(x, y)] = silver_masks if card == 0 else (SHOWN[k], PLAIN[k])
    return grid


def _areas(grid: Shown, bit: int) -> tuple[dict[Cell, int], list[int]]:
    """Label every card showing ``bit`` with its area; return labels and area sizes."""
    labels: dict[Cell, int] = {}
    sizes: list[int] = []
    for start, (s0, _p) in grid.items():
        if start in labels or not (s0[0] | s0[1] | s0[2] | s0[3]) & bit:
            continue
        label = len(sizes)
        labels[start] = label
        stack = [start]
        size = 0
        while stack:
            x, y = stack.pop()
            size += 1
            s = grid[(x, y)][0]
            for (dx, dy), ((a, b), (c, d)) in SIDES:
                other = (x + dx, y + dy)
                n = grid.get(other)
                if n is None or other in labels:
                    continue
                if (s[a] & n[0][b] | s[c] & n[0][d]) & bit:
                    labels[other] = label
                    stack.append(other)
        sizes.append(size)
    return labels, sizes


def _placed_area(
    grid: Shown, areas: tuple[dict[Cell, int], list[int]], cell: Cell, s: Masks, bit: int
) -> int:
    """Size of the area the new card joins (0 when it does not show the colour)."""
    if not (s[0] | s[1] | s[2] | s[3]) & bit:
        return 0
    labels, sizes = areas
    joined: set[int] = set()
    total = 1
    for (dx, dy), ((a, b), (c, d)) in SIDES:
        other = (cell[0] + dx, cell[1] + dy)
        n = grid.get(other)
        if n is not None and (s[a] & n[0][b] | s[c] & n[0][d]) & bit:
            label = labels[other]
            if label not in joined:
                joined.add(label)
                total += sizes[label]
    return total


def _bonus(grid: Shown, cell: Cell, p: Masks) -> int:
    mask = 0
    for (dx, dy), ((a, b), (c, d)) in SIDES:
        n = grid.get((cell[0] + dx, cell[1] + dy))
        if n is not None:
            mask |= p[a] & n[1][b] | p[c] & n[1][d]
    return max(0, bin(mask).count("1") - 1)


def _rival_odds(seen: dict[str, Any]) -> dict[str, float]:
    """Chance that a real rival holds each colour's goal, from the goals this seat knows of.

    A goal seen in a rival's slot is theirs, one seen in an imaginary slot is no one's; the
    other colours are spread evenly over the slots whose goal the seat does not know."""
    seats: int = seen["seats"]
    me: int = seen["seat"]
    known: list[str | None] = seen["known_goals"]
    unknown = [slot for slot in range(len(known)) if slot != me and known[slot] is None]
    rivals_unknown = sum(1 for slot in unknown if slot < seats)
    spread = rivals_unknown / len(unknown) if unknown else 0.0
    odds = dict.fromkeys(COLORS, spread)
    for slot, color in enumerate(known):
        if color is not None and slot != me:
            odds[color] = 1.0 if slot < seats else 0.0
    odds[seen["goal"]] = 0.0
    return odds


def _threat(areas: dict[str, int], odds: dict[str, float] | None) -> float:
    if odds is None:
        return 0.0
    return sum(odds[color] * DANGER.get(area, 0.0) for color, area in areas.items())


def _score_layout(
    layout: list[list[int]],
    silver: str | None,
    goal: str,
    before: dict[str, int],
    odds: dict[str, float] | None,
) -> float:
    """Value of a whole new position, for actions that reshape the table."""
    areas = {color: largest_area(layout, silver, color) for color in COLORS}
    if areas[goal] >= WIN_AREA:
        return WIN
    for color in COLORS:
        if color != goal and before[color] < WIN_AREA <= areas[color]:
            return GIFT
    return 10.0 * areas[goal] - _threat(areas, odds)


def _scored_moves(
    state: dict[str, Any], seat: int, rng: random.Random, *, defends: bool
) -> tuple[list[dict[str, Any]], list[float]]:
    """The moves worth judging (a sample of the card moves) and their values."""
    seen = view(state, seat)
    layout = [[c["card"], c["x"], c["y"], c["rot"]] for c in seen["layout"]]
    silver = seen["silver"]
    hand = seen["hand"]
    moves = moves_for_hand(layout, silver, hand, seat, seen["seats"])
    if not seen["to_act"] or seat not in seen["to_act"] or not moves:
        raise ValueError("This seat has no move to make.")
    goal = seen["goal"]
    grid = _shown(layout, silver)
    all_areas = {c: _areas(grid, COLOR_BIT[c]) for c in COLORS}
    before = {c: max(all_areas[c][1], default=0) for c in COLORS}
    odds = _rival_odds(seen) if defends else None
    slots = None
    if defends and seen["seats"] >= GOAL_READING_SEATS and _changes_goals(hand):
        slots = goal_odds(seen, seat)

    move_options = [
        m
        for m in moves
        if m["type"] == "play_action" and ACTION_OF[m["card"]] == "move_card" and m["action"]
    ]
    sampled = {id(m) for m in rng.sample(move_options, min(MOVE_SAMPLE, len(move_options)))}
    judged: list[dict[str, Any]] = []
    values: list[float] = []
    for move in moves:
        value = _value(move, seen, layout, grid, all_areas, before, goal, sampled, odds, slots)
        if value is not None:
            judged.append(move)
            values.append(value)
    return judged, values


def choose_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The normal bot: grow the own goal most, break a rival's likely six, draw bonus cards."""
    moves, values = _scored_moves(state, seat, rng, defends=True)
    return moves[best_scored(range(len(moves)), values.__getitem__, rng)]


def candidate_moves(state: dict[str, Any], seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """The moves the normal bot rates best, best first, with the goal trades and rotations
    that may bring a bigger goal after the first few: the strong level searches among them
    (`games.bots`) rather than among random legal moves, most of them poor. The normal bot
    rates a goal's change as nothing, as it cannot tell what the new goal is."""
    moves, values = _scored_moves(state, seat, rng, defends=True)
    ranked = [moves[i] for i in sorted(range(len(moves)), key=lambda i: -values[i])]
    seen = view(state, seat)
    return ranked[:RATED_FIRST] + _goal_changes(seen, moves, values) + ranked[RATED_FIRST:]


def _goal_changes(
    seen: dict[str, Any], moves: list[dict[str, Any]], values: list[float]
) -> list[dict[str, Any]]:
    """The rotations and goal trades whose new goal's largest area is expected (from the
    goals' odds as the plays tell them) to beat the own goal's, best first, at most
    `GOAL_CHANGES`; of the two ways to play one, the better rated."""
    seat = seen["seat"]
    layout = [[c["card"], c["x"], c["y"], c["rot"]] for c in seen["layout"]]
    areas = {color: largest_area(layout, seen["silver"], color) for color in COLORS}
    odds = goal_odds(seen, seat)
    best: dict[int, tuple[float, float, dict[str, Any]]] = {}
    for move, value in zip(moves, values, strict=True):
        action = move["action"] if move["type"] == "play_action" else None
        if action is None or ("slot" not in action and "dir" not in action):
            continue
        if "slot" in action:
            source = action["slot"]
        else:
            source = (seat + (1 if action["dir"] == "ccw" else -1)) % len(odds)
        expected = sum(chance * areas[color] for color, chance in odds[source].items())
        if expected > areas[seen["goal"]] and (source not in best or value > best[source][1]):
            best[source] = (expected, value, move)
    return [move for _e, _v, move in sorted(best.values(), key=lambda b: -b[0])][:GOAL_CHANGES]


def choose_easy(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The easy bot: blind to a rival's six and to what the goals' changes bring, and not
    always the move it rates best."""
    moves, values = _scored_moves(state, seat, rng, defends=False)
    spread = EASY_SPREAD / (state["seats"] - 1)
    pick = fallible_scored(range(len(moves)), values.__getitem__, rng, temperature=spread)
    return moves[pick]


def _value(
    move: dict[str, Any],
    seen: dict[str, Any],
    layout: list[list[int]],
    grid: Shown,
    all_areas: dict[str, tuple[dict[Cell, int], list[int]]],
    before: dict[str, int],
    goal: str,
    sampled: set[int],
    odds: dict[str, float] | None,
    slots: list[dict[str, float]] | None,
) -> float | None:
    silver = seen["silver"]
    if move["type"] == "play_dragon":
        cell = (move["x"], move["y"])
        k = move["card"] * 2 + (move["rot"] == 180)
        mine = max(
            before[goal], _placed_area(grid, all_areas[goal], cell, SHOWN[k], COLOR_BIT[goal])
        )
        if mine >= WIN_AREA:
            return WIN
        areas = {}
        for color in COLORS:
            area = _placed_area(grid, all_areas[color], cell, SHOWN[k], COLOR_BIT[color])
            if color != goal and before[color] < WIN_AREA <= area:
                return GIFT
            areas[color] = max(before[color], area)
        return 10.0 * mine + 3.0 * _bonus(grid, cell, PLAIN[k]) + 0.5 - _threat(areas, odds)
    card = move["card"]
    new_silver = ACTION_COLOR[card] if move["place"] == "top" else silver
    action = move["action"]
    if action is not None and "x" in action:
        if id(move) not in sampled:
            return None
        moved = [
            [row[0], action["x"], action["y"], action["rot"]] if row[0] == action["card"] else row
            for row in layout
        ]
        return _score_layout(moved, new_silver, goal, before, odds) - 1.0
    if action is not None and "card" in action:
        zapped = [row for row in layout if row[0] != action["card"]]
        return _score_layout(zapped, new_silver, goal, before, odds) + 1.0
    if action is not None and slots is not None and "seat" not in action:
        return _goal_change_value(action, seen, layout, new_silver, slots, odds) - 3.0
    value = _score_layout(layout, new_silver, goal, before, odds) - 2.0
    if action is not None and "seat" in action:
        counts = seen["hand_counts"]
        value += 2.0 * (counts[action["seat"]] - (counts[seen["seat"]] - 1))
    elif action is not None:
        value -= 1.0
    return value


def _changes_goals(hand: list[int]) -> bool:
    """Whether the hand can trade or rotate goals: only then are the goals' odds worked out."""
    return any(ACTION_OF.get(card) in ("rotate_goals", "trade_goals") for card in hand)


def _goal_change_value(
    action: dict[str, Any],
    seen: dict[str, Any],
    layout: list[list[int]],
    silver: str | None,
    slots: list[dict[str, float]],
    odds: dict[str, float] | None,
) -> float:
    """Value of a goal trade or rotation, as `_score_layout` rates a position, over the goals'
    odds per slot as the plays tell them (`goal_odds`): the seat wins at once if it takes a
    colour standing at seven (an imaginary slot's), loses if a rival takes one, and else
    holds a goal as big as the colours it may take; it fears the sixes as any move does,
    more or less as the goals move to or from the rivals."""
    me: int = seen["seat"]
    source: dict[int, int]
    if "slot" in action:
        source = {me: action["slot"], action["slot"]: me}
    else:
        shift = 1 if action["dir"] == "cw" else -1
        source = {slot: (slot - shift) % GOAL_SLOTS for slot in range(GOAL_SLOTS)}
    areas = {color: largest_area(layout, silver, color) for color in COLORS}
    mine = slots[source.get(me, me)]
    rivals = _rivals_goals(slots, me, seen["seats"], source)
    won = sum(chance for color, chance in mine.items() if areas[color] >= WIN_AREA)
    given = sum(rivals[color] for color in COLORS if areas[color] >= WIN_AREA)
    lost = (1.0 - won) * min(1.0, given)
    grown = sum(
        10.0 * chance * areas[color] for color, chance in mine.items() if areas[color] < WIN_AREA
    )
    held = grown / (1.0 - won) if won < 1.0 else 0.0
    feared = (
        _threat(areas, odds)
        + _threat(areas, rivals)
        - _threat(areas, _rivals_goals(slots, me, seen["seats"], {}))
    )
    return won * WIN + lost * GIFT + (1.0 - won - lost) * (held - feared)


def _rivals_goals(
    slots: list[dict[str, float]], me: int, seats: int, source: dict[int, int]
) -> dict[str, float]:
    """The chance a rival holds each colour once every slot holds the goal of its `source`
    slot (itself if none)."""
    rivals = dict.fromkeys(COLORS, 0.0)
    for rival in range(seats):
        if rival != me:
            for color, chance in slots[source.get(rival, rival)].items():
                rivals[color] += chance
    return rivals


# ---------------------------------------------------------------- the search's playouts


PLAYOUT_ACTION_SHARE = 0.2
"""How often a playout plays an action card although it holds a dragon: actions reshape the
table, and a search that never saw one played would not fear them."""
PLAYOUT_FEED = 0.5
"""What a playout's placement loses for bringing a rival's goal to six: the next card may win."""


def playout_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The strong level's playout policy (`games.search`), on a sampled state, whose goals it
    reads as the sample deals them: zap a card out of a rival's six when it holds a zap, else
    the dragon that grows the own goal most without handing a rival its seven or, if it can,
    bringing one to six; now and then (and without a dragon) an action card played plainly.
    Cheaper than `choose_move`, which weighs every action too."""
    hand = state["hands"][seat]
    layout = state["layout"]
    silver = state["silver"]
    seats = state["seats"]
    goal = GOAL_COLOR[state["slots"][seat]]
    rivals = {GOAL_COLOR[state["slots"][other]] for other in range(seats) if other != seat}
    grid = _shown(layout, silver)
    areas = {color: _areas(grid, COLOR_BIT[color]) for color in rivals | {goal}}
    zap = next((card for card in hand if ACTION_OF.get(card) == "zap_card"), None)
    if zap is not None:
        target = _break_six(layout, silver, areas, rivals - {goal})
        if target is not None:
            return {
                "type": "play_action",
                "card": zap,
                "place": "bottom",
                "action": {"card": target},
            }
    dragons = [card for card in hand if card not in ACTION_OF]
    actions = [card for card in hand if card in ACTION_OF]
    if dragons and (not actions or rng.random() >= PLAYOUT_ACTION_SHARE):
        placements = moves_for_hand(layout, silver, dragons, seat, seats)
        if placements:
            before = {color: max(sizes, default=0) for color, (_labels, sizes) in areas.items()}

            def worth(move: dict[str, Any]) -> float:
                cell = (move["x"], move["y"])
                shown = SHOWN[move["card"] * 2 + (move["rot"] == 180)]
                mine = _placed_area(grid, areas[goal], cell, shown, COLOR_BIT[goal])
                if mine >= WIN_AREA:
                    return WIN
                value = mine + rng.random()
                for color in rivals:
                    if color != goal and before[color] < WIN_AREA:
                        area = _placed_area(grid, areas[color], cell, shown, COLOR_BIT[color])
                        if area >= WIN_AREA:
                            return GIFT
                        if area == WIN_AREA - 1 > before[color]:
                            value -= PLAYOUT_FEED
                return value

            return max(placements, key=worth)
    card = rng.choice(actions or dragons)
    return {"type": "play_action", "card": card, "place": "top", "action": None}


def _break_six(
    layout: list[list[int]],
    silver: str | None,
    areas: dict[str, tuple[dict[Cell, int], list[int]]],
    rivals: set[str],
) -> int | None:
    """A card whose zap leaves a rival's goal of six or more the smallest largest area, if
    it brings it below six; None when no rival's goal stands at six."""
    for color in rivals:
        labels, sizes = areas[color]
        big = [label for label, size in enumerate(sizes) if size >= WIN_AREA - 1]
        if not big:
            continue
        members = [
            card for card, x, y, _rot in layout if card != SILVER and labels.get((x, y)) in big
        ]
        best = min(
            members,
            key=lambda card: largest_area([row for row in layout if row[0] != card], silver, color),
            default=None,
        )
        return best
    return None
