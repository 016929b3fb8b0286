"""The strong level's search (`games.search`) and the levels' one interface (`games.bots`),
issue 35. Pure (no Django) and deterministic: every search here is given a number of playouts.
Strength and speed are measured by `python -m bench.levels`, not here."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from games import bots
from games.contract import BotSide, ranks_nothing
from games.registry import GAMES
from games.rules import engine_for
from games.search import SETTLING, chance, outcome, search

State = dict[str, Any]

TABLES = [
    ("space_dragons", 3),
    ("space_bastards", 2),
    ("kosmopolis", 2),
    ("seven_dragons", 2),
    ("isle_of_cats", 2),
    ("isle_of_cats", 1),
]
"""Every game at a seat count (the Isle of Cats alone against the sister too)."""
STRONG_PLAYOUTS = 10
MOVE_CAP = 3000


def _bot(slug: str) -> BotSide:
    return GAMES[slug].bot


def _positions(slug: str, seats: int, count: int) -> list[State]:
    """Positions of a seeded random game, some moves apart, where the seat to act has a choice."""
    engine = engine_for(slug)
    rng = random.Random(slug)
    state = engine.setup(seats, {}, seats)
    found: list[State] = []
    step = 0
    while not engine.is_over(state) and len(found) < count:
        seat = min(engine.to_act(state))
        moves = engine.legal_moves(state, seat)
        if len(moves) > 1 and step % 5 == 2:
            found.append(engine.apply(state, seat, rng.choice(moves))[0])
        engine.apply_in_place(state, seat, rng.choice(moves))
        step += 1
    return [s for s in found if not engine.is_over(s)]


# ---------------------------------------------------------------- the search on a toy game


PAYOFF = {"safe": 1.0, "gamble": 3.0, "sure": 2.0}


def _toy(payoff: dict[str, float]) -> SimpleNamespace:
    """One decision against a hidden card 0-2 the seat cannot see: "safe" scores 1; "gamble"
    scores 3 if the card is 0; "sure" scores 2 unless the card is 2. The rival scores 1.5."""

    def score(state: State) -> float:
        card, pick = state["hidden"], state["pick"]
        if (pick == "gamble" and card != 0) or (pick == "sure" and card == 2):
            return 0.0
        return payoff[pick]

    def standing(state: State) -> dict[str, Any]:
        mine = score(state)
        return {"scores": [mine, 1.5], "winners": [0] if mine > 1.5 else [1]}

    def apply_in_place(state: State, seat: int, move: dict[str, Any]) -> list[Any]:
        state["pick"] = move["pick"]
        return []

    return SimpleNamespace(
        view=lambda state, seat: {"pick": state["pick"]},
        sample_state=lambda shown, seat, rng: {"hidden": rng.randrange(3), **shown},
        apply_in_place=apply_in_place,
        is_over=lambda state: state["pick"] is not None,
        to_act=lambda state: set() if state["pick"] else {0},
        standing=standing,
    )


def _unused_policy(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    raise AssertionError("the toy game ends with the seat's move")


def _picks(*names: str) -> list[dict[str, Any]]:
    return [{"pick": name} for name in names]


@pytest.mark.parametrize("seed", range(5))
def test_the_search_picks_the_move_best_on_average_over_what_it_cannot_see(seed: int) -> None:
    """The hidden card is 0, where the gamble wins; a search that peeked would gamble. Over
    the cards the seat cannot tell apart, "sure" wins two deals in three: better than the
    default ("safe", never a win) by far more than chance."""
    move = search(
        _toy(PAYOFF),
        {"hidden": 0, "pick": None},
        0,
        random.Random(seed),
        candidates=_picks("safe", "gamble", "sure"),
        playout=_unused_policy,
        iterations=60,
    )
    assert move == {"pick": "sure"}


@pytest.mark.parametrize("order", [("safe", "gamble"), ("gamble", "safe")])
def test_the_search_keeps_the_default_unless_another_move_is_better(order: tuple[str, str]):
    """Moves worth the same on every deal: the first candidate (the normal bot's) stays."""
    even = {"safe": 2.0, "gamble": 2.0}
    toy = _toy(even)
    toy.sample_state = lambda shown, seat, rng: {"hidden": 0, **shown}
    move = search(
        toy,
        {"hidden": 0, "pick": None},
        0,
        random.Random(1),
        candidates=_picks(*order),
        playout=_unused_policy,
        iterations=40,
    )
    assert move == {"pick": order[0]}


def _ticking(playout_moves: int) -> tuple[SimpleNamespace, list[int]]:
    """A game of one decision, then `playout_moves` moves to the end; every move applied is a
    tick of the returned clock (a one-item list), so time is counted in moves."""
    now = [0]
    toy = _toy(PAYOFF)

    def apply_in_place(state: State, seat: int, move: dict[str, Any]) -> list[Any]:
        now[0] += 1
        if "pick" in move:
            state["pick"], state["left"] = move["pick"], playout_moves
        else:
            state["left"] -= 1
        return []

    toy.apply_in_place = apply_in_place
    toy.is_over = lambda state: state["pick"] is not None and state["left"] == 0
    toy.to_act = lambda state: set() if toy.is_over(state) else {0}
    return toy, now


def _search_on_the_clock(
    toy: SimpleNamespace, now: list[int], candidates: list[dict[str, Any]], **budget: Any
) -> dict[str, Any]:
    """`search` on a `_ticking` toy, its clock the moves applied; `budget` its limits."""
    return search(
        toy,
        {"hidden": 0, "pick": None, "left": 0},
        0,
        random.Random(0),
        candidates=candidates,
        playout=lambda state, seat, rng: {"step": 1},
        clock=lambda: float(now[0]),
        **budget,
    )


def test_a_search_stops_at_its_deadline_even_inside_a_playout() -> None:
    """Playouts of ten moves, three candidates, a deadline 25 moves away: the search stops at
    it (a first round of every candidate would take 33), not a move later."""
    toy, now = _ticking(10)
    _search_on_the_clock(toy, now, _picks("safe", "gamble", "sure"), deadline=25)
    assert now[0] == 25


def test_a_search_out_of_time_before_it_starts_plays_the_default_at_once() -> None:
    toy, now = _ticking(10)
    move = _search_on_the_clock(toy, now, _picks("gamble", "sure", "safe"), seconds=0.0)
    assert move == {"pick": "gamble"}
    assert now[0] == 0, "no playout was played"


def test_a_partial_round_never_overrules_the_default() -> None:
    """Time for one deal and the default's playout on a second: "sure" won the one deal it
    was played on where the default lost, and still the default stands (one deal is luck)."""
    toy, now = _ticking(0)
    toy.sample_state = lambda shown, seat, rng: {**shown, "hidden": 1}
    move = search(
        toy,
        {"hidden": 1, "pick": None, "left": 0},
        0,
        random.Random(0),
        candidates=_picks("gamble", "safe", "sure"),
        playout=_unused_policy,
        deadline=4,
        clock=lambda: float(now[0]),
    )
    assert move == {"pick": "gamble"}


def _counting(toy: SimpleNamespace) -> list[int]:
    """The deals `toy`'s searches draw from here on, one item each."""
    drawn: list[int] = []
    sample = toy.sample_state

    def sample_state(shown: State, seat: int, rng: random.Random) -> State:
        drawn.append(1)
        return dict(sample(shown, seat, rng))

    toy.sample_state = sample_state
    return drawn


@pytest.mark.parametrize(("hidden", "rounds"), [(2, SETTLING), (None, 40)])
def test_a_search_asked_to_settle_stops_once_its_deals_all_ended_alike(
    hidden: int | None, rounds: int
) -> None:
    """Where the card is always 2 (the gamble and "sure" lose, "safe" loses) every deal ends
    alike, and more deals would tell nothing: the search stops after `SETTLING` rounds of its
    forty. Where the card varies it plays all forty."""
    toy, _now = _ticking(0)
    if hidden is not None:
        toy.sample_state = lambda shown, seat, rng: {**shown, "hidden": hidden}
    drawn = _counting(toy)
    search(
        toy,
        {"hidden": 0, "pick": None, "left": 0},
        0,
        random.Random(0),
        candidates=_picks("gamble", "safe", "sure"),
        playout=_unused_policy,
        iterations=120,
        settled=0.02,
    )
    assert len(drawn) == rounds


def test_the_least_rounds_stop_at_the_ceiling() -> None:
    """Rounds of three candidates' ten-move playouts (33 ticks a round), at least twelve of
    them whatever the budget, but never past a ceiling of 100 ticks: three rounds and the
    start of a fourth, which counts for nothing."""
    toy, now = _ticking(10)
    drawn = _counting(toy)
    _search_on_the_clock(
        toy, now, _picks("safe", "gamble", "sure"), seconds=0.0, least=12, ceiling=100.0
    )
    assert now[0] == 100
    assert len(drawn) == 4


def test_a_games_estimate_of_the_end_scores_a_playout_where_it_has_one() -> None:
    """The standing says "sure" (two deals in three); the game's own estimate of how the last
    position ends says the gamble: the search follows the estimate."""
    move = search(
        _toy(PAYOFF),
        {"hidden": 0, "pick": None},
        0,
        random.Random(0),
        candidates=_picks("safe", "gamble", "sure"),
        playout=_unused_policy,
        estimate=lambda state: {
            "scores": [2.0 if state["pick"] == "gamble" else 0.0, 1.5],
            "winners": [0] if state["pick"] == "gamble" else [1],
        },
        iterations=30,
    )
    assert move == {"pick": "gamble"}


# ---------------------------------------------------------------- scoring a playout


def test_an_outcome_is_the_share_of_the_win_and_a_little_for_the_margin() -> None:
    won = outcome({"scores": [30, 20], "winners": [0]}, 0)
    lost = outcome({"scores": [30, 20], "winners": [0]}, 1)
    tied = outcome({"scores": [25, 25, 10], "winners": [0, 1]}, 1)
    assert 1 < won < 1.25
    assert -0.25 < lost < 0
    assert tied == 0.5
    assert outcome({"scores": [40, 20], "winners": [0]}, 0) > won


def test_an_outcome_reads_the_odds_an_estimate_gives() -> None:
    """Where a game's estimate gives each seat's odds of winning, they stand for the share of
    the win in the outcome (the margin still adds a little), but not in the chance the
    analysis reports."""
    close = {"scores": [30, 29], "winners": [0], "odds": [0.55, 0.45]}
    assert 0.55 < outcome(close, 0) < 0.56
    assert 0.44 < outcome(close, 1) < 0.45
    assert chance(close, 0) == 1.0


def test_a_chance_is_the_share_of_first_place_and_nothing_for_the_margin() -> None:
    """Ties for first split it evenly, so the seats' chances add up to one."""
    assert chance({"scores": [40, 20], "winners": [0]}, 0) == 1.0
    assert chance({"scores": [40, 20], "winners": [0]}, 1) == 0.0
    tied = {"scores": [25, 25, 10], "winners": [0, 1]}
    assert [chance(tied, seat) for seat in range(3)] == [0.5, 0.5, 0.0]
    assert chance({"scores": [60], "winners": ["sister"], "sister": {"total": 70}}, 0) == 0.0


def test_the_search_reports_each_candidates_chance_to_win_on_its_deals() -> None:
    """The "safe" pick never beats the rival's 1.5, "sure" wins two deals in three, the gamble one:
    the chances are the share of deals won, the margin of a win left out."""
    chances: list[float] = []
    search(
        _toy(PAYOFF),
        {"hidden": 0, "pick": None},
        0,
        random.Random(0),
        candidates=_picks("safe", "gamble", "sure"),
        playout=_unused_policy,
        iterations=300,
        chances=chances,
    )
    assert chances[0] == 0.0
    assert chances[1] == pytest.approx(1 / 3, abs=0.1)
    assert chances[2] == pytest.approx(2 / 3, abs=0.1)


def test_alone_the_margin_is_over_the_sister() -> None:
    beaten = outcome({"scores": [60], "winners": ["sister"], "sister": {"total": 70}}, 0)
    won = outcome({"scores": [60], "winners": [0], "sister": {"total": 50}}, 0)
    assert beaten < 0 < 1 < won


# ---------------------------------------------------------------- the levels' interface


def _stub_bot(**functions: Any) -> SimpleNamespace:
    """A bot with the optional parts' defaults unless given (as `GameInfo.bot` fills them)."""
    defaults = {"playout_stage": None, "playout_standing": None, "candidate_moves": ranks_nothing}
    return SimpleNamespace(**{**defaults, **functions})


def test_easy_and_normal_are_the_game_bots_own_functions() -> None:
    bot = _stub_bot(
        choose_easy=lambda state, seat, rng: {"type": "easy"},
        choose_move=lambda state, seat, rng: {"type": "normal"},
    )
    rng = random.Random(0)
    assert bots.choose_move(None, bot, {}, 0, rng, "easy") == {"type": "easy"}
    assert bots.choose_move(None, bot, {}, 0, rng, "normal") == {"type": "normal"}
    with pytest.raises(ValueError, match="level"):
        bots.choose_move(None, bot, {}, 0, rng, "master")
    assert bots.LEVELS == ("easy", "normal", "strong")


def test_strong_plays_a_forced_move_without_thinking() -> None:
    engine = SimpleNamespace(legal_moves=lambda state, seat: [{"type": "only"}])
    bot = _stub_bot(playout_move=_unused_policy)
    move = bots.choose_move(engine, bot, {}, 0, random.Random(0), "strong", iterations=10)
    assert move == {"type": "only"}


def test_the_bots_own_candidates_come_right_after_the_normal_move() -> None:
    """Among many legal moves, a game that ranks its own next best moves (`candidate_moves`)
    gets them compared before any random ones."""
    legal = [{"n": n} for n in range(30)]
    engine = SimpleNamespace(view=lambda state, seat: {}, sample_state=lambda shown, seat, rng: {})
    bot = _stub_bot(
        choose_move=lambda state, seat, rng: legal[7],
        candidate_moves=lambda state, seat, rng: [legal[7], legal[3], legal[12]],
        playout_move=lambda state, seat, rng: legal[20],
    )
    chosen = bots.candidates(engine, bot, {}, 0, random.Random(0), legal)
    assert chosen[:4] == [legal[7], legal[3], legal[12], legal[20]]
    assert len(chosen) == bots.WIDTH
    assert len({move["n"] for move in chosen}) == bots.WIDTH


class _ReadCount(list[dict[str, Any]]):
    """A legal move list that counts how often it is read through."""

    reads = 0

    def __iter__(self) -> Any:
        self.reads += 1
        return super().__iter__()


def test_candidates_a_game_ranks_itself_spare_reading_every_legal_move() -> None:
    """Where a game's own ranking fills the candidates, the rest of a long legal list (an
    empty boat offers thousands of placements) is not read again in search of random ones."""
    legal = _ReadCount({"n": n} for n in range(30))
    legal.reads = 0
    engine = SimpleNamespace(view=lambda state, seat: {}, sample_state=lambda shown, seat, rng: {})
    bot = _stub_bot(
        choose_move=lambda state, seat, rng: legal[7],
        candidate_moves=lambda state, seat, rng: [legal[n] for n in range(bots.WIDTH)],
        playout_move=_unused_policy,
    )
    chosen = bots.candidates(engine, bot, {}, 0, random.Random(0), legal)
    assert chosen == [legal[7], *(legal[n] for n in range(bots.WIDTH) if n != 7)]
    assert legal.reads == 0


def test_a_strong_bot_out_of_time_plays_the_normal_move_without_drawing_candidates() -> None:
    """Its turn came long ago (a worker was busy): no candidate drawn, no playout, the normal
    bot's move at once."""
    legal = [{"n": n} for n in range(30)]
    engine = SimpleNamespace(legal_moves=lambda state, seat: legal)
    bot = _stub_bot(
        choose_move=lambda state, seat, rng: legal[7],
        candidate_moves=_unused_policy,
        playout_move=_unused_policy,
    )
    move = bots.choose_move(
        engine, bot, {}, 0, random.Random(0), "strong", deadline=99.0, clock=lambda: 100.0
    )
    assert move == legal[7]


def test_a_strong_bot_stops_drawing_candidates_when_its_time_is_up() -> None:
    """Time for three of the playout policy's picks (a tick each): the candidates are the normal
    move and those three; then the search is out of time and plays the normal move."""
    legal = [{"n": n} for n in range(30)]
    now = [0.0]

    def pick(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        now[0] += 1
        return legal[10 + int(now[0])]

    engine = SimpleNamespace(
        legal_moves=lambda state, seat: legal,
        view=lambda state, seat: {},
        sample_state=lambda shown, seat, rng: {},
    )
    bot = _stub_bot(choose_move=lambda state, seat, rng: legal[7], playout_move=pick)
    drawn = bots.candidates(
        engine, bot, {}, 0, random.Random(0), legal, out_of_time=lambda: now[0] >= 3
    )
    assert drawn == [legal[7], legal[11], legal[12], legal[13]]


# ---------------------------------------------------------------- every game


@pytest.mark.parametrize("policy", ["playout_move", "analysis_move"])
@pytest.mark.parametrize(("slug", "seats"), TABLES)
def test_playouts_play_legal_moves_to_the_end(slug: str, seats: int, policy: str) -> None:
    """Every seat moving by the playout policy (the strong level's, or the analysis' where the
    game has one of its own), each move checked by `apply`."""
    engine = engine_for(slug)
    bot = _bot(slug)
    playout = getattr(bot, policy)
    for seed in range(2):
        rng = random.Random(seed)
        state = engine.setup(seats, {}, seed)
        for _ in range(MOVE_CAP):
            if engine.is_over(state):
                break
            seat = min(engine.to_act(state))
            state, _events = engine.apply(state, seat, playout(state, seat, rng))
        assert engine.is_over(state)


@pytest.mark.parametrize(("slug", "seats"), TABLES)
def test_a_strong_move_is_legal_and_depends_on_the_seats_view_alone(slug: str, seats: int):
    """The strong level's move in a position and in a twin that differs only in what the seat
    cannot see (drawn from its view) is the same, and legal: the search cannot peek."""
    engine = engine_for(slug)
    bot = _bot(slug)
    for index, state in enumerate(_positions(slug, seats, 2)):
        seat = min(engine.to_act(state))
        twin = engine.sample_state(engine.view(state, seat), seat, random.Random(99))
        moves = [
            bots.choose_move(
                engine,
                bot,
                position,
                seat,
                random.Random(index),
                "strong",
                iterations=STRONG_PLAYOUTS,
            )
            for position in (state, twin)
        ]
        assert moves[0] == moves[1]
        engine.apply(state, seat, moves[0])


def test_the_normal_bots_move_is_the_searchs_default() -> None:
    """The first candidate is the one the search keeps unless another is surely better."""
    legal = [{"card": 1}, {"card": 2}, {"card": 3}]
    engine = SimpleNamespace(legal_moves=lambda state, seat: legal)
    bot = _stub_bot(choose_move=lambda state, seat, rng: {"card": 3})
    chosen = bots.candidates(engine, bot, {}, 0, random.Random(0), legal)
    assert chosen == [{"card": 3}, {"card": 1}, {"card": 2}]
