"""One test per rule of the spec: setup, colonisation, planning, each action with its boosts,
change, ship movement, dominance and the end."""

from __future__ import annotations

import random

import pytest

from games.rules import IllegalMove
from games.space_bastards import engine
from games.space_bastards.components import RACE_CARDS
from games.space_bastards.tests.space_bastards_helpers import (
    living,
    play,
    put,
    resolve,
    ship_turn,
    table,
)

# --- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "options", "message"),
    [
        (1, {}, "2 to 5 seats"),
        (6, {}, "2 to 5 seats"),
        (3, {"eggs": True}, "Unknown options"),
        (3, {"priority": "fastest"}, "priority"),
        (3, {"priority": ["love"]}, "priority"),
        (3, {"flight_steps": [12]}, "flight_steps"),
        (3, {"flight_steps": [1, 1]}, "flight_steps"),
        (3, {"planets_off": ["P1"]}, "planets_off"),
        (3, {"planets_off": ["P1", "P1", "P5"]}, "planets_off"),
    ],
)
def test_setup_refuses_bad_seats_and_options(seats, options, message):
    with pytest.raises(ValueError, match=message):
        engine.setup(seats, options, 1)


@pytest.mark.parametrize(
    ("seats", "off"),
    [
        (2, ["P1", "P4", "P5", "P8", "P10"]),
        (3, ["P1", "P5", "P10"]),
        (4, ["P1", "P5"]),
        (5, ["P1", "P5"]),
    ],
)
def test_default_planets_switched_off(seats, off):
    state = engine.setup(seats, {}, 1)
    assert sorted(set(engine.PLANET_IDS) - set(state["in_play"])) == sorted(off)


def test_random_planets_never_switch_off_the_four_largest_with_four_or_five():
    for seed in range(60):
        state = engine.setup(4 + seed % 2, {"planets_off": "random"}, seed)
        assert {"P4", "P8", "P9", "P10"} <= set(state["in_play"])
        assert len(state["in_play"]) == 8


def test_start_state():
    state = engine.setup(3, {}, 9)
    assert state["money"] == [5, 5, 5]
    assert state["points"] == [0, 0, 0]
    assert all(len(hand) == 8 for hand in state["hands"])
    assert state["colonise"]["hands"][2] == dict.fromkeys(engine.RACES, 2)
    assert state["supply"]["1"]["toad"] == list(range(8))
    assert state["supply"]["1"]["spud"] == list(range(6))
    assert "N" not in state["supply"]
    assert "N" in engine.setup(2, {}, 9)["supply"]
    assert state["phase"] == "colonise_choose"
    assert engine.to_act(state) == {state["start"]}


def test_stack_replaces_draws_without_shifting_the_others():
    plain = engine.setup(2, {}, 77)
    start = 1 - plain["start"]
    stacked = engine.setup(2, {}, 77, {"start_player": start})
    assert stacked["start"] == start
    assert stacked["race_deck"] == plain["race_deck"]
    assert stacked["neutral_races"] == plain["neutral_races"]
    deck = list(reversed(RACE_CARDS))
    order = ["spud", "toad", "slug", "cactus", "toucan"]
    both = engine.setup(2, {}, 77, {"race_deck": deck, "neutral_races": order})
    assert (both["race_deck"], both["neutral_races"]) == (deck, order)


@pytest.mark.parametrize(
    ("stack", "message"),
    [
        ({"deck": []}, "Unknown stack keys"),
        ({"neutral_races": ["toad", "slug", "cactus", "toucan", "spud"]}, "neutral_races"),
        ({"planets_off": ["P1", "P5", "P10"]}, "planets_off"),
        ({"start_player": 3}, "start_player"),
        ({"race_deck": RACE_CARDS[:19]}, "race_deck"),
    ],
)
def test_bad_stacks_are_refused(stack, message):
    with pytest.raises(ValueError, match=message):
        engine.setup(3, {}, 1, stack)


def test_flight_steps_insert_ship_only_steps():
    state = engine.setup(3, {"flight_steps": [0, 4, 8]}, 1)
    flights = [number for kind, number in state["track"] if kind == "flight"]
    assert flights == [1, 5, 9]
    assert len(state["track"]) == 15


# --- colonisation (5.1) ----------------------------------------------------------------------


def _colonise_one_planet(state, planet, picks):
    """Choose `planet`, then every seat picks its race from `picks` (seat -> race)."""
    chooser = next(iter(engine.to_act(state)))
    play(state, chooser, {"type": "choose_planet", "planet": planet})
    for seat, race in picks.items():
        play(state, seat, {"type": "pick", "race": race})
    return chooser


