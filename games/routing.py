from django.urls import path

from games.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", TableConsumer.as_asgi()),
]
