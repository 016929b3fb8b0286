"""Writes on lobby tables. Each locks the table row, so two players taking the last seat, or
two clicks on Start, resolve one way only; listeners are told after commit."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games import services as game_services
from games.live import tell_group
from games.models import Match, Seat
from games.registry import GAMES
from games.services import LOBBY_GROUP
from lobby.models import Invitation, Table, TableSeat
from notifications.models import Notification
from notifications.services import notify

MOVE_HOURS = (12, 24, 48, 72)


class LobbyRefused(Exception):  # noqa: N818 - a refusal, not a failure
    """Something the lobby will not do; the message is shown to the player as it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def table_group(table_id: int) -> str:
    return f"lobby-table-{table_id}"


def open_table(
    *,
    host: User,
    game: str,
    seats: int,
    options: dict[str, Any] | None = None,
    pace: str = Match.Pace.LIVE,
    clock_minutes: int = 5,
    clock_increment: int = 5,
    move_hours: int = 24,
    private: bool = False,
    rated: bool = True,
    bots_allowed: bool = True,
    spectators_chat: bool = False,
) -> Table:
    info = game_services.playable_game(game)
    if info is None:
        raise LobbyRefused(_("This game cannot be played here yet."))
    if not info.min_players <= seats <= info.max_players:
        raise LobbyRefused(
            _("%(game)s is played by %(low)d to %(high)d players.")
            % {"game": info.name, "low": info.min_players, "high": info.max_players}
        )
    if pace not in Match.Pace.values:
        raise LobbyRefused(_("Choose real time or turn-based."))
    if pace == Match.Pace.TURN_BASED and move_hours not in MOVE_HOURS:
        raise LobbyRefused(_("A move may take 12, 24, 48 or 72 hours."))
    if pace == Match.Pace.LIVE and not (1 <= clock_minutes <= 60 and 0 <= clock_increment <= 60):
        raise LobbyRefused(_("The clock is 1 to 60 minutes plus 0 to 60 seconds a move."))
    try:
        options = info.clean_options(options, seats=seats)
    except ValueError as problem:
        raise LobbyRefused(str(problem)) from None
    if seats > 1 and any(o.solo_only and o.key in options for o in info.options):
        raise LobbyRefused(_("That option is only for a game alone."))
    with transaction.atomic():
        table = Table.objects.create(
            game=game,
            host=host,
            seats=seats,
            options=options,
            pace=pace,
            clock_minutes=clock_minutes,
            clock_increment=clock_increment,
            move_hours=move_hours,
            private=private,
            rated=rated,
            bots_allowed=bots_allowed,
            spectators_chat=spectators_chat,
        )
        TableSeat.objects.create(table=table, user=host)
        _announce(table)
    return table


def join_table(*, table_id: int, user: User, token: str | None = None) -> Table:
    """Sit down; a private table needs its link's token or an invitation. Sitting twice is a
    no-op; the table starts by itself when its last seat is taken."""
    with transaction.atomic():
        table = _locked(table_id)
        if table.sitting.filter(user=user).exists():
            return table
        _check_open(table)
        invited = table.invitations.filter(invitee=user).exclude(answer=Invitation.Answer.DECLINED)
        if table.private and token != table.invite_token and not invited.exists():
            raise LobbyRefused(_("This table is private: you need an invitation."))
        if table.sitting.count() >= table.seats:
            raise LobbyRefused(_("This table is full."))
        try:
            with transaction.atomic():
                TableSeat.objects.create(table=table, user=user)
        except IntegrityError:
            return table
        invited.update(answer=Invitation.Answer.ACCEPTED)
        if table.sitting.count() == table.seats:
            _start(table)
        _announce(table)
    return table


def leave_table(*, table_id: int, user: User) -> Table:
    """Stand up before the start; a host who leaves hands the table on, or closes it if alone."""
    with transaction.atomic():
        table = _locked(table_id)
        _check_open(table)
        table.sitting.filter(user=user).delete()
        if table.host_id == user.pk:
            heir = table.sitting.filter(user__is_bot=False).first()
            if heir is None:
                table.status = Table.Status.CLOSED
                table.save(update_fields=["status"])
            else:
                table.host = heir.user
                table.save(update_fields=["host"])
        _announce(table)
    return table