def test_colonisation_chooser_turns_and_placing_order():
    state = engine.setup(3, {}, 4, {"start_player": 1})
    chooser = _colonise_one_planet(state, "P2", {0: "toad", 1: "slug", 2: "toad"})
    assert chooser == 1
    assert state["colonise"]["placer"] == 1
    for seat in (1, 2, 0):
        assert engine.to_act(state) == {seat}
        play(state, seat, engine.legal_moves(state, seat)[0])
    assert state["phase"] == "colonise_choose"
    assert engine.to_act(state) == {2}
    assert state["colonise"]["hands"][1]["slug"] == 1


def test_two_players_neutral_token_is_placed_first_scan():
    state = engine.setup(2, {}, 4, {"neutral_races": ["cactus", "toad", "slug", "toucan", "spud"]})
    chooser = state["start"]
    events = play(state, chooser, {"type": "choose_planet", "planet": "P2"})
    placed = next(e for e in events if e["type"] == "neutral_placed")
    assert placed["token"] == "N:cactus:0"
    assert placed["cells"] == [[0, 1], [1, 1], [2, 1]]  # row 0, column 1, upright first
    assert state["neutral_races"] == ["toad", "slug", "toucan", "spud"]


def test_colonisation_picks_are_hidden_until_all_picked():
    state = engine.setup(3, {}, 4, {"start_player": 0})
    play(state, 0, {"type": "choose_planet", "planet": "P2"})
    play(state, 0, {"type": "pick", "race": "spud"})
    other = engine.view(state, 1)
    assert other["colonise"]["picks"] == [None, None, None]
    assert other["colonise"]["picked"] == [True, False, False]
    assert engine.view(state, 0)["colonise"]["picks"][0] == "spud"
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "pick", "race": "toad"})


def _placing_state(board, placed, picks, hands=None):
    """Five seats colonising P1 (12 cells); `placed` seats already put their `board` tokens."""
    state = engine.setup(5, {"planets_off": ["P5", "P10"]}, 1, {"start_player": 0})
    col = state["colonise"]
    col["planet"] = "P1"
    col["colonised"] = ["P1"]
    for token, cells in board.items():
        put(state, "P1", token, cells)
        seat = int(token.split(":")[0])
        col["hands"][seat][token.split(":")[1]] -= 1
    col["placed"] = [[int(t.split(":")[0]), t] for t in placed]
    for seat, hand in (hands or {}).items():
        col["hands"][seat] = hand
    col["picks"] = picks
    col["queue"] = [s for s in range(5) if s not in {p[0] for p in col["placed"]}]
    events: list[dict] = []
    engine._next_placer(state, events)
    return state, events


def test_place_in_free_mode_refuses_rearranging():
    state, _ = _placing_state({}, [], ["toad"] * 5)
    assert state["colonise"]["mode"] == "free"
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "place", "cells": [[1, 1]], "rearrange": {}})
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "place", "cells": [[0, 0]]})
    play(state, 0, {"type": "place", "cells": [[1, 1]]})
    assert state["board"]["P1"]["0:toad:0"]["cells"] == [[1, 1]]


def test_place_rearranges_when_the_pick_only_packs():
    board = {"0:toad:0": [[1, 1]], "1:toad:0": [[2, 2]]}
    state, _events = _placing_state(
        board, ["0:toad:0", "1:toad:0"], [None, None, "spud", "toad", "toad"]
    )
    assert state["colonise"]["placer"] == 2
    assert (state["colonise"]["mode"], state["colonise"]["race"]) == ("rearrange", "spud")
    with pytest.raises(IllegalMove):
        play(state, 2, {"type": "place", "cells": [[1, 0], [1, 1], [2, 0], [2, 1]]})
    with pytest.raises(IllegalMove):  # every other token must be listed
        play(
            state,
            2,
            {
                "type": "place",
                "cells": [[1, 0], [1, 1], [2, 0], [2, 1]],
                "rearrange": {"1:toad:0": [[2, 2]]},
            },
        )
    play(
        state,
        2,
        {
            "type": "place",
            "cells": [[1, 0], [1, 1], [2, 0], [2, 1]],
            "rearrange": {"0:toad:0": [[0, 1]], "1:toad:0": [[2, 2]]},
        },
    )
    assert state["board"]["P1"]["0:toad:0"]["cells"] == [[0, 1]]
    assert state["board"]["P1"]["2:spud:0"]["cells"] == [[1, 0], [1, 1], [2, 0], [2, 1]]


def test_place_substitutes_the_smallest_race_when_the_pick_cannot_fit():
    board = {
        "0:spud:0": [[1, 0], [1, 1], [2, 0], [2, 1]],
        "1:spud:0": [[1, 2], [1, 3], [2, 2], [2, 3]],
        "2:slug:0": [[0, 1], [0, 2]],
    }
    state, events = _placing_state(board, list(board), [None, None, None, "spud", "toad"])
    assert {"type": "substituted", "seat": 3, "picked": "spud", "race": "toad"} in events
    assert (state["colonise"]["mode"], state["colonise"]["race"]) == ("free", "toad")
    assert state["colonise"]["hands"][3]["spud"] == 2
    assert state["colonise"]["hands"][3]["toad"] == 1


