"""Names that could pass for another player's (`Alice` beside `alice`, a Cyrillic `а` for a Latin
`a`, `AIice` for `Alice`), for a bot's (`robot-…`) or for what the site itself shows in place of
a name (`Deleted player`, `Bot for alice`) are refused, and so are names with a control that
turns the text (`U+202E ecila` shows as `alice`) or with nothing visible.

Each name has a key: Unicode's confusable skeleton (UTS #39, section 4) of the name, in one
case, without spaces, punctuation and the characters that show as nothing (Unicode's
Default_Ignorable_Code_Point: `alice` + U+3164 HANGUL FILLER is `alice`). Two names with the
same key can be mistaken for each other. The skeleton's table is Unicode's confusables.txt as
the `confusable_homoglyphs` library ships it, which stores each of the file's lines "source →
prototype" as a link both ways; the prototype of a character is read back from those links
(`_prototypes`)."""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

from confusable_homoglyphs import confusables
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

BOT_PREFIX = "robot"
"""The site's bots are called `robot-…` (`Robot Karel`); no person's name may start so."""
LEFT_TO_RIGHT_MARK = "\u200e"
"""The library wraps right-to-left characters in these marks; they are no part of a name."""
DROPPED = ("Z", "P", "C")
"""Spaces, punctuation and invisible characters: `Robot Karel`, `robot-karel` and `robotkarel`
read as one name."""

