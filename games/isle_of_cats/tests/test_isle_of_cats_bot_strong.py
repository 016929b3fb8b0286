"""What the strong level reads of the Isle of Cats bot (issue 35): the estimate of how a
playout's last position ends (`playout_standing`), the candidates it ranks, and the engine's
pruned listing of placements that keeps the normal bot fast on a rescue turn."""

from __future__ import annotations

import copy
import itertools
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

from games.isle_of_cats import bot, engine
from games.isle_of_cats.bot.boat import Boat, GridLook, Outlook
from games.isle_of_cats.bot.cards import Worth
from games.isle_of_cats.bot.judge import STRONG_CANDIDATES
from games.isle_of_cats.bot.playout import ODDS_SPREAD, outlook, prospect
from games.isle_of_cats.components import CAT_COLOUR, COLOURS, RATS, SECTIONS, TILE_SHAPE
from games.isle_of_cats.tests.isle_of_cats_helpers import fill, rescue_table, sample_states

State = dict[str, Any]


def _next_morning(seats: int, seed: int, day: int = 2) -> State:
    """A game played by normal bots until the morning of `day`: where a playout ends."""
    options = {"solo_hard_lessons": 1} if seats == 1 else {}
    state = engine.setup(seats, options, seed)
    moves = 0
    while int(state["day"]) < day:
        seat = min(engine.to_act(state))
        engine.apply_in_place(state, seat, bot.choose_move(state, seat, random.Random(moves)))
        moves += 1
    return state


def _finished(seed: int) -> State:
    state = _next_morning(1, seed)
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        engine.apply_in_place(state, seat, bot.choose_move(state, seat, random.Random(seed)))
    return state


def test_a_finished_game_is_valued_by_its_result() -> None:
    state = _finished(3)
    assert bot.playout_standing(state) == engine.standing(state)


def test_fish_and_cards_in_hand_count_at_a_days_end() -> None:
    """The boat as it stands scores nothing for fish or cards still to use: the estimate
    does, so a playout that kept them is not judged as if they were thrown away."""
    state = _next_morning(1, 5)
    richer = _next_morning(1, 5)
    richer["players"][0]["fish"] += 6
    assert prospect(richer, 0) > prospect(state, 0)
    assert bot.playout_standing(richer)["scores"][0] > bot.playout_standing(state)["scores"][0]
    holding = _next_morning(1, 5)
    holding["players"][0]["aside"].append("092")
    assert prospect(holding, 0) > prospect(state, 0)


def test_fish_kept_for_the_last_day_are_worth_as_much_as_for_any_other() -> None:
    """On the last morning the day's cats are still to buy: a fish kept from the day before is
    worth as much as on any other morning (the normal bot's last-day worth, for fish left when
    the game ends, would let a playout of the day before spend them for nothing)."""
    gains = []
    for day in (2, 5):
        state = _next_morning(2, 4, day=day)
        richer = copy.deepcopy(state)
        richer["players"][0]["fish"] += 5
        gains.append(prospect(richer, 0) - prospect(state, 0))
    assert gains[0] == pytest.approx(gains[1])
    assert gains[0] > 1


def test_a_lesson_played_today_is_worth_what_it_was_worth_in_hand() -> None:
    """A lesson bought today is played before the day ends: the estimate counts what it may
    still score, as for one still in hand, and not only what it scores on the boat now."""
    state = _next_morning(2, 1)
    held = {c for p in state["players"] for c in p["hand"] + p["aside"] + p["lessons"]}
    card = next(c for c in ("119", "120", "121") if c not in held)  # nothing scored yet
    held = copy.deepcopy(state)
    held["players"][0]["hand"].append(card)
    played = copy.deepcopy(state)
    played["players"][0]["lessons"].append(card)
    assert engine.standing(played)["scores"] == engine.standing(state)["scores"]
    assert bot.playout_standing(played)["scores"][0] == pytest.approx(
        bot.playout_standing(held)["scores"][0]
    )
    assert bot.playout_standing(played)["scores"][0] > bot.playout_standing(state)["scores"][0]


def test_a_lesson_scoring_now_is_not_counted_twice() -> None:
    """A lesson in play that already scores more than the bot expects of it counts what it
    scores, and nothing on top."""
    state = _next_morning(2, 1)
    card = "119"  # all rats covered: 6
    mine = state["players"][0]
    assert card not in mine["hand"] + mine["aside"] + mine["lessons"]
    mine["lessons"].append(card)
    base = bot.playout_standing(state)["scores"][0]
    fill(state, 0, list(RATS))
    covered = bot.playout_standing(state)["scores"][0]
    assert engine.standing(state)["breakdown"][0]["personal_lessons"] >= 6
    rats_only = copy.deepcopy(state)
    rats_only["players"][0]["lessons"].remove(card)
    assert covered - bot.playout_standing(rats_only)["scores"][0] == pytest.approx(6)
    assert covered > base


