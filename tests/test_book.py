"""The built book works offline: local MathJax, no remote scripts, every chapter rendered.

Runs after the main job (``jupyter-book build book/``). When the book has not been built the test
is skipped, unless ``REFBOOST_REQUIRE_BOOK=1`` (set by ``.ci/run``), in which case it fails.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "book" / "_build" / "html"
CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.py"))

if not HTML.exists():
    if os.environ.get("REFBOOST_REQUIRE_BOOK") == "1":
        raise RuntimeError("book/_build/html is missing: run 'jupyter-book build book/' first")
    pytest.skip("book not built (run 'jupyter-book build book/')", allow_module_level=True)


def test_mathjax_is_bundled():
    assert (HTML / "_static" / "mathjax" / "tex-chtml.js").exists()


@pytest.mark.parametrize("src", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_page_is_offline(src):
    page = HTML / "notebooks" / f"{src.stem}.html"
    assert page.exists(), f"{page} was not built"
    html = page.read_text(encoding="utf-8")
    assert "_static/mathjax/tex-chtml.js" in html, "MathJax must be served from _static/mathjax"
    remote = re.findall(r"<(?:script|link)[^>]+(?:src|href)=\"(https?://[^\"]+)\"", html)
    assert not remote, f"remote resources in {page.name}: {remote}"
    # figures are embedded as files next to the page, never fetched
    for img in re.findall(r"<img[^>]+src=\"([^\"]+)\"", html):
        assert not img.startswith("http"), img
        assert (page.parent / img).resolve().exists(), f"missing figure {img}"
    assert "Traceback" not in html and "AssertionError" not in html, f"{page.name} shows an error"
    # a chapter that draws figures must show them (a non-interactive MPLBACKEND in the kernel drops them)
    if re.search(r"\bplt\.(show|subplots|figure)\(", src.read_text(encoding="utf-8")):
        assert re.search(r"<img[^>]+src=", html), f"{page.name}: the chapter draws figures but the page has none"
