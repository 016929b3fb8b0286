"""`config.batch` writes what the ORM would write, its statements compiled once."""

import pytest
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from config.batch import Batch
from games import services
from games.models import Match, Move


@pytest.mark.django_db
def test_a_kept_insert_stores_the_rows_as_bulk_create_would(people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    # One row, again (the statement the first compiled), then two (compiled by the ORM).
    for number, rows in enumerate((1, 1, 2)):
        moves = [
            Move(match_id=match.pk, seq=10 * number + n, seat=n, payload={"type": "x", "n": n})
            for n in range(rows)
        ]
        read: list[list[tuple[int]]] = []
        batch = Batch()
        batch.insert(moves, returning=["id"], then=read.append)
        batch.send()
        stored = list(Move.objects.filter(pk__in=[row[0] for row in read[0]]).order_by("seq"))
        assert [(m.seq, m.seat, m.payload, m.events) for m in stored] == [
            (10 * number + n, n, {"type": "x", "n": n}, []) for n in range(rows)
        ]
        assert all(m.created_at is not None for m in stored), "auto_now_add is applied"


@pytest.mark.django_db
def test_a_kept_update_writes_the_row_as_queryset_update_would(people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    other = services.start_match(game="kosmopolis", players=people[:2])
    for count in (7, 8):
        batch = Batch()
        batch.update_row(Match, match.pk, state={"kept": count}, move_count=count)
        kept = batch._statements[0][:2]
        batch.update(Match.objects.filter(pk=match.pk), state={"kept": count}, move_count=count)
        compiled = batch._statements[1][:2]
        assert kept[0] == compiled[0]
        values = [
            [getattr(param, "obj", param) for param in params] for params in (kept[1], compiled[1])
        ]
        assert values[0] == values[1]
        batch.send()
        match.refresh_from_db()
        assert (match.state, match.move_count) == ({"kept": count}, count)
    other.refresh_from_db()
    assert other.move_count == 0, "only the row named"


@pytest.mark.django_db
def test_a_kept_update_writes_none_as_null_in_its_own_statement(people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    when = timezone.now()
    for finished_at in (None, when, None):
        batch = Batch()
        batch.update_row(Match, match.pk, finished_at=finished_at, move_count=3)
        kept = batch._statements[0][:2]
        batch.update(Match.objects.filter(pk=match.pk), finished_at=finished_at, move_count=3)
        assert kept[0] == batch._statements[1][0]
        assert list(kept[1]) == list(batch._statements[1][1])
        batch.send()
        match.refresh_from_db()
        assert (match.finished_at, match.move_count) == (finished_at, 3)


@pytest.mark.django_db
def test_expressions_go_through_the_orm(people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    with transaction.atomic():
        batch = Batch()
        batch.update_row(Match, match.pk, finished_at=None, move_count=F("move_count") + 5)
        batch.send()
    match.refresh_from_db()
    assert (match.finished_at, match.move_count) == (None, 5)
