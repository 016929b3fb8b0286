"""What a seat remembers of today's draft and of the discards, and the states drawn from its
view (issue 35)."""

from __future__ import annotations

import random
from typing import Any

from games.isle_of_cats import engine
from games.isle_of_cats.components import CARDS, CAT_IDS, RARE_IDS
from games.isle_of_cats.tests.isle_of_cats_helpers import rescue_table

State = dict[str, Any]
SAMPLES = 20


def draft_round(state: State, seats: list[int] | None = None) -> State:
    """The given seats (all by default) pick the first two cards of their draft hands."""
    for seat in range(state["seats"]) if seats is None else seats:
        engine.apply_in_place(
            state, seat, {"type": "draft", "cards": state["players"][seat]["draft"][:2]}
        )
    return state


def samples(state: State, seat: int) -> list[State]:
    shown = engine.view(state, seat)
    return [engine.sample_state(shown, seat, random.Random(k)) for k in range(SAMPLES)]


def test_a_seat_remembers_its_draft_hands_and_what_it_took() -> None:
    state = engine.setup(2, {}, 4)
    dealt = list(state["players"][0]["draft"])
    draft_round(state)
    seen = engine.view(state, 0)["draft_seen"]
    assert seen[0] == {"cards": sorted(dealt), "took": sorted(dealt[:2])}
    assert seen[1] == {"cards": sorted(state["players"][0]["draft"]), "took": None}
    assert "draft_seen" not in engine.view(state, None)


def test_the_cards_passed_on_lie_in_the_next_draft_hand() -> None:
    state = draft_round(engine.setup(2, {}, 4))
    first = engine.view(state, 0)["draft_seen"][0]
    passed = set(first["cards"]) - set(first["took"])
    for sample in samples(state, 0):
        assert set(sample["players"][1]["draft"]) == passed
    engine.apply_in_place(state, 1, {"type": "draft", "cards": state["players"][1]["draft"][:2]})
    for sample in samples(state, 0):
        assert len(passed & set(sample["players"][1]["picks"])) == 2
        assert len(passed & set(sample["players"][1]["draft"])) == 3


def test_three_seats_share_the_passed_cards_as_the_draft_goes() -> None:
    state = draft_round(draft_round(engine.setup(3, {}, 4)))
    first = engine.view(state, 0)["draft_seen"][0]
    passed = set(first["cards"]) - set(first["took"])
    splits = set()
    for sample in samples(state, 0):
        picks = passed & set(sample["players"][1]["picks"])
        assert len(picks) == 2
        assert set(sample["players"][2]["draft"]) == passed - picks
        splits.add(frozenset(picks))
    assert len(splits) > 1


def test_the_cards_a_seat_did_not_buy_are_known_in_the_discard_pile() -> None:
    state = engine.setup(2, {}, 4)
    for _ in range(3):
        draft_round(state)
    picks = list(state["players"][0]["picks"])
    engine.apply_in_place(state, 0, {"type": "buy", "cards": [], "finish": True})
    assert sorted(engine.view(state, 0)["discards_seen"]) == sorted(picks)
    assert engine.view(state, 1)["discards_seen"] == []
    for sample in samples(state, 0):
        assert set(picks) <= set(sample["discard"])
        assert len(sample["discard"]) == len(state["discard"])


def test_tiles_gone_from_the_game_never_lie_in_the_bag() -> None:
    state = rescue_table(2, left=["cat-01"], hand=[])
    gone = [next(t for t in state["bag"] if t.startswith(kind)) for kind in ("cat", "rare")]
    state["gone"] += gone
    state["bag"] = [t for t in state["bag"] if t not in gone]
    assert set(gone) <= set(engine.view(state, 1)["gone"])
    bags = set()
    for sample in samples(state, 0):
        assert sorted(sample["bag"]) == sorted(state["bag"])
        assert set(sample["bag"]) <= set(CAT_IDS) | set(RARE_IDS)
        bags.add(tuple(sample["bag"]))
    assert len(bags) > 1


def test_other_seats_personal_lessons_are_personal_lessons() -> None:
    state = rescue_table(2, left=["cat-01"], hand=[])
    state["players"][1]["lessons"] = ["119", "120", "131"]
    for card in ("119", "120", "131"):
        state["deck"].remove(card)
    for sample in samples(state, 0):
        lessons = sample["players"][1]["lessons"]
        assert len(lessons) == 3
        assert all(
            CARDS[c]["kind"] == "lesson" and CARDS[c]["scope"] == "personal" for c in lessons
        )


def test_a_look_under_way_keeps_its_card_and_count() -> None:
    state = rescue_table(2, hand=["071"], left=["cat-01"])
    engine.apply_in_place(state, 0, {"type": "play", "card": "071"})
    row = engine.view(state, 1)["players"][0]
    assert (row["look_card"], row["look_count"]) == ("071", 3)
    for sample in samples(state, 1):
        look = sample["players"][0]["look"]
        assert look["card"] == "071"
        assert len(look["cards"]) == 3


def test_the_sisters_turned_cards_never_go_back_to_her_deck() -> None:
    rng = random.Random(1)
    state = engine.setup(1, {}, 6)
    while state["day"] < 3:
        engine.apply_in_place(state, 0, rng.choice(engine.legal_moves(state, 0)))
    used = engine.view(state, 0)["sister"]["used"]
    assert used == state["sister"]["used"]
    decks = set()
    for sample in samples(state, 0):
        assert not set(used) & set(sample["sister"]["deck"] + sample["sister"]["today"])
        decks.add(tuple(sample["sister"]["deck"]))
    assert len(decks) > 1


def test_a_state_stored_before_the_memory_still_plays_and_samples() -> None:
    state = draft_round(engine.setup(2, {}, 4))
    for player in state["players"]:
        del player["draft_seen"]
        del player["discards_seen"]
    shown = engine.view(state, 0)
    assert shown["draft_seen"] == []
    assert shown["discards_seen"] == []
    assert engine.view(engine.sample_state(shown, 0, random.Random(2)), 0) == shown
    draft_round(state)
    assert engine.view(state, 0)["draft_seen"] == []