def remove_player(*, table_id: int, host: User, player: User) -> Table:
    with transaction.atomic():
        table = _locked(table_id)
        _check_host(table, host)
        _check_open(table)
        if player.pk == host.pk:
            raise LobbyRefused(_("Leave the table instead."))
        table.sitting.filter(user=player).delete()
        _announce(table)
    return table


def fill_with_bots(*, table_id: int, host: User, level: str = Seat.Level.NORMAL) -> Table:
    """Seat bots playing at `level` in every empty place; the table is then full and starts."""
    with transaction.atomic():
        table = _locked(table_id)
        _check_host(table, host)
        _check_open(table)
        if not table.bots_allowed:
            raise LobbyRefused(_("Bots may not play at this table."))
        seated = set(table.sitting.values_list("user_id", flat=True))
        missing = table.seats - len(seated)
        bots = game_services.site_bots(missing, leaving_out=seated)
        if len(bots) < missing:
            raise LobbyRefused(_("Not enough bots are available right now."))
        TableSeat.objects.bulk_create(TableSeat(table=table, user=bot) for bot in bots)
        _start(table, bot_level=level)
        _announce(table)
    return table


def start_table(*, table_id: int, user: User) -> Table:
    """The host starts with whoever sits, once enough do. Starting twice starts one match."""
    with transaction.atomic():
        table = _locked(table_id)
        if table.status == Table.Status.STARTED:
            return table
        _check_host(table, user)
        _check_open(table)
        info = GAMES[table.game]
        sitting = table.sitting.count()
        if sitting < info.min_players:
            raise LobbyRefused(
                _("At least %(count)d players must sit to start.") % {"count": info.min_players}
            )
        try:
            info.clean_options(table.options, seats=sitting)
        except ValueError as problem:
            raise LobbyRefused(
                _("The table's options need every seat taken: %(problem)s") % {"problem": problem}
            ) from None
        _start(table)
        _announce(table)
    return table


def quick_play(*, user: User, game: str, seats: int | None = None) -> Table:
    """Sit at the oldest open public table of the game with the chosen number of seats that
    has room, or open one with that many."""
    info = GAMES.get(game)
    if info is None:
        raise LobbyRefused(_("This game cannot be played here yet."))
    seats = info.default_seats if seats is None else seats
    candidates = (
        Table.objects.filter(game=game, seats=seats, status=Table.Status.OPEN, private=False)
        .exclude(sitting__user=user)
        .order_by("created_at")
        .values_list("pk", flat=True)
    )
    for table_id in candidates[:20]:
        try:
            return join_table(table_id=table_id, user=user)
        except LobbyRefused:
            continue
    return open_table(host=user, game=game, seats=seats)


