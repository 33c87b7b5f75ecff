"""The batched engine's curve: plays a second against the batch size, as an SVG picture drawn from a report.

Examples:
    >>> from concombre.bench.curve import curve_svg
    >>> figures = {"batch.64.exact.1": 0.5, "batch.1024.exact.1": 0.1, "open_spiel.oh_hell.step": 0.8}
    >>> curve_svg(figures).startswith("<svg")
    True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from html import escape

from concombre.bench.learning import BATCH_SIZES, CURVE_KEYS

__all__ = ["curve_svg"]

WIDTH, HEIGHT = 640, 380
LEFT, RIGHT, TOP, BOTTOM = 70, 200, 30, 50
COLOURS = ("#1b5e20", "#1565c0", "#6a1b9a", "#e65100")


def _plays(micros: float) -> float:
    """Millions of plays a second, from µs per play."""
    return 1.0 / micros


def curve_svg(figures: Mapping[str, float]) -> str:
    """The curve as SVG text: millions of plays a second (a log scale) against the number of games at once, a
    line per `concombre.bench.learning.CURVE_KEYS` entry measured, and OpenSpiel's ``oh_hell`` single-state
    step as a dashed line when it was measured. ``figures``: measurement keys to µs per play.

    Examples:
        >>> svg = curve_svg({"batch.64.fast.1": 0.2, "batch.65536.fast.1": 0.03})
        >>> "fast deals, 1 thread" in svg and "<polyline" in svg
        True
    """
    lines = {name: [(count, _plays(figures[key.format(count)])) for count in BATCH_SIZES
                    if key.format(count) in figures] for name, key in CURVE_KEYS.items()}
    lines = {name: points for name, points in lines.items() if points}
    peer = figures.get("open_spiel.oh_hell.step")
    values = [rate for points in lines.values() for _, rate in points] + ([_plays(peer)] if peer else [])
    low = 10 ** math.floor(math.log10(min(values) if values else 0.1))
    high = 10 ** math.ceil(math.log10(max(values) if values else 10))
    high = max(high, low * 10)

    def x(count: float) -> float:
        span = math.log2(BATCH_SIZES[-1]) - math.log2(BATCH_SIZES[0])
        return LEFT + (WIDTH - LEFT - RIGHT) * (math.log2(count) - math.log2(BATCH_SIZES[0])) / span

    def y(rate: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (1 - (math.log10(rate) - math.log10(low)) /
                                                (math.log10(high) - math.log10(low)))

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'aria-labelledby="curve-title" font-family="sans-serif" font-size="12">',
             '<title id="curve-title">Concombre batched engine: millions of plays a second against the number of '
             'games at once</title>', f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>']
    decade = low
    while decade <= high * 1.0001:
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(decade):.1f}" y2="{y(decade):.1f}" '
                     f'stroke="#ddd"/><text x="{LEFT - 6}" y="{y(decade) + 4:.1f}" text-anchor="end">{decade:g}</text>')
        decade *= 10
    for count in BATCH_SIZES:
        parts.append(f'<text x="{x(count):.1f}" y="{HEIGHT - BOTTOM + 18}" text-anchor="middle">{count:,}</text>')
    parts.append(f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 12}" text-anchor="middle">games at once '
                 f'(N)</text><text transform="translate(16 {(TOP + HEIGHT - BOTTOM) / 2}) rotate(-90)" '
                 f'text-anchor="middle">million plays a second</text>')
    legend = TOP + 10
    if peer:
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(_plays(peer)):.1f}" y2="{y(_plays(peer)):.1f}" '
                     f'stroke="#c62828" stroke-dasharray="6 4"/>')
        parts.append(f'<text x="{WIDTH - RIGHT + 10}" y="{legend}" fill="#c62828">OpenSpiel oh_hell step</text>')
        legend += 20
    for colour, (name, points) in zip(COLOURS, lines.items(), strict=False):
        path = " ".join(f"{x(count):.1f},{y(rate):.1f}" for count, rate in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts += [f'<circle cx="{x(count):.1f}" cy="{y(rate):.1f}" r="3" fill="{colour}"/>' for count, rate in points]
        parts.append(f'<text x="{WIDTH - RIGHT + 10}" y="{legend}" fill="{colour}">{escape(name)}</text>')
        legend += 20
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
