import functools
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, reswap
from django_htmx.middleware import HtmxDetails
from django_ratelimit.exceptions import Ratelimited

from accounts.models import User
from chat.live import panel_html
from config.guards import count, limited, to_named_player, whole_number, within_limit
from games import analysis_view, charts, selectors, services, stats
from games.forms import BotLevelForm, GameChoicesForm
from games.models import Match, Seat, SeatOffer, events_of
from games.regions import render_region
from games.registry import GAMES
from games.selectors import record_of, replay_for, table_for
from notifications.services import mark_match_read

TABLE_PAGE = "games/table.html"


class HtmxRequest(HttpRequest):
    """A request as the middleware leaves it: with htmx's headers read (`django_htmx`)."""

    htmx: HtmxDetails


class PlayerRequest(HtmxRequest):
    """A signed-in player's request (`login_required`)."""

    user: User


def private_to_its_people(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A match of a private table is not found by anyone but its people (`may_watch`)."""

    @functools.wraps(view)
    def checked(request: HttpRequest, match_id: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if not selectors.may_watch(match_id, request.user):
            raise Http404
        return view(request, match_id, *args, **kwargs)

    return checked


def _match(match_id: int) -> Match:
    try:
        return selectors.load_table(match_id)
    except Match.DoesNotExist:
        raise Http404 from None


@require_safe
@private_to_its_people
def match_table(request: HtmxRequest, match_id: int) -> HttpResponse:
    """The table page; with htmx (the fallback poll) only the table region."""
    match = _match(match_id)
    if (
        isinstance(request.user, User)
        and not match.is_over
        and any(
            s.user_id == request.user.pk and s.awaited_until and not s.is_bot
            for s in match.seat_list
        )
    ):
        # The player the match awaited came: their clock starts now.
        services.come_to_table(match_id=match_id, user=request.user, now=timezone.now())
        match = _match(match_id)
    table = table_for(match, request.user)
    if table.seat is not None and isinstance(request.user, User):
        mark_match_read(user=request.user, match_id=match_id)
    if request.htmx:
        return _regions(request, "table", table.context())
    context = table.context()
    context["table_html"] = render_region("table", _with_csrf(request, context))
    context["chat_html"] = panel_html(match_id, request.user, get_token(request))
    context["part_of"] = events_of([match_id], request.user).get(match_id)
    return render(request, TABLE_PAGE, context)


@require_POST
@login_required
@private_to_its_people
def submit_move(request: PlayerRequest, match_id: int) -> HttpResponse:
    """A move from the table's forms; the answer is the table as the mover now sees it. A page
    that follows the match over its websocket gets nothing (204) or, for a refusal, the status
    line with the reason: the socket alone brings new tables, so regions never disagree. Moves
    posted here count toward the same limit as the player's socket messages."""
    error = None
    accepted = None
    if not within_limit(request.user):
        error = _("Too many moves in a short time. Wait a moment and try again.")
    else:
        try:
            accepted = services.submit_move_form(
                match_id=match_id, user=request.user, form=request.POST
            )
        except Match.DoesNotExist:
            raise Http404 from None
        except services.MoveRefused as refusal:
            error = _(refusal.message)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("match_table", match_id=match_id)
    live = request.headers.get("X-Table-Live") == "1"
    if live and accepted is not None:
        # The socket brings the new table, every region of it in one message; the header says
        # which move number will show this move.
        answer = HttpResponse(status=204)
        answer["X-Move-Seq"] = str(accepted.seq)
        return answer
    table = table_for(_match(match_id), request.user)
    if live:
        status = _regions(request, "status", table.context(error=error, oob=True))
        return reswap(status, "none")
    return _regions(request, "table", table.context(error=error))


def _with_csrf(request: HttpRequest, context: dict[str, Any]) -> dict[str, Any]:
    """The table's forms carry the request's CSRF token, as `{% csrf_token %}` would."""
    return {**context, "csrf_token": get_token(request)}


def _regions(request: HttpRequest, region: str, context: dict[str, Any]) -> HttpResponse:
    """A region (or the whole `table`) alone, for htmx."""
    return HttpResponse(render_region(region, _with_csrf(request, context)))


@require_POST
@login_required
def leave_match(request: PlayerRequest, match_id: int) -> HttpResponse:
    """Resign or abandon; a bot plays the seat to the end."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        services.leave_match(
            match_id=match.pk, user=request.user, reason=request.POST.get("reason", "")
        )
    except services.MoveRefused as refusal:
        messages.error(request, _(refusal.message))
    else:
        messages.success(request, _("A bot plays your seat from now on."))
    return redirect(match)


@require_POST
@login_required
def let_bot_play(request: PlayerRequest, match_id: int) -> HttpResponse:
    """A bot of the level the player picks plays their seat until they take it back."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        services.let_bot_play(
            match_id=match.pk, user=request.user, level=request.POST.get("bot_level", "")
        )
    except services.MoveRefused as refusal:
        messages.error(request, _(refusal.message))
    return redirect(match)


