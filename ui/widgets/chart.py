"""Two small charts for the window, drawn with pygame from `game.plots`: one resident's
confidence in a claim over time (steps, a dot per change coloured by its state, memory edits
marked), and a claim's spread over time (how many held each value, hour by hour, stacked).
The report draws the same numbers as SVG (`ui.svg`)."""

from __future__ import annotations

import pygame

from game import clock

from .. import theme as T
from ..labels import value_label

COLOURS = ((234, 172, 78), (96, 150, 210), (110, 190, 130), (190, 120, 200), (226, 104, 92),
           (170, 169, 176))


def _frame(surf, rect: pygame.Rect, t0: int, t1: int, top: float, ticks) -> tuple:
    pygame.draw.rect(surf, T.BG, rect, border_radius=6)
    plot = pygame.Rect(rect.x + 30, rect.y + 8, rect.width - 40, rect.height - 26)
    for v, label in ticks:
        y = plot.bottom - v / top * plot.height
        pygame.draw.line(surf, T.RAISED, (plot.x, y), (plot.right, y))
        T.text(surf, label, (plot.x - 4, y), "small", T.FAINT, align="right", valign="center")
    span = max(1, t1 - t0)
    # (past 30-day steps, as many days as keep it to six or so ticks: a save's clock years
    # on drew millions at 30 days, and the window hung; a fuzzer)
    step = clock.HOUR * next((h for h in (1, 3, 6, 12, 24, 48, 168, 720)
                              if span / (h * clock.HOUR) <= 6),
                             24 * -(-span // (6 * clock.DAY)))
    t = t0 - t0 % step + step
    while t < t1:
        x = plot.x + (t - t0) / span * plot.width
        pygame.draw.line(surf, T.BORDER, (x, plot.bottom), (x, plot.bottom + 3))
        label = clock.fmt(t) if t % clock.DAY == 0 else clock.fmt_clock(t)
        T.text(surf, label.replace("day ", "d"), (x, plot.bottom + 4), "small", T.FAINT,
               align="center")
        t += step

    def xy(t: float, v: float) -> tuple[float, float]:
        return (plot.x + (t - t0) / span * plot.width, plot.bottom - v / top * plot.height)
    return plot, xy


def confidence_chart(surf, rect: pygame.Rect, sim, data, now: int) -> None:
    """How sure one resident was of a claim, over time."""
    pts = data.points
    if not pts:
        return
    attribute = data.claim.partition(".")[2]
    # To now, and an hour wide at least; the line stops at now (it ran on an hour past it,
    # to 09:30 at 08:40: a window playtest).
    t0 = pts[0].at
    t1, last = max(now, pts[-1].at, t0 + clock.HOUR), max(now, pts[-1].at)
    plot, xy = _frame(surf, rect, t0, t1, 100, [(0, "0"), (50, "50"), (100, "100")])
    for at, _kind in data.edits:
        x = xy(at, 0)[0]
        pygame.draw.line(surf, T.BAD, (x, plot.y), (x, plot.bottom), 1)
        T.text(surf, "✎", (x + 2, plot.y - 2), "small", T.BAD)
    line = []
    for i, p in enumerate(pts):
        if i:
            line.append(xy(p.at, pts[i - 1].confidence))
        line.append(xy(p.at, p.confidence))
    line.append(xy(last, pts[-1].confidence))
    if len(line) > 1:
        pygame.draw.lines(surf, T.TEXT, False, line, 2)
    shown = None
    # Where each label must end: short of the next point.
    ends = [xy(pts[i + 1].at, pts[i + 1].confidence)[0] - 8 if i + 1 < len(pts) else plot.right
            for i in range(len(pts))]
    for p, end in zip(pts, ends, strict=True):
        pos = xy(p.at, p.confidence)
        pygame.draw.circle(surf, T.STATE.get(p.state, T.DIM), pos, 4)
        if p.value != shown:
            # In the room the plot leaves it, up to the next value's point, cut with an
            # ellipsis — or, near the right edge, to the point's left ("is allergic to w"
            # ran off the chart: a window playtest).
            label = value_label(sim, p.value, attribute)
            room = end - (pos[0] + 5)
            if room >= min(80, T.width_of(label, "small")):
                T.text(surf, label, (pos[0] + 5, pos[1] - 15), "small", T.DIM, width=room)
            else:
                T.text(surf, label, (pos[0] - 5, pos[1] - 15), "small", T.DIM, align="right",
                       width=max(0, int(pos[0] - 5 - plot.x)))
            shown = p.value


def spread_chart(surf, rect: pygame.Rect, sim, sp, colour_of=None) -> list[tuple[str, tuple]]:
    """How many held each value of a claim, hour by hour, in `colour_of(value)` (the claim
    view's colours); returns the legend (words, colour)."""
    attribute = sp.claim.partition(".")[2]
    n = len(sp.hours)
    top = max([sum(sp.counts[v][i] for v in sp.values) for i in range(n)] + [1])
    plot, xy = _frame(surf, rect, sp.hours[0], max(sp.hours[-1], sp.hours[0] + clock.HOUR),
                      top, [(0, "0"), (top, str(top))])
    base = [0] * n
    legend = []
    for i, v in enumerate(sp.values):
        colour = colour_of(v) if colour_of else COLOURS[i % len(COLOURS)]
        upper = [b + c for b, c in zip(base, sp.counts[v], strict=True)]
        poly = [xy(t, u) for t, u in zip(sp.hours, upper, strict=True)] + \
            [xy(t, b) for t, b in zip(reversed(sp.hours), reversed(base), strict=True)]
        if n > 1:
            pygame.draw.polygon(surf, colour, poly)
        legend.append((value_label(sim, v, attribute), colour))
        base = upper
    return legend
