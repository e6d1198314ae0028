"""The built book works offline and reads cleanly: local MathJax, no remote scripts, every chapter rendered,
no stderr blocks, no paths of the build machine, no solver banners, and no display equation too wide for the
text column.

Runs after the main job (``jupyter-book build book/``). When the book has not been built the test
is skipped, unless ``REFBOOST_REQUIRE_BOOK=1`` (set by ``.ci/run``), in which case it fails and says why.
"""

from __future__ import annotations

import html as htmllib
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "book" / "_build" / "html"
CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.py"))
PAGES = ["intro", "notation", "bibliography"]

if not HTML.exists():
    if os.environ.get("REFBOOST_REQUIRE_BOOK") == "1":
        pytest.fail(
            f"REFBOOST_REQUIRE_BOOK=1 but the built book is missing ({HTML.relative_to(ROOT)} does not exist): "
            "run 'jupyter-book build book/ --warningiserror' before this test",
            pytrace=False,
        )
    pytest.skip("book not built (run 'jupyter-book build book/')", allow_module_level=True)


def _page(src: Path) -> Path:
    return HTML / "notebooks" / f"{src.stem}.html"


def _text(html: str) -> str:
    """Visible text of a page: scripts and styles dropped, tags removed, entities decoded."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S | re.I)
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", html))


CODE = re.compile(r"<div class=\"highlight-ipython3[^\"]*\"><div class=\"highlight\"><pre>.*?</pre>", re.S)


def test_mathjax_is_bundled():
    assert (HTML / "_static" / "mathjax" / "tex-chtml.js").exists()


@pytest.mark.parametrize("src", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_page_is_offline(src):
    page = _page(src)
    assert page.exists(), f"{page} was not built"
    html = page.read_text(encoding="utf-8")
    shown = CODE.sub(" ", html)  # the page without its code cells: what the cells printed, and the prose
    assert "_static/mathjax/tex-chtml.js" in html, "MathJax must be served from _static/mathjax"
    remote = re.findall(r"<(?:script|link)[^>]+(?:src|href)=\"(https?://[^\"]+)\"", html)
    assert not remote, f"remote resources in {page.name}: {remote}"
    # figures are embedded as files next to the page, never fetched
    for img in re.findall(r"<img[^>]+src=\"([^\"]+)\"", html):
        assert not img.startswith("http"), img
        assert (page.parent / img).resolve().exists(), f"missing figure {img}"
    assert "Traceback" not in shown and "AssertionError" not in shown, f"{page.name} shows an error"
    # a chapter that draws figures must show them (a non-interactive MPLBACKEND in the kernel drops them)
    if re.search(r"\bplt\.(show|subplots|figure)\(", src.read_text(encoding="utf-8")):
        assert re.search(r"<img[^>]+src=", html), f"{page.name}: the chapter draws figures but the page has none"


# ---------------------------------------------------------------------------------------------------------
# What a reader must not see: stderr, the build machine's paths, solver banners
# ---------------------------------------------------------------------------------------------------------

STDERR = re.compile(r"<div[^>]*class=\"[^\"]*\bstderr\b[^\"]*\"[^>]*>(.*?)</div>", re.S)
MACHINE_PATH = re.compile(r"(?<![\w.])/(?:work|tmp|root|home)/[^\s\"'<>]*")
BANNERS = ("Running HiGHS", "Copyright (c) 20", "Licensed under", "Academic license")


@pytest.mark.parametrize("src", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_shows_no_stderr(src):
    """myst-nb renders a cell's stderr (warnings, logging, solver chatter) as ``div.output.stderr``."""
    html = _page(src).read_text(encoding="utf-8")
    blocks = [_text(b).strip()[:200] for b in STDERR.findall(html)]
    assert not blocks, f"{src.stem}: {len(blocks)} stderr output block(s), first: {blocks[0]!r}"


