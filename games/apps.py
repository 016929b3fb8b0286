from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        from games import checks  # noqa: F401 - registers the check of every game's contract
        from games.services.analysis import analysis_after_end
        from games.signals import match_ended

        match_ended.connect(analysis_after_end, dispatch_uid="games-analysis-after-end")
