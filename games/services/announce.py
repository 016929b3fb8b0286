"""What a write tells after it commits: the table's sockets, the players' "My games" pages, the
lobby, the bots when one of them must act, and the players away from the table."""

from __future__ import annotations

import contextlib
import functools
import secrets
from typing import Any

from django.db import transaction
from procrastinate.contrib.django import app
from procrastinate.exceptions import AlreadyEnqueued

from accounts.models import User
from games.live import keep_stored, tell_group
from games.models import Match, Seat
from games.presence import present
from games.registry import GameInfo

LOBBY_GROUP = "lobby"
"""The lobby's listeners; told when a seat looks for a substitute or finds one."""
RUN_BOTS = "games.services.run_bots"
"""The bots' task (`bots.run_bots`) by the name its queued jobs carry: queued by that name here,
so that what every write calls does not import the move path that the task runs."""


def match_group(match_id: int) -> str:
    return f"match-{match_id}"


def my_games_group(user_id: int) -> str:
    """The player's "My games" pages, told when one of their matches changes for them."""
    return f"my-games-{user_id}"


def tell_my_games(user_ids: set[int]) -> None:
    """After commit, re-render the "My games" pages of these players."""
    for user_id in user_ids:
        group = my_games_group(user_id)
        transaction.on_commit(functools.partial(tell_group, group, {"type": "my_games.changed"}))


def tell_lobby() -> None:
    tell_group(LOBBY_GROUP, {"type": "lobby.changed"})


def after_commit(
    match: Match,
    info: GameInfo,
    *,
    wake_bots: bool = True,
    table: Match | None = None,
) -> None:
    """Tell the table's clients (with `table`, the match as stored, for this process's own
    sockets), and wake the bots if one of them must act."""
    match_id, seq = match.pk, match.move_count
    transaction.on_commit(lambda: announce_move(match_id, seq, table=table))
    if match.is_over or not wake_bots:
        return
    acting = info.engine.to_act(match.state)
    if any(s.is_bot and s.number in acting for s in match.seat_list):
        transaction.on_commit(lambda: queue_bots(match_id))


def announce_move(match_id: int, seq: int, *, table: Match | None = None) -> None:
    """Ids only: each client renders its own seat's view when told. `seq` is the number of
    moves made; `push` names this announcement, so the sockets of one process load the match
    once for it (a seat handed to a bot is announced at an unchanged `seq`), or not at all in
    the process that stored the `table`."""
    push = secrets.token_hex(8)
    if table is not None:
        keep_stored(push, table)
    message = {"type": "match.moved", "match_id": match_id, "seq": seq, "push": push}
    tell_group(match_group(match_id), message)


def queue_bots(match_id: int, *, after_ms: int = 0) -> None:
    """Queue the match's bots (`after_ms` later: their pace) unless a run is already waiting:
    one waits at most, and runs of one match never overlap (the lock), so a busy match does
    not fill the queue."""
    lock = f"bots-{match_id}"
    later: dict[str, Any] = {"schedule_in": {"milliseconds": after_ms}} if after_ms else {}
    task = app.configure_task(RUN_BOTS, lock=lock, queueing_lock=lock, **later)
    with contextlib.suppress(AlreadyEnqueued):
        task.defer(match_id=match_id)


def away(match: Match, seats: list[Seat], here: set[int] | None = None) -> list[User]:
    """The players of these seats who do not have the table open (`games.presence`): those not
    `here`, else read now."""
    if not seats:
        return []
    if here is None:
        here = present(match.pk, [s.user_id for s in seats])
    return [s.user for s in seats if s.user_id not in here]
