"""A tournament's page kept live: the standings and the current round shown again when a
match of it ends, a round is seated or a player signs up or withdraws; and the list of
tournaments, shown again when one appears, starts, moves on or ends. Read-only."""

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import timezone, translation

from accounts.sockets import SessionBoundSocket, SettlingRegion
from games.live import csrf_token_for
from tournaments.models import Tournament
from tournaments.services import TOURNAMENTS_GROUP, tournament_group
from tournaments.views import LIST, PAGE, list_context, may_see, page_context

LIST_SETTLE_SECONDS = 1.0
"""The list waits a second after a change: a burst (a round's tables ending, sign-ups before a
start) is one render for each page watching."""


class TournamentConsumer(SettlingRegion, SessionBoundSocket, AsyncWebsocketConsumer):
    """The region `#tournament-live` of one tournament's page; a round's matches ending
    together are shown by one render (`SettlingRegion`)."""

    unreadable = "A tournament's standings could not be read"

    async def connect(self) -> None:
        self.tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        self.csrf_token = csrf_token_for(self.scope)
        if not await self._visible():
            await self.close(code=4404)
            return
        await self.open_region(tournament_group(self.tournament_id))

    tournament_changed = SettlingRegion.region_stale
    layer_reconnected = tournament_changed

    @database_sync_to_async
    def _visible(self) -> bool:
        tournament = Tournament.objects.filter(pk=self.tournament_id).first()
        return tournament is not None and may_see(tournament, self.scope.get("user"))

    @database_sync_to_async
    def render_region(self) -> str | None:
        user = self.scope.get("user")
        tournament = Tournament.objects.filter(pk=self.tournament_id).first()
        if tournament is None or not may_see(tournament, user):
            return None
        signed_in = getattr(user, "is_authenticated", False)
        language = user.language if signed_in else translation.get_language()
        zone = user.zone if signed_in else timezone.get_current_timezone()
        with translation.override(language), timezone.override(zone):
            live = {"oob": True, "csrf_token": self.csrf_token, "user": user}
            return render_to_string(PAGE + "#live", {**page_context(tournament, user), **live})


class TournamentListConsumer(SettlingRegion, SessionBoundSocket, AsyncWebsocketConsumer):
    """The list page's `#tournament-sections`, narrowed to the game of its `?game=`."""

    settle_seconds = LIST_SETTLE_SECONDS
    unreadable = "The list of tournaments could not be read"

    async def connect(self) -> None:
        query = parse_qs(self.scope.get("query_string", b"").decode())
        self.game = query.get("game", [None])[0]
        await self.open_region(TOURNAMENTS_GROUP)

    tournaments_changed = SettlingRegion.region_stale
    layer_reconnected = tournaments_changed

    @database_sync_to_async
    def render_region(self) -> str | None:
        user = self.scope.get("user")
        signed_in = getattr(user, "is_authenticated", False)
        language = user.language if signed_in else translation.get_language()
        zone = user.zone if signed_in else timezone.get_current_timezone()
        with translation.override(language), timezone.override(zone):
            live = {"oob": True, "user": user}
            return render_to_string(LIST + "#sections", {**list_context(user, self.game), **live})
