"""Issue 39, item 3: the table's regions rendered by a compiled template engine (MiniJinja's
Python binding, Rust) against Jinja2, for Kosmopolis at four seats.

One seeded 4-seat Kosmopolis match is played through the move service twice (the seats reading
Czech and English in turn, then the other way round) with every seat's socket pushed after each
move, as `bench.movecpu --frames` does; every `render_regions` and `render_region` call of a push
is recorded with its context, language and time zone. Then, in the same process:

1. every recorded call is rendered by both engines and compared character for character;
2. the calls are replayed `--rounds` times, both engines at every call in random order, and the
   processor time of each call's renders is paired by call.

MiniJinja gets the same template files, rewritten once per language as it loads them
(`minijinja_source`): a `{% trans %}` block and a literal `_("…")` are replaced by the catalog's
text (MiniJinja has no i18n extension), the block's values printed where the text names them.
MiniJinja escapes `'`, `"` and `/` as `&#x27;`, `&quot;` and `&#x2f;` where markupsafe writes
`&#39;`, `&#34;` and `/`: `--escaping post` rewrites those three in the output (exact unless a
value marked safe holds one of them itself, e.g. Django's `escape`), `--escaping finalizer`
escapes every printed value with markupsafe in a Python callback (exact).

`--lookups`: what one lookup of a Python value (a dict's item, an attribute, a filter) costs each
engine, in a 200-item loop. `--moves`: whole 4-seat moves (`bench.movecpu`'s matches: the
mover's `_play` and the four sockets' `_send_table`), the pushes rendered by each engine in
turn, one match a turn (`--rounds` each). `--busy`: a render's wall time while another thread
runs Python.

    pip install minijinja==3.1.0   # not a dependency of the site
    python -m bench.compiled [--rounds 3] [--escaping post|finalizer] [--json FILE]
    python -m bench.compiled --lookups --rounds 1000
    python -m bench.compiled --moves --rounds 8
    python -m bench.compiled --busy --rounds 20
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import json
import os
import random
import re
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import redis

TRANS = re.compile(r"\{%(-?)\s*trans\b(.*?)(-?)%\}(.*?)\{%(-?)\s*endtrans\s*(-?)%\}", re.S)
PLURALIZE = re.compile(r"\{%-?\s*pluralize\b\s*(\w*)\s*-?%\}")
BODY_NAME = re.compile(r"\{\{-?\s*(\w+)\s*-?\}\}")
LITERAL = r"(\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*')"
GETTEXT_OUTPUT = re.compile(r"\{\{(-?)\s*_\(" + LITERAL + r"\)\s*(-?)\}\}")
GETTEXT_CALL = re.compile(r"(?<![\w.])_\(" + LITERAL + r"\)")
PLACEHOLDER = re.compile(r"%\((\w+)\)s|%%")
PLURAL_PROBES = range(200)
"""The counts whose plural forms a `{% trans … %}{% pluralize %}` block is baked for."""


def _literal(text: str) -> str:
    """`text` as a template's literal text, kept raw where it holds a delimiter."""
    return f"{{% raw %}}{text}{{% endraw %}}" if "{" in text else text


def _string(token: str) -> str:
    """The value of a template's string literal (Jinja2 and Python agree on ours)."""
    value = ast.literal_eval(token)
    assert isinstance(value, str)
    return value


def _arguments(text: str) -> list[tuple[str, str | None]]:
    """A `{% trans %}` tag's `name=expression` pairs (a bare name: `None`), split at its
    top-level commas."""
    parts, depth, quote, start = [], 0, "", 0
    for index, char in enumerate(text):
        if quote:
            quote = "" if char == quote and text[index - 1] != "\\" else quote
        elif char in "\"'":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    pairs: list[tuple[str, str | None]] = []
    for part in filter(str.strip, parts):
        name, equals, expression = part.partition("=")
        assert name.strip() not in ("trimmed", "notrimmed"), part
        pairs.append((name.strip(), expression.strip() if equals else None))
    return pairs


