"""Websocket routes; each live part of the site (tables, lobby, notifications) adds its own."""

from django.urls import re_path

from config.guards import UnknownPathConsumer
from games.routing import websocket_urlpatterns as table_routes
from lobby.routing import websocket_urlpatterns as lobby_routes
from notifications.routing import websocket_urlpatterns as bell_routes
from tournaments.routing import websocket_urlpatterns as tournament_routes

websocket_urlpatterns = [
    *table_routes,
    *lobby_routes,
    *bell_routes,
    *tournament_routes,
    re_path(r"", UnknownPathConsumer.as_asgi()),
]
