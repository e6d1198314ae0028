"""``refboost-check``: check another implementation's outputs against the conformance kit.

Usage::

    refboost-check --list [--json]
    refboost-check PROBLEM --instance NAME [--weights W.csv] [--distribution D.csv] [--tol T] [--json]
    refboost-check PROBLEM --batch DIR [--tol T] [--json]

``PROBLEM`` is a family of the kit (``soft-margin-lp`` or ``soft_margin_lp``). A candidate file holds
numbers separated by commas, blanks or newlines (one row or one column; ``#`` starts a comment). In
``--batch`` mode ``DIR`` holds ``<instance>.weights.csv`` and/or ``<instance>.distribution.csv`` for
any number of the family's instances. Each candidate is certified by
:func:`refboost.conformance.certify_candidate` (recomputed from the instance and the candidate
alone) and a table (instance, objective, optimum, gap, verdict) is printed; ``--json`` prints the
same rows as JSON. Exit status: 0 when every candidate is certified, 1 when any is not (or cannot
be read as a candidate of the right shape), 2 on a usage error.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

WEIGHTS_SUFFIX = ".weights.csv"
DIST_SUFFIX = ".distribution.csv"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="refboost-check",
        description="Certify another implementation's solutions on the refboost conformance kit's instances.",
        epilog="Exit status: 0 all certified, 1 any candidate not certified, 2 usage error.",
    )
    p.add_argument("problem", nargs="?", help="kit family, e.g. soft-margin-lp (see --list)")
    p.add_argument("--list", action="store_true", help="list the kit's families and their instance counts")
    p.add_argument("--instance", metavar="NAME", help="one instance of the family")
    p.add_argument("--weights", metavar="FILE", type=Path, help="candidate weights w (K numbers)")
    p.add_argument("--distribution", metavar="FILE", type=Path, help="candidate distribution d (N numbers)")
    p.add_argument("--batch", metavar="DIR", type=Path,
                   help=f"folder of <instance>{WEIGHTS_SUFFIX} / <instance>{DIST_SUFFIX} files")
    p.add_argument("--tol", type=float, metavar="T", help="gap the verdict requires (default: the family's)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    return p


def read_vector(path: Path, what: str, parser: argparse.ArgumentParser):
    """Numbers of a candidate file as a 1-d array (a usage error names the option and the file)."""
    import numpy as np

    try:
        text = Path(path).read_text()
    except OSError as exc:
        parser.error(f"{what}: cannot read {path}: {exc.strerror or exc}")
    tokens = []
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        tokens += [t for t in line.replace(",", " ").replace(";", " ").split() if t]
    try:
        values = np.array([float(t) for t in tokens], dtype=float)
    except ValueError as exc:
        parser.error(f"{what}: {path} must hold numbers only: {exc}")
    if values.size == 0:
        parser.error(f"{what}: {path} holds no numbers")
    return values


def _problem(kit, name: str, parser: argparse.ArgumentParser) -> str:
    key = name.strip().lower().replace("-", "_")
    problems = kit.problems()
    if key not in problems:
        parser.error(f"problem must be one of {', '.join(p.replace('_', '-') for p in problems)}; got {name!r}")
    return key


def _fmt(x) -> str:
    if x is None:
        return "-"
    x = float(x)
    if not math.isfinite(x):
        return str(x)
    return f"{x:.10g}" if abs(x) >= 1e-3 or x == 0 else f"{x:.3e}"


def _jsonable(x):
    if isinstance(x, dict):
        return {k: _jsonable(v) for k, v in x.items()}
    if isinstance(x, float) and not math.isfinite(x):
        return "nan" if math.isnan(x) else ("inf" if x > 0 else "-inf")
    return x


def _row(kit, problem: str, inst, weights, distribution, tol) -> dict:
    row = {"problem": problem, "instance": inst.name, "optimum": float(inst.value)}
    try:
        cert = kit.certify_candidate(problem, inst.U, inst.params, weights=weights, distribution=distribution,
                                     tol=tol)
    except (ValueError, TypeError) as exc:
        row.update(objective=None, bound=None, gap=None, feasibility=None, ok=False, verdict="ERROR",
                   message=str(exc), kkt={})
        return row
    row.update(objective=cert.objective, bound=cert.bound, gap=cert.gap, feasibility=cert.feasibility,
               tol=cert.tol, ok=bool(cert.ok), verdict="CERTIFIED" if cert.ok else "FAILED", message=cert.message,
               kkt=dict(cert.kkt))
    return row


def _table(rows: list[dict]) -> str:
    head = ("instance", "objective", "optimum", "gap", "verdict")
    body = [(r["instance"], _fmt(r["objective"]), _fmt(r["optimum"]), _fmt(r["gap"]), r["verdict"]) for r in rows]
    widths = [max(len(h), *(len(b[i]) for b in body)) for i, h in enumerate(head)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.ljust(w) for c, w in zip(b, widths, strict=True)) for b in body]
    for r in rows:
        if not r["ok"]:
            lines.append(f"{r['instance']}: {r['message']}")
    n_ok = sum(r["ok"] for r in rows)
    lines.append(f"{n_ok} of {len(rows)} certified")
    return "\n".join(lines)


def _list(kit, as_json: bool) -> int:
    counts = {}
    for p in kit.problems():
        insts = kit.instances(p)
        tags = {}
        for i in insts:
            for t in i.tags:
                tags[t] = tags.get(t, 0) + 1
        counts[p] = {"instances": len(insts), "tags": dict(sorted(tags.items()))}
    if as_json:
        print(json.dumps(counts, indent=1))
        return 0
    width = max(len(p) for p in counts) if counts else 7
    print(f"{'family'.ljust(width)}  instances  tags")
    for p, c in counts.items():
        tags = ", ".join(f"{t} {n}" for t, n in c["tags"].items())
        print(f"{p.replace('_', '-').ljust(width)}  {c['instances']:>9}  {tags}")
    print(f"{sum(c['instances'] for c in counts.values())} instances in {len(counts)} families")
    return 0


def _batch(kit, problem, folder: Path, parser) -> list[tuple]:
    if not folder.is_dir():
        parser.error(f"--batch: {folder} is not a folder")
    names = {}
    for f in sorted(folder.iterdir()):
        for suffix, key in ((WEIGHTS_SUFFIX, "weights"), (DIST_SUFFIX, "distribution")):
            if f.name.endswith(suffix) and len(f.name) > len(suffix):
                names.setdefault(f.name[: -len(suffix)], {})[key] = f
    if not names:
        parser.error(f"--batch: {folder} holds no *{WEIGHTS_SUFFIX} or *{DIST_SUFFIX} files")
    return sorted(names.items())


def main(argv=None) -> int:
    """Entry point of ``refboost-check`` (``argv`` defaults to ``sys.argv[1:]``); returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.tol is not None and not (math.isfinite(args.tol) and args.tol >= 0):
        parser.error(f"--tol must be a finite real >= 0, got {args.tol}")
    from refboost import conformance as kit

    if args.list:
        if args.problem or args.instance or args.batch or args.weights or args.distribution:
            parser.error("--list takes no problem, --instance, --batch, --weights or --distribution")
        return _list(kit, args.json)
    if not args.problem:
        parser.error("a problem is required (or --list); e.g. refboost-check soft-margin-lp --batch DIR")
    problem = _problem(kit, args.problem, parser)
    if (args.instance is None) == (args.batch is None):
        parser.error("give exactly one of --instance NAME (with --weights/--distribution) or --batch DIR")

    rows = []
    if args.batch is not None:
        if args.weights or args.distribution:
            parser.error("--batch reads the candidates from the folder; drop --weights/--distribution")
        known = {i.name: i for i in kit.instances(problem)}
        for name, files in _batch(kit, problem, args.batch, parser):
            if name not in known:
                rows.append({"problem": problem, "instance": name, "optimum": None, "objective": None,
                             "bound": None, "gap": None, "feasibility": None, "ok": False, "verdict": "ERROR",
                             "message": f"no instance {name!r} in family {problem}", "kkt": {}})
                continue
            w = read_vector(files["weights"], "--batch weights", parser) if "weights" in files else None
            d = read_vector(files["distribution"], "--batch distribution", parser) if "distribution" in files else None
            rows.append(_row(kit, problem, known[name], w, d, args.tol))
    else:
        if args.weights is None and args.distribution is None:
            parser.error("--instance needs a candidate: --weights FILE and/or --distribution FILE")
        names = [i.name for i in kit.instances(problem)]
        if args.instance not in names:
            parser.error(f"--instance must name an instance of {problem}: one of {', '.join(names)}; "
                         f"got {args.instance!r}")
        inst = kit.load(problem, args.instance)
        w = read_vector(args.weights, "--weights", parser) if args.weights is not None else None
        d = read_vector(args.distribution, "--distribution", parser) if args.distribution is not None else None
        rows.append(_row(kit, problem, inst, w, d, args.tol))

    if args.json:
        print(json.dumps([_jsonable(r) for r in rows], indent=1))
    else:
        print(_table(rows))
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
