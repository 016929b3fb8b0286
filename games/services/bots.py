"""The bots' turns: played in the task worker, one committed move at a time, at the pace of the
people watching."""

from __future__ import annotations

import functools
import logging
import random

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from procrastinate.contrib.django import app

from config.worker import RETRY_ON_OUTAGE
from games import bots as levels
from games.models import Match
from games.presence import present
from games.registry import GAMES
from games.services.announce import RUN_BOTS, queue_bots
from games.services.locks import locked
from games.services.moves import record

logger = logging.getLogger(__name__)


def play_bot_turns(*, match_id: int) -> int:
    """Let every bot that must act move, one committed move at a time; returns how many.

    The first move comes at once: it answers a person's move, which that person has already
    seen leave. A further bot move in a row waits the pace of the people watching
    (`bot_pace`): it is scheduled for then instead of played, so that moves a person follows
    do not land in the same instant, and no worker sleeps meanwhile.

    A run plays at most `BOT_MOVES_PER_RUN` moves and queues the rest, so that other matches'
    bots get a worker too. A bot seat that has already moved `BOT_MOVES_IN_A_ROW` times in a
    row is stuck in a loop (no game's turn comes near): its match's bots are stopped, with an
    error logged, instead of spinning; the next run stops again at once."""
    played = 0
    in_a_row: tuple[int, int] | None = None
    while True:
        with transaction.atomic():
            match = locked(match_id)
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
            rng = random.Random(f"{match.seed}/{match.move_count}/{seat}")
            move = levels.choose_move(
                info.engine,
                info.bot,
                match.state,
                seat,
                rng,
                match.seat_list[seat].playing_level,
                seconds=levels.STRONG_SECONDS,
            )
            record(match, seat, move, match.move_count, wake_bots=False, by_bot=True)
        played += 1
        in_a_row = (seat, in_a_row[1] + 1)


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


@app.task(name=RUN_BOTS, queue="bots", retry=RETRY_ON_OUTAGE)
def run_bots(*, match_id: int) -> int:
    """Bots move in the task worker, never inside the request of the move that woke them."""
    return play_bot_turns(match_id=match_id)
