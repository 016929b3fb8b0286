"""One search for every game (issue 35): determinized Monte-Carlo over the engine's own
`sample_state`, `legal_moves` and `apply_in_place`.

A seat cannot see everything, so each round of the search draws one complete state from what
the seat's view shows (`sample_state`), plays each candidate move in it and plays on with the
game's fast playout policy to the end (or to the game's horizon), then scores the position. All
candidates of a round share the sample and the playout's random numbers, so they are compared on
the same deal. After 4, 8, 16 ... rounds the weaker half of the candidates is dropped (sequential
halving), which spends the budget on the moves that might be best without knowing the budget in
advance: a test gives it a number of playouts (deterministic), play gives it time. The first
candidate is the default (the normal bot's move): it is never dropped, and another is chosen
only if it beats the default on the same deals by more than chance would (`CONFIDENCE`), so a
short budget plays no worse than the normal bot.

Pure like the engines: no Django, no I/O; randomness only from the rng passed in, and time only
from the clock passed in.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from games.rules import IllegalMove, copy_state

State = dict[str, Any]
Move = dict[str, Any]
Policy = Callable[[State, int, random.Random], Move]
Stage = Callable[[State], float]
Estimate = Callable[[State], dict[str, Any]]
Clock = Callable[[], float]

REFUSED = -1.0
"""The score of a candidate the engine refused on a sample (which should never happen): below
any result."""
PLAYOUT_CAP = 3000
"""Moves a playout may make before it is scored where it stands: no game comes near (the
longest, Space Bastards at five seats, ends within 500); a policy that loops cannot hang us."""
FIRST_CUT = 4
"""Rounds played before the weaker half of the candidates is first dropped (then after 8, 16
...): fewer, and a good move may fall to a few unlucky deals."""
KEPT = 3
"""Candidates no cut goes below: the default and the two best others."""
SETTLING = 8
"""Full rounds (deals) a search asked to stop once its chances have settled plays before it
may: a seat whose chance is 30 % wins all or none of 6 deals one time in 8 (measured: a Space
Bastards move estimated at 0 or 1 on 6 deals by two seeds, 0.17-0.5 by six others on 12), of
8 one time in 17."""
CONFIDENCE = 1.0
"""Standard errors by which a candidate must beat the first (the default: the game's normal
bot's move) on the same deals to be chosen instead."""
MARGIN_WEIGHT = 0.25
"""What the score margin adds to a win (1) or a loss (0) when the search ranks its candidates:
among moves that win (or lose) alike, the one that wins by more (or loses by less) is better,
and a margin tells moves apart where the sample of deals is too small to show a difference in
wins. The chance to win the search reports (`chance`) carries none of it."""


def search(
    engine: Any,
    state: State,
    seat: int,
    rng: random.Random,
    *,
    candidates: Sequence[Move],
    playout: Policy,
    stage: Stage | None = None,
    estimate: Estimate | None = None,
    iterations: int | None = None,
    seconds: float | None = None,
    deadline: float | None = None,
    clock: Clock | None = None,
    chances: list[float] | None = None,
    least: int = 0,
    settled: float | None = None,
    ceiling: float | None = None,
) -> Move:
    """The candidate that scores best on average over sampled deals, for `seat` in `state`.

    The budget is `iterations` (playouts: deterministic; one round, every candidate once, is
    played at least), or time on `clock`: `seconds` from now, or until `deadline` (a reading of
    `clock`). Time is read before every move of a
    playout, so a search overruns it by one move of the playout policy at most; a playout cut
    short counts for nothing, and on fewer than two deals the default stands. With `stage` (a
    number that grows by one a round, a day or so many moves as the game goes on) a playout
    stops once it has grown by one from where the candidate left it, and the position is scored
    by its standing (`engine.standing`), or by `estimate(state)`, the game's estimate of the
    standing it will end in. Only `view(state, seat)` is read of `state`: a search cannot peek.
    Candidates are ranked by `outcome` (the win and a little for the margin); a `chances` list
    is filled with each candidate's chance to win (`chance`: the share of the wins, no margin)
    over the deals it was played on, which the analysis of a match reports. `least` rounds are
    played whatever the budget, unless the chances have `settled` first or the search has run
    for `ceiling` seconds on its clock: with `settled` (a standard error, 0-1) the search stops
    after any round from the `SETTLING`th on where the default's chance and every remaining
    candidate's difference from it on the same deals are known to within it."""
    if not candidates:
        raise ValueError(f"Seat {seat} has no candidate move.")
    if len(candidates) == 1:
        return candidates[0]
    ends = _ends(iterations, seconds, deadline, clock)
    shown = engine.view(state, seat)
    alive = list(range(len(candidates)))
    scores: list[list[float]] = [[] for _ in candidates]
    won: list[list[float]] = [[] for _ in candidates]
    spent = rounds = 0
    next_cut = FIRST_CUT

    hard_end = math.inf if ceiling is None or clock is None else clock() + ceiling

    def spent_all() -> bool:
        if iterations is not None:
            return rounds >= max(least, 1) and spent >= iterations
        if clock is None:
            return True
        now = clock()
        return now >= hard_end or (rounds >= least and now >= ends)

    play_on = functools.partial(_playout, engine, seat, playout, stage, estimate, spent_all)
    while not spent_all():
        sample = engine.sample_state(shown, seat, rng)
        seed = rng.getrandbits(64)
        for index in alive:
            ended = play_on(sample, candidates[index], random.Random(seed))
            if ended is None:
                break
            scores[index].append(outcome(ended, seat) if ended else REFUSED)
            won[index].append(chance(ended, seat) if ended else 0.0)
            spent += 1
            if spent_all():
                break
        else:
            rounds += 1
            if settled is not None and _settled(won, alive, rounds, settled):
                break
            if rounds == next_cut and len(alive) > KEPT:
                alive = _halved(alive, scores)
                next_cut *= 2
            continue
        break
    best = max(alive, key=lambda i: (_mean(scores[i]), -i))
    if chances is not None:
        chances[:] = [_mean(played) for played in won]
    return candidates[best if _better(scores[best], scores[0]) else 0]


def _ends(
    iterations: int | None, seconds: float | None, deadline: float | None, clock: Clock | None
) -> float:
    """When a search on time must stop, read on its clock (never, on a number of playouts)."""
    if iterations is not None:
        return math.inf
    if clock is None or (seconds is None and deadline is None):
        raise ValueError(
            "A search needs a number of playouts, or a clock and seconds or a deadline."
        )
    return deadline if deadline is not None else clock() + (seconds or 0.0)


def _settled(won: list[list[float]], alive: list[int], rounds: int, tolerance: float) -> bool:
    """Whether, after `rounds` full rounds, more deals would hardly move the estimates: the
    default's chance and each remaining rival's paired difference from it have a standard error
    of at most `tolerance` (on deals that all ended alike, none at all)."""
    if rounds < SETTLING:
        return False
    default = won[0]
    return _error(default) <= tolerance and all(
        _error([a - b for a, b in zip(won[index], default, strict=False)]) <= tolerance
        for index in alive[1:]
    )


def _error(values: Sequence[float]) -> float:
    """The standard error of the mean of `values` (two at least)."""
    n = len(values)
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def _halved(alive: list[int], scores: list[list[float]]) -> list[int]:
    """The default and the better half of the others (never fewer than `KEPT` in all)."""
    ranked = sorted(alive[1:], key=lambda i: (-_mean(scores[i]), i))
    return [0, *sorted(ranked[: max(KEPT - 1, math.ceil(len(ranked) / 2))])]


def _mean(values: Sequence[float]) -> float:
    """The average; a candidate not yet played on any deal ranks below every other."""
    return sum(values) / len(values) if values else -math.inf


def _better(rival: list[float], default: list[float]) -> bool:
    """Whether `rival` beats the default on the deals both were played on by more than one
    standard error of the paired differences: a few lucky deals do not overrule it."""
    differences = [a - b for a, b in zip(rival, default, strict=False)]
    if rival is default or len(differences) < 2:
        return False
    return _mean(differences) > CONFIDENCE * _error(differences)


def _playout(
    engine: Any,
    seat: int,
    playout: Policy,
    stage: Stage | None,
    estimate: Estimate | None,
    stop: Callable[[], bool],
    sample: State,
    move: Move,
    rng: random.Random,
) -> dict[str, Any] | None:
    """`move` played in a copy of the sampled state, the game played on by the policy, and
    the standing it ended in or, stopped at a stage, the game's estimate of it; empty for a
    refused move (which a sample should never cause), None once `stop` says the budget is
    spent."""
    state = copy_state(sample)
    try:
        engine.apply_in_place(state, seat, move)
    except IllegalMove:
        return {}
    start = stage(state) if stage is not None else 0.0
    for _ in range(PLAYOUT_CAP):
        if engine.is_over(state) or (stage is not None and stage(state) >= start + 1):
            break
        if stop():
            return None
        mover = min(engine.to_act(state))
        engine.apply_in_place(state, mover, playout(state, mover, rng))
    if estimate is not None:
        return estimate(state)
    standing: dict[str, Any] = engine.standing(state)
    return standing


def chance(standing: dict[str, Any], seat: int) -> float:
    """What a result (or a standing) counts toward `seat`'s chance to win, which the search
    averages over its deals: 1 alone in first place, 0 behind, and a first place shared by
    several seats (or with the solo sister) split evenly among them, so that the seats' chances
    add up to one."""
    winners = standing["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def outcome(standing: dict[str, Any], seat: int) -> float:
    """How good a result (or a standing) is for `seat`: its share of the win, plus a little
    for its margin over the best other score (in solo play, the sister's). A game's estimate of
    where a playout stopped may give each seat's `odds` of winning from there (adding up to
    one) for the share: a small lead with days to go is not yet a win, and judged as one it
    turns many deals on a point or two."""
    share = float(standing["odds"][seat]) if "odds" in standing else chance(standing, seat)
    scores = standing["scores"]
    mine = float(scores[seat])
    others = [float(score) for other, score in enumerate(scores) if other != seat]
    if "sister" in standing:
        others.append(float(standing["sister"]["total"]))
    if not others:
        return share
    best = max(others)
    return share + MARGIN_WEIGHT * (mine - best) / (abs(mine) + abs(best) + 10.0)
