"""Hidden information: a view shows its seat nothing the rules keep from it (section 7)."""

from __future__ import annotations

import json
import random

import pytest

from games.space_bastards import engine
from games.space_bastards.tests.space_bastards_helpers import (
    disguise,
    play,
    put,
    resolve,
    sample_states,
    table,
)


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_views_do_not_change_when_hidden_information_is_scrambled(seats):
    rng = random.Random(seats)
    phases = set()
    for state in sample_states(seats, range(12)):
        phases.add(state["phase"])
        for seat in [None, *range(seats)]:
            twin = disguise(state, seat, rng)
            assert engine.view(twin, seat) == engine.view(state, seat)
    assert {"colonise_pick", "plan", "action", "change", "ships", "over"} <= phases


def test_scrambling_is_visible_to_the_owner():
    """The check above is meaningful: a seat does see its own plan change."""
    state = table(3)
    play(state, 1, {"type": "plan", "cards": ["love", "trade"]})
    twin = disguise(state, 0, random.Random(0))
    assert engine.view(twin, 1)["my_plan"] != engine.view(state, 1)["my_plan"]


def test_planned_cards_stay_hidden_until_everyone_planned():
    state = table(3)
    play(state, 0, {"type": "plan", "cards": ["shooting", "eating"]})
    play(state, 1, {"type": "plan", "cards": ["love"]})
    for seat in (None, 1, 2):
        shown = engine.view(state, seat)
        assert shown["planned"] == [True, True, False]
        assert "shooting" not in json.dumps(shown.get("my_plan"))
        assert shown["hands"][0] == list(engine.ACTION_CARDS)
        assert shown["money"][0] == 5
        assert shown["revealed"] is None
    assert engine.view(state, 0)["my_plan"]["cards"] == ["shooting", "eating"]
    play(state, 2, {"type": "plan", "cards": ["trade"]})
    assert engine.view(state, 2)["revealed"] == [["shooting", "eating"], ["love"], ["trade"]]


def test_answers_and_standing_preferences_stay_private():
    state = table(3, column={"diplomacy": ("toad", "slug")})
    put(state, "P2", "0:toad:0")
    put(state, "P2", "1:slug:0")
    put(state, "P2", "2:slug:0")
    state["prefs"][2]["diplomacy"] = {"default": "ask", "seats": {"0": "ask", "1": "refuse"}}
    resolve(state, [["diplomacy", 0]])
    play(state, 0, {"type": "diplomacy", "decline": []})
    play(state, 1, {"type": "respond", "accept": False})
    for seat in (None, 0, 2):
        text = json.dumps(engine.view(state, seat))
        assert '"my_answer": false' not in text
    assert engine.view(state, 1)["my_answer"] is False
    assert engine.view(state, 0)["prefs"]["diplomacy"]["seats"] == {}
    assert '"1": "refuse"' not in json.dumps(engine.view(state, 0))
    assert '"1": "refuse"' in json.dumps(engine.view(state, 2))


def test_views_never_carry_the_race_deck_or_future_neutral_races():
    state = engine.setup(2, {}, 8)
    for seat in (None, 0, 1):
        shown = engine.view(state, seat)
        assert shown["relationships"] is None
        text = json.dumps(shown)
        assert "race_deck" not in text
        assert "neutral_races" not in text
        assert "toad-1" not in text
