"""Websocket routes; each live part of the site (tables, lobby, notifications) adds its own."""

websocket_urlpatterns: list = []
