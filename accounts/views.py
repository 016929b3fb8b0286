from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.i18n import set_language

from accounts.forms import DeleteAccountForm, ProfileForm
from accounts.models import User
from accounts.services import delete_account
from games import analysis_view, charts, stats
from notifications import push


def _remember_language(response: HttpResponse, language: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        samesite="Lax",
    )


@require_POST
def switch_language(request: HttpRequest) -> HttpResponse:
    """Django's language switch, also remembered on the profile of a signed-in player."""
    response = set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        request.user.language = language
        request.user.save(update_fields=["language"])
    return response


@login_required
@require_http_methods(["GET", "POST"])
def edit_profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        translation.activate(user.language)
        messages.success(request, _("Your profile has been saved."))
        response = redirect("edit_profile")
        _remember_language(response, user.language)
        return response
    context = {
        "form": form,
        "devices": push.devices(request.user),
        "push_key": push.application_server_key(),
    }
    return render(request, "accounts/profile_edit.html", context)


def _player(username: str) -> User:
    return get_object_or_404(User, username=username, deleted_at__isnull=True, is_active=True)


@require_safe
def player_profile(request: HttpRequest, username: str) -> HttpResponse:
    player = _player(username)
    overall, lines = stats.player_lines(player)
    history = stats.rating_history(player)
    for line in lines:
        line.chart = charts.line_chart(history.get(line.slug, []))
    context = {
        "player": player,
        "overall": overall,
        "lines": lines,
        "last_matches": stats.last_matches(player, request.user),
        # A player's analysis is theirs alone (issue 36): so is their accuracy.
        "accuracy": analysis_view.accuracy_lines(player) if request.user == player else [],
    }
    return render(request, "accounts/player_profile.html", context)


@require_safe
def head_to_head(request: HttpRequest, username: str) -> HttpResponse:
    """Two players' record against each other; the second is `?other=` (a username)."""
    player = _player(username)
    other_name = request.GET.get("other", "").strip()
    other = User.objects.filter(
        username__iexact=other_name, deleted_at__isnull=True, is_active=True
    ).first()
    context: dict = {"player": player, "other": other, "other_name": other_name}
    if other is not None and other != player:
        context["rivalries"], context["shared"] = stats.head_to_head(player, other, request.user)
    return render(request, "accounts/head_to_head.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def delete_own_account(request: HttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        delete_account(user=request.user)
        logout(request)
        messages.success(request, _("Your account has been deleted. Thank you for playing."))
        return redirect("home")
    return render(request, "accounts/delete_account.html", {"form": form})
