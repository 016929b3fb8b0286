from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SpaceDragonsConfig(AppConfig):
    name = "games.space_dragons"
    label = "space_dragons"
    verbose_name = _("Space Dragons")
