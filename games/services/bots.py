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
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import django
from django.conf import settings
from django.db import transaction
from procrastinate import JobContext
from procrastinate.contrib.django import app

from config.batch import Batch, Rows
from config.worker import RETRY_ON_OUTAGE
from games import bots as levels
from games.models import Match, Move
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
    timed = timings.isEnabledFor(logging.INFO)
    while True:
        phases: dict[str, Any] = {"started": time.time()}
        with transaction.atomic():
            reading = Batch()
            last = read_last_move(match_id, reading)
            match = locked(match_id, then_read=reading)
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
            in_a_row = last.in_a_row if last.seat == seat else 0
            if in_a_row >= settings.BOT_MOVES_IN_A_ROW:
                logger.error(
                    "The bot of seat %d of match %d is stopped: it moved %d times in a row.",
                    seat,
                    match.pk,
                    in_a_row,
                )
                return played
            move, thought = _think(match, info, seat, last.at, None if played else due, timed)
            record(match, seat, move, match.move_count, wake_bots=False, by_bot=True)
        if timed:
            timings.info(json.dumps({**phases, **thought, "committed": time.time()}))
        played += 1


@dataclass
class LastMove:
    """The match's last move: its seat, when it was stored, and how many moves that seat had
    made in a row with it (a bot stuck in a loop shows here)."""

    seat: int | None = None
    at: datetime | None = None
    in_a_row: int = 0


def read_last_move(match_id: int, reading: Batch) -> LastMove:
    """The match's last move, read with the lock (`reading` is sent after it): a bot move
    then costs no round trip of its own for it (`bench/README.md`, the bots' reply)."""
    last = LastMove()

    def read(rows: Rows) -> None:
        if rows:
            last.seat, last.at, last.in_a_row = rows[0]

    reading.add(_last_move_statement(), [match_id], then=read)
    return last


@functools.cache
def _last_move_statement() -> str:
    moves = Move._meta.db_table
    return (
        f"SELECT l.seat, l.created_at, l.seq - COALESCE((SELECT max(o.seq) FROM {moves} o"
        f" WHERE o.match_id = l.match_id AND o.seat <> l.seat), -1)"
        f" FROM {moves} l WHERE l.match_id = %s ORDER BY l.seq DESC LIMIT 1"
    )


def _think(
    match: Match,
    info: GameInfo,
    seat: int,
    last_move_at: datetime | None,
    due: datetime | None,
    timed: bool,
) -> tuple[Any, dict[str, Any]]:
    """The bot's move at its seat's level (a strong bot's until `thinking_deadline`, in a
    thinking process when there are any), and what its thinking took (for `timings`)."""
    seed = f"{match.seed}/{match.move_count}/{seat}"
    level = match.seat_list[seat].playing_level
    deadline = thinking_deadline(match, last_move_at, due) if level == "strong" or timed else None
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


def thinking_deadline(
    match: Match, last_move_at: datetime | None, due: datetime | None = None
) -> float:
    """When a strong bot's thinking must end, as a Unix time: `STRONG_SECONDS` after its turn
    came (the match's last move stored at `last_move_at`, or `due` if later), so that a wait
    for a worker is taken off its thinking rather than added to the people's wait; never later
    than `STRONG_SECONDS` from now."""
    came = max(filter(None, (last_move_at or match.started_at, due)))
    return min(came.timestamp(), time.time()) + levels.STRONG_SECONDS


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