@pytest.mark.parametrize("name", [c.stem for c in CHAPTERS] + PAGES)
def test_page_shows_no_machine_paths_or_banners(name):
    page = HTML / ("notebooks" if name[:2].isdigit() else "") / f"{name}.html"
    if not page.exists():
        pytest.fail(f"{page.relative_to(ROOT)} was not built", pytrace=False)
    text = _text(page.read_text(encoding="utf-8"))
    paths = sorted(set(MACHINE_PATH.findall(text)))
    assert not paths, f"{name}: absolute paths of the build machine in the page: {paths[:5]}"
    banners = [b for b in BANNERS if b in text]
    assert not banners, f"{name}: solver banner in the page: {banners}"


# ---------------------------------------------------------------------------------------------------------
# Display math that does not fit the text column
# ---------------------------------------------------------------------------------------------------------
# MathJax typesets in the reader's browser, so the HTML holds only the TeX source of each display equation
# (``<div class="math ...">\[ ... \]</div>``). A rendered width cannot be measured without a browser; instead
# each rendered line (the source split at ``\\``) gets a glyph count: a fraction counts its wider part, a
# command such as ``\alpha`` counts one glyph, a quad two, decorations (``\mathbf``, ``\left``, thin spaces,
# ``\label``) none. book/_static/refboost.css gives the column about 790 px at a 1280 px window; calibrated
# on screenshots of the built chapters at that width, a line of 71 glyphs just fits the column and one of
# 77 is clipped; inside a theorem/definition/admonition box (padding) one of 72 is clipped. A line above
# the limit needs a scrollbar: break it with ``\\`` in an ``aligned``/``align`` environment, or move part
# of it into the text.

MAX_GLYPHS = 71
MAX_GLYPHS_BOXED = 64
DISPLAY = re.compile(r"<div[^>]*class=\"[^\"]*\bmath\b[^\"]*\"[^>]*>\s*\\\[(.*?)\\\]\s*</div>", re.S)
_FRAC = re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_GROUP = re.compile(r"(?<!\\frac)(?<!\\dfrac)(?<!\\tfrac)(?<!\})\{([^{}]*)\}")
_SILENT = re.compile(
    r"\\(?:label|tag|text\w*|operatorname\*?|begin|end)\s*(?=\{)"  # keep the argument of text-like commands
    r"|\\(?:left|right|[bB]ig+[lr]?|middle)\b|\\(?:mathbf|mathrm|mathcal|mathbb|boldsymbol|bm|displaystyle"
    r"|textstyle|limits|nonumber|notag|hat|tilde|bar|widehat|widetilde|overline|vec)\b|\\[,;:! ]"
)


def glyphs(line: str) -> int:
    """Approximate rendered width of one line of TeX, in glyphs."""
    s = re.sub(r"\\(?:label|tag)\s*\{[^{}]*\}|\\(?:begin|end)\s*\{[^{}]*\}(?:\{[^{}]*\})?", "", line)
    s = re.sub(r"\\qquad\b", "~~~~", s)  # a quad is about two glyphs wide
    s = re.sub(r"\\quad\b", "~~", s)
    s = _SILENT.sub(" ", s)
    for _ in range(200):  # resolve fractions and groups from the innermost out
        t = _FRAC.sub(lambda m: " " + max(m.group(1), m.group(2), key=len) + " ", s)
        if t == s:
            t = _GROUP.sub(r" \1 ", s)
        if t == s:
            break
        s = t
    s = re.sub(r"\\[A-Za-z]+", "x", s)  # any remaining command is one glyph
    s = re.sub(r"[{}^_&\s]", "", s)
    return len(s)


def too_wide(tex: str, limit: int = MAX_GLYPHS) -> list[tuple[int, str]]:
    lines = re.split(r"\\\\|\\newline\b", htmllib.unescape(tex))
    return [(g, " ".join(line.split())[:90]) for line in lines if (g := glyphs(line)) > limit]


_DIV = re.compile(r"<div\b[^>]*>|</div>")
_BOX = re.compile(r"class=\"[^\"]*\b(?:admonition|proof)\b")


def display_math(html: str) -> list[tuple[str, bool]]:
    """Each display equation's TeX and whether it sits inside a box (theorem, definition, admonition)."""
    found, stack, pos = [], [], 0
    for m in DISPLAY.finditer(html):
        for tag in _DIV.finditer(html, pos, m.start()):
            if tag.group().startswith("</"):
                if stack:
                    stack.pop()
            else:
                stack.append(bool(_BOX.search(tag.group())))
        pos = m.start()
        found.append((m.group(1), any(stack)))
    return found


