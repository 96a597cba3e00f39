"""The report in a real browser (headless Chromium, Debian's package; `.ci/run` installs it):
the page renders with no console errors, every picture has drawn marks, the prose never shows
a raw id — and a screenshot of the pictures for the README.

`HEARSAY_SHOTS=1` writes the screenshot to docs/img/report-plots.png (how the README's was
taken); otherwise it goes to the test's temporary folder.
"""

import html as htmllib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from game import edit_memory
from game.sim import Simulation
from ui.report import render

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium is not installed (apt-get install -y "
    "chromium; .ci/run does it)")

# Run after the page has laid out: for each picture, how many of its marks have a size.
PROBE = """<script>
const out = [...document.querySelectorAll('svg.plot')].map(svg => {
  const marks = [...svg.querySelectorAll('.mark')];
  const drawn = marks.filter(m => { const b = m.getBBox(); return b.width > 0 || b.height > 0; });
  const r = svg.getBoundingClientRect();
  return {title: svg.querySelector('title').textContent, marks: marks.length,
          drawn: drawn.length, width: r.width, height: r.height};
});
document.body.setAttribute('data-probe', JSON.stringify(out));
</script>"""


def chromium(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                           "--hide-scrollbars", "--no-first-run", "--mute-audio",
                           "--enable-logging=stderr", "--v=0", *args],
                          capture_output=True, text=True, timeout=60)


def console_lines(stderr: str) -> list[str]:
    return [ln for ln in stderr.splitlines() if ":CONSOLE" in ln]


@pytest.fixture(scope="module")
def town():
    sim = Simulation.new("missing_key", seed=1)
    sim.run(days=1)
    edit_memory(sim, "implant", "fen", "ada_key.moved_by", value="cy")  # an edit to mark
    sim.run(days=1)
    return sim


@pytest.fixture(scope="module")
def page(town, tmp_path_factory):
    path = tmp_path_factory.mktemp("report") / "report.html"
    path.write_text(render(town), encoding="utf-8")
    return path


def prose(html: str) -> str:
    """What a reader reads: the text outside tags, styles and the pictures' hover titles."""
    html = re.sub(r"<style.*?</style>", " ", html, flags=re.S)
    html = re.sub(r"<title>.*?</title>", " ", html, flags=re.S)
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", html))


def test_the_report_prose_names_no_ids(town, page):
    text = prose(page.read_text(encoding="utf-8"))
    ids = set(town.people) | set(town.places) | set(town.objects) | set(town.attributes)
    for ident in sorted(ids):
        if "_" in ident or ident in town.people:
            assert not re.search(rf"(?<![\w'’]){re.escape(ident)}(?![\w'’])", text), ident
    assert not re.search(r"\b[a-z]+_[a-z_]+\.[a-z_]+\b", text)  # no subject.attribute
    assert "ada_key" not in text and "moved_by" not in text


@needs_chromium
def test_the_report_renders_in_chromium_with_every_picture_drawn(page, tmp_path):
    html = page.read_text(encoding="utf-8")
    assert "<script" not in html and "http://" not in html.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")  # nothing to run, nothing to fetch
    probe = tmp_path / "probe.html"
    probe.write_text(html.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    res = chromium("--virtual-time-budget=2000", "--dump-dom", probe.as_uri())
    assert res.returncode == 0, res.stderr[-2000:]
    assert console_lines(res.stderr) == []
    m = re.search(r'data-probe="([^"]*)"', res.stdout)
    assert m, "the probe did not run"
    pictures = json.loads(htmllib.unescape(m.group(1)))
    titles = [p["title"] for p in pictures]
    assert len(pictures) >= 5, titles
    for kind in ("spread", "Who told whom", "how sure", "comes to mind", "Attention"):
        assert any(kind in t for t in titles), (kind, titles)
    for p in pictures:
        assert p["drawn"] >= 1 and p["drawn"] == p["marks"], p
        assert p["width"] > 200 and p["height"] > 100, p
    # and the page itself, as a reader opens it: no console errors either
    shot = (ROOT / "docs" / "img" / "report-plots.png" if os.environ.get("HEARSAY_SHOTS")
            else tmp_path / "report-plots.png")
    res = chromium("--window-size=1100,1400", f"--screenshot={tmp_path / 'page.png'}",
                   page.as_uri())
    assert res.returncode == 0 and (tmp_path / "page.png").stat().st_size > 20_000
    assert console_lines(res.stderr) == []
    # the README's picture: the same page from its pictures on (the header left out)
    pictures = tmp_path / "pictures.html"
    pictures.write_text(re.sub(r"<header>.*?</header>", "", html, flags=re.S),
                        encoding="utf-8")
    res = chromium("--window-size=1100,1500", f"--screenshot={shot}", pictures.as_uri())
    assert res.returncode == 0 and shot.stat().st_size > 20_000


@needs_chromium
def test_a_console_error_would_be_caught(tmp_path):
    """The check above can fail: a page with a script error shows up in the log it reads."""
    bad = tmp_path / "bad.html"
    bad.write_text("<!doctype html><body><script>nothing_here();</script></body>")
    res = chromium("--dump-dom", bad.as_uri())
    assert any("nothing_here" in ln for ln in console_lines(res.stderr)), res.stderr[-1500:]