OTHER_IGNORABLE = (
    (0x034F, 0x034F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x2065, 0x2065),
    (0x3164, 0x3164),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0xE0000, 0xE0000),
    (0xE0002, 0xE001F),
    (0xE0080, 0xE00FF),
    (0xE01F0, 0xE0FFF),
)
"""Unicode's Other_Default_Ignorable_Code_Point (PropList.txt): the Hangul fillers, the
combining grapheme joiner, two Khmer inherent vowels and reserved code points."""
VARIATION_SELECTORS = ((0x180B, 0x180D), (0x180F, 0x180F), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF))
"""Unicode's Variation_Selector (PropList.txt)."""
SHOWN_FORMATS = (
    (0x0600, 0x0605),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0xFFF9, 0xFFFB),
    (0x13430, 0x1343F),
)
"""The format characters (Cf) that are not ignorable: Prepended_Concatenation_Mark, the
interlinear annotation characters and the Egyptian hieroglyph format controls."""
TURNING_CLASSES = frozenset({"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})
"""The bidirectional classes of the embeddings, overrides and isolates."""
TURNING_MARKS = "\u061c\u200e\u200f"
"""The Arabic letter mark and the left-to-right and right-to-left marks: with the classes above,
Unicode's Bidi_Control."""

SITE_LABELS = (
    gettext_noop("Deleted player"),
    gettext_noop("Bot for %(name)s"),
    gettext_noop("Player %(number)s"),
    gettext_noop("imaginary player %(number)s"),
)
"""What the site shows in place of a name: a deleted account (`User.public_name`), a seat its
player left (`games.selectors.seat_name`), a seat without a name and Seven Dragons' imaginary
players (the games' `labels.py`). Each is reserved in every language of the site."""
LABEL_NUMBERS = range(1, 10)
"""The numbers in those labels: no game has more than nine seats or imaginary players."""


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


def _within(code: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(low <= code <= high for low, high in ranges)


def default_ignorable(char: str) -> bool:
    """Unicode's Default_Ignorable_Code_Point, as DerivedCoreProperties.txt derives it:
    Other_Default_Ignorable_Code_Point, the format characters (Cf) and the variation selectors,
    less White_Space (no format character is one) and the format characters that show."""
    code = ord(char)
    if unicodedata.category(char) == "Cf":
        return not _within(code, SHOWN_FORMATS)
    return _within(code, OTHER_IGNORABLE + VARIATION_SELECTORS)


def turns_text(char: str) -> bool:
    """Unicode's Bidi_Control: a character that changes the order in which text shows."""
    return unicodedata.bidirectional(char) in TURNING_CLASSES or char in TURNING_MARKS


def _shown(text: str) -> str:
    """The text with what shows as nothing (or as a blank, as the Hangul fillers may) made a
    space: no part of a key, and no letter of a word (`robot` + U+3164 + `karel` is a bot's
    name)."""
    return "".join(" " if default_ignorable(c) else c for c in text)


def skeleton(text: str) -> str:
    """UTS #39's skeleton: decomposed, each character replaced by its prototype, decomposed."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in decomposed))


def _letters(text: str) -> str:
    """The skeleton of the name in one case, shape first: `AIice` is `Alice` (a capital `I`
    is an `l` before its case is folded)."""
    return skeleton(skeleton(unicodedata.normalize("NFKC", _shown(text))).casefold())


def _forms(name: str) -> tuple[str, str]:
    """The name as it looks, in the two orders of `name_keys`: the case folded first (`ALICE`
    is `alice`) and the shape taken first (`AIice` is `Alice`), since a skeleton keeps case
    and `I`, `l` and `i` part at different steps."""
    folded = skeleton(unicodedata.normalize("NFKC", _shown(name)).casefold())
    return folded, _letters(name)


def _visible(text: str) -> str:
    return "".join(c for c in text if unicodedata.category(c)[0] not in DROPPED)


def _words(text: str) -> list[str]:
    """The runs of visible characters: `Bot for alice` and `bot-for-alice` are three words."""
    return "".join(c if _visible(c) else " " for c in text).split()


def name_keys(name: str) -> list[str]:
    """What the name looks like: names that can be mistaken for each other share a key (one
    for each of `_forms`)."""
    return sorted({key for key in map(_visible, _forms(name)) if key})


def looks_like_a_bot(name: str) -> bool:
    """`robot-x`, `Robot Karel`, `rоbot` (Cyrillic о), but not a word such as `Robotka`."""
    letters = _letters(name)
    prefix = _letters(BOT_PREFIX)
    if not letters.startswith(prefix):
        return False
    rest = letters[len(prefix) :]
    return not rest or not rest[0].isalpha()


@lru_cache(maxsize=1)
def _site_labels() -> tuple[dict[str, str], list[tuple[tuple[list[str], ...], str]]]:
    """The site's labels in every language: the keys of the whole ones (`Deleted player`,
    `Player 2`), each with the label, and the words each may start with, in both `_forms`
    (`Bot for …`), each with the label."""
    whole: dict[str, str] = {}
    starts: list[tuple[tuple[list[str], ...], str]] = []
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for label in map(_, SITE_LABELS):
                if "%(number)s" in label:
                    for number in LABEL_NUMBERS:
                        shown = label % {"number": number}
                        whole.update(dict.fromkeys(name_keys(shown), shown))
                elif "%(name)s" in label:
                    start = label.split("%(name)s")[0]
                    starts.append((tuple(map(_words, _forms(start))), label % {"name": "…"}))
                else:
                    whole.update(dict.fromkeys(name_keys(label), label))
    return whole, starts


def site_label(name: str) -> str | None:
    """The site's label (in its own language) that the name can be mistaken for, if any:
    `deleted  player` is `Deleted player`, `bot-for-eva` starts as `Bot for …` does."""
    whole, starts = _site_labels()
    for key in name_keys(name):
        if key in whole:
            return whole[key]
    words = tuple(map(_words, _forms(name)))
    for start, label in starts:
        if any(mine[: len(theirs)] == theirs for mine, theirs in zip(words, start, strict=True)):
            return label
    return None


def check_shown(name: str) -> None:
    """Refuse a name that does not show as what it is (a control turns the text, or nothing of
    it is visible) or that shows as one of the site's own labels."""
    from django import forms

    if any(map(turns_text, name)):
        raise forms.ValidationError(
            _("A name may not contain invisible characters that change the direction of text."),
            code="turning_name",
        )
    if not _visible(_shown(name)):
        raise forms.ValidationError(
            _("A name needs at least one visible character."), code="invisible_name"
        )
    label = site_label(name)
    if label is not None:
        raise forms.ValidationError(
            _(
                "This name can be mistaken for “%(label)s”, which the site itself shows in "
                "place of a player's name; choose another."
            )
            % {"label": label},
            code="site_label",
        )


def check_name(name: str, *, user: Any = None) -> None:
    """Refuse a name that another player's or a bot's could be mistaken for (or that looks
    like a bot's, or does not show as what it is: `check_shown`); `user` is the player
    choosing it (their own names do not count)."""
    from django import forms

    from accounts.models import User

    check_shown(name)
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
