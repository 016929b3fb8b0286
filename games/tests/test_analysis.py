"""Where did I lose? (issue 36): the analysis of a finished match's moves (`games.analysis`).

Every registered game and the guide's example: a move is judged from what its mover saw (two
true states that look alike to the mover are judged alike), every estimate is a chance to win
(0 to 1), the preferred move costs nothing, only the only legal move is "forced" and never
marked, the analysis is the same for a seed and budget and the same when resumed half-way; in
hand-made positions a clearly bad move is marked and, in a game lost either way, none is. Each
search is given a number of playouts, so every test is deterministic; the CPU time per match and
the estimates' noise are `bench/analysis.py`'s.
"""

from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace
from typing import Any

import pytest

from games import analysis, bots, search
from games.analysis import Judgement, analyse, judge
from games.contract import part
from games.registry import GAMES
from games.rules import RECORD_FORMAT
from games.tests.example import EXAMPLE, every_game
from games.tests.example_game import engine as example_engine

State = dict[str, Any]

PLAYOUTS = 24
"""Playouts per judged move: enough for the search to compare a few candidates."""
JUDGED = 6
"""Moves of the judged seat each game's record is cut after: a few decisions of each kind."""
MOVE_CAP = 400


def _record(slug: str, seed: int = 7) -> dict[str, Any]:
    """A seeded match of normal bots, cut once seat 0 has made `JUDGED` moves with a choice."""
    game = GAMES[slug]
    engine, bot = game.engine, game.bot
    seats = game.default_seats
    state = engine.setup(seats, {}, seed)
    rng = random.Random(seed)
    moves: list[dict[str, Any]] = []
    choices = 0
    while not engine.is_over(state) and choices < JUDGED and len(moves) < MOVE_CAP:
        seat = min(engine.to_act(state))
        choices += seat == 0 and len(engine.legal_moves(state, seat)) > 1
        move = bot.choose_move(state, seat, rng)
        moves.append({"seat": seat, "move": move})
        engine.apply_in_place(state, seat, move)
    return {
        "format": RECORD_FORMAT,
        "game": slug,
        "seats": [f"player {seat}" for seat in range(seats)],
        "options": {},
        "seed": seed,
        "stack": None,
        "moves": moves,
    }


def _positions(slug: str, record: dict[str, Any]) -> list[tuple[int, State]]:
    """The position before each move of the record, by the move's index."""
    engine = GAMES[slug].engine
    state = engine.setup(len(record["seats"]), {}, record["seed"])
    found = []
    for index, entry in enumerate(record["moves"]):
        found.append((index, state))
        state = engine.apply(state, entry["seat"], entry["move"])[0]
    return found


def _analysed(slug: str, record: dict[str, Any], **options: Any) -> list[Judgement]:
    game = GAMES[slug]
    return list(analyse(game.engine, game.bot, record, {0}, iterations=PLAYOUTS, **options))


@pytest.mark.parametrize("slug", every_game())
def test_a_move_is_judged_from_what_its_mover_saw(slug: str) -> None:
    """Each position and a twin drawn from the mover's view (the other hands, the deck order
    dealt anew) give the same judgement for a seed: the analysis cannot use what it hides."""
    game = GAMES[slug]
    engine = game.engine
    record = _record(slug)
    seat = 0
    positions = [
        (state, record["moves"][index])
        for index, state in _positions(slug, record)
        if record["moves"][index]["seat"] == seat and len(engine.legal_moves(state, seat)) > 1
    ]
    assert positions
    for number, (state, entry) in enumerate(positions):
        twin = engine.sample_state(engine.view(state, seat), seat, random.Random(99 + number))
        judged = [
            judge(
                engine,
                game.bot,
                position,
                seat,
                entry["move"],
                random.Random(number),
                iterations=PLAYOUTS,
            )
            for position in (state, twin)
        ]
        assert judged[0] == judged[1]