def rematch(*, match_id: int, user: User) -> Table | Match:
    """The same game again with the same players, options and pace, the seats rotated by one.

    Against bots only it starts at once, the bots at the level they played. With other people
    the first to ask opens a table like the old one and invites the others; whoever asks after
    them sits down at it.
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None or not match.is_over:
        raise LobbyRefused(_("A rematch is offered once the match is over."))
    seats = sorted(match.seats.select_related("user"), key=lambda seat: seat.number)
    if not any(seat.user_id == user.pk and seat.played_by_person for seat in seats):
        raise LobbyRefused(_("Only a player of the match may ask for a rematch."))
    players = [seat.user for seat in seats[1:] + seats[:1]]
    people = [player for player in players if not player.is_bot]
    if len(people) == 1:
        return game_services.start_match(
            game=match.game,
            players=players,
            options=match.options,
            rated=match.rated,
            pace=match.pace,
            clock_seconds=match.clock_seconds,
            increment_seconds=match.increment_seconds,
            move_hours=match.move_hours,
            bot_level=next(
                (seat.bot_level for seat in seats if seat.user.is_bot),
                Seat.Level.NORMAL,
            ),
        )
    with transaction.atomic():
        # One rematch table per match: the old match's row is the lock two askers meet at.
        Match.objects.select_for_update().get(pk=match.pk)
        offered = Table.objects.filter(rematch_of=match, status=Table.Status.OPEN).first()
        if offered is None:
            old = Table.objects.filter(match=match).first()
            offered = open_table(
                host=user,
                game=match.game,
                seats=len(players),
                options=match.options,
                pace=match.pace,
                clock_minutes=max(1, (match.clock_seconds or 300) // 60),
                clock_increment=match.increment_seconds,
                move_hours=match.move_hours or 24,
                private=old.private if old else True,
                rated=match.rated,
                bots_allowed=len(people) < len(players) or (old.bots_allowed if old else True),
                spectators_chat=old.spectators_chat if old else False,
            )
            Table.objects.filter(pk=offered.pk).update(rematch_of=match)
            for person in people:
                if person.pk != user.pk:
                    _invite_to_rematch(offered, user, person)
            return offered
    return join_table(table_id=offered.pk, user=user, token=offered.invite_token)


def _invite_to_rematch(table: Table, host: User, invitee: User) -> None:
    Invitation.objects.update_or_create(table=table, invitee=invitee, defaults={"invited_by": host})
    notify(
        users=[invitee],
        kind="invitation",
        link=table.get_absolute_url(),
        params={"game": table.game, "name": host.public_name},
    )


def invite(*, table_id: int, by: User, username: str) -> Invitation:
    with transaction.atomic():
        table = _locked(table_id)
        _check_open(table)
        if not table.sitting.filter(user=by).exists():
            raise LobbyRefused(_("Only a player at the table may invite."))
        invitee = User.objects.filter(
            username__iexact=username.strip(), is_active=True, is_bot=False
        ).first()
        if invitee is None:
            raise LobbyRefused(_("There is no player called %(name)s.") % {"name": username})
        if table.sitting.filter(user=invitee).exists():
            raise LobbyRefused(_("%(name)s already sits here.") % {"name": invitee.public_name})
        invitation, _created = Invitation.objects.update_or_create(
            table=table,
            invitee=invitee,
            defaults={"invited_by": by, "answer": Invitation.Answer.PENDING},
        )
        notify(
            users=[invitee],
            kind="invitation",
            link=table.get_absolute_url(),
            params={"game": table.game, "name": by.public_name},
        )
        _announce(table)
    return invitation


def answer_invitation(*, invitation_id: int, user: User, accept: bool) -> Invitation:
    invitation = Invitation.objects.select_related("table").get(pk=invitation_id, invitee=user)
    if accept:
        join_table(table_id=invitation.table_id, user=user)
    else:
        invitation.answer = Invitation.Answer.DECLINED
        invitation.save(update_fields=["answer"])
        transaction.on_commit(lambda: _tell(invitation.table_id))
    invitation.refresh_from_db()
    return invitation


def close_finished_table(*, match: Match, **_signal: Any) -> None:
    """The table of a match that ended is no longer "in progress" in the lobby."""
    if Table.objects.filter(match=match, status=Table.Status.STARTED).update(
        status=Table.Status.FINISHED
    ):
        transaction.on_commit(lambda: tell_group(LOBBY_GROUP, {"type": "lobby.changed"}))


def _locked(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise LobbyRefused(_("This table does not exist any more.")) from None


def _check_open(table: Table) -> None:
    if table.status != Table.Status.OPEN:
        raise LobbyRefused(_("This table is no longer open."))


def _check_host(table: Table, user: User) -> None:
    if table.host_id != user.pk:
        raise LobbyRefused(_("Only the host may do that."))


def _start(table: Table, *, bot_level: str = Seat.Level.NORMAL) -> None:
    players = [seat.user for seat in table.sitting.select_related("user")]
    table.match = game_services.start_match(
        game=table.game,
        players=players,
        options=table.options,
        rated=table.rated,
        pace=table.pace,
        clock_seconds=table.clock_minutes * 60,
        increment_seconds=table.clock_increment,
        move_hours=table.move_hours,
        bot_level=bot_level,
    )
    table.status = Table.Status.STARTED
    table.save(update_fields=["match", "status"])
    # Whoever was just mailed that it is their turn knows the table started: no second mail.
    mailed = set(
        Notification.objects.filter(kind="your_turn", match_id=table.match.pk).values_list(
            "user_id", flat=True
        )
        if table.match.pace == Match.Pace.TURN_BASED
        else ()
    )
    for email in (True, False):
        notify(
            users=[player for player in players if (player.pk in mailed) != email],
            kind="table_started",
            link=table.match.get_absolute_url(),
            match_id=table.match.pk,
            params={"game": table.game, "match": table.match.pk},
            email=email,
        )


def _announce(table: Table) -> None:
    transaction.on_commit(lambda: _tell(table.pk))


def _tell(table_id: int) -> None:
    tell_group(LOBBY_GROUP, {"type": "lobby.changed"})
    tell_group(table_group(table_id), {"type": "lobby.changed"})