def test_a_section_near_full_is_worth_more_than_as_many_cells_spread() -> None:
    """An open section's penalty is won back faster as it fills: ten cells covering most of
    one section are worth more than ten spread two apiece over five sections."""
    together = engine.setup(1, {"solo_hard_lessons": 1}, 7)
    spread = engine.setup(1, {"solo_hard_lessons": 1}, 7)
    fill(together, 0, SECTIONS["dining_room"][:10])
    names = ["stern", "port_cabin", "dining_room", "starboard_cabin", "deck"]
    fill(spread, 0, [i for name in names for i in SECTIONS[name][:2]])
    assert prospect(together, 0) > prospect(spread, 0)


def test_solo_a_section_pays_most_for_being_finished() -> None:
    """Solo, the sister scores every open section and uncovered cell, so the bot counts half
    of a section's penalty won only when it is finished: a room one cell short has won back
    much less of it than at two seats, where the share grows with the square alone."""
    room = "dining_room"
    shares = {}
    for seats in (1, 2):
        state = engine.setup(seats, {"solo_hard_lessons": 1} if seats == 1 else {}, 7)
        fill(state, 0, SECTIONS[room][:-1])
        boat = Worth(engine.view(state, 0), 0).boat
        shares[seats] = boat.outlook.section_hope(room, 1) / boat.outlook.section_hope(room, 0)
    assert shares[1] < 0.5 < shares[2]


def test_two_seats_each_boat_gets_its_prospect() -> None:
    state = _next_morning(2, 1)
    estimated = bot.playout_standing(state)
    standing = engine.standing(state)
    scores = [score + prospect(state, seat) for seat, score in enumerate(standing["scores"])]
    assert estimated["scores"] == scores
    assert estimated["winners"] == [0 if scores[0] > scores[1] else 1]


@pytest.mark.parametrize("card", ["092", "100", "104", "107"])
def test_on_the_last_day_a_playout_lays_its_treasures_instead_of_passing(card: str) -> None:
    """A playout on the last day ends with the game, where a treasure or oshax card kept in
    hand scores nothing: it lays the card's tile (legally) rather than pass; on other days it
    passes, and the card counts at its worth when the day ends."""
    state = rescue_table(2, hand=[card], phase="rare_finds")
    if not state["rares"]:
        rare = next(tile for tile in state["bag"] if tile.startswith("rare-"))
        state["bag"].remove(rare)
        state["rares"] = [[rare]]
    state["day"] = 5
    move = bot.playout_move(state, 0, random.Random(0))
    assert move["type"] == "find"
    assert move["card"] == card
    after, _events = engine.apply(state, 0, move)
    assert len(after["players"][0]["tiles"]) == 1
    state["day"] = 4
    assert bot.playout_move(state, 0, random.Random(0)) == {"type": "pass"}


def test_a_playout_buys_what_the_normal_bot_buys() -> None:
    """The playouts weigh the subsets of the picks without listing them as moves: the same
    buy as the normal bot's, ties broken alike, alone and at two to four seats."""
    bought = 0
    for seats in (1, 2, 3, 4):
        options = {"solo_hard_lessons": 1} if seats == 1 else {}
        state = engine.setup(seats, options, seats)
        moves = 0
        while not engine.is_over(state):
            seat = min(engine.to_act(state))
            move = bot.choose_move(state, seat, random.Random(moves))
            if state["phase"] == "buy" and not state["players"][seat]["bought"]:
                assert bot.playout_move(state, seat, random.Random(moves)) == move
                bought += 1
            engine.apply_in_place(state, seat, move)
            moves += 1
    assert bought == 5 * (1 + 2 + 3 + 4)


def test_a_lead_at_a_days_end_gives_odds_not_a_win() -> None:
    """At two seats the estimate gives each seat its odds of winning from the lead it has
    (adding up to one): a lead of a few points with days to go is far from a sure win, and the
    same lead is worth more on a later morning."""
    leads = {}
    for day in (2, 5):
        state = _next_morning(2, 1, day=day)
        estimated = bot.playout_standing(state)
        odds = estimated["odds"]
        assert sum(odds) == pytest.approx(1)
        leader = estimated["winners"][0]
        assert 0.5 <= odds[leader] < 1
        lead = estimated["scores"][leader] - estimated["scores"][1 - leader]
        leads[day] = (lead, odds[leader])
    early, late = ODDS_SPREAD[2], ODDS_SPREAD[5]
    assert early > late
    assert "odds" not in bot.playout_standing(_next_morning(1, 1))
    assert leads[2][1] == pytest.approx(1 / (1 + math.exp(-leads[2][0] / early)))
    assert leads[5][1] == pytest.approx(1 / (1 + math.exp(-leads[5][0] / late)))


