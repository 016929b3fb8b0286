"""What a seat remembers of the round's draft, and the states drawn from its view (issue 35)."""

from __future__ import annotations

import random
from typing import Any

from games.kosmopolis import engine
from games.kosmopolis.components import MODIFIER_IDS

State = dict[str, Any]
SAMPLES = 30


def drafted(seats: int, seed: int = 4) -> State:
    """A new game whose first draft each seat plays by keeping the first two cards offered."""
    state = engine.setup(seats, {}, seed)
    while state["phase"] == "draft":
        for seat in sorted(engine.to_act(state)):
            engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[0])
    return state


def samples(state: State, seat: int) -> list[State]:
    shown = engine.view(state, seat)
    return [engine.sample_state(shown, seat, random.Random(k)) for k in range(SAMPLES)]


def test_a_seat_remembers_the_packets_it_got_and_what_it_kept() -> None:
    state = engine.setup(3, {}, 4)
    first = list(state["packets"][0])
    engine.apply_in_place(state, 0, {"type": "draft", "cards": first[:2]})
    assert engine.view(state, 0)["seen_packets"] == [{"step": 1, "packet": first, "kept": None}]
    for seat in (1, 2):
        engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[0])
    memory = engine.view(state, 0)["seen_packets"]
    assert memory[0] == {"step": 1, "packet": first, "kept": first[:2]}
    assert memory[1] == {"step": 2, "packet": state["packets"][0], "kept": None}


def test_the_memory_names_only_the_seats_own_packets() -> None:
    state = drafted(3)
    shown = engine.view(state, 1)
    remembered = {c for entry in shown["seen_packets"] for c in entry["packet"]}
    assert set(state["hands"][1]) <= remembered
    assert "seen_packets" not in engine.view(state, None)


def test_the_cards_passed_after_step_2_lie_in_the_next_hand() -> None:
    state = drafted(3)
    step2 = engine.view(state, 0)["seen_packets"][1]
    passed = [c for c in step2["packet"] if c not in step2["kept"]]
    assert passed
    for sample in samples(state, 0):
        assert set(passed) <= set(sample["hands"][1])


def test_the_first_packet_is_split_between_the_next_two_seats() -> None:
    state = drafted(3)
    step1 = engine.view(state, 0)["seen_packets"][0]
    passed = {c for c in step1["packet"] if c not in step1["kept"]}
    splits = set()
    for sample in samples(state, 0):
        assert len(passed & set(sample["hands"][1])) == 2
        assert len(passed & set(sample["hands"][2])) == len(passed) - 2
        assert not passed & set(sample["deck"])
        splits.add(frozenset(passed & set(sample["hands"][1])))
    assert len(splits) > 1


def test_with_two_seats_the_returned_cards_tell_what_the_other_kept() -> None:
    state = drafted(2)
    memory = engine.view(state, 0)["seen_packets"]
    kept_by_other = {c for c in memory[0]["packet"] if c not in memory[0]["kept"]}
    kept_by_other -= set(memory[2]["packet"])
    assert len(kept_by_other) == 2
    unknown = set()
    for sample in samples(state, 0):
        assert kept_by_other <= set(sample["hands"][1])
        unknown |= set(sample["hands"][1]) - kept_by_other
    assert len(unknown) > 4


def test_a_played_card_tells_who_held_it() -> None:
    state = drafted(3)
    step1 = engine.view(state, 0)["seen_packets"][0]
    passed = {c for c in step1["packet"] if c not in step1["kept"]}
    player = next(seat for seat in (1, 2) if passed & set(state["hands"][seat]))
    card = min(passed & set(state["hands"][player]))
    while state["current"] != player:
        seat = state["current"]
        engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[0])
    engine.apply_in_place(state, player, {"type": "play", "card": card, "to": "city"})
    assert engine.view(state, 0)["played_this_round"][player] == [card]
    held = len(passed & set(state["hands"][player]))
    for sample in samples(state, 0):
        assert len(passed & set(sample["hands"][player])) == held
        assert card not in sample["hands"][player]


def test_pending_draft_choices_are_drawn_from_the_packets() -> None:
    state = engine.setup(4, {}, 9)
    for seat in (1, 2, 3):
        engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[-1])
    for sample in samples(state, 0):
        assert sample["choices"][0] is None
        for seat in (1, 2, 3):
            assert set(sample["choices"][seat]) <= set(sample["packets"][seat])
            assert len(sample["choices"][seat]) == 2
    assert len({tuple(sample["choices"][2]) for sample in samples(state, 0)}) > 1


def test_unseen_modifiers_lie_where_the_seat_cannot_see() -> None:
    state = drafted(3)
    mine = None
    while mine is None:
        seat = state["current"]
        blue = [c for c in state["hands"][seat] if 36 <= c < 54]
        if blue and state["modifier_decks"][0]:
            engine.apply_in_place(
                state, seat, {"type": "play", "card": blue[0], "to": "kosmopolis"}
            )
            mine = (seat, state["pending_modifier"])
            engine.apply_in_place(state, seat, {"type": "place_modifier", "column": "green"})
        else:
            engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[0])
    placer, modifier = mine
    viewer = (placer + 1) % 3
    for sample in samples(state, viewer):
        assert sorted(sample["modifier_decks"][0] + [m["id"] for m in sample["modifiers"]]) == list(
            MODIFIER_IDS
        )
    assert len({s["modifiers"][0]["id"] for s in samples(state, viewer)}) > 1
    assert {s["modifiers"][0]["id"] for s in samples(state, placer)} == {modifier}


def test_the_last_rounds_bonus_colours_hold_in_a_sample() -> None:
    rng = random.Random(2)
    state = engine.setup(3, {}, 11)
    while state["round"] == 1 or state["phase"] != "draft":
        seat = rng.choice(sorted(engine.to_act(state)))
        engine.apply_in_place(state, seat, rng.choice(engine.legal_moves(state, seat)))
    bonuses = state["last_round"]["bonuses"]
    assert any(entry["seat"] != 0 for entry in bonuses)
    for sample in samples(state, 0):
        for seat in (1, 2):
            colours = sorted(e["color"] for e in bonuses if e["seat"] == seat)
            pile = sorted(engine.CARD_COLOR[c] for c in sample["bonus"][seat])
            assert all(pile.count(color) >= colours.count(color) for color in colours)


def test_a_state_stored_before_the_memory_still_plays_and_samples() -> None:
    state = drafted(3)
    del state["seen_packets"]
    del state["played_this_round"]
    shown = engine.view(state, 0)
    assert shown["seen_packets"] == []
    assert shown["played_this_round"] == [[], [], []]
    sample = engine.sample_state(shown, 0, random.Random(1))
    assert engine.view(sample, 0)["hand"] == shown["hand"]
    seat = state["current"]
    after, _events = engine.apply(state, seat, engine.legal_moves(state, seat)[0])
    assert "played_this_round" not in after
