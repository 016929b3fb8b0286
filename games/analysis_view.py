"""What a viewer may see of a finished match's analysis (issue 36): in the replay, the chart of
their chance to win, their marked moves and, at a marked step, the move the strong bot preferred
(the "ghost"); on their profile, their accuracy per game.

A judgement may name a card of its player's hand (the preferred move), so each player sees only
their own seat's, and nobody else anything, unless the game's end reveals every hand
(`ANALYSIS_PUBLIC_AT_END`): then everyone sees every person's seat."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.models import User
from games import analysis, charts
from games.contract import part
from games.models import JudgedMove, Match, MatchAnalysis, Seat
from games.registry import GAMES
from games.rules import IllegalMove
from games.selectors import Replay, visible_events
from games.translated import one_full_stop, reading

MARKED = charts.MARKED
"""The verdicts that mark a move: it cost at least `games.analysis.INACCURACY` of the chance to
win."""
COUNTED = (*MARKED, "good")
"""The verdicts accuracy counts: a forced move (the only legal one) is no choice."""
VERDICT_NAMES = {
    "good": gettext_noop("good move"),
    "inaccuracy": gettext_noop("inaccuracy"),
    "mistake": gettext_noop("mistake"),
    "blunder": gettext_noop("blunder"),
    "forced": gettext_noop("the only move"),
}
TREND_MATCHES = 10
"""A profile's trend compares the last this many analysed matches with the ones before."""
PROFILE_MATCHES = 200
"""How many of a player's latest analysed matches their profile's accuracy reads."""


def percent(chance: float | None) -> str:
    """A chance (0 to 1) as the pages write it: "41 %"."""
    if chance is None:
        return "–"
    return f"{round(100 * chance)} %"


def accuracy(verdicts: Iterable[str]) -> float | None:
    """The share of a player's moves (forced ones aside) that were not marked; None without such
    a move."""
    counted = [verdict for verdict in verdicts if verdict in COUNTED]
    if not counted:
        return None
    return sum(verdict == "good" for verdict in counted) / len(counted)


class Judged:
    """What a step and a ghost both say of a judged move: its verdict and the estimates."""

    verdict: str
    before: float | None
    after: float | None

    @property
    def verdict_name(self) -> str:
        return _(VERDICT_NAMES[self.verdict])

    @property
    def marked(self) -> bool:
        return self.verdict in MARKED

    @property
    def before_text(self) -> str:
        return percent(self.before)

    @property
    def after_text(self) -> str:
        return percent(self.after)


@dataclass(frozen=True)
class Step(Judged):
    """A judged move of a seat, as the replay shows it after `step` moves."""

    step: int
    verdict: str
    before: float | None
    after: float | None

    @property
    def lost_points(self) -> int:
        """The points (0-100) of the chance to win the move gave away, which its verdict reads."""
        if self.before is None or self.after is None:
            return 0
        return round(100 * (self.before - self.after))


@dataclass(frozen=True)
class SeatAnalysis:
    seat: int
    name: str
    own: bool
    steps: list[Step]
    chart: charts.ChanceChart | None

    @property
    def marked(self) -> list[Step]:
        return [step for step in self.steps if step.marked]

    @property
    def accuracy_text(self) -> str:
        share = accuracy(step.verdict for step in self.steps)
        return percent(share) if share is not None else "–"


@dataclass(frozen=True)
class Ghost(Judged):
    """The step's move next to the one the strong bot preferred, in the game's own log lines."""

    seat: int
    name: str
    own: bool
    verdict: str
    before: float | None
    after: float | None
    lines: list[str]
    """What the log would have said of the preferred move (empty where it cannot be shown)."""
    marks: str
    """What the preferred move names on the table (`data-card` ids), for the page to outline."""


@dataclass(frozen=True)
class ReplayAnalysis:
    """What the viewer sees of the analysis at one step of the replay."""

    status: str
    """A `MatchAnalysis.Status`, or "" where the match has none."""
    judged: int
    to_judge: int
    may_request: bool
    seats: list[SeatAnalysis] = field(default_factory=list)
    ghost: Ghost | None = None

    @property
    def running(self) -> bool:
        return self.status in (MatchAnalysis.Status.QUEUED, MatchAnalysis.Status.RUNNING)

    @property
    def points(self) -> dict[str, int]:
        """The points of the chance to win a move must cost to earn each mark, as the page
        explains them (`games.analysis`)."""
        return {name: round(100 * limit) for name, limit in analysis.LIMITS.items()}


def visible_seats(match: Match, own: int | None) -> list[int]:
    """The people's seats whose analysis a viewer playing `own` (None: nobody's) may see."""
    if not match.is_over:
        return []
    people = [s.number for s in match.seat_list if not s.user.is_bot]
    if part(GAMES[match.game], "engine", "ANALYSIS_PUBLIC_AT_END"):
        return people
    return [own] if own in people else []