def test_the_strong_candidates_are_the_best_rated_moves_first() -> None:
    """On a rescue turn (hundreds of placements) the candidates after the normal move are the
    normal bot's next best ratings: legal, distinct, and led by the normal move itself."""
    state = _next_morning(1, 2, day=1)
    while state["phase"] != "rescue" or len(engine.legal_moves(state, 0)) < 50:
        engine.apply_in_place(state, 0, bot.choose_move(state, 0, random.Random(0)))
    moves = bot.candidate_moves(state, 0, random.Random(0))
    assert moves[0] == bot.choose_move(state, 0, random.Random(0))
    assert len(moves) == len({str(sorted(move.items())) for move in moves}) > 3
    for move in moves:
        engine.apply(state, 0, move)


def test_a_pruned_listing_keeps_the_chosen_placements_of_every_tile() -> None:
    """The engine lists only the placements a bot's `prune` keeps (for each oshax colour
    too), as the same moves the full listing has, in its order."""
    state = _next_morning(1, 2, day=1)
    while state["phase"] != "rescue" or len(engine.legal_moves(state, 0)) < 50:
        engine.apply_in_place(state, 0, bot.choose_move(state, 0, random.Random(0)))
    full = engine.legal_moves(state, 0)
    calls: list[tuple[str, str | None]] = []

    def first_two(tile: str, colour: str | None, places: list) -> list:
        calls.append((tile, colour))
        return places[:2]

    pruned = engine.legal_moves(state, 0, prune=first_two)
    assert [move for move in full if move in pruned] == pruned
    rescues = [move for move in pruned if move["type"] == "rescue"]
    tiles = {move["tile"] for move in rescues}
    assert tiles
    assert all(sum(m["tile"] == t for m in rescues) == 2 for t in tiles)
    assert len(pruned) < len(full)
    assert {colour for _tile, colour in calls if colour} <= set(COLOURS)


def _rescue_turns(seats: int, seeds: range) -> Iterator[tuple[State, int]]:
    """Rescue turns of normal bots' games, with the seat to act."""
    for seed in seeds:
        options = {"solo_hard_lessons": 1} if seats == 1 else {}
        state = engine.setup(seats, options, seed)
        moves = 0
        while not engine.is_over(state):
            seat = min(engine.to_act(state))
            if state["phase"] == "rescue":
                yield copy.deepcopy(state), seat
            move = bot.choose_move(state, seat, random.Random(moves))
            engine.apply_in_place(state, seat, move)
            moves += 1


def test_a_playouts_look_at_a_place_is_the_normal_bots_first_look() -> None:
    """A playout weighs a cat's places straight from the boat in the state, without building
    the normal bot's picture of it: every place of every cat in the zones (and of a treasure,
    which has no friends) gets the same worth to the last digit, solo (with the sister's
    lessons) and at two seats."""
    looked = 0
    for seats in (1, 2):
        for state, seat in itertools.islice(_rescue_turns(seats, range(1)), 0, None, 3):
            player = state["players"][seat]
            view = engine.view(state, seat)
            outlook = Outlook(view)
            boat = Boat(view["players"][seat]["tiles"], outlook)
            look = GridLook(player, outlook)
            for tile in state["zones"]["left"] + state["zones"]["right"]:
                for cells in engine._placements(player, TILE_SHAPE[tile]):
                    colour = CAT_COLOUR[tile]
                    assert look.quick_at_colour(cells, colour) == boat.quick_at_colour(
                        cells, colour
                    )
                    looked += 1
            for cells in engine._placements(player, "domino"):
                assert look.quick_at_colour(cells, None) == boat.quick_at_colour(cells, None)
    assert looked > 1000


def test_a_playouts_outlook_is_the_one_its_view_gives() -> None:
    """A playout reads the seat's outlook (the scores in play, the sister's colours and
    lessons, the days left) straight from the state: the same as from the seat's view, alone
    and at two seats, at every phase."""
    compared = 0
    for seats in (1, 2):
        for state in sample_states(seats, range(2), stride=5):
            for seat in range(seats):
                assert vars(outlook(state, seat)) == vars(Outlook(engine.view(state, seat)))
                compared += 1
    assert compared > 100


def test_the_candidates_are_different_cats_before_other_places_for_one() -> None:
    """Where a seat may rescue many different cats, the strong level compares taking each of
    them (at the normal bot's best place) before a second place for any one cat."""
    for state, seat in _rescue_turns(2, range(3)):
        rescues = [move for move in engine.legal_moves(state, seat) if move["type"] == "rescue"]
        if len({move["tile"] for move in rescues}) >= STRONG_CANDIDATES:
            break
    else:
        raise AssertionError("No rescue turn offers enough different cats.")
    moves = bot.candidate_moves(state, seat, random.Random(0))
    tiles = [move["tile"] for move in moves if move["type"] == "rescue"]
    assert len(tiles) > 3
    assert len(set(tiles)) == len(tiles)
