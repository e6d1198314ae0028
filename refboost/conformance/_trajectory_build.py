"""Build the trajectory families: refboost's booster run, checked against the transcription of the box.

``python -m refboost.conformance trajectories [--family F] [--out DIR]`` (a developer command, run from a
clone: it imports the literal transcriptions of the algorithm boxes from ``tests/transcriptions.py``, which
are independent of the boosters). For each family and each candidate instance it

1. runs refboost's booster (:func:`refboost.conformance._trajectory_run.run_booster`),
2. runs the transcription of the box on the same matrix and parameters,
3. requires that the argmax has no near tie (best edge minus second best >= 1e-7 at every iteration, unless
   every tied column was chosen before), that both ran the same number of iterations and chose the same
   columns, and that every other field agrees within the family's tolerance,

and stores the booster's iterates with the tolerance and the largest deviation of the transcription. An
instance failing any of these is left out and listed under ``skipped`` in the manifest.
"""

from __future__ import annotations

import gzip
import json
import sys
import time
from pathlib import Path

import numpy as np

from . import _store
from ._trajectory_run import MHT, MHT_RULES, run_booster
from .trajectories import FAMILIES, FOLDER, FORMAT_VERSION, MIN_EDGE_GAP, SUFFIX, TIE_RULE, VECTOR_FIELDS

COMMAND = "python -m refboost.conformance trajectories"
SOLVER_TOL = 1e-8  # boxes whose iterates come from an LP / conic solver (HiGHS, Clarabel + KKT polish)
CLOSED_TOL = 1e-9  # closed-form boxes (stagewise, corrective, Frank-Wolfe steps, projections)
SOLVED = {"lpboost", "softboost", "totalboost", "erlpboost", "binary_erlpboost", "mlpboost", "adaboost_cg",
          "logitboost_cg"}


def tolerance(family: str) -> dict:
    tl = SOLVER_TOL if family in SOLVED else CLOSED_TOL
    return {f: (0 if f in ("j", "secondary_won") else tl) for f in FAMILIES[family].all_fields}


def _transcriptions():
    """``tests/transcriptions.py`` of the clone this package was imported from (build time only)."""
    tests = Path(__file__).resolve().parents[2] / "tests"
    if not (tests / "transcriptions.py").is_file():
        raise FileNotFoundError("building the trajectories needs tests/transcriptions.py of a refboost clone "
                                f"(not found at {tests}); the installed kit ships the built files")
    if str(tests) not in sys.path:
        sys.path.insert(0, str(tests))
    import transcriptions

    return transcriptions


# ------------------------------------------------------------------------------------------------
# Instances (those of tests/test_iterates.py and a second draw of the same generators)
# ------------------------------------------------------------------------------------------------


def uniform_U(k, N=20, K=12):
    """Entries uniform in [-1, 1] from numpy.random.default_rng(k), +0.35 on the first three columns, clipped."""
    rng = np.random.default_rng(k)
    U = rng.uniform(-1, 1, (N, K))
    U[:, :3] += 0.35
    return np.clip(U, -1, 1)


def pm1_U(k, N=21, K=10):
    """Entries +1 with probability 0.62 (numpy.random.default_rng(k)), redrawn until no column is constant
    and the hard margin exceeds 0.02."""
    tr = _transcriptions()
    rng = np.random.default_rng(k)
    while True:
        U = np.where(rng.random((N, K)) < 0.62, 1.0, -1.0)
        if np.all(np.abs(U.sum(axis=0)) < N) and tr.lp_23(U, 1.0)[0] > 0.02:
            return U