def test_place_cascade_replaces_an_earlier_token_by_a_smaller_one():
    board = {
        "0:spud:0": [[1, 0], [1, 1], [2, 0], [2, 1]],
        "1:spud:0": [[1, 2], [1, 3], [2, 2], [2, 3]],
        "2:slug:0": [[0, 1], [0, 2]],
        "3:slug:0": [[3, 1], [3, 2]],
    }
    state, events = _placing_state(board, list(board), [None] * 4 + ["toad"])
    cascade = [e for e in events if e["type"] == "cascade"]
    assert cascade == [
        {"type": "cascade", "seat": 3, "planet": "P1", "old": "3:slug:0", "new": "3:toad:0"}
    ]
    assert state["colonise"]["pending"] == ["3:toad:0"]
    assert (state["colonise"]["mode"], state["colonise"]["race"]) == ("rearrange", "toad")
    assert state["colonise"]["hands"][3]["slug"] == 2
    assert state["colonise"]["hands"][3]["toad"] == 1
    move = engine.legal_moves(state, 4)[0]
    assert "3:toad:0" in move["rearrange"]
    play(state, 4, move)
    assert "3:toad:0" in state["board"]["P1"]
    assert "3:slug:0" not in state["board"]["P1"]


def test_place_skips_a_seat_when_nothing_fits_and_undoes_the_cascade():
    board = {
        "0:spud:0": [[1, 0], [1, 1], [2, 0], [2, 1]],
        "1:spud:0": [[1, 2], [1, 3], [2, 2], [2, 3]],
        "2:slug:0": [[0, 1], [0, 2]],
        "3:slug:0": [[3, 1], [3, 2]],
    }
    only_spuds = {"toad": 0, "slug": 0, "cactus": 0, "toucan": 0, "spud": 1}
    only_slugs = {"toad": 0, "slug": 1, "cactus": 2, "toucan": 2, "spud": 2}
    hands = {0: only_spuds, 1: dict(only_spuds), 2: only_slugs, 3: dict(only_slugs)}
    state, events = _placing_state(board, list(board), [None] * 4 + ["toad"], hands)
    assert {"type": "skipped", "seat": 4, "planet": "P1"} in events
    assert state["colonise"]["hands"][4] == dict.fromkeys(engine.RACES, 2)
    assert state["colonise"]["hands"][3] == only_slugs
    assert sorted(state["board"]["P1"]) == sorted(board)
    assert state["phase"] == "colonise_choose"


def test_colonisation_ends_with_the_deal():
    state = engine.setup(2, {}, 12)
    deck = list(state["race_deck"])
    rng = random.Random(0)
    while state["phase"].startswith("colonise"):
        seat = min(engine.to_act(state))
        play(state, seat, rng.choice(engine.legal_moves(state, seat)))
    assert state["rel"]["love"] == deck[:2]
    assert state["rel"]["mutation"] == deck[12:14]
    assert state["offer"] == deck[14:]
    assert state["colonise"] is None
    assert state["phase"] == "plan"
    assert len(state["board"]["P2"]) == 3  # the neutral token and one per seat


# --- planning (5.4) --------------------------------------------------------------------------


def test_two_cards_cost_two_money_paid_at_reveal():
    state = table(3, money=[2, 1, 5])
    with pytest.raises(IllegalMove):
        play(state, 1, {"type": "plan", "cards": ["love", "trade"]})
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "plan", "cards": ["love", "love"]})
    play(state, 0, {"type": "plan", "cards": ["migration", "change"]})
    assert state["money"][0] == 2
    play(state, 1, {"type": "plan", "cards": ["trade"]})
    events = play(state, 2, {"type": "plan", "cards": ["mutation"]})
    revealed = next(e for e in events if e["type"] == "plans_revealed")
    assert revealed["cards"] == [["migration", "change"], ["trade"], ["mutation"]]
    assert state["money"][0] == 0
    assert state["played"][0] == ["migration", "change"]
    assert "migration" not in state["hands"][0]


def test_seats_without_cards_sit_the_round_out_and_cards_return_after_round_6():
    state = table(2, round_number=6)
    state["played"][1] = [c for c in state["hands"][1] if c != "love"]
    state["hands"][1] = ["love"]
    state["hands"][0] = []
    state["played"][0] = list(engine.ACTION_CARDS)
    assert engine.to_act(state) == {1}
    play(state, 1, {"type": "plan", "cards": ["love"]})
    while state["phase"] != "plan":
        seat = min(engine.to_act(state))
        play(state, seat, {"type": "done"})
    assert state["round"] == 7
    assert state["hands"] == [list(engine.ACTION_CARDS)] * 2
    assert state["played"] == [[], []]


