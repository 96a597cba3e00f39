"""The report's pictures as inline SVG: no network, no JavaScript, nothing fetched.

Each function takes the numbers from `game.plots` and returns markup the report embeds as it
is (`Markup`: every text in it is escaped here). Values, people and claims are drawn in words
(`ui.labels`), never as ids.
"""

from __future__ import annotations

import math

from markupsafe import Markup, escape

from game import clock
from memory import DORMANT_AFTER, GONE_AFTER

from .labels import cause_words, name_of, value_label

W, H = 720, 230
LEFT, RIGHT, TOP, BOTTOM = 48, 150, 14, 34
INK, MUTED, LINE = "#2b2622", "#7d7164", "#e2d7c3"
PALETTE = ("#c2702a", "#3f79a8", "#5a9a78", "#a35a9b", "#c69433", "#7d7164", "#b8443a",
           "#4f8a63")
STATE_COLOURS = {"influencing": "#4f8a63", "doubtful": "#c69433", "anomalous": "#a35a9b",
                 "corrected": "#3f79a8", "past": "#9a8f83"}
DEPTH_COLOURS = {"full": "#5a9a78", "reduced": "#c69433", "skip": "#b8443a"}
LIE = "#b8443a"


def _t(x: float, y: float, text: str, size: int = 11, fill: str = MUTED, anchor: str = "start",
       weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}">{escape(text)}</text>')


def _svg(body: list[str], title: str, w: int = W, h: int = H) -> Markup:
    return Markup(
        f'<svg class="plot" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
        f'width="{w}" height="{h}" role="img" font-family="DejaVu Sans, sans-serif">'
        f"<title>{escape(title)}</title>" + "".join(body) + "</svg>")


class _Axis:
    """Time on x between `t0` and `t1`, something on y between `y0` and `y1`."""

    def __init__(self, t0: int, t1: int, y0: float, y1: float, w: int = W, h: int = H):
        self.t0, self.t1 = t0, max(t1, t0 + 1)
        self.y0, self.y1 = y0, y1 if y1 != y0 else y0 + 1
        self.w, self.h = w, h

    def x(self, t: float) -> float:
        return LEFT + (t - self.t0) / (self.t1 - self.t0) * (self.w - LEFT - RIGHT)

    def y(self, v: float) -> float:
        return self.h - BOTTOM - (v - self.y0) / (self.y1 - self.y0) * (self.h - TOP - BOTTOM)

    def frame(self, ticks: list[tuple[float, str]]) -> list[str]:
        out = [f'<line x1="{LEFT}" y1="{self.h - BOTTOM}" x2="{self.w - RIGHT}" '
               f'y2="{self.h - BOTTOM}" stroke="{MUTED}" stroke-width="1"/>']
        for v, label in ticks:
            yy = self.y(v)
            out.append(f'<line x1="{LEFT}" y1="{yy:.1f}" x2="{self.w - RIGHT}" y2="{yy:.1f}" '
                       f'stroke="{LINE}" stroke-width="1"/>')
            out.append(_t(LEFT - 6, yy + 4, label, 10, anchor="end"))
        step = _time_step(self.t1 - self.t0)
        t = self.t0 - self.t0 % step + step
        while t < self.t1:
            xx = self.x(t)
            out.append(f'<line x1="{xx:.1f}" y1="{self.h - BOTTOM}" x2="{xx:.1f}" '
                       f'y2="{self.h - BOTTOM + 4}" stroke="{MUTED}"/>')
            label = clock.fmt(t) if t % clock.DAY == 0 or step >= clock.DAY else \
                clock.fmt_clock(t)
            out.append(_t(xx, self.h - BOTTOM + 16, label, 10, anchor="middle"))
            t += step
        return out


