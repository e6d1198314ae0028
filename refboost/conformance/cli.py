"""``refboost-check``: check another implementation's outputs against the conformance kit.

Usage::

    refboost-check --version | --path | --schema {instance,result}
    refboost-check --list [--json]
    refboost-check PROBLEM --instance NAME [--weights W.csv] [--distribution D.csv] [--pair|--no-pair]
                   [--tol T] [--json]
    refboost-check PROBLEM --batch DIR [--allow-missing] [--pair|--no-pair] [--tol T] [--json]
    refboost-check --trajectory FAMILY --instance NAME --iterates FILE.csv|FILE.json [--prefix] [--tol T] [--json]
    refboost-check --trajectory FAMILY --batch DIR [--allow-missing] [--prefix] [--tol T] [--json]
    refboost-check --trajectory list [--json]

``PROBLEM`` is a family of the kit (``soft-margin-lp`` or ``soft_margin_lp``). A candidate file holds
one number per line (the order of the instance's columns for weights, of its rows for a distribution),
printed with at least 10 (best 17) significant digits; commas and blanks also separate numbers, ``#``
starts a comment, and a first line that is not a number is skipped as a header (all with a warning on
stderr where they may hide a mistake). In ``--batch`` mode ``DIR`` holds ``<instance>.weights.csv`` and/or
``<instance>.distribution.csv``; every instance of the family needs one (the missing ones are listed and
the exit status is 1) unless ``--allow-missing`` is given, and other files are listed as ignored. Each
candidate is certified by :func:`refboost.conformance.certify_candidate` against the kit's stored copy
of the instance, and a table (instance, parameters, objective, optimum, distance, gap, verdict) is printed;
``--json`` prints the same rows as JSON. The tolerance is an absolute bound on the gap: by default
1e-6 times max(1, |optimum|), ``--tol T`` sets it to T. Exit status: 0 when every candidate is certified,
1 when any is not (or cannot be read as a candidate of the right shape, or is missing), 2 on a usage
error.

``--trajectory FAMILY`` checks a candidate's first iterates against a stored trajectory of the kit
(:mod:`refboost.conformance.trajectories`): ``--iterates`` is a JSON file (a list of dicts, one per iteration)
or a CSV file (a header ``t,j,step,d_0,...,w_0,...``, one line per iteration); in ``--batch`` mode ``DIR``
holds ``<instance>.iterates.json`` or ``<instance>.iterates.csv`` files. The verdict is SAME, or DIFFERS with
the first differing iteration and field; a candidate that cannot be read as the family's iterates (a vector
of the wrong length, a missing field) is an ERROR. Exit status as above: 0 all SAME, 1 any DIFFERS, ERROR or
MISSING, 2 on a usage error. ``--trajectory list`` lists the families and their instances.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

WEIGHTS_SUFFIX = ".weights.csv"
DIST_SUFFIX = ".distribution.csv"
ITERATES_SUFFIXES = (".iterates.json", ".iterates.csv")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="refboost-check",
        description="Certify another implementation's solutions on the refboost conformance kit's instances.",
        epilog="Exit status: 0 all certified, 1 any candidate not certified, 2 usage error.",
    )
    p.add_argument("problem", nargs="?", help="kit family, e.g. soft-margin-lp (see --list)")
    p.add_argument("--version", action="store_true", help="print refboost's version and the kit's format and exit")
    p.add_argument("--path", action="store_true", help="print the folder holding the kit and exit")
    p.add_argument("--schema", choices=("instance", "result", "trajectory", "trajectory-result", "iterates"),
                   help="print a JSON Schema and exit: instance.json, the --json rows, a trajectory family file, "
                        "the --trajectory --json rows, or a candidate's --iterates JSON")
    p.add_argument("--list", action="store_true",
                   help="list the kit's families (instance and scale-instance counts, tags) and trajectory families")
    p.add_argument("--instance", metavar="NAME", help="one instance of the family")
    p.add_argument("--weights", metavar="FILE", type=Path, help="candidate weights w (K numbers)")
    p.add_argument("--distribution", metavar="FILE", type=Path, help="candidate distribution d (N numbers)")
    p.add_argument("--batch", metavar="DIR", type=Path,
                   help=f"folder of <instance>{WEIGHTS_SUFFIX} / <instance>{DIST_SUFFIX} files")
    p.add_argument("--allow-missing", action="store_true",
                   help="--batch: do not fail when instances of the family have no candidate file")
    p.add_argument("--pair", action=argparse.BooleanOptionalAction, default=None,
                   help="with weights and a distribution: check them against each other (the default when both "
                        "are given); --no-pair certifies the weights with the distribution as extra evidence")
    p.add_argument("--tol", type=float, metavar="T",
                   help="absolute gap the verdict requires (default: 1e-6 max(1, |optimum|))")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    t = p.add_argument_group("trajectories (the first iterates of an algorithm box)")
    t.add_argument("--trajectory", metavar="FAMILY",
                   help="check iterates against the kit's trajectory family FAMILY (e.g. erlpboost; 'list' lists them)")
    t.add_argument("--iterates", metavar="FILE", type=Path,
                   help="--trajectory: the candidate's iterates (.json: a list of dicts; .csv: t,j,step,d_0..,w_0..)")
    t.add_argument("--prefix", action="store_true",
                   help="--trajectory: accept fewer iterations than stored and compare only those")
    return p


def _is_number(token: str) -> bool:
    try:
        float(token)
    except ValueError:
        return False
    return True


def _significant_digits(token: str) -> int:
    t = token.strip().lower().lstrip("+-")
    t = t.split("e", 1)[0].replace(".", "").lstrip("0")
    return len(t.rstrip("0")) if t else 17


def read_vector(path: Path, what: str, parser: argparse.ArgumentParser, warn=None):
    """Numbers of a candidate file as a 1-d array (a usage error names the option and the file).

    One number per line; commas, semicolons and blanks also separate numbers, ``#`` starts a comment and a
    first line that is not a number is skipped as a header. ``warn(message)`` is told about a skipped header
    and about numbers with fewer than 10 significant digits (too few to certify at the kit's tolerance)."""
    import numpy as np

    warn = warn or (lambda msg: print(f"refboost-check: warning: {msg}", file=sys.stderr))
    try:
        text = Path(path).read_text()
    except OSError as exc:
        parser.error(f"{what}: cannot read {path}: {exc.strerror or exc}")
    tokens = []
    first = True
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0]
        parts = [t for t in line.replace(",", " ").replace(";", " ").split() if t]
        if not parts:
            continue
        if first:
            first = False
            if not any(_is_number(t) for t in parts):
                warn(f"{path}: line {lineno} ({line.strip()[:40]!r}) is not numeric; skipped as a header")
                continue
        tokens += parts
    try:
        values = np.array([float(t) for t in tokens], dtype=float)
    except ValueError as exc:
        parser.error(f"{what}: {path} must hold numbers only (one per line): {exc}")
    if values.size == 0:
        parser.error(f"{what}: {path} holds no numbers")
    # A file printed at low precision (%.7g, %g) has no number with 10 or more digits; one printed with %.17g
    # or the shortest round-trip form (repr) has short numbers only where the double is exactly short
    # (0.25) or rounds back from its short form (0.1), and long ones elsewhere: warn only in the first case.
    short = [t for t, v in zip(tokens, values, strict=True) if v != 0 and v == v and _significant_digits(t) < 10
             and not _exact_in_binary(t, v)]
    if short and max(_significant_digits(t) for t, v in zip(tokens, values, strict=True) if v != 0 and v == v) < 10:
        warn(f"{path}: {len(short)} of {values.size} numbers have fewer than 10 significant digits (e.g. "
             f"{short[0]}); print them with 17 (repr, %.17g) or the rounding alone may exceed the tolerance")
    return values