def test_resolution_follows_priority_then_order_from_the_start_player():
    state = table(3, start=2)
    state["options"]["priority"] = list(engine.PRIORITY_PRESETS["chaos"])
    for seat, cards in ((0, ["migration", "change"]), (1, ["migration"]), (2, ["migration"])):
        state["money"][seat] = 5
        play(state, seat, {"type": "plan", "cards": cards})
    assert state["phase"] == "change"
    assert engine.to_act(state) == {0}
    play(state, 0, {"type": "done"})
    for seat in (1, 2):
        play(state, seat, {"type": "done"})
    assert state["phase"] == "migration"
    assert state["movement"]["seat"] == 2
    play(state, 2, {"type": "done"})
    assert state["movement"]["seat"] == 0
    play(state, 0, {"type": "done"})
    assert state["movement"]["seat"] == 1
    play(state, 1, {"type": "done"})
    assert state["phase"] == "ships"
    assert state["start"] == 0
    assert state["movement"]["seat"] == 0


def test_an_item_without_any_possible_move_is_skipped():
    state = table(2)
    events = resolve(state, [["love", 0], ["shooting", 1]])
    assert [e for e in events if e["type"] == "no_effect"] == [
        {"type": "no_effect", "seat": 0, "card": "love"},
        {"type": "no_effect", "seat": 1, "card": "shooting"},
    ]
    assert state["phase"] == "ships"


# --- love ------------------------------------------------------------------------------------


def test_love_needs_two_living_parents_one_of_them_the_actors():
    state = table(3, column={"love": ("toad", "slug")}, money=[5, 5, 5])
    put(state, "P2", "1:toad:0")
    put(state, "P2", "2:slug:0")
    put(state, "P3", "0:toad:0")
    put(state, "P4", "0:slug:0")
    assert engine.action_options(state, 0, "love") == []
    put(state, "P2", "0:toad:1")
    options = engine.action_options(state, 0, "love")
    assert {m["planet"] for m in options} == {"P2"}
    assert {m["race"] for m in options} == {"toad", "slug"}


def test_love_with_equal_races_needs_two_distinct_tokens():
    state = table(2, column={"love": ("cactus", "cactus"), "mutation": ("toad", "spud")})
    put(state, "P2", "0:cactus:0")
    assert engine.action_options(state, 0, "love") == []
    put(state, "P2", "N:cactus:0")
    assert engine.action_options(state, 0, "love")


def test_love_boost_costs_two_and_is_used_once():
    state = table(2, column={"love": ("toad", "slug")}, money=[4, 5])
    put(state, "P2", "0:toad:0", [[0, 1]])
    put(state, "P2", "1:slug:0", [[4, 1], [4, 2]])
    resolve(state, [["love", 0]])
    play(state, 0, {"type": "love", "planet": "P2", "race": "slug", "cells": [[0, 2], [0, 3]]})
    assert state["money"][0] == 4
    assert "0:slug:0" in state["board"]["P2"]
    events = play(state, 0, {"type": "love", "planet": "P2", "race": "toad", "cells": [[1, 0]]})
    assert {"type": "paid", "seat": 0, "amount": 2} in events
    assert state["money"][0] == 2
    assert state["act"] is None  # the boost used, the action ends by itself


def test_love_without_money_for_the_boost_ends_after_one_birth():
    state = table(2, column={"love": ("toad", "slug")}, money=[1, 5])
    put(state, "P2", "0:toad:0", [[0, 1]])
    put(state, "P2", "1:slug:0", [[4, 1], [4, 2]])
    resolve(state, [["love", 0]])
    play(state, 0, {"type": "love", "planet": "P2", "race": "toad", "cells": [[1, 0]]})
    assert state["act"] is None
    assert state["money"][0] == 1


# --- shooting and eating ---------------------------------------------------------------------


def test_eating_returns_every_victim_of_the_target_to_its_supply():
    state = table(3, column={"eating": ("spud", "toad")}, money=[1, 5, 5])
    put(state, "P4", "0:spud:0")
    for token in ("1:toad:0", "1:toad:1", "2:toad:0", "0:toad:0"):
        put(state, "P4", token)
    resolve(state, [["eating", 0]])
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "eat", "planet": "P4", "target": 0})
    events = play(state, 0, {"type": "eat", "planet": "P4", "target": 1})
    eaten = next(e for e in events if e["type"] == "eaten")
    assert eaten["tokens"] == ["1:toad:0", "1:toad:1"]
    assert living(state, "P4", "1") == []
    assert state["supply"]["1"]["toad"] == list(range(8))
    assert living(state, "P4", "2") == ["2:toad:0"]
    assert state["act"] is None  # one money: no boost


def test_shooting_needs_a_living_shooter_and_a_victim_of_the_target():
    state = table(2, column={"shooting": ("cactus", "toad")})
    put(state, "P2", "0:cactus:0")
    put(state, "P2", "1:slug:0")
    put(state, "P3", "1:toad:0")
    resolve(state, [["shooting", 0]])
    assert state["act"] is None
    put(state, "P2", "N:toad:0")
    resolve(state, [["shooting", 0]])
    assert engine.legal_moves(state, 0) == [
        {"type": "shoot", "planet": "P2", "target": "N"},
        {"type": "done"},
    ]


