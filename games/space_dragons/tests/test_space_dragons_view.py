"""Hidden information: a view shows nothing its seat may not know."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from games.space_dragons import engine
from games.space_dragons.tests.space_dragons_helpers import scrambled

PUBLIC_KEYS = {
    "phase",
    "seat",
    "num_seats",
    "options",
    "sides",
    "start_player",
    "start_reveal",
    "draw_pile_count",
    "lair_count",
    "current_dragon",
    "draft_round",
    "trick",
    "leader",
    "turn",
    "trick_plays",
    "last_trick",
    "players",
}
PLAYER_KEYS = {
    "seat",
    "hand_count",
    "display",
    "dragons",
    "shields",
    "damage",
    "pack_count",
    "drafted_count",
    "has_drafted",
}
CARD_KEYS = {"hand", "pack", "drafted", "display", "start_reveal", "card"}


def random_states(num_seats: int, seed: int, draft: bool) -> Iterator[dict[str, Any]]:
    """Every state of one random game, from setup to the end."""
    rng = random.Random(seed)
    state = engine.setup(num_seats, {"draft": draft, "crime_side": "random"}, seed)
    yield state
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
        yield state


def sampled_states() -> list[dict[str, Any]]:
    rng = random.Random(5)
    out = []
    for num_seats in (3, 4, 5):
        for draft in (True, False):
            for seed in range(4):
                states = list(random_states(num_seats, 100 * num_seats + seed, draft))
                out += [*rng.sample(states, 6), states[-1]]
    return out


STATES = sampled_states()


def cards_shown(value: Any, key: str | None = None) -> set[int]:
    """Every crew id that appears under a card-bearing key of a view."""
    found: set[int] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            found |= cards_shown(v, k)
    elif isinstance(value, list):
        for item in value:
            found |= cards_shown(item, key)
    elif type(value) is int and key in CARD_KEYS:
        found.add(value)
    return found


def hidden_from(state: dict[str, Any], seat: int | None) -> set[int]:
    hidden = set(state["draw_pile"])
    for s, player in enumerate(state["players"]):
        hidden |= set(player["shields"]) | set(player["damage"])
        if s != seat:
            hidden |= set(player["hand"]) | set(player["pack"]) | set(player["drafted"])
    return hidden


@pytest.mark.parametrize("index", range(len(STATES)))
def test_views_hide_what_the_seat_may_not_know(index: int) -> None:
    state = STATES[index]
    rng = random.Random(index)
    public_dragons = {state["current_dragon"]} | {d for p in state["players"] for d in p["dragons"]}
    for seat in [None, *range(state["num_seats"])]:
        shown = engine.view(state, seat)
        text = json.dumps(shown)
        assert not cards_shown(shown) & hidden_from(state, seat)
        assert set(re.findall(r"D\d\d", text)) <= public_dragons
        assert engine.view(scrambled(state, seat, rng), seat) == shown
        keys = set(shown) - PUBLIC_KEYS - {"result"}
        if seat is None:
            assert keys == set()
        elif state["phase"] == "draft":
            assert keys == {"hand", "pack", "drafted", "seen"}
        else:
            assert keys == {"hand", "seen"}
        assert all(set(p) == PLAYER_KEYS for p in shown["players"])
        assert ("result" in shown) is engine.is_over(state)


def test_own_cards_are_shown_to_their_owner() -> None:
    state = engine.setup(3, {}, 2)
    engine.apply_in_place(state, 1, engine.legal_moves(state, 1)[4])
    shown = engine.view(state, 1)
    assert shown["pack"] == sorted(state["players"][1]["pack"])
    assert shown["drafted"] == state["players"][1]["drafted"]
    assert shown["hand"] == []
    assert shown["players"][1]["has_drafted"] is True
    assert shown["players"][0]["has_drafted"] is False
    assert shown["players"][1]["drafted_count"] == 1


def test_the_spectator_sees_no_hand_at_all() -> None:
    state = engine.setup(4, {"draft": False}, 2)
    shown = engine.view(state, None)
    assert "hand" not in shown
    assert "pack" not in shown
    assert "drafted" not in shown
    assert shown["players"][0]["hand_count"] == 9
    assert shown["players"][0]["pack_count"] is None


def test_unplayed_cards_stay_hidden_after_the_game() -> None:
    final = STATES[-1]
    assert engine.is_over(final)
    for seat in range(final["num_seats"]):
        for other in range(final["num_seats"]):
            shown = cards_shown(engine.view(final, seat))
            mine = set(final["players"][other]["hand"])
            assert (mine <= shown) if other == seat else not (mine & shown)


def test_a_draft_event_names_the_card_only_to_its_drafter() -> None:
    state = engine.setup(3, {}, 2)
    card = state["players"][0]["pack"][0]
    events = engine.apply_in_place(state, 0, {"type": "draft", "card": card})
    public = [e for e in events if "visible_to" not in e]
    private = [e for e in events if "visible_to" in e]
    assert public == [{"type": "drafted", "seat": 0}]
    assert private == [{"type": "drafted_card", "seat": 0, "card": card, "visible_to": [0]}]


def test_the_automatic_last_pick_is_private() -> None:
    state = engine.setup(3, {}, 2)
    events: list[dict[str, Any]] = []
    while state["phase"] == "draft":
        for seat in sorted(engine.to_act(state)):
            events = engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[0])
    passed = events.index({"type": "packs_passed", "round": 8})
    auto = [e for e in events[passed:] if e["type"] == "drafted_card"]
    assert [(e["seat"], e["visible_to"]) for e in auto] == [(0, [0]), (1, [1]), (2, [2])]
    assert all("card" not in e for e in events if "visible_to" not in e)
    assert events[-1] == {"type": "draft_complete"}


@pytest.mark.parametrize("seat", [3, -1, True, "0"])
def test_a_view_for_no_such_seat_is_refused(seat: Any) -> None:
    with pytest.raises(ValueError, match="seat"):
        engine.view(engine.setup(3, {}, 2), seat)