def _exact_in_binary(token: str, value: float) -> bool:
    """Whether the decimal ``token`` is exactly the double ``value`` (e.g. "0.25", "3"; not "0.1")."""
    from fractions import Fraction

    try:
        return Fraction(token) == Fraction(value)
    except (ValueError, OverflowError):  # "inf", "nan", or a spelling Fraction does not read
        return False


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


def _params_text(params) -> str:
    from .check import _params_text as text

    return text(params)


def _row(kit, problem: str, inst, weights, distribution, tol, pair=None) -> dict:
    row = {"problem": problem, "instance": inst.name, "params": dict(inst.params), "optimum": float(inst.value)}
    try:
        cert = kit.certify_candidate(inst, weights=weights, distribution=distribution, tol=tol, pair=pair)
    except (ValueError, TypeError) as exc:
        row.update(objective=None, bound=None, gap=None, distance=None, feasibility=None, ok=False,
                   verdict="ERROR", message=str(exc), kkt={})
        return row
    row.update(objective=cert.objective, bound=cert.bound, gap=cert.gap,
               distance=abs(cert.objective - float(inst.value)) if math.isfinite(cert.objective) else None,
               feasibility=cert.feasibility, tol=cert.tol, ok=bool(cert.ok),
               verdict="CERTIFIED" if cert.ok else "FAILED", message=cert.message, bound_source=cert.bound_source,
               kkt=dict(cert.kkt))
    if not cert.ok:
        from .check import _failed_condition

        row["message"] = f"{_failed_condition(cert)} [{_params_text(inst.params)}]"
    return row


