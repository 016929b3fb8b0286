"""The worked examples of the spec (section 10), one test each, with the spec's numbers."""

from __future__ import annotations

import pytest

from games.kosmopolis import engine
from games.kosmopolis.tests.kosmopolis_helpers import finish_round, table
from games.rules import IllegalMove


@pytest.mark.parametrize("seed", [0, 1, 99])
def test_r1_first_card_is_revealed_into_its_column(seed):
    """R1: the stacked top card 58 (pink 3) opens the pink column, the others stay empty."""
    state = engine.setup(2, {}, seed, {"deck": [58]})
    assert state["kosmopolis"] == {"green": [], "yellow": [], "blue": [], "pink": [58]}
    assert 58 not in state["deck"]


def test_r2_agent_draws_and_places_a_modifier_only_the_agent_saw():
    state = table(2, hands=[[40, 3], [5]])
    state["modifier_decks"][0] = [73, 72, 74, 75]
    events = engine.apply_in_place(state, 0, {"type": "play", "card": 40, "to": "kosmopolis"})
    assert state["kosmopolis"]["blue"] == [40]
    assert engine.to_act(state) == {0}
    assert engine.view(state, 0)["modifier_to_place"] == 73
    assert engine.view(state, 1)["modifier_to_place"] is None
    assert [e for e in events if "visible_to" not in e and "modifier" in e] == []
    private = [e for e in events if e.get("visible_to") == [0]]
    assert private[0]["modifier"] == 73
    engine.apply_in_place(state, 0, {"type": "place_modifier", "column": "yellow"})
    assert engine.view(state, 1)["modifiers"] == [{"column": "yellow", "seat": 0}]
    assert engine.view(state, 0)["modifiers"][0]["id"] == 73
    assert state["current"] == 1


def test_r3_priest_takes_the_lowest_card_of_the_chosen_column():
    state = table(2, kosmopolis={"blue": [47, 39, 51]}, hands=[[60, 3], [5]])
    move = {"type": "play", "card": 60, "to": "kosmopolis", "take": "blue"}
    engine.apply_in_place(state, 0, move)
    assert state["kosmopolis"]["pink"] == [60]
    assert state["cities"][0]["blue"] == [39]
    assert state["kosmopolis"]["blue"] == [47, 51]


def _r4_table():
    return table(
        2,
        kosmopolis={"green": [15], "yellow": [29, 21], "blue": [51, 43], "pink": [61]},
        modifiers=[
            {"id": 73, "column": "green", "seat": 1},
            {"id": 72, "column": "yellow", "seat": 1},
            {"id": 75, "column": "blue", "seat": 1},
            {"id": 74, "column": "pink", "seat": 1},
        ],
        cities=[{"yellow": [34, 26, 22], "blue": [48, 52], "pink": [65]}],
        tokens=[3, 0],
    )


def test_r4_end_of_round_with_tokens():
    state = _r4_table()
    finish_round(state, 0, 7)
    assert state["phase"] == "tokens"
    assert state["limits"] == {"green": 8, "yellow": 12, "blue": 9, "pink": 1}
    assert state["excess"][0] == {"yellow": 1, "blue": 2, "pink": 4}
    assert engine.to_act(state) == {0}
    assert [m["columns"] for m in engine.legal_moves(state, 0)] == [
        [],
        ["yellow"],
        ["blue"],
        ["yellow", "blue"],
    ]
    with pytest.raises(IllegalMove):
        engine.apply(state, 0, {"type": "save", "columns": ["pink"]})
    supply = state["supply"]
    engine.apply_in_place(state, 0, {"type": "save", "columns": ["blue", "yellow"]})
    assert state["tokens"][0] == 0
    assert state["supply"] == supply + 3
    assert state["removed"] == [65]
    summary = state["last_round"]
    assert summary["values"][0] == {"green": 4, "yellow": 12, "blue": 9}
    assert summary["spent"] == [3, 0]
    assert summary["discarded"] == [{"seat": 0, "color": "pink", "cards": [65]}]


@pytest.mark.parametrize("columns", [[], ["blue"], ["yellow"]])
def test_r4_other_saves_are_legal(columns):
    state = _r4_table()
    finish_round(state, 0, 7)
    after, _ = engine.apply(state, 0, {"type": "save", "columns": columns})
    assert after["tokens"][0] == 3 - sum({"blue": 2, "yellow": 1}[c] for c in columns)


@pytest.mark.parametrize(
    ("start_player", "expected"),
    [(0, [[33], [26], []]), (1, [[], [33], [26]])],
)
def test_r5_bonus_tie_follows_the_order_from_the_start_player(start_player, expected):
    state = table(
        3,
        start_player=start_player,
        kosmopolis={"yellow": [26, 33]},
        cities=[{"yellow": [29]}, {"yellow": [30]}],
    )
    finish_round(state, 2, 31)
    assert state["bonus"] == expected
    assert state["kosmopolis"]["yellow"] == []


def test_r6_short_deck_deals_two_each_and_drafts_automatically():
    state = table(3, deck=[0, 1, 18, 19, 36, 37, 54, 55])
    finish_round(state, 0, 12)
    assert state["round"] == 2
    assert state["start_player"] == 0
    assert state["phase"] == "play"
    assert state["hands"] == [[0, 1], [18, 19], [36, 37]]
    assert state["deck"] == [54, 55]


