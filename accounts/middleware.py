from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation


class PlayerPreferencesMiddleware:
    """Serve a signed-in player in the language and time zone of their profile."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = request.user
        if user.is_authenticated:
            translation.activate(user.language)
            request.LANGUAGE_CODE = translation.get_language()
            timezone.activate(user.zone)
        else:
            timezone.deactivate()
        return self.get_response(request)