def _table(rows: list[dict], tol_text: str = "1e-6 max(1, |optimum|)") -> str:
    head = ("instance", "parameters", "objective", "optimum", "distance", "gap", "verdict")
    body = [(r["instance"], _params_text(r.get("params") or {}), _fmt(r["objective"]), _fmt(r["optimum"]),
             _fmt(r.get("distance")), _fmt(r["gap"]), r["verdict"]) for r in rows]
    widths = [max(len(h), *(len(b[i]) for b in body)) for i, h in enumerate(head)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.ljust(w) for c, w in zip(b, widths, strict=True)) for b in body]
    for r in rows:
        if not r["ok"]:
            lines.append(f"{r['instance']}: {r['message']}")
    n_ok = sum(r["ok"] for r in rows)
    lines.append(f"{n_ok} of {len(rows)} certified (gap: an absolute bound on the distance to the optimum; "
                 f"tolerance {tol_text})")
    return "\n".join(lines)


def _list(kit, as_json: bool) -> int:
    from . import trajectories as tj

    counts = {}
    for p in kit.problems():
        insts = kit.instances(p)
        tags = {}
        for i in insts:
            for t in i.tags:
                tags[t] = tags.get(t, 0) + 1
        scale = [m for _, m in kit._scale_meta(p)]
        counts[p] = {"instances": len(insts), "tags": dict(sorted(tags.items())), "scale": len(scale)}
        if scale:
            counts[p]["scale_shapes"] = [m["shape"] for m in scale]
    traj = {f: {"box": f"{tj.FAMILIES[f].work}, {tj.FAMILIES[f].box}", "instances": len(tj.instances(f))}
            for f in tj.families()}
    if as_json:
        print(json.dumps({**counts, "trajectories": traj}, indent=1))
        return 0
    width = max(len(p) for p in counts) if counts else 7
    print(f"{'family'.ljust(width)}  instances  scale  tags")
    for p, c in counts.items():
        tags = ", ".join(f"{t} {n}" for t, n in c["tags"].items())
        print(f"{p.replace('_', '-').ljust(width)}  {c['instances']:>9}  {c['scale']:>5}  {tags}")
    n_scale = sum(c["scale"] for c in counts.values())
    print(f"{sum(c['instances'] for c in counts.values())} instances in {len(counts)} families, and {n_scale} "
          "scale instances (tag scale; kit.instances(problem, tag='scale'))")
    print()
    tw = max(len(f) for f in traj) if traj else 10
    print(f"{'trajectory family'.ljust(tw)}  instances  box")
    for f, c in traj.items():
        print(f"{f.replace('_', '-').ljust(tw)}  {c['instances']:>9}  {c['box']}")
    print(f"{sum(c['instances'] for c in traj.values())} trajectories in {len(traj)} families "
          "(refboost-check --trajectory FAMILY)")
    return 0