def test_a_seats_last_move_is_kept_as_what_it_named_on_the_table():
    state = table(2, column={"shooting": ("cactus", "toad")})
    put(state, "P2", "0:cactus:0")
    put(state, "P2", "1:toad:0")
    resolve(state, [["shooting", 0]])
    play(state, 0, {"type": "shoot", "planet": "P2", "target": 1})
    assert state["last_named"] == [["P2", "1:toad:0"], []]
    assert engine.view(state, 1)["last_named"] == state["last_named"]
    del state["last_named"]  # a state stored before last moves were kept
    assert engine.view(state, 1)["last_named"] == [[], []]


# --- trade and diplomacy ---------------------------------------------------------------------


def _diplomacy_table():
    state = table(4, column={"diplomacy": ("toad", "slug")})
    put(state, "P2", "0:toad:0")
    put(state, "P2", "1:slug:0")
    put(state, "P2", "2:slug:0")
    put(state, "P3", "3:slug:0")
    return state


def test_diplomacy_asks_only_relevant_seats_and_pays_points():
    state = _diplomacy_table()
    resolve(state, [["diplomacy", 0]])
    play(state, 0, {"type": "diplomacy", "decline": []})
    assert state["phase"] == "respond"
    assert engine.to_act(state) == {1, 2}
    play(state, 2, {"type": "respond", "accept": True})
    assert engine.view(state, 1)["respond"]["answered"] == [False, False, True, False]
    assert "my_answer" in engine.view(state, 1)
    assert engine.view(state, 1)["my_answer"] is None
    events = play(state, 1, {"type": "respond", "accept": False})
    partners = next(e for e in events if e["type"] == "partners")
    assert partners["partners"] == [2]
    assert state["points"] == [1, 0, 1, 0]
    assert state["scores"][2]["diplomacy"] == 1


def test_standing_preferences_and_decline_settle_partners_without_asking():
    state = _diplomacy_table()
    state["prefs"][1]["diplomacy"] = {"default": "ask", "seats": {"0": "accept"}}
    state["prefs"][2]["diplomacy"] = {"default": "refuse", "seats": {}}
    resolve(state, [["diplomacy", 0]])
    events = play(state, 0, {"type": "diplomacy", "decline": [1]})
    assert next(e for e in events if e["type"] == "partners")["partners"] == []
    assert state["points"] == [0, 0, 0, 0]
    assert state["phase"] == "ships"


def test_prefs_given_with_a_plan_take_effect_at_reveal():
    state = table(2)
    prefs = {"trade": {"default": "refuse", "seats": {"1": "ask"}}}
    play(state, 0, {"type": "plan", "cards": ["love"], "prefs": prefs})
    assert state["prefs"][0]["trade"]["default"] == "accept"
    play(state, 1, {"type": "plan", "cards": ["love"]})
    assert state["prefs"][0]["trade"] == {"default": "refuse", "seats": {"1": "ask"}}
    assert state["prefs"][0]["diplomacy"]["default"] == "ask"


def test_trade_is_skipped_when_no_pair_could_exist():
    state = table(3, column={"trade": ("toad", "spud")})
    put(state, "P2", "0:toad:0")
    put(state, "P3", "1:spud:0")
    events = resolve(state, [["trade", 0]])
    assert {"type": "no_effect", "seat": 0, "card": "trade"} in events


# --- mutation --------------------------------------------------------------------------------


def test_mutating_another_colour_costs_two_and_replaces_the_own_mutation():
    state = table(2, column={"mutation": ("toad", "slug")}, money=[3, 5])
    put(state, "P2", "0:toad:0", [[0, 1]])
    put(state, "P2", "1:toad:0", [[4, 1]])
    resolve(state, [["mutation", 0]])
    play(
        state,
        0,
        {
            "type": "mutate",
            "planet": "P2",
            "owner": 1,
            "from": "toad",
            "to": "slug",
            "tokens": ["1:toad:0"],
            "cells": [[[4, 1], [4, 2]]],
        },
    )
    assert state["money"][0] == 1
    assert state["board"]["P2"]["1:slug:0"]["cells"] == [[4, 1], [4, 2]]
    assert state["act"] is None  # no corpse anywhere, own mutation used up


