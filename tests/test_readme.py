"""The README's ten-line example runs as printed."""

import re
from pathlib import Path


def test_readme_example_runs():
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, "README has no python example"
    for code in blocks:
        exec(compile(code, "README.md", "exec"), {})


def test_readme_layout_matches_the_package():
    """The README's layout tree lists exactly the package's modules and data files, one line each."""
    root = Path(__file__).resolve().parents[1]
    text = (root / "README.md").read_text()
    tree = re.search(r"## Layout.*?```text\n(.*?)```", text, re.S).group(1).splitlines()
    listed, stack = set(), []
    for line in tree:
        name = line.strip().split()[0]
        depth = (len(line) - len(line.lstrip())) // 2
        stack[depth:] = [name.rstrip("/")]
        if not name.endswith("/"):
            listed.add("/".join(stack))
    on_disk = {
        str(p.relative_to(root))
        for p in (root / "refboost").rglob("*")
        if p.suffix in (".py", ".json") and "__pycache__" not in p.parts and "kit" not in p.parts
    }
    assert listed == on_disk, (f"in the README but not in refboost/: {sorted(listed - on_disk)}; "
                               f"in refboost/ but not in the README: {sorted(on_disk - listed)}")
