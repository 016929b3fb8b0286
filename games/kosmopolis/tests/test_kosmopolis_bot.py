"""The bots always move legally, see only their own view, end every game of bots, beat random
play clearly, and the normal bot plans for the cards its hand will still put in its city."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.kosmopolis import bot, engine
from games.kosmopolis.tests.kosmopolis_helpers import sample_states, table
from games.tests.playouts import bots_against_random

Bot = Callable[[dict[str, Any], int, random.Random], dict[str, Any]]
LEVELS = pytest.mark.parametrize(
    "level", [bot.choose_move, bot.choose_easy], ids=["normal", "easy"]
)
MOVE_CAP = 600
"""Far more moves than a game has: 72 cards played once each, drafts and saves on top."""


def _game(seats: int, seed: int, bots: set[int], level: Bot = bot.choose_move) -> dict:
    return bots_against_random(engine, level, seats, seed, bots, move_bound=MOVE_CAP)


@LEVELS
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_bot_only_games_end_with_legal_moves(level, seats):
    for seed in range(12):
        _game(seats, seed, set(range(seats)), level)


@pytest.mark.parametrize(
    ("level", "seats", "needed"),
    [
        (bot.choose_move, 2, 0.9),
        (bot.choose_move, 3, 0.75),
        (bot.choose_move, 4, 0.6),
        (bot.choose_easy, 2, 0.75),
    ],
    ids=["normal-2", "normal-3", "normal-4", "easy-2"],
)
def test_bot_beats_random_players(level, seats, needed):
    games = 60
    wins = 0
    for seed in range(games):
        seat = seed % seats
        wins += seat in _game(seats, 1000 + seed, {seat}, level)["winners"]
    assert wins / games >= needed


@LEVELS
def test_bot_decides_from_its_view_only(level):
    for state in sample_states(3, range(15), stride=3):
        for seat in engine.to_act(state):
            twin = engine.sample_state(engine.view(state, seat), seat, random.Random(seat))
            mine = level(state, seat, random.Random(4))
            blind = level(twin, seat, random.Random(4))
            assert mine == blind


@LEVELS
def test_bot_refuses_to_move_for_an_idle_seat(level):
    state = engine.setup(2, {}, 1)
    engine.apply_in_place(state, 0, {"type": "draft", "cards": state["packets"][0][:2]})
    with pytest.raises(ValueError, match="nothing to do"):
        level(state, 0, random.Random(0))


def _final_turn_with_two_yellows() -> dict[str, Any]:
    """Seat 0's last turn: yellow limit 9 (4 + 5), a 3 in its city, a 4 and a 5 in hand."""
    state = table(
        2,
        kosmopolis={"yellow": [27, 29], "green": [1]},
        cities=[{"yellow": [21]}, {"green": [0]}],
        hands=[[26, 31], [40]],
    )
    state["trigger"] = 1
    state["final_turns"] = [0]
    return state


def test_the_normal_bot_counts_the_card_its_hand_leaves_in_its_city():
    """Today's bot put the 5 in its city (8, under the limit of 9) as if the round ended now;
    the 4 left in its hand then joined the city too (12) and all three yellows were thrown
    away. Playing one yellow to Kosmopolis keeps the column."""
    state = _final_turn_with_two_yellows()
    for seed in range(4):
        move = bot.choose_move(state, 0, random.Random(seed))
        after, _ = engine.apply(state, 0, move)
        assert move["to"] == "kosmopolis"
        assert after["cities"][0]["yellow"]


def _green_four_to_place(seats: int, rival_cards: int) -> dict[str, Any]:
    """Seat 0 holds a green 4 and a yellow 5 under green and yellow limits of 2; the other
    seats hold `rival_cards` blue and pink cards each."""
    spare = [card for card in range(36, 72) if card not in (37, 55)]
    hands = [[29, 7]] + [spare[s * rival_cards : (s + 1) * rival_cards] for s in range(seats - 1)]
    return table(seats, kosmopolis={"yellow": [19], "green": [1]}, hands=hands)


def test_the_normal_bot_counts_on_the_limits_its_rivals_will_raise():
    """Three rivals with four turns left will play about half their cards to Kosmopolis: the
    green limit of 2 will likely pass 4, so the 4 goes to the city. One rival with two turns
    left raises it little, and the normal bot keeps the green 4 out of its city (the easy one
    judges by the limits it sees either way)."""
    crowded = _green_four_to_place(4, 4)
    assert bot.choose_move(crowded, 0, random.Random(0)) == {
        "type": "play",
        "card": 7,
        "to": "city",
    }
    assert bot.choose_easy(crowded, 0, random.Random(0))["to"] == "kosmopolis"
    alone = _green_four_to_place(2, 4)
    assert bot.choose_move(alone, 0, random.Random(0)) != {"type": "play", "card": 7, "to": "city"}


def _yellow_four_over_the_visible_limit() -> dict[str, Any]:
    """Seat 0's last card, a yellow 4, and a yellow column of 12 (two 6s) in its city under a
    visible yellow limit of 15; the three rivals hold one card each, so three turns are left."""
    return table(
        4,
        kosmopolis={"yellow": [35, 29, 19, 20]},
        cities=[{"yellow": [33, 34]}],
        hands=[[25], [36], [37], [38]],
    )