def test_arranging_corpses_costs_one_and_keeps_them_off_living_cells():
    state = table(2, column={"mutation": ("toad", "slug")}, money=[1, 5], dead={"1:slug:0"})
    put(state, "P2", "1:slug:0", [[0, 1], [0, 2]], dead=True)
    put(state, "P2", "0:spud:0", [[1, 0], [1, 1], [2, 0], [2, 1]])
    resolve(state, [["mutation", 0]])
    with pytest.raises(IllegalMove):
        play(
            state,
            0,
            {"type": "arrange_corpses", "planet": "P2", "layout": {"1:slug:0": [[1, 1], [1, 2]]}},
        )
    play(
        state,
        0,
        {"type": "arrange_corpses", "planet": "P2", "layout": {"1:slug:0": [[4, 2], [4, 3]]}},
    )
    assert state["board"]["P2"]["1:slug:0"] == {"cells": [[4, 2], [4, 3]], "dead": True}
    assert state["money"][0] == 0
    assert state["act"] is None


# --- migration -------------------------------------------------------------------------------


def test_migration_first_step_free_then_one_money_and_migrants_may_board():
    state = table(2, column={"migration": ("toad", "slug")}, money=[2, 5])
    put(state, "P2", "0:toad:0")
    state["ships"][0]["space"] = "d2"
    resolve(state, [["migration", 0]])
    play(state, 0, {"type": "load", "token": "0:toad:0"})
    play(state, 0, {"type": "ship_step", "to": "r2"})
    assert state["money"][0] == 2
    play(state, 0, {"type": "ship_step", "to": "r1"})
    play(state, 0, {"type": "ship_step", "to": "d1"})
    assert state["money"][0] == 0
    assert {"type": "ship_step", "to": "r12"} not in engine.legal_moves(state, 0)
    play(state, 0, {"type": "done"})
    assert state["phase"] == "ships"


def test_migration_races_cannot_board_in_a_ships_phase():
    state = table(2, column={"migration": ("toad", "slug")})
    put(state, "P2", "0:toad:0")
    put(state, "P2", "0:cactus:0")
    ship_turn(state, 0, "d2")
    loads = [m["token"] for m in engine.legal_moves(state, 0) if m["type"] == "load"]
    assert loads == ["0:cactus:0"]


# --- ship movement ---------------------------------------------------------------------------


def test_third_step_only_for_a_ship_empty_the_whole_way():
    state = table(2)
    ship_turn(state, 0, "d2")
    for to in ("r3", "r4", "t1"):
        play(state, 0, {"type": "ship_step", "to": to})
    assert state["movement"]["steps"] == 3
    play(state, 0, {"type": "ship_step", "to": "t2"})  # the jump is free, even now
    assert [m for m in engine.legal_moves(state, 0) if m["type"] == "ship_step"] == [
        {"type": "ship_step", "to": "t1"}
    ]
    loaded = table(2)
    ship_turn(loaded, 0, "d2", cargo=["0:toad:0"])
    play(loaded, 0, {"type": "ship_step", "to": "r3"})
    play(loaded, 0, {"type": "ship_step", "to": "r4"})
    with pytest.raises(IllegalMove):
        play(loaded, 0, {"type": "ship_step", "to": "d3"})


def test_a_ship_jumps_at_most_twice_in_a_row_so_it_cannot_bounce_for_ever():
    """Decision J1: a migration between two taken teleports, where the ship may not stop."""
    state = table(3, column={"migration": ("toad", "slug")}, money=[5, 5, 5])
    state["ships"][0]["space"] = "r4"
    state["ships"][1]["space"] = "t1"
    state["ships"][2]["space"] = "t2"
    resolve(state, [["migration", 0]])
    play(state, 0, {"type": "ship_step", "to": "t1"})
    play(state, 0, {"type": "ship_step", "to": "t2"})
    play(state, 0, {"type": "ship_step", "to": "t1"})  # there and back, as the sample records do
    steps = {m["to"] for m in engine.legal_moves(state, 0) if m["type"] == "ship_step"}
    assert steps == {"r4", "r5"}
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "ship_step", "to": "t2"})
    play(state, 0, {"type": "ship_step", "to": "r5"})
    assert state["money"][0] == 4
    play(state, 0, {"type": "ship_step", "to": "t1"})
    assert {"type": "ship_step", "to": "t2"} in engine.legal_moves(state, 0)


def test_no_jump_onto_a_taken_teleport_when_only_a_third_jump_would_leave_it():
    state = table(3)
    state["ships"][1]["space"] = "t2"
    ship_turn(state, 0, "r9", cargo=["0:toad:1"])
    play(state, 0, {"type": "ship_step", "to": "r10"})
    play(state, 0, {"type": "ship_step", "to": "t2"})  # taken, but the jump leaves it
    play(state, 0, {"type": "ship_step", "to": "t1"})
    assert [m for m in engine.legal_moves(state, 0) if m["type"] == "ship_step"] == []
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "ship_step", "to": "t2"})
    play(state, 0, {"type": "done"})


