import pytest
from django.utils import translation

from games import bots as levels
from games.registry import GAMES
from games.tests.example import EXAMPLE, EXAMPLE_DIR


@pytest.fixture(autouse=True)
def _english():
    """Messages are asserted in English; the Czech catalog is tested on its own."""
    with translation.override("en"):
        yield


@pytest.fixture
def example_game(settings):
    """The guide's example game registered for one test: its `GameInfo` in the registry, its
    fragments and static files found as an installed app's would be (installing the app
    itself would run every app's `ready` again)."""
    settings.TEMPLATES = [
        {**engine, "DIRS": [*engine.get("DIRS", []), EXAMPLE_DIR / "jinja2"]}
        if engine["BACKEND"].endswith("Jinja2")
        else engine
        for engine in settings.TEMPLATES
    ]
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, EXAMPLE_DIR / "static"]
    GAMES[EXAMPLE.slug] = EXAMPLE
    yield EXAMPLE
    del GAMES[EXAMPLE.slug]


@pytest.fixture(autouse=True)
def _example_registered(request):
    """A case marked `example_game` (`games.tests.example.with_example`) plays the example."""
    if request.node.get_closest_marker("example_game"):
        request.getfixturevalue("example_game")


@pytest.fixture
def played(monkeypatch):
    """The level of each bot turn by seat, and how often the search ran; the strong level
    thinks a hundredth of a second so the tests stay fast."""
    monkeypatch.setattr(levels, "STRONG_SECONDS", 0.01)
    calls: list[tuple[int, str]] = []
    searches: list[int] = []
    choose, search = levels.choose_move, levels.search

    def choose_move(engine, bot, state, seat, rng, level, **budget):
        calls.append((seat, level))
        return choose(engine, bot, state, seat, rng, level, **budget)

    def counted_search(engine, state, seat, rng, **rest):
        searches.append(seat)
        return search(engine, state, seat, rng, **rest)

    monkeypatch.setattr(levels, "choose_move", choose_move)
    monkeypatch.setattr(levels, "search", counted_search)
    return calls, searches
