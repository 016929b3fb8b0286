"""Moves the tests make through the move service, as a player at an up-to-date page would."""

from contextlib import nullcontext
from typing import Any

from games import services
from games.models import Match
from games.registry import GAMES


def play_first_legal_move(match: Match, user, seat: int) -> None:
    """The seat plays its first legal move from an up-to-date page."""
    match.refresh_from_db()
    services.submit_move(
        match_id=match.pk,
        user=user,
        move=GAMES[match.game].engine.legal_moves(match.state, seat)[0],
        expected_seq=match.move_count,
    )


def _committed(execute: bool) -> nullcontext[None]:
    """Outside a test's transaction the callbacks run at each commit by themselves."""
    return nullcontext()


def play_to_the_end(game: str, players: list, committed: Any = _committed, **start: Any) -> Match:
    """A match played to its end by its people's first legal moves, the bots replying in
    between; each move's commit callbacks run within `committed` (in a test inside one
    transaction, pytest-django's `django_capture_on_commit_callbacks`)."""
    match = services.start_match(game=game, players=players, **start)
    for _ in range(2000):
        match.refresh_from_db()
        if match.is_over:
            return match
        seat = min(GAMES[game].engine.to_act(match.state))
        with committed(execute=True):
            if match.seat_list[seat].is_bot:
                services.play_bot_turns(match_id=match.pk)
            else:
                play_first_legal_move(match, match.seat_list[seat].user, seat)
    raise AssertionError("the match does not end")
