from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from config.guards import limited
from games import services as game_services
from games.registry import GAMES
from games.views import HtmxRequest, PlayerRequest
from tournaments import selectors, services
from tournaments.forms import TournamentForm
from tournaments.models import Tournament

PAGE = "tournaments/tournament.html"


LIST = "tournaments/list.html"


def list_context(user: Any, asked: str | None) -> dict[str, Any]:
    """The lists for the page, its filter's answer and its socket's pushes."""
    game = asked if asked in GAMES else None
    return {
        **selectors.tournament_lists(user, game),
        "game": game,
        "playable": [info for info in GAMES.values() if info.playable],
    }


@require_safe
def tournament_list(request: HtmxRequest) -> HttpResponse:
    """Upcoming, running and finished tournaments, narrowed to one game by `?game=`, kept live
    over a websocket (`consumers.TournamentListConsumer`); the filter asks htmx for the lists
    alone."""
    template = LIST + "#lists" if request.htmx else LIST
    return render(request, template, list_context(request.user, request.GET.get("game")))


@login_required
@require_http_methods(["GET", "POST"])
@limited("new_tournament")
def create(request: PlayerRequest, game: str) -> HttpResponse:
    info = game_services.playable_game(game)
    if info is None:
        raise Http404
    form = TournamentForm(request.POST or None, game=info)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create_tournament(
                creator=request.user, now=timezone.now(), **form.settings()
            )
        except services.TournamentRefused as refusal:
            form.add_error(None, refusal.message)
        else:
            return redirect(tournament.get_absolute_url())
    return render(request, "tournaments/create.html", {"form": form, "game": info})


def page_context(tournament: Tournament, user: Any) -> dict[str, Any]:
    return {
        "tournament": tournament,
        "game": GAMES[tournament.game],
        "board": selectors.board(tournament, user),
        "is_creator": getattr(user, "is_authenticated", False)
        and tournament.created_by_id == user.pk,
    }


def may_see(tournament: Tournament, user: Any) -> bool:
    return selectors.listed(user).filter(pk=tournament.pk).exists()


@require_safe
def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The standings, kept live over a websocket (`consumers.TournamentConsumer`), the current
    round's tables and the sign-up."""
    tournament = get_object_or_404(
        Tournament.objects.select_related("created_by"), pk=tournament_id
    )
    if not may_see(tournament, request.user):
        raise Http404
    context = page_context(tournament, request.user)
    if context["is_creator"] and tournament.private:
        context["invite_link"] = request.build_absolute_uri(tournament.invite_url())
    return render(request, PAGE, context)


@login_required
@require_http_methods(["GET", "POST"])
@limited("lobby_action")
def invited(request: PlayerRequest, token: str) -> HttpResponse:
    """A tournament by invitation, reached by its link: its page's facts and a sign-up."""
    tournament = get_object_or_404(Tournament, invite_token=token)
    if request.method == "POST":
        return _act(request, tournament.pk, "join", token)
    return render(request, "tournaments/invited.html", {"tournament": tournament, "token": token})


@login_required
@require_POST
@limited("lobby_action")
def action(request: PlayerRequest, tournament_id: int, action: str) -> HttpResponse:
    """Sign up, withdraw, or pause and come back in an arena; then back to the tournament's
    page."""
    get_object_or_404(Tournament, pk=tournament_id)
    if action not in ("join", "withdraw", "pause", "resume"):
        raise Http404
    return _act(request, tournament_id, action, None)


def _act(
    request: PlayerRequest, tournament_id: int, action: str, token: str | None
) -> HttpResponse:
    try:
        if action == "join":
            services.sign_up(tournament_id=tournament_id, user=request.user, token=token)
        elif action == "withdraw":
            services.withdraw(tournament_id=tournament_id, user=request.user)
        else:
            services.pause(tournament_id=tournament_id, user=request.user, paused=action == "pause")
    except services.TournamentRefused as refusal:
        messages.error(request, refusal.message)
    return redirect(reverse("tournament", kwargs={"tournament_id": tournament_id}))
