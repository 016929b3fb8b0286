from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class KosmopolisConfig(AppConfig):
    name = "games.kosmopolis"
    label = "kosmopolis"
    verbose_name = _("Kosmopolis")
