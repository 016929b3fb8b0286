from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class IsleOfCatsConfig(AppConfig):
    name = "games.isle_of_cats"
    label = "isle_of_cats"
    verbose_name = _("The Isle of Cats")
