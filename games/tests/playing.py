"""Moves the tests make through the move service, as a player at an up-to-date page would."""

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