def specs(family: str):
    """Candidate instances (name, generator text, U, params) of a family."""
    G = [(f"uniform{k}", f"uniform_U({k}, N={n}, K={q})", lambda k=k, n=n, q=q: uniform_U(k, n, q))
         for k, n, q in ((0, 20, 12), (1, 20, 12), (2, 20, 12), (3, 20, 12), (4, 20, 12), (5, 20, 12), (11, 16, 10),
                         (12, 16, 10), (13, 16, 10), (14, 16, 10), (15, 16, 10))]
    P = [(f"pm1_{k}", f"pm1_U({k}, N=21, K=10)", lambda k=k: pm1_U(k)) for k in (7, 8, 9, 21, 22, 23, 24, 25)]
    PM1 = ("pm1_9", "pm1_8", "pm1_7", "pm1_21", "pm1_22", "pm1_23", "pm1_24", "pm1_25")
    CG = ("uniform6x", "uniform16x", "uniform17x")
    G = {g[0]: g for g in G}
    P = {p[0]: p for p in P}
    t = {
        "lpboost": [("uniform0", {"nu": 1.0, "eps": 1e-6, "max_iter": 12}),
                    ("uniform0", {"nu": 4.0, "eps": 1e-6, "max_iter": 12}),
                    ("uniform11", {"nu": 3.0, "eps": 1e-6, "max_iter": 12})],
        "softboost": [("uniform1", {"nu": 6.0, "eps": 0.05, "max_iter": 25}),
                      ("uniform12", {"nu": 8.0, "eps": 0.05, "max_iter": 25})],
        "totalboost": [("uniform1", {"nu": 1.0, "eps": 0.05, "max_iter": 25}),
                       ("uniform12", {"nu": 1.0, "eps": 0.05, "max_iter": 25})],
        "erlpboost": [("uniform2", {"nu": 1.0, "eps": 0.1, "max_iter": 12}),
                      ("uniform2", {"nu": 4.0, "eps": 0.1, "max_iter": 12})],
        "binary_erlpboost": [("uniform2", {"nu": 1.0, "eps": 0.1, "max_iter": 12}),
                             ("uniform2", {"nu": 4.0, "eps": 0.1, "max_iter": 12})],
        "corrective_erlpboost": [("uniform3", {"nu": 4.0, "eps": 0.1, "max_iter": 15}),
                                 ("uniform3", {"nu": 1.0, "eps": 0.1, "max_iter": 15}),
                                 ("uniform3", {"nu": 4.0, "eps": 0.3, "max_iter": 60})],
        "corrective_binary_erlpboost": [("uniform3", {"nu": 4.0, "eps": 0.1, "max_iter": 15}),
                                        ("uniform3", {"nu": 1.0, "eps": 0.1, "max_iter": 15}),
                                        ("uniform3", {"nu": 4.0, "eps": 0.3, "max_iter": 60})],
        "cerlpboost": [("uniform4", {"nu": 4.0, "eps": 0.1, "max_iter": 15}),
                       ("uniform13", {"nu": 2.0, "eps": 0.1, "max_iter": 15})],
        "mlpboost": [("uniform5", {"nu": 2.0, "eps": 0.05, "max_iter": 20}),
                     ("uniform14", {"nu": 2.0, "eps": 0.1, "max_iter": 20})],
        "mht_pairwise": [("uniform4", {"nu": 4.0, "eps": 0.1, "max_iter": 15}),
                         ("uniform13", {"nu": 2.0, "eps": 0.1, "max_iter": 15})],
        "mht_line_search": [("uniform4", {"nu": 4.0, "eps": 0.1, "max_iter": 15}),
                            ("uniform13", {"nu": 2.0, "eps": 0.1, "max_iter": 15})],
        "arcgv_clipped": [(g, {"max_iter": 20}) for g in PM1],
        "adaboost_reg": [(g, {"beta": 0.3, "max_iter": 15}) for g in PM1],
        "coordinate_ascent": [(g, {"max_iter": 30}) for g in ("pm1_25", "pm1_8", "pm1_21")],
        "coordinate_ascent_exact": [(g, {"max_iter": 30}) for g in ("pm1_25", "pm1_8", "pm1_21")],
        "adaboost_cg": [(g, {"T": 0.1, "eps": 1e-6, "max_iter": 12}) for g in CG],
        "logitboost_cg": [(g, {"T": 0.1, "eps": 1e-6, "max_iter": 12}) for g in CG],
        "adaboost_kl": [(g, {"beta": 0.1, "max_iter": 15}) for g in PM1],
        "adaboost_norm2": [(g, {"beta": 0.5, "max_iter": 15}) for g in PM1],
        "adaboost": [(g, {"max_iter": 20}) for g in PM1],
        "arcgv": [(g, {"max_iter": 20, "floor": 0.0}) for g in PM1],
        "adaboost_star": [(g, {"nu": 0.2, "max_iter": 20}) for g in PM1],
    }[family]
    for k in (6, 16, 17):
        G[f"uniform{k}x"] = (f"uniform{k}", f"uniform_U({k}, N=24, K=14)", lambda k=k: uniform_U(k, 24, 14))
    for gname, params in t:
        name, text, make = {**G, **P}[gname]
        U = make()
        params = dict(params)
        if family in ("erlpboost", "binary_erlpboost", "corrective_erlpboost", "corrective_binary_erlpboost"):
            tr = _transcriptions()
            binary = "binary" in family
            params["eta"] = (tr.eta_binary if binary else tr.eta_erlp)(params["eps"], U.shape[0], params["nu"])
        if family in MHT:
            import math

            params["eta"] = max(2.0 * math.log(U.shape[0] / params["nu"]) / params["eps"], 0.75)
        label = "_".join(f"{k}{v:g}" for k, v in params.items() if k not in ("max_iter", "eta", "floor"))
        yield f"{name}_N{U.shape[0]}_K{U.shape[1]}" + (f"_{label}" if label else ""), text, U, params


