"""The end of a match: by its last move or early, once the players who stayed after another
left all ask; the seats' ranks, ratings and statistics written, the players told."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from config.batch import Batch
from games.models import Match, Seat
from games.ratings import rate_match
from games.registry import GAMES, GameInfo
from games.selectors import rating_deltas
from games.services.announce import after_commit, away, tell_my_games
from games.services.locks import locked
from games.services.refusals import MoveRefused
from games.services.seats import held_seat
from games.signals import match_ended
from games.stats import tally_match
from notifications.services import notify


def finish(
    match: Match,
    info: GameInfo,
    result: dict[str, Any] | None = None,
    *,
    writes: Batch | None = None,
    here: set[int] | None = None,
) -> None:
    """End the match with the engine's result, or one given (a match ended early). The seats,
    ratings and statistics are written with `writes` if given (the last move's own), else at
    once; the match row is the caller's to write. The rating changes stay on the match, for
    the table pushed from it (`table_after_move`)."""
    result = result or info.engine.result(match.state)
    if result is None:
        raise ValueError(f"Match {match.pk} is not over: it has no result to finish with.")
    match.status = Match.Status.FINISHED
    match.result = result
    match.finished_at = timezone.now()
    ending = Batch() if writes is None else writes
    for seat in match.seat_list:
        seat.score = result["scores"][seat.number]
        seat.rank = result["ranks"][seat.number]
        seat.turn_started_at = None
        ending.update_row(
            Seat, seat.pk, score=seat.score, rank=seat.rank, turn_started_at=seat.turn_started_at
        )
    changes = rate_match(match, match.seat_list, writes=ending)
    match.rating_deltas = rating_deltas((c.user_id, c.before, c.after) for c in changes)
    tally_match(match, match.seat_list, writes=ending)
    if writes is None:
        ending.send()
    match_ended.send(sender=Match, match=match)
    tell_my_games({s.user_id for s in match.seat_list if not s.user.is_bot})
    people = [s for s in match.seat_list if s.played_by_person]
    gone = {user.pk for user in away(match, people, here)}
    for seat in people:
        if seat.user_id in gone:
            notify(
                users=[seat.user],
                kind="match_ended",
                link=match.get_absolute_url(),
                match_id=match.pk,
                params={"game": match.game, "match": match.pk, "rank": seat.rank},
            )


def end_match_early(*, match_id: int, user: User) -> bool:
    """A player who stayed after another left asks to end the match now instead of finishing it
    against the bot; once every person still playing asked (one who lets a bot play for them for
    now included), it ends as it stands (`_early_result`)
    and counts for ratings and statistics like any finished match. Returns whether it ended."""
    with transaction.atomic():
        match = locked(match_id)
        seat = held_seat(match, user, bot_for_me=True)
        if not any(s.left for s in match.seat_list):
            raise MoveRefused(_("A match can end early only after a player has left it."))
        seat.wants_end = True
        seat.save(update_fields=["wants_end"])
        info = GAMES[match.game]
        if all(s.wants_end for s in match.seat_list if s.played_by_person):
            finish(match, info, _early_result(match, info))
            match.save(update_fields=["status", "result", "finished_at"])
        after_commit(match, info, wake_bots=False)
        return match.is_over


def _early_result(match: Match, info: GameInfo) -> dict[str, Any]:
    """The match as it stands (the engine's `standing`, with the game's own tie-breaks), the
    players who left last and the others ranked among themselves."""
    standing = info.engine.standing(match.state)
    stayed = [s.number for s in match.seat_list if not s.left]
    ranks = [
        len(stayed) + 1
        if seat.left
        else 1 + sum(1 for o in stayed if standing["ranks"][o] < standing["ranks"][seat.number])
        for seat in match.seat_list
    ]
    winners = [number for number, rank in enumerate(ranks) if rank == 1]
    return {**standing, "ranks": ranks, "winners": winners, "ended_early": True}
