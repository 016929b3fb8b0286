import hashlib
from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

ClosedMatches = Callable[[Any], models.Q]
"""Given a user (perhaps anonymous), the matches closed to them, as a filter on `Match`."""

_CLOSED_BY_OTHER_APPS: list[ClosedMatches] = []


def close_matches(closed: ClosedMatches) -> None:
    """Lets an app that starts matches of its own close them to all but their people, without
    the games knowing of it (the tournaments app: a tournament by invitation). Called from the
    app's `ready`; the same rule given twice counts once."""
    if closed not in _CLOSED_BY_OTHER_APPS:
        _CLOSED_BY_OTHER_APPS.append(closed)


def closed_to(user: Any) -> models.Q:
    """The matches that another app closed to the user (`close_matches`)."""
    closed = models.Q(pk__in=[])
    for rule in _CLOSED_BY_OTHER_APPS:
        closed |= rule(user)
    return closed


@dataclass(frozen=True)
class PartOf:
    """An event of another app that a match is played in (a tournament), named and linked on
    the match's pages; `round` where the event has rounds."""

    name: str
    url: str
    round: int | None = None


MatchEvents = Callable[[Collection[int], Any], dict[int, PartOf]]
"""Given matches' ids and a viewer (perhaps anonymous), the events among them that the viewer
may see, by match."""

_EVENTS_OF_OTHER_APPS: list[MatchEvents] = []


def name_events(events: MatchEvents) -> None:
    """Lets an app whose events start matches name the event on the match's table, replay and
    lists, without the games knowing of it (the tournaments app). Called from the app's
    `ready`; the same rule given twice counts once."""
    if events not in _EVENTS_OF_OTHER_APPS:
        _EVENTS_OF_OTHER_APPS.append(events)


def events_of(match_ids: Collection[int], viewer: Any) -> dict[int, PartOf]:
    """The events the matches are part of, those the viewer may see (`name_events`)."""
    found: dict[int, PartOf] = {}
    for rule in _EVENTS_OF_OTHER_APPS:
        found.update(rule(match_ids, viewer) if match_ids else {})
    return found


def watchable_by(user: Any) -> models.Q:
    """The matches a user may see at all (table, socket, replay, record, lists of matches). A
    match started from a private table of the lobby is its people's alone: those who sat at it
    (a seat handed on included) and the table's invitees; a match another app closed
    (`close_matches`) is open to those it is not closed to, and to those who sat at it. Every
    other match is open to anyone."""
    visible = models.Q(table__isnull=True) | models.Q(table__private=False)
    if _CLOSED_BY_OTHER_APPS:
        visible &= ~closed_to(user)
    if getattr(user, "is_authenticated", False):
        visible |= (
            models.Q(seats__user=user)
            | models.Q(handovers__from_user=user)
            | models.Q(table__invitations__invitee=user)
        )
    return visible


