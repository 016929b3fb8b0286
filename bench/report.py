"""The table of figures printed at the end of a run."""

from __future__ import annotations

from typing import Any


def _ms(value: float | None) -> str:
    if value is None:
        return "none"
    return f"{value:.2f} ms" if value < 10 else f"{value:.1f} ms"


def _at_most(value: float | None, limit: float) -> bool:
    """A figure within its limit; one never measured (null) is not."""
    return value is not None and value <= limit


def _phases(out: Any, row: dict[str, Any]) -> None:
    """Where a reply's time went (`bench.bots.phases`), p50 of each part."""
    if not row.get("replies_split"):
        return
    parts = ", ".join(f"{name} {_ms(p50)}" for name, (p50, _p99) in row["phases_ms"].items())
    wall, cpu = row["thinking_ms"]["wall"], row["thinking_ms"]["cpu"]
    out.add(
        f"  its parts, p50 ({row['replies_split']} replies); a bot move's thinking p50 / p99",
        f"{parts}; wall {_ms(wall[0])} / {_ms(wall[1])}, CPU {_ms(cpu[0])} / {_ms(cpu[1])}",
    )


class _Table:
    def __init__(self, floor_ms: float | None) -> None:
        self.rows: list[tuple[str, str, str, str, str]] = []
        self.floor_ms = floor_ms

    def section(self, title: str) -> None:
        self.rows.append((f"**{title}**", "", "", "", ""))

    def add(
        self, what: str, value: str, target: str = "", met: bool | None = None, ms: float = 0
    ) -> None:
        multiple = f"{ms / self.floor_ms:.0f}×" if ms and self.floor_ms else ""
        verdict = "" if met is None else ("met" if met else "MISSED")
        self.rows.append((what, value, multiple, target, verdict))

    def latency(self, label: str, row: dict[str, Any], targets: tuple[float, float] | None) -> None:
        for key, name in (("p50_ms", "p50"), ("p95_ms", "p95"), ("p99_ms", "p99")):
            target, met = "", None
            if targets and key != "p95_ms":
                limit = targets[0] if key == "p50_ms" else targets[1]
                target, met = f"≤ {limit:g} ms", row[key] <= limit
            self.add(f"{label}: {name}", _ms(row[key]), target, met, row[key])

    def render(self) -> str:
        header = ("figure", "value", "× floor", "target", "")
        widths = [max(len(r[i]) for r in [header, *self.rows]) for i in range(5)]
        lines = [
            "| " + " | ".join(c.ljust(w) for c, w in zip(header, widths, strict=True)) + " |",
            "|" + "|".join("-" * (w + 2) for w in widths) + "|",
        ]
        for row in self.rows:
            lines.append(
                "| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"
            )
        return "\n".join(lines)


def _cpu(row: dict[str, Any]) -> str:
    """CPU in cores: the daphne processes, nginx in front of them (if it was), the benchmark's
    client, everything else running."""
    daphne = "+".join(f"{c:.2f}" for c in row["server_cpu"])
    if "other_cpu" not in row:
        return f"daphne {daphne}"
    if row.get("proxy_cpu") is not None:
        daphne += f", nginx {row['proxy_cpu']:.2f}"
    return f"daphne {daphne}, client {row['client_cpu']:.2f}, others {row['other_cpu']:.2f}"


