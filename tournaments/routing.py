from django.urls import path

from tournaments.consumers import TournamentConsumer, TournamentListConsumer

websocket_urlpatterns = [
    path("ws/tournaments/", TournamentListConsumer.as_asgi()),
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),
]
