"""Build one chapter of the book on its own, for a quick look while writing it.

    .venv/bin/python book/preview.py 03            # -> /tmp/refboost-preview-03/_build/html/notebooks/...
    .venv/bin/python book/preview.py 03 --check    # and measure its pages in headless chromium

Executes only that chapter's notebooks (the toc lists the chapter's entry of book/_toc.yml, the
bibliography and the ledger), in a separate output folder; the full book is README command 1.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

BOOK = Path(__file__).resolve().parent
LEDGER = ("glocer", "glocer-experiments", "mht", "shen-li", "sun", "rds")


def chapter_entry(num: str) -> dict:
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text())
    for part in toc["parts"]:
        for ch in part["chapters"]:
            if Path(ch["file"]).name.startswith(num):
                return ch
    raise SystemExit(f"no chapter {num!r} in book/_toc.yml")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("chapter", help="two-digit chapter number, e.g. 03")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--check", action="store_true", help="run tests/book_layout.py on the built pages")
    args = ap.parse_args(argv)
    out = args.out or Path(tempfile.gettempdir()) / f"refboost-preview-{args.chapter}"
    entry = chapter_entry(args.chapter)
    toc = {
        "format": "jb-book",
        "root": "intro",
        "parts": [
            {"caption": "Chapters", "numbered": 1, "chapters": [entry]},
            {"caption": "Reference", "chapters": [
                {"file": "ledger/index", "sections": [{"file": f"ledger/{w}"} for w in LEDGER]},
                {"file": "bibliography"},
            ]},
        ],
    }
    out.mkdir(parents=True, exist_ok=True)
    toc_file = out / "_toc.yml"
    toc_file.write_text(yaml.safe_dump(toc, sort_keys=False))
    jb = Path(sys.executable).with_name("jupyter-book")
    rc = subprocess.call([str(jb), "build", str(BOOK), "--toc", str(toc_file), "--path-output", str(out), "-q"])
    html = out / "_build" / "html"
    files = [entry["file"], *[s["file"] for s in entry.get("sections", [])]]
    pages = [html / f"{f}.html" for f in files]
    if args.chapter == "01":  # the first chapter's preview also measures the landing page and the ledger
        pages += [html / "intro.html", *[html / "ledger" / f"{w}.html" for w in ("index", *LEDGER)]]
    print("built:", *pages, sep="\n  ")
    if args.check and rc == 0:
        rc = subprocess.call([sys.executable, str(BOOK.parent / "tests" / "book_layout.py"), *map(str, pages),
                              "--shot", str(out / "shots")])
    return rc


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
