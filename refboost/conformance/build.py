"""Generate the conformance kit: every instance solved by two independent solvers and certified.

``python -m refboost.conformance build [--problem P] [--out DIR]`` rewrites the instances (of one
family, or all) and the manifest; ``python -m refboost.conformance scale`` the scale instances
(:mod:`refboost.conformance._scale`); ``python -m refboost.conformance verify [--problem P]``
re-certifies the stored instances (the scale ones included) and re-runs the trajectories. Generation
is deterministic: one seed (:data:`SEED`) and a per-family generator derived from it and the family's
name.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import shutil
import sys
import time
from pathlib import Path

import numpy as np

from . import _families as F
from . import _store

SEED = 20240601
COMMAND = "python -m refboost.conformance build"


def versions() -> dict:
    """The versions of the software that produced and certified the instances."""
    from importlib.metadata import PackageNotFoundError, version

    out = {}
    for pkg in ("refboost", "numpy", "scipy", "highspy", "cvxpy", "clarabel", "osqp"):
        try:
            out[pkg] = version(pkg)
        except PackageNotFoundError:
            out[pkg] = "not installed"
    return out


def family_rng(problem: str) -> np.random.Generator:
    h = int.from_bytes(hashlib.sha256(problem.encode()).digest()[:4], "little")
    return np.random.default_rng([SEED, h])


def _agreement_tol(value: float) -> float:
    return F.DEFAULT_TOL * max(1.0, abs(value))


def build_instance(fam: F.Family, name, U, params, tags, extra, vers) -> dict:
    """Solve one instance twice, certify the solution, return the record to store (raises on disagreement)."""
    U = np.asarray(U, dtype=float)
    value, w, d, sol, solvers = fam.solve(U, params)
    diff = abs(solvers[0]["value"] - solvers[1]["value"])
    if fam.name == "dynamics":
        diff = float(solvers[1].get("max_iterate_deviation", 0.0))
        agree = F.DYNAMICS_TOL
        tol = F.DYNAMICS_TOL
    else:
        agree = _agreement_tol(value)
        tol = F.DEFAULT_TOL * max(1.0, abs(value))
    if not diff <= agree:
        raise F.SolverDisagreement(f"{fam.name}/{name}: solvers differ by {diff:.3g} > {agree:.3g}: {solvers}")
    cert = fam.certify(U, params, w, d, tol, "dual")
    if not cert.ok:
        raise F.SolverDisagreement(f"{fam.name}/{name}: stored solution not certified:\n{cert.report()}")
    far = abs(cert.objective - value) > tol or (math.isfinite(cert.bound) and abs(cert.bound - value) > tol)
    if fam.name != "dynamics" and far:
        raise F.SolverDisagreement(
            f"{fam.name}/{name}: value {value!r} vs certificate {cert.objective!r}/{cert.bound!r}")
    if "nu_equivalent" in extra:  # a third value: 1/gamma* of the nu-form at C = 1/(nu gamma*)
        exp = extra["nu_equivalent"]["expected_value"]
        if not abs(value - exp) <= agree:
            raise F.SolverDisagreement(f"{fam.name}/{name}: value {value!r} vs 1/gamma* = {exp!r} of the nu-form")
    solution = dict(sol)
    for key in ("stumps", "rows", "source", "columns", "w_prev", "ubar_shift", "nu_equivalent"):
        if key in extra:
            solution[key] = extra[key]
    record = {
        "problem": fam.name,
        "name": name,
        "tags": list(tags),
        "params": params,
        "value": value,
        "weights": None if w is None else np.asarray(w, dtype=float),
        "distribution": None if d is None else np.asarray(d, dtype=float),
        "solution": solution,
        "certificate": {
            "tol": tol,
            "solvers": solvers,
            "value_difference": diff,
            "agreement_tol": agree,
            "certify": {
                "function": f"refboost.certify.{fam.certify_function}" if fam.name != "dynamics"
                else "refboost.conformance.certify_candidate",
                "bound": "dual",
                "ok": cert.ok,
                "equation": cert.equation,
                "sense": cert.sense,
                "objective": cert.objective,
                "bound_value": cert.bound,
                "gap": cert.gap,
                "feasibility": cert.feasibility,
                "bound_source": cert.bound_source,
                "kkt": cert.kkt,
                "message": cert.message,
            },
            "versions": vers,
        },
        "generator": {"seed": SEED, "command": f"{COMMAND} --problem {fam.name}", "equation": fam.equation},
        "U": U,
    }
    if extra.get("X") is not None:
        record["X"], record["y"] = extra["X"], extra["y"]
    return record


def default_out() -> Path:
    """``data/conformance`` of the source tree this package was imported from; an installed package has
    none, and then the output folder must be given (the installed kit is not rewritten in place)."""
    src = Path(__file__).resolve().parents[2]
    if (src / "pyproject.toml").is_file() and (src / "data" / "conformance").is_dir():
        return src / "data" / "conformance"
    raise ValueError(
        "out must be given: refboost is installed (not run from a clone), so there is no data/conformance "
        f"folder to rebuild (the installed kit at {Path(__file__).resolve().parent / 'kit'} is read-only); run "
        "`python -m refboost.conformance build --out DIR`")


def _need_solvers() -> None:
    import importlib.util

    missing = [m for m in ("cvxpy", "clarabel", "highspy", "osqp") if importlib.util.find_spec(m) is None]
    if missing:
        raise ModuleNotFoundError(
            f"building the kit solves every instance twice and needs {', '.join(missing)}: "
            "pip install 'refboost[studies]' (or '.[dev]' in a clone)")


def build(problems=None, out=None, *, log=print) -> dict:
    """(Re)generate the instances of ``problems`` (default all) under ``out`` and rewrite the manifest."""
    from . import _canonical

    root = Path(out) if out is not None else default_out()
    root.mkdir(parents=True, exist_ok=True)
    names = [_canonical(p) for p in problems] if problems else list(F.FAMILIES)
    vers = versions()
    summary = {}
    for pname in names:
        fam = F.FAMILIES[pname]
        t0 = time.perf_counter()
        target = root / pname
        if target.exists():
            shutil.rmtree(target)
        stored, skipped = 0, []
        for name, U, params, tags, extra in fam.specs(family_rng(pname)):
            try:
                rec = build_instance(fam, name, U, params, tags, extra, vers)
            except Exception as exc:  # noqa: BLE001 -- a failed instance is reported and left out
                skipped.append(f"{name}: {type(exc).__name__}: {str(exc).splitlines()[0][:200]}")
                continue
            _store.write_instance(root, rec)
            stored += 1
        summary[pname] = {"stored": stored, "skipped": skipped, "seconds": round(time.perf_counter() - t0, 1)}
        log(f"{pname}: {stored} instances in {summary[pname]['seconds']} s" +
            ("".join(f"\n  skipped {s}" for s in skipped)))
    _store.write_manifest(root, seed=SEED, command=COMMAND, versions=vers,
                          skipped={k: v["skipped"] for k, v in summary.items()})
    return summary


def main(argv=None) -> int:
    from . import problems as _problems
    from . import verify_all

    ap = argparse.ArgumentParser(prog="python -m refboost.conformance",
                                 description="Build or verify the refboost conformance kit.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="regenerate instances and the manifest (deterministic)")
    b.add_argument("--problem", action="append", help=f"family (repeatable); one of {', '.join(_problems())}")
    b.add_argument("--out", help="kit directory (default: data/conformance of the source tree; required when "
                                 "refboost is installed from a wheel)")
    tj = sub.add_parser("trajectories", help="regenerate the trajectory families (from a clone: checks each "
                                             "against tests/transcriptions.py)")
    tj.add_argument("--family", action="append", help="trajectory family (repeatable; default all)")
    tj.add_argument("--out", help="folder (default: data/conformance/trajectories of the source tree)")
    sc = sub.add_parser("scale", help="regenerate the scale instances (N up to 20,000; minutes) or time refboost "
                                      "on them (--time)")
    sc.add_argument("--out", help="kit directory (default: data/conformance of the source tree)")
    sc.add_argument("--time", action="store_true", help="only time refboost's specialised solver on the stored "
                                                        "scale instances and print the ratio to the reference time")
    v = sub.add_parser("verify", help="re-certify stored instances (scale included) and re-run the trajectories, "
                                      "against the manifests")
    v.add_argument("--problem", action="append", help="family (repeatable; default all, with every trajectory)")
    v.add_argument("--trajectory", action="append", help="trajectory family to re-run (repeatable; default: all "
                                                         "when no --problem is given)")
    v.add_argument("--no-scale", action="store_true", help="skip the scale instances")
    v.add_argument("--root", help="kit directory (default: the kit refboost reads)")
    args = ap.parse_args(argv)
    if args.cmd == "scale":
        from . import _scale

        if args.time:
            return _scale.time_stored(log=print)
        try:
            out = args.out if args.out is not None else default_out()
            _need_solvers()
        except (ValueError, ModuleNotFoundError) as exc:
            ap.error(str(exc))
        _scale.build(out)
        return 0
    if args.cmd == "trajectories":
        from . import _trajectory_build

        _trajectory_build.build(args.family, args.out)
        return 0
    if args.cmd == "build":
        try:
            out = args.out if args.out is not None else default_out()
            _need_solvers()
        except (ValueError, ModuleNotFoundError) as exc:
            ap.error(str(exc))
        build(args.problem, out)
        return 0
    bad = verify_all(args.problem, root=args.root, log=print, scale=not args.no_scale,
                     trajectories=args.trajectory)
    return 1 if bad else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