def _message(body: str) -> tuple[str, list[str]]:
    """The catalog's key of a trans block's body as Jinja2's i18n extension makes it, and the
    names it prints."""
    names: list[str] = []
    pieces: list[str] = []
    at = 0
    for found in BODY_NAME.finditer(body):
        pieces.append(body[at : found.start()].replace("%", "%%"))
        pieces.append(f"%({found[1]})s")
        names.append(found[1])
        at = found.end()
    pieces.append(body[at:].replace("%", "%%"))
    return "".join(pieces), names


def _filled(text: str) -> str:
    """A translated text with `%(name)s` placeholders as template source printing each value."""
    out, at = [], 0
    for found in PLACEHOLDER.finditer(text):
        out.append(_literal(text[at : found.start()]))
        out.append("%" if found[0] == "%%" else f"{{{{ {found[1]} }}}}")
        at = found.end()
    out.append(_literal(text[at:]))
    return "".join(out)


def _trans(found: re.Match[str], gettext: Callable[[str], str], ngettext: Any) -> str:
    """A `{% trans %}` block as MiniJinja source in the language of `gettext`/`ngettext`, with
    Jinja2's i18n extension's semantics (old-style gettext, autoescape on)."""
    assert not any(found.group(1, 3, 5, 6)), f"whitespace control in {found[0]!r}"
    declared = _arguments(found[2])
    body, *plural_part = PLURALIZE.split(found[4])
    singular, referenced = _message(body)
    plural, count_name = None, None
    if plural_part:
        count_name, plural_body = plural_part
        plural, more = _message(plural_body)
        referenced += more
        count_name = count_name or (declared[0][0] if declared else referenced[0])
    names = [name for name, _expression in declared]
    names += [name for name in referenced if name not in names]
    if not referenced:
        singular = singular.replace("%%", "%")
        plural = plural.replace("%%", "%") if plural is not None else None

    def text_of(translated: str) -> str:
        return _filled(translated) if names else _literal(translated)

    if plural is None:
        inner = text_of(gettext(singular))
    else:
        forms = {ngettext(singular, plural, n) for n in PLURAL_PROBES}
        key = json.dumps([singular, plural], ensure_ascii=False)[1:-1]
        inner = f"{{% set _text = ngettext({key}, {count_name}) %}}"
        for number, form in enumerate(sorted(forms)):
            keyword = "if" if number == 0 else "elif"
            condition = f"_text == {json.dumps(form, ensure_ascii=False)}"
            inner += f"{{% {keyword} {condition} %}}{text_of(form)}"
        values = ", ".join(f"{json.dumps(name)}: {name}" for name in names)
        inner += f"{{% else %}}{{{{ translated_html(_text, {{{values}}}) }}}}{{% endif %}}"
    bound = [f"{name}={expression}" for name, expression in declared if expression is not None]
    if not bound:
        return inner
    return f"{{% with {', '.join(bound)} %}}{inner}{{% endwith %}}"


def minijinja_source(source: str, gettext: Callable[[str], str], ngettext: Any) -> str:
    """A region's Jinja2 template as MiniJinja source in one language: trans blocks and literal
    `_("…")` calls replaced by the catalog's text (`_(…)` of anything else stays a call)."""
    source = TRANS.sub(lambda found: _trans(found, gettext, ngettext), source)

    def output(found: re.Match[str]) -> str:
        text = _literal(gettext(_string(found[2])))
        before = '{{- "" }}' if found[1] else ""
        after = '{{ "" -}}' if found[3] else ""
        return before + text + after

    source = GETTEXT_OUTPUT.sub(output, source)
    return GETTEXT_CALL.sub(
        lambda found: f"({json.dumps(gettext(_string(found[1])), ensure_ascii=False)}|safe)", source
    )


POST_ESCAPES = (("&#x27;", "&#39;"), ("&quot;", "&#34;"), ("&#x2f;", "/"))
"""MiniJinja's HTML escapes that markupsafe writes otherwise."""


def post_escaped(html: str) -> str:
    for theirs, ours in POST_ESCAPES:
        html = html.replace(theirs, ours)
    return html