def _batch(kit, problem, folder: Path, parser, warn) -> list[tuple]:
    if not folder.is_dir():
        parser.error(f"--batch: {folder} is not a folder")
    names, ignored = {}, []
    for f in sorted(folder.iterdir()):
        for suffix, key in ((WEIGHTS_SUFFIX, "weights"), (DIST_SUFFIX, "distribution")):
            if f.name.endswith(suffix) and len(f.name) > len(suffix):
                names.setdefault(f.name[: -len(suffix)], {})[key] = f
                break
        else:
            ignored.append(f.name)
    if ignored:
        warn(f"--batch: ignored {len(ignored)} file(s) not named <instance>{WEIGHTS_SUFFIX} or "
             f"<instance>{DIST_SUFFIX}: {', '.join(ignored[:10])}{' ...' if len(ignored) > 10 else ''}")
    if not names:
        parser.error(f"--batch: {folder} holds no *{WEIGHTS_SUFFIX} or *{DIST_SUFFIX} files")
    return sorted(names.items())


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    from . import _store

    try:
        v = version("refboost")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree that is not installed
        from refboost import __version__ as v
    return f"refboost-check (refboost {v}, kit format {_store.FORMAT_VERSION})"


def main(argv=None) -> int:
    """Entry point of ``refboost-check`` (``argv`` defaults to ``sys.argv[1:]``); returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.tol is not None and not (math.isfinite(args.tol) and args.tol >= 0):
        parser.error(f"--tol must be a finite real >= 0, got {args.tol}")
    from refboost import conformance as kit

    if args.version:
        print(_version())
        return 0
    if args.path:
        print(kit.kit_root())
        return 0
    if args.schema:
        from . import schema

        print(schema.dumps(args.schema), end="")
        return 0
    warn = lambda msg: print(f"refboost-check: warning: {msg}", file=sys.stderr)  # noqa: E731
    if args.trajectory is not None:
        return _trajectory_main(args, parser, warn)
    if args.iterates is not None or args.prefix:
        parser.error("--iterates and --prefix go with --trajectory FAMILY")
    if args.list:
        if args.problem or args.instance or args.batch or args.weights or args.distribution:
            parser.error("--list takes no problem, --instance, --batch, --weights or --distribution")
        return _list(kit, args.json)
    if not args.problem:
        parser.error("a problem is required (or --list); e.g. refboost-check soft-margin-lp --batch DIR")
    problem = _problem(kit, args.problem, parser)
    if args.allow_missing and args.batch is None:
        parser.error("--allow-missing goes with --batch DIR")
    if (args.instance is None) == (args.batch is None):
        parser.error("give exactly one of --instance NAME (with --weights/--distribution) or --batch DIR")

    rows = []
    if args.batch is not None:
        if args.weights or args.distribution:
            parser.error("--batch reads the candidates from the folder; drop --weights/--distribution")
        known = {i.name: i for i in kit.instances(problem)}
        found = _batch(kit, problem, args.batch, parser, warn)
        for name, files in found:
            if name not in known:
                rows.append({"problem": problem, "instance": name, "optimum": None, "objective": None,
                             "bound": None, "gap": None, "feasibility": None, "ok": False, "verdict": "ERROR",
                             "message": f"no instance {name!r} in family {problem}", "kkt": {}})
                continue
            w = read_vector(files["weights"], "--batch weights", parser, warn) if "weights" in files else None
            d = (read_vector(files["distribution"], "--batch distribution", parser, warn)
                 if "distribution" in files else None)
            rows.append(_row(kit, problem, known[name], w, d, args.tol, args.pair))
        missing = sorted(set(known) - {n for n, _ in found})
        if missing and not args.allow_missing:
            for name in missing:
                rows.append({"problem": problem, "instance": name, "params": dict(known[name].params),
                             "optimum": float(known[name].value), "objective": None, "bound": None, "gap": None,
                             "feasibility": None, "ok": False, "verdict": "MISSING",
                             "message": f"no {name}{WEIGHTS_SUFFIX} or {name}{DIST_SUFFIX} in {args.batch} "
                                        "(--allow-missing to check only the instances given)", "kkt": {}})
        elif missing:
            warn(f"--batch: {len(missing)} of {len(known)} instances of {problem} have no candidate (allowed)")
    else:
        if args.weights is None and args.distribution is None:
            parser.error("--instance needs a candidate: --weights FILE and/or --distribution FILE")
        names = [i.name for i in kit.instances(problem)]
        if args.instance not in names:
            parser.error(f"--instance must name an instance of {problem}: one of {', '.join(names)}; "
                         f"got {args.instance!r}")
        inst = kit.load(problem, args.instance)
        w = read_vector(args.weights, "--weights", parser, warn) if args.weights is not None else None
        d = read_vector(args.distribution, "--distribution", parser, warn) if args.distribution is not None else None
        rows.append(_row(kit, problem, inst, w, d, args.tol, args.pair))

    if args.json:
        print(json.dumps([_jsonable(r) for r in rows], indent=1))
    else:
        print(_table(rows, "1e-6 max(1, |optimum|)" if args.tol is None else f"{args.tol:g}"))
    return 0 if all(r["ok"] for r in rows) else 1


def _traj_family(tj, name: str, parser) -> str:
    try:
        return tj.canonical(name)
    except (ValueError, TypeError):
        parser.error(f"--trajectory must be one of {', '.join(f.replace('_', '-') for f in tj.families())} (or "
                     f"list); got {name!r}")


def _traj_row(tj, inst, path: Path, tol, prefix: bool) -> dict:
    row = {"family": inst.family, "instance": inst.name, "file": str(path), "params": dict(inst.params),
           "iterations": len(inst)}
    try:
        cand = tj.read_iterates(path)
        rep = tj.compare(inst, cand, tol=tol, prefix=prefix)
    except (ValueError, TypeError, KeyError, json.JSONDecodeError) as exc:
        row.update(ok=False, verdict="ERROR", compared=0, iteration=None, field=None, deviation=None,
                   message=f"{path}: {exc}")
        return row
    out = rep.as_dict()
    row.update({k: out[k] for k in ("ok", "verdict", "compared", "iteration", "index", "field", "deviation", "tol",
                                    "max_deviation", "fields")})
    row["message"] = rep.report()
    return row


def _traj_table(rows: list[dict]) -> str:
    head = ("instance", "iterations", "compared", "first difference", "verdict")
    body = [(r["instance"], str(r.get("iterations", "-")), str(r.get("compared", "-")),
             "-" if r["ok"] or r.get("iteration") is None else f"t = {r['iteration']}, {r.get('field') or 'length'}",
             r["verdict"]) for r in rows]
    widths = [max(len(h), *(len(b[i]) for b in body)) for i, h in enumerate(head)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(b, widths, strict=True)) for b in body]
    lines += [r["message"] for r in rows if not r["ok"]]
    lines.append(f"{sum(r['ok'] for r in rows)} of {len(rows)} run the same algorithm (tolerances per field: the "
                 "family file's, or --tol)")
    return "\n".join(lines)


def _trajectory_main(args, parser, warn) -> int:
    from . import trajectories as tj

    if args.problem or args.weights or args.distribution or args.pair is not None:
        parser.error("--trajectory takes no PROBLEM, --weights, --distribution or --pair (the candidate is "
                     "--iterates FILE or --batch DIR)")
    if args.trajectory.strip().lower() == "list" or args.list:
        if args.instance or args.batch or args.iterates:
            parser.error("--trajectory list takes no --instance, --batch or --iterates")
        listing = {f: [i.name for i in tj.instances(f)] for f in tj.families()}
        if args.json:
            print(json.dumps({f: {"box": f"{tj.FAMILIES[f].work}, {tj.FAMILIES[f].box}", "fields":
                                  list(tj.FAMILIES[f].all_fields), "instances": n} for f, n in listing.items()},
                             indent=1))
        else:
            for f, names in listing.items():
                spec = tj.FAMILIES[f]
                print(f"{f.replace('_', '-')}: {spec.work}, {spec.box}; fields {', '.join(spec.all_fields)}")
                print("".join(f"  {n}\n" for n in names), end="")
        return 0
    fam = _traj_family(tj, args.trajectory, parser)
    if args.allow_missing and args.batch is None:
        parser.error("--allow-missing goes with --batch DIR")
    if (args.instance is None) == (args.batch is None):
        parser.error("--trajectory needs exactly one of --instance NAME (with --iterates FILE) or --batch DIR")
    known = {i.name: i for i in tj.instances(fam)}
    rows = []
    if args.batch is not None:
        if args.iterates is not None:
            parser.error("--batch reads the candidates from the folder; drop --iterates")
        if not args.batch.is_dir():
            parser.error(f"--batch: {args.batch} is not a folder")
        found, ignored = {}, []
        for f in sorted(args.batch.iterdir()):
            suf = next((s for s in ITERATES_SUFFIXES if f.name.endswith(s) and len(f.name) > len(s)), None)
            if suf is None:
                ignored.append(f.name)
            else:
                found.setdefault(f.name[: -len(suf)], f)
        if ignored:
            warn(f"--batch: ignored {len(ignored)} file(s) not named <instance>.iterates.json or "
                 f"<instance>.iterates.csv: {', '.join(ignored[:10])}")
        if not found:
            parser.error(f"--batch: {args.batch} holds no *.iterates.json or *.iterates.csv files")
        for name, path in sorted(found.items()):
            if name not in known:
                rows.append({"family": fam, "instance": name, "file": str(path), "ok": False, "verdict": "ERROR",
                             "message": f"no trajectory instance {name!r} in family {fam}"})
                continue
            rows.append(_traj_row(tj, known[name], path, args.tol, args.prefix))
        missing = sorted(set(known) - set(found))
        if missing and not args.allow_missing:
            rows += [{"family": fam, "instance": n, "iterations": len(known[n]), "ok": False, "verdict": "MISSING",
                      "message": f"no {n}.iterates.json or {n}.iterates.csv in {args.batch} (--allow-missing to "
                                 "check only the instances given)"} for n in missing]
        elif missing:
            warn(f"--batch: {len(missing)} of {len(known)} instances of {fam} have no candidate (allowed)")
    else:
        if args.iterates is None:
            parser.error("--trajectory --instance needs the candidate: --iterates FILE (.json or .csv)")
        if args.instance not in known:
            parser.error(f"--instance must name a trajectory instance of {fam}: one of {', '.join(known)}; "
                         f"got {args.instance!r}")
        if not args.iterates.is_file():
            parser.error(f"--iterates: cannot read {args.iterates}: no such file")
        rows.append(_traj_row(tj, known[args.instance], args.iterates, args.tol, args.prefix))
    if args.json:
        print(json.dumps([_jsonable(r) for r in rows], indent=1))
    else:
        print(_traj_table(rows))
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