def test_the_normal_bot_does_not_stake_a_column_on_the_rivals_raising_its_limit():
    """The 4 in the city makes 16, one over the limit of 15: three rival turns raise it by
    more than a point on average, but most often not at all (a column gains a card in about
    one turn of ten), and the whole column of 16 would be thrown away. The bot used to count
    on the average and played it to its city; it now plays it to Kosmopolis and keeps 12."""
    state = _yellow_four_over_the_visible_limit()
    for seed in range(4):
        assert bot.choose_move(state, 0, random.Random(seed)) == {
            "type": "play",
            "card": 25,
            "to": "kosmopolis",
        }


def _draft_with_two_yellow_sixes() -> dict[str, Any]:
    """Round 1's first draft step at four seats: seat 0's packet holds two yellow 6s, a blue 5,
    a blue 2 and a pink 2; its city has a yellow column of 8 under a yellow limit of 8 and no
    blue column under a blue limit of 10."""
    state = engine.setup(4, {}, 7)
    packet = [33, 34, 47, 36, 54]
    kosmopolis = {"green": [], "yellow": [26, 27], "blue": [51, 43], "pink": []}
    city = [29, 21]
    used = {*packet, *city, *(card for cards in kosmopolis.values() for card in cards)}
    others = [card for card in range(72) if card not in used]
    state["packets"] = [packet, others[0:5], others[5:10], others[10:15]]
    state["deck"] = others[15:]
    state["kosmopolis"] = kosmopolis
    state["cities"][0]["yellow"] = city
    return state


def test_the_normal_bot_drafts_two_cards_of_a_colour_for_the_room_they_share():
    """The rivals' fifteen cards will raise the yellow limit by about six: room for one more 6
    in the yellow column, not for two. The bot used to judge each card of a pick alone and
    took both 6s; it now takes one 6 and the blue 5, which its blue column has room for."""
    state = _draft_with_two_yellow_sixes()
    for seed in range(4):
        picked = bot.choose_move(state, 0, random.Random(seed))["cards"]
        assert 47 in picked
        assert len({33, 34} & set(picked)) == 1


def test_the_strong_level_compares_the_picks_the_normal_bot_rates_best():
    """Of the ten pairs of a five-card packet the strong level plays out only a few: those
    the normal bot rates best, its own pick among them, and never the two 2s, which a random
    candidate could be."""
    state = _draft_with_two_yellow_sixes()
    picks = [set(move["cards"]) for move in bot.candidate_moves(state, 0, random.Random(0))]
    assert len(picks) == bot.STRONG_CANDIDATES == len({frozenset(pick) for pick in picks})
    assert picks[0] in ({33, 47}, {34, 47})
    assert set(bot.choose_move(state, 0, random.Random(0))["cards"]) in picks
    assert {36, 54} not in picks


def _two_blues_and_a_turn_after() -> dict[str, Any]:
    """Seat 1's last two cards, a blue 3 and a blue 4, with one more turn after this one; no
    blue column in its city yet, a blue card and a modifier in Kosmopolis's blue column."""
    return table(
        2,
        kosmopolis={"yellow": [26], "blue": [46], "pink": [60, 54, 71]},
        cities=[{"green": [11, 14], "pink": [69]}, {"green": [1], "yellow": [24], "pink": [67]}],
        hands=[[2, 3], [40, 43]],
        tokens=[1, 0],
        modifiers=[{"id": 73, "column": "blue", "seat": 1}],
        current=1,
    )


def test_the_normal_bot_counts_the_ability_of_a_card_it_keeps_for_kosmopolis(monkeypatch):
    """One blue goes to Kosmopolis, the other to the city, either way. The bot plays the 4 to
    its city now and keeps the 3 for Kosmopolis next turn: its plan counts the kept card's
    ability (`PLANNED_ABILITY_WORTH`). Counting nothing for it, the bot rushed the 3 to
    Kosmopolis to have its modifier now, which at four seats lost more games to easy bots."""
    state = _two_blues_and_a_turn_after()
    for seed in range(4):
        assert bot.choose_move(state, 1, random.Random(seed)) == {
            "type": "play",
            "card": 43,
            "to": "city",
        }
    monkeypatch.setattr(bot, "PLANNED_ABILITY_WORTH", 0.0)
    assert bot.choose_move(state, 1, random.Random(0)) == {
        "type": "play",
        "card": 40,
        "to": "kosmopolis",
    }


def _each_split_scored_whole(plan: Any, after: bot.Position, seat: int, played: int | None):
    """The plan's worth as it was first written: every split's whole position scored."""
    from itertools import combinations

    rest = [card for card in plan.hand if card != played]
    best = float("-inf")
    for count in range(min(plan.turns, len(rest)) + 1):
        for chosen in combinations(rest, count):
            planned = after.copy()
            for card in rest:
                if card in chosen:
                    planned.to_kosmopolis(card)
                    planned.extra += bot.PLANNED_ABILITY_WORTH
                else:
                    planned.add_to_city(seat, card)
            best = max(best, planned.score(seat))
    return best


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_plans_shared_column_terms_score_exactly_as_each_split_scored_whole(seats):
    compared = 0
    for seed in range(4):
        state = engine.setup(seats, {}, seed)
        while not engine.is_over(state):
            seat = min(engine.to_act(state))
            view = engine.view(state, seat)
            if view["phase"] == "play":
                plan = bot._Plan(view, seat)
                position = bot.Position(view, ahead=True)
                for card in view["hand"]:
                    after = position.copy()
                    after.add_to_city(seat, card)
                    shared = plan.worth(after, seat, card)
                    assert shared == _each_split_scored_whole(plan, after, seat, card)
                    compared += 1
            move = bot.choose_move(state, seat, random.Random(seed))
            state = engine.apply(state, seat, move)[0]
    assert compared > 100