class Compiled:
    """The regions rendered by MiniJinja from the Jinja2 environment's template files."""

    def __init__(self, escaping: str) -> None:
        import minijinja
        from markupsafe import escape

        from config.jinja2 import translated_html
        from games.regions import environment

        source = environment()
        self.escaping = escaping
        filters = {
            name: source.filters[name]
            for name in ("capfirst", "clock", "date", "regroup", "timeuntil")
        }
        filters["format"] = lambda value, *args: str(value) % args
        self.env = minijinja.Environment(
            loader=self._load,
            path_join_callback=lambda name, parent: f"{parent.partition('/')[0]}/{name}",
            auto_escape_callback=lambda _name: True,
            keep_trailing_newline=True,
            debug=False,
            filters=filters,
            globals={
                "url": source.globals["url"],
                "csrf_field": source.globals["csrf_field"],
                "_": source.globals["_"],
                "ngettext": source.globals["ngettext"],
                "translated_html": translated_html,
            },
            finalizer=escape if escaping == "finalizer" else None,
        )
        self.source = source

    def _load(self, name: str) -> str | None:
        from django.utils import translation
        from jinja2 import TemplateNotFound

        from games import translated

        language, _slash, template = name.partition("/")
        try:
            text, _file, _uptodate = self.source.loader.get_source(self.source, template)
        except TemplateNotFound:
            return None
        with translation.override(language), translated.reading():
            return minijinja_source(text, translated.gettext, translated.ngettext)

    def render_regions(self, names: Any, context: dict[str, Any]) -> dict[str, str]:
        from django.utils import translation
        from django.utils.safestring import mark_safe

        from games.regions import REGION_TEMPLATE
        from games.translated import reading

        language = translation.get_language()
        with reading():
            rendered = {}
            for name in names:
                template = name if name.endswith(".html") else REGION_TEMPLATE.format(name)
                html = self.env.render_template(f"{language}/{template}", **context)
                if self.escaping == "post":
                    html = post_escaped(html)
                rendered[name] = mark_safe(html)
        return rendered


Call = tuple[str, Any, list[list[str]], dict[str, Any]]
"""A seat's renders of one push (or of its socket's first frame): language, time zone, the
names of each `render_regions` or `render_region` call in turn, context."""


async def _record(languages: list[str], calls: list[Call]) -> None:
    """One seeded 4-seat Kosmopolis match with every seat's socket pushed after each move; the
    renders of the pushes go into `calls`."""
    from django.utils import timezone, translation

    from bench.movecpu import _moved, _seated, _sockets
    from games.consumers import pushes
    from games.registry import GAMES

    def recording(render: Any) -> Any:
        def record(names: Any, context: dict[str, Any]) -> Any:
            if isinstance(names, str):  # a push's log news, after its regions
                calls[-1][2].append([names])
            else:
                zone = timezone.get_current_timezone()
                calls.append((translation.get_language(), zone, [list(names)], context))
            return render(names, context)

        return record

    engine = GAMES["kosmopolis"].engine
    match_id, users = await asyncio.to_thread(_seated, "kosmopolis", languages)
    consumers = [_sockets(match_id, [user], [])[0] for user in users]
    for consumer in consumers:
        await consumer._send_table()
    state = engine.setup(len(users), {}, 777)
    rng = random.Random(777)
    count = 0
    real = pushes.render_regions, pushes.render_region
    pushes.render_regions = recording(real[0])
    pushes.render_region = recording(real[1])
    try:
        while not engine.is_over(state):
            seat = rng.choice(sorted(engine.to_act(state)))
            move = rng.choice(engine.legal_moves(state, seat))
            told = await asyncio.to_thread(_moved, match_id, users[seat], move, count)
            for consumer in consumers:
                await consumer._send_table(push=told["push"], announced=told["seq"])
            engine.apply_in_place(state, seat, move)
            count += 1
    finally:
        pushes.render_regions, pushes.render_region = real


def _render(call: Call, render: Callable[[Any, dict[str, Any]], dict[str, str]]) -> Any:
    from django.utils import timezone, translation

    language, zone, parts, context = call
    with translation.override(language), timezone.override(zone):
        return [render(names, context) for names in parts]


