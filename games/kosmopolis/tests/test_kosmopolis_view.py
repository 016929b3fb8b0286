"""Hidden information: a view shows its seat nothing the rules keep from it (section 7)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.kosmopolis import engine
from games.kosmopolis.tests.kosmopolis_helpers import (
    disguise,
    sample_states,
    table,
)

PRIVATE_KEYS = {
    "hand",
    "packet",
    "kept",
    "draft_choice",
    "save_choice",
    "modifier_to_place",
    "bonus",
}


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_views_do_not_change_when_hidden_cards_are_scrambled(seats):
    rng = random.Random(seats)
    phases = set()
    for state in sample_states(seats, range(40)):
        phases.add(state["phase"])
        for seat in [None, *range(seats)]:
            twin = disguise(state, seat, rng)
            assert engine.view(twin, seat) == engine.view(state, seat)
    assert phases == {"draft", "play", "tokens", "over"}


def test_scrambling_is_visible_to_the_owner():
    """The scrambling check above is meaningful: the owner does see its own cards change."""
    state = engine.setup(3, {}, 2)
    twin = disguise(state, 0, random.Random(0))
    assert engine.view(twin, 1)["packet"] != engine.view(state, 1)["packet"]


@pytest.mark.parametrize("seats", [2, 4])
def test_views_never_carry_deck_order_or_rng(seats):
    for state in sample_states(seats, range(10)):
        for seat in [None, *range(seats)]:
            shown = engine.view(state, seat)
            assert "deck" not in shown
            assert "modifier_decks" not in shown
            text = json.dumps(shown)
            assert json.dumps(state["deck"]) not in text or len(state["deck"]) < 2
            assert "rng" not in text


def test_spectator_sees_no_hand_at_all():
    for state in sample_states(3, range(5)):
        shown = engine.view(state, None)
        assert not PRIVATE_KEYS & set(shown)
        assert shown["hand_sizes"] == [len(h) for h in state["hands"]]


def test_seat_sees_its_own_hand_and_counts_of_the_others():
    state = table(3, hands=[[1, 2], [3], [4, 5, 6]])
    shown = engine.view(state, 2)
    assert shown["hand"] == [4, 5, 6]
    assert shown["hand_sizes"] == [2, 1, 3]
    assert 3 not in shown["hand"]


def test_own_bonus_pile_is_private_until_the_game_ends():
    state = table(2)
    state["bonus"] = [[33], [34]]
    assert engine.view(state, 0)["bonus"] == [33]
    assert "bonus_piles" not in engine.view(state, 0)
    assert engine.view(state, None)["bonus_sizes"] == [1, 1]
    state["phase"] = "over"
    assert engine.view(state, None)["bonus_piles"] == [[33], [34]]


def test_placed_modifiers_are_revealed_at_round_end():
    state = table(
        2,
        kosmopolis={"yellow": [18]},
        cities=[{"yellow": [21]}],
        tokens=[4, 0],
        modifiers=[{"id": 74, "column": "yellow", "seat": 1}],
    )
    assert engine.view(state, 0)["modifiers"] == [{"column": "yellow", "seat": 1}]
    assert engine.view(state, 1)["modifiers"][0]["id"] == 74
    state["hands"][1] = [1]
    state["trigger"] = 0
    state["final_turns"] = [1]
    state["current"] = 1
    engine.apply_in_place(state, 1, {"type": "play", "card": 1, "to": "kosmopolis"})
    assert state["phase"] == "tokens"
    shown = engine.view(state, 0)
    assert shown["modifiers"] == [{"column": "yellow", "seat": 1, "id": 74, "value": -3}]
    assert shown["limits"]["yellow"] == -1
    assert shown["excess"] == [{"yellow": 4}, {}]


def _public_ids(shown: dict[str, Any]) -> set[int]:
    ids = {c for cards in shown["kosmopolis"].values() for c in cards}
    ids |= {c for city in shown["cities"] for cards in city.values() for c in cards}
    ids |= set(shown["removed"])
    ids |= {m["id"] for m in shown["modifiers"] if "id" in m}
    summary = shown["last_round"]
    if summary:
        ids |= {m["id"] for m in summary["modifiers"]}
        ids |= {c for entry in summary["discarded"] for c in entry["cards"]}
    return ids


def _named_ids(event: dict[str, Any]) -> set[int]:
    ids = set()
    for key in ("card", "modifier", "id"):
        if type(event.get(key)) is int:
            ids.add(event[key])
    if isinstance(event.get("cards"), list):
        ids |= set(event["cards"])
    for entry in event.get("modifiers", []):
        ids.add(entry["id"])
    for entry in event.get("discarded", []):
        ids |= set(entry["cards"])
    return ids


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_public_events_name_only_public_cards(seats):
    private_types = set()
    for seed in range(30):
        rng = random.Random(seed)
        state = engine.setup(seats, {}, seed)
        while not engine.is_over(state):
            seat = rng.choice(sorted(engine.to_act(state)))
            before = _public_ids(engine.view(state, None))
            state, events = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
            after = _public_ids(engine.view(state, None))
            after |= {e["card"] for e in events if e["type"] == "played"}
            for event in events:
                if "visible_to" in event:
                    assert len(event["visible_to"]) == 1
                    private_types.add(event["type"])
                else:
                    assert _named_ids(event) <= before | after, event
    assert {"packet", "hand", "kept_cards", "drew_card", "modifier_seen"} <= private_types
