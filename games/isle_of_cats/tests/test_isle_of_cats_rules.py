"""One test per rule of the spec: setup, the day's phases, placement, baskets, cards, the sister."""

from __future__ import annotations

import random

import pytest

from games.isle_of_cats import engine
from games.isle_of_cats.components import CARDS, CAT_IDS, NEIGHBOURS, PLACEMENTS, RARE_IDS, WIDTH
from games.isle_of_cats.tests.isle_of_cats_helpers import (
    put,
    rescue_table,
    sample_states,
    select_table,
)
from games.rules import IllegalMove

# --- setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "options"),
    [
        (0, {}),
        (5, {}),
        (2, {"solo_hard_lessons": 1}),
        (1, {"solo_hard_lessons": 5}),
        (1, {"solo_hard_lessons": True}),
        (2, {"lesson_sets": ["D"]}),
        (2, {"lesson_sets": ["A", "A"]}),
        (2, {"lesson_sets": "ABC"}),
        (2, {"lesson_sets": [["A"]]}),
        (2, {"family": True}),
    ],
)
def test_invalid_options_raise(seats, options):
    with pytest.raises(ValueError):  # noqa: PT011 - any ValueError message will do
        engine.setup(seats, options, 1)


def test_setup_follows_the_seeded_order_of_section_4():
    seed = 99
    state = engine.setup(3, {}, seed)
    rng = random.Random(seed)
    boats = ["boat-1", "boat-2", "boat-3", "boat-4"]
    rng.shuffle(boats)
    first = rng.randrange(3)
    bag = list(CAT_IDS) + list(RARE_IDS)
    rng.shuffle(bag)
    deck = sorted(CARDS)
    rng.shuffle(deck)
    assert state["boats"] == boats[:3]
    assert state["turn_order"] == [first, (first + 1) % 3, (first + 2) % 3]
    drawn = [t for t in bag if t not in state["bag"]]
    assert bag[len(drawn) :] == state["bag"]
    cats = [t for t in drawn if t.startswith("cat")]
    assert state["zones"] == {"left": cats[:6], "right": cats[6:]}
    assert sorted(t for pile in state["rares"] for t in pile) == sorted(
        t for t in drawn if t.startswith("rare")
    )
    assert [p["draft"] for p in state["players"]] == [deck[0:7], deck[7:14], deck[14:21]]
    assert state["deck"] == deck[21:]
    assert all(p["fish"] == 20 and p["baskets"] == 1 for p in state["players"])
    assert state["phase"] == "draft"


def test_stack_overrides_do_not_shift_later_steps():
    plain = engine.setup(2, {}, 5)
    stacked = engine.setup(2, {}, 5, {"boats": ["boat-4", "boat-3"], "turn_order": [1, 0]})
    assert stacked["boats"] == ["boat-4", "boat-3"]
    assert stacked["turn_order"] == [1, 0]
    assert stacked["zones"] == plain["zones"]
    assert [p["draft"] for p in stacked["players"]] == [p["draft"] for p in plain["players"]]


def test_prefix_stacks_put_the_listed_ids_first():
    stack = {"bag": ["cat-17", "rare-03", "cat-40"], "deck": ["071", "013"]}
    state = engine.setup(2, {}, 5, stack)
    assert state["zones"]["left"][:2] == ["cat-17", "cat-40"]
    assert state["rares"][0] == ["rare-03"]
    assert state["players"][0]["draft"][:2] == ["071", "013"]


def test_the_spec_solo_stack_example():
    stack = {
        "turn_order": ["sister", 0],
        "bag": ["cat-17", "rare-03", "cat-40"],
        "deck": ["071", "013"],
        "colour_cards": [
            "colour-red",
            "colour-blue",
            "colour-purple",
            "colour-green",
            "colour-orange",
        ],
        "solo_lessons": ["solo-basic-02", "solo-basic-04", "solo-basic-08"],
        "solo_hard": ["solo-hard-09"],
        "sister_deck": ["sister-10", "sister-15", "sister-13"],
    }
    state = engine.setup(1, {"solo_hard_lessons": 1}, 8, stack)
    sister = state["sister"]
    assert state["turn_order"] == ["sister", 0]
    assert sister["deck"][:3] == ["sister-10", "sister-15", "sister-13"]
    assert sister["lessons"] == ["solo-basic-02", "solo-basic-04", "solo-basic-08", "solo-hard-09"]
    assert engine.view(state, 0)["sister"]["colour_cards"] == ["colour-red"]
    assert state["players"][0]["draft"][:2] == ["071", "013"]
    assert len(state["zones"]["left"]) == 4


@pytest.mark.parametrize(
    "stack",
    [
        {"deck": ["071", "071"]},
        {"deck": ["999"]},
        {"bag": ["cat-99"]},
        {"boats": ["boat-1"]},
        {"turn_order": [0, 0]},
        {"colour_cards": ["colour-red"]},
        {"hand": []},
    ],
)
def test_bad_stacks_raise(stack):
    with pytest.raises(ValueError):  # noqa: PT011
        engine.setup(2, {}, 1, stack)


def test_left_out_lesson_sets_leave_the_deck():
    state = engine.setup(2, {"lesson_sets": ["C"]}, 3)
    cards = set(state["deck"]) | {c for p in state["players"] for c in p["draft"]}
    assert not any("127" <= c <= "142" for c in cards)
    assert {"143", "150", "113"} <= cards
    assert len(cards) == 150 - 16


@pytest.mark.parametrize(("seats", "per_shape"), [(1, 5), (2, 5), (3, 8), (4, 11)])
def test_common_supply_depends_on_seats(seats, per_shape):
    state = engine.setup(seats, {}, 3)
    assert {shape: len(ids) for shape, ids in state["commons"].items()} == {
        "mono": per_shape,
        "domino": per_shape,
        "line3": per_shape,
        "corner3": per_shape,
    }
    assert state["commons"]["domino"][0] == "common-12"


@pytest.mark.parametrize(("seats", "quota"), [(1, 4), (2, 4), (3, 6), (4, 8)])
def test_refill_quota_per_zone(seats, quota):
    state = engine.setup(seats, {}, 4)
    assert len(state["zones"]["left"]) == quota
    assert len(state["zones"]["right"]) == quota


def test_solo_setup_has_the_sister_rows():
    state = engine.setup(1, {"solo_hard_lessons": 4}, 4)
    sister = state["sister"]
    assert sorted(state["oshax"]) == [f"oshax-{n}" for n in range(1, 7)]
    assert len(sister["lessons"]) == 7
    assert sum(1 for card in sister["lessons"] if "hard" in card) == 4
    assert sister["revealed"] == 1
    assert len(state["players"][0]["draft"]) == 5


# --- draft and buy ----------------------------------------------------------------------------