def _show_difference(number: int, ours: list[Any], theirs: list[Any]) -> None:
    """Where the first region that differs differs."""
    for mine, other in zip(ours, theirs, strict=True):
        for name, html in mine.items():
            if html != other[name]:
                at = next(
                    (i for i, (a, b) in enumerate(zip(html, other[name], strict=False)) if a != b),
                    min(len(html), len(other[name])),
                )
                print(f"first difference, call {number}, {name}, character {at}:")
                print(f"  jinja2:    {html[max(0, at - 100) : at + 60]!r}")
                print(f"  minijinja: {other[name][max(0, at - 100) : at + 60]!r}")
                return


def _by_region(calls: list[Call], engines: dict[str, Any], rounds: int) -> dict[str, Any]:
    """Each region's median processor time (ms) in each engine, rendered alone."""
    from django.utils import timezone, translation

    times: dict[str, dict[str, list[float]]] = {}
    for _round in range(rounds):
        for language, zone, parts, context in calls:
            with translation.override(language), timezone.override(zone):
                for name in (name for names in parts for name in names):
                    for engine, render in engines.items():
                        started = time.process_time()
                        render([name], context)
                        spent = (time.process_time() - started) * 1000
                        times.setdefault(name, {}).setdefault(engine, []).append(spent)
    return {
        name: {engine: round(statistics.median(t), 4) for engine, t in by.items()}
        for name, by in times.items()
    }


def _jinja2(names: Any, context: dict[str, Any]) -> dict[str, str]:
    from games.regions import render_regions

    return render_regions(names, context)


LOOKUPS = {
    "loop and text only": '<li class="k">text</li>',
    "a dict's str": "<li>{{ c.name }}</li>",
    "a dict's int": "<li>{{ c.number }}</li>",
    "a dict's safe str": "<li>{{ c.html }}</li>",
    "a dict in a dict, its str": "<li>{{ c.inner.name }}</li>",
    "a dataclass's str": "<li>{{ c.panel.name }}</li>",
    "a dict's bool, tested": "<li>{% if c.flag %}y{% endif %}</li>",
    "a Python filter": "<li>{{ c.name|capfirst }}</li>",
}
"""What one item's `<li>` of a 200-item loop does (`--lookups`): each one's cost per item, less
the loop's, is a lookup's or a call's."""


def lookups(rounds: int) -> None:
    """The cost of one lookup of a Python value in each engine, from `LOOKUPS`."""
    from dataclasses import dataclass

    from django.utils.safestring import mark_safe

    from games.regions import environment

    @dataclass(frozen=True)
    class Panel:
        name: str

    items = [
        {
            "name": f"item {n} <{n}>",
            "number": n,
            "html": mark_safe(f"<b>{n}</b>"),
            "inner": {"name": f"inner {n}"},
            "panel": Panel(f"panel {n}"),
            "flag": n % 2 == 0,
        }
        for n in range(200)
    ]
    compiled = Compiled("post")
    jinja = environment()
    results: dict[str, dict[str, float]] = {}
    for label, body in LOOKUPS.items():
        source = f"<ul>{{% for c in cards %}}{body}{{% endfor %}}</ul>"
        template = jinja.from_string(source)
        compiled.env.add_template(label, source)
        assert template.render(cards=items) == post_escaped(
            compiled.env.render_template(label, cards=items)
        )
        engines = {
            "jinja2": lambda: template.render(cards=items),  # noqa: B023 - used at once
            "minijinja": lambda: compiled.env.render_template(label, cards=items),  # noqa: B023
        }
        times: dict[str, list[float]] = {name: [] for name in engines}
        for _round in range(rounds):
            for name, render in engines.items():
                started = time.process_time()
                render()
                times[name].append((time.process_time() - started) * 1e6 / len(items))
        results[label] = {name: statistics.median(t) for name, t in times.items()}
    base = results["loop and text only"]
    for label, medians in results.items():
        cells = ", ".join(
            f"{name} {value:.2f} µs ({value - base[name]:+.2f})" for name, value in medians.items()
        )
        print(f"{label}: {cells}")


