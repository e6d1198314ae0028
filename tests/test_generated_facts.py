"""Facts that change with runs are generated, never typed (one source for every fact).

Study counts, run times and cell lists live in the stores and their ``provenance.json``; the README
(tests/test_readme.py), the chapters' prose and the claim notes of the ledger show them through glue,
f-strings or generated tables. This test reads every chapter's markdown cells and the string literals
of its ``claims.check`` calls (the notes the ledger prints) and fails on a typed count of cells or
runs, or a typed CPU time.
"""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NUM = r"\d[\d,]*(?:\.\d+)?"
TYPED = [
    (re.compile(rf"\b{NUM}(?:[-–]{NUM})? ?(?:s|sec|seconds|min|minutes|h|hours) of CPU\b"), "a CPU time"),
    (re.compile(rf"\b{NUM} CPU (?:seconds|minutes|hours)\b"), "a CPU time"),
    (re.compile(rf"(?<!Table )(?<!Tables )(?<!Fig )\b{NUM} (?:stored |declared |traced )?cells\b"), "a count of cells"),
    (re.compile(rf"\b{NUM} of (?:the )?(?:paper's )?{NUM} (?:stored |declared )?(?:cells|runs)\b"), "a count of runs"),
    (re.compile(r"\bcells? (?:of|in) [a-z_0-9]+ (?:ran|re-ran|were re-run)\b"), "a list of cells run"),
]
CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.py"))


def _markdown(text: str) -> str:
    """The markdown cells of a jupytext percent notebook (comment prefix removed)."""
    out, md = [], False
    for line in text.splitlines():
        if line.startswith("# %%"):
            md = "[markdown]" in line
            continue
        if md:
            out.append(line[2:] if line.startswith("# ") else line.lstrip("#"))
    return "\n".join(out)


def _claim_notes(text: str) -> str:
    """The literal strings passed to ``claims.check`` (f-string literal parts included)."""
    parts = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "check":
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                for sub in ast.walk(arg):
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                        parts.append(sub.value)
    return "\n".join(parts)


def typed_facts(text: str) -> list[str]:
    found = []
    for rx, what in TYPED:
        found += [f"{what}: {m.group(0)!r}" for m in rx.finditer(" ".join(text.split()))]
    return found


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_types_no_run_counts_or_times(path):
    text = path.read_text()
    found = typed_facts(_markdown(text)) + typed_facts(_claim_notes(text))
    assert not found, f"{path.name} types facts that the stores hold (glue them instead): {found}"


def test_the_check_catches_typed_facts():
    assert typed_facts("one cell took 25 min of CPU and 9-31 min of CPU")
    assert typed_facts("the 6 cells of realisation 1")
    assert typed_facts("10 of the paper's 50 runs")
    assert not typed_facts("{glue:text}`x` cells and CPU seconds per cell")
