from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from games.registry import GAMES


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "lobby/home.html", {"games": GAMES.values()})
