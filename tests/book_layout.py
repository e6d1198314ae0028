"""What a reader sees: the built book measured in headless Chromium (Debian's ``chromium``), via Playwright.

Used by ``tests/test_book_layout.py`` and by hand while writing a chapter::

    python tests/book_layout.py book/_build/html/notebooks/01_lpboost.html [--width 1280] [--shot out.png]

prints the page's height, the share of visible code input, wide code cells and outputs, uncaptioned
figures and raw TeX; ``--shot`` saves a full-page screenshot.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

MAX_HEIGHT = 15_000  # px at 1280 px
MAX_CODE_SHARE = 0.20  # visible code input / article height

_MEASURE = r"""
() => {
  const art = document.querySelector("article.bd-article") || document.body;
  const colW = art.clientWidth;
  const visible = (el) => el.offsetParent !== null && el.getBoundingClientRect().height > 0
    && !el.closest("details:not([open])");
  const inputs = [...art.querySelectorAll("div.cell_input")].filter(visible);
  const codeH = inputs.reduce((s, el) => s + el.getBoundingClientRect().height, 0);
  const wideCode = inputs.filter((el) => {
    const pre = el.querySelector("pre"); return pre && pre.scrollWidth > pre.clientWidth + 2;
  }).length;
  const outs = [...art.querySelectorAll("div.cell_output > div.output")].filter(visible);
  const wideOut = outs.filter((el) => {
    const inner = el.querySelector("pre, table, img, svg");
    return el.scrollWidth > el.clientWidth + 2 || (inner && inner.getBoundingClientRect().width > colW + 2);
  }).map((el) => (el.innerText || "").slice(0, 60));
  const imgs = [...art.querySelectorAll("img")].filter((im) => visible(im) && !im.closest(".sidebar, aside"));
  const uncaptioned = imgs.filter((im) => {
    const fig = im.closest("figure"); return !fig || !fig.querySelector("figcaption .caption-number");
  }).length;
  // raw TeX: dollars or \( \) left in the text once MathJax has typeset the page
  const walker = document.createTreeWalker(art, NodeFilter.SHOW_TEXT);
  const raw = [];
  while (walker.nextNode()) {
    const n = walker.currentNode, p = n.parentElement;
    if (!p || p.closest("pre, code, mjx-container, script, style, .cell_input, details:not([open])")) continue;
    if (/\$[^$\s][^$]*\$|\\\(|\\\[|\\[a-zA-Z]+\{/.test(n.textContent)) raw.push(n.textContent.trim().slice(0, 80));
  }
  const cites = art.querySelectorAll("a[href*='bibliography']").length;
  return {height: document.documentElement.scrollHeight, article: art.getBoundingClientRect().height,
          column: colW, code_px: Math.round(codeH), code_cells: inputs.length, wide_code: wideCode,
          wide_outputs: wideOut, figures: imgs.length, uncaptioned: uncaptioned, raw_tex: raw.slice(0, 10),
          cites: cites, text: art.innerText};
}
"""


def browser():
    """A Playwright browser on Debian's chromium (the caller closes it); None if either is missing."""
    if CHROMIUM is None:
        return None, None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None, None
    pw = sync_playwright().start()
    return pw, pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)


def measure(br, html: Path, width: int = 1280, shot: Path | None = None) -> dict:
    """Load ``html`` at ``width`` px, wait for MathJax, and measure it (see the module docstring)."""
    page = br.new_page(viewport={"width": width, "height": 900})
    page.goto(Path(html).resolve().as_uri(), wait_until="load")
    page.evaluate("() => (window.MathJax && MathJax.startup && MathJax.startup.promise) || null")
    page.wait_for_timeout(300)
    m = page.evaluate(_MEASURE)
    m["code_share"] = m["code_px"] / max(m["article"], 1)
    if shot is not None:
        page.screenshot(path=str(shot), full_page=False)
        # and one viewport at the first verdict table, data table and figure, as a reader scrolls to them
        for what, sel in (("verdict", "table.refboost-verdicts:not(.refboost-glance)"),
                          ("table", "table.refboost-table"), ("figure", "figure img")):
            el = page.query_selector(sel)
            if el is not None:
                el.evaluate("e => e.scrollIntoView({block: 'center'})")
                page.wait_for_timeout(100)
                page.screenshot(path=str(shot.with_name(f"{shot.stem}-{what}.png")))
    page.close()
    return m


def problems(m: dict) -> list[str]:
    """The layout rules a page breaks (at 1280 px)."""
    out = []
    if m["height"] > MAX_HEIGHT:
        out.append(f"page is {m['height']} px tall (max {MAX_HEIGHT})")
    if m["code_share"] > MAX_CODE_SHARE:
        out.append(f"visible code input is {m['code_share']:.0%} of the page (max {MAX_CODE_SHARE:.0%})")
    if m["wide_code"]:
        out.append(f"{m['wide_code']} visible code cells are wider than the column")
    if m["wide_outputs"]:
        out.append(f"{len(m['wide_outputs'])} outputs are wider than the column: {m['wide_outputs'][:3]}")
    if m["uncaptioned"]:
        out.append(f"{m['uncaptioned']} of {m['figures']} figures lack a numbered caption")
    if m["raw_tex"]:
        out.append(f"raw TeX in the text: {m['raw_tex'][:3]}")
    return out


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pages", nargs="+", type=Path)
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--shot", type=Path, help="screenshot file (one page) or folder (several)")
    args = ap.parse_args(argv)
    pw, br = browser()
    if br is None:
        print("needs Debian's chromium and the playwright package")
        return 2
    bad = 0
    try:
        for p in args.pages:
            shot = args.shot
            if shot is not None and shot.suffix != ".png":
                shot.mkdir(parents=True, exist_ok=True)
                shot = shot / f"{p.stem}-{args.width}.png"
            m = measure(br, p, args.width, shot)
            probs = problems(m)
            bad += bool(probs)
            m.pop("text")
            print(p.name, json.dumps({k: m[k] for k in ("height", "code_share", "code_cells", "figures", "cites")}))
            for pr in probs:
                print("   -", pr)
    finally:
        br.close()
        pw.stop()
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