@pytest.mark.parametrize("slug", every_game())
def test_every_estimate_is_a_chance_and_the_preferred_move_costs_nothing(slug: str) -> None:
    """Every judgement holds together: the preferred move is legal, the chance before is at
    least the one after and both are chances (0 to 1, whatever margin the search ranks by), the
    mark follows the cost; where the move played is the preferred one it cost nothing; a move
    is "forced" exactly where it was the only legal one, and a forced move is never marked."""
    engine = GAMES[slug].engine
    record = _record(slug)
    judged = _analysed(slug, record)
    assert [j.index for j in judged] == [
        index for index, entry in enumerate(record["moves"]) if entry["seat"] == 0
    ]
    positions = dict(_positions(slug, record))
    for judgement in judged:
        assert judgement.verdict in analysis.VERDICTS
        only = len(engine.legal_moves(positions[judgement.index], 0)) == 1
        assert (judgement.verdict == "forced") == only
        if only:
            assert judgement.before is judgement.after is None
            assert judgement.cost == 0
            continue
        assert judgement.before is not None
        assert judgement.after is not None
        assert 0.0 <= judgement.after <= judgement.before <= 1.0
        assert judgement.verdict == analysis.verdict(judgement.cost)
        engine.apply(positions[judgement.index], 0, judgement.preferred)
        if judgement.preferred == record["moves"][judgement.index]["move"]:
            assert judgement.cost == 0
            assert judgement.verdict == "good"


