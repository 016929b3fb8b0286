"""Finished matches with their analysis stored, for the tests of what the replay and the profile
show of it (issue 36): a real analysis, run synchronously on a small playout budget, so that a
test is deterministic and quick."""

from __future__ import annotations

from typing import Any

from django.test import override_settings

from games.models import JudgedMove, Match, MatchAnalysis
from games.registry import GAMES
from games.services.analysis import analyse_match
from games.tests.playing import play_to_the_end

PLAYOUTS = 6


def analysed(
    game: str, players: list, committed: Any = None, *, playouts: int = PLAYOUTS, **start: Any
) -> Match:
    """A match played to its end (`play_to_the_end`) and analysed at once, each move's search
    `playouts` long."""
    match = (
        play_to_the_end(game, players, **start)
        if committed is None
        else play_to_the_end(game, players, committed, **start)
    )
    analyse(match, playouts=playouts)
    return match


def analyse(match: Match, *, playouts: int = PLAYOUTS) -> None:
    """The finished match's analysis, run here and now."""
    MatchAnalysis.objects.get_or_create(match=match)
    with override_settings(ANALYSIS_PLAYOUTS=playouts):
        analyse_match(match_id=match.pk)


def a_marked_move(match: Match, seat: int) -> JudgedMove:
    """The seat's first move the analysis marked; where a small budget marked none, its first
    searched move is made a blunder against another legal move of that position, so a test
    always has one to step to."""
    rows = JudgedMove.objects.filter(analysis__match=match, seat=seat).order_by("seq")
    marked = rows.filter(verdict__in=["inaccuracy", "mistake", "blunder"]).first()
    if marked is not None:
        return marked
    row = rows.exclude(verdict="forced").first()
    assert row is not None, "the seat has no searched move"
    engine = GAMES[match.game].engine
    state = engine.setup(len(match.seat_list), match.options, int(match.seed), match.stack)
    moves = list(match.moves.order_by("seq").values_list("seat", "payload"))
    for mover, payload in moves[: row.seq]:
        engine.apply_in_place(state, mover, payload)
    played = moves[row.seq][1]
    row.preferred = next(m for m in engine.legal_moves(state, seat) if m != played)
    row.before, row.after, row.verdict = 0.55, 0.25, "blunder"
    row.save()
    return row