def _live(table: _Table, live: dict[str, Any], title: str) -> None:
    table.section(title)
    for row in live["latency"]:
        rate = row["offered_per_s"]
        label = f"{row['tables']} active table(s), {rate:g} moves/s offered"
        target = (5.0, 25.0) if row["tables"] == 50 else None
        table.latency(label, row, target)
        table.add(
            f"{row['tables']} table(s): moves / errors / client lag p99 / CPU",
            f"{row['moves']} / {row['errors']} / {row['client_lag_p99_ms']:.1f} ms / " + _cpu(row),
        )
    if "watched" in live:
        row = live["watched"]
        label = f"1 table watched by {row['spectators']}, {row['offered_per_s']:g} moves/s offered"
        table.latency(label, row, None)
        table.add(
            "watched table: moves / errors / CPU",
            f"{row['moves']} / {row['errors']} / " + _cpu(row),
        )
    for row in live["ramp"]:
        table.add(
            f"ramp {row['offered_per_s']:g}/s offered on {row['tables']} tables",
            f"{row['moves_per_s']:.0f}/s, p50 {row['p50_ms']:.1f}, p99 {row['p99_ms']:.1f} ms, "
            + _cpu(row),
        )
    table.add(
        "sustained moves/s with p99 ≤ 100 ms",
        f"{live['sustained_per_s']:.0f}/s",
        "≥ 300/s",
        live["sustained_per_s"] >= 300,
    )


