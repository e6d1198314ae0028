"""The kit's ``scale`` instances: N up to 20,000, stored compactly, with a reference solve time.

Each scale matrix is the decision-stump matrix of a seeded synthetic data set (:func:`stump_matrix`):
``features`` standard normal features, labels the majority vote of three stumps at 0 on the first three
features (seeded polarities) with a fraction ``noise`` of them flipped, and for
each feature ``thresholds`` stumps at fixed order statistics of that feature, in both polarities, so
``U[n, q] = y_n s_q (+1 if x_n[f_q] > t_q else -1)`` holds exactly -1 or +1. The matrix is stored once as
``<kit>/scale/matrices/<matrix>.bits.gz`` (gzip of the rows' bits, ``numpy.packbits`` order: row-major, each
row padded to whole bytes, most significant bit first; bit 1 is +1), readable without numpy's generator;
``instance.json`` names the generator, its arguments and seed, and the sha256 of the regenerated array's
bytes (float64, C order), so that ``verify`` detects a change of numpy's random streams.

An instance folder ``<kit>/scale/<problem>/<name>/`` holds ``instance.json`` (the fields of the other
families' instances, ``U_source`` instead of ``U.csv``, and ``reference_time``), ``distribution.csv.gz``
(the optimal d, one number per line, ``%.17g``) and ``solution_<key>.csv.gz`` for the per-example parts of
``solution`` (``psi``; ``instance.json`` has ``{"file": ...}`` in their place). ``reference_time`` holds
the seconds refboost's own specialised solver and the ground truth took on the build machine (described in
``machine``): compare an implementation's time with them as a ratio measured on your own machine against
``python -m refboost.conformance scale --time`` there.
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import io
import json
import os
import platform
import time
from pathlib import Path

import numpy as np

from . import _families as F
from . import _store

FOLDER = "scale"
MATRICES = "matrices"
SEED = 20261202
COMMAND = "python -m refboost.conformance scale"

#: the scale matrices: name -> (N, features, thresholds per feature, label noise); K = 2 features thresholds
MATRIX_SPECS = {
    "stumps_N1000_K100": (1000, 10, 5, 0.02),
    "stumps_N5000_K140": (5000, 10, 7, 0.02),
    "stumps_N20000_K180": (20000, 10, 9, 0.02),
}

#: the instances: (problem, matrix, params as a function of N)
INSTANCE_SPECS = [
    ("soft_margin_lp", m, lambda N, f=f: {"nu": f * N}) for m in MATRIX_SPECS for f in (0.2, 0.4)
] + [
    ("erlp_36", m, lambda N: {"nu": 0.3 * N, "eta": 20.0}) for m in MATRIX_SPECS
]


def stump_matrix(N: int, features: int, thresholds: int, noise: float, seed: int) -> np.ndarray:
    """The +-1 stump matrix of a seeded synthetic set (see the module docstring); deterministic for a given
    numpy version (``default_rng([seed, N, features, thresholds])``; no floating-point sums: every entry is
    a comparison of a drawn number with another)."""
    rng = np.random.default_rng([seed, N, features, thresholds])
    X = rng.standard_normal((N, features))
    s = rng.choice([-1.0, 1.0], size=3)
    y = np.where(np.sum(s * np.where(X[:, :3] > 0, 1.0, -1.0), axis=1) > 0, 1.0, -1.0)  # majority of 3 stumps
    y[rng.random(N) < noise] *= -1.0
    ranks = [int(round((k + 1) * N / (thresholds + 1))) - 1 for k in range(thresholds)]
    cols = []
    for f in range(features):
        t = np.sort(X[:, f])[ranks]
        for tk in t:
            h = np.where(X[:, f] > tk, 1.0, -1.0)
            cols += [y * h, -y * h]
    return np.ascontiguousarray(np.column_stack(cols))


def array_sha256(U: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(U, dtype=np.float64).tobytes()).hexdigest()


def _gzip_bytes(raw: bytes) -> bytes:
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, compresslevel=9) as fh:
        fh.write(raw)
    return buf.getvalue()


def write_bits(path: Path, U: np.ndarray) -> None:
    if not np.all(np.abs(U) == 1.0):
        raise ValueError("a scale matrix must hold only -1 and +1")
    path.write_bytes(_gzip_bytes(np.packbits(U > 0, axis=1).tobytes()))


def read_bits(path: Path, shape) -> np.ndarray:
    N, K = (int(s) for s in shape)
    raw = np.frombuffer(gzip.decompress(Path(path).read_bytes()), dtype=np.uint8)
    bits = np.unpackbits(raw.reshape(N, -1), axis=1, count=K)
    return np.where(bits > 0, 1.0, -1.0)


def write_vector_gz(path: Path, v) -> None:
    text = "\n".join(format(float(x), ".17g") for x in np.asarray(v, dtype=float)) + "\n"
    path.write_bytes(_gzip_bytes(text.encode()))


def read_vector_gz(path: Path) -> np.ndarray:
    return np.array([float(x) for x in gzip.decompress(Path(path).read_bytes()).decode().split()], dtype=float)


def machine() -> dict:
    """The build machine: CPU model, logical CPUs, OS, Python, BLAS threads."""
    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu, "logical_cpus": os.cpu_count(), "platform": platform.platform(),
            "python": platform.python_version(),
            "affinity_cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None}


# ------------------------------------------------------------------------------------------------
# reading
# ------------------------------------------------------------------------------------------------


def root(kit: Path) -> Path:
    return Path(kit) / FOLDER


def instance_dirs(kit: Path, problem: str | None = None) -> list[Path]:
    base = root(kit)
    if not base.is_dir():
        return []
    fams = [problem] if problem else sorted(p.name for p in base.iterdir() if p.is_dir() and p.name != MATRICES)
    out = []
    for f in fams:
        if (base / f).is_dir():
            out += [p for p in sorted((base / f).iterdir()) if (p / "instance.json").is_file()]
    return out


def read_instance(path: Path) -> _store.Instance:
    """One scale instance (its matrix read from the shared bits file; no regeneration)."""
    path = Path(path)
    meta = json.loads((path / "instance.json").read_text())
    src = meta["U_source"]
    U = read_bits(path.parents[1] / src["file"], meta["shape"])
    sol = {k: (read_vector_gz(path / v["file"]) if isinstance(v, dict) and set(v) == {"file"} else v)
           for k, v in meta.get("solution", {}).items()}
    return _store.Instance(
        problem=meta["problem"], name=meta["name"], U=U, params=meta["params"], tags=tuple(meta["tags"]),
        value=_store.from_json_float(meta["value"]), weights=_store._array_or_none(meta.get("weights")),
        distribution=read_vector_gz(path / "distribution.csv.gz"), solution=sol,
        certificate=meta["certificate"], path=path, generator=meta.get("generator", {}))


def regenerate(meta: dict) -> np.ndarray:
    """The matrix regenerated from ``U_source`` (generator, arguments, seed)."""
    src = meta["U_source"]
    if src["generator"] != "refboost.conformance._scale.stump_matrix":
        raise ValueError(f"unknown scale generator {src['generator']!r}")
    return stump_matrix(**src["arguments"], seed=src["seed"])


# ------------------------------------------------------------------------------------------------
# building
# ------------------------------------------------------------------------------------------------


def _timed(fn, repeats):
    best, out = float("inf"), None
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def specialised_solve(problem: str, U: np.ndarray, params: dict):
    """refboost's own solver for the problem over all columns: LPBoost (eps 1e-7) for the soft margin LP,
    the psi-eliminated dual Newton step of ERLPBoost (:func:`refboost.boosters.entropy.erlp_dual_step`) for
    (3.6). Returns ``(name, weights, distribution)``."""
    import refboost
    from refboost.boosters.entropy import erlp_dual_step

    if problem == "soft_margin_lp":
        res = refboost.lpboost(refboost.MatrixOracle(U), nu=params["nu"], eps=1e-7, max_iter=10_000)
        w = np.zeros(U.shape[1])
        np.add.at(w, np.asarray(res.hypotheses, dtype=int), res.weights)
        return "refboost.lpboost (column generation, eps = 1e-7)", w, res.distribution
    if problem == "erlp_36":
        st = erlp_dual_step(U, params["nu"], params["eta"], tol=1e-12)
        return "refboost.boosters.entropy.erlp_dual_step (Newton on the dual (3.10), all columns)", st.w, st.d
    raise ValueError(f"no specialised solver for {problem!r}")


def build(out=None, *, log=print, repeats: int = 3) -> dict:
    """(Re)generate the scale instances under ``<out>/scale`` (default: the source tree's kit) and their
    manifest ``scale/manifest.json``."""
    from .build import build_instance, default_out, versions

    kit = Path(out) if out is not None else default_out()
    base = root(kit)
    if base.exists():
        import shutil

        shutil.rmtree(base)
    (base / MATRICES).mkdir(parents=True)
    vers, mach = versions(), machine()
    mats = {}
    for name, (N, feats, thr, noise) in MATRIX_SPECS.items():
        args = {"N": N, "features": feats, "thresholds": thr, "noise": noise}
        U = stump_matrix(**args, seed=SEED)
        write_bits(base / MATRICES / f"{name}.bits.gz", U)
        mats[name] = (U, args)
    skipped = []
    for problem, mname, pfun in INSTANCE_SPECS:
        U, args = mats[mname]
        N, K = U.shape
        params = pfun(N)
        fam = F.FAMILIES[problem]
        label = "_".join(f"{k}{v:g}" for k, v in params.items())
        name = f"{mname}_{label}"
        solve_time = []

        def timed_solve(U, p, solve=fam.solve, out=solve_time):
            t, res = _timed(lambda: solve(U, p), 1)
            out.append(t)
            return res

        t0 = time.perf_counter()
        try:
            rec = build_instance(dataclasses.replace(fam, solve=timed_solve), name, U, params, ("scale", f"N{N}"),
                                 {}, vers)
        except Exception as exc:  # noqa: BLE001 -- reported and left out
            skipped.append(f"{problem}/{name}: {type(exc).__name__}: {str(exc).splitlines()[0][:200]}")
            log(f"skipped {skipped[-1]}")
            continue
        t_build = time.perf_counter() - t0
        t_truth = solve_time[0]
        truth_name = rec["certificate"]["solvers"][0]["name"]
        t_spec, (spec_name, w_s, d_s) = _timed(lambda U=U, p=params, pr=problem: specialised_solve(pr, U, p),
                                                repeats)
        tol = rec["certificate"]["tol"]
        cert_s = fam.certify(U, params, w_s, d_s, tol, "dual")
        rec["reference_time"] = {
            "specialised": {"solver": spec_name, "seconds": t_spec, "repeats": repeats, "statistic": "minimum",
                            "certified": bool(cert_s.ok), "gap": cert_s.gap},
            "truth": {"solver": truth_name + " and the second solver (both solves)", "seconds": t_truth,
                      "repeats": 1},
            "machine": mach,
            "note": "wall-clock seconds on the build machine (shared with other jobs); compare an implementation "
                    "with them as a ratio, after timing refboost on your machine (python -m refboost.conformance "
                    "scale --time)",
        }
        _write(kit, rec, mname, args, U)
        log(f"{problem}/{name}: value {rec['value']:.10g}, built in {t_build:.1f} s; specialised {t_spec:.2f} s "
            f"(certified {cert_s.ok}), truth {t_truth:.1f} s")
    return write_manifest(kit, skipped, vers, mach)


def _write(kit: Path, rec: dict, mname: str, args: dict, U: np.ndarray) -> None:
    d = root(kit) / rec["problem"] / rec["name"]
    d.mkdir(parents=True, exist_ok=True)
    write_vector_gz(d / "distribution.csv.gz", rec["distribution"])
    meta = {k: v for k, v in rec.items() if k not in ("U", "X", "y", "distribution")}
    meta["distribution"] = None
    # per-example parts of the solution (psi, ...) in their own compressed files too
    sol = dict(meta["solution"])
    for key, v in rec["solution"].items():
        if np.ndim(v) == 1 and np.shape(v)[0] == U.shape[0]:
            write_vector_gz(d / f"solution_{key}.csv.gz", v)
            sol[key] = {"file": f"solution_{key}.csv.gz"}
    meta["solution"] = sol
    meta["generator"] = {"seed": SEED, "command": COMMAND, "equation": rec["generator"]["equation"]}
    meta["U_source"] = {"generator": "refboost.conformance._scale.stump_matrix", "arguments": args, "seed": SEED,
                        "file": f"{MATRICES}/{mname}.bits.gz", "sha256": array_sha256(U),
                        "note": "sha256 of the regenerated array's bytes (float64, C order)"}
    meta = {"format": _store.FORMAT_VERSION, **meta, "shape": list(U.shape)}
    (d / "instance.json").write_text(_store.dumps(meta))


def write_manifest(kit: Path, skipped, vers, mach) -> dict:
    base = root(kit)
    files, counts = {}, {}
    for f in sorted(p for p in base.rglob("*") if p.is_file() and p.name != "manifest.json"):
        files[f.relative_to(base).as_posix()] = {"sha256": _store.sha256(f), "bytes": f.stat().st_size}
    for p in instance_dirs(kit):
        prob = p.parent.name
        counts[prob] = counts.get(prob, 0) + 1
    man = {"format": _store.FORMAT_VERSION, "generator": {"seed": SEED, "command": COMMAND},
           "versions": vers, "machine": mach, "counts": {"total": sum(counts.values()), "per_family": counts},
           "total_bytes": sum(v["bytes"] for v in files.values()), "skipped": skipped, "files": files}
    (base / "manifest.json").write_text(_store.dumps(man))
    return man


def time_stored(*, log=print, repeats: int = 3) -> int:
    """Time refboost's specialised solver on every stored scale instance here and print the ratio to the
    stored reference time (a measure of this machine against the build machine)."""
    from refboost import conformance as kit

    for inst in kit.instances(tag="scale"):
        ref = json.loads((inst.path / "instance.json").read_text())["reference_time"]
        t, (name, w, d) = _timed(lambda inst=inst: specialised_solve(inst.problem, np.array(inst.U), inst.params),
                                 repeats)
        cert = kit.certify_candidate(inst, weights=w, pair=False)
        log(f"{inst.problem}/{inst.name}: {t:.3f} s here, {ref['specialised']['seconds']:.3f} s on the build "
            f"machine (ratio {t / ref['specialised']['seconds']:.2f}); certified {cert.ok}")
    return 0