def _draft_all(state):
    while state["phase"] == "draft":
        for seat in sorted(engine.to_act(state)):
            need = 3 if state["solo"] else 2
            cards = state["players"][seat]["draft"][:need]
            engine.apply_in_place(state, seat, {"type": "draft", "cards": cards})


@pytest.mark.parametrize(("day", "step"), [(1, 1), (2, -1)])
def test_draft_hands_pass_left_on_odd_days_and_right_on_even(day, step):
    state = engine.setup(3, {}, 6)
    state["day"] = day
    hands = [list(p["draft"]) for p in state["players"]]
    for seat in range(3):
        engine.apply_in_place(state, seat, {"type": "draft", "cards": hands[seat][:2]})
    for seat in range(3):
        assert state["players"][(seat + step) % 3]["draft"] == hands[seat][2:]


def test_the_last_draft_card_is_kept_automatically():
    state = engine.setup(2, {}, 6)
    _draft_all(state)
    assert state["phase"] == "buy"
    assert all(len(p["picks"]) == 7 for p in state["players"])
    assert all(p["draft"] == [] for p in state["players"])


def test_solo_draft_keeps_three_of_five_twice_then_one():
    state = engine.setup(1, {}, 6)
    first = list(state["players"][0]["draft"])
    with pytest.raises(IllegalMove, match="exactly 3"):
        engine.apply_in_place(state, 0, {"type": "draft", "cards": first[:2]})
    engine.apply_in_place(state, 0, {"type": "draft", "cards": first[:3]})
    assert set(first[3:]) <= set(state["discard"])
    second = list(state["players"][0]["draft"])
    assert len(second) == 5
    engine.apply_in_place(state, 0, {"type": "draft", "cards": second[1:4]})
    player = state["players"][0]
    assert state["phase"] == "buy"
    assert player["picks"][:6] == first[:3] + second[1:4]
    assert len(player["picks"]) == 7


def test_buying_pays_and_discards_the_rest():
    state = engine.setup(2, {}, 6)
    _draft_all(state)
    picks = list(state["players"][0]["picks"])
    cheap = [c for c in picks if CARDS[c]["cost"] <= 2][:2]
    cost = sum(CARDS[c]["cost"] for c in cheap)
    engine.apply_in_place(state, 0, {"type": "buy", "cards": cheap, "finish": False})
    assert state["players"][0]["fish"] == 20 - cost
    assert set(picks) - set(cheap) <= set(state["discard"])
    with pytest.raises(IllegalMove, match="already bought"):
        engine.apply_in_place(state, 0, {"type": "buy", "cards": []})
    engine.apply_in_place(state, 0, {"type": "done"})
    assert engine.to_act(state) == {1}


def test_buying_more_than_your_fish_is_refused():
    state = engine.setup(2, {}, 6)
    _draft_all(state)
    state["players"][0]["picks"] = ["107", "108", "109", "110", "111", "112"]
    with pytest.raises(IllegalMove, match="enough fish"):
        engine.apply_in_place(
            state, 0, {"type": "buy", "cards": ["107", "108", "109", "110", "111", "112"]}
        )


def test_post_buy_window_allows_only_today_t_and_b_cards():
    state = engine.setup(2, {}, 6)
    _draft_all(state)
    player = state["players"][0]
    player["aside"] = ["082"]
    player["picks"] = ["081", "061", "075", "013", "114", "092", "001"]
    engine.apply_in_place(state, 0, {"type": "buy", "cards": ["081", "061"], "finish": False})
    assert engine.to_act(state) == {0, 1}
    with pytest.raises(IllegalMove, match="cannot play"):
        engine.apply_in_place(state, 0, {"type": "play", "card": "061"})
    with pytest.raises(IllegalMove, match="not in your hand"):
        engine.apply_in_place(state, 0, {"type": "play", "card": "082"})
    fish = player["fish"]
    engine.apply_in_place(state, 0, {"type": "play", "card": "081"})
    assert player["fish"] == fish + 4
    engine.apply_in_place(state, 0, {"type": "done"})
    assert engine.to_act(state) == {1}
    engine.apply_in_place(state, 1, {"type": "buy", "cards": []})
    assert player["hand"] == ["082", "061"]
    assert state["phase"] == "rescue_select"


def test_done_needs_a_purchase_first():
    state = engine.setup(2, {}, 6)
    _draft_all(state)
    with pytest.raises(IllegalMove, match="Buy"):
        engine.apply_in_place(state, 0, {"type": "done"})


# --- lessons ----------------------------------------------------------------------------------


def _buy_lessons(state, hands):
    _draft_all(state)
    for seat, cards in enumerate(hands):
        state["players"][seat]["aside"] = ["013"]
        state["players"][seat]["picks"] = list(cards)
        engine.apply_in_place(state, seat, {"type": "buy", "cards": list(cards)})


def test_lessons_are_played_at_once_personal_hidden_public_shown():
    state = engine.setup(2, {}, 6)
    _buy_lessons(state, [["113", "148"], ["145"]])
    assert state["players"][0]["lessons"] == ["113"]
    assert state["public_lessons"] == [
        {"card": "148", "owner": 0, "colour": None},
        {"card": "145", "owner": 1, "colour": None},
    ]
    assert state["phase"] == "rescue_select"
    assert engine.view(state, 1)["players"][0]["lesson_count"] == 1
    assert "lessons" not in engine.view(state, 1)["players"][0]


def test_public_lessons_with_a_colour_wait_for_their_owner():
    state = engine.setup(2, {}, 6)
    _buy_lessons(state, [["143", "146"], ["144"]])
    assert state["phase"] == "lesson_colours"
    assert engine.to_act(state) == {0, 1}
    with pytest.raises(IllegalMove, match="each of your public lessons"):
        engine.apply_in_place(state, 0, {"type": "choose_colours", "colours": {"143": "red"}})
    with pytest.raises(IllegalMove, match="Unknown colour"):
        engine.apply_in_place(
            state, 0, {"type": "choose_colours", "colours": {"143": "red", "146": "pink"}}
        )
    engine.apply_in_place(
        state, 0, {"type": "choose_colours", "colours": {"143": "red", "146": "blue"}}
    )
    assert engine.to_act(state) == {1}
    engine.apply_in_place(state, 1, {"type": "choose_colours", "colours": {"144": "green"}})
    assert state["phase"] == "rescue_select"
    assert [e["colour"] for e in state["public_lessons"]] == ["red", "blue", "green"]


# --- selection and speed ----------------------------------------------------------------------


def test_selection_is_hidden_until_everyone_has_selected():
    state = select_table(2, [["013", "081"], ["020"]])
    engine.apply_in_place(state, 0, {"type": "select_rescue", "cards": ["013"]})
    seen = engine.view(state, 1)
    assert seen["players"][0]["selected"] is True
    assert seen["players"][0]["played"] == []
    assert "selection" not in str(seen["players"][0])
    with pytest.raises(IllegalMove, match="rescue cards"):
        engine.apply_in_place(state, 1, {"type": "select_rescue", "cards": ["081"]})


