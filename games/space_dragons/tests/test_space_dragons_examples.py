"""The worked examples of spec §10, each with the spec's numbers."""

from __future__ import annotations

from typing import Any

import pytest

from games.space_dragons import engine
from games.space_dragons.components import CREW_IDS
from games.space_dragons.tests.space_dragons_helpers import (
    assert_conserved,
    finished,
    give_from_pile,
    hunt_state,
    play_cards,
)


def test_example_1_research_side_a() -> None:
    assert engine.contest_awards([4, 2, 1, 0], "A", "research") == [10, 0, 0, 5]


def test_example_2_morale_side_a() -> None:
    assert engine.contest_awards([4, 0, 2, 2], "A", "morale") == [10, 0, 5, 5]


def test_example_3_crime_side_b_uses_the_card_values() -> None:
    assert engine.contest_awards([7, 7, 3, 1], "B", "crime") == [-10, -10, -5, 0]


def test_example_4_targeting_against_a_shielded_winner() -> None:
    state = hunt_state(4, {0: [72], 1: [47], 2: [9], 3: [66]}, leader=2)
    give_from_pile(state, 0, "shields", 2)
    pile = len(state["draw_pile"])
    dragon = state["current_dragon"]
    play_cards(state, [9, 66, 72, 47])
    assert state["last_trick"]["winner"] == 0
    assert state["last_trick"]["hits"] == 5
    seat0 = state["players"][0]
    assert len(seat0["shields"]) == 0
    assert len(seat0["damage"]) == 3
    assert seat0["dragons"] == [dragon]
    assert len(state["draw_pile"]) == pile - 1
    assert_conserved(state)


def test_example_5_repair_cannot_prevent_later_targeting() -> None:
    state = hunt_state(3, {0: [45], 1: [23], 2: [5]}, leader=0)
    give_from_pile(state, 0, "damage", 1)
    give_from_pile(state, 2, "shields", 1)
    play_cards(state, [45])
    assert len(state["players"][0]["damage"]) == 0
    play_cards(state, [23])
    assert len(state["players"][1]["damage"]) == 0
    play_cards(state, [5])
    assert len(state["players"][2]["shields"]) == 1
    assert state["last_trick"]["winner"] == 0
    assert state["last_trick"]["hits"] == 1
    assert len(state["players"][0]["damage"]) == 1
    assert len(state["players"][0]["shields"]) == 0


def test_example_6_self_damage() -> None:
    state = hunt_state(3, {0: [13], 1: [80], 2: [16]}, leader=1)
    give_from_pile(state, 1, "shields", 1)
    play_cards(state, [80])
    assert len(state["players"][1]["shields"]) == 0
    assert len(state["players"][1]["damage"]) == 1
    play_cards(state, [16])
    assert len(state["players"][2]["shields"]) == 1
    play_cards(state, [13])
    assert state["last_trick"]["winner"] == 1
    assert state["last_trick"]["hits"] == 3
    assert len(state["players"][1]["damage"]) == 4


@pytest.mark.parametrize(
    ("card", "side", "counts", "awards"),
    [
        ("morale", "A", [3, 3, 1, 0], [10, 10, 5, 0]),
        ("research", "A", [2, 2, 2], [10, 10, 10]),
        ("crime", "B", [4, 2, 2, 0, 0], [-10, -5, -5, 0, 0]),
        ("research", "B", [1, 1, 3], [-10, -10, -5]),
        ("morale", "B", [0, 0, 0, 5], [-10, -10, -10, -5]),
    ],
    ids=["a", "b", "c", "d", "e"],
)
def test_example_7_scoring_card_edges(
    card: str, side: str, counts: list[int], awards: list[int]
) -> None:
    assert engine.contest_awards(counts, side, card) == awards


