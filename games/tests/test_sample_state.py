"""Every engine's `sample_state(view, seat, rng)` (issue 35): a complete state drawn from what
one seat's view shows, so that a search built on it cannot peek.

Pure (no Django): many seeded random positions of every game at every seat count, and for every
seat of each: the sample shows that seat exactly its view, plays on to the end by random legal
moves, depends on the view alone, and its hidden parts change with the rng.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from games import rules
from games.tests.example_game import engine as example_engine

State = dict[str, Any]

TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "space_dragons": [(n, {"draft": draft}) for n in (3, 4, 5) for draft in (True, False)],
    "space_bastards": [(n, {}) for n in (2, 3, 4, 5)],
    "kosmopolis": [(n, {}) for n in (2, 3, 4)],
    "seven_dragons": [(n, {}) for n in (2, 3, 4, 5)],
    "isle_of_cats": [(n, {}) for n in (1, 2, 3, 4)],
    "example_game": [(n, {}) for n in (2, 3, 4)],
}
GAMES_PER_TABLE = {
    "space_dragons": 2,
    "space_bastards": 2,
    "kosmopolis": 3,
    "seven_dragons": 2,
    "isle_of_cats": 1,
    "example_game": 3,
}
"""Random games per seat count (and options): the Isle of Cats's moves take longest to list."""
CUTS = 6
"""Positions taken from each random game: cut after random numbers of moves, and its end."""
MOVE_BOUND = 2000
SAMPLES = 4

PILE: dict[str, Callable[[State], int]] = {
    "space_dragons": lambda s: len(s["draw_pile"]) + len(s["box_dragons"]),
    "space_bastards": lambda s: 2 * (s["seats"] - 1),
    "kosmopolis": lambda s: len(s["deck"]) + (3 - s["round"]) * 4,
    "seven_dragons": lambda s: len(s["deck"]),
    "isle_of_cats": lambda s: len(s["bag"]) + len(s["deck"]),
    "example_game": lambda s: len(s["deck"]),
}
"""How many items lie in a pile whose order nobody knows (a deck, a bag, the ships and boxed
dragons, the next rounds' modifiers), or, in Space Bastards, how many seats keep their trade and
diplomacy preferences to themselves: with two or more, two rngs must tell them apart."""


def engine_for(slug: str) -> Any:
    """The engine of a game of `games/<slug>/`, or of the guide's example game."""
    return example_engine if slug == "example_game" else rules.engine_for(slug)


def positions(slug: str) -> Iterator[State]:
    """Seeded random games of every seat count, each cut after random numbers of moves."""
    engine = engine_for(slug)
    rng = random.Random(slug)
    for seats, options in TABLES[slug]:
        for _ in range(GAMES_PER_TABLE[slug]):
            game = [engine.setup(seats, options, rng.randrange(1 << 30))]
            while not engine.is_over(game[-1]) and len(game) < MOVE_BOUND:
                game.append(_random_move(engine, game[-1], rng))
            cuts = sorted(rng.sample(range(len(game) - 1), min(CUTS, len(game) - 1)))
            yield from (game[cut] for cut in cuts)
            yield game[-1]


def _random_move(engine: Any, state: State, rng: random.Random) -> State:
    seat = rng.choice(sorted(engine.to_act(state)))
    moves = engine.legal_moves(state, seat)
    assert moves, "a seat that must act has a legal move"
    new, _events = engine.apply(state, seat, rng.choice(moves))
    return new


def _count(state: State) -> int:
    """The number of seats (Space Dragons calls it `num_seats`)."""
    return int(state["seats"] if "seats" in state else state["num_seats"])


POSITIONS = {slug: list(positions(slug)) for slug in TABLES}
CASES = [(slug, index) for slug in TABLES for index in range(len(POSITIONS[slug]))]


@pytest.mark.parametrize(("slug", "index"), CASES)
def test_a_sample_shows_the_seat_exactly_its_view(slug: str, index: int) -> None:
    engine = engine_for(slug)
    state = POSITIONS[slug][index]
    for seat in range(_count(state)):
        shown = engine.view(state, seat)
        for k in range(SAMPLES):
            sample = engine.sample_state(shown, seat, random.Random(k))
            assert engine.view(sample, seat) == shown
            assert json.loads(json.dumps(sample)) == sample
            assert engine.to_act(sample) == engine.to_act(state)
            assert engine.is_over(sample) == engine.is_over(state)


@pytest.mark.parametrize(("slug", "index"), CASES)
def test_a_sample_plays_on_to_the_end(slug: str, index: int) -> None:
    """From one seat's view per position, the seats taking turns from position to position."""
    engine = engine_for(slug)
    state = POSITIONS[slug][index]
    rng = random.Random(index)
    seat = index % _count(state)
    sample = engine.sample_state(engine.view(state, seat), seat, random.Random(seat))
    for _ in range(MOVE_BOUND):
        if engine.is_over(sample):
            break
        sample = _random_move(engine, sample, rng)
    assert engine.is_over(sample)
    assert engine.result(sample) is not None