def test_n1_scholar_as_last_card_refills_the_hand():
    state = table(2, hands=[[7], [30, 31]], deck=[40, 41])
    engine.apply_in_place(state, 0, {"type": "play", "card": 7, "to": "kosmopolis"})
    assert state["hands"][0] == [40]
    assert state["trigger"] is None
    assert state["current"] == 1


def test_n1_scholar_with_empty_deck_triggers_the_end():
    state = table(2, hands=[[7], [30, 31]], deck=[], kosmopolis={"yellow": [33, 34, 35]})
    engine.apply_in_place(state, 0, {"type": "play", "card": 7, "to": "kosmopolis"})
    assert state["hands"][0] == []
    assert state["trigger"] == 0
    assert state["final_turns"] == [1]
    assert engine.to_act(state) == {1}
    events = engine.apply_in_place(state, 1, {"type": "play", "card": 30, "to": "city"})
    assert {"type": "hand_to_city", "seat": 1, "cards": [31]} in events
    round_end = next(e for e in events if e["type"] == "round_end")
    assert round_end["round"] == 1
    evaluated = next(e for e in events if e["type"] == "round_evaluated")
    assert evaluated["round"] == 1
    assert evaluated["values"] == [{}, {"yellow": 10}]


def test_n2_priest_with_nothing_to_take():
    state = table(2, kosmopolis={"pink": [58]}, hands=[[60, 3], [5]])
    assert {"type": "play", "card": 60, "to": "kosmopolis"} in engine.legal_moves(state, 0)
    for take in ("blue", "pink"):
        with pytest.raises(IllegalMove):
            engine.apply(state, 0, {"type": "play", "card": 60, "to": "kosmopolis", "take": take})
    engine.apply_in_place(state, 0, {"type": "play", "card": 60, "to": "kosmopolis"})
    assert state["kosmopolis"]["pink"] == [58, 60]
    assert state["cities"][0]["pink"] == []


def test_n2_pink_is_never_a_priest_column():
    state = table(2, kosmopolis={"pink": [58], "green": [7]}, hands=[[60, 3], [5]])
    with pytest.raises(IllegalMove):
        engine.apply(state, 0, {"type": "play", "card": 60, "to": "kosmopolis", "take": "pink"})


def test_n3_bonus_with_tokens():
    state = table(
        4,
        start_player=2,
        kosmopolis={"yellow": [29, 26, 19]},
        modifiers=[{"id": 74, "column": "yellow", "seat": 0}],
        cities=[{"yellow": [34]}, {"yellow": [33, 22]}, {"yellow": [32, 27]}, {"yellow": [31]}],
        tokens=[0, 1, 0, 0],
    )
    finish_round(state, 3, 21)
    assert state["limits"]["yellow"] == 8
    assert state["excess"] == [{}, {"yellow": 1}, {"yellow": 1}, {}]
    assert engine.to_act(state) == {1}
    engine.apply_in_place(state, 1, {"type": "save", "columns": ["yellow"]})
    assert state["tokens"][1] == 0
    assert sorted(state["removed"]) == [27, 32]
    assert state["last_round"]["values"][1] == {"yellow": 8}
    assert state["bonus"] == [[], [26], [], [29]]
    assert state["kosmopolis"]["yellow"] == [19]


def _n4_table(start_player):
    return table(
        4,
        start_player=start_player,
        kosmopolis={
            "green": [15, 16, 17],
            "yellow": [33, 34, 35],
            "blue": [51, 52, 53],
            "pink": [69, 70, 71],
        },
        cities=[
            {"green": [11, 12, 13], "yellow": [18, 19, 20]},
            {"blue": [47, 48, 49], "pink": [65, 66]},
            {"yellow": [29, 30, 31], "blue": [43, 44], "pink": [54]},
            {"green": [7, 8], "pink": [67]},
        ],
    )


@pytest.mark.parametrize(("start_player", "expected"), [(3, 1), (2, 2)])
def test_n4_next_start_player(start_player, expected):
    state = _n4_table(start_player)
    finish_round(state, 3, 68)
    assert state["last_round"]["city_totals"] == [21, 25, 25, 18]
    assert state["last_round"]["next_start_player"] == expected
    assert state["start_player"] == expected


def test_n5_final_tie_break_on_fives():
    state = table(
        2,
        cities=[
            {"green": [15, 16, 17, 11, 12, 7, 8, 9]},
            {"yellow": [33, 34, 35, 29, 30, 31, 32, 25, 21]},
        ],
        tokens=[2, 0],
    )
    state["bonus"] = [[3, 4, 5], [18, 19, 20]]
    state["phase"] = "over"
    outcome = engine.result(state)
    assert outcome["scores"] == [51, 51]
    assert outcome["ranks"] == [2, 1]
    assert outcome["winners"] == [1]
    assert outcome["breakdown"][0] == {
        "city": 40,
        "bonus": 9,
        "tokens": 2,
        "total": 51,
        "sixes": 3,
        "fives": 2,
        "fours": 3,
        "threes": 3,
        "twos": 0,
    }
    assert outcome["breakdown"][1]["city"] == 45
    assert outcome["breakdown"][1]["bonus"] == 6
    assert outcome["breakdown"][1]["fives"] == 4
