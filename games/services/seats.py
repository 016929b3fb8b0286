"""Who plays a seat: leaving it to a bot (resigning, abandoning, a clock run out), offering it
to a named player or the lobby, and the substitute who takes it."""

from __future__ import annotations

import contextlib
from datetime import datetime

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Match, Seat, SeatHandover, SeatOffer
from games.registry import GAMES
from games.selectors import may_watch
from games.services.announce import after_commit, tell_lobby, tell_my_games
from games.services.locks import locked
from games.services.refusals import MoveRefused
from notifications.services import mark_answered, notify


def leave_match(*, match_id: int, user: User, reason: str) -> None:
    """Resign or abandon: a bot plays the seat to the end, and the seat records why."""
    if reason not in (Seat.Left.RESIGNED, Seat.Left.ABANDONED):
        raise MoveRefused(_("Choose to resign or to abandon."))
    with transaction.atomic():
        match = locked(match_id)
        seat = held_seat(match, user, bot_for_me=True)
        hand_to_bot(match, seat, reason, timezone.now())


def abandon_every_match(*, user: User) -> None:
    """A player whose account is deleted leaves every match still on, as abandoning does: a
    bot plays each of their seats from now on, rather than once their clock runs out."""
    running = Seat.objects.filter(
        Q(is_bot=False) | Q(handed_at__isnull=False),
        user=user,
        match__status=Match.Status.ACTIVE,
    )
    for match_id in list(running.values_list("match_id", flat=True)):
        with contextlib.suppress(MoveRefused):  # it ended meanwhile
            leave_match(match_id=match_id, user=user, reason=Seat.Left.ABANDONED)


def hand_to_bot(match: Match, seat: Seat, reason: str, now: datetime) -> None:
    """A bot plays the seat on; an offer of the seat to a person ends with it, and so does a bot
    the person let play for them (the seat is left for good)."""
    _withdraw_offers(SeatOffer.objects.filter(match_id=match.pk, seat=seat.number))
    seat.is_bot = True
    seat.left = reason
    seat.replaced_at = now
    seat.turn_started_at = None
    seat.handed_at = None
    seat.save(update_fields=["is_bot", "left", "replaced_at", "turn_started_at", "handed_at"])
    tell_my_games({seat.user_id})
    if reason == Seat.Left.TIMED_OUT:
        notify(
            users=[seat.user],
            kind="replaced_by_bot",
            link=match.get_absolute_url(),
            match_id=match.pk,
            params={"game": match.game, "match": match.pk},
            email=match.pace == Match.Pace.TURN_BASED,
        )
    after_commit(match, GAMES[match.game])


def offer_seat(*, match_id: int, user: User, substitute: User) -> SeatOffer:
    """Offer one's seat to a named player, who is asked (a notice) and takes it only by
    accepting; until then the holder plays on. A new offer for the seat withdraws the old.
    The player has one notice of the match's offers (`notify` groups them), and is mailed the
    offer of this seat by this holder once: an offer made again shows on the site only."""
    with transaction.atomic():
        match = locked(match_id)
        seat = held_seat(match, user)
        _check_substitute(match, user, substitute)
        _withdraw_offers(SeatOffer.objects.filter(match_id=match.pk, seat=seat.number))
        offered_before = SeatOffer.objects.filter(
            match=match, seat=seat.number, from_user=user, to_user=substitute
        ).exists()
        offer = SeatOffer.objects.create(
            match=match, seat=seat.number, from_user=user, to_user=substitute
        )
        notify(
            users=[substitute],
            kind="seat_offer",
            link=offer.get_absolute_url(),
            match_id=match.pk,
            email=not offered_before,
            params={
                "game": match.game,
                "match": match.pk,
                "name": user.public_name,
                "offer": offer.pk,
            },
        )
    return offer


def accept_seat_offer(*, offer_id: int, user: User) -> SeatOffer:
    """The offered player takes the seat, if the offer still stands: not withdrawn, declined
    or replaced, the seat still with the player who offered it, the match still on."""
    with transaction.atomic():
        offer = _offer_for(offer_id, user)
        match = locked(offer.match_id)
        offer = SeatOffer.objects.select_for_update().get(pk=offer.pk)
        seat = next((s for s in match.seat_list if s.number == offer.seat), None)
        if (
            offer.answer != SeatOffer.Answer.PENDING
            or match.is_over
            or seat is None
            or seat.is_bot
            or seat.user_id != offer.from_user_id
        ):
            raise MoveRefused(_("This offer is no longer open."))
        _check_substitute(match, seat.user, user)
        offer.answer = SeatOffer.Answer.ACCEPTED
        offer.save(update_fields=["answer"])
        _hand_over(match, seat, user)
        _offer_answered(offer)
    return offer