def test_ships_pass_through_but_never_stop_on_another_ship():
    state = table(3)
    state["ships"][1]["space"] = "r3"
    state["ships"][2]["space"] = "r4"
    ship_turn(state, 0, "d2")
    play(state, 0, {"type": "ship_step", "to": "r3"})
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "done"})
    play(state, 0, {"type": "ship_step", "to": "r4"})
    steps = {m["to"] for m in engine.legal_moves(state, 0) if m["type"] == "ship_step"}
    assert steps == {"d3", "t1", "r3"} - {"r3"}
    play(state, 0, {"type": "ship_step", "to": "t1"})
    play(state, 0, {"type": "done"})


def test_a_step_without_a_way_out_is_illegal():
    state = table(3)
    state["ships"][1]["space"] = "r1"
    ship_turn(state, 0, "d1", cargo=["0:toad:0"])
    play(state, 0, {"type": "ship_step", "to": "r12"})
    assert {"type": "ship_step", "to": "d1"} in engine.legal_moves(state, 0)
    state["ships"][2]["space"] = "d8"
    with pytest.raises(IllegalMove):  # d8 is taken and no step would remain to leave it
        play(state, 0, {"type": "ship_step", "to": "d8"})


def test_loading_needs_a_free_dock_of_a_planet_in_play_and_cargo_must_pack():
    state = table(2)
    put(state, "P2", "0:spud:0")
    put(state, "P2", "0:spud:1")
    put(state, "P2", "0:toad:0")
    ship_turn(state, 0, "d1")  # P1 is switched off with two players
    assert not [m for m in engine.legal_moves(state, 0) if m["type"] == "load"]
    state["ships"][0]["space"] = "d2"
    play(state, 0, {"type": "load", "token": "0:spud:0"})
    loads = [m["token"] for m in engine.legal_moves(state, 0) if m["type"] == "load"]
    assert loads == ["0:toad:0"]  # two 2x2 spuds never fit a 3x3 ship


def test_no_unloading_back_onto_the_planet_boarded_from_this_movement():
    state = table(2)
    put(state, "P9", "0:toad:0")
    ship_turn(state, 0, "d9n")
    play(state, 0, {"type": "load", "token": "0:toad:0"})
    play(state, 0, {"type": "ship_step", "to": "r13"})
    play(state, 0, {"type": "ship_step", "to": "d2"})
    unloads = [m for m in engine.legal_moves(state, 0) if m["type"] == "unload"]
    assert unloads
    play(state, 0, unloads[0])
    assert "0:toad:0" in state["board"]["P2"]
    state2 = table(2)
    put(state2, "P9", "0:toad:0")
    ship_turn(state2, 0, "d9n")
    play(state2, 0, {"type": "load", "token": "0:toad:0"})
    play(state2, 0, {"type": "ship_step", "to": "r13"})
    with pytest.raises(IllegalMove):
        play(state2, 0, {"type": "unload", "token": "0:toad:0", "cells": [[0, 2]]})


def test_ship_place_only_from_off_the_board_onto_a_free_space():
    state = table(2)
    state["ships"][1]["space"] = "r5"
    ship_turn(state, 0, None)
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "ship_place", "space": "r5"})
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "ship_step", "to": "r5"})
    play(state, 0, {"type": "ship_place", "space": "r6"})
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "ship_place", "space": "r7"})


# --- the end ---------------------------------------------------------------------------------


def _score_round(state, number):
    """Play the last ships turn of round `number`, which ends with its scoring."""
    state["round"] = number
    state["track_pos"] = state["track"].index(["round", number])
    ship_turn(state, 0, None)
    play(state, 0, {"type": "done"})


def test_every_scoring_is_kept_with_the_leaders_their_count_and_the_points():
    state = table(2, round_number=4)
    for token in ("1:toad:0", "1:toad:1", "0:toad:0"):
        put(state, "P2", token)
    put(state, "P2", "0:slug:0", dead=True)  # corpses never count
    put(state, "P3", "0:toad:1")
    put(state, "P3", "1:slug:0")
    for token in ("N:toad:0", "N:toad:1", "0:toad:2"):
        put(state, "P6", token)
    _score_round(state, 4)
    first = {"round": 4, "planets": state["scorings"][0]["planets"]}
    assert first["planets"]["P2"] == {"leaders": ["1"], "count": 2, "points": 1}
    assert first["planets"]["P3"] == {"leaders": ["0", "1"], "count": 1, "points": 0}
    assert first["planets"]["P6"] == {"leaders": ["N"], "count": 2, "points": 0}
    assert first["planets"]["P7"] == {"leaders": [], "count": 0, "points": 0}
    for token in ("1:toad:0", "1:toad:1"):
        state["board"]["P2"][token]["dead"] = True
    _score_round(state, 8)
    assert [s["round"] for s in state["scorings"]] == [4, 8]
    assert state["scorings"][0] == first
    assert state["scorings"][1]["planets"]["P2"] == {"leaders": ["0"], "count": 1, "points": 1}
    assert engine.view(state, None)["scorings"] == state["scorings"]
    assert [row["dominance_4"] for row in state["scores"]] == [0, 1]
    assert [row["dominance_8"] for row in state["scores"]] == [1, 0]


