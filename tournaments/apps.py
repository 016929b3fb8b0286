from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from games.models import close_matches, name_events
        from games.signals import match_ended
        from tournaments.selectors import closed_matches, events_of
        from tournaments.services import record_table

        match_ended.connect(record_table, dispatch_uid="tournaments-record-table")
        close_matches(closed_matches)
        name_events(events_of)
