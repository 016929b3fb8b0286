"""One test per rule of the Space Dragons spec (setup, draft, hunt, effects, scoring)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from games.rules import IllegalMove
from games.space_dragons import engine
from games.space_dragons.components import DRAGON_IDS, DRAGONS
from games.space_dragons.tests.space_dragons_helpers import (
    assert_conserved,
    finished,
    give_from_pile,
    hunt_state,
    play_cards,
)


def draft_lowest_everywhere(state: dict[str, Any]) -> None:
    """Finish the draft with every seat always taking its lowest card."""
    while state["phase"] == "draft":
        for seat in sorted(engine.to_act(state)):
            engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[0])


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_setup_counts(seats: int) -> None:
    state = engine.setup(seats, {}, 7)
    assert state["phase"] == "draft"
    assert state["draft_round"] == 1
    assert [len(p["pack"]) for p in state["players"]] == [9] * seats
    assert all(p["hand"] == [] for p in state["players"])
    assert len(state["start_reveal"]) == seats
    assert len(state["draw_pile"]) == 80 - 10 * seats
    assert len(state["lair"]) == 6
    assert state["current_dragon"] is not None
    assert len(state["box_dragons"]) == 20 - 7 - seats
    assert engine.to_act(state) == set(range(seats))
    assert_conserved(state)


def test_setup_follows_the_spec_random_calls_in_order() -> None:
    options = {"research_side": "random", "morale_side": "B", "crime_side": "random"}
    state = engine.setup(4, options, 99)
    rng = random.Random(99)
    crew = list(range(1, 81))
    rng.shuffle(crew)
    dragons = [f"D{i:02d}" for i in range(1, 21)]
    rng.shuffle(dragons)
    research = rng.choice(["A", "B"])
    crime = rng.choice(["A", "B"])
    assert state["sides"] == {"research": research, "morale": "B", "crime": crime}
    assert state["players"][2]["pack"] == crew[18:27]
    assert state["start_reveal"] == crew[36:40]
    assert state["draw_pile"] == crew[40:]
    assert state["current_dragon"] == dragons[0]
    assert state["lair"] == dragons[1:7]
    assert [p["ship"] for p in state["players"]] == dragons[7:11]
    assert state["box_dragons"] == dragons[11:]


def test_setup_is_reproducible_from_the_seed() -> None:
    assert engine.setup(5, {}, 3) == engine.setup(5, {}, 3)
    assert engine.setup(5, {}, 3) != engine.setup(5, {}, 4)


def test_stacked_decks_skip_their_shuffles() -> None:
    state = engine.setup(3, {"crime_side": "random"}, 5, {"crew": [31, 7], "dragons": ["D17"]})
    assert state["players"][0]["pack"] == [31, 7, 1, 2, 3, 4, 5, 6, 8]
    assert state["current_dragon"] == "D17"
    assert state["lair"] == ["D01", "D02", "D03", "D04", "D05", "D06"]
    assert state["sides"]["crime"] == random.Random(5).choice(["A", "B"])


def test_stacked_sides_override_the_options() -> None:
    state = engine.setup(3, {"morale_side": "random"}, 5, {"sides": {"morale": "B"}})
    assert state["sides"] == {"research": "A", "morale": "B", "crime": "A"}


def test_option_defaults_are_filled() -> None:
    state = engine.setup(3, {"crime_side": "B"}, 1)
    assert state["options"] == {
        "draft": True,
        "research_side": "A",
        "morale_side": "A",
        "crime_side": "B",
    }


def test_start_player_has_the_highest_reveal() -> None:
    hands = list(range(1, 28))
    state = engine.setup(3, {}, 0, {"crew": [*hands, 30, 29, 70]})
    assert state["start_player"] == 2
    assert state["start_reveal"] == [30, 29, 70]


@pytest.mark.parametrize("seats", [2, 6, 0, True, "3", 3.0])
def test_bad_seat_counts_are_refused(seats: Any) -> None:
    with pytest.raises(ValueError, match="played by 3 to 5 seats"):
        engine.setup(seats, {}, 1)


@pytest.mark.parametrize(
    "options",
    [
        {"draft": "yes"},
        {"draft": 1},
        {"research_side": "C"},
        {"crime_side": None},
        {"speed": "fast"},
        [],
    ],
)
def test_bad_options_are_refused(options: Any) -> None:
    with pytest.raises(ValueError, match=r"(?i)option"):
        engine.setup(3, options, 1)


@pytest.mark.parametrize(
    "stack",
    [
        {"crew": [1, 1]},
        {"crew": [0]},
        {"crew": [81]},
        {"crew": [True]},
        {"crew": ["5"]},
        {"crew": 5},
        {"dragons": ["D21"]},
        {"dragons": ["D01", "D01"]},
        {"sides": {"morale": "C"}},
        {"sides": {"luck": "A"}},
        {"sides": ["A"]},
        {"deck": []},
        "crew",
    ],
)
def test_bad_stacks_are_refused(stack: Any) -> None:
    with pytest.raises(ValueError, match=r"(?i)stack"):
        engine.setup(3, {}, 1, stack)


# ---------------------------------------------------------------- draft


def test_draft_moves_are_the_pack_ascending() -> None:
    state = engine.setup(3, {}, 11)
    pack = sorted(state["players"][1]["pack"])
    assert engine.legal_moves(state, 1) == [{"type": "draft", "card": c} for c in pack]


def test_a_draft_is_simultaneous_and_final() -> None:
    state = engine.setup(3, {}, 11)
    card = engine.legal_moves(state, 2)[3]["card"]
    state, _ = engine.apply(state, 2, {"type": "draft", "card": card})
    assert state["players"][2]["drafted"] == [card]
    assert engine.to_act(state) == {0, 1}
    assert engine.legal_moves(state, 2) == []
    with pytest.raises(IllegalMove, match="already drafted"):
        engine.apply(state, 2, {"type": "draft", "card": state["players"][2]["pack"][0]})


def test_packs_pass_left_once_everyone_drafted() -> None:
    state = engine.setup(4, {}, 12)
    dealt = [p["pack"][:] for p in state["players"]]
    picks = []
    for seat in (3, 1, 0, 2):
        card = dealt[seat][0]
        picks.append(card)
        assert state["draft_round"] == 1
        engine.apply_in_place(state, seat, {"type": "draft", "card": card})
    assert state["draft_round"] == 2
    for seat in range(4):
        assert state["players"][(seat + 1) % 4]["pack"] == dealt[seat][1:]
    assert engine.to_act(state) == {0, 1, 2, 3}


def test_round_nine_is_drafted_automatically() -> None:
    state = engine.setup(3, {}, 13)
    draft_lowest_everywhere(state)
    assert state["phase"] == "hunt"
    assert state["draft_round"] is None
    assert state["trick"] == 1
    assert state["leader"] == state["turn"] == state["start_player"]
    for player in state["players"]:
        assert len(player["hand"]) == 9
        assert player["pack"] == player["drafted"] == []
    assert_conserved(state)


def test_playing_during_the_draft_is_the_wrong_phase() -> None:
    state = engine.setup(3, {}, 13)
    card = state["players"][0]["pack"][0]
    with pytest.raises(IllegalMove, match="Wrong phase"):
        engine.apply(state, 0, {"type": "play", "card": card})


def test_drafting_a_card_from_another_pack_is_refused() -> None:
    state = engine.setup(3, {}, 13)
    other = state["players"][1]["pack"][0]
    with pytest.raises(IllegalMove, match=f"Card {other} is not in your pack"):
        engine.apply(state, 0, {"type": "draft", "card": other})


# ---------------------------------------------------------------- hunt


def test_play_goes_clockwise_from_the_leader() -> None:
    state = hunt_state(3, {0: [10], 1: [20], 2: [30]}, leader=2)
    assert engine.to_act(state) == {2}
    assert engine.legal_moves(state, 0) == []
    assert [m["card"] for m in engine.legal_moves(state, 2)] == sorted(state["players"][2]["hand"])
    with pytest.raises(IllegalMove, match="Not your turn"):
        engine.apply(state, 0, {"type": "play", "card": 10})
    play_cards(state, [30])
    assert state["turn"] == 0
    assert state["trick_plays"] == [{"seat": 2, "card": 30}]
    assert state["players"][2]["display"] == [30]


def test_a_card_not_in_hand_is_refused() -> None:
    state = hunt_state(3, {0: [10], 1: [20]})
    with pytest.raises(IllegalMove, match="Card 20 is not in your hand"):
        engine.apply(state, 0, {"type": "play", "card": 20})


def test_drafting_during_the_hunt_is_the_wrong_phase() -> None:
    state = hunt_state(3, {0: [10]})
    with pytest.raises(IllegalMove, match="Wrong phase"):
        engine.apply(state, 0, {"type": "draft", "card": 10})


def test_highest_card_wins_the_dragon_and_leads_next() -> None:
    state = hunt_state(3, {0: [39], 1: [55], 2: [44]}, dragons=["D09", "D13"])
    play_cards(state, [39, 55, 44])
    assert state["players"][1]["dragons"] == ["D09"]
    assert state["current_dragon"] == "D13"
    assert len(state["lair"]) == 5
    assert state["trick"] == 2
    assert state["leader"] == state["turn"] == 1
    assert state["trick_plays"] == []
    assert state["last_trick"] == {
        "trick": 1,
        "plays": [{"seat": 0, "card": 39}, {"seat": 1, "card": 55}, {"seat": 2, "card": 44}],
        "winner": 1,
        "dragon": "D09",
        "hits": 0,
    }


def test_targeting_counts_the_leader_but_never_the_winner() -> None:
    # 7 (T3) leads, 34 (T2) wins, 13 (T2) follows: hits = 3 + 2, not the winner's own 2.
    state = hunt_state(3, {0: [7], 1: [34], 2: [13]})
    play_cards(state, [7, 34, 13])
    assert state["last_trick"]["hits"] == 5
    assert len(state["players"][1]["damage"]) == 5
    assert_conserved(state)


def test_targeting_is_absorbed_by_shields_newest_first() -> None:
    state = hunt_state(3, {0: [9], 1: [40], 2: [39]})
    give_from_pile(state, 1, "shields", 3)
    oldest, middle, newest = state["players"][1]["shields"]
    play_cards(state, [9, 40, 39])
    assert state["players"][1]["shields"] == [oldest]
    assert state["draw_pile"][-2:] == [newest, middle]
    assert state["players"][1]["damage"] == []


# ---------------------------------------------------------------- effects


def test_shield_takes_the_top_draw_pile_card() -> None:
    state = hunt_state(3, {0: [25]})
    top = state["draw_pile"][:2]
    play_cards(state, [25])
    assert state["players"][0]["shields"] == top
    assert len(state["draw_pile"]) == 80 - 30 - 2


def test_damage_without_shield_takes_a_damage_card() -> None:
    state = hunt_state(3, {0: [73]})
    top = state["draw_pile"][0]
    play_cards(state, [73])
    assert state["players"][0]["damage"] == [top]
    assert state["players"][0]["shields"] == []


def test_damage_is_absorbed_by_a_shield() -> None:
    state = hunt_state(3, {0: [76]})
    give_from_pile(state, 0, "shields", 1)
    shield = state["players"][0]["shields"][0]
    play_cards(state, [76])
    assert state["players"][0]["shields"] == []
    assert state["players"][0]["damage"] == []
    assert state["draw_pile"][-1] == shield


def test_double_damage_breaks_the_shield_then_takes_damage() -> None:
    state = hunt_state(3, {0: [80]})
    give_from_pile(state, 0, "shields", 1)
    play_cards(state, [80])
    assert len(state["players"][0]["shields"]) == 0
    assert len(state["players"][0]["damage"]) == 1


def test_repair_removes_the_newest_damage_to_the_pile_bottom() -> None:
    state = hunt_state(3, {0: [11]})
    give_from_pile(state, 0, "damage", 3)
    oldest, middle, newest = state["players"][0]["damage"]
    play_cards(state, [11])
    assert state["players"][0]["damage"] == [oldest]
    assert state["draw_pile"][-2:] == [newest, middle]


def test_repair_without_damage_does_nothing() -> None:
    state = hunt_state(3, {0: [2]})
    give_from_pile(state, 0, "shields", 1)
    before = [state["draw_pile"][:], state["players"][0]["shields"][:]]
    events = play_cards(state, [2])
    assert [state["draw_pile"], state["players"][0]["shields"]] == before
    assert state["players"][0]["damage"] == []
    assert [e["type"] for e in events] == ["played"]


def test_shields_never_remove_damage() -> None:
    state = hunt_state(3, {0: [12]})
    give_from_pile(state, 0, "damage", 1)
    play_cards(state, [12])
    assert len(state["players"][0]["damage"]) == 1
    assert len(state["players"][0]["shields"]) == 2


def test_shields_resolve_before_repairs_on_one_card() -> None:
    # 8 is S2 R1. With one card left in the pile the shields come first: the first takes it,
    # the second finds the pile empty, and only then the repair returns the damage card.
    state = hunt_state(3, {0: [8]})
    give_from_pile(state, 0, "damage", 1)
    damage = state["players"][0]["damage"][0]
    last = state["draw_pile"][-1]
    state["players"][1]["shields"] += state["draw_pile"][:-1]
    del state["draw_pile"][:-1]
    events = play_cards(state, [8])
    assert state["players"][0]["shields"] == [last]
    assert state["players"][0]["damage"] == []
    assert state["draw_pile"] == [damage]
    assert {"type": "supply_empty", "seat": 0, "effect": "shield"} in events


@pytest.fixture
def card_39_with_every_effect() -> Iterator[None]:
    """Give the plain card 39 one shield, one damage and one repair for this test."""
    tables = (engine._SHIELDS, engine._DAMAGES, engine._REPAIRS)
    saved = [t[39] for t in tables]
    for table in tables:
        table[39] = 1
    yield
    for table, value in zip(tables, saved, strict=True):
        table[39] = value


@pytest.mark.usefixtures("card_39_with_every_effect")
def test_shield_then_damage_then_repair_on_one_card() -> None:
    # Shield first: the damage then hits that new shield, and the repair finds no damage.
    state = hunt_state(3, {0: [39]})
    top = state["draw_pile"][0]
    events = play_cards(state, [39])
    assert [e["type"] for e in events] == ["played", "shield_gained", "shield_lost"]
    assert state["players"][0]["shields"] == []
    assert state["players"][0]["damage"] == []
    assert state["draw_pile"][-1] == top


@pytest.mark.usefixtures("card_39_with_every_effect")
def test_damage_before_repair_on_one_card_with_a_shield() -> None:
    state = hunt_state(3, {0: [39]})
    give_from_pile(state, 0, "damage", 1)
    play_cards(state, [39])
    # Shield gained, absorbed by the damage, then the repair removes the old damage.
    assert state["players"][0]["shields"] == []
    assert state["players"][0]["damage"] == []


def test_shield_from_an_empty_pile_is_not_taken() -> None:
    state = hunt_state(3, {0: [25]})
    state["players"][1]["damage"] += state["draw_pile"]
    state["draw_pile"] = []
    events = play_cards(state, [25])
    assert state["players"][0]["shields"] == []
    assert events.count({"type": "supply_empty", "seat": 0, "effect": "shield"}) == 2
    assert_conserved(state)


def test_damage_from_an_empty_pile_is_not_taken() -> None:
    state = hunt_state(3, {0: [7], 1: [75], 2: [19]})
    state["players"][2]["shields"] += state["draw_pile"]
    state["draw_pile"] = []
    events = play_cards(state, [7, 75])
    assert state["players"][1]["damage"] == []
    assert {"type": "supply_empty", "seat": 1, "effect": "damage"} in events
    # Seat 2 plays 19 (T2): hits on the winner find no pile either, seat 1 stays undamaged.
    play_cards(state, [19])
    assert state["players"][1]["damage"] == []
    assert state["last_trick"]["hits"] == 5
    assert_conserved(state)


def test_a_shield_returned_by_a_hit_refills_an_empty_pile() -> None:
    state = hunt_state(3, {0: [76]})
    give_from_pile(state, 0, "shields", 1)
    shield = state["players"][0]["shields"][0]
    state["players"][1]["damage"] += state["draw_pile"]
    state["draw_pile"] = []
    play_cards(state, [76])
    assert state["draw_pile"] == [shield]
    assert state["players"][0]["shields"] == []


# ---------------------------------------------------------------- end and variant


def test_game_ends_after_trick_seven() -> None:
    state = engine.setup(4, {}, 21)
    draft_lowest_everywhere(state)
    while not engine.is_over(state):
        assert engine.result(state) is None
        seat = state["turn"]
        engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[-1])
    assert state["trick"] == 7
    assert engine.to_act(state) == set()
    assert all(engine.legal_moves(state, s) == [] for s in range(4))
    assert state["current_dragon"] is None
    assert state["lair"] == []
    assert [len(p["hand"]) for p in state["players"]] == [2] * 4
    assert sum(len(p["dragons"]) for p in state["players"]) == 7
    card = state["players"][0]["hand"][0]
    with pytest.raises(IllegalMove, match="over"):
        engine.apply(state, 0, {"type": "play", "card": card})


def test_quick_variant_starts_in_the_hunt() -> None:
    state = engine.setup(5, {"draft": False}, 8)
    assert state["phase"] == "hunt"
    assert state["trick"] == 1
    assert state["leader"] == state["turn"] == state["start_player"]
    assert all(len(p["hand"]) == 9 for p in state["players"])
    assert_conserved(state)


def test_quick_variant_passes_hands_left_after_each_trick_but_the_last() -> None:
    state = engine.setup(3, {"draft": False}, 8)
    for trick in range(1, 8):
        for _ in range(2):
            seat = state["turn"]
            engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[0])
        last = state["turn"]
        card = engine.legal_moves(state, last)[0]["card"]
        held = [p["hand"][:] for p in state["players"]]
        held[last].remove(card)
        events = engine.apply_in_place(state, last, {"type": "play", "card": card})
        winner = state["last_trick"]["winner"]
        if trick < 7:
            assert [p["hand"] for p in state["players"]] == [held[2], held[0], held[1]]
            assert {"type": "hands_passed"} in events
            assert state["leader"] == state["turn"] == winner
        else:
            assert [p["hand"] for p in state["players"]] == held
            assert {"type": "hands_passed"} not in events
    assert engine.is_over(state)


def test_draft_game_never_passes_hands() -> None:
    state = engine.setup(3, {}, 30)
    draft_lowest_everywhere(state)
    held = [p["hand"][:] for p in state["players"]]
    for _ in range(3):
        seat = state["turn"]
        card = held[seat].pop(0)
        engine.apply_in_place(state, seat, {"type": "play", "card": card})
    assert state["trick"] == 2
    assert [p["hand"] for p in state["players"]] == held


# ---------------------------------------------------------------- scoring


@pytest.mark.parametrize(
    ("card", "side", "counts", "awards"),
    [
        ("research", "A", [4, 2, 1, 0], [10, 0, 0, 5]),
        ("research", "A", [3, 3, 0, 0], [10, 10, 5, 5]),
        ("research", "A", [2, 2, 2], [10, 10, 10]),
        ("research", "B", [1, 1, 3], [-10, -10, -5]),
        ("research", "B", [2, 2, 2, 2], [-10, -10, -10, -10]),
        ("research", "B", [0, 5, 5, 2], [-10, -5, -5, 0]),
        ("morale", "A", [4, 0, 2, 2], [10, 0, 5, 5]),
        ("morale", "A", [3, 3, 1, 0], [10, 10, 5, 0]),
        ("morale", "A", [1, 1, 1], [10, 10, 10]),
        ("morale", "B", [0, 0, 0, 5], [-10, -10, -10, -5]),
        ("morale", "B", [0, 0, 3, 3, 9], [-10, -10, -5, -5, 0]),
        ("morale", "B", [4, 4, 4], [-10, -10, -10]),
        ("crime", "A", [0, 0, 1, 1, 7], [10, 10, 5, 5, 0]),
        ("crime", "A", [6, 6, 6], [10, 10, 10]),
        ("crime", "A", [2, 5], [10, 5]),
        ("crime", "B", [7, 7, 3, 1], [-10, -10, -5, 0]),
        ("crime", "B", [4, 2, 2, 0, 0], [-10, -5, -5, 0, 0]),
        ("crime", "B", [3, 3, 3, 3, 3], [-10, -10, -10, -10, -10]),
    ],
)
def test_scoring_card_awards(card: str, side: str, counts: list[int], awards: list[int]) -> None:
    assert engine.contest_awards(counts, side, card) == awards


ALL_A = {"research": "A", "morale": "A", "crime": "A"}


def test_plus_minus_shield_damage_and_dragon_points() -> None:
    state = finished([[17, 75], [39], [44]], [["D18", "D01"], [], []], [3, 0, 0], [2, 0, 0], ALL_A)
    row = engine.result(state)["breakdown"][0]  # type: ignore[index]
    assert row["dragons"] == DRAGONS["D18"].points + DRAGONS["D01"].points == 20
    assert row["plus"] == 2 * (2 + 1)
    assert row["minus"] == -(2 + 2)
    assert row["shields"] == 3
    assert row["damage"] == -4
    assert row["total"] == sum(v for k, v in row.items() if k != "total")


def test_unplayed_cards_shields_and_ships_carry_no_symbols() -> None:
    state = finished([[39], [44], [55]], [[], [], []], [1, 0, 0], [0, 0, 0], ALL_A)
    state["players"][0]["hand"] = [17, 29]
    counts = engine.result(state)["symbol_counts"]  # type: ignore[index]
    assert counts == [{"research": 0, "morale": 0, "crime": 0}] * 3


def test_equal_totals_are_broken_by_dragon_count() -> None:
    # Plain cards and plain dragons: every contest ties at 0 and pays 10 + 10 + 10.
    state = finished(
        [[39], [44], [55]], [["D16"], ["D07", "D12"], []], [0, 0, 11], [0, 4, 0], ALL_A
    )
    outcome = engine.result(state)
    assert outcome is not None
    assert outcome["scores"] == [41, 41, 41]
    assert outcome["dragon_counts"] == [1, 2, 0]
    assert outcome["ranks"] == [2, 1, 3]
    assert outcome["winners"] == [1]
    assert [r["seat"] for r in outcome["ranking"]] == [1, 0, 2]


def test_shared_rank_when_total_and_dragons_are_equal() -> None:
    state = finished([[39], [44], [55]], [["D07"], ["D12"], []], [1, 0, 0], [0, 0, 0], ALL_A)
    outcome = engine.result(state)
    assert outcome is not None
    assert outcome["ranks"] == [1, 1, 3]
    assert outcome["winners"] == [0, 1]
    assert outcome["ranking"] == [
        {"seat": 0, "rank": 1},
        {"seat": 1, "rank": 1},
        {"seat": 2, "rank": 3},
    ]


def test_result_keys() -> None:
    state = finished([[39], [44], [55]], [[], [], []], [0, 0, 0], [0, 0, 0], ALL_A)
    outcome = engine.result(state)
    assert outcome is not None
    assert set(outcome) == {
        "scores",
        "ranks",
        "winners",
        "breakdown",
        "symbol_counts",
        "dragon_counts",
        "ranking",
    }
    assert set(outcome["breakdown"][0]) == {
        "dragons",
        "plus",
        "minus",
        "shields",
        "damage",
        "research",
        "morale",
        "crime",
        "total",
    }
    assert len(DRAGON_IDS) == 20
