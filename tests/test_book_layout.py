"""What a reader sees at 1280 px, measured in headless Chromium (Debian's ``chromium``, driven by Playwright):
every page at most 15,000 px tall, visible code input at most 20 % of a chapter page, no visible code cell
or output wider than the text column, every figure numbered and captioned, no raw TeX (ledger included).

Runs on the book README command 1 builds. Skipped, with the reason, when the book is not built (unless
``REFBOOST_REQUIRE_BOOK=1``) or when chromium or playwright is absent (``.ci/run`` installs chromium).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from book_layout import CHROMIUM, MAX_CODE_SHARE, MAX_HEIGHT, browser, measure, problems

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "book" / "_build" / "html"
CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.py"))
REFERENCE = [p for p in sorted((ROOT / "book").glob("*.md")) + sorted((ROOT / "book" / "ledger").glob("*.md"))
             if not p.name.startswith("_")]  # the intro, ledger, notation, status, kit and bibliography pages

if not HTML.exists():
    if os.environ.get("REFBOOST_REQUIRE_BOOK") == "1":
        pytest.fail("REFBOOST_REQUIRE_BOOK=1 but the book is not built: run 'jupyter-book build book/'",
                    pytrace=False)
    pytest.skip("book not built (run 'jupyter-book build book/')", allow_module_level=True)
if CHROMIUM is None:
    pytest.skip("Debian's chromium is not installed (apt-get install chromium; .ci/run does)",
                allow_module_level=True)
pytest.importorskip("playwright", reason="the playwright package drives chromium (pip install -e '.[dev]')")


@pytest.fixture(scope="module")
def chromium():
    pw, br = browser()
    yield br
    br.close()
    pw.stop()


def _html(src: Path) -> Path:
    if src.suffix == ".py":
        return HTML / "notebooks" / f"{src.stem}.html"
    return HTML / src.relative_to(ROOT / "book").with_suffix(".html")


@pytest.mark.parametrize("src", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_page_layout(chromium, src):
    m = measure(chromium, _html(src), 1280)
    probs = problems(m)
    assert not probs, f"{src.stem} at 1280 px: " + "; ".join(probs)
    assert m["height"] <= MAX_HEIGHT and m["code_share"] <= MAX_CODE_SHARE


@pytest.mark.parametrize("src", REFERENCE, ids=lambda p: p.stem)
def test_reference_page_layout(chromium, src):
    m = measure(chromium, _html(src), 1280)
    probs = [p for p in problems(m) if "code" not in p]
    assert not probs, f"{src.name} at 1280 px: " + "; ".join(probs)
