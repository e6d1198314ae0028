"""``python -m refboost.studies``: ``status`` (the generated status page), else the ``refboost-repro`` command line.

::

    python -m refboost.studies status            # print the summary of every study's store
    python -m refboost.studies status --write    # regenerate book/status.md and data/results/STATUS.md
    python -m refboost.studies status --check    # exit 1 when either page is stale
    python -m refboost.studies STUDY --scale ... # as refboost-repro
"""

from __future__ import annotations

import argparse
import sys

from ._status import PAGES, ROOT, stale_pages, status, write_pages


def _status_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m refboost.studies status",
                                 description="The studies' status from their provenance, and its generated pages.")
    ap.add_argument("--write", action="store_true", help=f"write {', '.join(map(str, PAGES))}")
    ap.add_argument("--check", action="store_true", help="exit 1 when a page is stale")
    args = ap.parse_args(argv)
    if args.write:
        for path in write_pages():
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if args.check:
        stale = stale_pages()
        for path in stale:
            print(f"{path.relative_to(ROOT)} is out of date: run python -m refboost.studies status --write",
                  file=sys.stderr)
        return 1 if stale else 0
    from . import format_table

    print(format_table(
        {"study": s.study, "scale": s.scale, "stored": s.stored, "declared": s.declared, "runs": s.runs,
         "wall min": round(s.wall_time / 60, 1), "cold": len(s.cold),
         "last run": (s.last_run or {}).get("date")}
        for s in status()
    ))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["status"]:
        return _status_main(argv[1:])
    from .cli import main as repro

    return repro(argv)


if __name__ == "__main__":
    raise SystemExit(main())
