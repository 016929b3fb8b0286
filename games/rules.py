"""What every rules engine shares: the refusal type, the envelope every move passes before the
game's own rules and the state's copy, the checks of a setup's options and stack, ranking,
record replay, and the pieces of `sample_state` that the drafting games share.

Pure standard library: engines import this module, so it must never import Django.
"""

from __future__ import annotations

import importlib
import marshal
import math
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from types import ModuleType
from typing import Any, NamedTuple, TypeVar

RECORD_FORMAT = "boardgame-record/1"

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]
Plain = TypeVar("Plain")
Option = TypeVar("Option")


class IllegalMove(Exception):  # noqa: N818 - the name of the architecture contract
    """A move the rules refuse; the message is shown to the player as it is.

    A refusal that names things keeps `%(name)s` placeholders in `template` and the names in
    `names`, so that the site can translate the template and the names before filling it in;
    `message` is the English text filled in.
    """

    def __init__(self, message: str, **names: str) -> None:
        self.template = message
        self.names = names
        self.message = message % names if names else message
        super().__init__(self.message)


class Fields(NamedTuple):
    """What a move of one type carries besides its `type`: the fields it must have and those it
    may have. A field whose absence the game's rules refuse in words of their own is optional
    here."""

    required: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()


def check_move(
    move: Any, seat: Any, *, over: bool, seats: Collection[int], fields: Mapping[str, Fields]
) -> str:
    """The move's type, once the envelope every move passes before its game's own rules holds:
    the game goes on, `seat` is one of `seats` (those to act, or every seat where the game
    checks the turn with its phase), and the move is an object of a known type with exactly its
    fields (`fields`, by type)."""
    if over:
        raise IllegalMove("The game is over.")
    if type(seat) is not int or seat not in seats:
        raise IllegalMove("Not your turn.")
    if not isinstance(move, dict):
        raise IllegalMove("A move must be an object.")
    kind = move.get("type")
    if type(kind) is not str or kind not in fields:
        raise IllegalMove("Unknown move type.")
    required, optional = fields[kind]
    given = move.keys() - {"type"}
    missing = required - given
    if missing:
        raise IllegalMove("Malformed move: missing fields: %(fields)s.", fields=_listed(missing))
    unexpected = given - required - optional
    if unexpected:
        raise IllegalMove(
            "Malformed move: unexpected fields: %(fields)s.", fields=_listed(unexpected)
        )
    return kind


def _listed(names: Collection[Any]) -> str:
    return ", ".join(sorted(map(str, names)))


def copy_state(state: Plain) -> Plain:
    """A copy of a state, or of a part of one, that shares nothing with it: the state is plain
    data, and marshal copies it far faster than deepcopy."""
    data: Any = state
    copied: Plain = marshal.loads(marshal.dumps(data))
    return copied


def copying(
    apply_in_place: Callable[[State, int, Any], list[Event]],
) -> Callable[[State, int, Any], tuple[State, list[Event]]]:
    """An engine's `apply` made of its `apply_in_place`: the move applied to a copy, so the
    given state is never touched."""

    def apply(state: State, seat: int, move: Any) -> tuple[State, list[Event]]:
        """The new state and the move's events; the given state is never touched."""
        new = copy_state(state)
        return new, apply_in_place(new, seat, move)

    return apply


def checked_seats(seats: Any, low: int, high: int, game: str) -> int:
    """A setup's number of seats, a whole number the game is played by: a bad table or record
    fails at once."""
    if type(seats) is not int or not low <= seats <= high:
        raise ValueError(f"{game} is played by {low} to {high} seats.")
    return seats


def checked_options(options: Any, known: Collection[str]) -> dict[str, Any]:
    """A setup's options as the dict they must be, naming no option the game lacks: a bad
    table or record fails at once, never later as a missing key deep in the rules."""
    return _settings(options, known, "Options must be a dict.", "Unknown options")


def checked_stack(stack: Any, known: Collection[str]) -> dict[str, Any]:
    """A record's stack (the draws it fixes, a dict by what it fixes; None fixes nothing) as
    the dict it must be, fixing nothing the game does not draw."""
    return _settings(
        {} if stack is None else stack, known, "The stack must be a dict.", "Unknown stack keys"
    )


