"""Label helpers of the game tables, remembered per language.

A table names the same cards and colours hundreds of times per render, and each Django
gettext call costs a few microseconds, so a live push spent a third of its time translating.
"""

from collections.abc import Callable, Hashable
from functools import wraps
from typing import TypeVar

from django.utils.translation import get_language

Label = TypeVar("Label", str, tuple)


def per_language(label: Callable[..., Label]) -> Callable[..., Label]:
    """Remember an immutable label by language and arguments (it must depend on nothing else;
    a tuple's items are shared, so callers copy before they change anything)."""
    remembered: dict[tuple[Hashable, ...], Label] = {}

    @wraps(label)
    def lookup(*args: Hashable) -> Label:
        key = (get_language(), *args)
        try:
            return remembered[key]
        except KeyError:
            remembered[key] = result = label(*args)
            return result

    return lookup
