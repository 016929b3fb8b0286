"""Seeded random playouts of every game: many complete games per number of players through
`legal_moves` and `apply`, every position checked (`games.tests.playouts.playout`: who acts,
an untouched input state, JSON round trips, termination, the result's shape, replay from the
seed) along with the game's own invariants (`games/<slug>/tests/<slug>_invariants.py`).

A game's games per count are played a few at a time (`games_per_case`), so that the test
workers share them out evenly. The counts are what the suite's time allows (at a thousand a
count these games took almost half of it); `./dev bench` plays more games per count
(bench/engines.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from games.isle_of_cats.tests import isle_of_cats_invariants as isle_of_cats
from games.kosmopolis.tests import kosmopolis_invariants as kosmopolis
from games.registry import GAMES
from games.seven_dragons.tests import seven_dragons_invariants as seven_dragons
from games.space_bastards.tests import space_bastards_invariants as space_bastards
from games.space_dragons.tests import space_dragons_invariants as space_dragons
from games.tests.example import EXAMPLE, with_example
from games.tests.example_game.tests import example_game_invariants as example_game
from games.tests.playouts import Checks, playout


def _no_options(_game: int) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class Variant:
    """Games with options besides the defaults: a few seeds for some numbers of players."""

    name: str
    options: dict[str, Any]
    seats: tuple[int, ...]
    seeds: range


@dataclass(frozen=True)
class Playouts:
    """How a game's playouts are played and checked."""

    checks: Checks = field(default_factory=Checks)
    games: int = 100
    """Games per number of players."""
    games_per_case: int = 100
    """Games per test case: fewer where a game takes long."""
    move_bound: int = 5000
    """More moves than any game takes."""
    stride: int = 1
    """How often `apply`'s copy and the JSON round trips are checked (every this many moves)."""
    options: Callable[[int], dict[str, Any]] = _no_options
    """The options of the k-th game of a number of players."""
    length: Callable[[int, dict[str, Any]], int] | None = None
    """The exact number of moves of a game, where the rules fix it."""
    variants: tuple[Variant, ...] = field(default=())


HOOKS: dict[str, Playouts] = {
    "example_game": Playouts(Checks(state=example_game.check_state), length=example_game.length),
    "isle_of_cats": Playouts(
        Checks(state=isle_of_cats.check_state, result=isle_of_cats.check_result),
        games=10,
        games_per_case=5,
        move_bound=600,
        stride=9,
        variants=(
            *(
                Variant(f"sister-{hard}", {"solo_hard_lessons": hard}, (1,), range(1000, 1003))
                for hard in range(5)
            ),
            *(
                Variant(
                    f"lessons-{''.join(sets) or 'base'}",
                    {"lesson_sets": sets},
                    (1, 3),
                    range(77, 78),
                )
                for sets in ([], ["A"], ["B", "C"])
            ),
        ),
    ),
    "kosmopolis": Playouts(
        Checks(state=kosmopolis.check_state, result=kosmopolis.check_result),
        games=300,
        move_bound=400,
    ),
    "seven_dragons": Playouts(
        Checks(state=seven_dragons.check_state, result=seven_dragons.check_result),
        games=300,
        move_bound=300,
        stride=8,
    ),
    "space_bastards": Playouts(
        Checks(state=space_bastards.check_state, result=space_bastards.check_result),
        games=60,
        games_per_case=20,
        move_bound=2000,
        stride=7,
        variants=tuple(
            Variant(name, options, (2, 3, 4, 5), range(2))
            for name, options in (
                ("random-planets", {"planets_off": "random"}),
                ("chaos", {"priority": "chaos"}),
                ("mutants-flights", {"priority": "mutants", "flight_steps": [0, 4, 8]}),
                ("migrants-flight", {"priority": "migrants", "flight_steps": [11]}),
            )
        ),
    ),
    "space_dragons": Playouts(
        Checks(
            state=space_dragons.check_state,
            result=space_dragons.check_result,
            events=space_dragons.check_events,
        ),
        games=500,
        games_per_case=250,
        move_bound=1 + space_dragons.length(5, {"draft": True}),
        stride=5,
        options=space_dragons.options_for,
        length=space_dragons.length,
    ),
}
"""Each game's playouts; a game not listed gets the defaults until its invariants are written."""

PLAYABLE = sorted(slug for slug, game in GAMES.items() if game.playable)
COUNTS = [
    (game.slug, seats)
    for game in [*(GAMES[slug] for slug in PLAYABLE), EXAMPLE]
    for seats in game.seat_choices
]


def _first_games(slug: str) -> range:
    """The first game of each of a game's cases for one count, `games_per_case` apart."""
    hooks = HOOKS.get(slug, Playouts())
    return range(0, hooks.games, hooks.games_per_case)


CASES = [(slug, seats, first) for slug, seats in COUNTS for first in _first_games(slug)]
VARIANTS = [
    (slug, variant) for slug in PLAYABLE for variant in HOOKS.get(slug, Playouts()).variants
]


def _play(slug: str, seats: int, seed: int, options: dict[str, Any]) -> None:
    hooks = HOOKS.get(slug, Playouts())
    played = playout(
        GAMES[slug].engine,
        seats,
        seed,
        options=options,
        checks=hooks.checks,
        move_bound=hooks.move_bound,
        stride=hooks.stride,
    )
    if hooks.length is not None:
        assert len(played) == hooks.length(seats, options)


@pytest.mark.parametrize(
    ("slug", "seats", "first"),
    with_example(CASES),
    ids=[f"{slug}-{seats}-from-{first}" for slug, seats, first in CASES],
)
def test_random_games_keep_every_invariant(slug, seats, first):
    hooks = HOOKS.get(slug, Playouts())
    for k in range(first, min(first + hooks.games_per_case, hooks.games)):
        _play(slug, seats, 1000 * seats + k, hooks.options(k))


@pytest.mark.parametrize(("slug", "variant"), VARIANTS, ids=[f"{s}-{v.name}" for s, v in VARIANTS])
def test_random_games_with_options_keep_every_invariant(slug, variant):
    for seats in variant.seats:
        for seed in variant.seeds:
            _play(slug, seats, seed, variant.options)


def test_a_playout_fails_an_apply_that_changes_the_state_it_was_given():
    """The check itself: an engine whose `apply` also marks the state it was given (here the
    example game's, one move in three) fails the playout."""
    example = EXAMPLE.engine
    applied = []

    def careless_apply(state, seat, move):
        applied.append(move)
        if len(applied) % 3 == 0:
            state["touched"] = len(applied)
        return example.apply(state, seat, move)

    careless = SimpleNamespace(
        **{name: getattr(example, name) for name in ("setup", "is_over", "to_act", "legal_moves")},
        apply=careless_apply,
    )
    with pytest.raises(AssertionError, match="apply changed the state it was given"):
        playout(careless, 2, 1, move_bound=100)
