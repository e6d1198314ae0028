"""The README's ten-line example runs as printed; what it says about the package is true and generated facts stay out.

The README is the two-minute introduction: at most 8 KB, code on its first screen. Its package layout is
pinned to the packages' docstrings, its counts to the registry and the chapters, its commands to CI; study
counts, times and cell lists belong on the generated status page (``book/status.md``), not here.
"""

import ast
import re
from pathlib import Path

import refboost

ROOT = Path(__file__).resolve().parents[1]
TEXT = (ROOT / "README.md").read_text(encoding="utf-8")
#: The two commands CI runs (.ci/run adds quiet and strict flags only).
COMMANDS = (
    'python3 -m venv .venv && .venv/bin/pip install -e ".[dev]" && .venv/bin/jupyter-book build book/',
    ".venv/bin/ruff check . && .venv/bin/python -m pytest -n 2 --dist loadscope tests notebooks --nbval-lax",
)


def test_readme_example_runs():
    blocks = re.findall(r"```python\n(.*?)```", TEXT, re.S)
    assert blocks, "README has no python example"
    for code in blocks:
        exec(compile(code, "README.md", "exec"), {})


def test_readme_is_short_and_shows_code_first():
    assert len(TEXT.encode("utf-8")) <= 8192, "README over 8 KB: move reference detail to the book or a generated page"
    lines = TEXT.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("```"))
    assert first < 40, f"the first code block starts at line {first + 1}; it must be on the first screen (< 40)"
    python = next(i for i, line in enumerate(lines) if line.startswith("```python"))
    assert python < 60, f"the ten-line example starts at line {python + 1}"


def test_readme_commands_are_the_ones_ci_runs():
    bash = re.findall(r"```bash\n(.*?)```", TEXT, re.S)
    assert bash and bash[0].splitlines()[:2] == list(COMMANDS), "the README's first block: the two CI commands"
    ci = (ROOT / ".ci" / "run").read_text()
    ci = ci.replace("pip install -q ", "pip install ").replace(" --warningiserror --keep-going -q", "")
    for cmd in COMMANDS:
        assert cmd in ci, f".ci/run does not run the README's command {cmd!r}"


def _norm(text: str) -> str:
    text = re.sub(r":\w+:", "", text).replace("`", "")
    return " ".join(text.lower().rstrip(".").split())


def test_readme_layout_is_the_packages_and_their_docstrings():
    """The layout lists exactly the packages of refboost/, each described by the first line of its docstring."""
    tree = re.search(r"## Development.*?```text\n(.*?)```", TEXT, re.S).group(1).splitlines()
    listed, stack = {}, []
    for line in tree:
        name, _, desc = line.strip().partition(" ")
        depth = (len(line) - len(line.lstrip())) // 2
        stack[depth:] = [name.rstrip("/")]
        listed["/".join(stack)] = desc.strip()
    packages = {str(p.parent.relative_to(ROOT)) for p in (ROOT / "refboost").rglob("__init__.py")
                if "__pycache__" not in p.parts}
    in_tree = {k for k in listed if k.split("/")[0] == "refboost"}
    assert in_tree == packages, (f"in the README but not a package: {sorted(in_tree - packages)}; "
                                 f"a package not in the README: {sorted(packages - in_tree)}")
    for pkg in sorted(packages):
        doc = ast.get_docstring(ast.parse((ROOT / pkg / "__init__.py").read_text(encoding="utf-8"))) or ""
        first = doc.strip().splitlines()[0] if doc.strip() else ""
        desc = listed[pkg]
        assert len(desc) >= 15 and _norm(desc) in _norm(first), (
            f"README layout: {pkg}/ is described as {desc!r}; its docstring's first line is {first!r}"
        )
    for folder in set(listed) - in_tree:
        assert (ROOT / folder).is_dir(), f"README layout names {folder}/, which does not exist"


def test_readme_counts_are_true():
    n_boosters = re.search(r"\| boosters \| (\d+) boosters", TEXT)
    assert n_boosters and int(n_boosters.group(1)) == len(refboost.BOOSTERS)
    words = {"nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
    n_chapters = re.search(r"\| book \| (\w+) chapters", TEXT)
    chapters = {p.name[:2] for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.py")}  # 05_1_x.py: a part of ch. 5
    assert n_chapters and words.get(n_chapters.group(1)) == len(chapters)


def test_readme_states_no_study_counts_or_times():
    """Cells stored / declared, run times and cell lists are generated (book/status.md), never typed here."""
    assert not re.findall(r"\b\d[\d,]* / \d[\d,]*\b", TEXT), "a cell count 'stored / declared' in the README"
    times = re.findall(r"\b\d[\d.,]*(?:-\d[\d.,]*)? ?(?:s|min|h|minutes|hours|seconds) (?:of CPU|wall|per)\b", TEXT)
    assert not times, f"timings in the README: {times}"
    assert "(book/status.md)" in TEXT, "the README links the generated status page"