def test_an_empty_hand_is_selected_automatically():
    state = select_table(2, [["013"], []])
    engine._start_select(state, [])
    assert engine.to_act(state) == {0}
    engine.apply_in_place(state, 0, {"type": "select_rescue", "cards": ["013"]})
    assert state["phase"] == "rescue"
    assert state["turn_order"][0] == 0


def test_speed_ties_keep_the_previous_order():
    state = select_table(3, [["007"], ["008"], ["009"]])
    state["turn_order"] = [2, 0, 1]
    for seat in range(3):
        engine.apply_in_place(
            state, seat, {"type": "select_rescue", "cards": state["players"][seat]["hand"][:1]}
        )
    assert state["turn_order"] == [2, 0, 1]


def test_sister_speed_and_baskets_come_from_her_first_card():
    state = engine.setup(1, {}, 4, {"sister_deck": ["sister-14", "sister-01", "sister-02"]})
    state["turn_order"] = [0, "sister"]
    state["players"][0]["hand"] = ["013"]
    engine._start_select(state, [])
    engine.apply_in_place(state, 0, {"type": "select_rescue", "cards": ["013"]})
    sister = state["sister"]
    assert sister["today"] == ["sister-14", "sister-01", "sister-02"]
    assert sister["speed"] == 2
    assert state["turn_order"] == [0, "sister"]
    seen = engine.view(state, 0)["sister"]
    assert seen["face_up"] == ["sister-14"]
    assert seen["face_down"] == 2


def test_a_faster_sister_goes_first_and_resolves_her_face_up_card():
    state = engine.setup(1, {}, 4, {"sister_deck": ["sister-03"]})
    state["turn_order"] = [0, "sister"]
    state["players"][0]["hand"] = ["001"]
    zones = [*state["zones"]["left"], *state["zones"]["right"]]
    engine._start_select(state, [])
    engine.apply_in_place(state, 0, {"type": "select_rescue", "cards": ["001"]})
    assert state["turn_order"] == ["sister", 0]
    # sister-03: cat 2, then cat 6 (positions renumber after the first removal).
    assert state["gone"][-2:] == [zones[1], zones[6]]
    assert state["current"] == 0


# --- rescue turns and baskets -----------------------------------------------------------------


def _rescue(tile, cells, basket=None, **extra):
    return {
        "type": "rescue",
        "tile": tile,
        "basket": basket or {"type": "permanent"},
        "cells": cells,
        **extra,
    }


def test_rescue_costs_three_left_and_five_right():
    state = rescue_table(left=["cat-01"], right=["cat-18"], fish=20, baskets=2, hand=["114"])
    engine.apply_in_place(state, 0, _rescue("cat-01", [[0, 4], [0, 5], [0, 6]]))
    assert state["players"][0]["fish"] == 17
    engine.apply_in_place(state, 0, _rescue("cat-18", [[1, 4], [1, 5], [1, 6]]))
    assert state["players"][0]["fish"] == 12
    assert state["players"][0]["last_paid"] == 5


def test_zone_given_with_a_rescue_must_match():
    state = rescue_table(left=["cat-01"], fish=20, hand=["114"])
    with pytest.raises(IllegalMove, match="not in that zone"):
        engine.apply_in_place(state, 0, _rescue("cat-01", [[0, 4], [0, 5], [0, 6]], zone="right"))


def test_baskets_whole_card_broken_pair_and_no_basket_cards():
    state = rescue_table(
        left=["cat-01", "cat-02", "cat-18"],
        fish=20,
        baskets=0,
        played=["013", "031", "051", "034"],
        hand=["114"],
    )
    with pytest.raises(IllegalMove, match="used for today"):
        engine.apply_in_place(state, 0, _rescue("cat-01", [[0, 4], [0, 5], [0, 6]]))
    with pytest.raises(IllegalMove, match="no whole basket"):
        engine.apply_in_place(
            state, 0, _rescue("cat-01", [[0, 4], [0, 5], [0, 6]], {"type": "card", "card": "051"})
        )
    with pytest.raises(IllegalMove, match="two different cards"):
        engine.apply_in_place(
            state,
            0,
            _rescue("cat-01", [[0, 4], [0, 5], [0, 6]], {"type": "broken", "cards": ["031"]}),
        )
    with pytest.raises(IllegalMove, match="broken baskets"):
        engine.apply_in_place(
            state,
            0,
            _rescue(
                "cat-01", [[0, 4], [0, 5], [0, 6]], {"type": "broken", "cards": ["031", "051"]}
            ),
        )
    with pytest.raises(IllegalMove, match="repeat"):
        engine.apply_in_place(
            state,
            0,
            _rescue(
                "cat-01", [[0, 4], [0, 5], [0, 6]], {"type": "broken", "cards": ["031", "031"]}
            ),
        )
    engine.apply_in_place(
        state, 0, _rescue("cat-01", [[0, 4], [0, 5], [0, 6]], {"type": "card", "card": "013"})
    )
    engine.apply_in_place(
        state,
        0,
        _rescue("cat-02", [[1, 4], [2, 4], [1, 5]], {"type": "broken", "cards": ["031", "034"]}),
    )
    assert state["players"][0]["played"] == ["051"]
    assert {"013", "031", "034"} <= set(state["discard"])


def test_the_canonical_basket_in_legal_moves():
    player = {"baskets": 1, "baskets_used": 1, "played": ["034", "013", "031", "012"]}
    assert engine._canonical_basket(player) == {"type": "card", "card": "012"}
    player["played"] = ["040", "034", "031"]
    assert engine._canonical_basket(player) == {"type": "broken", "cards": ["031", "034"]}
    player["baskets_used"] = 0
    assert engine._canonical_basket(player) == {"type": "permanent"}
    player.update(baskets_used=1, played=["034"])
    assert engine._canonical_basket(player) is None


def test_passing_discards_played_rescue_cards():
    state = rescue_table(left=["cat-01"], played=["013", "031"], hand=["114"])
    engine.apply_in_place(state, 0, {"type": "pass"})
    assert {"013", "031"} <= set(state["discard"])
    assert state["players"][0]["played"] == []
    assert state["phase"] != "rescue"


def test_turns_go_round_the_order_skipping_passed_seats():
    state = rescue_table(3, left=["cat-01", "cat-02", "cat-18", "cat-19"], hand=["114"])
    state["turn_order"] = [0, 1, 2]
    state["passed"] = []
    for seat in (1, 2):
        state["players"][seat]["hand"] = ["114"]
    engine.apply_in_place(state, 0, _rescue("cat-01", [[0, 4], [0, 5], [0, 6]]))
    assert state["current"] == 1
    engine.apply_in_place(state, 1, {"type": "pass"})
    assert state["current"] == 2
    with pytest.raises(IllegalMove, match="not your turn"):
        engine.apply_in_place(state, 0, {"type": "pass"})
    engine.apply_in_place(state, 2, {"type": "pass"})
    assert state["current"] == 0


