from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LobbyConfig(AppConfig):
    name = "lobby"
    verbose_name = _("Lobby")

    def ready(self) -> None:
        from games.signals import match_ended
        from lobby.services import close_finished_table

        match_ended.connect(close_finished_table, dispatch_uid="lobby-close-finished-table")
