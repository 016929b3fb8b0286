"""Every game's status line reads in both languages for every seat and a spectator, and tells
whoever waits which players must act (each game's own sentences: its table tests)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.utils import translation

from games.registry import GAMES
from games.tests.example import EXAMPLE, with_example
from games.tests.playouts import sample_states

NAMES = ["Eva", "Jan", "Bob", "Ola", "Ida"]
LANGUAGES = ["en", "cs"]


@dataclass(frozen=True)
class Sampled:
    """The positions a game's status line is read in: snapshots of random games every
    `stride` moves, and the phases they reach (empty: not checked)."""

    seats: tuple[int, ...]
    seeds: range
    stride: int
    phases: frozenset[str] = frozenset()
    translated: bool = True
    """False for the example, whose own strings stay out of the catalogs."""


SAMPLED = {
    "kosmopolis": Sampled((2, 4), range(6), 4, frozenset({"draft", "play", "tokens", "over"})),
    "seven_dragons": Sampled((2, 5), range(3), 7),
    "space_dragons": Sampled((3, 5), range(3), 7, frozenset({"draft", "hunt", "over"})),
    "space_bastards": Sampled((3,), range(2), 9),
    EXAMPLE.slug: Sampled((2, 4), range(2), 3, translated=False),
}
"""Ostrov koček's status lines are checked by its own table tests, against its phases."""


@pytest.mark.parametrize("game", with_example(sorted(SAMPLED)))
def test_the_status_line_names_who_must_act_in_both_languages(game):
    info, sampled = GAMES[game], SAMPLED[game]
    phases = set()
    for seats in sampled.seats:
        names = NAMES[:seats]
        for state in sample_states(info.engine, seats, sampled.seeds, sampled.stride):
            phases.add(state.get("phase"))
            acting = info.engine.to_act(state)
            for viewer in [None, *range(seats)]:
                view = info.engine.view(state, viewer)
                texts = {}
                for language in LANGUAGES:
                    with translation.override(language):
                        texts[language] = info.table.status_text(view, viewer, names)
                    assert texts[language].strip()
                    assert "%(" not in texts[language]
                assert texts["cs"] != texts["en"] or not sampled.translated
                if not info.engine.is_over(state) and viewer not in acting:
                    assert all(names[seat] in texts["en"] for seat in acting), (texts, acting)
    assert not sampled.phases or phases == sampled.phases


OPENING = {
    "kosmopolis": (
        2,
        "You must keep 2 cards (draft step 1 of 2).",
        "Waiting for Eva and Jan to choose cards to keep.",
    ),
    "space_dragons": (
        3,
        "Pick a crew card to keep (pick 1 of 8).",
        "Waiting for Eva, Jan and Bob to pick a crew card (pick 1 of 8).",
    ),
}
"""A game's seats, and its status line in English at the start (seed 1) for the first seat
and for a spectator."""


@pytest.mark.parametrize("game", sorted(OPENING))
def test_the_opening_status_line_tells_the_first_seat_and_a_spectator_what_comes(game):
    engine, table = GAMES[game].engine, GAMES[game].table
    seats, first, spectator = OPENING[game]
    state = engine.setup(seats, {}, 1)
    with translation.override("en"):
        assert table.status_text(engine.view(state, 0), 0, NAMES[:seats]) == first
        assert table.status_text(engine.view(state, None), None, NAMES[:seats]) == spectator
