"""The words of the envelope every move passes before its game's own rules
(`games.rules.check_move`): the engines raise them in English, listed here for translation."""

from django.utils.translation import gettext_noop

ENGINE_MESSAGES = (
    gettext_noop("The game is over."),
    gettext_noop("Not your turn."),
    gettext_noop("A move must be an object."),
    gettext_noop("Unknown move type."),
    gettext_noop("Malformed move: missing fields: %(fields)s."),
    gettext_noop("Malformed move: unexpected fields: %(fields)s."),
)
