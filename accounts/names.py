"""Names that could pass for another player's (`Alice` beside `alice`, a Cyrillic `а` for a Latin
`a`, `AIice` for `Alice`) or for a bot's (`robot-…`) are refused.

Each name has a key: Unicode's confusable skeleton (UTS #39, section 4) of the name, in one
case, without spaces and punctuation. Two names with the same key can be mistaken for each
other. The skeleton's table is Unicode's confusables.txt as the `confusable_homoglyphs` library
ships it, which stores each of the file's lines "source → prototype" as a link both ways; the
prototype of a character is read back from those links (`_prototypes`)."""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

from confusable_homoglyphs import confusables
from django.utils.translation import gettext as _

BOT_PREFIX = "robot"
"""The site's bots are called `robot-…` (`Robot Karel`); no person's name may start so."""
LEFT_TO_RIGHT_MARK = "\u200e"
"""The library wraps right-to-left characters in these marks; they are no part of a name."""
DROPPED = ("Z", "P", "C")
"""Spaces, punctuation and invisible characters: `Robot Karel`, `robot-karel` and `robotkarel`
read as one name."""


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype (what UTS #39 maps it to in a skeleton).

    A source character is linked to its prototype alone, and a prototype to all its sources,
    since a prototype is never itself a source. So a character with several links is a
    prototype; one with a single link is the source of that link, unless the link is a
    prototype of that source alone: then either may stand for both, and the smaller does."""
    links = {
        char.strip(LEFT_TO_RIGHT_MARK): [h["c"].strip(LEFT_TO_RIGHT_MARK) for h in homoglyphs]
        for char, homoglyphs in confusables.confusables_data.items()
    }
    prototypes = {}
    for char, linked in links.items():
        if len(char) != 1 or len(linked) != 1:
            continue
        other = linked[0]
        if len(other) > 1 or len(links.get(other, ())) > 1:
            prototypes[char] = other
        else:
            prototypes[char] = min(char, other)
    return prototypes


def skeleton(text: str) -> str:
    """UTS #39's skeleton: decomposed, each character replaced by its prototype, decomposed."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in decomposed))


def _letters(text: str) -> str:
    """The skeleton of the name in one case, shape first: `AIice` is `Alice` (a capital `I`
    is an `l` before its case is folded)."""
    return skeleton(skeleton(unicodedata.normalize("NFKC", text)).casefold())


def _visible(text: str) -> str:
    return "".join(c for c in text if unicodedata.category(c)[0] not in DROPPED)


def name_keys(name: str) -> list[str]:
    """What the name looks like: names that can be mistaken for each other share a key. Two
    keys, the case folded first (`ALICE` is `alice`) and the shape taken first (`AIice` is
    `Alice`), since a skeleton keeps case and `I`, `l` and `i` part at different steps."""
    folded = skeleton(unicodedata.normalize("NFKC", name).casefold())
    return sorted({key for key in (_visible(folded), _visible(_letters(name))) if key})


def looks_like_a_bot(name: str) -> bool:
    """`robot-x`, `Robot Karel`, `rоbot` (Cyrillic о), but not a word such as `Robotka`."""
    letters = _letters(name)
    prefix = _letters(BOT_PREFIX)
    if not letters.startswith(prefix):
        return False
    rest = letters[len(prefix) :]
    return not rest or not rest[0].isalpha()


def check_name(name: str, *, user: Any = None) -> None:
    """Refuse a name that another player's or a bot's could be mistaken for (or that looks
    like a bot's); `user` is the player choosing it (their own names do not count)."""
    from django import forms

    from accounts.models import User

    if not getattr(user, "is_bot", False) and looks_like_a_bot(name):
        raise forms.ValidationError(
            _("Names like “robot-…” belong to the site's bots; choose another."),
            code="bot_name",
        )
    keys = name_keys(name)
    if not keys:
        return
    others = User.objects.filter(name_keys__overlap=keys, deleted_at__isnull=True)
    if user is not None and user.pk is not None:
        others = others.exclude(pk=user.pk)
    other = others.first()
    if other is not None:
        copied = (
            other.username if set(name_keys(other.username)) & set(keys) else other.display_name
        )
        raise forms.ValidationError(
            _(
                "This name can be mistaken for %(name)s, another player's name; choose one "
                "that cannot."
            )
            % {"name": copied},
            code="confusable_name",
        )
