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