# ------------------------------------------------------------------------------------------------
# The transcriptions in the families' format
# ------------------------------------------------------------------------------------------------


def _over(J, w, K):
    out = np.zeros(K)
    out[list(J[:len(w)])] = w
    return out


def run_transcription(family: str, U, params: dict) -> list[dict]:
    """The transcription of the family's box on ``(U, params)``, in the families' format."""
    tr = _transcriptions()
    U = np.asarray(U, dtype=float)
    N, K = U.shape
    p, T = params, int(params["max_iter"])
    out = []
    if family == "lpboost":
        b = tr.lpboost(U, p["nu"], p["eps"], T)
        nJ = [len(set(b["j"][:t + 1])) for t in range(len(b["j"]))]
        for t, j in enumerate(b["j"]):
            out.append({"j": j, "d": b["d"][t], "w": _over(b["J"][:nJ[t]], b["w"][t], K), "P": b["P"][t]})
    elif family in ("softboost", "totalboost"):
        b = tr.softboost(U, p["nu"], p["eps"], T)
        out = [{"j": j, "d": b["d"][t], "gamma_hat": b["gamma_hat"][t]} for t, j in enumerate(b["j"])]
    elif family in ("erlpboost", "binary_erlpboost"):
        b = tr.erlpboost(U, p["nu"], p["eps"], T, eta=p["eta"], binary=family == "binary_erlpboost")
        for t, j in enumerate(b["j"]):
            w = _over(b["J"][:t + 1], b["w"][t], K) if t < len(b["w"]) else None
            out.append({"j": j, "d": b["d"][t], "w": w, "P_prev": b["P_prev"][t]})
    elif family in ("corrective_erlpboost", "corrective_binary_erlpboost"):
        b = tr.corrective(U, p["nu"], p["eps"], T, eta=p["eta"], binary="binary" in family)
        J, seen = b["J"], []
        for t, j in enumerate(b["j"]):
            if j not in seen:
                seen.append(j)
            if t < len(b["alpha"]):
                out.append({"j": j, "d": b["d"][t], "step": b["alpha"][t], "w": _over(J[:len(seen)], b["w"][t], K),
                            "Theta": b["Theta"][t]})
            else:
                out.append({"j": j, "d": b["d"][t], "step": None, "w": None, "Theta": None})
    elif family in MHT:
        rule, secondary = MHT_RULES.get(family, ("short_step", None))
        b = tr.mht_algorithm1(U, p["nu"], p["eps"], T, rule=rule, secondary=secondary, eta=p["eta"])
        J = b["J"]
        extra = {"secondary_won": None} if family == "mlpboost" else {}
        out.append({"j": J[0], "d": np.full(N, 1.0 / N), "step": None, "w": np.eye(K)[J[0]], "eps_t": None, **extra})
        for t, j in enumerate(b["j"]):
            it = {"j": j, "d": b["d"][t], "eps_t": b["eps_t"][t], "step": None, "w": None}
            if family == "mlpboost":
                it["secondary_won"] = None
            if t < len(b["lam"]):
                it["step"] = b["lam"][t]
                it["w"] = _over(J, np.r_[b["w"][t], np.zeros(len(J) - len(b["w"][t]))], K)
                if family == "mlpboost":
                    it["secondary_won"] = b["won"][t]
            out.append(it)
    elif family in ("adaboost_cg", "logitboost_cg"):
        b = tr.shen_cg(U, p["T"], p["eps"], T, loss="exp" if family == "adaboost_cg" else "logistic")
        for t, j in enumerate(b["j"]):
            out.append({"j": j, "d": b["d"][t], "w": _over(b["J"][:t + 1], b["w"][t], K) if t < len(b["w"]) else None})
    elif family == "arcgv_clipped":
        b = tr.shen_arcgv_clipped(U, T)
        out = [{"j": j, "d": b["d"][t], "step": b["alpha"][t]} for t, j in enumerate(b["j"])]
    elif family in ("adaboost_kl", "adaboost_norm2", "adaboost_reg"):
        b = tr.sun_boost(U, p["beta"], T, kind=family.split("_")[1])
        out = [{"j": j, "d": b["d"][t], "step": b["alpha"][t]} for t, j in enumerate(b["j"])]
    elif family in ("adaboost", "arcgv", "adaboost_star", "coordinate_ascent", "coordinate_ascent_exact"):
        rule = {"adaboost": "adaboost", "arcgv": "arcgv", "adaboost_star": "star", "coordinate_ascent": "ca",
                "coordinate_ascent_exact": "ca_exact"}[family]
        kw = {"nu": p["nu"]} if family == "adaboost_star" else ({"floor": p["floor"]} if family == "arcgv" else {})
        b = tr.rds_boost(U, T, rule, **kw)
        for t, j in enumerate(b["j"]):
            out.append({"j": j, "d": b["d"][t], "step": b["alpha"][t], "w": b["w"][t] if t < len(b["w"]) else None,
                        "target": b["theta"][t]})
    else:  # pragma: no cover
        raise ValueError(f"no transcription for family {family!r}")
    fields = FAMILIES[family].all_fields
    return [{k: v for k, v in it.items() if k in fields} for it in out]


