"""The bots' turns: played in the task worker, one committed move at a time, at the pace of the
people watching. A strong bot thinks in a process of its own (`thinkers`), so that its search
neither holds the worker's other bot runs, clocks and mails to one core nor slows their
database round trips and pushes down (one interpreter lock per process)."""

from __future__ import annotations

import functools
import json
import logging
import multiprocessing
import random
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import datetime
from typing import Any

import django
from django.conf import settings
from django.db import transaction
from django.db.models import Max
from procrastinate import JobContext
from procrastinate.contrib.django import app

from config.worker import RETRY_ON_OUTAGE
from games import bots as levels
from games.models import Match
from games.presence import present
from games.registry import GAMES, GameInfo
from games.services.announce import RUN_BOTS, queue_bots
from games.services.locks import locked
from games.services.moves import record

logger = logging.getLogger(__name__)
timings = logging.getLogger("games.bots.timing")
"""One JSON line a bot move at INFO, when enabled (the bench's bots part reads them): when the
turn came, the run started, the match was locked, thinking began and ended (its deadline, and
its thread's CPU time in seconds), and the move was committed, as Unix times."""


def play_bot_turns(*, match_id: int, due: datetime | None = None) -> int:
    """Let every bot that must act move, one committed move at a time; returns how many.

    The first move comes at once: it answers a person's move, which that person has already
    seen leave. A further bot move in a row waits the pace of the people watching
    (`bot_pace`): it is scheduled for then instead of played, so that moves a person follows
    do not land in the same instant, and no worker sleeps meanwhile.

    A run plays at most `BOT_MOVES_PER_RUN` moves and queues the rest, so that other matches'
    bots get a worker too. A bot seat that has already moved `BOT_MOVES_IN_A_ROW` times in a
    row is stuck in a loop (no game's turn comes near): its match's bots are stopped, with an
    error logged, instead of spinning; the next run stops again at once.

    A strong bot thinks until `thinking_deadline`: its budget counted from when its turn came
    (`due`: when this run was scheduled for, at the watchers' pace), not from when a worker
    got to it."""
    played = 0
    in_a_row: tuple[int, int] | None = None
    timed = timings.isEnabledFor(logging.INFO)
    while True:
        phases: dict[str, Any] = {"started": time.time()}
        with transaction.atomic():
            match = locked(match_id)
            phases["locked"] = time.time()
            if match.is_over:
                return played
            info = GAMES[match.game]
            bots = sorted(
                s.number
                for s in match.seat_list
                if s.is_bot and s.number in info.engine.to_act(match.state)
            )
            if not bots:
                return played
            pace = bot_pace(match) if played else 0
            if pace or played == settings.BOT_MOVES_PER_RUN:
                transaction.on_commit(functools.partial(queue_bots, match_id, after_ms=pace))
                return played
            seat = bots[0]
            if in_a_row is None or in_a_row[0] != seat:
                in_a_row = (seat, _moves_in_a_row(match, seat))
            if in_a_row[1] >= settings.BOT_MOVES_IN_A_ROW:
                logger.error(
                    "The bot of seat %d of match %d is stopped: it moved %d times in a row.",
                    seat,
                    match.pk,
                    in_a_row[1],
                )
                return played
            move, thought = _think(match, info, seat, None if played else due, timed)
            record(match, seat, move, match.move_count, wake_bots=False, by_bot=True)
        if timed:
            timings.info(json.dumps({**phases, **thought, "committed": time.time()}))
        played += 1
        in_a_row = (seat, in_a_row[1] + 1)


def _think(
    match: Match, info: GameInfo, seat: int, due: datetime | None, timed: bool
) -> tuple[Any, dict[str, Any]]:
    """The bot's move at its seat's level (a strong bot's until `thinking_deadline`, in a
    thinking process when there are any), and what its thinking took (for `timings`)."""
    seed = f"{match.seed}/{match.move_count}/{seat}"
    level = match.seat_list[seat].playing_level
    deadline = thinking_deadline(match, due) if level == "strong" or timed else None
    began = time.time()
    decision = (match.game, match.state, seat, seed, level, deadline)
    if level == "strong" and settings.BOT_THINKING_PROCESSES:
        try:
            move, cpu = thinkers(settings.BOT_THINKING_PROCESSES).submit(think, *decision).result()
        except BrokenProcessPool:
            logger.exception("A thinking process died; this move is thought in the worker.")
            thinkers.cache_clear()
            move, cpu = think(*decision)
    else:
        move, cpu = think(*decision)
    return move, {
        "match": match.pk,
        "seq": match.move_count,
        "seat": seat,
        "level": level,
        "came": deadline - levels.STRONG_SECONDS if deadline is not None else None,
        "deadline": deadline,
        "thinking": began,
        "thought": time.time(),
        "cpu": cpu,
    }


def think(
    game: str, state: Any, seat: int, seed: str, level: str, deadline: float | None
) -> tuple[Any, float]:
    """A bot's move (in a thinking process, or the worker's thread), and the CPU time it took."""
    info = GAMES[game]
    cpu = time.thread_time()
    move = levels.choose_move(
        info.engine,
        info.bot,
        state,
        seat,
        random.Random(seed),
        level,
        deadline=deadline,
        clock=time.time,
    )
    return move, time.thread_time() - cpu


@functools.cache
def thinkers(processes: int) -> ProcessPoolExecutor:
    """The processes strong bots think in, started when first needed: fresh interpreters (a
    fork of the worker would copy its event loop and connections), each set up once."""
    return ProcessPoolExecutor(
        max_workers=processes,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=django.setup,
    )


def start_thinkers() -> None:
    """Start the thinking processes now and wait until they are set up (a second or so each,
    far more on a busy machine), so that no strong bot's move waits for that."""
    processes = settings.BOT_THINKING_PROCESSES
    if processes:
        pool = thinkers(processes)
        for started in [pool.submit(int) for _ in range(processes)]:
            started.result()


def thinking_deadline(match: Match, due: datetime | None = None) -> float:
    """When a strong bot's thinking must end, as a Unix time: `STRONG_SECONDS` after its turn
    came (the match's last move stored, or `due` if later), so that a wait for a worker is
    taken off its thinking rather than added to the people's wait; never later than
    `STRONG_SECONDS` from now."""
    last = match.moves.order_by("-seq").values_list("created_at", flat=True).first()
    came = max(filter(None, (last or match.started_at, due)))
    return min(came.timestamp(), time.time()) + levels.STRONG_SECONDS


def _moves_in_a_row(match: Match, seat: int) -> int:
    """How many of the match's last moves `seat` made, one after another."""
    before = match.moves.exclude(seat=seat).aggregate(last=Max("seq"))["last"]
    return match.move_count - (before + 1 if before is not None else 0)


def bot_pace(match: Match) -> int:
    """How long the next bot move waits, in ms: the slowest pace any person at the table
    chose (one who lets a bot play for them watches it too); nobody at the table (and no cache
    to tell) means nobody to follow, so no wait."""
    people = {s.user_id: s.user for s in match.seat_list if s.played_by_person}
    here = present(match.pk, people)
    return max((people[user_id].bot_pace_ms for user_id in here), default=0)


@app.task(name=RUN_BOTS, queue="bots", retry=RETRY_ON_OUTAGE, pass_context=True)
def run_bots(context: JobContext, *, match_id: int) -> int:
    """Bots move in the task worker, never inside the request of the move that woke them."""
    return play_bot_turns(match_id=match_id, due=context.job.scheduled_at)