@require_POST
@login_required
def take_seat_back(request: PlayerRequest, match_id: int) -> HttpResponse:
    """The player plays their seat again; the bot stops."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        services.take_seat_back(match_id=match.pk, user=request.user)
    except services.MoveRefused as refusal:
        messages.error(request, _(refusal.message))
    return redirect(match)


@require_POST
@login_required
def end_match_early(request: PlayerRequest, match_id: int) -> HttpResponse:
    """A player who stayed after another left ends the match now (with the others' agreement)."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        ended = services.end_match_early(match_id=match.pk, user=request.user)
    except services.MoveRefused as refusal:
        messages.error(request, _(refusal.message))
    else:
        if not ended:
            messages.success(
                request, _("The match ends as soon as every player who stayed asks for it.")
            )
    return redirect(match)


@require_POST
@login_required
def hand_seat(request: PlayerRequest, match_id: int) -> HttpResponse:
    """Offer one's seat to the player named in the form; they take it only by accepting.
    Offers to one player are limited as invitations are (PLAY_RATE_LIMITS' `seat_offer_to_one`)."""
    match = get_object_or_404(Match, pk=match_id)
    count(request, "seat_offer_to_one", key=to_named_player)
    name = request.POST.get("username", "").strip()
    substitute = User.objects.filter(username__iexact=name, deleted_at__isnull=True).first()
    try:
        if substitute is None:
            raise services.MoveRefused(_("There is no player called %(name)s.") % {"name": name})
        services.offer_seat(match_id=match.pk, user=request.user, substitute=substitute)
    except services.MoveRefused as refusal:
        messages.error(request, _(refusal.message))
    else:
        messages.success(
            request,
            _("%(name)s is asked to take your seat; play on until they accept.")
            % {"name": substitute.public_name},
        )
    return redirect(match)


@require_POST
@login_required
def withdraw_seat_offer(request: PlayerRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    try:
        services.withdraw_seat_offer(match_id=match.pk, user=request.user)
    except services.MoveRefused as refusal:
        messages.error(request, _(refusal.message))
    else:
        messages.success(request, _("Your seat is no longer offered."))
    return redirect(match)


@require_safe
@login_required
def seat_offer(request: PlayerRequest, offer_id: int) -> HttpResponse:
    """The offer of a seat, as its player sees it: accept or decline."""
    offer = get_object_or_404(
        SeatOffer.objects.select_related("match", "from_user"), pk=offer_id, to_user=request.user
    )
    context = {"offer": offer, "game": GAMES.get(offer.match.game), "open": offer.is_open}
    return render(request, "games/seat_offer.html", context)


@require_POST
@login_required
def answer_seat_offer(request: PlayerRequest, offer_id: int) -> HttpResponse:
    """Accept (and sit at the match) or decline; a stale or forged answer changes nothing."""
    answer = request.POST.get("answer")
    try:
        if answer == "accept":
            offer = services.accept_seat_offer(offer_id=offer_id, user=request.user)
            messages.success(request, _("The seat is yours: play on."))
            return redirect(offer.match)
        if answer != "decline":
            raise services.MoveRefused(_("Accept or decline the offer."))
        services.decline_seat_offer(offer_id=offer_id, user=request.user)
        messages.success(request, _("You declined the seat."))
    except services.MoveRefused as refusal:
        messages.error(request, _(refusal.message))
    return redirect("home")


@require_POST
@login_required
@limited("lobby_action")
def ask_for_substitute(request: PlayerRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    try:
        services.ask_for_substitute(match_id=match.pk, user=request.user)
    except services.MoveRefused as refusal:
        messages.error(request, _(refusal.message))
    else:
        messages.success(
            request, _("Your seat is offered in the lobby; play on until someone comes.")
        )
    return redirect(match)


@require_POST
@login_required
@limited("lobby_action")
def volunteer(request: PlayerRequest, match_id: int, seat: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    target = match.get_absolute_url()
    try:
        services.volunteer(match_id=match.pk, seat_number=seat, user=request.user)
    except services.MoveRefused as refusal:
        messages.error(request, _(refusal.message))
        target = reverse("home")
    return HttpResponseClientRedirect(target) if request.htmx else redirect(target)


@require_POST
@login_required
@private_to_its_people
def request_analysis(request: PlayerRequest, match_id: int) -> HttpResponse:
    """A player of a finished match asks for its analysis (again, issue 36), from its replay,
    where the answer takes them back: a few times an hour (PLAY_RATE_LIMITS' `analysis`)."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        count(request, "analysis")
        services.request_analysis(match_id=match.pk, user=request.user)
    except Ratelimited:
        messages.error(
            request,
            _("You have asked for analyses too often; each player may ask a few times an hour."),
        )
    except services.MoveRefused as refusal:
        messages.error(request, _(refusal.message))
    else:
        messages.success(request, _("The match will be analysed; it takes a few minutes."))
    return redirect("match_replay", match_id=match.pk)


@require_safe
def leaderboard(request: HttpRequest, game: str) -> HttpResponse:
    info = GAMES.get(game)
    if info is None:
        raise Http404
    ratings = selectors.leaderboard(game)
    context = {
        "game": info,
        "ratings": ratings,
        "unrated": selectors.unrated_records(
            game, leaving_out={rating.user_id for rating in ratings}
        ),
        "minimum": selectors.LEADERBOARD_MINIMUM,
    }
    return render(request, "games/leaderboard.html", context)


@require_safe
def game_statistics(request: HttpRequest, game: str) -> HttpResponse:
    info = services.playable_game(game)
    if info is None:
        raise Http404
    tallies = stats.game_statistics(game)
    scores = stats.score_bars(tallies.scores)
    context = {
        "game": info,
        "stats": tallies,
        "score_chart": charts.bar_chart([(label, seats, str(seats)) for label, seats in scores]),
        "seat_rates": stats.seat_rates(tallies.seat_wins),
        "facts": info.stats.fact_lines(tallies.facts, tallies.matches) if tallies.matches else [],
    }
    return render(request, "games/statistics.html", context)


@require_safe
def rules_summary(request: HttpRequest, game: str) -> HttpResponse:
    info = GAMES.get(game)
    if info is None:
        raise Http404
    return render(request, "games/rules_summary.html", {"game": info})


@require_safe
@private_to_its_people
def match_replay(request: HtmxRequest, match_id: int) -> HttpResponse:
    """Step through the moves; the arrows, the slider and the buttons all ask for `?step=`.
    `?step=last` is the newest move (the table links there with a link that does not change
    with every move, so the live table need not resend it)."""
    match = _match(match_id)
    asked = request.GET.get("step", "last" if match.is_over else "0")
    step = match.move_count if asked == "last" else whole_number(asked) or 0
    replay = replay_for(match, request.user, step)
    template = "games/replay.html#replay" if request.htmx else "games/replay.html"
    context: dict[str, Any] = {
        "replay": replay,
        "analysis": analysis_view.replay_analysis(replay, request.user),
    }
    if not request.htmx:
        context["part_of"] = events_of([match.pk], request.user).get(match.pk)
    return render(request, template, context)


@require_safe
@private_to_its_people
def match_record(request: HttpRequest, match_id: int) -> HttpResponse:
    """The finished match as its JSON record, to download or replay with `play_record`."""
    match = _match(match_id)
    if not match.is_over:
        raise Http404(_("The record of a match is published when it ends."))
    response = JsonResponse(record_of(match), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{match.game}-{match.pk}.json"'
    return response


@require_POST
@login_required
@limited("new_table")
def play_against_bots(request: PlayerRequest, game: str) -> HttpResponse:
    """Start a match at once: the player against the site's bots, with the game's options."""
    info = services.playable_game(game)
    if info is None:
        raise Http404
    choices = request.POST.copy()
    choices.setdefault("seats", str(info.default_seats))
    choices.setdefault("bot_level", Seat.Level.NORMAL)
    form = GameChoicesForm(choices, game=info)
    level = BotLevelForm(choices)
    if not (form.is_valid() and level.is_valid()):
        problems = [
            str(problem)
            for errors in (form.errors, level.errors)
            for field in errors.values()
            for problem in field
        ]
        messages.error(
            request, " ".join([_("Choose the number of players and the options again."), *problems])
        )
        return redirect("home")
    try:
        match = services.play_against_bots(
            user=request.user,
            game=game,
            seats=form.cleaned_data["seats"],
            options=form.game_options(),
            level=level.cleaned_data["bot_level"],
        )
    except services.MoveRefused as refusal:
        messages.error(request, _(refusal.message))
        return redirect("home")
    return redirect(match)
