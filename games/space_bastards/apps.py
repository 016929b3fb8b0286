from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SpaceBastardsConfig(AppConfig):
    name = "games.space_bastards"
    label = "space_bastards"
    verbose_name = _("Space Bastards")
