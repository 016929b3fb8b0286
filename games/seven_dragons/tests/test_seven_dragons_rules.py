"""One test per rule of the Seven Dragons spec: setup, placement, bonuses, actions, endings."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.rules import IllegalMove
from games.seven_dragons.components import (
    ACTION_COLOR,
    ACTION_OF,
    COLORS,
    DRAGON_QUADRANTS,
    GOAL_COLOR,
)
from games.seven_dragons.engine import (
    apply,
    apply_in_place,
    goal_color,
    is_over,
    largest_area,
    legal_moves,
    result,
    setup,
    to_act,
)
from games.seven_dragons.tests.seven_dragons_states import build


def dragon(card: int, x: int, y: int, rot: int = 0) -> dict[str, Any]:
    return {"type": "play_dragon", "card": card, "x": x, "y": y, "rot": rot}


def action(card: int, place: str, payload: dict[str, Any] | None) -> dict[str, Any]:
    return {"type": "play_action", "card": card, "place": place, "action": payload}


def first(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(e for e in events if e["type"] == kind)


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


# ---------------------------------------------------------------- components


def test_every_colour_is_on_24_cards_and_40_quadrants() -> None:
    for color in COLORS:
        cards = [c for c, q in DRAGON_QUADRANTS.items() if color in q]
        quads = sum(q.count(color) for q in DRAGON_QUADRANTS.values())
        assert (len(cards), quads) == (24, 40)
    assert len(DRAGON_QUADRANTS) == 51
    assert sorted(ACTION_OF) == list(range(52, 67))
    assert sorted(GOAL_COLOR) == list(range(67, 72))


def test_a_colour_never_forms_two_regions_on_one_card() -> None:
    """Area sizes count cards, which relies on each colour being connected within a card."""
    neighbours = {0: {1, 2}, 1: {0, 3}, 2: {0, 3}, 3: {1, 2}}
    for quads in DRAGON_QUADRANTS.values():
        for color in set(quads):
            spots = {i for i, q in enumerate(quads) if q == color}
            reached = {min(spots)}
            frontier = [min(spots)]
            while frontier:
                for n in neighbours[frontier.pop()] & spots - reached:
                    reached.add(n)
                    frontier.append(n)
            assert reached == spots


def test_action_colours() -> None:
    expected = {
        "move_card": "green",
        "zap_card": "red",
        "rotate_goals": "blue",
        "trade_goals": "yellow",
        "trade_hands": "black",
    }
    for card, kind in ACTION_OF.items():
        assert ACTION_COLOR[card] == expected[kind]


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_setup_follows_the_seeded_order(seats: int) -> None:
    rng = random.Random(77)
    deck = list(range(1, 67))
    rng.shuffle(deck)
    goals = list(range(67, 72))
    rng.shuffle(goals)
    state = setup(seats, {}, 77)
    assert state["hands"][0] == [*deck[0:3], deck[3 * seats]]
    for s in range(1, seats):
        assert state["hands"][s] == deck[3 * s : 3 * s + 3]
    assert state["deck"] == deck[3 * seats + 1 :]
    assert state["slots"] == goals
    assert state["layout"] == [[0, 0, 0, 0]]
    assert state["silver"] is None
    assert state["action_pile"] == []
    assert to_act(state) == {0}


def test_stack_puts_cards_on_top_and_fixes_goals() -> None:
    stack = {"deck": [51, 7, 8, 55, 20, 3, 9], "goals": [70, 67, 68, 69, 71]}
    state = setup(2, {}, 5, stack)
    assert state["hands"] == [[51, 7, 8, 9], [55, 20, 3]]
    assert [goal_color(state, i) for i in range(5)] == ["blue", "red", "yellow", "green", "black"]
    assert len(state["deck"]) == 66 - 7
    assert set(state["deck"]).isdisjoint(stack["deck"])


@pytest.mark.parametrize("seats", [0, 1, 6, True, "2", 2.0])
def test_setup_refuses_bad_seat_counts(seats: Any) -> None:
    with pytest.raises(ValueError, match="played by 2 to 5 seats"):
        setup(seats, {}, 1)


@pytest.mark.parametrize("options", [{"variant": 1}, None, []])
def test_setup_refuses_options(options: Any) -> None:
    with pytest.raises(ValueError, match="ptions"):
        setup(2, options, 1)


@pytest.mark.parametrize(
    "stack",
    [
        [],
        {"deck": [1, 1]},
        {"deck": [0]},
        {"deck": [67]},
        {"deck": [True]},
        {"deck": "1,2"},
        {"goals": [67, 68, 69, 70]},
        {"goals": [67, 68, 69, 70, 70]},
        {"goals": [67.0, 68, 69, 70, 71]},
        {"hands": []},
    ],
)
def test_setup_refuses_bad_stacks(stack: Any) -> None:
    with pytest.raises(ValueError, match="stack"):
        setup(2, {}, 1, stack)


def test_turn_begins_with_a_draw_and_not_when_the_pile_is_empty() -> None:
    state = build(hands=[[1], [2]], deck=[9, 10])
    after, events = apply(state, 0, dragon(1, 1, 0))
    assert after["hands"][1] == [2, 9]
    assert first(events, "drew") == {"type": "drew", "seat": 1, "count": 1}
    state = build(hands=[[1], [2]], deck=[])
    after, events = apply(state, 0, dragon(1, 1, 0))
    assert after["hands"][1] == [2]
    assert "drew" not in kinds(events)


# ---------------------------------------------------------------- placement


def test_rot_180_shows_br_bl_tr_tl() -> None:
    """Card 11 is red on top; turned, its yellow half is on top."""
    state = build(layout=[(3, 0, -1, 0)], silver="red", pile=[55], hands=[[11], [4]])
    # Above the yellow card 3, only the bottom edge of 11 counts.
    with pytest.raises(IllegalMove, match="colour"):
        apply(state, 0, dragon(11, 0, -2, 180))
    after, _ = apply(state, 0, dragon(11, 0, -2, 0))
    assert after["layout"][-1] == [11, 0, -2, 0]
    # Right of card 3: upright bl yellow, turned tl yellow; both meet it.
    assert apply(state, 0, dragon(11, 1, -1, 180))[0]["layout"][-1] == [11, 1, -1, 180]
    assert apply(state, 0, dragon(11, 1, -1, 0))[0]["layout"][-1] == [11, 1, -1, 0]


def test_left_right_edge_pairs() -> None:
    """B right of A: A.tr meets B.tl and A.br meets B.bl, never crosswise."""
    layout = [(38, 1, 0, 0)]  # [blue, yellow, blue, green]: right edge yellow over green
    state = build(layout=layout, silver="black", pile=[64], hands=[[33], [4]])
    # 33 turned [blue, green, yellow, yellow]: its left edge blue over yellow only matches
    # crosswise (bl yellow against tr yellow).
    with pytest.raises(IllegalMove, match="colour"):
        apply(state, 0, dragon(33, 2, 0, 180))
    # Upright [yellow, yellow, green, blue]: tl yellow meets tr yellow, bl green meets br green.
    _, events = apply(state, 0, dragon(33, 2, 0, 0))
    assert first(events, "played_dragon")["bonus_colors"] == ["yellow", "green"]


def test_top_bottom_edge_pairs() -> None:
    """B below A: A.bl meets B.tl and A.br meets B.tr, never crosswise."""
    layout = [(38, 1, 0, 0)]  # [blue, yellow, blue, green]: bottom edge blue, green
    state = build(layout=layout, silver="black", pile=[64], hands=[[26], [4]])
    # 26 upright [green, blue, ...]: its top edge only matches crosswise.
    with pytest.raises(IllegalMove, match="colour"):
        apply(state, 0, dragon(26, 1, 1, 0))
    # Turned [blue, green, ...]: blue under blue, green under green.
    _, events = apply(state, 0, dragon(26, 1, 1, 180))
    assert first(events, "played_dragon")["bonus_colors"] == ["green", "blue"]


def test_diagonal_cells_are_not_neighbours() -> None:
    state = build(layout=[(1, 1, 0, 0)], hands=[[2], [3]])
    with pytest.raises(IllegalMove, match="touch"):
        apply(state, 0, dragon(2, 2, 1))
    with pytest.raises(IllegalMove, match="touch"):
        apply(state, 0, dragon(2, 5, 5))


def test_occupied_cells_are_refused() -> None:
    state = build(layout=[(1, 1, 0, 0)], hands=[[2], [3]])
    with pytest.raises(IllegalMove, match="taken"):
        apply(state, 0, dragon(2, 1, 0))
    with pytest.raises(IllegalMove, match="taken"):
        apply(state, 0, dragon(2, 0, 0))


def test_wild_silver_matches_every_colour_coloured_silver_only_its_own() -> None:
    for card in (1, 3, 5, 7, 9):
        apply(build(hands=[[card], [2]]), 0, dragon(card, 0, 1))
    state = build(silver="blue", pile=[58], hands=[[1, 7], [2]])
    with pytest.raises(IllegalMove, match="colour"):
        apply(state, 0, dragon(1, 0, 1))
    apply(state, 0, dragon(7, 0, 1))


def test_rainbow_matches_everything_and_pays_no_bonus() -> None:
    # 51 between a red card (left) and a blue card (right), silver black below.
    layout = [(1, -1, -1, 0), (7, 1, -1, 0)]
    state = build(layout=layout, silver="black", pile=[64], hands=[[51], [2]])
    after, events = apply(state, 0, dragon(51, 0, -1))
    assert first(events, "played_dragon")["bonus_colors"] == []
    assert len(after["hands"][0]) == 0
    # A card played next to the rainbow alone matches and pays nothing for that pair.
    state = build(layout=[(51, 1, 0, 0)], silver="black", pile=[64], hands=[[3], [2]])
    _, events = apply(state, 0, dragon(3, 2, 0))
    assert first(events, "played_dragon")["bonus_colors"] == []


@pytest.mark.parametrize(
    ("layout", "card", "cell", "colors"),
    [
        # 31 [red, red, yellow, green]: only its bl yellow meets 12's yellow right edge.
        ([(12, 1, 0, 0)], 31, (2, 0), ["yellow"]),
        # 25 [green, green, blue, blue]: green left of it, blue below.
        ([(13, 1, 0, 180), (7, 2, 1, 0)], 25, (2, 0), ["green", "blue"]),
        # A second green edge on the right still counts green once.
        ([(13, 1, 0, 180), (7, 2, 1, 0), (5, 3, 0, 0)], 25, (2, 0), ["green", "blue"]),
    ],
)
def test_bonus_colours(
    layout: list[tuple[int, int, int, int]], card: int, cell: tuple[int, int], colors: list[str]
) -> None:
    state = build(layout=layout, silver="black", pile=[64], hands=[[card], [2]])
    after, events = apply(state, 0, dragon(card, *cell))
    event = first(events, "played_dragon")
    assert event["bonus_colors"] == colors
    assert event["bonus_drawn"] == max(0, len(colors) - 1)
    assert len(after["hands"][0]) == event["bonus_drawn"]


# Around card 49 [red, yellow, green, blue] at (5, 5):
# above, 11 turned [yellow, yellow, red, red]: its bl red meets 49.tl red;
# left, 20 [yellow, green, yellow, green]: its br green meets 49.bl green;
# below, 22 [yellow, blue, yellow, blue]: its tr blue meets 49.br blue.
THREE_AROUND_49 = [(11, 5, 4, 180), (20, 4, 5, 0), (22, 5, 6, 0)]


def test_three_colour_bonus() -> None:
    # Right, 26 [green, blue, green, blue]: green/green against yellow/blue, no pair.
    layout = [*THREE_AROUND_49, (26, 6, 5, 0)]
    state = build(layout=layout, silver="black", pile=[64], hands=[[49], [2]])
    after, events = apply(state, 0, dragon(49, 5, 5))
    event = first(events, "played_dragon")
    assert event["bonus_colors"] == ["red", "green", "blue"]
    assert event["bonus_drawn"] == 2
    assert len(after["hands"][0]) == 2


def test_four_colour_bonus() -> None:
    # Right, 12 turned [yellow, red, yellow, red]: its tl yellow meets 49.tr yellow.
    layout = [*THREE_AROUND_49, (12, 6, 5, 180)]
    state = build(layout=layout, silver="black", pile=[64], hands=[[49], [2]])
    after, events = apply(state, 0, dragon(49, 5, 5))
    event = first(events, "played_dragon")
    assert event["bonus_colors"] == ["red", "yellow", "green", "blue"]
    assert event["bonus_drawn"] == 3
    assert len(after["hands"][0]) == 3


def test_bonus_draws_beyond_the_pile_are_lost() -> None:
    state = build(layout=THREE_AROUND_49, silver="black", pile=[64], hands=[[49], [2]], deck=[40])
    after, events = apply(state, 0, dragon(49, 5, 5))
    assert first(events, "played_dragon")["bonus_drawn"] == 1
    assert after["hands"][0] == [40]
    assert after["deck"] == []


# ---------------------------------------------------------------- silver


def test_silver_history() -> None:
    """Wild until the first top placement, then the colour of the last top card, for good."""
    state = build(hands=[[58, 61], [55, 3]])
    apply_in_place(state, 0, action(58, "bottom", {"dir": "cw"}))
    assert state["silver"] is None
    assert state["action_pile"] == [58]
    apply_in_place(state, 1, action(55, "top", None))
    assert state["silver"] == "red"
    apply_in_place(state, 0, action(61, "bottom", {"slot": 4}))
    assert state["silver"] == "red"
    assert state["action_pile"] == [61, 58, 55]


# ---------------------------------------------------------------- action cards


def test_top_with_no_action_is_legal_bottom_without_action_is_not() -> None:
    state = build(hands=[[55], [3]])
    with pytest.raises(IllegalMove, match="action"):
        apply(state, 0, action(55, "bottom", None))
    after, events = apply(state, 0, action(55, "top", None))
    assert after["silver"] == "red"
    assert first(events, "played_action")["payload"] is None


def test_impossible_action_only_allows_top() -> None:
    state = build(hands=[[55], [3]])  # nothing to zap but the silver
    moves = legal_moves(state, 0)
    assert moves == [action(55, "top", None)]
    with pytest.raises(IllegalMove, match="silver"):
        apply(state, 0, action(55, "bottom", {"card": 0}))


def test_zap_takes_a_card_back_even_the_rainbow() -> None:
    state = build(layout=[(51, 1, 0, 0), (7, 2, 0, 0)], hands=[[56], [3]])
    after, events = apply(state, 0, action(56, "bottom", {"card": 51}))
    assert after["hands"][0] == [51]
    assert [51, 1, 0, 0] not in after["layout"]
    assert first(events, "card_zapped") == {"type": "card_zapped", "seat": 0, "card": 51}
    with pytest.raises(IllegalMove, match="not on the table"):
        apply(state, 0, action(56, "top", {"card": 8}))
    with pytest.raises(IllegalMove, match="silver"):
        apply(state, 0, action(56, "top", {"card": 0}))


def test_islands_are_allowed_and_take_new_cards() -> None:
    state = build(layout=[(1, 1, 0, 0), (2, 2, 0, 0)], hands=[[56], [18]])
    after, _ = apply(state, 0, action(56, "bottom", {"card": 1}))
    assert [2, 2, 0, 0] in after["layout"]
    # 18 [red, black, red, black] joins the island of card 2 only.
    after, _ = apply(after, 1, dragon(18, 3, 0))
    assert [18, 3, 0, 0] in after["layout"]


def test_move_needs_a_new_cell_or_rotation() -> None:
    state = build(layout=[(1, 1, 0, 0)], hands=[[52], [3]])
    with pytest.raises(IllegalMove, match="change"):
        apply(state, 0, action(52, "bottom", {"card": 1, "x": 1, "y": 0, "rot": 0}))
    after, _ = apply(state, 0, action(52, "bottom", {"card": 1, "x": 1, "y": 0, "rot": 180}))
    assert after["layout"][1] == [1, 1, 0, 180]
    with pytest.raises(IllegalMove, match="silver"):
        apply(state, 0, action(52, "bottom", {"card": 0, "x": 0, "y": 1, "rot": 0}))


def test_move_is_measured_without_the_moved_card() -> None:
    """A card cannot move next to nothing but its own old cell."""
    state = build(layout=[(1, 1, 0, 0)], hands=[[52], [3]])
    with pytest.raises(IllegalMove, match="touch"):
        apply(state, 0, action(52, "bottom", {"card": 1, "x": 2, "y": 0, "rot": 0}))
    after, _ = apply(state, 0, action(52, "bottom", {"card": 1, "x": -1, "y": 0, "rot": 0}))
    assert after["layout"][1] == [1, -1, 0, 0]


def test_rotate_goals_in_two_player_game_moves_imaginary_goals() -> None:
    state = build(hands=[[59], [3]], goals=("red", "yellow", "green", "blue", "black"))
    after, events = apply(state, 0, action(59, "top", {"dir": "ccw"}))
    assert [goal_color(after, i) for i in range(5)] == [
        "yellow",
        "green",
        "blue",
        "black",
        "red",
    ]
    assert first(events, "goals_rotated") == {"type": "goals_rotated", "seat": 0, "dir": "ccw"}
    with pytest.raises(IllegalMove, match="direction"):
        apply(state, 0, action(59, "top", {"dir": "left"}))


def test_trade_goals_with_an_imaginary_slot_or_a_player() -> None:
    goals = ("red", "yellow", "green", "blue", "black")
    state = build(seats=3, hands=[[62], [3], [4]], goals=goals)
    after, events = apply(state, 0, action(62, "bottom", {"slot": 4}))
    assert goal_color(after, 0) == "black"
    assert goal_color(after, 4) == "red"
    assert first(events, "goals_traded") == {"type": "goals_traded", "seat": 0, "slot": 4}
    after, _ = apply(state, 0, action(62, "top", {"slot": 2}))
    assert (goal_color(after, 0), goal_color(after, 2)) == ("green", "red")
    for slot in (0, 5, -1):
        with pytest.raises(IllegalMove):
            apply(state, 0, action(62, "top", {"slot": slot}))


def test_trade_hands_swaps_everything_even_an_empty_hand() -> None:
    state = build(seats=3, hands=[[65, 1, 2], [], [4]])
    after, events = apply(state, 0, action(65, "bottom", {"seat": 1}))
    assert after["hands"][0] == []
    assert after["hands"][1][:2] == [1, 2]
    assert first(events, "hands_traded") == {"type": "hands_traded", "seat": 0, "other": 1}
    for other in (0, 3, -1):
        with pytest.raises(IllegalMove):
            apply(state, 0, action(65, "top", {"seat": other}))


def test_legal_moves_list_every_action_payload() -> None:
    state = build(seats=3, layout=[(1, 1, 0, 0)], hands=[[55, 58, 61, 64], [3], [4]])
    moves = legal_moves(state, 0)
    assert len(moves) == 4 + 2 * (1 + 2 + 4 + 2)
    for move in moves:
        apply(state, 0, move)


def test_legal_moves_for_a_dragon_count_both_rotations() -> None:
    state = build(hands=[[11], [3]])
    moves = legal_moves(state, 0)
    assert len(moves) == 8  # four cells around the wild silver, two rotations each
    assert legal_moves(state, 1) == []


# ---------------------------------------------------------------- winning


RED_LINE = [(1, 1, 0, 0), (2, 2, 0, 0), (13, 3, 0, 0), (15, 4, 0, 0), (17, 5, 0, 0)]
BLUE_LINE = [(7, -1, 0, 0), (8, -2, 0, 0), (29, -3, 0, 0), (21, -4, 0, 180), (22, -5, 0, 0)]


def test_the_acting_seat_wins_first() -> None:
    """Red and blue both reach seven; the acting seat holds red and wins."""
    goals = ("red", "blue", "green", "yellow", "black")
    state = build(layout=RED_LINE + BLUE_LINE, hands=[[51], [3]], goals=goals)
    after, events = apply(state, 0, dragon(51, 0, 1))
    assert first(events, "won") == {"type": "won", "seat": 0, "color": "red", "area": 7}
    res = result(after)
    assert res is not None
    assert res["winners"] == [0]
    assert res["scores"] == [7, 7]
    assert res["ranks"] == [1, 2]


def test_winning_on_another_players_turn() -> None:
    goals = ("green", "red", "yellow", "blue", "black")
    state = build(seats=3, layout=RED_LINE, hands=[[16], [3], [4]], goals=goals)
    after, events = apply(state, 0, dragon(16, 6, 0))
    assert first(events, "won") == {"type": "won", "seat": 1, "color": "red", "area": 7}
    res = result(after)
    assert res is not None
    assert res["ranks"] == [2, 1, 2]
    assert is_over(after)
    assert to_act(after) == set()


def test_simultaneous_sevens_go_to_the_nearest_after_the_actor() -> None:
    """Seat 3 plays; seats 0 and 1 both reach seven, seat 0 sits nearer after seat 3."""
    goals = ("red", "blue", "green", "yellow", "black")
    state = build(
        seats=4,
        layout=RED_LINE + BLUE_LINE,
        hands=[[3], [4], [5], [51]],
        goals=goals,
        current=3,
    )
    after, events = apply(state, 3, dragon(51, 0, 1))
    assert first(events, "won") == {"type": "won", "seat": 0, "color": "red", "area": 7}
    res = result(after)
    assert res is not None
    assert res["ranks"] == [1, 2, 2, 2]
    assert res["scores"][:2] == [7, 7]


def test_a_merge_may_jump_past_seven() -> None:
    """Five red cards (with the silver) and three more merge through card 31 into nine."""
    layout = [*RED_LINE[:4], (11, 6, 0, 0), (17, 7, 0, 0), (12, 8, 0, 0)]
    state = build(layout=layout, hands=[[31], [3]])
    assert largest_area(state["layout"], None, "red") == 5
    _, events = apply(state, 0, dragon(31, 5, 0))
    assert first(events, "won") == {"type": "won", "seat": 0, "color": "red", "area": 9}


def test_imaginary_goal_sevens_do_nothing_until_a_player_holds_them() -> None:
    goals = ("green", "yellow", "red", "blue", "black")  # red is imaginary with two players
    state = build(layout=[*RED_LINE, (11, 6, 0, 0)], hands=[[16], [3, 60]], goals=goals)
    after, events = apply(state, 0, dragon(16, 7, 0))
    assert "won" not in kinds(events)
    assert largest_area(after["layout"], None, "red") == 8
    after, events = apply(after, 1, action(60, "bottom", {"dir": "ccw"}))
    # ccw: slot 2 (red) moves to slot 1, so seat 1 now holds red and wins on its own move.
    assert first(events, "won") == {"type": "won", "seat": 1, "color": "red", "area": 8}


def test_silver_recolouring_can_win() -> None:
    """Two red groups of three touch the silver; turning it red joins them into seven."""
    left = [(15, -1, 0, 0), (17, -2, 0, 0), (11, -3, 0, 0)]
    right = [(1, 1, 0, 0), (2, 2, 0, 0), (13, 3, 0, 0)]
    state = build(layout=left + right, silver="green", pile=[52], hands=[[55], [3]])
    assert largest_area(state["layout"], "green", "red") == 3
    after, events = apply(state, 0, action(55, "top", None))
    assert first(events, "won") == {"type": "won", "seat": 0, "color": "red", "area": 7}
    assert after["silver"] == "red"


# ---------------------------------------------------------------- passing and exhaustion


def test_a_seat_with_no_legal_move_passes_and_keeps_its_cards() -> None:
    state = build(silver="red", pile=[55], hands=[[1, 2], [3]], deck=[4, 10, 11])
    after, events = apply(state, 0, dragon(1, 1, 0))
    assert {"type": "passed", "seat": 1} in events
    assert after["hands"][1] == [3, 4]
    assert after["current"] == 0
    assert after["hands"][0] == [2, 10]


def test_exhaustion_when_the_last_cards_are_played() -> None:
    goals = ("red", "blue", "green", "yellow", "black")
    state = build(hands=[[1], [7]], goals=goals, deck=[])
    after, _ = apply(state, 0, dragon(1, 1, 0))
    after, events = apply(after, 1, dragon(7, -1, 0))
    assert is_over(after)
    res = result(after)
    assert res is not None
    assert res["end_reason"] == "exhaustion"
    assert res["scores"] == [2, 2]
    assert res["ranks"] == [1, 1]
    assert res["winners"] == [0, 1]
    assert first(events, "game_over")["end_reason"] == "exhaustion"


def test_exhaustion_when_nobody_can_place_and_ranks_by_area() -> None:
    goals = ("red", "blue", "yellow", "green", "black")
    state = build(
        seats=3,
        layout=[(1, 1, 0, 0), (2, 2, 0, 0)],
        silver="red",
        pile=[55],
        hands=[[7], [5], [17, 3]],
        goals=goals,
        deck=[],
        current=2,
    )
    after, events = apply(state, 2, dragon(17, 3, 0))
    assert is_over(after)
    res = result(after)
    assert res is not None
    assert res["scores"] == [4, 0, 0]
    assert res["ranks"] == [1, 2, 2]
    assert res["winners"] == [0]
    assert res["breakdown"][0] == {"goal": "red", "largest_area": 4, "total": 4}
    assert kinds(events)[-1] == "game_over"


def test_no_move_after_the_end_and_result_none_before() -> None:
    state = build(hands=[[1], [7]], deck=[])
    assert result(state) is None
    after, _ = apply(state, 0, dragon(1, 1, 0))
    after, _ = apply(after, 1, dragon(7, -1, 0))
    with pytest.raises(IllegalMove, match="over"):
        apply(after, 0, dragon(2, 2, 0))
    assert legal_moves(after, 0) == []


def test_not_your_turn() -> None:
    state = build(hands=[[1], [2]])
    with pytest.raises(IllegalMove, match="Not your turn"):
        apply(state, 1, dragon(2, 1, 0))


def test_apply_leaves_its_input_alone() -> None:
    state = build(layout=[(51, 1, 0, 0)], hands=[[56, 3], [4]])
    before = json.dumps(state)
    apply(state, 0, action(56, "top", {"card": 51}))
    apply(state, 0, dragon(3, 0, 1))
    assert json.dumps(state) == before


def test_exhaustion_found_after_an_automatic_pass() -> None:
    """Seat 1 draws the last card, cannot place either, and nobody else can: the game ends."""
    state = build(silver="red", pile=[55], hands=[[1], [3]], deck=[4])
    after, events = apply(state, 0, dragon(1, 1, 0))
    assert kinds(events)[-2:] == ["passed", "game_over"]
    assert after["hands"][1] == [3, 4]
    res = result(after)
    assert res is not None
    assert res["end_reason"] == "exhaustion"
    assert res["scores"] == [2, 0]
    assert res["winners"] == [0]


@pytest.mark.parametrize("card", [52, 66])
def test_an_action_card_always_gives_a_move(card: int) -> None:
    state = build(silver="red", pile=[55], hands=[[1], [card]], deck=[])
    after, events = apply(state, 0, dragon(1, 1, 0))
    assert "passed" not in kinds(events)
    assert to_act(after) == {1}
    assert action(card, "top", None) in legal_moves(after, 1)
