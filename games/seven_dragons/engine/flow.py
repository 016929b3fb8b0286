"""How a game of Seven Dragons goes on: who acts, drawing, the goals' check after a move and the
end (section 5)."""

from __future__ import annotations

from games.rules import Event, State
from games.seven_dragons.components import GOAL_COLOR, WIN_AREA
from games.seven_dragons.engine.layout import (
    COLOR_BIT,
    FIRST_ACTION,
    Cell,
    Grid,
    _areas_through,
    _fits_somewhere,
    _largest,
)
from games.seven_dragons.engine.scoring import result

# ---------------------------------------------------------------- turn flow


def _draw(state: State, seat: int, count: int, events: list[Event]) -> int:
    deck = state["deck"]
    cards = deck[:count]
    if not cards:
        return 0
    del deck[: len(cards)]
    state["hands"][seat].extend(cards)
    events.append({"type": "drew", "seat": seat, "count": len(cards)})
    events.append({"type": "drew_cards", "seat": seat, "cards": cards, "visible_to": [seat]})
    return len(cards)


def _can_move(grid: Grid, hand: list[int]) -> bool:
    """Whether a seat holding ``hand`` has a legal move: an action card always has one."""
    wanted = 0
    for card in hand:
        if card >= FIRST_ACTION:
            return True
        wanted |= 3 << (card * 2)
    return bool(wanted) and _fits_somewhere(grid, wanted)


def _end(state: State, reason: str, winner: int | None, events: list[Event]) -> None:
    """End the game; only an exhaustion needs the areas to know who won."""
    state["over"] = True
    state["end_reason"] = reason
    state["winner"] = winner
    state["current"] = None
    if winner is None:
        res = result(state)
        assert res is not None
        winners = res["winners"]
    else:
        winners = [winner]
    events.append({"type": "game_over", "end_reason": reason, "winners": winners})


def _begin_turns(state: State, seat: int, events: list[Event], grid: Grid) -> None:
    """Start turns from ``seat`` on, passing automatically for seats that cannot move."""
    n = state["seats"]
    hands = state["hands"]
    while True:
        if state["deck"]:
            _draw(state, seat, 1, events)
        if _can_move(grid, hands[seat]):
            state["current"] = seat
            return
        events.append({"type": "passed", "seat": seat})
        if not state["deck"] and not any(_can_move(grid, h) for h in hands):
            _end(state, "exhaustion", None, events)
            return
        seat = (seat + 1) % n


def _goals_held(state: State) -> set[str]:
    """The goal colours real seats hold."""
    return {GOAL_COLOR[slot] for slot in state["slots"][: state["seats"]]}


def _winner(
    state: State, actor: int, grid: Grid, changed: list[Cell], fresh: set[str]
) -> tuple[int, str, int] | None:
    """Seven check: the acting seat first, then the nearest clockwise after it.

    Before a move no real seat held a goal colour with seven (the game would be over), and an
    area grows only through a card that ``changed`` (placed, moved or the recoloured silver).
    So only the areas holding those cards are searched, in every held colour at once; a colour
    a seat has just taken from an imaginary slot (``fresh``) is searched everywhere. A rebuild
    of a match spent half its time searching every area after every move.
    """
    if len(grid) < WIN_AREA:
        return None
    goals = [GOAL_COLOR[slot] for slot in state["slots"][: state["seats"]]]
    sevens: dict[str, int] = {}
    wanted = 0
    for color in goals:
        if color in fresh:
            size = _largest(grid, COLOR_BIT[color])
            if size >= WIN_AREA:
                sevens[color] = size
        else:
            wanted |= COLOR_BIT[color]
    for cell in changed:
        reached = _areas_through(grid, cell, wanted)
        if len(reached) < WIN_AREA:
            continue
        for color in goals:
            bit = COLOR_BIT[color]
            size = sum(1 for bits in reached.values() if bits & bit)
            if size >= WIN_AREA and size > sevens.get(color, 0):
                sevens[color] = size
    n = len(goals)
    for step in range(n):
        seat = (actor + step) % n
        color = goals[seat]
        if color in sevens:
            return seat, color, sevens[color]
    return None


def _finish_move(
    state: State,
    actor: int,
    events: list[Event],
    grid: Grid,
    changed: list[Cell],
    fresh: set[str],
) -> None:
    """Win check, exhaustion check, then the next turn; ``grid`` is the new position, ``changed``
    the cards through which areas may have grown and ``fresh`` the goal colours newly held."""
    state["move_count"] += 1
    won = _winner(state, actor, grid, changed, fresh)
    if won is not None:
        seat, color, area = won
        events.append({"type": "won", "seat": seat, "color": color, "area": area})
        _end(state, "seven", seat, events)
        return
    if not state["deck"] and not any(_can_move(grid, h) for h in state["hands"]):
        _end(state, "exhaustion", None, events)
        return
    _begin_turns(state, (actor + 1) % state["seats"], events, grid)


# ---------------------------------------------------------------- queries


def to_act(state: State) -> set[int]:
    if state["over"]:
        return set()
    return {state["current"]}


def is_over(state: State) -> bool:
    return bool(state["over"])