# ------------------------------------------------------------------------------------------------
# Build
# ------------------------------------------------------------------------------------------------


class Disagreement(AssertionError):
    pass


def edge_gaps(U, iterates):
    """Per iteration: the best edge minus the second best under d, and the tied columns (within
    MIN_EDGE_GAP of the best) when every one of them was chosen before, else None."""
    gaps, ties, chosen = [], [], []
    for it in iterates:
        e = U.T @ np.asarray(it["d"])
        s = np.sort(e)
        gaps.append(float(s[-1] - s[-2]))
        top = sorted(np.flatnonzero(e >= e.max() - MIN_EDGE_GAP).tolist())
        if len(top) > 1:
            if not set(top) <= set(chosen):
                raise Disagreement(f"near tie in the argmax at iteration {len(gaps)}: columns {top}")
            ties.append(top)
        else:
            ties.append(None)
        chosen.append(it["j"])
    return gaps, ties


def deviations(family: str, a: list[dict], b: list[dict]) -> dict:
    """Largest deviation per field of b from a; raises :class:`Disagreement` on a structural difference."""
    if len(a) != len(b):
        raise Disagreement(f"{len(a)} iterations vs {len(b)}")
    dev = {}
    for t, (x, y) in enumerate(zip(a, b, strict=True)):
        for f in FAMILIES[family].all_fields:
            u, v = x.get(f), y.get(f)
            if (u is None) != (v is None):
                raise Disagreement(f"iteration {t + 1}, field {f}: {u!r} vs {v!r}")
            if u is None:
                continue
            if f in ("j", "secondary_won"):
                if u != v:
                    raise Disagreement(f"iteration {t + 1}, field {f}: {u} vs {v}")
                continue
            d = float(np.max(np.abs(np.asarray(u, dtype=float) - np.asarray(v, dtype=float))))
            dev[f] = max(dev.get(f, 0.0), d)
    return dev


