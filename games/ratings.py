"""Ratings from rated matches, with OpenSkill's Plackett-Luce model (2-5 players, ties).

Only people are rated, among themselves: bots' seats are left out of the ranking, a person who
resigned, abandoned or ran out of time counts as last, and a match with fewer than two people
changes nothing. `rebuild` replays every rated match in the order
they ended and must give the same numbers as the updates made as each ended.
"""

from __future__ import annotations

from django.db import transaction
from openskill.models import PlackettLuce

from accounts.models import User
from config.batch import Batch
from games.models import Match, Rating, RatingChange, Seat

MODEL = PlackettLuce()


def rate_match(match: Match, seats: list[Seat], *, writes: Batch) -> list[RatingChange]:
    """Update the ratings of the people at a finished rated match (inside its transaction); the
    new ratings and the changes go into `writes` (the move service sends them with the match's
    own writes)."""
    people = _rated_people(match, seats)
    if not people:
        return []
    ratings = {
        r.user_id: r
        for r in Rating.objects.select_for_update().filter(
            game=match.game, user__in=[s.user_id for s in people]
        )
    }
    changes = _rate(match, people, len(seats), ratings)
    for seat in people:
        rating = ratings[seat.user_id]
        if rating.pk is None:
            writes.insert([rating])
        else:
            writes.update_row(
                Rating, rating.pk, mu=rating.mu, sigma=rating.sigma, matches=rating.matches
            )
    for change in changes:
        writes.insert([change])
    return changes


def _rated_people(match: Match, seats: list[Seat]) -> list[Seat]:
    """The people's seats that a match rates: none unless it is rated and has two people."""
    people = [s for s in seats if not s.user.is_bot and s.rank is not None]
    return people if match.rated and len(people) >= 2 else []


def _rate(
    match: Match, people: list[Seat], seat_count: int, ratings: dict[int, Rating]
) -> list[RatingChange]:
    """Move the ratings in `ratings` (newcomers added) by one match; what changed for whom."""
    last = seat_count + 1
    ranks: list[float] = [last if s.left or s.rank is None else s.rank for s in people]
    for seat in people:
        if seat.user_id not in ratings:
            fresh = MODEL.rating()
            ratings[seat.user_id] = Rating(
                user_id=seat.user_id, game=match.game, mu=fresh.mu, sigma=fresh.sigma
            )
    before = [ratings[s.user_id] for s in people]
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    updated = MODEL.rate(teams, ranks=ranks)
    changes = []
    for seat, rating, (new,) in zip(people, before, updated, strict=True):
        old_display = rating.display
        rating.mu, rating.sigma = new.mu, new.sigma
        rating.matches += 1
        changes.append(
            RatingChange(
                match=match,
                user_id=seat.user_id,
                game=match.game,
                before=old_display,
                after=rating.display,
            )
        )
    return changes


def win_chances(game: str, users: list[User]) -> list[float]:
    """Each person's chance to win a match of `game` against the others, as the model sees it."""
    known = {r.user_id: r for r in Rating.objects.filter(game=game, user__in=users)}
    teams = [
        [MODEL.rating(mu=known[u.pk].mu, sigma=known[u.pk].sigma)]
        if u.pk in known
        else [MODEL.rating()]
        for u in users
    ]
    return MODEL.predict_win(teams) if len(teams) > 1 else [1.0] * len(teams)


@transaction.atomic
def rebuild() -> int:
    """Recompute every rating from the stored matches; returns how many matches counted."""
    RatingChange.objects.all().delete()
    Rating.objects.all().delete()
    ratings: dict[str, dict[int, Rating]] = {}
    changes: list[RatingChange] = []
    counted = 0
    finished = (
        Match.objects.filter(status=Match.Status.FINISHED, rated=True)
        .order_by("finished_at", "pk")
        .prefetch_related("seats__user")
    )
    for match in finished.iterator(chunk_size=500):
        seats = list(match.seats.all())
        people = _rated_people(match, seats)
        if people:
            changes += _rate(match, people, len(seats), ratings.setdefault(match.game, {}))
            counted += 1
    Rating.objects.bulk_create(
        [rating for game in ratings.values() for rating in game.values()], batch_size=1000
    )
    RatingChange.objects.bulk_create(changes, batch_size=1000)
    return counted