@pytest.mark.parametrize("slug", every_game())
def test_an_analysis_is_the_same_for_a_seed_and_the_same_when_resumed(slug: str) -> None:
    """Run twice it gives the same; stopped after half the moves and resumed with those
    skipped, the rest is what the unbroken run gave (the worker stores each move as it goes)."""
    record = _record(slug)
    whole = _analysed(slug, record, seed=3)
    assert _analysed(slug, record, seed=3) == whole
    half = {judgement.index for judgement in whole[: len(whole) // 2]}
    assert _analysed(slug, record, seed=3, done=half) == whole[len(whole) // 2 :]


@pytest.mark.parametrize("slug", every_game())
def test_each_game_writes_down_whether_its_analysis_is_public_at_the_end(slug: str) -> None:
    """Each of the five games says in its rules module whether its end reveals every hand (none
    does: hands, goals or preferences stay hidden); a game that does not say, like the guide's
    example, gets the contract's default: the analysis stays with its player."""
    game = GAMES[slug]
    public = part(game, "engine", "ANALYSIS_PUBLIC_AT_END")
    if slug == "example_game":
        assert "ANALYSIS_PUBLIC_AT_END" not in vars(game.engine)
    else:
        assert type(vars(game.engine)["ANALYSIS_PUBLIC_AT_END"]) is bool
    assert public is False


# ---------------------------------------------------------------- hand-made positions

EXAMPLE_SCORE = {
    "seats": 2,
    "start": 0,
    "current": 0,
    "deck": [24, 23, 22],
    "hands": [[6, 19], [20, 21]],
    "rows": [[2], [14, 15]],
    "discard": [1, 3, 4, 5, *range(7, 14), 16, 17, 18],
    "over": False,
}
"""The example game: seat 0 (a red 2 in its row: 4) holds the red 6 and the yellow 1 against
seat 1's blue 2 and 3 (7), the rest of the cards thrown away. Playing the 6 wins most deals;
throwing it away loses most."""


@pytest.mark.parametrize(
    ("move", "marked"),
    [
        ({"type": "discard", "card": 6}, "blunder"),
        ({"type": "play", "card": 6}, "good"),
        ({"type": "play", "card": 19}, "good"),
    ],
)
def test_throwing_away_the_winning_card_is_a_blunder(move: dict[str, Any], marked: str) -> None:
    judgement = judge(
        example_engine, EXAMPLE.bot, EXAMPLE_SCORE, 0, move, random.Random(1), iterations=60
    )
    assert judgement.verdict == marked
    if marked == "blunder":
        assert judgement.preferred in ({"type": "play", "card": 6}, {"type": "play", "card": 19})


LOST = {
    "seats": 2,
    "start": 0,
    "current": 0,
    "deck": [3],
    "hands": [[2, 8], [9, 15]],
    "rows": [[1], [6, 12, 18, 24]],
    "discard": [4, 5, 7, 10, 11, 13, 14, 16, 17, 19, 20, 21, 22, 23],
    "over": False,
}
"""The example game: seat 1 has every 6 in its row (32), seat 0 a red 1 and the red and green
2 in hand, the 3s still unseen: no deal lets seat 0 catch up, whatever it plays."""


@pytest.mark.parametrize("move", example_engine.legal_moves(LOST, 0))
def test_in_a_game_lost_either_way_no_move_is_marked(move: dict[str, Any]) -> None:
    """The chance to win is 0 after every move, however much a discard lowers the score: the
    margin of a loss (which the search ranks by) is no part of the chance or the verdict."""
    judgement = judge(example_engine, EXAMPLE.bot, LOST, 0, move, random.Random(1), iterations=60)
    assert (judgement.before, judgement.after, judgement.verdict) == (0.0, 0.0, "good")


def test_the_only_move_is_forced_and_not_searched() -> None:
    state = {**EXAMPLE_SCORE, "deck": [], "hands": [[6], [20]]}
    state["discard"] = [*state["discard"], 19, 21, 22, 23, 24]
    judgement = judge(
        example_engine,
        EXAMPLE.bot,
        state,
        0,
        {"type": "play", "card": 6},
        random.Random(0),
        iterations=60,
    )
    assert judgement == Judgement(0, 0, None, None, None, "forced")


@pytest.mark.parametrize(
    ("position", "deals"),
    [(EXAMPLE_SCORE, analysis.LEAST_DEALS), (LOST, search.SETTLING)],
)
def test_a_move_judged_by_time_is_compared_on_the_least_number_of_deals(
    position: State, deals: int
) -> None:
    """On a clock where the time is up at once the search still plays `LEAST_DEALS` rounds (a
    sampled deal each), so that no move is called a blunder on one or two deals' luck; in a
    game lost whatever the move, where every deal ends alike, it stops at `SETTLING`."""
    drawn: list[int] = []

    def sample_state(view: State, seat: int, rng: random.Random) -> State:
        drawn.append(1)
        return example_engine.sample_state(view, seat, rng)

    engine = SimpleNamespace(**{**vars(example_engine), "sample_state": sample_state})
    judge(
        engine,
        EXAMPLE.bot,
        position,
        0,
        {"type": "discard", "card": position["hands"][0][0]},
        random.Random(0),
        seconds=0.0,
        clock=lambda: 0.0,
    )
    assert len(drawn) == 1 + deals  # the position's own draw, then one a round


def test_the_analysis_plays_deals_on_with_its_own_policy_and_the_strong_level_with_its() -> None:
    """A game's cheaper `analysis_move` serves the analysis alone: the strong level's play
    (and so its strength) stays with `playout_move`."""
    used: list[str] = []

    def policy(name: str) -> Any:
        def move(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
            used.append(name)
            return EXAMPLE.bot.playout_move(state, seat, rng)

        return move

    bot = dataclasses.replace(
        EXAMPLE.bot, playout_move=policy("strong"), analysis_move=policy("analysis")
    )
    move = {"type": "play", "card": 6}
    judge(example_engine, bot, EXAMPLE_SCORE, 0, move, random.Random(0), iterations=20)
    assert set(used) == {"analysis"}
    used.clear()
    bots.choose_move(
        example_engine, bot, EXAMPLE_SCORE, 0, random.Random(0), "strong", iterations=20
    )
    assert set(used) == {"strong"}


@pytest.mark.parametrize(
    ("cost", "marked"),
    [
        (0.0, "good"),
        (0.049, "good"),
        (0.05, "inaccuracy"),
        (0.099, "inaccuracy"),
        (0.1, "mistake"),
        (0.149, "mistake"),
        (0.15, "blunder"),
        (1.0, "blunder"),
    ],
)
def test_a_move_is_marked_by_the_chance_to_win_it_gave_away(cost: float, marked: str) -> None:
    """As lichess marks the drop in its win%: 5, 10 and 15 points."""
    assert analysis.verdict(cost) == marked
