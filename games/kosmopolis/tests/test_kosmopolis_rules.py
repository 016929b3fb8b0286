"""One or more tests per rule of the Kosmopolis spec, in the spec's order."""

from __future__ import annotations

import json
import random

import pytest

from games.kosmopolis import components, engine
from games.kosmopolis.tests.kosmopolis_helpers import finish_round, play_draft, table
from games.rules import IllegalMove

# --- components (section 2) ------------------------------------------------------------------


def test_components_follow_the_id_scheme():
    assert components.PROFESSION_COUNT == 72
    for card in range(72):
        assert components.CARD_COLOR[card] == components.COLORS[card // 18]
    per_color = [components.CARD_VALUE[c] for c in range(18)]
    assert per_color == [2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6]
    assert sum(per_color) == 72
    assert components.MODIFIER_VALUE == {72: 4, 73: 2, 74: -3, 75: -1}
    assert components.HAND_SIZE == {2: 6, 3: 6, 4: 5}


# --- setup (section 4) -----------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "size"), [(2, 6), (3, 6), (4, 5)])
def test_setup_deals_packets_and_reveals_one_card(seats, size):
    state = engine.setup(seats, {}, 5)
    assert state["round"] == 1
    assert state["phase"] == "draft"
    assert state["draft_step"] == 1
    assert [len(p) for p in state["packets"]] == [size] * seats
    assert sum(len(c) for c in state["kosmopolis"].values()) == 1
    assert len(state["deck"]) == 72 - 1 - seats * size
    assert state["supply"] == 8
    assert state["tokens"] == [0] * seats
    assert engine.to_act(state) == set(range(seats))


def test_setup_consumes_the_rng_in_the_spec_order():
    seed = 31337
    rng = random.Random(seed)
    deck = list(range(72))
    rng.shuffle(deck)
    start_deal = [72, 73, 74, 75]
    rng.shuffle(start_deal)
    decks = []
    for _ in range(3):
        m = [72, 73, 74, 75]
        rng.shuffle(m)
        decks.append(m)
    state = engine.setup(3, {}, seed)
    assert state["kosmopolis"][components.CARD_COLOR[deck[0]]] == [deck[0]]
    assert state["start_deal"] == start_deal[:3]
    values = [components.MODIFIER_VALUE[m] for m in start_deal[:3]]
    assert state["start_player"] == values.index(max(values))
    assert state["modifier_decks"] == decks
    start = state["start_player"]
    for offset in range(3):
        block = deck[1 + 6 * offset : 1 + 6 * (offset + 1)]
        assert state["packets"][(start + offset) % 3] == block
    assert state["deck"] == deck[19:]


def test_setup_is_deterministic_per_seed():
    assert engine.setup(4, {}, 12) == engine.setup(4, {}, 12)
    assert engine.setup(4, {}, 12) != engine.setup(4, {}, 13)


@pytest.mark.parametrize(
    ("seats", "options"),
    [(1, {}), (5, {}), ("2", {}), (True, {}), (3, {"variant": 1}), (3, None)],
)
def test_setup_refuses_bad_seats_and_options(seats, options):
    with pytest.raises(ValueError, match=r"."):
        engine.setup(seats, options, 1)


def test_stack_puts_cards_on_top_in_order():
    state = engine.setup(2, {}, 3, {"deck": [58, 12, 40, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]})
    assert state["kosmopolis"]["pink"] == [58]
    start = state["start_player"]
    assert state["packets"][start] == [12, 40, 1, 2, 3, 4]
    assert state["packets"][1 - start] == [5, 6, 7, 8, 9, 10]
    assert sorted(state["deck"] + state["packets"][0] + state["packets"][1] + [58]) == list(
        range(72)
    )


def test_stack_start_deal_picks_the_start_player():
    assert engine.setup(2, {}, 3, {"start_deal": [73, 72]})["start_player"] == 1
    assert engine.setup(3, {}, 3, {"start_deal": [72, 74, 75, 73]})["start_player"] == 0


def test_stack_modifier_decks_override_only_the_given_rounds():
    seeded = engine.setup(2, {}, 8)["modifier_decks"]
    stacked = engine.setup(2, {}, 8, {"modifier_decks": [None, [75, 74, 73, 72]]})
    assert stacked["modifier_decks"] == [seeded[0], [75, 74, 73, 72], seeded[2]]


def test_stack_does_not_change_the_rng_sequence():
    plain = engine.setup(2, {}, 8)
    stacked = engine.setup(2, {}, 8, {"start_deal": [73, 72]})
    assert plain["modifier_decks"] == stacked["modifier_decks"]
    assert plain["deck"] == stacked["deck"]


@pytest.mark.parametrize(
    "stack",
    [
        [],
        {"hand": [1]},
        {"deck": [1, 1]},
        {"deck": [72]},
        {"deck": [True]},
        {"deck": "12"},
        {"start_deal": [72]},
        {"start_deal": [72, 72]},
        {"start_deal": [1, 2]},
        {"start_deal": [72, 73, 74, 75, 72]},
        {"modifier_decks": [[72, 73, 74]]},
        {"modifier_decks": [None, None, None, None]},
        {"modifier_decks": [[72, 73, 74, 74]]},
        {"modifier_decks": "x"},
    ],
)
def test_stack_refuses_bad_data(stack):
    with pytest.raises(ValueError, match=r"."):
        engine.setup(2, {}, 1, stack)


# --- dealing and draft (5.1, 5.2) ------------------------------------------------------------


def test_draft_choices_are_kept_and_the_rest_passes_left():
    state = engine.setup(3, {}, 4)
    packets = [list(p) for p in state["packets"]]
    for seat in range(3):
        engine.apply_in_place(state, seat, {"type": "draft", "cards": packets[seat][:2]})
    assert state["draft_step"] == 2
    for seat in range(3):
        assert state["kept"][seat] == packets[seat][:2]
        assert state["packets"][(seat + 1) % 3] == packets[seat][2:]


def test_full_draft_gives_full_hands_and_starts_play():
    state = engine.setup(3, {}, 4)
    packets = [list(p) for p in state["packets"]]
    play_draft(state)
    assert state["phase"] == "play"
    assert state["current"] == state["start_player"]
    for seat in range(3):
        received = packets[(seat - 1) % 3][2:4]
        passed_twice = packets[(seat - 2) % 3][4:]
        assert state["hands"][seat] == packets[seat][:2] + received + passed_twice


def test_four_seats_get_five_cards():
    state = engine.setup(4, {}, 4)
    play_draft(state)
    assert [len(h) for h in state["hands"]] == [5] * 4


def test_draft_choice_cannot_be_changed_and_is_hidden_until_all_chose():
    state = engine.setup(2, {}, 4)
    engine.apply_in_place(state, 0, {"type": "draft", "cards": state["packets"][0][:2]})
    assert engine.to_act(state) == {1}
    with pytest.raises(IllegalMove, match="Not your turn"):
        engine.apply(state, 0, {"type": "draft", "cards": state["packets"][0][2:4]})
    assert engine.view(state, 1)["submitted"] == [True, False]
    assert engine.view(state, 1)["draft_choice"] is None
    assert engine.view(state, 0)["draft_choice"] == state["packets"][0][:2]


@pytest.mark.parametrize(
    "cards",
    [[1], [1, 2, 3], "ab", [True, False]],
)
def test_draft_refuses_malformed_choices(cards):
    state = engine.setup(2, {}, 4)
    with pytest.raises(IllegalMove):
        engine.apply(state, 0, {"type": "draft", "cards": cards})


def test_draft_refuses_cards_outside_the_packet_and_doubles():
    state = engine.setup(2, {}, 4)
    own = state["packets"][0]
    with pytest.raises(IllegalMove, match="packet"):
        engine.apply(state, 0, {"type": "draft", "cards": [own[0], state["packets"][1][0]]})
    with pytest.raises(IllegalMove, match="different"):
        engine.apply(state, 0, {"type": "draft", "cards": [own[0], own[0]]})


def test_draft_legal_moves_are_all_pairs():
    state = engine.setup(2, {}, 4)
    assert len(engine.legal_moves(state, 0)) == 15


@pytest.mark.parametrize(("deck_size", "hand"), [(8, 4), (6, 3), (4, 2), (2, 1)])
def test_short_deck_shrinks_the_packets(deck_size, hand):
    state = table(2, deck=list(range(deck_size)))
    finish_round(state, 0, 50)
    if hand > 2:
        assert state["phase"] == "draft"
        play_draft(state)
    assert state["phase"] == "play"
    assert [len(h) for h in state["hands"]] == [hand, hand]


def test_empty_deal_evaluates_the_round_at_once():
    state = table(2, deck=[1], kosmopolis={"yellow": [33, 34, 35]}, cities=[{"yellow": [18]}])
    finish_round(state, 1, 19)
    assert state["phase"] == "over"
    assert state["round"] == 3
    assert state["deck"] == [1]
    assert state["bonus"] == [[33, 35], [34]]


def test_four_seat_short_round_deals_len_over_n():
    state = table(4, deck=list(range(13)))
    finish_round(state, 0, 50)
    assert state["phase"] == "draft"
    play_draft(state)
    assert [len(h) for h in state["hands"]] == [3] * 4
    assert state["deck"] == [12]


# --- play (5.3, section 6) -------------------------------------------------------------------


def test_city_play_adds_the_card_and_passes_the_turn():
    state = table(3, hands=[[30, 1], [2], [3]])
    events = engine.apply_in_place(state, 0, {"type": "play", "card": 30, "to": "city"})
    assert state["cities"][0]["yellow"] == [30]
    assert state["hands"][0] == [1]
    assert state["current"] == 1
    assert events == [{"type": "played", "seat": 0, "card": 30, "to": "city"}]


def test_play_order_is_clockwise_from_the_start_player():
    state = table(3, start_player=2, hands=[[1, 2], [3, 4], [5, 6]])
    assert engine.to_act(state) == {2}
    engine.apply_in_place(state, 2, {"type": "play", "card": 5, "to": "city"})
    assert engine.to_act(state) == {0}


def test_scholar_draws_the_top_card_privately():
    state = table(2, hands=[[7, 1], [2]], deck=[40, 41])
    events = engine.apply_in_place(state, 0, {"type": "play", "card": 7, "to": "kosmopolis"})
    assert state["hands"][0] == [1, 40]
    assert state["deck"] == [41]
    assert {"type": "drew", "seat": 0} in events
    private = [e for e in events if "visible_to" in e]
    assert private == [{"type": "drew_card", "seat": 0, "card": 40, "visible_to": [0]}]


def test_scholar_with_empty_deck_draws_nothing():
    state = table(2, hands=[[7, 1], [2]], deck=[])
    engine.apply_in_place(state, 0, {"type": "play", "card": 7, "to": "kosmopolis"})
    assert state["hands"][0] == [1]


def test_merchant_takes_a_token_while_the_supply_lasts():
    state = table(2, hands=[[30, 31, 1], [2, 3]])
    engine.apply_in_place(state, 0, {"type": "play", "card": 30, "to": "kosmopolis"})
    assert state["tokens"] == [1, 0]
    assert state["supply"] == 7
    state["supply"] = 0
    engine.apply_in_place(state, 1, {"type": "play", "card": 2, "to": "city"})
    engine.apply_in_place(state, 0, {"type": "play", "card": 31, "to": "kosmopolis"})
    assert state["tokens"] == [1, 0]


def test_agent_must_place_before_anything_else():
    state = table(2, hands=[[40, 1], [2]])
    engine.apply_in_place(state, 0, {"type": "play", "card": 40, "to": "kosmopolis"})
    assert engine.legal_moves(state, 0) == [
        {"type": "place_modifier", "column": c} for c in components.COLORS
    ]
    with pytest.raises(IllegalMove, match="modifier"):
        engine.apply(state, 0, {"type": "play", "card": 1, "to": "city"})
    with pytest.raises(IllegalMove, match="Not your turn"):
        engine.apply(state, 1, {"type": "play", "card": 2, "to": "city"})
    engine.apply_in_place(state, 0, {"type": "place_modifier", "column": "blue"})
    assert state["modifiers"] == [{"id": 72, "column": "blue", "seat": 0}]
    assert engine.limits(state)["blue"] == 3 + 4


def test_agent_with_empty_modifier_deck_ends_the_turn():
    state = table(2, hands=[[40, 1], [2]])
    state["modifier_decks"][0] = []
    engine.apply_in_place(state, 0, {"type": "play", "card": 40, "to": "kosmopolis"})
    assert state["pending_modifier"] is None
    assert state["current"] == 1
    with pytest.raises(IllegalMove, match="no modifier"):
        engine.apply(state, 1, {"type": "place_modifier", "column": "blue"})


def test_modifiers_over_one_column_add_up():
    state = table(
        2,
        kosmopolis={"green": [7]},
        modifiers=[
            {"id": 72, "column": "green", "seat": 0},
            {"id": 74, "column": "green", "seat": 1},
        ],
    )
    assert engine.limits(state)["green"] == 4 + 4 - 3


def test_priest_breaks_value_ties_by_lowest_id():
    state = table(2, kosmopolis={"green": [9, 15, 8, 0, 1]}, hands=[[60, 1], [2]])
    engine.apply_in_place(
        state, 0, {"type": "play", "card": 60, "to": "kosmopolis", "take": "green"}
    )
    assert state["cities"][0]["green"] == [0]
    assert state["kosmopolis"]["green"] == [9, 15, 8, 1]


def test_priest_must_name_a_column_when_one_is_available():
    state = table(2, kosmopolis={"yellow": [30]}, hands=[[60, 1], [2]])
    with pytest.raises(IllegalMove, match="Choose the column"):
        engine.apply(state, 0, {"type": "play", "card": 60, "to": "kosmopolis"})
    with pytest.raises(IllegalMove, match="priest"):
        engine.apply(state, 0, {"type": "play", "card": 60, "to": "kosmopolis", "take": "green"})
    moves = [m for m in engine.legal_moves(state, 0) if m["card"] == 60]
    assert moves == [
        {"type": "play", "card": 60, "to": "city"},
        {"type": "play", "card": 60, "to": "kosmopolis", "take": "yellow"},
    ]


@pytest.mark.parametrize(
    "move",
    [
        {"type": "play", "card": 60, "to": "city", "take": "yellow"},
        {"type": "play", "card": 1, "to": "kosmopolis", "take": "yellow"},
    ],
)
def test_take_is_only_for_a_priest_into_kosmopolis(move):
    state = table(2, kosmopolis={"yellow": [30]}, hands=[[60, 1], [2]])
    with pytest.raises(IllegalMove, match="Only a priest"):
        engine.apply(state, 0, move)


def test_take_null_is_the_same_as_absent():
    state = table(2, hands=[[60, 1], [2]])
    after, _ = engine.apply(state, 0, {"type": "play", "card": 60, "to": "city", "take": None})
    assert after["cities"][0]["pink"] == [60]


def test_play_refuses_cards_not_in_hand_and_bad_destinations():
    state = table(2, hands=[[60, 1], [2]])
    with pytest.raises(IllegalMove, match="not in your hand"):
        engine.apply(state, 0, {"type": "play", "card": 2, "to": "city"})
    with pytest.raises(IllegalMove, match="city"):
        engine.apply(state, 0, {"type": "play", "card": 1, "to": "box"})


def test_playing_the_last_card_triggers_the_final_turns():
    state = table(3, start_player=0, hands=[[1, 2], [3], [4, 5]])
    engine.apply_in_place(state, 0, {"type": "play", "card": 1, "to": "city"})
    events = engine.apply_in_place(state, 1, {"type": "play", "card": 3, "to": "city"})
    assert state["trigger"] == 1
    assert state["final_turns"] == [2, 0]
    assert {"type": "trigger", "seat": 1, "final_turns": [2, 0]} in events
    engine.apply_in_place(state, 2, {"type": "play", "card": 4, "to": "city"})
    assert engine.to_act(state) == {0}
    events = engine.apply_in_place(state, 0, {"type": "play", "card": 2, "to": "city"})
    assert {"type": "hand_to_city", "seat": 2, "cards": [5]} in events
    assert state["round"] == 2


def test_trigger_waits_for_the_modifier_placement():
    state = table(2, hands=[[40], [2, 3]])
    engine.apply_in_place(state, 0, {"type": "play", "card": 40, "to": "kosmopolis"})
    assert state["trigger"] is None
    engine.apply_in_place(state, 0, {"type": "place_modifier", "column": "pink"})
    assert state["trigger"] == 0
    assert engine.to_act(state) == {1}


def test_hands_emptied_during_final_turns_have_no_effect():
    state = table(3, hands=[[1], [3], [4, 5]])
    engine.apply_in_place(state, 0, {"type": "play", "card": 1, "to": "city"})
    engine.apply_in_place(state, 1, {"type": "play", "card": 3, "to": "city"})
    assert state["trigger"] == 0
    assert state["final_turns"] == [2]


# --- round end (5.4) -------------------------------------------------------------------------


def test_tokens_phase_is_skipped_when_nobody_can_afford_a_save():
    state = table(2, kosmopolis={"yellow": [18]}, cities=[{"yellow": [33]}], tokens=[0, 0])
    events = finish_round(state, 1, 34)
    assert state["round"] == 2
    assert state["phase"] == "draft"
    assert sorted(state["removed"]) == [33, 34]
    assert any(e["type"] == "round_evaluated" for e in events)


def test_only_seats_that_can_afford_a_save_must_act():
    state = table(
        3,
        kosmopolis={"yellow": [18], "blue": [36]},
        cities=[{"yellow": [33]}, {"yellow": [21]}, {"blue": [37]}],
        tokens=[3, 1, 0],
    )
    finish_round(state, 2, 38)
    assert state["excess"] == [{"yellow": 4}, {"yellow": 1}, {"blue": 2}]
    assert engine.to_act(state) == {1}
    assert engine.legal_moves(state, 1) == [
        {"type": "save", "columns": []},
        {"type": "save", "columns": ["yellow"]},
    ]


def test_negative_limit_makes_any_column_over():
    state = table(
        2,
        modifiers=[{"id": 74, "column": "green", "seat": 0}],
        cities=[{"green": [0]}],
        tokens=[8, 0],
    )
    finish_round(state, 1, 30)
    assert state["limits"]["green"] == -3
    assert state["excess"][0] == {"green": 5}


def test_saves_are_simultaneous_and_resolve_after_the_last():
    state = table(
        2,
        kosmopolis={"yellow": [18], "blue": [36], "pink": [71]},
        cities=[{"yellow": [21]}, {"blue": [39]}],
        tokens=[2, 1],
    )
    finish_round(state, 1, 54)
    assert engine.to_act(state) == {0, 1}
    engine.apply_in_place(state, 1, {"type": "save", "columns": ["blue"]})
    assert state["phase"] == "tokens"
    assert engine.view(state, 0)["save_choice"] is None
    assert engine.view(state, 0)["submitted"] == [False, True]
    assert engine.view(state, 1)["save_choice"] == ["blue"]
    with pytest.raises(IllegalMove, match="Not your turn"):
        engine.apply(state, 1, {"type": "save", "columns": []})
    engine.apply_in_place(state, 0, {"type": "save", "columns": []})
    assert state["tokens"] == [2, 0]
    assert state["removed"] == [21]
    assert state["last_round"]["saved"] == [[], ["blue"]]


@pytest.mark.parametrize(
    ("columns", "message"),
    [
        (["green"], "over"),
        (["pink"], "over"),
        (["yellow", "yellow"], "once"),
        (["yellow", "blue"], "enough tokens"),
        ("yellow", "colours"),
        ([1], "colours"),
    ],
)
def test_save_refusals(columns, message):
    state = table(
        2,
        kosmopolis={"yellow": [18], "blue": [36]},
        cities=[{"yellow": [21], "blue": [39]}],
        tokens=[1, 0],
    )
    finish_round(state, 1, 1)
    with pytest.raises(IllegalMove, match=message):
        engine.apply(state, 0, {"type": "save", "columns": columns})


def test_bonus_needs_a_city_card_of_the_colour():
    state = table(2, kosmopolis={"green": [7], "yellow": [33]}, cities=[{"yellow": [18]}])
    finish_round(state, 1, 19)
    assert state["bonus"] == [[33], []]
    assert state["kosmopolis"]["green"] == [7]


def test_bonus_goes_only_to_the_closest_seats():
    state = table(
        3,
        kosmopolis={"yellow": [33, 34, 35]},
        cities=[{"yellow": [29]}, {"yellow": [18]}, {"yellow": [30]}],
    )
    finish_round(state, 1, 19)
    assert state["bonus"] == [[33], [], [34]]
    assert state["kosmopolis"]["yellow"] == [35]


def test_bonus_ties_get_nothing_beyond_the_column():
    state = table(
        3,
        kosmopolis={"yellow": [33]},
        cities=[{"yellow": [29]}, {"yellow": [30]}],
    )
    finish_round(state, 2, 31)
    assert state["bonus"] == [[33], [], []]


def test_modifiers_return_to_the_box_at_round_end():
    state = table(
        2,
        kosmopolis={"yellow": [33]},
        modifiers=[{"id": 73, "column": "yellow", "seat": 0}],
    )
    finish_round(state, 1, 19)
    assert state["modifiers"] == []
    assert state["last_round"]["modifiers"] == [{"id": 73, "column": "yellow", "seat": 0}]
    assert state["modifier_decks"][1] == [72, 73, 74, 75]


def test_next_start_player_ignores_bonus_piles():
    state = table(2, start_player=0, kosmopolis={"yellow": [33, 34]}, cities=[{"yellow": [18]}])
    state["bonus"] = [[35, 17], []]
    finish_round(state, 1, 30)
    assert state["start_player"] == 1


def test_round_three_ends_the_game():
    state = table(2, round_number=3, kosmopolis={"yellow": [33]}, cities=[{"yellow": [18]}])
    assert engine.result(state) is None
    events = finish_round(state, 1, 19)
    assert engine.is_over(state)
    assert engine.to_act(state) == set()
    assert events[-1]["type"] == "game_over"
    with pytest.raises(IllegalMove, match="over"):
        engine.apply(state, 0, {"type": "play", "card": 1, "to": "city"})
    assert engine.legal_moves(state, 0) == []


# --- scoring (section 8) ---------------------------------------------------------------------


def _finished(cities, bonus, tokens):
    state = table(len(cities), cities=cities, tokens=tokens)
    state["bonus"] = bonus
    state["phase"] = "over"
    return state


def test_score_is_city_plus_bonus_plus_tokens():
    outcome = engine.result(_finished([{"green": [15], "pink": [54]}, {}], [[], [33]], [1, 3]))
    assert outcome["breakdown"][0]["total"] == 6 + 2 + 1
    assert outcome["breakdown"][0]["twos"] == 1
    assert outcome["breakdown"][1] == {
        "city": 0,
        "bonus": 6,
        "tokens": 3,
        "total": 9,
        "sixes": 1,
        "fives": 0,
        "fours": 0,
        "threes": 0,
        "twos": 0,
    }
    assert outcome["scores"] == [9, 9]
    assert outcome["ranks"] == [1, 2]
    assert outcome["winners"] == [0]


def test_tie_break_counts_sixes_first():
    outcome = engine.result(_finished([{"green": [15]}, {"green": [3, 4]}], [[], []], [0, 0]))
    assert outcome["scores"] == [6, 6]
    assert outcome["ranks"] == [1, 2]


def test_tie_break_reaches_lower_values_and_shares_ranks():
    outcome = engine.result(
        _finished(
            [{"green": [3, 4]}, {"green": [0, 1, 2]}, {"green": [5, 6]}], [[], [], []], [0] * 3
        )
    )
    assert outcome["scores"] == [6, 6, 6]
    assert outcome["ranks"] == [1, 3, 1]
    assert outcome["winners"] == [0, 2]


def test_result_is_json_ready():
    outcome = engine.result(_finished([{"green": [15]}, {}], [[], []], [0, 0]))
    assert json.loads(json.dumps(outcome)) == outcome
