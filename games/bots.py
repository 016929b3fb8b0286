"""The bots' three levels, one interface for every game (issue 35).

`easy` and `normal` are the game's own bot (`choose_easy`, `choose_move` in
`games/<slug>/bot.py`); `strong` searches (`games.search`) among a few candidate moves: the
normal bot's, those the game's fast playout policy (`playout_move`) picks on sampled deals, and
random legal ones to fill up. A game's bot may also provide (optional parts of
`games.contract.Bot`) `playout_stage` (a number that grows as its game goes on), where a playout
stops and the position is scored as it stands, `playout_standing(state)`, its estimate of the
standing that position ends in (default: the standing as it is), and `candidate_moves(state,
seat, rng)`, the moves its own judgement ranks best, compared right after the normal one (where
random legal moves would be poor candidates: most of them are bad).

Pure like the engines: no Django, no I/O; the clock is an argument (the site's wall clock by
default, a process-time clock in the bench).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

from games.search import search

State = dict[str, Any]
Move = dict[str, Any]

LEVELS = ("easy", "normal", "strong")
STRONG_SECONDS = 0.2
"""The strong level's thinking time per decision in play (issue 35: median ≤ 300 ms and
p99 ≤ 1 s on one core, the search's last round and the candidates' choice included)."""
WIDTH = 8
"""Candidate moves the strong level compares: enough for a game's sensible choices, few
enough that each is played out on many deals within the budget."""
DRAWS = 3
"""Sampled deals per candidate slot on which the playout policy proposes a move."""


def choose_move(
    engine: Any,
    bot: Any,
    state: State,
    seat: int,
    rng: random.Random,
    level: str,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    deadline: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Move:
    """The move of `seat` at `level`, decided from `view(state, seat)` only. The strong level
    thinks `iterations` playouts (deterministic), or on `clock` for `seconds` (default
    `STRONG_SECONDS`) or until `deadline` (a reading of `clock`). Time is watched while the
    candidates are drawn too; once it is up the normal bot's move is played, so a strong bot
    short of time plays at least as well as a normal one, and at once."""
    if level == "easy":
        easy: Move = bot.choose_easy(state, seat, rng)
        return easy
    if level == "normal":
        normal: Move = bot.choose_move(state, seat, rng)
        return normal
    if level != "strong":
        raise ValueError(f"Unknown bot level {level!r}.")
    legal = engine.legal_moves(state, seat)
    if len(legal) <= 1:
        if not legal:
            raise ValueError(f"Seat {seat} has nothing to do now.")
        only: Move = legal[0]
        return only
    if iterations is None:
        if deadline is None:
            deadline = clock() + (STRONG_SECONDS if seconds is None else seconds)
        ends = deadline

        def out_of_time() -> bool:
            return clock() >= ends

    else:
        out_of_time = _never
    return search(
        engine,
        state,
        seat,
        rng,
        candidates=candidates(engine, bot, state, seat, rng, legal, out_of_time=out_of_time),
        playout=bot.playout_move,
        stage=bot.playout_stage,
        estimate=bot.playout_standing,
        iterations=iterations,
        deadline=deadline,
        clock=clock,
    )


def _never() -> bool:
    return False


def candidates(
    engine: Any,
    bot: Any,
    state: State,
    seat: int,
    rng: random.Random,
    legal: list[Move],
    *,
    out_of_time: Callable[[], bool] = _never,
) -> list[Move]:
    """The moves the strong level compares, the normal bot's first (the search's default):
    every legal move when they are few, else those the game's own judgement ranks best
    (`candidate_moves`), the playout policy's picks on sampled deals, then random legal moves,
    up to `WIDTH`. Once `out_of_time`, only the normal bot's move and those already found."""
    chosen: dict[str, Move] = {}

    def add(move: Move) -> None:
        chosen.setdefault(json.dumps(move, sort_keys=True), move)

    add(bot.choose_move(state, seat, rng))
    if len(legal) <= WIDTH:
        for move in legal:
            add(move)
        return list(chosen.values())
    if out_of_time():
        return list(chosen.values())
    for move in bot.candidate_moves(state, seat, rng):
        if len(chosen) >= WIDTH:
            break
        add(move)
    shown = engine.view(state, seat)
    for _ in range(DRAWS * WIDTH):
        if len(chosen) >= WIDTH:
            break
        if out_of_time():
            return list(chosen.values())
        add(bot.playout_move(engine.sample_state(shown, seat, rng), seat, rng))
    if len(chosen) < WIDTH:
        spare = [move for move in legal if json.dumps(move, sort_keys=True) not in chosen]
        for move in rng.sample(spare, min(len(spare), WIDTH - len(chosen))):
            add(move)
    return list(chosen.values())