def table(results: dict[str, Any]) -> str:
    floor = results.get("floor")
    out = _Table(floor["insert_p50_ms"] if floor else None)
    machine = results["machine"]
    head = [
        f"Machine: {machine['cpu']}, {machine['cores']} cores, {machine['memory_gib']} GiB, "
        f"Linux {machine['kernel']}; "
        + ", ".join(f"{name} {version}" for name, version in machine["versions"].items()),
        f"Mode: {'quick (smoke check)' if results['quick'] else 'full'}; "
        f"run took {results.get('seconds', 0):.0f} s. × floor = latency / commit floor (p50).",
        "",
    ]
    if "engines" in results:
        out.section("1. Engines (random playouts, one core)")
        for row in results["engines"]["playouts"]:
            out.add(
                f"{row['game']} {row['seats']}p: games/s, moves/s (playout / apply only)",
                f"{row['games_per_s']:.0f}, {row['playout_moves_per_s']:,.0f} / "
                f"{row['apply_moves_per_s']:,.0f} ({row['moves_per_game']:.0f} moves a game)",
            )
        for row in results["engines"]["rebuild"]:
            out.add(
                f"{row['game']} {row['seats']}p: rebuild 500 moves ({row['records']} records)",
                f"{_ms(row['fold_ms'])} (play_record {_ms(row['play_record_ms'])}); "
                f"longest match {row['longest_match_moves']} moves {_ms(row['longest_match_ms'])}",
                "≤ 10 ms",
                row["fold_ms"] <= 10,
            )
    if floor:
        out.section("5. The floor (PostgreSQL on this machine)")
        out.add(
            "one-row INSERT commit p50 / p99",
            f"{_ms(floor['insert_p50_ms'])} / {_ms(floor['insert_p99_ms'])}",
        )
        out.add(
            "move-shaped transaction p50 / p99",
            f"{_ms(floor['move_tx_p50_ms'])} / {_ms(floor['move_tx_p99_ms'])}",
        )
    if "queries" in results:
        q = results["queries"]
        out.section("2. Queries per move")
        out.add(
            "submit_move queries: move 1 / 11 / 51 / last but one / last (the match's end)",
            f"{q['first']} / {q['move_10']} / {q['move_50']} / {q['last_but_one']} / {q['last']}",
            "≤ 5, constant",
            q["max"] <= 5 and q["late_max"] <= q["early_max"],
        )
        out.add(
            "submit_move round trips with BEGIN and COMMIT (most, before the end)",
            str(q["trips_max"]),
        )
    if "breakdown" in results:
        b = results["breakdown"]
        out.add(
            "in-process: move request (204) / its queries",
            f"{_ms(b['move_request_ms'])} / {b['move_request_queries']}",
        )
        out.add(
            "in-process: a push's load (once per process) / its queries",
            f"{_ms(b['push_load_ms'])} / {b['push_load_queries']}",
        )
        out.add(
            "in-process: one socket's push render / its queries / bytes",
            f"{_ms(b['push_render_ms'])} / {b['push_render_queries']} / {b['push_bytes']} B",
        )
        out.add(
            "in-process: table page / its queries", f"{_ms(b['page_ms'])} / {b['page_queries']}"
        )
    if "live" in results:
        live = results["live"]
        if "queries" in live:
            for label, row in live["queries"].items():
                out.add(
                    f"all statements on the server per move ({label}, from move "
                    f"{row['from_move']}: POST + 4 pushes)",
                    f"{row['per_move']:.1f}",
                )
        _live(out, live, "2. Live path, one daphne (Kosmopolis, 4 players a table)")
    if "capacity" in results:
        cap = results["capacity"]
        out.section("3. Capacity (one daphne, idle signed-in table sockets)")
        out.add(
            "idle websockets held",
            f"{cap['open']} of {cap['asked']} ({cap['failed']} failed; opened in "
            f"{cap['open_seconds']:.0f} s)",
            "≥ 4000",
            cap["open"] >= 4000,
        )
        out.add(
            "memory per socket",
            f"{cap['kib_per_socket']:.0f} KiB (RSS {cap['rss_before_mib']:.0f} → "
            f"{cap['rss_after_mib']:.0f} MiB)",
        )
    if "scaleout" in results:
        scale = results["scaleout"]
        out.section("4. Scale-out (two daphne, seats split across them)")
        out.add(
            "pushes seen across processes in 10 check moves",
            str(scale["verified_cross_pushes"]),
            "> 0",
            scale["verified_cross_pushes"] > 0,
        )
        _live(out, scale, "4. Live path, two daphne")
    if "perbox" in results:
        box = results["perbox"]
        routed = {
            "nginx": "through nginx, whole tables by the hash of the match id",
            "direct": "whole tables spread in turn, no proxy",
        }[box.get("topology", "direct")]
        _live(out, box, f"7. Per box (one daphne per core, {routed})")
        if "tables_by_process" in box:
            out.add(
                "tables served by each process / tables that reached two",
                " + ".join(str(n) for n in box["tables_by_process"]) + f" / {box['tables_split']}",
                "0 split",
                box["tables_split"] == 0,
            )
        sustained = [row for row in box["ramp"] if row["moves_per_s"] == box["sustained_per_s"]]
        if sustained:
            out.add(
                "daphne CPU per move at the sustained rate (all processes)",
                f"{sustained[0]['server_cpu_ms_per_move']:.1f} ms",
                "≤ 6 ms",
                sustained[0]["server_cpu_ms_per_move"] <= 6,
            )
    if "bots" in results:
        row = results["bots"]
        out.section("6. Bots' reply (a person against two bots per match, thinking 0.5-1.5 s)")
        out.add(
            f"{row['matches']} matches, {row.get('level', 'normal')} bots, {row['workers']} "
            f"worker(s): p50 / p99 ({row['replies']}"
            f" replies, {row['lost']} lost)",
            f"{_ms(row['p50_ms'])} / {_ms(row['p99_ms'])}",
            "≤ 50 / 300 ms",
            _at_most(row["p50_ms"], 50) and _at_most(row["p99_ms"], 300) and not row["lost"],
        )
        _phases(out, row)
    if "bots_strong" in results:
        row = results["bots_strong"]
        out.add(
            f"{row['matches']} matches, strong bots ({row['budget_ms']} ms a move): p50 / p99;"
            f" replies within bot moves × (budget + 100 ms); p99 past that ({row['replies']}"
            f" replies, {row['two_bot_moves']} with two bot moves, {row['lost']} lost)",
            f"{_ms(row['p50_ms'])} / {_ms(row['p99_ms'])}; {row['within_allowance']} of "
            f"{row['replies']}; {_ms(row['p99_over_allowance_ms'])}",
            "p99 past ≤ 0 ms",
            _at_most(row["p99_over_allowance_ms"], 0) and not row["lost"],
        )
        _phases(out, row)
    return "\n".join(head) + out.render()
