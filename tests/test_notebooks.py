"""Notebooks and package stay one: pairing, sync, stripped outputs, assertions, book coverage.

The notebooks themselves are executed by nbval (``pytest --nbval-lax notebooks``) in the
README's test command; this file checks their form.
"""

from __future__ import annotations

import re
from pathlib import Path

import jupytext
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
NB_DIR = ROOT / "notebooks"
SOURCES = sorted(NB_DIR.glob("[0-9][0-9]_*.py"))
IPYNBS = sorted(NB_DIR.glob("[0-9][0-9]_*.ipynb"))


def _cells(nb):
    return [(c.cell_type, c.source.strip()) for c in nb.cells]


def test_there_are_chapters():
    assert SOURCES, "no chapter notebooks found"


@pytest.mark.parametrize("src", SOURCES, ids=lambda p: p.name)
def test_pair_exists_and_in_sync(src):
    ipynb = src.with_suffix(".ipynb")
    assert ipynb.exists(), f"{src.name} has no paired {ipynb.name}: run 'jupytext --sync {src}'"
    a, b = jupytext.read(src), jupytext.read(ipynb)
    assert _cells(a) == _cells(b), f"{src.name} and {ipynb.name} are out of sync: run 'jupytext --sync {src}'"


@pytest.mark.parametrize("ipynb", IPYNBS, ids=lambda p: p.name)
def test_ipynb_has_source_and_no_outputs(ipynb):
    assert ipynb.with_suffix(".py").exists(), f"{ipynb.name} has no paired text source"
    nb = jupytext.read(ipynb)
    for c in nb.cells:
        if c.cell_type == "code":
            assert not c.get("outputs"), f"{ipynb.name} is committed with outputs; strip them"


@pytest.mark.parametrize("src", SOURCES, ids=lambda p: p.name)
def test_every_chapter_asserts(src):
    code = "\n".join(c.source for c in jupytext.read(src).cells if c.cell_type == "code")
    assert re.search(r"^\s*assert\b", code, re.M), f"{src.name} makes claims without asserting them"


@pytest.mark.parametrize("src", SOURCES, ids=lambda p: p.name)
def test_display_math_is_its_own_paragraph(src):
    """MyST only renders $$...$$ as display math when it opens a paragraph (blank line before)."""
    for k, cell in enumerate(jupytext.read(src).cells):
        if cell.cell_type != "markdown":
            continue
        lines = cell.source.split("\n")
        in_math = False
        for i, line in enumerate(lines):
            s = line.strip()
            if not in_math and s.startswith("$$"):
                prev = lines[i - 1].strip() if i else ""
                assert prev == "" or prev.startswith(("```", ":")), (
                    f"{src.name}, markdown cell {k}: '$$' on line {i} must follow a blank line"
                )
                in_math = not (len(s) > 2 and s.endswith("$$"))
                closing = i
            elif in_math and s.endswith("$$"):
                in_math = False
                closing = i
            else:
                continue
            if not in_math and closing + 1 < len(lines):
                nxt = lines[closing + 1].strip()
                assert nxt == "" or nxt.startswith("```"), (
                    f"{src.name}, markdown cell {k}: display math closing on line {closing} "
                    "must be followed by a blank line"
                )


def test_book_toc_lists_every_chapter():
    toc = yaml.safe_load((ROOT / "book" / "_toc.yml").read_text())
    files = set()

    def walk(node):
        if isinstance(node, dict):
            if "file" in node:
                files.add(node["file"])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(toc)
    for src in SOURCES:
        assert f"notebooks/{src.stem}" in files, f"{src.stem} is not in book/_toc.yml"