def test_automatic_pass_when_the_zones_are_empty():
    state = rescue_table(3, left=["cat-01"], hand=["114"])
    state["turn_order"] = [0, 1, 2]
    state["passed"] = []
    state["players"][1]["hand"] = ["081"]
    engine.apply_in_place(state, 0, _rescue("cat-01", [[0, 4], [0, 5], [0, 6]]))
    # Seats 1 and 2 hold cards, yet both zones are empty: everyone passes, rare finds begin.
    assert state["phase"] == "rare_finds"


def test_automatic_pass_with_an_empty_hand_and_no_rescue_possible():
    state = rescue_table(2, left=["cat-01", "cat-02"], fish=3, hand=[])
    state["turn_order"] = [1, 0]
    state["passed"] = []
    state["current"] = 1
    state["players"][1]["hand"] = ["081"]
    engine.apply_in_place(state, 1, {"type": "pass"})
    # Seat 0 can pay one rescue: its turn begins; after it, 0 fish and no hand: passed for it.
    assert state["current"] == 0
    engine.apply_in_place(state, 0, _rescue("cat-01", [[0, 4], [0, 5], [0, 6]]))
    assert state["phase"] == "rare_finds" or state["day"] == 2


def test_good_bait_makes_the_right_zone_cost_three():
    state = rescue_table(right=["cat-18"], fish=3, hand=["070", "114"])
    with pytest.raises(IllegalMove, match="enough fish"):
        engine.apply_in_place(state, 0, _rescue("cat-18", [[1, 4], [1, 5], [1, 6]]))
    engine.apply_in_place(state, 0, {"type": "play", "card": "070"})
    engine.apply_in_place(state, 0, _rescue("cat-18", [[1, 4], [1, 5], [1, 6]]))
    assert state["players"][0]["fish"] == 0


# --- placement --------------------------------------------------------------------------------


def _plan(state=None):
    return engine._Plan(state or rescue_table(), 0)


@pytest.mark.parametrize(
    "cells",
    [
        [[0, 4], [1, 4], [2, 4], [1, 5]],  # base T4
        [[1, 4], [0, 5], [1, 5], [2, 5]],  # turned twice
        [[0, 4], [0, 5], [0, 6], [1, 5]],  # turned once
        [[1, 4], [1, 5], [1, 6], [0, 5]],  # turned three times
    ],
)
def test_every_rotation_of_a_tile_is_accepted(cells):
    _plan().place("cat-05", cells, "blue", "test")


@pytest.mark.parametrize(
    "cells",
    [
        [[0, 4], [0, 5], [0, 6], [1, 6]],  # base L4
        [[1, 4], [1, 5], [1, 6], [0, 6]],  # mirrored
        [[0, 4], [1, 4], [2, 4], [0, 5]],  # turned
        [[0, 4], [1, 4], [2, 4], [2, 5]],  # turned and mirrored
    ],
)
def test_mirror_images_are_accepted(cells):
    _plan().place("cat-04", cells, "blue", "test")


@pytest.mark.parametrize(
    ("cells", "words"),
    [
        ([[0, 4], [1, 4], [2, 4]], "exactly 4"),
        ([[0, 4], [1, 4], [2, 4], [2, 4]], "exactly 4"),
        ([[0, 4], [1, 4], [2, 4], [3, 4]], "shape"),
        ([[0, 4], [1, 4], [0, 5], [1, 6]], "shape"),
        ([[-1, 4], [0, 4], [1, 4], [0, 5]], "not a cell"),
        ([[13, 1], [14, 1], [15, 1], [14, 2]], "not a cell"),
        ([[0, 4], [1, 4], [2, 4], "x"], "integer pairs"),
        ("cells", "integer pairs"),
    ],
)
def test_placement_refusals_in_rule_order(cells, words):
    with pytest.raises(IllegalMove, match=words):
        _plan().place("cat-05", cells, "blue", "test")


def test_later_tiles_must_touch_and_not_overlap_earlier_ones():
    state = rescue_table()
    put(state, 0, "cat-01", [[0, 4], [1, 4], [2, 4]])
    plan = _plan(state)
    with pytest.raises(IllegalMove, match="covered"):
        plan.place("cat-02", [[2, 4], [3, 4], [2, 5]], "blue", "test")
    with pytest.raises(IllegalMove, match="touch"):
        plan.place("cat-02", [[5, 5], [6, 5], [5, 6]], "blue", "test")
    with pytest.raises(IllegalMove, match="touch"):  # diagonal contact is not adjacency
        plan.place("cat-02", [[3, 5], [4, 5], [3, 6]], "blue", "test")
    plan.place("cat-02", [[3, 4], [4, 4], [3, 5]], "blue", "test")
    plan.place("common-01", [[5, 4]], None, "test")  # touches the tile placed just before


def test_legal_placements_cover_exactly_the_free_adjacent_spots():
    state = rescue_table()
    put(state, 0, "cat-03", [[0, 4], [1, 4], [0, 5], [1, 5]])
    spots = engine._placements(state["players"][0], "mono")
    assert sorted(spots) == sorted(
        [(y * WIDTH + x,) for x, y in [(0, 3), (1, 3), (2, 4), (2, 5), (0, 6), (1, 6)]]
    )


def test_placements_are_every_free_spot_touching_a_tile_in_the_listings_order():
    """The engine tries only the placements over a cell next to a tile: on boats of random
    games it finds exactly those of the whole listing that lie on free cells and touch a
    tile, in the listing's order (the moves a seat may make are the same as a full scan's)."""
    boats = 0
    for state in sample_states(2, range(2), stride=11):
        for player in state["players"]:
            if not player["tiles"]:
                continue
            boats += 1
            grid = player["grid"]
            for shape, every in PLACEMENTS.items():
                scanned = [
                    cells
                    for cells in every
                    if all(grid[i] == 0 for i in cells)
                    and any(grid[n] > 0 for i in cells for n in NEIGHBOURS[i])
                ]
                assert engine._placements(player, shape) == scanned
                first = engine._placements(player, shape, first_only=True)
                assert first == scanned[:1]
    assert boats > 20