def _settings(value: Any, known: Collection[str], not_dict: str, unknown_is: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(not_dict)
    unknown = set(value) - set(known)
    if unknown:
        raise ValueError(f"{unknown_is}: {sorted(map(str, unknown))}.")
    return value


def best_scored(
    options: Sequence[Option], score: Callable[[Option], float], rng: random.Random
) -> Option:
    """The option `score` rates highest, ties (to rounding) broken by `rng`: how a bot picks."""
    scored = [score(option) for option in options]
    top = max(scored)
    return rng.choice(
        [option for option, value in zip(options, scored, strict=True) if value >= top - 1e-9]
    )


def fallible_scored(
    options: Sequence[Option],
    score: Callable[[Option], float],
    rng: random.Random,
    *,
    temperature: float,
) -> Option:
    """An option drawn with weight exp(score / temperature): how a beginner picks.

    Moves a point or two worse than the best are often taken, far worse ones seldom, so the
    mistakes look human (a near miss) rather than random (a move no one would make).
    """
    scored = [score(option) for option in options]
    top = max(scored)
    weights = [math.exp((value - top) / temperature) for value in scored]
    return rng.choices(options, weights=weights)[0]


def competition_ranks(scores: Sequence[float], *, higher_is_better: bool = True) -> list[int]:
    """Rank seats 1, 1, 3 style: equal scores share a place, the next place is skipped."""
    sign = -1 if higher_is_better else 1
    keys = [sign * s for s in scores]
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


Place = tuple[int, str]
"""Where a drafting seat holds cards: the seat and its `"kept"` cards or its `"packet"`."""
Share = tuple[list[Any], dict[Place, int]]
"""Cards a seat knows lie together somewhere, and how many of them each place holds."""


def draft_shares(
    *,
    seats: int,
    seat: int,
    direction: int,
    rounds: int,
    takes: Callable[[int, int], int],
    seen: dict[int, tuple[list[Any], list[Any] | None]],
    current: int | None,
    picked: Collection[int] = (),
) -> list[Share]:
    """What `seat` knows of the other seats' cards from the packets it passed on in a draft.

    In a draft every seat takes `takes(round, size)` cards from the packet in front of it, then
    passes the rest to the seat `direction` away; the last of the `rounds` keeps what it gets.
    `seen` holds, per round, the packet the seat got and the cards it kept (None while that
    choice is open). The rest of each packet it passed went on to the next seats: the cards
    missing when the packet came back were taken by the seats between, so many each; those
    that have not come back are taken by the seats the packet reached since, and the one it
    lies with now holds the rest (the draft's `current` round; None once the draft is over).
    The seats in `picked` have already taken their cards of the current round."""
    end = rounds if current is None else current
    shares: list[Share] = []
    for start, (packet, kept) in sorted(seen.items()):
        if kept is None or (current is not None and start >= current):
            continue
        rest = [card for card in packet if card not in kept]
        size = len(rest)
        places: dict[Place, int] = {}
        for later in range(start + 1, end + 1):
            if size == 0:
                break
            holder = (seat + (later - start) * direction) % seats
            if holder == seat:
                if later not in seen:
                    places = {}
                    break
                back = seen[later][0]
                rest = [card for card in rest if card not in back]
                size = 0
                break
            if later < end or current is None or holder in picked:
                take = takes(later, size)
                places[(holder, "kept")] = places.get((holder, "kept"), 0) + take
                size -= take
            if later == end and current is not None and size:
                places[(holder, "packet")] = size
                size = 0
        if places:
            shares.append((rest, places))
    return shares


def withdraw(shares: list[Share], card: Any, place: Place) -> None:
    """A card known to lie with a seat has been played from `place`: it no longer does."""
    for cards, places in shares:
        if card in cards:
            cards.remove(card)
            if places.get(place):
                places[place] -= 1
            return


def deal_shares(shares: list[Share], rng: random.Random) -> dict[Place, list[Any]]:
    """Each share's cards dealt at random to its places, so many each."""
    dealt: dict[Place, list[Any]] = {}
    for cards, places in shares:
        pool = list(cards)
        rng.shuffle(pool)
        for place, count in places.items():
            dealt.setdefault(place, []).extend(pool[:count])
            del pool[:count]
    return dealt


def fill(cards: list[Any], size: int | None, unknown: list[Any]) -> list[Any]:
    """`cards` filled up to `size` (None: none) from the front of the shuffled `unknown`
    cards, which lose them: how a sample deals what a seat cannot see."""
    missing = max(0, (size or 0) - len(cards))
    drawn = unknown[:missing]
    del unknown[:missing]
    return cards + drawn


def engine_for(slug: str) -> ModuleType:
    """The engine module of a game, found by its slug."""
    return importlib.import_module(f"games.{slug}.engine")


def play_record(record: dict[str, Any], engine: Any = None) -> dict[str, Any]:
    """Replay a game record through its engine (by default the one of `games/<game>/`),
    skipping (and reporting) refused moves."""
    if record.get("format") != RECORD_FORMAT:
        raise ValueError(f"Unknown record format {record.get('format')!r}.")
    engine = engine or engine_for(record["game"])
    state = engine.setup(
        len(record["seats"]), record.get("options") or {}, record["seed"], record.get("stack")
    )
    outcomes: list[dict[str, Any]] = []
    for index, entry in enumerate(record["moves"]):
        try:
            state, _events = engine.apply(state, entry["seat"], entry["move"])
        except IllegalMove as refusal:
            outcomes.append({"index": index, "legal": False, "error": refusal.message})
        else:
            outcomes.append({"index": index, "legal": True})
    over = engine.is_over(state)
    return {
        "moves": outcomes,
        "is_over": over,
        "to_act": sorted(engine.to_act(state)),
        "result": engine.result(state) if over else None,
    }
