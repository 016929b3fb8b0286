from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SevenDragonsConfig(AppConfig):
    name = "games.seven_dragons"
    label = "seven_dragons"
    verbose_name = _("Seven Dragons")