def example_8() -> dict[str, Any]:
    return finished(
        [
            [3, 14, 22, 35, 57, 69, 74],
            [1, 11, 29, 41, 52, 64, 77],
            [9, 19, 45, 60, 67, 71, 80],
        ],
        [["D05", "D17"], ["D01", "D14", "D08"], ["D20", "D11"]],
        [1, 2, 0],
        [1, 0, 3],
        {"research": "A", "morale": "B", "crime": "A"},
    )


def test_example_8_complete_final_scoring() -> None:
    outcome = engine.result(example_8())
    assert outcome is not None
    assert outcome["symbol_counts"] == [
        {"research": 2, "morale": 6, "crime": 6},
        {"research": 2, "morale": 9, "crime": 4},
        {"research": 5, "morale": 2, "crime": 7},
    ]
    assert outcome["breakdown"] == [
        {
            "dragons": 21,
            "plus": 2,
            "minus": 0,
            "shields": 1,
            "damage": -2,
            "research": 5,
            "morale": -5,
            "crime": 5,
            "total": 27,
        },
        {
            "dragons": 28,
            "plus": 4,
            "minus": -4,
            "shields": 2,
            "damage": 0,
            "research": 5,
            "morale": 0,
            "crime": 10,
            "total": 45,
        },
        {
            "dragons": 22,
            "plus": 2,
            "minus": -3,
            "shields": 0,
            "damage": -6,
            "research": 10,
            "morale": -10,
            "crime": 0,
            "total": 15,
        },
    ]
    assert outcome["scores"] == [27, 45, 15]
    assert outcome["ranks"] == [2, 1, 3]
    assert outcome["winners"] == [1]
    assert outcome["dragon_counts"] == [2, 3, 2]
    assert outcome["ranking"] == [
        {"seat": 1, "rank": 1},
        {"seat": 0, "rank": 2},
        {"seat": 2, "rank": 3},
    ]


def test_example_8_tie_break_illustration() -> None:
    state = example_8()
    # Seat 2 repairs two damage and keeps eight more points: 15 + 4 + 8 = 27 with 2 dragons.
    state["players"][2]["damage"] = [1]
    state["players"][2]["shields"] = list(range(2, 10))
    outcome = engine.result(state)
    assert outcome is not None
    assert outcome["scores"] == [27, 45, 27]
    assert outcome["ranks"] == [2, 1, 2]


EX9_REVEAL = [12, 77, 40]
EX9_HANDS = [c for c in CREW_IDS if c not in EX9_REVEAL][:27]


def test_example_9_setup() -> None:
    state = engine.setup(3, {}, 0, {"crew": EX9_HANDS + EX9_REVEAL})
    assert state["start_reveal"] == [12, 77, 40]
    assert state["start_player"] == 1
    assert state["draw_pile"] == sorted(set(CREW_IDS) - set(EX9_HANDS) - set(EX9_REVEAL))
    assert len(state["draw_pile"]) == 50


def test_example_9_first_pass_goes_left() -> None:
    state = engine.setup(3, {}, 0, {"crew": EX9_HANDS + EX9_REVEAL})
    dealt = [p["pack"][:] for p in state["players"]]
    for seat in range(3):
        engine.apply_in_place(state, seat, {"type": "draft", "card": dealt[seat][0]})
    assert [p["pack"] for p in state["players"]] == [dealt[2][1:], dealt[0][1:], dealt[1][1:]]


@pytest.mark.parametrize(("seats", "shift"), [(3, 2), (4, 0), (5, 3)])
def test_example_9_who_gets_the_last_card_of_each_pack(seats: int, shift: int) -> None:
    state = engine.setup(seats, {}, 0)
    dealt = [p["pack"][:] for p in state["players"]]
    for draft_round in range(1, 9):
        for k in range(seats):
            shown = state["players"][(k + draft_round - 1) % seats]["pack"]
            assert set(shown) <= set(dealt[k])
        for seat in range(seats):
            engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[0])
    for k in range(seats):
        assert max(dealt[k]) in state["players"][(k + shift) % seats]["hand"]