def test_glyph_estimate():
    assert glyphs(r"\frac{1}{\nu}\sum_{n=1}^{N}\psi_n") == len("νΣn=1Nψn")
    assert glyphs(r"\frac{a+b+c}{d}") == 5
    assert glyphs(r"\mathbf{d}\cdot\mathbf{u}^q \label{x}") == 4
    assert glyphs(r"\left( x \right)") == 3
    assert too_wide("a = b" + r" + a_{n}" * 40 + r" \\ c") and not too_wide(r"a \\ b")


# Chapters whose display equations were too wide when this check was added (their owners are breaking the
# lines); remove a chapter from the set once its page passes.
KNOWN_TOO_WIDE: set[str] = set()


@pytest.mark.parametrize(
    "src",
    [
        pytest.param(c, marks=pytest.mark.xfail(reason="display equation too wide, being fixed in the notebook"))
        if c.stem in KNOWN_TOO_WIDE
        else c
        for c in CHAPTERS
    ],
    ids=lambda p: p.stem,
)
def test_display_math_fits_the_column(src):
    html = _page(src).read_text(encoding="utf-8")
    wide = [w for tex, boxed in display_math(html) for w in too_wide(tex, MAX_GLYPHS_BOXED if boxed else MAX_GLYPHS)]
    assert not wide, (
        f"{src.stem}: {len(wide)} display-math line(s) wider than the column ({MAX_GLYPHS} glyphs, "
        f"{MAX_GLYPHS_BOXED} in a box), break them with \\\\: " + "; ".join(f"[{g}] {s}" for g, s in wide[:4])
    )


def test_detectors_catch_what_they_should():
    """The page checks above must fire on the markup myst-nb writes for the things a reader must not see."""
    stderr = '<div class="output stderr highlight-myst-ansi notranslate"><div class="highlight"><pre>warn</pre></div>'
    assert STDERR.findall(stderr + "</div>")
    assert not STDERR.findall('<div class="output stream highlight-myst-ansi notranslate">ok</div>')
    assert MACHINE_PATH.findall(_text("<pre>loaded /work/main/refboost/data/heart.npz</pre>"))
    assert MACHINE_PATH.findall(_text("<p>see /tmp/x and /home/u/y</p>"))
    assert not MACHINE_PATH.findall(_text('<a href="../_static/x.png">a/tmp/b, 1/root/2</a>'))
    boxed = '<div class="proof definition admonition"><div class="math notranslate">\\[a\\]</div></div>'
    assert display_math(boxed + '<div class="math notranslate">\\[b\\]</div>') == [("a", True), ("b", False)]


# ---------------------------------------------------------------------------------------------------------
# The reader sees the verdicts and the sources
# ---------------------------------------------------------------------------------------------------------

VERDICT_ROW = re.compile(r"<tr><td><a href=\"[^\"]*ledger/[^\"]+\"><strong>(.*?)</strong></a>.*?"
                         r"<span class=\"verdict verdict-[a-z-]+\">", re.S)


@pytest.mark.parametrize("num", sorted({p.stem[:2] for p in CHAPTERS}))
def test_every_checked_claim_is_shown_with_its_verdict(num):
    """Each claim id a chapter's pages declare appears, outside code, in a verdict table row with its label."""
    from refboost import claims

    pages = [p for p in CHAPTERS if p.stem[:2] == num]
    declared = {d.claim for p in pages for d in claims.scan_notebook(p)[0]}
    shown = set()
    for p in pages:
        html = CODE.sub(" ", _page(p).read_text(encoding="utf-8"))
        shown |= {htmllib.unescape(m) for m in VERDICT_ROW.findall(html)}
    missing = sorted(declared - shown)
    assert not missing, f"chapter {num}: claims checked but not shown with a verdict: {missing}"


@pytest.mark.parametrize("src", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_page_cites_the_bibliography(src):
    html = _page(src).read_text(encoding="utf-8")
    assert re.search(r"<a[^>]+href=\"[^\"]*bibliography\.html#", html), (
        f"{src.stem}: no {{cite}} of book/references.bib on the page"
    )