@pytest.mark.parametrize(("slug", "index"), CASES)
def test_a_sample_depends_on_the_view_alone(slug: str, index: int) -> None:
    """A twin of the position that differs only in what the seat cannot see (itself a sample)
    gives the very same samples."""
    engine = engine_for(slug)
    state = POSITIONS[slug][index]
    for seat in range(_count(state)):
        twin = engine.sample_state(engine.view(state, seat), seat, random.Random(99))
        for k in range(2):
            ours = engine.sample_state(engine.view(state, seat), seat, random.Random(k))
            theirs = engine.sample_state(engine.view(twin, seat), seat, random.Random(k))
            assert ours == theirs


@pytest.mark.parametrize(
    ("slug", "index"), [(slug, i) for slug, i in CASES if PILE[slug](POSITIONS[slug][i]) >= 2]
)
def test_the_hidden_parts_vary_with_the_rng(slug: str, index: int) -> None:
    engine = engine_for(slug)
    state = POSITIONS[slug][index]
    for seat in range(_count(state)):
        shown = engine.view(state, seat)
        samples = [engine.sample_state(shown, seat, random.Random(k)) for k in range(SAMPLES)]
        assert any(sample != samples[0] for sample in samples[1:])


def _items(value: Any) -> set[Any]:
    """The card ids (and goal colours) in a memory or a held zone, however nested."""
    if isinstance(value, dict):
        return set().union(*map(_items, value.values()))
    if isinstance(value, list):
        return set().union(*map(_items, value))
    return set() if value is None else {value}


def _held_space_dragons(state: State, seat: int) -> Any:
    p = state["players"][seat]
    return [p["hand"], p["pack"], p["drafted"], state["start_reveal"]] + [
        q["display"] for q in state["players"]
    ]


def _held_kosmopolis(state: State, seat: int) -> Any:
    return [
        state["hands"][seat],
        state["packets"][seat],
        state["kept"][seat],
        state["kosmopolis"],
        state["cities"],
        state["removed"],
    ]


def _held_seven_dragons(state: State, seat: int) -> Any:
    goal = f"goal:{engine_for('seven_dragons').goal_color(state, seat)}"
    return [state["hands"][seat], [row[0] for row in state["layout"]], goal]


def _held_isle_of_cats(state: State, seat: int) -> Any:
    p = state["players"][seat]
    held = [p["hand"], p["aside"], p["draft"], p["picks"], p["lessons"]]
    return held + [p["look"] and p["look"]["cards"]] + [q["played"] for q in state["players"]]


HELD: dict[str, Callable[[State, int], Any]] = {
    "space_dragons": _held_space_dragons,
    "kosmopolis": _held_kosmopolis,
    "seven_dragons": _held_seven_dragons,
    "isle_of_cats": _held_isle_of_cats,
}
"""What a seat holds or sees face up in a state: its memory may hold nothing else."""
MEMORY: dict[str, Callable[[State], Any]] = {
    "space_dragons": lambda shown: shown["seen"],
    "kosmopolis": lambda shown: [[e["packet"], e["kept"]] for e in shown["seen_packets"]],
    "seven_dragons": lambda shown: [
        shown["known_hands"],
        [f"goal:{color}" for color in shown["known_goals"] if color],
    ],
    "isle_of_cats": lambda shown: [shown["draft_seen"], shown["discards_seen"]],
}
"""What a seat's view remembers: the packs or hands it was handed, its draft hands, the cards
it knows others hold, the goals it knows of, the discards it saw."""


@pytest.mark.parametrize("slug", HELD)
def test_a_seat_remembers_only_what_it_was_shown(slug: str) -> None:
    """Every card a view remembers the seat once held, saw face up or was told of by the log
    (an event public or meant for it): nothing another seat alone saw."""
    engine = engine_for(slug)
    rng = random.Random(slug)
    for seats, options in TABLES[slug]:
        state = engine.setup(seats, options, rng.randrange(1 << 30))
        told: list[set[Any]] = [set() for _ in range(seats)]
        while True:
            for seat in range(seats):
                told[seat] |= _items(HELD[slug](state, seat))
                remembered = _items(MEMORY[slug](engine.view(state, seat)))
                assert remembered <= told[seat], remembered - told[seat]
            if engine.is_over(state):
                break
            mover = rng.choice(sorted(engine.to_act(state)))
            state, events = engine.apply(state, mover, rng.choice(engine.legal_moves(state, mover)))
            for event in events:
                named = _items([event.get("card"), event.get("cards")])
                for seat in event.get("visible_to", range(seats)):
                    told[seat] |= named


@pytest.mark.parametrize("slug", TABLES)
def test_the_positions_cover_every_part_of_a_game(slug: str) -> None:
    """The random cuts reach the start, the middle and the end of games."""
    engine = engine_for(slug)
    over = [engine.is_over(state) for state in POSITIONS[slug]]
    assert any(over)
    assert not all(over)