def replay_analysis(replay: Replay, user: User | Any) -> ReplayAnalysis | None:
    """The analysis the viewer of `replay` may see, or None where they may see none of it."""
    match = replay.match
    seats = visible_seats(match, replay.seat)
    if not seats:
        return None
    work = MatchAnalysis.objects.filter(match=match).first()
    person = getattr(user, "is_authenticated", False) and any(
        s.user_id == user.pk and not s.user.is_bot for s in match.seat_list
    )
    if work is None:
        return ReplayAnalysis(status="", judged=0, to_judge=0, may_request=bool(person))
    rows = list(JudgedMove.objects.filter(analysis=work, seat__in=seats).order_by("seq"))
    judged = JudgedMove.objects.filter(analysis=work).count()
    with reading():
        return ReplayAnalysis(
            status=work.status,
            judged=judged,
            to_judge=work.moves_to_judge,
            may_request=bool(person) and work.status == MatchAnalysis.Status.DONE,
            seats=[_seat(replay, seat, rows) for seat in seats],
            ghost=_ghost(replay, rows),
        )


def _seat(replay: Replay, seat: int, rows: list[JudgedMove]) -> SeatAnalysis:
    steps = [
        Step(row.seq + 1, row.verdict, row.before, row.after) for row in rows if row.seat == seat
    ]
    points = [(s.step, s.after, s.verdict) for s in steps if s.after is not None]
    return SeatAnalysis(
        seat=seat,
        name=replay.match.seat_list[seat].user.public_name,
        own=seat == replay.seat,
        steps=steps,
        chart=charts.chance_chart(points, replay.total, replay.step),
    )


def _ghost(replay: Replay, rows: list[JudgedMove]) -> Ghost | None:
    """The judgement of the step's move, with the preferred move's log lines where it was
    marked: the move applied to the position the step's move was made in."""
    row = next((row for row in rows if row.seq == replay.step - 1), None)
    if row is None or replay.before is None or replay.mover is None:
        return None
    lines: list[str] = []
    marks: list[str] = []
    if row.verdict in MARKED and row.preferred is not None:
        info = GAMES[replay.match.game]
        try:
            _state, events = info.engine.apply(replay.before, row.seat, row.preferred)
        except IllegalMove:
            events = []
        for event in visible_events(events, row.seat):
            text = info.table.describe(event, replay.names, replay.seat)
            if text:
                lines.append(one_full_stop(text))
                marks.extend(info.table.marks(event))
    return Ghost(
        seat=row.seat,
        name=replay.names[row.seat],
        own=row.seat == replay.seat,
        verdict=row.verdict,
        before=row.before,
        after=row.after,
        lines=lines,
        marks=" ".join(marks),
    )


@dataclass(frozen=True)
class AccuracyLine:
    """A profile's accuracy in one game: over its analysed matches, and the trend."""

    slug: str
    name: str
    matches: int
    accuracy: float
    recent: float | None
    """Over the last `TREND_MATCHES` matches, where there were more before them to compare."""
    earlier: float | None
    """Over the matches before those."""
    chart: charts.LineChart | None

    @property
    def accuracy_text(self) -> str:
        return percent(self.accuracy)

    @property
    def recent_text(self) -> str:
        return percent(self.recent)

    @property
    def earlier_text(self) -> str:
        return percent(self.earlier)

    @property
    def trend(self) -> int | None:
        """Points of accuracy the last matches gained (negative: lost) on the ones before."""
        if self.recent is None or self.earlier is None:
            return None
        return round(100 * self.recent) - round(100 * self.earlier)


def accuracy_lines(player: User) -> list[AccuracyLine]:
    """Per game, the player's accuracy over their analysed matches (each match's accuracy, then
    their mean), in the site's order of games; the moves a bot made for them are never judged."""
    seats = list(
        Seat.objects.filter(user=player, match__analysis__status=MatchAnalysis.Status.DONE)
        .order_by("-match__finished_at", "-match_id")
        .values_list("match_id", "number", "match__game")[:PROFILE_MATCHES]
    )
    verdicts: dict[int, list[str]] = {}
    judged = JudgedMove.objects.filter(analysis__match_id__in=[m for m, _n, _g in seats])
    number = {match_id: seat for match_id, seat, _game in seats}
    for match_id, seat, verdict in judged.values_list("analysis__match_id", "seat", "verdict"):
        if number[match_id] == seat:
            verdicts.setdefault(match_id, []).append(verdict)
    by_game: dict[str, list[float]] = {}
    for match_id, _seat_number, game in reversed(seats):
        share = accuracy(verdicts.get(match_id, []))
        if share is not None:
            by_game.setdefault(game, []).append(share)
    return [
        _accuracy_line(slug, str(info.name), by_game[slug])
        for slug, info in GAMES.items()
        if slug in by_game
    ]


def _accuracy_line(slug: str, name: str, shares: list[float]) -> AccuracyLine:
    """`shares`: each analysed match's accuracy, oldest first."""
    recent = shares[-TREND_MATCHES:]
    earlier = shares[-2 * TREND_MATCHES : -TREND_MATCHES]
    return AccuracyLine(
        slug=slug,
        name=name,
        matches=len(shares),
        accuracy=sum(shares) / len(shares),
        recent=sum(recent) / len(recent) if earlier else None,
        earlier=sum(earlier) / len(earlier) if earlier else None,
        chart=charts.line_chart([round(100 * share) for share in shares[-2 * TREND_MATCHES :]]),
    )