class Match(models.Model):
    """One game played at one table: its record (setup + moves) is the source of truth.

    `state` caches the engine state after `move_count` moves so a move does not replay the
    whole record; a test proves it always equals setup + replay.
    """

    class Status(models.TextChoices):
        ACTIVE = "active", _("in progress")
        FINISHED = "finished", _("finished")
        ABORTED = "aborted", _("aborted")

    class Pace(models.TextChoices):
        LIVE = "live", _("real time")
        TURN_BASED = "turn", _("turn-based")

    game = models.CharField(_("game"), max_length=32)
    options = models.JSONField(_("options"), default=dict, blank=True)
    seed = models.CharField(_("seed"), max_length=80)
    stack = models.JSONField(_("stack"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.ACTIVE
    )
    rated = models.BooleanField(_("rated"), default=False)
    pace = models.CharField(_("pace"), max_length=8, choices=Pace.choices, default=Pace.LIVE)
    clock_seconds = models.PositiveIntegerField(_("seconds per player"), null=True, blank=True)
    increment_seconds = models.PositiveIntegerField(_("seconds added per move"), default=0)
    move_hours = models.PositiveSmallIntegerField(_("hours per move"), null=True, blank=True)
    move_count = models.PositiveIntegerField(_("moves"), default=0)
    state = models.JSONField(_("state after the last move"))
    result = models.JSONField(_("result"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    # Not stored: what the table's loaders and the move service put on a match they read
    # (`selectors.load_table`, `selectors.table_after_move`, `services.finishing.finish`).
    recent_moves: list["Move"]
    log_from: int
    handover_list: list["SeatHandover"]
    seen: tuple[set[int], Any] | None
    rating_deltas: dict[int, tuple[int, int]]

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        indexes = [models.Index(fields=["game", "status"])]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("match_table", kwargs={"match_id": self.pk})

    @property
    def seed_commitment(self) -> str:
        """SHA-256 of the seed's decimal digits: shown from the start, checkable at the end."""
        return hashlib.sha256(self.seed.encode()).hexdigest()

    @property
    def is_over(self) -> bool:
        return self.status != self.Status.ACTIVE

    def bot_may_play_for(self, seat: "Seat") -> bool:
        """Whether a person may let a bot play their seat: never in a rated match with other
        people, where the bot would earn rating for them (they may resign or abandon there)."""
        return not self.rated or all(
            s.number == seat.number or s.user.is_bot for s in self.seat_list
        )

    @cached_property
    def seat_list(self) -> list["Seat"]:
        """The seats by number, read once per loaded match (the move service sets them as it
        locks them)."""
        return sorted(self.seats.all(), key=lambda seat: seat.number)


class Seat(models.Model):
    """A player's place at a match; bots are accounts too, so every seat has a user.

    A person who resigns, abandons or runs out of time is replaced by a bot for the rest of the
    match; `left` and `replaced_at` record it for the statistics. The players who stay may
    then end the match (`wants_end`, once every one of them asks) instead of finishing it
    against the bot.

    A person may also let a bot of a level they pick play their seat and take it back at any
    moment (`handed_at` while the bot plays); `bot_helped` remembers for good that a bot played
    for them, so the match is never counted as their own win.
    """

    class Left(models.TextChoices):
        RESIGNED = "resigned", _("resigned")
        ABANDONED = "abandoned", _("abandoned")
        TIMED_OUT = "timed_out", _("ran out of time")

    class Level(models.TextChoices):
        """How well a bot seat plays (`games.bots.LEVELS`); the labels follow a bot's name."""

        EASY = "easy", pgettext_lazy("bot level", "easy")
        NORMAL = "normal", pgettext_lazy("bot level", "normal")
        STRONG = "strong", pgettext_lazy("bot level", "strong")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    is_bot = models.BooleanField(_("played by a bot"), default=False)
    bot_level = models.CharField(
        _("bot level"), max_length=6, choices=Level.choices, default=Level.NORMAL
    )
    score = models.IntegerField(_("score"), null=True, blank=True)
    rank = models.PositiveSmallIntegerField(_("rank"), null=True, blank=True)
    time_left_ms = models.BigIntegerField(_("time left (ms)"), null=True, blank=True)
    turn_started_at = models.DateTimeField(_("acting since"), null=True, blank=True)
    awaited_until = models.DateTimeField(_("its player awaited until"), null=True, blank=True)
    """A real-time seat whose player the site seated and who has not come to the table yet: its
    clock does not run until they come (`games.services.clocks.come_to_table`), and a player not
    come by then is taken for gone (a bot plays the seat)."""
    left = models.CharField(_("left the match"), max_length=12, choices=Left.choices, blank=True)
    replaced_at = models.DateTimeField(_("replaced by a bot"), null=True, blank=True)
    substitute_wanted = models.BooleanField(_("looking for a substitute"), default=False)
    wants_end = models.BooleanField(_("asks to end the match early"), default=False)
    handed_at = models.DateTimeField(_("a bot plays for its player since"), null=True, blank=True)
    bot_helped = models.BooleanField(_("a bot played for its player"), default=False)

    opponents: list[Any]
    """The other players at its match, where a list of matches names them
    (`games.stats.last_matches`); not a column."""

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="seat_number_unique"),
            models.UniqueConstraint(fields=["match", "user"], name="seat_user_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.match} seat {self.number}: {self.user}"

    @property
    def playing_level(self) -> str:
        """The level its bot plays at: a seat taken over from a person who left plays normal."""
        return self.Level.NORMAL if self.left else self.bot_level

    @property
    def handed(self) -> bool:
        """A bot plays for the seat's player, who stays and may take the seat back."""
        return self.handed_at is not None

    @property
    def played_by_person(self) -> bool:
        """Its person plays it, or lets a bot play for them for now: the seat is still theirs to
        see and to take back (a seat left for good is not)."""
        return not self.is_bot or self.handed

    def deadline(self, match: Match) -> datetime | None:
        """When this seat's time runs out, if it is acting and its match has a clock; a
        real-time seat whose player has not come yet, when they are awaited no more.

        A turn-based clock waits for the player's vacation: the move's hours count from its end.
        """
        if self.turn_started_at is None or self.is_bot:
            return None
        if match.pace == Match.Pace.LIVE and self.time_left_ms is not None:
            if self.awaited_until is not None:
                return self.awaited_until
            return self.turn_started_at + timedelta(milliseconds=self.time_left_ms)
        if match.pace == Match.Pace.TURN_BASED and match.move_hours:
            started = self.turn_started_at
            away = self.user.vacation_until
            if away is not None and away > started:
                started = away
            return started + timedelta(hours=match.move_hours)
        return None


class Move(models.Model):
    """One accepted move, written in the same transaction that checked it, with who made it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField(_("number"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    payload = models.JSONField(_("move"))
    events = models.JSONField(_("events"), default=list)
    created_at = models.DateTimeField(_("time"), auto_now_add=True)
    by_bot = models.BooleanField(_("made by a bot"), default=False)
    """A bot made it: a bot's own seat, or a person's seat while a bot played it for them (handed
    over, or taken over after they left). A person's analysis and accuracy leave it out."""

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="move_seq_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.match} move {self.seq}"


class SeatHandover(models.Model):
    """A seat given to a substitute during a match: both players stay on record."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="handovers")
    seat = models.PositiveSmallIntegerField(_("seat"))
    from_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    to_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("seat handover")
        verbose_name_plural = _("seat handovers")
        ordering = ["match", "at"]

    def __str__(self) -> str:
        return f"{self.match} seat {self.seat}: {self.from_user} → {self.to_user}"


class SeatOffer(models.Model):
    """A seat offered to a named player during a match. The seat stays with its holder until
    the player accepts; the holder may withdraw it, the player decline it, and a new offer
    for the seat withdraws the old."""

    class Answer(models.TextChoices):
        PENDING = "pending", _("waiting for an answer")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")
        WITHDRAWN = "withdrawn", _("withdrawn")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seat_offers")
    seat = models.PositiveSmallIntegerField(_("seat"))
    from_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    to_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seat_offers"
    )
    answer = models.CharField(
        _("answer"), max_length=10, choices=Answer.choices, default=Answer.PENDING
    )
    created_at = models.DateTimeField(_("offered"), auto_now_add=True)

    class Meta:
        verbose_name = _("seat offer")
        verbose_name_plural = _("seat offers")
        ordering = ["match", "created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "seat"],
                condition=models.Q(answer="pending"),
                name="one_pending_offer_per_seat",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} seat {self.seat} offered to {self.to_user}"

    def get_absolute_url(self) -> str:
        return reverse("seat_offer", kwargs={"offer_id": self.pk})

    @property
    def is_open(self) -> bool:
        return self.answer == self.Answer.PENDING and not self.match.is_over


class Vacation(models.Model):
    """Days off from turn-based matches: move clocks wait until the vacation ends."""

    DAYS_PER_YEAR = 21

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    starts = models.DateTimeField(_("from"))
    ends = models.DateTimeField(_("until"))

    class Meta:
        verbose_name = _("vacation")
        verbose_name_plural = _("vacations")
        ordering = ["user", "-starts"]

    def __str__(self) -> str:
        return f"{self.user}: {self.starts:%Y-%m-%d} – {self.ends:%Y-%m-%d}"


class Rating(models.Model):
    """A player's skill at one game (OpenSkill Plackett-Luce), from rated matches between
    people only; bots never enter it."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(_("game"), max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    matches = models.PositiveIntegerField(_("rated matches"), default=0)

    PROVISIONAL_BELOW = 10

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="rating_unique"),
        ]
        indexes = [models.Index(fields=["game", "-mu"])]

    def __str__(self) -> str:
        return f"{self.user} {self.game}: {self.display}"

    @property
    def display(self) -> int:
        return display_rating(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.matches < self.PROVISIONAL_BELOW


class RatingChange(models.Model):
    """What one rated match did to one player's rating."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    game = models.CharField(_("game"), max_length=32)
    before = models.IntegerField(_("before"))
    after = models.IntegerField(_("after"))

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["match", "user"]
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="rating_change_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.before} → {self.after}"

    @property
    def delta(self) -> int:
        return self.after - self.before


def display_rating(mu: float, sigma: float) -> int:
    """A conservative number for people: 1000 for a newcomer, 40 points per unit of ordinal."""
    return round(1000 + 40 * (mu - 3 * sigma))


class PlayerStats(models.Model):
    """One player's tallies at one game, or over all games (`game == OVERALL`).

    Updated as each match ends and recomputed by `rebuild_stats`; both go through
    `games.stats.Tally`, so they cannot disagree.
    """

    OVERALL = "all"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_stats"
    )
    game = models.CharField(_("game"), max_length=32)
    played = models.PositiveIntegerField(_("played"), default=0)
    won = models.PositiveIntegerField(_("won"), default=0)
    scored = models.PositiveIntegerField(_("matches with a score"), default=0)
    score_sum = models.BigIntegerField(_("sum of scores"), default=0)
    best_score = models.IntegerField(_("best score"), null=True, blank=True)
    place_sum = models.PositiveIntegerField(_("sum of places"), default=0)
    current_streak = models.PositiveIntegerField(_("current winning streak"), default=0)
    best_streak = models.PositiveIntegerField(_("best winning streak"), default=0)
    resigned = models.PositiveIntegerField(_("resigned"), default=0)
    abandoned = models.PositiveIntegerField(_("abandoned"), default=0)
    timed_out = models.PositiveIntegerField(_("timed out"), default=0)

    class Meta:
        verbose_name = _("player statistics")
        verbose_name_plural = _("player statistics")
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="player_stats_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.game}: {self.won}/{self.played}"

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    @property
    def average_score(self) -> float | None:
        return self.score_sum / self.scored if self.scored else None

    @property
    def average_place(self) -> float | None:
        return self.place_sum / self.played if self.played else None


class GameStats(models.Model):
    """Tallies of every finished match of one game, for its statistics page.

    `scores` counts final scores ({score: seats}); `seat_wins` counts, per player count, the
    matches and the wins of each place in the turn order, counted from the seat that started
    (`games.stats.start_seat`); `facts` holds the game's own counters.
    """

    game = models.CharField(_("game"), max_length=32, unique=True)
    matches = models.PositiveIntegerField(_("matches"), default=0)
    move_sum = models.BigIntegerField(_("sum of moves"), default=0)
    live_matches = models.PositiveIntegerField(_("real-time matches"), default=0)
    live_seconds = models.BigIntegerField(_("seconds of real-time matches"), default=0)
    scores = models.JSONField(_("scores"), default=dict)
    seat_wins = models.JSONField(_("wins by seat"), default=dict)
    facts = models.JSONField(_("facts"), default=dict)

    class Meta:
        verbose_name = _("game statistics")
        verbose_name_plural = _("game statistics")

    def __str__(self) -> str:
        return f"{self.game}: {self.matches}"

    @property
    def average_moves(self) -> float | None:
        return self.move_sum / self.matches if self.matches else None

    @property
    def average_live_minutes(self) -> float | None:
        return self.live_seconds / 60 / self.live_matches if self.live_matches else None


class MatchAnalysis(models.Model):
    """The strong search's judgement of a finished match's moves (issue 36, `games.analysis`),
    worked through in the background one move at a time, each stored as it is judged
    (`JudgedMove`), so that a worker stopped half-way resumes where it was.

    It may name cards of a player's hand (a preferred move): each player may see only their
    own moves' judgements, everyone only where the game's end reveals every hand
    (`ANALYSIS_PUBLIC_AT_END`)."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("waiting")
        RUNNING = "running", _("in progress")
        DONE = "done", _("done")

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="analysis")
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.QUEUED
    )
    seed = models.PositiveIntegerField(_("seed"), default=0)
    """Of the search's sampled deals; a re-analysis draws new ones."""
    moves_to_judge = models.PositiveIntegerField(_("moves to judge"), default=0)
    requested_at = models.DateTimeField(_("requested"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("match analysis")
        verbose_name_plural = _("match analyses")

    def __str__(self) -> str:
        return f"{self.match}: {self.status}"


class JudgedMove(models.Model):
    """One move of a player, judged from what the player saw then (`games.analysis.Judgement`)."""

    class Verdict(models.TextChoices):
        GOOD = "good", _("good")
        INACCURACY = "inaccuracy", _("inaccuracy")
        MISTAKE = "mistake", _("mistake")
        BLUNDER = "blunder", _("blunder")
        FORCED = "forced", _("the only move")

    analysis = models.ForeignKey(MatchAnalysis, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField(_("move number"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    before = models.FloatField(_("estimate before the move"), null=True, blank=True)
    after = models.FloatField(_("estimate after the move"), null=True, blank=True)
    preferred = models.JSONField(_("preferred move"), null=True, blank=True)
    verdict = models.CharField(_("verdict"), max_length=10, choices=Verdict.choices)

    class Meta:
        verbose_name = _("judged move")
        verbose_name_plural = _("judged moves")
        ordering = ["analysis", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["analysis", "seq"], name="judged_move_seq_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.analysis.match} move {self.seq}: {self.verdict}"
