"""Django's makemessages, over the whole project with the project's options, reading the game
tables' Jinja2 templates and the games' component data too.

`python manage.py makemessages -l cs` (from any directory) remakes every Czech catalog, the
core's and each game's, the same way every time:

- It works from the project root (`BASE_DIR`): run inside one app, Django's command would
  keep that app's strings only and drop the rest of its catalog. It skips `var/` (the
  collected static files, the embedded database's data).
- `--add-location=file`: a location names its file, not the line, so a catalog changes when
  its strings change, not when the code around them moves.
- `--no-wrap`: each string on one line, as a translator types it, so a translated entry
  needs no second run to be in the catalog's form, and a sentence can be found with grep.
- `--no-obsolete`: a string no longer used leaves the catalog (git keeps its translation),
  so every entry of a catalog is one the site shows.
- The catalogs keep their `POT-Creation-Date`: msgmerge would stamp the time of every run,
  a changed line in every catalog and a merge conflict between any two branches.

Django's template lexer already reads `{{ _("…") }}`; `jinja_blocks` teaches its `templatize`
the i18n extension's `{% trans a=… %}…{% pluralize count %}…{% endtrans %}` blocks, whose
message ids (`%(a)s` placeholders) are the ones `{% blocktranslate %}` would give.

A game whose `labels.py` translates texts of its `components.json` (card names, card texts)
lists them in `component_messages()`; they are read as if `components.json` were a source file
calling `gettext` on each, into the game's catalog."""

import importlib
import os
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import chdir, contextmanager
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.commands import makemessages
from django.utils.translation import template

from games import registry
from games.registry import GAMES

JINJA_BLOCKS = {
    "block_re": r"^\s*trans(?:\s+(?!'|\")(?=.*?=.*?)|\s*$)",
    "endblock_re": r"^\s*endtrans\s*$",
    "plural_re": r"^\s*pluralize(?:\s+\w+)?\s*$",
}

EXAMPLE_GAME = "games/tests/example_game"
"""The guide's example game (`docs/adding-a-game.md`), which only the tests play."""

POT_CREATION_DATE = re.compile(r'^"POT-Creation-Date: .*\\n"\n', re.MULTILINE)


@contextmanager
def jinja_blocks() -> Iterator[None]:
    """`templatize` reads Jinja2's translation blocks as well as Django's, meanwhile."""
    django_patterns = {name: getattr(template, name) for name in JINJA_BLOCKS}
    for name, jinja in JINJA_BLOCKS.items():
        setattr(template, name, re.compile(f"{django_patterns[name].pattern}|{jinja}"))
    try:
        yield
    finally:
        for name, pattern in django_patterns.items():
            setattr(template, name, pattern)


def component_messages() -> dict[str, Callable[[], Iterable[str]]]:
    """Each game's `labels.component_messages`, by the game's folder (`games/<slug>`)."""
    found = {}
    for slug in GAMES:
        if not (Path(registry.__file__).parent / slug / "labels.py").exists():
            continue
        labels = importlib.import_module(f"games.{slug}.labels")
        if hasattr(labels, "component_messages"):
            found[os.path.join("games", slug)] = labels.component_messages
    return found


class ComponentFile(makemessages.TranslatableFile):
    """A game's `components.json`, whose listed texts are msgids."""

    def __init__(
        self, dirpath: str, locale_dir: str, messages: Callable[[], Iterable[str]]
    ) -> None:
        super().__init__(dirpath, "components.json", locale_dir)
        self.messages = messages

    def as_source(self) -> str:
        """The texts as Python that xgettext reads: one `gettext` call per text."""
        return "".join(f"gettext({message!r})\n" for message in self.messages())


class BuildFile(makemessages.BuildFile):
    def preprocess(self) -> None:
        """A component file is read as its messages (Django names the copy `<file>.py` and
        puts the original's name back into the locations)."""
        if isinstance(self.translatable, ComponentFile):
            Path(self.work_path).write_text(self.translatable.as_source(), encoding="utf-8")
        else:
            super().preprocess()


class Command(makemessages.Command):
    build_file_class = BuildFile

    def add_arguments(self, parser: Any) -> None:
        super().add_arguments(parser)
        parser.set_defaults(add_location="file", no_wrap=True, no_obsolete=True)

    def handle(self, *args: Any, **options: Any) -> None:
        options["ignore_patterns"] = [*options["ignore_patterns"], "var", EXAMPLE_GAME]
        with chdir(settings.BASE_DIR), jinja_blocks():
            super().handle(*args, **options)

    def find_files(self, root: str) -> list[makemessages.TranslatableFile]:
        files = super().find_files(root)
        for folder, messages in component_messages().items():
            dirpath = os.path.join(root, folder)
            locale_dir = next(
                path
                for path in self.locale_paths
                if os.path.abspath(dirpath).startswith(os.path.dirname(path))
            )
            files.append(ComponentFile(dirpath, locale_dir, messages))
        return sorted(files)

    def build_potfiles(self) -> list[str]:
        potfiles = super().build_potfiles()
        for potfile in potfiles:
            pot = Path(potfile)
            dated = pot.read_text(encoding="utf-8")
            pot.write_text(POT_CREATION_DATE.sub("", dated), encoding="utf-8")
        return potfiles
