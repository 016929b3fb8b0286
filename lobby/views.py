from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render, resolve_url
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from accounts.models import User
from config.guards import count, limited, to_named_player, whole_number
from games import services as game_services
from games.forms import BotLevelForm, GameChoicesForm
from games.models import Match, Seat
from games.ratings import win_chances
from games.registry import GAMES
from lobby import selectors, services
from lobby.forms import OpenTableForm
from lobby.models import Invitation, Table

HOME = "lobby/home.html"
ROOM = "lobby/table.html"
MY_GAMES = "lobby/my_games.html"


def _go(request: HttpRequest, to, *args, **kwargs) -> HttpResponse:
    """Redirect; an htmx form (one pushed over the websocket) navigates the whole page."""
    if request.htmx:
        return HttpResponseClientRedirect(resolve_url(to, *args, **kwargs))
    return redirect(to, *args, **kwargs)


def home_context(user, narrow: selectors.TableFilter = selectors.EVERYTHING) -> dict:
    return {
        "games": GAMES.values(),
        "playable": [game for game in GAMES.values() if game.playable],
        "paces": Match.Pace.choices,
        "player_counts": sorted(
            {n for game in GAMES.values() if game.playable for n in game.seat_choices}
        ),
        "narrow": narrow,
        "tables": selectors.open_tables(user, narrow),
        "started": selectors.recently_started(user, narrow),
        "wanted": selectors.seats_wanting_substitutes(user),
        "invitations": selectors.pending_invitations(user) if user.is_authenticated else [],
    }


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The lobby: the games, the open tables (kept live over a websocket, narrowed by the
    filter form), invitations."""
    template = HOME + "#live-tables" if request.htmx else HOME
    narrow = selectors.TableFilter.from_query(request.GET)
    return render(request, template, home_context(request.user, narrow))


def room_context(table: Table, user) -> dict:
    seated = [seat.user for seat in table.sitting.select_related("user")]
    people = [player for player in seated if not player.is_bot]
    chances = (
        list(zip(people, win_chances(table.game, people), strict=True))
        if table.rated and len(people) > 1
        else []
    )
    return {
        "chances": chances,
        "table": table,
        "game": GAMES[table.game],
        "seated": seated,
        "empty": range(table.seats - len(seated)),
        "is_host": user.is_authenticated and table.host_id == user.pk,
        "is_seated": user in seated,
        "invited": table.invitations.select_related("invitee"),
        "invite_link": settings.SITE_URL.rstrip("/") + table.invite_url(),
    }


@require_safe
def table_room(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("host", "match"), pk=table_id)
    context = room_context(table, request.user)
    if table.private and not (context["is_seated"] or _invited(table, request.user)):
        raise Http404
    template = ROOM + "#room" if request.htmx else ROOM
    return render(request, template, context)


def _invited(table: Table, user) -> bool:
    return user.is_authenticated and table.invitations.filter(invitee=user).exists()


@login_required
@require_http_methods(["GET", "POST"])
@limited("new_table")
def open_table(request: HttpRequest, game: str) -> HttpResponse:
    info = game_services.playable_game(game)
    if info is None:
        raise Http404
    form = OpenTableForm(request.POST or None, game=info)
    if request.method == "POST" and form.is_valid():
        try:
            table = services.open_table(host=request.user, game=game, **form.table_settings())
        except services.LobbyRefused as refusal:
            form.add_error(None, refusal.message)
        else:
            return redirect(table)
    return render(request, "lobby/open_table.html", {"form": form, "game": info})


@login_required
@require_POST
@limited("lobby_action")
def table_action(request: HttpRequest, table_id: int, action: str) -> HttpResponse:
    """Join, leave, start, fill with bots, remove a player or invite one; then back to the room
    (or to the match once it started)."""
    user = request.user
    try:
        if action == "join":
            table = services.join_table(
                table_id=table_id, user=user, token=request.POST.get("token")
            )
        elif action == "leave":
            table = services.leave_table(table_id=table_id, user=user)
        elif action == "start":
            table = services.start_table(table_id=table_id, user=user)
        elif action == "bots":
            choices = request.POST.copy()
            choices.setdefault("bot_level", Seat.Level.NORMAL)
            level = BotLevelForm(choices)
            if not level.is_valid():
                raise services.LobbyRefused(" ".join(level.errors["bot_level"]))
            table = services.fill_with_bots(
                table_id=table_id, host=user, level=level.cleaned_data["bot_level"]
            )
        elif action == "remove":
            player = get_object_or_404(User, pk=_number(request.POST.get("player")))
            table = services.remove_player(table_id=table_id, host=user, player=player)
        elif action == "invite":
            count(request, "invitation")
            count(request, "invitation_to_one", key=to_named_player)
            services.invite(table_id=table_id, by=user, username=request.POST.get("username", ""))
            table = get_object_or_404(Table, pk=table_id)
        else:
            raise Http404
    except services.LobbyRefused as refusal:
        messages.error(request, refusal.message)
        if not Table.objects.filter(pk=table_id).exists():
            return _go(request, "home")
        return _go(request, "lobby_table", table_id=table_id)
    if table.status == Table.Status.STARTED and table.match_id:
        return _go(request, table.match)
    if table.status == Table.Status.CLOSED:
        return _go(request, "home")
    return _go(request, table)


def _number(field: str | None) -> int:
    """A form's id field; anything else is a malformed request (a 400 saying so)."""
    number = whole_number(field)
    if number is None:
        raise BadRequest(_("The form names no player."))
    return number