def uninformative(family: str, box: list[dict], params: dict) -> str | None:
    """Why the instance would not tell the box from a simpler one (None when it does): the targets of arc-gv
    and of the coordinate ascents must leave 0 (else the run is AdaBoost's), SoftBoost's caps must bind."""
    if family in ("arcgv", "coordinate_ascent", "coordinate_ascent_exact"):
        if not any((it.get("target") or 0.0) > 0 for it in box):
            return "the target stays 0: the run is AdaBoost's"
    nu = params.get("nu", 1.0)
    # nu caps the distribution (the binary entropy keeps d below its cap: nu acts through the entropy there)
    if "nu" in FAMILIES[family].params and family != "adaboost_star" and "binary" not in family and nu > 1:
        if not any(np.max(it["d"]) > 1.0 / nu - 1e-7 for it in box):
            return f"the caps 1/nu = {1.0 / nu:g} never bind: the run is the nu = 1 box's"
    return None


def build_instance(family, name, text, U, params, log=print) -> dict:
    booster = run_booster(family, U, params)
    box = run_transcription(family, U, params)
    why = uninformative(family, box, params)
    if why:
        raise Disagreement(why)
    gaps, ties = edge_gaps(U, box)
    dev = deviations(family, booster, box)
    # the columns tied at an iteration (all chosen before) may differ between the two: accepted
    tol = tolerance(family)
    bad = {f: v for f, v in dev.items() if not v <= tol[f]}
    if bad:
        raise Disagreement(f"booster and transcription differ beyond the tolerance: {bad} (tol {tol})")
    iterates = []
    for t, it in enumerate(booster):
        row = {"t": t + (0 if family in MHT else 1)}
        for f in FAMILIES[family].all_fields:
            v = it.get(f)
            row[f] = None if v is None else ([float(x) for x in v] if f in VECTOR_FIELDS else v)
        if ties[t] is not None:
            row["j_ties"] = ties[t]
        iterates.append(row)
    T = int(params["max_iter"])
    stopped = len(booster) < T + (1 if family in MHT else 0)
    return {"name": name, "generator": text, "params": params, "shape": list(U.shape),
            "iterations": len(iterates), "stopped": stopped, "edge_gap": gaps,
            "agreement": {"transcription": dev, "booster": {f: 0.0 for f in dev}},
            "U": [[float(x) for x in row] for row in U], "iterates": iterates}


def family_record(family: str, insts: list, vers: dict) -> dict:
    spec = FAMILIES[family]
    return {"format": FORMAT_VERSION, "family": family, "work": spec.work, "box": spec.box, "booster": spec.booster,
            "params": list(spec.params), "fields": list(spec.fields), "optional_fields": list(spec.scalars),
            "iterate": spec.note, "tie_rule": TIE_RULE, "min_edge_gap": MIN_EDGE_GAP,
            "tolerance": tolerance(family),
            "verified": {"booster": f"{spec.booster} (stored: its iterates; w from runs truncated at max_iter = t)",
                         "transcription": f"tests/transcriptions.py of the source tree ({_tr_name(family)})"},
            "generator": {"command": f"{COMMAND} --family {family}"}, "versions": vers, "instances": insts}


