"""The table's talk over HTTP: the panel (the fallback while the socket is down), a line posted
without the socket or without JavaScript, muting and reporting. Thin: `chat.services` writes."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from chat import services
from chat.live import panel_html
from config.guards import within_limit
from games.selectors import may_watch


def _back(match_id: int) -> HttpResponse:
    return redirect(reverse("match_table", args=[match_id]) + "#chat")


@require_safe
def chat_panel(request: HttpRequest, match_id: int) -> HttpResponse:
    """The panel alone, for the page's poll while its socket is down."""
    if not may_watch(match_id, request.user):
        raise Http404
    return HttpResponse(panel_html(match_id, request.user, get_token(request)))


@require_POST
@login_required
def say(request: HttpRequest, match_id: int) -> HttpResponse:
    """A line posted: with htmx the answer is the panel (with the line, or the reason it was
    refused); without, the table page again."""
    if not may_watch(match_id, request.user):
        raise Http404
    error = None
    if not within_limit(request.user, "chat_line"):
        error = _("You are talking too fast. Wait a moment and try again.")
    else:
        try:
            services.say(match_id=match_id, user=request.user, text=request.POST.get("chat_line"))
        except services.ChatRefused as refused:
            error = refused.message
    if request.htmx:
        return HttpResponse(panel_html(match_id, request.user, get_token(request), error))
    if error:
        messages.error(request, error)
    return _back(match_id)


@require_POST
@login_required
def mute(request: HttpRequest, match_id: int) -> HttpResponse:
    """Mute a player (`muted=1`) or read them again (`muted=0`), then back to the table."""
    if not may_watch(match_id, request.user):
        raise Http404
    muted = request.POST.get("muted") != "0"
    try:
        player = services.mute(
            user=request.user, match_id=match_id, player_id=request.POST.get("player"), muted=muted
        )
    except services.ChatRefused as refused:
        messages.error(request, refused.message)
    else:
        if muted:
            text = _("You no longer see what %(name)s says, at any table.")
        else:
            text = _("You see what %(name)s says again.")
        messages.success(request, text % {"name": player.public_name})
    return _back(match_id)


@require_POST
@login_required
def report(request: HttpRequest, match_id: int) -> HttpResponse:
    """Report a line to the moderators; the reporter is told it was received."""
    if not may_watch(match_id, request.user):
        raise Http404
    try:
        services.report(
            user=request.user, line_id=request.POST.get("line"), reason=request.POST.get("reason")
        )
    except services.ChatRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("Thank you: the moderators will read the line you reported."))
    return _back(match_id)