def moves(rounds: int) -> dict[str, Any]:
    """A 4-seat Kosmopolis move's processor time (the mover's `_play` and the four sockets'
    `_send_table`, `bench.movecpu`'s matches) with the pushes rendered by each engine in turn,
    one match a turn, and the part of it the renders took."""
    from bench import fixtures
    from bench.movecpu import Pauses, _match
    from config.server import settle_collector
    from games.consumers import pushes

    compiled = Compiled("post")
    renders = {
        "jinja2": (pushes.render_regions, pushes.render_region),
        "minijinja": (
            compiled.render_regions,
            lambda name, context: compiled.render_regions([name], context)[name],
        ),
    }
    spent = [0.0]

    def timed(render: Any) -> Any:
        def run(names: Any, context: dict[str, Any]) -> Any:
            started = time.process_time()
            try:
                return render(names, context)
            finally:
                spent[0] += time.process_time() - started

        return run

    players = fixtures.create_players(fixtures.SEATS * 2)[: fixtures.SEATS]
    loop = asyncio.new_event_loop()
    loop.run_until_complete(_match(players, 1, Pauses(), []))
    settle_collector()
    cpu: dict[str, list[list[float]]] = {name: [] for name in renders}
    shares: dict[str, list[float]] = {name: [] for name in renders}
    """The renders' processor time a move, each match's mean."""
    rng = random.Random(39)
    try:
        for number in range(rounds):
            order = list(renders)
            rng.shuffle(order)
            for name in order:
                pushes.render_regions, pushes.render_region = map(timed, renders[name])
                spent[0] = 0.0
                times = loop.run_until_complete(_match(players, 100 + number, Pauses(), []))
                cpu[name].append(times)
                shares[name].append(spent[0] * 1000 / len(times))
    finally:
        pushes.render_regions, pushes.render_region = renders["jinja2"]
    paired = [
        b - a
        for ours, theirs in zip(cpu["jinja2"], cpu["minijinja"], strict=True)
        for a, b in zip(ours, theirs, strict=True)
    ]
    every = {name: [t for times in runs for t in times] for name, runs in cpu.items()}
    return {
        "matches": rounds,
        "moves": len(paired),
        **{f"{name}_move_median_ms": statistics.median(t) for name, t in every.items()},
        **{f"{name}_move_mean_ms": statistics.fmean(t) for name, t in every.items()},
        "paired_median_difference_ms": statistics.median(paired),
        "paired_mean_difference_ms": statistics.fmean(paired),
        **{f"{name}_renders_ms_a_move": statistics.fmean(s) for name, s in shares.items()},
        "renders_paired_by_match_ms": [
            b - a for a, b in zip(shares["jinja2"], shares["minijinja"], strict=True)
        ],
        "rest_paired_by_match_ms": [
            statistics.fmean(theirs) - b - (statistics.fmean(ours) - a)
            for ours, theirs, a, b in zip(
                cpu["jinja2"], cpu["minijinja"], shares["jinja2"], shares["minijinja"], strict=True
            )
        ],
    }