def test_a_tile_that_cannot_be_placed_cannot_be_taken():
    state = rescue_table(left=["cat-16"], hand=["114"])
    player = state["players"][0]
    for i, value in enumerate(player["grid"]):
        if value == 0 and not (i // WIDTH == 4 and 0 <= i % WIDTH <= 2):
            player["grid"][i] = 1
    player["tiles"] = [{"tile": "common-01", "cells": []}]
    assert engine._placements(player, "C6") == []
    assert not [m for m in engine.legal_moves(state, 0) if m["type"] == "rescue"]


# --- map treasures ----------------------------------------------------------------------------


def test_a_cat_on_its_own_colour_map_may_take_a_common():
    state = rescue_table(left=["cat-16"], hand=["114"])
    move = _rescue("cat-16", [[2, 1], [3, 1], [4, 1], [5, 1], [3, 2], [4, 2]])
    engine.apply_in_place(
        state, 0, {**move, "bonus": {"shape": "corner3", "cells": [[1, 1], [1, 2], [2, 2]]}}
    )
    assert state["players"][0]["tiles"][-1]["tile"] == "common-34"


def test_declining_the_map_bonus_is_fine():
    state = rescue_table(left=["cat-16"], hand=["114"])
    move = _rescue("cat-16", [[2, 1], [3, 1], [4, 1], [5, 1], [3, 2], [4, 2]], bonus=None)
    engine.apply_in_place(state, 0, move)
    assert len(state["players"][0]["tiles"]) == 1


def test_a_cat_on_another_colours_map_earns_nothing():
    state = rescue_table(left=["cat-67"], hand=["114"])  # red C6 on the blue map
    move = _rescue("cat-67", [[2, 1], [3, 1], [4, 1], [5, 1], [3, 2], [4, 2]])
    with pytest.raises(IllegalMove, match="no map"):
        engine.apply_in_place(state, 0, {**move, "bonus": {"shape": "mono", "cells": [[1, 1]]}})


def test_the_bonus_needs_a_common_of_that_shape_in_supply():
    state = rescue_table(left=["cat-16"], hand=["114"])
    state["commons"]["mono"] = []
    move = _rescue("cat-16", [[2, 1], [3, 1], [4, 1], [5, 1], [3, 2], [4, 2]])
    with pytest.raises(IllegalMove, match="no common treasure of that shape"):
        engine.apply_in_place(state, 0, {**move, "bonus": {"shape": "mono", "cells": [[1, 1]]}})


def test_an_oshax_earns_the_bonus_of_its_chosen_colour():
    state = rescue_table(phase="rare_finds", hand=["107", "114"])
    oshax = {"tile": "oshax-4", "cells": [[3, 0], [2, 1], [3, 1], [4, 1], [3, 2]]}
    bonus = {"shape": "mono", "cells": [[2, 0]]}
    with pytest.raises(IllegalMove, match="no map"):
        engine.apply_in_place(
            state,
            0,
            {"type": "find", "card": "107", "oshax": {**oshax, "colour": "red", "bonus": bonus}},
        )
    engine.apply_in_place(
        state,
        0,
        {"type": "find", "card": "107", "oshax": {**oshax, "colour": "blue", "bonus": bonus}},
    )
    tiles = state["players"][0]["tiles"]
    assert [t["tile"] for t in tiles] == ["oshax-4", "common-01"]
    assert tiles[0]["colour"] == "blue"
    assert "oshax-4" not in state["oshax"]


# --- anytime cards ----------------------------------------------------------------------------


def test_extra_net_rescues_without_a_basket_and_keeps_the_turn():
    state = rescue_table(left=["cat-01"], right=["cat-18"], baskets=0, hand=["061", "114"])
    engine.apply_in_place(
        state,
        0,
        {
            "type": "play",
            "card": "061",
            "rescues": [{"tile": "cat-18", "cells": [[0, 4], [1, 4], [2, 4]]}],
        },
    )
    player = state["players"][0]
    assert player["fish"] == 15
    assert player["last_paid"] == 5
    assert state["current"] == 0
    assert "061" in state["discard"]


def test_twin_nets_rescue_two_cats_in_order():
    state = rescue_table(left=["cat-01", "cat-02"], hand=["066", "114"])
    with pytest.raises(IllegalMove, match="1 to 2"):
        engine.apply_in_place(state, 0, {"type": "play", "card": "066", "rescues": []})
    engine.apply_in_place(
        state,
        0,
        {
            "type": "play",
            "card": "066",
            "rescues": [
                {"tile": "cat-01", "cells": [[0, 4], [1, 4], [2, 4]]},
                {"tile": "cat-02", "cells": [[3, 4], [4, 4], [3, 5]]},
            ],
        },
    )
    assert state["players"][0]["fish"] == 14


def test_lucky_catch_is_free_and_only_from_the_left_zone():
    state = rescue_table(left=["cat-01"], right=["cat-18"], fish=0, hand=["068", "114"])
    right = {"tile": "cat-18", "cells": [[0, 4], [1, 4], [2, 4]]}
    with pytest.raises(IllegalMove, match="that zone"):
        engine.apply_in_place(state, 0, {"type": "play", "card": "068", "rescues": [right]})
    left = {"tile": "cat-01", "cells": [[0, 4], [1, 4], [2, 4]]}
    engine.apply_in_place(state, 0, {"type": "play", "card": "068", "rescues": [left]})
    assert state["players"][0]["fish"] == 0
    assert state["players"][0]["last_paid"] == 0


def test_spyglass_reveals_three_and_buys_any_at_cost():
    state = rescue_table(hand=["071", "114"], fish=10)
    state["deck"][:3] = ["081", "107", "013"]
    engine.apply_in_place(state, 0, {"type": "play", "card": "071"})
    assert state["players"][0]["look"]["cards"] == ["081", "107", "013"]
    with pytest.raises(IllegalMove, match="looked at"):
        engine.apply_in_place(state, 0, {"type": "pass"})
    engine.apply_in_place(state, 0, {"type": "resolve", "cards": ["081", "107"]})
    player = state["players"][0]
    assert player["fish"] == 10 - 1 - 4
    assert {"081", "107"} <= set(player["hand"])
    assert "013" in state["discard"]


def test_high_perch_buys_at_most_one_of_four():
    state = rescue_table(hand=["073", "114"], fish=10)
    state["deck"][:4] = ["081", "107", "013", "001"]
    engine.apply_in_place(state, 0, {"type": "play", "card": "073"})
    assert len(state["players"][0]["look"]["cards"]) == 4
    with pytest.raises(IllegalMove, match="at most 1"):
        engine.apply_in_place(state, 0, {"type": "resolve", "cards": ["081", "001"]})
    engine.apply_in_place(state, 0, {"type": "resolve", "cards": ["001"]})
    assert state["players"][0]["fish"] == 9


def test_old_chart_keeps_exactly_one_free():
    state = rescue_table(hand=["074", "114"], fish=0)
    state["deck"][:3] = ["107", "108", "013"]
    engine.apply_in_place(state, 0, {"type": "play", "card": "074"})
    with pytest.raises(IllegalMove, match="exactly one"):
        engine.apply_in_place(state, 0, {"type": "resolve", "cards": []})
    engine.apply_in_place(state, 0, {"type": "resolve", "cards": ["108"]})
    assert "108" in state["players"][0]["hand"]
    assert state["players"][0]["fish"] == 0


def test_pathfinder_draws_two():
    state = rescue_table(hand=["072", "114"])
    top = state["deck"][:2]
    engine.apply_in_place(state, 0, {"type": "play", "card": "072"})
    assert state["players"][0]["hand"][-2:] == top


def test_basket_weaver_adds_a_ready_basket():
    state = rescue_table(hand=["075", "114"])
    state["players"][0]["baskets_used"] = 1
    engine.apply_in_place(state, 0, {"type": "play", "card": "075"})
    assert state["players"][0]["baskets"] == 2
    assert engine._canonical_basket(state["players"][0]) == {"type": "permanent"}


def test_leftover_fish_refunds_the_latest_rescue_only_after_one():
    state = rescue_table(left=["cat-01"], right=["cat-18"], baskets=2, hand=["076", "114"])
    with pytest.raises(IllegalMove, match="not rescued"):
        engine.apply_in_place(state, 0, {"type": "play", "card": "076"})
    engine.apply_in_place(state, 0, _rescue("cat-18", [[0, 4], [1, 4], [2, 4]]))
    engine.apply_in_place(state, 0, _rescue("cat-01", [[0, 5], [1, 5], [2, 5]]))
    assert state["players"][0]["fish"] == 12
    engine.apply_in_place(state, 0, {"type": "play", "card": "076"})
    assert state["players"][0]["fish"] == 15


def test_scent_trail_lets_its_owner_arrange_the_next_refill():
    state = rescue_table(hand=["077", "114"])
    engine.apply_in_place(state, 0, {"type": "play", "card": "077"})
    engine.apply_in_place(state, 0, {"type": "pass"})
    while state["phase"] != "arrange":
        engine.apply_in_place(state, state["current"], {"type": "pass"})
    assert state["day"] == 2
    assert engine.to_act(state) == {0}
    held = list(state["held"])
    assert len(held) == 8
    assert engine.view(state, 1)["held"] == held
    with pytest.raises(IllegalMove, match="quota"):
        engine.apply_in_place(state, 0, {"type": "arrange", "left": held[:3], "right": held[3:]})
    engine.apply_in_place(state, 0, {"type": "arrange", "left": held[4:], "right": held[:4]})
    assert state["zones"] == {"left": held[4:], "right": held[:4]}
    assert state["phase"] == "draft"
    assert state["players"][0]["scent"] is False


def test_scent_trail_is_not_playable_on_the_last_day():
    state = rescue_table(hand=["077", "114"])
    state["day"] = 5
    with pytest.raises(IllegalMove, match="last day"):
        engine.apply_in_place(state, 0, {"type": "play", "card": "077"})


@pytest.mark.parametrize(("card", "gain"), [("081", 4), ("085", 7)])
def test_fishing_cards_gain_fish(card, gain):
    state = rescue_table(hand=[card, "114"], fish=2)
    engine.apply_in_place(state, 0, {"type": "play", "card": card})
    assert state["players"][0]["fish"] == 2 + gain


def test_beachcomber_takes_one_common_of_any_shape():
    state = rescue_table(hand=["087", "114"])
    line = {"shape": "line3", "cells": [[0, 4], [1, 4], [2, 4]]}
    engine.apply_in_place(state, 0, {"type": "play", "card": "087", "commons": [line]})
    assert state["players"][0]["tiles"][0]["tile"] == "common-23"


def test_driftwood_takes_one_or_two_small_commons():
    state = rescue_table(hand=["090", "091", "114"])
    line = {"shape": "line3", "cells": [[0, 4], [1, 4], [2, 4]]}
    with pytest.raises(IllegalMove, match="not allowed"):
        engine.apply_in_place(state, 0, {"type": "play", "card": "090", "commons": [line]})
    monos = [{"shape": "mono", "cells": [[0, 4]]}, {"shape": "mono", "cells": [[1, 4]]}]
    engine.apply_in_place(state, 0, {"type": "play", "card": "090", "commons": monos})
    assert [t["tile"] for t in state["players"][0]["tiles"]] == ["common-01", "common-02"]
    with pytest.raises(IllegalMove, match="1 to 2"):
        engine.apply_in_place(state, 0, {"type": "play", "card": "091", "commons": monos * 2})


def test_tile_taking_cards_only_on_your_own_turn():
    state = engine.setup(2, {}, 6)
    _draft_all(state)
    state["players"][0]["picks"] = ["087", "081"]
    engine.apply_in_place(state, 0, {"type": "buy", "cards": ["087", "081"], "finish": False})
    line = {"shape": "line3", "cells": [[0, 4], [1, 4], [2, 4]]}
    with pytest.raises(IllegalMove, match="cannot play"):
        engine.apply_in_place(state, 0, {"type": "play", "card": "087", "commons": [line]})


# --- rare finds -------------------------------------------------------------------------------


def test_gold_find_takes_a_rare_from_any_stack():
    state = rescue_table(phase="rare_finds", hand=["092", "114"])
    state["rares"] = [["rare-01", "rare-02"], ["rare-06"]]
    with pytest.raises(IllegalMove, match="needs a rare"):
        engine.apply_in_place(state, 0, {"type": "find", "card": "092"})
    with pytest.raises(IllegalMove, match="Too many"):
        engine.apply_in_place(
            state,
            0,
            {
                "type": "find",
                "card": "092",
                "rare": {"tile": "rare-01", "cells": [[0, 4], [1, 4], [2, 4]]},
                "commons": [{"shape": "mono", "cells": [[3, 4]]}],
            },
        )
    move = {
        "type": "find",
        "card": "092",
        "rare": {"tile": "rare-06", "cells": [[0, 4], [1, 4], [0, 5], [1, 5]]},
    }
    engine.apply_in_place(state, 0, move)
    assert state["rares"] == [["rare-01", "rare-02"]]
    assert state["current"] == 0  # seat 0 still holds a card, its next find turn comes


def test_buried_chest_takes_a_rare_and_or_a_small_common():
    state = rescue_table(phase="rare_finds", hand=["100", "101", "114"])
    state["rares"] = [["rare-01"]]
    with pytest.raises(IllegalMove, match="at least one"):
        engine.apply_in_place(state, 0, {"type": "find", "card": "100"})
    move = {
        "type": "find",
        "card": "100",
        "rare": {"tile": "rare-01", "cells": [[0, 4], [1, 4], [2, 4]]},
        "commons": [{"shape": "domino", "cells": [[3, 4], [4, 4]]}],
    }
    engine.apply_in_place(state, 0, move)
    engine.apply_in_place(
        state,
        0,
        {"type": "find", "card": "101", "commons": [{"shape": "mono", "cells": [[5, 4]]}]},
    )
    assert [t["tile"] for t in state["players"][0]["tiles"]] == [
        "rare-01",
        "common-12",
        "common-01",
    ]


def test_copper_cache_takes_one_or_two_commons_of_any_shape():
    state = rescue_table(phase="rare_finds", hand=["104", "114"])
    commons = [
        {"shape": "line3", "cells": [[0, 4], [1, 4], [2, 4]]},
        {"shape": "line3", "cells": [[0, 5], [1, 5], [2, 5]]},
    ]
    engine.apply_in_place(state, 0, {"type": "find", "card": "104", "commons": commons})
    assert [t["tile"] for t in state["players"][0]["tiles"]] == ["common-23", "common-24"]


def test_oshax_friend_needs_an_oshax_and_may_add_a_small_common():
    state = rescue_table(phase="rare_finds", hand=["107", "114"])
    with pytest.raises(IllegalMove, match="Name the oshax"):
        engine.apply_in_place(state, 0, {"type": "find", "card": "107"})
    oshax = {
        "tile": "oshax-1",
        "colour": "green",
        "cells": [[0, 4], [0, 5], [1, 5], [1, 6], [2, 6]],
    }
    with pytest.raises(IllegalMove, match="not allowed"):
        engine.apply_in_place(
            state,
            0,
            {
                "type": "find",
                "card": "107",
                "oshax": oshax,
                "commons": [{"shape": "line3", "cells": [[1, 4], [2, 4], [3, 4]]}],
            },
        )
    engine.apply_in_place(
        state,
        0,
        {
            "type": "find",
            "card": "107",
            "oshax": oshax,
            "commons": [{"shape": "mono", "cells": [[1, 4]]}],
        },
    )
    assert [t["tile"] for t in state["players"][0]["tiles"]] == ["oshax-1", "common-01"]


def test_an_empty_hand_is_passed_in_rare_finds():
    state = rescue_table(3, phase="rare_finds", hand=["092", "114"])
    state["turn_order"] = [0, 1, 2]
    state["passed"] = []
    state["rares"] = [["rare-01"]]
    state["players"][2]["hand"] = ["114"]
    move = {
        "type": "find",
        "card": "092",
        "rare": {"tile": "rare-01", "cells": [[0, 4], [1, 4], [2, 4]]},
    }
    engine.apply_in_place(state, 0, move)
    assert 1 in state["passed"]
    assert state["current"] == 2


# --- the sister -------------------------------------------------------------------------------


def _solo(zones, rares=None, oshax=None):
    state = engine.setup(1, {}, 2)
    state["zones"] = {"left": list(zones[0]), "right": list(zones[1])}
    state["rares"] = [list(p) for p in rares or []]
    if oshax is not None:
        state["oshax"] = list(oshax)
    return state


def _do(state, **instruction):
    engine._sister_instruction(state, instruction, [])


def test_sister_cat_beyond_the_row_takes_the_last():
    state = _solo((["cat-01", "cat-02"], ["cat-03"]))
    _do(state, op="cat", n=8)
    assert state["zones"] == {"left": ["cat-01", "cat-02"], "right": []}
    _do(state, op="cat", n=1)
    assert state["zones"] == {"left": ["cat-02"], "right": []}
    assert state["sister"]["removed"]["cats"] == 2
    state["zones"]["left"] = []
    _do(state, op="cat", n=1)
    assert state["sister"]["removed"]["cats"] == 2


def test_sister_gold_takes_the_newest_of_a_stack_and_empty_stacks_leave():
    state = _solo(([], []), rares=[["rare-01"], ["rare-06", "rare-07"], ["rare-09"]])
    _do(state, op="gold", n=1)
    assert state["rares"] == [["rare-06", "rare-07"], ["rare-09"]]
    _do(state, op="gold", n=9)
    assert state["rares"] == [["rare-06", "rare-07"]]
    _do(state, op="gold", n=1)
    assert state["rares"] == [["rare-06"]]
    assert state["sister"]["removed"]["rares"] == 3
    engine._add_rare(state, "rare-08")
    engine._add_rare(state, "rare-02")
    assert state["rares"] == [["rare-06", "rare-08"], ["rare-02"]]


def test_sister_oshax_and_common():
    state = _solo(([], []), oshax=["oshax-3", "oshax-1", "oshax-6"])
    _do(state, op="oshax", n=2)
    assert state["oshax"] == ["oshax-3", "oshax-6"]
    _do(state, op="oshax", n=5)
    assert state["oshax"] == ["oshax-3"]
    assert state["sister"]["removed"]["oshax"] == 2
    first = state["commons"]["corner3"][0]
    _do(state, op="common", shape="corner3")
    assert first not in state["commons"]["corner3"]
    state["commons"]["mono"] = []
    _do(state, op="common", shape="mono")
    assert state["commons"]["mono"] == []


@pytest.mark.parametrize(
    ("zones", "x", "y", "after"),
    [
        (
            (["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"]),
            1,
            5,
            (["b1", "a2", "a3", "a4"], ["a1", "b2", "b3", "b4"]),
        ),
        ((["a1"], ["b1"]), 2, 6, (["b1"], ["a1"])),
        ((["a1", "a2", "a3"], []), 4, 8, (["a1", "a3", "a2"], [])),
        ((["a1"], []), 1, 2, (["a1"], [])),
    ],
)
def test_sister_swap_adjusts_positions(zones, x, y, after):
    state = _solo(zones)
    _do(state, op="swap", x=x, y=y)
    assert (state["zones"]["left"], state["zones"]["right"]) == after


def test_the_human_passing_makes_the_sister_resolve_all_her_cards():
    state = engine.setup(
        1, {}, 4, {"sister_deck": ["sister-21", "sister-01", "sister-02", "sister-03"]}
    )
    state["turn_order"] = [0, "sister"]
    state["players"][0]["hand"] = ["030"]
    engine._start_select(state, [])
    engine.apply_in_place(state, 0, {"type": "select_rescue", "cards": ["030"]})
    assert state["sister"]["today"] == ["sister-21", "sister-01", "sister-02", "sister-03"]
    assert state["current"] == 0
    engine.apply_in_place(state, 0, {"type": "pass"})
    assert state["sister"]["removed"]["cats"] >= 4
    assert state["phase"] in ("rare_finds", "draft")


def test_the_sisters_face_up_card_foretells_what_she_takes_on_her_next_turn():
    """sister-21 (speed 0: the player goes first) says cat 3, oshax 1: anyone can see which
    cat and oshax that is now, and her turn then takes exactly those; once she has resolved it
    nothing more is foretold."""
    state = engine.setup(1, {}, 4, {"sister_deck": ["sister-21", "sister-01"]})
    state["turn_order"] = [0, "sister"]
    state["players"][0]["hand"] = ["030"]
    engine._start_select(state, [])
    engine.apply_in_place(state, 0, {"type": "select_rescue", "cards": ["030"]})
    assert state["current"] == 0
    zones = state["zones"]
    cat, oshax = [*zones["left"], *zones["right"]][2], state["oshax"][0]
    zone = "left" if cat in zones["left"] else "right"
    foretold = [
        {"type": "sister_removed", "tile": cat, "zone": zone},
        {"type": "sister_removed", "tile": oshax},
    ]
    assert engine.sister_next(engine.view(state, 0)) == foretold
    assert engine.sister_next(engine.view(state, None)) == foretold
    events = engine.apply_in_place(state, 0, {"type": "pass"})
    first = events.index({"type": "sister_resolves", "card": "sister-21"})
    assert events[first + 1 : first + 3] == foretold
    assert engine.sister_next(engine.view(state, 0)) == []


def test_sister_with_no_cards_passes_at_once():
    state = engine.setup(1, {}, 4)
    state["sister"]["deck"] = []
    state["players"][0]["hand"] = ["013"]
    engine._start_select(state, [])
    engine.apply_in_place(state, 0, {"type": "select_rescue", "cards": ["013"]})
    assert "sister" in state["passed"]
    assert state["sister"]["speed"] == 0


def test_end_of_day_clears_zones_readies_baskets_and_reveals_a_colour():
    state = rescue_table(1, left=["cat-01"], hand=[])
    state["players"][0].update(baskets_used=1, bait=True, last_paid=5)
    state["sister"]["today"] = ["sister-01"]
    state["sister"]["resolved"] = 1
    engine.apply_in_place(state, 0, {"type": "pass"})
    assert state["day"] == 2
    assert "cat-01" in state["gone"]
    player = state["players"][0]
    assert (player["baskets_used"], player["bait"], player["last_paid"]) == (0, False, None)
    assert state["sister"]["revealed"] == 2
    assert "sister-01" in state["sister"]["used"]
    assert player["fish"] == 40


def test_the_last_day_ends_the_game():
    state = rescue_table(2, left=["cat-01"], hand=[])
    state["day"] = 5
    engine.apply_in_place(state, 0, {"type": "pass"})
    assert engine.is_over(state)
    assert engine.to_act(state) == set()
    assert engine.legal_moves(state, 0) == []
    with pytest.raises(IllegalMove, match="over"):
        engine.apply_in_place(state, 0, {"type": "pass"})


# --- deck ----------------------------------------------------------------------------------------


def test_an_empty_deck_reshuffles_the_discards_from_the_seed():
    state = engine.setup(2, {}, 42)
    state["deck"] = ["001"]
    state["discard"] = ["099", "005", "050"]
    drawn = engine._draw(state, 3)
    pile = ["005", "050", "099"]
    random.Random("42:reshuffle:1").shuffle(pile)
    assert drawn == ["001", *pile[:2]]
    assert state["deck"] == pile[2:]
    assert state["reshuffles"] == 1
    state["deck"] = []
    state["discard"] = []
    assert engine._draw(state, 2) == []


# --- move enumeration (section 6.12) ------------------------------------------------------------


def test_select_rescue_lists_all_subsets_up_to_eight_cards():
    state = select_table(2, [["001", "002", "003"], ["004"]])
    assert len(engine.legal_moves(state, 0)) == 8
    many = [f"{n:03d}" for n in range(1, 10)]
    state = select_table(2, [many, ["010"]])
    moves = engine.legal_moves(state, 0)
    assert [m["cards"] for m in moves] == [[], *([c] for c in many), many]


def test_buy_lists_finish_false_only_with_a_t_and_b_card():
    state = engine.setup(2, {}, 6)
    _draft_all(state)
    state["players"][0]["picks"] = ["081", "013"]
    moves = engine.legal_moves(state, 0)
    unfinished = [m["cards"] for m in moves if m["finish"] is False]
    assert sorted(unfinished) == [["081"], ["081", "013"]]
    assert len(moves) == 4 + 2


def test_arrange_lists_the_default_split_and_single_swaps():
    state = rescue_table(1, hand=["077", "114"])
    engine.apply_in_place(state, 0, {"type": "play", "card": "077"})
    engine.apply_in_place(state, 0, {"type": "pass"})
    while state["phase"] != "arrange":
        engine.apply_in_place(state, 0, {"type": "pass"})
    held = state["held"]
    moves = engine.legal_moves(state, 0)
    assert moves[0] == {"type": "arrange", "left": held[:4], "right": held[4:]}
    assert len(moves) == 1 + 4 * 4
    # Solo positions 1-8: any order is allowed, the left zone taking the first four.
    engine.apply_in_place(
        state, 0, {"type": "arrange", "left": held[::-1][:4], "right": held[::-1][4:]}
    )
    assert state["zones"]["left"] == held[::-1][:4]


def test_every_rescue_placement_is_listed_with_the_canonical_basket():
    state = rescue_table(left=["cat-01"], right=["cat-18"], fish=4, played=["013"], hand=["114"])
    state["players"][0]["baskets_used"] = 1
    rescues = [m for m in engine.legal_moves(state, 0) if m["type"] == "rescue"]
    assert {m["tile"] for m in rescues} == {"cat-01"}  # the right zone costs 5
    assert all(m["basket"] == {"type": "card", "card": "013"} for m in rescues)
    assert len(rescues) == len(engine.PLACEMENTS["I3"])


def test_find_lists_every_oshax_in_every_colour():
    state = rescue_table(phase="rare_finds", hand=["107"])
    state["oshax"] = ["oshax-4"]
    finds = [m for m in engine.legal_moves(state, 0) if m["type"] == "find"]
    assert len(finds) == 5 * len(engine.PLACEMENTS["X5"])


def test_a_look_right_after_buying_resolves_before_done():
    state = engine.setup(2, {}, 6)
    _draft_all(state)
    player = state["players"][0]
    player["aside"] = ["013"]
    player["picks"] = ["071"]
    engine.apply_in_place(state, 0, {"type": "buy", "cards": ["071"], "finish": False})
    state["deck"][:3] = ["081", "107", "001"]
    engine.apply_in_place(state, 0, {"type": "play", "card": "071"})
    with pytest.raises(IllegalMove, match="looked at"):
        engine.apply_in_place(state, 0, {"type": "done"})
    assert engine.legal_moves(state, 0)[0] == {"type": "resolve", "cards": []}
    engine.apply_in_place(state, 0, {"type": "resolve", "cards": ["081"]})
    assert player["hand"] == ["081"]
    engine.apply_in_place(state, 0, {"type": "play", "card": "081"})
    engine.apply_in_place(state, 0, {"type": "done"})
    engine.apply_in_place(state, 1, {"type": "buy", "cards": []})
    assert player["hand"] == ["013"]
    assert player["fish"] == 20 - 1 - 1 + 4