def decline_seat_offer(*, offer_id: int, user: User) -> SeatOffer:
    with transaction.atomic():
        offer = _offer_for(offer_id, user, lock=True)
        if offer.answer != SeatOffer.Answer.PENDING:
            raise MoveRefused(_("This offer is no longer open."))
        offer.answer = SeatOffer.Answer.DECLINED
        offer.save(update_fields=["answer"])
        _offer_answered(offer)
    return offer


def withdraw_seat_offer(*, match_id: int, user: User) -> None:
    """The holder takes back the offer of their seat."""
    with transaction.atomic():
        if not _withdraw_offers(SeatOffer.objects.filter(match_id=match_id, from_user=user)):
            raise MoveRefused(_("You have not offered your seat to anyone."))


def ask_for_substitute(*, match_id: int, user: User) -> None:
    """Offer one's seat to a volunteer from the lobby; the player plays on until one comes."""
    with transaction.atomic():
        match = locked(match_id)
        seat = held_seat(match, user)
        seat.substitute_wanted = True
        seat.save(update_fields=["substitute_wanted"])
        after_commit(match, GAMES[match.game], wake_bots=False)
        transaction.on_commit(tell_lobby)


def volunteer(*, match_id: int, seat_number: int, user: User) -> None:
    """Take over a seat whose player asked for a substitute: the volunteer's click is the
    answer to that open offer."""
    with transaction.atomic():
        match = locked(match_id)
        seat = next((s for s in match.seat_list if s.number == seat_number), None)
        if match.is_over or seat is None or not seat.substitute_wanted or seat.is_bot:
            raise MoveRefused(_("This seat no longer needs a substitute."))
        if not may_watch(match_id, user):
            raise MoveRefused(_("This seat no longer needs a substitute."))
        _check_substitute(match, seat.user, user)
        _hand_over(match, seat, user)


def held_seat(match: Match, user: User, *, bot_for_me: bool = False) -> Seat:
    """The seat the user plays (not a bot for them) in a match still on; `bot_for_me`: or the
    seat a bot plays for them until they take it back (`autoplay`)."""
    if match.is_over:
        raise MoveRefused(_("The game is over."))
    seat = next((s for s in match.seat_list if s.user_id == user.pk and s.played_by_person), None)
    if seat is None:
        raise MoveRefused(_("You do not sit at this table."))
    if seat.handed and not bot_for_me:
        raise MoveRefused(_("A bot plays for you now: take your seat back first."))
    return seat


def _check_substitute(match: Match, holder: User, substitute: User) -> None:
    if substitute.is_bot or not substitute.is_active or substitute.pk == holder.pk:
        raise MoveRefused(_("Choose another player as your substitute."))
    if any(s.user_id == substitute.pk for s in match.seat_list):
        raise MoveRefused(
            _("%(name)s already plays this match.") % {"name": substitute.public_name}
        )


def _hand_over(match: Match, seat: Seat, substitute: User) -> None:
    """Give the seat to a substitute who agreed; the handover stays on record. The seat's
    other offers end with it."""
    SeatHandover.objects.create(
        match=match, seat=seat.number, from_user=seat.user, to_user=substitute
    )
    _withdraw_offers(SeatOffer.objects.filter(match_id=match.pk, seat=seat.number))
    if seat.substitute_wanted:
        transaction.on_commit(tell_lobby)
    tell_my_games({seat.user_id, substitute.pk})
    seat.user = substitute
    seat.substitute_wanted = False
    seat.save(update_fields=["user", "substitute_wanted"])
    after_commit(match, GAMES[match.game])


def _offer_for(offer_id: int, user: User, *, lock: bool = False) -> SeatOffer:
    """The offer made to this user; another's offer (a forged answer) is not found."""
    offers = SeatOffer.objects.select_for_update() if lock else SeatOffer.objects
    try:
        return offers.get(pk=offer_id, to_user=user)
    except SeatOffer.DoesNotExist:
        raise MoveRefused(_("This offer was not made to you.")) from None


def _withdraw_offers(offers: QuerySet[SeatOffer]) -> int:
    """End the pending ones of these offers; their notices are read."""
    ended = list(offers.select_for_update().filter(answer=SeatOffer.Answer.PENDING))
    for offer in ended:
        offer.answer = SeatOffer.Answer.WITHDRAWN
        offer.save(update_fields=["answer"])
        _offer_answered(offer)
    return len(ended)


def _offer_answered(offer: SeatOffer) -> None:
    mark_answered(user_id=offer.to_user_id, kind="seat_offer", link=offer.get_absolute_url())
