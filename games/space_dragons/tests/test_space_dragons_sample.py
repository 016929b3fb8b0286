"""What a seat remembers of the packs and hands it was handed, and the states drawn from its
view (issue 35)."""

from __future__ import annotations

import random
from typing import Any

from games.space_dragons import engine

State = dict[str, Any]
SAMPLES = 30


def draft_rounds(state: State, rounds: int) -> State:
    """Play `rounds` draft rounds, every seat taking the lowest card of its pack."""
    for _ in range(rounds):
        for seat in range(state["num_seats"]):
            engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[0])
    return state


def samples(state: State, seat: int) -> list[State]:
    shown = engine.view(state, seat)
    return [engine.sample_state(shown, seat, random.Random(k)) for k in range(SAMPLES)]


def test_a_seat_remembers_each_pack_and_the_card_it_took() -> None:
    state = engine.setup(3, {}, 5)
    dealt = sorted(state["players"][0]["pack"])
    draft_rounds(state, 1)
    seen = engine.view(state, 0)["seen"]
    assert seen[0] == {"cards": dealt, "took": dealt[0]}
    assert seen[1] == {"cards": sorted(state["players"][0]["pack"]), "took": None}
    assert "seen" not in engine.view(state, None)


def test_a_pack_passed_on_lies_with_the_seats_it_reached() -> None:
    """Seat 0's first pack, less its pick, went to seat 1, which took one card and passed the
    rest to seat 2."""
    state = draft_rounds(engine.setup(3, {}, 5), 2)
    first = engine.view(state, 0)["seen"][0]
    passed = set(first["cards"]) - {first["took"]}
    taken = set()
    for sample in samples(state, 0):
        assert set(sample["players"][2]["pack"]) < passed
        assert len(passed & set(sample["players"][1]["drafted"])) == 1
        taken |= passed & set(sample["players"][1]["drafted"])
    assert len(taken) > 1


def test_the_cards_missing_when_a_pack_comes_back_were_taken_in_between() -> None:
    state = draft_rounds(engine.setup(3, {}, 5), 3)
    seen = engine.view(state, 0)["seen"]
    missing = set(seen[0]["cards"]) - {seen[0]["took"]} - set(seen[3]["cards"])
    assert len(missing) == 2
    for sample in samples(state, 0):
        assert len(missing & set(sample["players"][1]["drafted"])) == 1
        assert len(missing & set(sample["players"][2]["drafted"])) == 1


def test_a_played_card_tells_which_seat_took_it() -> None:
    state = draft_rounds(engine.setup(3, {}, 5), 8)
    seen = engine.view(state, 0)["seen"]
    missing = set(seen[0]["cards"]) - {seen[0]["took"]} - set(seen[3]["cards"])
    holder = next(s for s in (1, 2) if missing & set(state["players"][s]["hand"]))
    card = (missing & set(state["players"][holder]["hand"])).pop()
    while state["turn"] != holder:
        seat = state["turn"]
        engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[0])
    engine.apply_in_place(state, holder, {"type": "play", "card": card})
    other = 3 - holder
    (rest,) = missing - {card}
    for sample in samples(state, 0):
        assert rest in sample["players"][other]["hand"]


def test_in_the_variant_a_hand_once_held_is_known_where_it_went() -> None:
    state = engine.setup(4, {"draft": False}, 8)
    held = set(state["players"][0]["hand"])
    for _ in range(4):
        seat = state["turn"]
        engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[0])
    assert state["trick"] == 2
    expected = held - set(state["players"][0]["display"])
    assert set(state["players"][1]["hand"]) == expected
    others = set()
    for sample in samples(state, 0):
        assert set(sample["players"][1]["hand"]) == expected
        others.add(tuple(sample["players"][2]["hand"]))
    assert len(others) > 1


def test_nobody_knows_the_cards_under_the_ships() -> None:
    state = engine.setup(3, {"draft": False}, 2)
    while not state["players"][0]["shields"]:
        seat = state["turn"]
        engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[-1])
    shields = {tuple(sample["players"][0]["shields"]) for sample in samples(state, 0)}
    assert len(shields) > 1


def test_a_state_stored_before_the_memory_still_plays_and_samples() -> None:
    state = draft_rounds(engine.setup(3, {}, 5), 2)
    for player in state["players"]:
        del player["seen"]
    shown = engine.view(state, 0)
    assert shown["seen"] == []
    sample = engine.sample_state(shown, 0, random.Random(3))
    assert engine.view(sample, 0) == shown
    draft_rounds(state, 1)
    assert engine.view(state, 0)["seen"] == []