@login_required
@require_http_methods(["GET", "POST"])
@limited("lobby_action")
def join_by_link(request: HttpRequest, token: str) -> HttpResponse:
    table = get_object_or_404(Table, invite_token=token)
    if request.method == "POST":
        try:
            table = services.join_table(table_id=table.pk, user=request.user, token=token)
        except services.LobbyRefused as refusal:
            messages.error(request, refusal.message)
        if table.match_id:
            return _go(request, table.match)
        return _go(request, table)
    return render(request, "lobby/join.html", {"table": table, "game": GAMES[table.game]})


@login_required
@require_POST
@limited("lobby_action")
def answer_invitation(request: HttpRequest, invitation_id: int) -> HttpResponse:
    get_object_or_404(Invitation, pk=invitation_id, invitee=request.user)
    accept = request.POST.get("answer") == "accept"
    try:
        invitation = services.answer_invitation(
            invitation_id=invitation_id, user=request.user, accept=accept
        )
    except services.LobbyRefused as refusal:
        messages.error(request, refusal.message)
        return _go(request, "home")
    table = invitation.table
    if accept and table.match_id:
        return _go(request, table.match)
    return _go(request, table if accept else "home")


@login_required
@require_POST
@limited("new_table")
def quick_play(request: HttpRequest, game: str) -> HttpResponse:
    info = GAMES.get(game)
    if info is None:
        raise Http404
    form = GameChoicesForm(request.POST, game=info)
    seats = form.cleaned_data["seats"] if form.is_valid() else info.default_seats
    try:
        table = services.quick_play(user=request.user, game=game, seats=seats)
    except services.LobbyRefused as refusal:
        messages.error(request, refusal.message)
        return redirect("home")
    return redirect(table.match if table.match_id else table)


def my_games_context(user: User) -> dict:
    return {"groups": selectors.my_matches(user)}


@login_required
@require_POST
@limited("new_table")
def rematch(request: HttpRequest, match_id: int) -> HttpResponse:
    """The same players again: at once against bots, else at a table the others are invited to."""
    try:
        started = services.rematch(match_id=match_id, user=request.user)
    except services.LobbyRefused as refusal:
        messages.error(request, refusal.message)
        return redirect("home")
    if isinstance(started, Table) and started.match_id:
        return redirect(started.match)
    return redirect(started)


@login_required
@require_safe
def my_games(request: HttpRequest) -> HttpResponse:
    """The player's matches, kept live over a websocket (`lobby.consumers.MyGamesConsumer`)."""
    context = {
        **my_games_context(request.user),
        "vacation": selectors.vacation_of(request.user, timezone.now()),
    }
    return render(request, MY_GAMES, context)


@login_required
@require_POST
def take_vacation(request: HttpRequest) -> HttpResponse:
    """Pause the clocks of one's turn-based matches for some days."""
    days = whole_number(request.POST.get("days"))
    if days is None:
        messages.error(request, _("Give the number of days."))
        return redirect("my_games")
    try:
        game_services.declare_vacation(user=request.user, days=days, now=timezone.now())
    except game_services.MoveRefused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Enjoy your vacation: your move clocks wait for you."))
    return redirect("my_games")