def _tr_name(family):
    return {"lpboost": "lpboost", "softboost": "softboost", "totalboost": "softboost", "erlpboost": "erlpboost",
            "binary_erlpboost": "erlpboost(binary=True)", "corrective_erlpboost": "corrective",
            "corrective_binary_erlpboost": "corrective(binary=True)", "cerlpboost": "mht_algorithm1",
            "mlpboost": "mht_algorithm1(secondary='lpboost')", "adaboost_cg": "shen_cg",
            "logitboost_cg": "shen_cg(loss='logistic')", "adaboost_kl": "sun_boost(kind='kl')",
            "adaboost_norm2": "sun_boost(kind='norm2')", "adaboost": "rds_boost", "arcgv": "rds_boost('arcgv')",
            "adaboost_star": "rds_boost('star')", "mht_pairwise": "mht_algorithm1(rule='pairwise')",
            "mht_line_search": "mht_algorithm1(rule='line_search')", "arcgv_clipped": "shen_arcgv_clipped",
            "adaboost_reg": "sun_boost(kind='reg')", "coordinate_ascent": "rds_boost('ca')",
            "coordinate_ascent_exact": "rds_boost('ca_exact')"}[family]


def write_family(root: Path, family: str, rec: dict) -> Path:
    path = root / f"{family}{SUFFIX}"
    raw = json.dumps(_store.to_jsonable(rec), separators=(",", ":"), allow_nan=False).encode()
    with open(path, "wb") as fh, gzip.GzipFile(filename="", mode="wb", fileobj=fh, mtime=0, compresslevel=9) as gz:
        gz.write(raw)
    return path


def write_manifest(root: Path, skipped: dict) -> dict:
    from .trajectories import read_family_file

    old = {}
    if (root / "manifest.json").is_file():
        old = json.loads((root / "manifest.json").read_text()).get("skipped", {})
    skipped = {**old, **skipped}
    files, counts = {}, {}
    for f in sorted(root.glob(f"*{SUFFIX}")):
        data = read_family_file(f)
        counts[data["family"]] = {"instances": len(data["instances"]),
                                  "iterations": [i["iterations"] for i in data["instances"]]}
        files[f.name] = {"sha256": _store.sha256(f), "bytes": f.stat().st_size}
    man = {"format": FORMAT_VERSION, "generator": {"command": COMMAND}, "families": counts,
           "total_instances": sum(c["instances"] for c in counts.values()),
           "total_bytes": sum(v["bytes"] for v in files.values()),
           "skipped": {k: v for k, v in sorted(skipped.items()) if k in counts}, "files": files}
    (root / "manifest.json").write_text(_store.dumps(man))
    return man


def build(families=None, out=None, *, per_family: int = 3, log=print) -> dict:
    from .build import default_out, versions
    from .trajectories import canonical

    root = Path(out) if out is not None else default_out() / FOLDER
    root.mkdir(parents=True, exist_ok=True)
    names = [canonical(f) for f in families] if families else list(FAMILIES)
    vers = versions()
    skipped = {}
    for fam in names:
        t0 = time.perf_counter()
        insts, skip = [], []
        for name, text, U, params in specs(fam):
            if len(insts) >= per_family:
                break
            try:
                insts.append(build_instance(fam, name, text, U, params, log))
            except Disagreement as exc:
                skip.append(f"{name}: {str(exc)[:200]}")
        if not insts:
            raise Disagreement(f"{fam}: no instance passed: {skip}")
        write_family(root, fam, family_record(fam, insts, vers))
        skipped[fam] = skip
        log(f"{fam}: {len(insts)} instances ({', '.join(str(i['iterations']) for i in insts)} iterations) in "
            f"{time.perf_counter() - t0:.1f} s" + "".join(f"\n  skipped {s}" for s in skip))
    return write_manifest(root, skipped)
