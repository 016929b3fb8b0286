"""The states drawn from one seat's view (issue 35): the other seats' pending picks, plans,
answers and standing preferences, the race deck and the neutral races still to come."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

from games.space_bastards import engine
from games.space_bastards.components import NEUTRAL_DRAW, RACE_CARDS, RACES

State = dict[str, Any]
SAMPLES = 20


def positions(seats: int, wanted: Callable[[State], bool], games: int = 30) -> Iterator[State]:
    """The positions of seeded random games that `wanted` picks."""
    for seed in range(games):
        rng = random.Random(seed)
        state = engine.setup(seats, {}, seed)
        while not engine.is_over(state):
            if wanted(state):
                yield state
            seat = rng.choice(sorted(engine.to_act(state)))
            state, _events = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))


def samples(state: State, seat: int) -> list[State]:
    shown = engine.view(state, seat)
    return [engine.sample_state(shown, seat, random.Random(k)) for k in range(SAMPLES)]


def test_the_race_deck_and_the_neutral_races_are_shuffled_anew() -> None:
    state = engine.setup(2, {}, 3)
    engine.apply_in_place(state, state["start"], {"type": "choose_planet", "planet": "P2"})
    placed = {token.split(":")[1] for token in state["board"]["P2"]}
    decks, neutrals = set(), set()
    for sample in samples(state, 0):
        assert sorted(sample["race_deck"]) == sorted(RACE_CARDS)
        assert sorted(sample["neutral_races"]) == sorted(set(NEUTRAL_DRAW) - placed)
        decks.add(tuple(sample["race_deck"]))
        neutrals.add(tuple(sample["neutral_races"]))
    assert len(decks) > 1
    assert len(neutrals) > 1


def test_a_hidden_pick_is_a_race_left_in_the_picking_hand() -> None:
    state = engine.setup(3, {}, 3)
    engine.apply_in_place(state, state["start"], {"type": "choose_planet", "planet": "P2"})
    engine.apply_in_place(state, 1, {"type": "pick", "race": "spud"})
    picks = set()
    for sample in samples(state, 0):
        assert sample["colonise"]["picks"][0] is None
        assert sample["colonise"]["picks"][1] in RACES
        picks.add(sample["colonise"]["picks"][1])
    assert len(picks) > 1
    assert {s["colonise"]["picks"][1] for s in samples(state, 1)} == {"spud"}


def test_hidden_plans_are_plans_the_seat_could_make() -> None:
    planned = positions(3, lambda s: s["phase"] == "plan" and None not in s["plans"][1:])
    states = list(islice(planned, 3))
    assert states
    for state in states:
        plans = set()
        for sample in samples(state, 0):
            assert sample["plans"][0] == state["plans"][0]
            for seat in (1, 2):
                cards = sample["plans"][seat]["cards"]
                assert set(cards) <= set(state["hands"][seat])
                assert len(cards) == 1 or state["money"][seat] >= 2
            plans.add(tuple(sample["plans"][1]["cards"]))
        assert len(plans) > 1


def test_answers_and_preferences_fit_who_was_asked_and_who_was_declined() -> None:
    checked = 0
    for state in positions(3, lambda s: s["phase"] == "respond", games=40):
        respond = state["respond"]
        actor, card = respond["actor"], respond["card"]
        for seat in range(3):
            for sample in samples(state, seat):
                drawn = sample["respond"]
                assert drawn["prompted"] == respond["prompted"]
                assert drawn["declined"] == respond["declined"]
                assert not set(drawn["partners"]) & set(respond["declined"])
                for other in range(3):
                    answered = respond["answers"][other] is not None
                    assert (drawn["answers"][other] is not None) == answered
                    if other == actor:
                        continue
                    prefs = sample["prefs"][other][card]
                    wish = prefs["seats"].get(str(actor), prefs["default"])
                    if other in respond["prompted"]:
                        assert wish == "ask"
                    elif str(other) not in respond["declined"]:
                        assert (str(other) in drawn["partners"]) == (wish == "accept")
            checked += 1
    assert checked


def test_a_stored_respond_without_the_declined_colours_still_shows_and_samples() -> None:
    state = next(positions(3, lambda s: s["phase"] == "respond", games=40))
    del state["respond"]["declined"]
    shown = engine.view(state, 0)
    assert shown["respond"]["declined"] == []
    assert engine.view(engine.sample_state(shown, 0, random.Random(1)), 0) == shown