def test_a_state_stored_before_scorings_were_kept_still_loads_and_scores():
    state = table(2, round_number=8)
    del state["scorings"]
    assert engine.view(state, 0)["scorings"] == []
    put(state, "P3", "1:toad:0")
    _score_round(state, 8)
    assert [s["round"] for s in state["scorings"]] == [8]
    assert state["scorings"][0]["planets"]["P3"]["leaders"] == ["1"]


def test_money_buys_points_and_ties_break_on_money_then_living_creatures():
    state = table(3, round_number=12, money=[11, 6, 9])
    put(state, "P2", "1:toad:0")
    put(state, "P3", "2:toad:0")
    state["ships"][2]["cargo"] = ["2:toad:1"]
    state["supply"]["2"]["toad"].remove(1)
    ship_turn(state, 0, None)
    events = play(state, 0, {"type": "done"})
    assert engine.is_over(state)
    assert {"type": "points_bought", "points": [2, 1, 1]} in events
    outcome = engine.result(state)
    # P2: seat 1 dominates (x2); P3: seat 2 dominates (x2); cargo never counts.
    assert outcome["scores"] == [2, 3, 3]
    assert [row["money_left"] for row in outcome["breakdown"]] == [1, 1, 4]
    assert [row["living"] for row in outcome["breakdown"]] == [0, 1, 2]
    assert outcome["ranks"] == [3, 2, 1]
    assert outcome["winners"] == [2]
    assert outcome["ranking"] == [[2], [1], [0]]


def test_full_ties_share_the_rank():
    state = table(2, round_number=12, money=[0, 0])
    ship_turn(state, 0, None)
    play(state, 0, {"type": "done"})
    outcome = engine.result(state)
    assert outcome["ranks"] == [1, 1]
    assert outcome["winners"] == [0, 1]
    assert outcome["ranking"] == [[0, 1]]


def test_legal_moves_are_fresh_objects_each_call():
    state = table(2)
    ship_turn(state, 0, None)
    moves = engine.legal_moves(state, 0)
    moves[-1]["type"] = "spoiled"
    assert engine.legal_moves(state, 0)[-1] == {"type": "done"}


def test_flight_step_moves_ships_without_cards_or_passing_the_token():
    state = engine.setup(2, {"flight_steps": [0]}, 5)
    rng = random.Random(1)
    while state["phase"].startswith("colonise"):
        seat = min(engine.to_act(state))
        play(state, seat, rng.choice(engine.legal_moves(state, seat)))
    start = state["start"]
    assert state["phase"] == "ships"
    assert state["round"] == 0
    assert engine.to_act(state) == {start}
    play(state, start, {"type": "done"})
    play(state, 1 - start, {"type": "done"})
    assert (state["phase"], state["round"], state["start"]) == ("plan", 1, start)
    assert state["points"] == [0, 0]


def test_change_first_is_read_by_the_same_rounds_later_actions():
    state = table(2, column={"shooting": ("cactus", "toad")})
    state["options"]["priority"] = list(engine.PRIORITY_PRESETS["chaos"])
    put(state, "P2", "0:cactus:0")
    put(state, "P2", "1:slug:0")
    resolve(state, [["change", None], ["shooting", 0]], [["change", "shooting"], []])
    play(state, 0, {"type": "exchange", "relationship": "shooting", "side": 1, "race": "slug"})
    play(state, 0, {"type": "done"})
    play(state, 1, {"type": "done"})
    assert state["act"] == {
        "card": "shooting",
        "seat": 0,
        "uses": 0,
        "mutated": False,
        "arranged": False,
    }
    play(state, 0, {"type": "shoot", "planet": "P2", "target": 1})
    assert state["board"]["P2"]["1:slug:0"]["dead"]


def test_change_card_players_lock_at_most_twice_more_and_others_cannot_boost():
    state = table(3, money=[5, 5, 5])
    resolve(state, [["change", None]], [["change"], ["love"], ["love"]])
    for rel in ("love", "shooting"):
        play(state, 0, {"type": "extra_lock", "relationship": rel})
    with pytest.raises(IllegalMove, match="two extra"):
        play(state, 0, {"type": "extra_lock", "relationship": "eating"})
    play(state, 0, {"type": "lock", "relationship": "eating"})
    play(state, 0, {"type": "done"})
    assert state["money"][0] == 3
    assert engine.to_act(state) == {1}
    with pytest.raises(IllegalMove, match="Only a player"):
        play(state, 1, {"type": "swap", "relationship": "trade"})
    with pytest.raises(IllegalMove, match="Only a player"):
        play(state, 1, {"type": "extra_lock", "relationship": "trade"})
    play(state, 1, {"type": "lock", "relationship": "trade"})
    assert engine.to_act(state) == {2}
    assert state["locks"] == {"love": 0, "shooting": 0, "eating": 0, "trade": 1}