def _time_step(span: int) -> int:
    for step in (clock.HOUR, 3 * clock.HOUR, 6 * clock.HOUR, 12 * clock.HOUR, clock.DAY,
                 2 * clock.DAY, 7 * clock.DAY, 30 * clock.DAY):
        if span / step <= 8:
            return step
    # Longer still (a ten-year town, or a save's clock far on): a round number of days that
    # keeps it to eight or so ticks — a 90-day step over a clock near its limit drew
    # millions of them, and the report never finished (a fuzzer).
    days = max(90, -(-span // (8 * clock.DAY)))
    return days * clock.DAY


LEGEND_CHARS = 21  # what fits beside the plot at 11 px


def _cut(label: str, n: int = LEGEND_CHARS) -> str:
    """A legend's words cut at a word, with an ellipsis ("on purpose, as a sligh" was cut
    mid-word; an author): the whole label is the line's tooltip."""
    if len(label) <= n:
        return label
    head = label[:n - 1]
    return (head.rsplit(" ", 1)[0] if " " in head else head).rstrip(",;:") + "…"


def _legend(items: list[tuple[str, str]], x: float = W - RIGHT + 14, y: float = TOP + 6,
            dashed: set[str] | None = None, dotted: set[str] | None = None) -> list[str]:
    """Each item a line of its colour and its words, on two lines where they need them (cut
    at a word past that, the whole in its tooltip)."""
    import textwrap

    out = []
    yy = y
    for colour, label in items:
        dash = ' stroke-dasharray="4 3"' if dashed and label in dashed else \
            ' stroke-dasharray="2 3"' if dotted and label in dotted else ""
        lines = textwrap.wrap(label, LEGEND_CHARS) or [""]
        if len(lines) > 2:
            lines = [lines[0], _cut(" ".join(lines[1:]))]
        out.append(f'<g><title>{escape(label)}</title>'
                   f'<line x1="{x}" y1="{yy:.1f}" x2="{x + 16}" y2="{yy:.1f}" '
                   f'stroke="{colour}" stroke-width="6"{dash}/>')
        out += [_t(x + 22, yy + 4 + 13 * i, line, 11, INK) for i, line in enumerate(lines)]
        out.append("</g>")
        yy += 18 + 13 * (len(lines) - 1)
    return out


# -- a claim's spread over time -----------------------------------------------------------------


def value_colours(*groups) -> dict[str, str]:
    """One colour per answer of a claim, the same in every chart of it: the first group's
    answers in their order, then any others sorted. The lie red is left out of the palette
    so an answer never looks like a lie."""
    palette = [c for c in PALETTE if c != LIE]
    order = list(dict.fromkeys(groups[0])) if groups else []
    rest = sorted({v for g in groups[1:] for v in g} - set(order))
    return {v: palette[i % len(palette)] for i, v in enumerate(order + rest)}


def spread(sim, sp, colours: dict[str, str] | None = None) -> Markup:
    """Stacked areas: how many residents held each value of the claim, hour by hour
    (`colours`: one per answer, shared with the other charts of the claim)."""
    colours = colours or value_colours(sp.values)
    attribute = sp.claim.partition(".")[2]
    top = max([sum(sp.counts[v][i] for v in sp.values) for i in range(len(sp.hours))] + [1])
    ax = _Axis(sp.hours[0], sp.hours[-1], 0, top)
    body = ax.frame([(n, str(n)) for n in range(0, top + 1, max(1, math.ceil(top / 5)))])
    base = [0] * len(sp.hours)
    legend = []
    for v in sp.values:
        colour = colours[v]
        upper = [b + c for b, c in zip(base, sp.counts[v], strict=True)]
        pts = [f"{ax.x(t):.1f},{ax.y(u):.1f}" for t, u in zip(sp.hours, upper, strict=True)]
        pts += [f"{ax.x(t):.1f},{ax.y(b):.1f}" for t, b in
                zip(reversed(sp.hours), reversed(base), strict=True)]
        body.append(f'<polygon class="mark" points="{" ".join(pts)}" fill="{colour}" '
                    f'fill-opacity="0.78" stroke="{colour}"/>')
        true = "✓ " if v == sp.truth else ""  # (before: at the end it was cut away)
        legend.append((colour, true + value_label(sim, v, attribute)))
        base = upper
    body += _legend(legend)
    body.append(_t(LEFT, TOP - 2, "residents holding each answer", 10))
    return _svg(body, f"How {sim.say_claim(sp.claim)} spread")


# -- one resident's confidence over time --------------------------------------------------------


def confidence(sim, c, now: int) -> Markup:
    """Confidence, version by version, as steps; a dot per change coloured by its state, the
    value named where it changes, memory edits marked."""
    attribute = c.claim.partition(".")[2]
    if not c.points:
        return _svg([_t(LEFT, H / 2, "no belief about this")], "no belief")
    t0 = c.points[0].at
    ax = _Axis(t0, max(now, c.points[-1].at + clock.HOUR), 0, 100)
    body = ax.frame([(v, str(v)) for v in (0, 25, 50, 75, 100)])
    path = []
    last = None
    for p in c.points:
        if last is not None:
            path.append(f"L{ax.x(p.at):.1f},{ax.y(last.confidence):.1f}")
        path.append(("M" if last is None else "L") + f"{ax.x(p.at):.1f},{ax.y(p.confidence):.1f}")
        last = p
    path.append(f"L{ax.x(ax.t1):.1f},{ax.y(last.confidence):.1f}")
    body.append(f'<path class="mark" d="{" ".join(path)}" fill="none" stroke="{INK}" '
                f'stroke-width="2"/>')
    for at, kind in c.edits:
        xx = ax.x(at)
        body.append(f'<line class="mark" x1="{xx:.1f}" y1="{TOP}" x2="{xx:.1f}" '
                    f'y2="{H - BOTTOM}" stroke="{LIE}" stroke-dasharray="4 3"/>')
        body.append(_t(xx + 3, TOP + 10, f"{kind} (edit)", 10, LIE))
    shown = None
    for p in c.points:
        colour = STATE_COLOURS.get(p.state, MUTED)
        tip = (f"{clock.fmt(p.at)}: {cause_words(p.cause)}, "
               f"{value_label(sim, p.value, attribute)} {p.confidence}")
        body.append(f'<circle class="mark" cx="{ax.x(p.at):.1f}" cy="{ax.y(p.confidence):.1f}"'
                    f' r="4" fill="{colour}"><title>{escape(tip)}</title></circle>')
        if p.value != shown:
            body.append(_t(ax.x(p.at) + 5, ax.y(p.confidence) - 7,
                           value_label(sim, p.value, attribute)[:18], 10, INK))
            shown = p.value
    body += _legend([(STATE_COLOURS[s], s) for s in ("influencing", "doubtful", "anomalous",
                                                     "corrected", "past")])
    return _svg(body, f"{name_of(sim, c.resident)}: how sure, over time")


# -- who told whom ------------------------------------------------------------------------------


def told(sim, t, w: int = W, h: int = 320, colours: dict[str, str] | None = None) -> Markup:
    """People in a ring; an arrow for each telling, coloured by the value told; lies red and
    dashed."""
    attribute = t.claim.partition(".")[2]
    n = max(1, len(t.people))
    cx, cy, r = (w - RIGHT) / 2, h / 2, min(w - RIGHT, h) / 2 - 40
    pos = {p: (cx + r * math.cos(2 * math.pi * i / n - math.pi / 2),
               cy + r * math.sin(2 * math.pi * i / n - math.pi / 2))
           for i, p in enumerate(t.people)}
    values = sorted({x.value for x in t.tellings})
    colour = colours if colours is not None else value_colours([], values)
    body = [f'<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
            f'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
            f'fill="{MUTED}"/></marker></defs>']
    pairs: dict[tuple[str, str], int] = {}
    for x in t.tellings:
        k = (x.teller, x.listener)
        pairs[k] = pairs.get(k, 0) + 1
        (x1, y1), (x2, y2) = pos[x.teller], pos[x.listener]
        # bend each repeat a little more, so several tellings between two people all show
        bend = 18 * pairs[k] * (1 if x.teller < x.listener else -1)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        dx, dy = x2 - x1, y2 - y1
        d = math.hypot(dx, dy) or 1
        qx, qy = mx - dy / d * bend, my + dx / d * bend
        ex, ey = x2 - dx / d * 16, y2 - dy / d * 16
        stroke = LIE if x.lie else colour[x.value]
        # A lie red and dashed; a true-to-belief telling that claimed to have seen what the
        # teller had only heard, dotted (an author took Bo's unmarked arrows, in The Missing
        # Key, for "my liar isn't lying": he tells what he believes, as seen).
        dash = ' stroke-dasharray="6 4"' if x.lie else \
            ' stroke-dasharray="2 3"' if x.embellished else ""
        body.append(f'<path class="mark" d="M{x1:.1f},{y1:.1f} Q{qx:.1f},{qy:.1f} '
                    f'{ex:.1f},{ey:.1f}" fill="none" stroke="{stroke}" stroke-width="2"'
                    f'{dash} marker-end="url(#arrow)"><title>{escape(clock.fmt(x.at))}: '
                    f'{escape(name_of(sim, x.teller))} told {escape(name_of(sim, x.listener))}'
                    f' {escape(value_label(sim, x.value, attribute))}'
                    f'{" (a lie)" if x.lie else ""}'
                    f'{" (claiming to have seen it)" if x.embellished else ""}</title></path>')
    for p, (x, y) in pos.items():
        body.append(f'<circle class="mark" cx="{x:.1f}" cy="{y:.1f}" r="14" fill="#fffaf0" '
                    f'stroke="{INK}" stroke-width="1.5"/>')
        body.append(_t(x, y + 30, name_of(sim, p), 11, INK, "middle", "bold"))
    legend = [(colour[v], value_label(sim, v, attribute)) for v in values]
    if any(x.lie for x in t.tellings):
        legend.append((LIE, "a lie"))
    if any(x.embellished and not x.lie for x in t.tellings):
        legend.append((MUTED, "said as seen"))
    body += _legend(legend, x=w - RIGHT + 14, dashed={"a lie"}, dotted={"said as seen"})
    if not t.tellings:
        body.append(_t(cx, cy, "nobody has told anyone about this yet", 12, MUTED, "middle"))
    return _svg(body, f"Who told whom: {sim.say_claim(t.claim)}", w, h)


# -- attention over a day -----------------------------------------------------------------------


def attention(sim, a) -> Markup:
    """One row per resident, one cell per hour: full, reduced or skipped."""
    rows = list(a.rows.items())
    cell_w, cell_h, left = 22, 18, 110
    h = TOP + len(rows) * cell_h + 44
    w = left + 24 * cell_w + 130
    body = []
    for i, (rid, depths) in enumerate(rows):
        y = TOP + i * cell_h
        body.append(_t(left - 8, y + 13, name_of(sim, rid), 11, INK, "end"))
        for hr, d in enumerate(depths):
            fill = DEPTH_COLOURS.get(d or "", "#efe7d8")
            body.append(f'<rect class="mark" x="{left + hr * cell_w}" y="{y}" '
                        f'width="{cell_w - 2}" height="{cell_h - 2}" rx="2" fill="{fill}">'
                        f'<title>{escape(name_of(sim, rid))}, {hr:02d}:00: '
                        f'{escape(d or "no step")}</title></rect>')
    y = TOP + len(rows) * cell_h + 14
    for hr in range(0, 24, 3):
        body.append(_t(left + hr * cell_w + (cell_w - 2) / 2, y, f"{hr:02d}:00", 10,
                       anchor="middle"))
    body += _legend([(DEPTH_COLOURS["full"], "full"), (DEPTH_COLOURS["reduced"], "reduced"),
                     (DEPTH_COLOURS["skip"], "skipped")], x=left + 24 * cell_w + 14, y=TOP + 8)
    return _svg(body, f"Attention on day {a.day}", w, h)


# -- how easily a memory comes to mind ----------------------------------------------------------


def accessibility(sim, acc) -> Markup:
    """a(t) = 2^(−Δt/H) from the last evocation, with the dormant (2⁻³) and unrecallable (2⁻⁵)
    thresholds and now."""
    t0 = acc.last_evoked_at
    t1 = max(acc.now, acc.gone_at) + int(acc.half_life)
    ax = _Axis(t0, t1, 0, 1)
    body = ax.frame([(v, f"{v:g}") for v in (0, 0.25, 0.5, 0.75, 1)])
    n = 80
    pts = []
    for i in range(n + 1):
        t = t0 + (t1 - t0) * i / n
        pts.append(f"{ax.x(t):.1f},{ax.y(2 ** (-(t - t0) / acc.half_life)):.1f}")
    body.append(f'<polyline class="mark" points="{" ".join(pts)}" fill="none" stroke="{INK}" '
                f'stroke-width="2"/>')
    for level, label, colour in ((2 ** -DORMANT_AFTER, "dormant below 2⁻³", "#c69433"),
                                 (2 ** -GONE_AFTER, "unrecallable below 2⁻⁵", LIE)):
        yy = ax.y(level)
        body.append(f'<line class="mark" x1="{LEFT}" y1="{yy:.1f}" x2="{W - RIGHT}" '
                    f'y2="{yy:.1f}" stroke="{colour}" stroke-dasharray="5 4"/>')
        body.append(_t(W - RIGHT + 6, yy + 4, label, 10, colour))
    xx = ax.x(acc.now)
    body.append(f'<line class="mark" x1="{xx:.1f}" y1="{TOP}" x2="{xx:.1f}" y2="{H - BOTTOM}" '
                f'stroke="{PALETTE[1]}" stroke-width="1.5"/>')
    body.append(_t(xx + 4, TOP + 10, "now", 10, PALETTE[1]))
    body.append(_t(LEFT, TOP - 2, "how easily it comes to mind", 10))
    return _svg(body, f"{name_of(sim, acc.resident)}: how easily it comes to mind")
