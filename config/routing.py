"""Websocket routes; each live part of the site (tables, lobby, notifications) adds its own."""

from games.routing import websocket_urlpatterns as table_routes
from lobby.routing import websocket_urlpatterns as lobby_routes

websocket_urlpatterns = [*table_routes, *lobby_routes]