def busy_thread(rounds: int) -> None:
    """Wall time of one render of 200 items (`{{ c.name }}` each) while another thread of the
    process runs Python, as daphne's threads do a synchronous view's or a move's work: MiniJinja
    gives the GIL up for the render and takes it back at every lookup."""
    import threading

    from games.regions import environment

    items = [{"name": f"item {n}"} for n in range(200)]
    source = "<ul>{% for c in cards %}<li>{{ c.name }}</li>{% endfor %}</ul>"
    compiled = Compiled("post")
    compiled.env.add_template("busy", source)
    template = environment().from_string(source)
    engines = {
        "jinja2": lambda: template.render(cards=items),
        "minijinja": lambda: compiled.env.render_template("busy", cards=items),
    }
    stop = threading.Event()

    def spin() -> None:
        while not stop.is_set():
            sum(range(1000))

    for busy in (False, True):
        worker = threading.Thread(target=spin)
        if busy:
            worker.start()
        walls: dict[str, list[float]] = {name: [] for name in engines}
        for _round in range(rounds):
            for name, render in engines.items():
                started = time.perf_counter()
                render()
                walls[name].append((time.perf_counter() - started) * 1000)
        if busy:
            stop.set()
            worker.join()
        cells = ", ".join(
            f"{name} median {statistics.median(w):.3f} ms, max {max(w):.3f} ms"
            for name, w in walls.items()
        )
        print(f"{'another thread busy' if busy else 'alone'}: {cells}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="replays of every render call")
    parser.add_argument("--escaping", choices=("post", "finalizer"), default="post")
    parser.add_argument("--json", help="also write the paired figures here")
    parser.add_argument("--lookups", action="store_true", help="a lookup's cost in each engine")
    parser.add_argument("--moves", action="store_true", help="whole moves with each engine")
    parser.add_argument("--busy", action="store_true", help="wall time beside a busy thread")
    args = parser.parse_args()
    from bench.__main__ import DEFAULT_REDIS, ROOT, _database_url, _environment

    database_url = _database_url()
    os.environ.update(_environment(database_url, os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS)))
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import config.asgi  # noqa: F401 - as daphne loads it
    from bench import fixtures

    if args.lookups:
        lookups(args.rounds)
        return 0
    if args.busy:
        busy_thread(args.rounds)
        return 0

    fixtures.recreate_database(database_url)
    fixtures.migrate()
    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
    if args.moves:
        print(json.dumps(moves(args.rounds), indent=1))
        return 0
    fixtures.create_players(fixtures.SEATS * 2)
    calls: list[Call] = []
    loop = asyncio.new_event_loop()
    for languages in (["cs", "en"], ["en", "cs"]):
        loop.run_until_complete(_record(languages, calls))
    compiled = Compiled(args.escaping)
    differing = []
    for number, call in enumerate(calls):
        ours, theirs = _render(call, _jinja2), _render(call, compiled.render_regions)
        if ours != theirs:
            differing.append(number)
            if len(differing) == 1:
                _show_difference(number, ours, theirs)
    regions = sum(len(names) for call in calls for names in call[2])
    print(f"{len(calls)} render calls ({regions} regions): {len(differing)} differing")
    engines = {"jinja2": _jinja2, "minijinja": compiled.render_regions}
    cpu: dict[str, list[float]] = {name: [] for name in engines}
    rng = random.Random(39)
    for _round in range(args.rounds):
        for call in calls:
            order = list(engines)
            rng.shuffle(order)
            for name in order:
                started = time.process_time()
                _render(call, engines[name])
                cpu[name].append((time.process_time() - started) * 1000)
    # A push's renders: not a socket's first frame (every region) nor the final push.
    pushed = [n % len(calls) for n in range(len(cpu["jinja2"]))]
    pushed = [i for i, n in enumerate(pushed) if len(calls[n][2][0]) < 7]
    ours = [cpu["jinja2"][i] for i in pushed]
    theirs = [cpu["minijinja"][i] for i in pushed]
    differences = [b - a for a, b in zip(ours, theirs, strict=True)]
    ratios = [a / b for a, b in zip(ours, theirs, strict=True) if b > 0]
    figures = {
        "calls": len(calls),
        "pushes_timed": len(pushed),
        "differing": len(differing),
        "escaping": args.escaping,
        "rounds": args.rounds,
        "jinja2_median_ms": statistics.median(ours),
        "minijinja_median_ms": statistics.median(theirs),
        "jinja2_mean_ms": statistics.fmean(ours),
        "minijinja_mean_ms": statistics.fmean(theirs),
        "paired_median_difference_ms": statistics.median(differences),
        "paired_median_ratio": statistics.median(ratios),
        "ratio_of_totals": sum(ours) / sum(theirs),
    }
    figures["by_region"] = _by_region(calls, engines, args.rounds)
    print(json.dumps(figures, indent=1))
    if args.json:
        with open(args.json, "w") as out:
            json.dump({**figures, "cpu": cpu}, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
