"""Geometry of the small SVG charts the statistics pages draw on the server (no script, no CDN).

The templates in `games/charts/` turn these into SVG whose colours come from the site's CSS
variables, so they follow the light and dark themes.
"""

from __future__ import annotations

from dataclasses import dataclass

WIDTH = 480
HEIGHT = 160
PAD = 24
TICK_CHAR = 8
"""A tick label's character is at most this wide: 11 px digits and % in DejaVu Sans, the widest
of the usual sans fonts."""


@dataclass
class LineChart:
    width: int
    height: int
    points: str
    low: int
    high: int
    last_x: float
    last_y: float
    last: int


def line_chart(values: list[int], width: int = WIDTH, height: int = HEIGHT) -> LineChart | None:
    """A polyline through the values, left to right, scaled between their lowest and highest."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    span = max(high - low, 1)
    step = (width - 2 * PAD) / (len(values) - 1)
    coords = [
        (PAD + i * step, height - PAD - (value - low) / span * (height - 2 * PAD))
        for i, value in enumerate(values)
    ]
    return LineChart(
        width=width,
        height=height,
        points=" ".join(f"{x:.1f},{y:.1f}" for x, y in coords),
        low=low,
        high=high,
        last_x=round(coords[-1][0], 1),
        last_y=round(coords[-1][1], 1),
        last=values[-1],
    )


@dataclass
class Bar:
    label: str
    value: float
    text: str
    x: float
    y: float
    width: float
    height: float
    show_label: bool

    @property
    def middle(self) -> float:
        return round(self.x + self.width / 2, 1)


@dataclass
class BarChart:
    width: int
    height: int
    base: float
    bars: list[Bar]
    top: float
    top_text: str
    """The value axis is drawn from 0 at `base` to `top_text` at `PAD`."""
    left: int
    """Where the value axis stands: far enough right for `top_text` to its left."""

    @property
    def pad(self) -> int:
        return PAD


def bar_chart(
    bars: list[tuple[str, float, str]],
    width: int = WIDTH,
    height: int = HEIGHT,
    top_text: str | None = None,
) -> BarChart | None:
    """Vertical bars of (label, value, text shown on the bar); labels thinned out to fit. The
    value axis is labelled with the highest value (`top_text`, as the bars' texts write it)."""
    if not bars:
        return None
    top = max(value for _label, value, _text in bars) or 1
    top_text = top_text if top_text is not None else f"{top:g}"
    left = max(PAD, TICK_CHAR * len(top_text) + 6)
    slot = (width - left - PAD) / len(bars)
    every = max(1, round(len(bars) / 8))
    base = height - PAD - 12  # room under the ticks for the axis's title
    drawn = []
    for i, (label, value, text) in enumerate(bars):
        tall = value / top * (base - PAD)
        drawn.append(
            Bar(
                label=label,
                value=value,
                text=text,
                x=round(left + i * slot + slot * 0.1, 1),
                y=round(base - tall, 1),
                width=round(slot * 0.8, 1),
                height=round(tall, 1),
                show_label=i % every == 0,
            )
        )
    return BarChart(
        width=width,
        height=height,
        base=base,
        bars=drawn,
        top=top,
        top_text=top_text,
        left=left,
    )


@dataclass
class ChancePoint:
    """A judged move on a chance chart: where the replay shows it (`step`), the chance after it
    in whole per cent, and its verdict (`games.analysis.VERDICTS`)."""

    step: int
    x: float
    y: float
    percent: int
    verdict: str
    current: bool


@dataclass
class ChanceChart:
    """A seat's chance to win along a match: moves left to right, 0 to 100 % bottom to top."""

    width: int
    height: int
    left: int
    top: int
    bottom: int
    right: int
    points: str
    judged: list[ChancePoint]
    middle: float
    """The height of 50 %."""
    last_step: int
    current_x: float | None

    @property
    def marked(self) -> list[ChancePoint]:
        return [point for point in self.judged if point.verdict in MARKED]

    @property
    def center(self) -> float:
        return (self.left + self.right) / 2


MARKED = ("inaccuracy", "mistake", "blunder")
"""The verdicts a chance chart draws as marks that step the replay there."""


def chance_chart(
    judged: list[tuple[int, float, str]],
    last_step: int,
    current: int,
    width: int = WIDTH,
    height: int = HEIGHT,
) -> ChanceChart | None:
    """The chart of (replay step, chance 0-1, verdict) of the moves judged so far, over steps 1
    to `last_step`, the step shown (`current`) drawn as a line."""
    if not judged or last_step < 1:
        return None
    left = TICK_CHAR * len("100 %") + 6
    top, bottom, right = PAD // 2, height - PAD - 12, width - PAD // 2

    def x_of(step: int) -> float:
        return round(left + (step - 1) / max(last_step - 1, 1) * (right - left), 1)

    def y_of(chance: float) -> float:
        return round(bottom - chance * (bottom - top), 1)

    points = [
        ChancePoint(step, x_of(step), y_of(chance), round(100 * chance), verdict, step == current)
        for step, chance, verdict in judged
    ]
    return ChanceChart(
        width=width,
        height=height,
        left=left,
        top=top,
        bottom=bottom,
        right=right,
        points=" ".join(f"{p.x:.1f},{p.y:.1f}" for p in points),
        judged=points,
        middle=y_of(0.5),
        last_step=last_step,
        current_x=x_of(current) if 1 <= current <= last_step else None,
    )
