"""The refboost conformance kit: certified instances for every problem :mod:`refboost.certify` covers.

Each instance is a matrix ``U`` (``U[n, q] = y_n h_q(x_n)``), the family's parameters, an optimal
solution and a stored certificate: two independent solvers (the ground truth of
:mod:`refboost.truth` -- HiGHS or cvxpy + Clarabel -- and a second formulation or solver) agree on
the optimal value, and :mod:`refboost.certify` accepts the stored solution. Another library's
implementation can be tested against the kit without installing a solver::

    from refboost import conformance as kit

    for inst in kit.instances("soft_margin_lp"):
        cert = kit.certify_candidate(inst, weights=my_solver(inst.U, **inst.params))
        assert cert.ok, cert.report()

API
---
``problems()``
    The family names (snake_case; the hyphenated forms, e.g. ``"soft-margin-lp"``, are accepted
    everywhere a family is named).
``instances(problem=None, *, tag=None)``
    The stored instances, sorted by ``(problem, name)``; ``tag`` keeps those carrying a tag
    (``"adversarial"``, ``"real-data"``, ``"random"``, an adversarial kind, ...).
``load(problem, name)``
    One instance (:class:`Instance`).
``kit_root()``
    The directory holding the kit (``data/conformance`` of a clone, or the copy shipped inside an
    installed wheel).
``certify_candidate(instance, *, weights=None, distribution=None, tol=None, pair=None)``
    Certify a candidate for a kit instance, always against the kit's own stored copy of its matrix and
    parameters (also ``certify_candidate(problem, U, params, ...)``; when ``(U, params)`` are a kit
    instance's, the same). The other side of the certificate is the kit's stored optimal point (weak
    duality: a valid bound whatever it is), so every candidate within 1e-9 of the optimum is certified;
    given both weights and a distribution, they are checked against each other (``pair``). ``tol=None``
    is the kit's default (1e-6 times max(1, |optimum|); the dynamics: 1e-8), a given ``tol`` is absolute.
    For a matrix that is not in the kit, the family's :mod:`refboost.certify` function (argument mapping
    in the table below) builds the bound from the candidate alone.
``modes(problem)``
    The candidates a family accepts: ``"weights"``, ``"distribution"``, ``"pair"`` (see
    :mod:`refboost.conformance._modes` and the book's page on the kit).
``tags(problem=None)``, ``stored_copy(instance)``
    The tags in use; the kit's own copy of an instance (the arrays of :func:`instances` and :func:`load`
    are read-only copies).
``verify(instance, *, bound="dual")``
    Re-certify the stored solution from the stored files alone (``verify_all``: every file against the
    manifests, every instance, the scale instances and the trajectories re-run).
``refboost.conformance.trajectories``
    The trajectory families: the first iterates of every algorithm box (``assert_trajectory``,
    ``refboost-check --trajectory``), for checking that another implementation runs the same algorithm.

=========================  =======================  ================================================
family                     params                   certify_candidate calls
=========================  =======================  ================================================
soft_margin_lp             nu                       ``certify.soft_margin_lp(U, w, nu, distribution=d)``
hard_margin                (none)                   ``certify.hard_margin(U, w, distribution=d)``
erlp_36                    nu, eta                  ``certify.erlp_36(U, w, nu, eta, distribution=d)``
binary_erlp_325            nu (< N), eta            ``certify.binary_erlp_325(U, w, nu, eta, distribution=d)``
softboost_31               nu, bound                ``certify.softboost_31(U, d, nu, bound, weights=w)``
corrective_46              nu, eta                  ``certify.corrective_46(U[:, 0], U[:, 1], d, nu, eta, w_t=w[0])``
corrective_binary_412      nu (< N), eta            ``certify.corrective_binary_412(...)`` as above
smoothed_soft_margin       nu, eta                  ``certify.smoothed_soft_margin(U, w, nu, eta, distribution=d)``
adaboost_l1                T                        ``certify.adaboost_l1(U, w, T)``
logitboost_l1              T                        ``certify.logitboost_l1(U, w, T)``
generalized_hinge          D, p                     ``certify.generalized_hinge(U, w, D, p, distribution=d)``
adaboost_qp                T                        ``certify.adaboost_qp(U, w, T)``
sun_kl                     beta                     ``certify.sun_kl(U, w, beta, distribution=d)``
sun_norm2                  beta                     ``certify.sun_norm2(U, w, beta, distribution=d)``
lp_reg                     C                        ``certify.lp_reg(U, w, C, distribution=d)``
dynamics                   iterations, start        trajectory comparison (below)
demiriz_lp                 C                        ``certify.demiriz_lp(U, a, C, distribution=u)``
=========================  =======================  ================================================

``demiriz_lp`` is LPBoost's LP with the trade-off C given (Demiriz, Bennett & Shawe-Taylor 2002):
``min sum a + C sum xi`` s.t. ``U a + xi >= 1``; its weights ``a`` are unnormalised and its
"distribution" is the dual point ``u`` (``U^T u <= 1``, ``0 <= u <= C``, not normalised).

The ``scale`` instances (``instances(problem, tag="scale")``; not returned without the tag) have N up to
20,000, a matrix stored as packed bits and regenerated from a seed, and a ``reference_time``
(:mod:`refboost.conformance._scale`).

``value`` is the optimum in the units of the certificate's objective (Shen & Li's AdaBoost_l1 and
LogitBoost: T times (5) and (32); the corrective problems: (4.6)/(4.12) themselves; SoftBoost:
the relative entropy of (3.1)). The corrective families store ``U = [u, ubar]`` (two columns) and
``weights = (w_t, 1 - w_t)``, the free multiplier of Lemma 4.1/4.2 as a combination of the columns.

The dynamics family
-------------------
``U`` is a +-1 mistake matrix (Rudin, Daubechies & Schapire 2003: the 3 x 3 example and its golden
cycles, the m x m one-mistake cycles, the 4 x 5 non-optimal cycle, the 11 x 20 counterexample,
random matrices); ``params = {"iterations": T, "start": d0}`` (optionally ``"tie_tol"``, default
1e-10: the lowest index among the edges within ``tie_tol`` of the maximum is chosen). The stored
``solution`` holds AdaBoost's iterates ``d`` (T + 1 rows), the chosen columns ``j``, the edges ``r``,
the cycle reached (``period``, ``points``, ``columns``, ``margin``) where one is detected, and the
largest deviation of the float iterates from the same orbit computed in 60-digit decimal arithmetic
(the second solver). ``weights`` are the normalised combined weights ``lambda / ||lambda||_1``
(``lambda_j = sum_{t: j_t = j} artanh(r_t)``), ``distribution`` the last iterate and ``value`` the
final margin ``min_n (U w)_n``. ``certify_candidate("dynamics", U, params, distribution=D,
weights=w)`` recomputes the iterates from ``(U, params)`` and returns a
:class:`refboost.certify.Certificate` whose objective and gap are the largest absolute deviation of
the candidate (a trajectory of shape ``(t, N)`` compared with the first t iterates, or a final
distribution of shape ``(N,)``; and/or the weights) from them; ``ok`` when that deviation is at
most ``tol`` (default 1e-8) and every candidate row lies on the simplex.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from .._validation import check_array, check_choice
from . import _families, _modes, _scale, _store
from ._store import Instance

__all__ = ["Instance", "certify_candidate", "instances", "kit_root", "load", "modes", "problems", "stored_copy",
           "tags", "verify", "verify_all"]


def problems() -> tuple[str, ...]:
    """The family names (snake_case)."""
    return tuple(_families.FAMILIES)


def _canonical(problem) -> str:
    if not isinstance(problem, str):
        raise TypeError(f"problem must be a family name (str), got {type(problem).__name__}")
    key = problem.strip().lower().replace("-", "_")
    if key not in _families.FAMILIES:
        raise ValueError(f"problem must be one of {', '.join(problems())} (hyphenated forms accepted), "
                         f"got {problem!r}")
    return key


def kit_root() -> Path:
    """The kit directory: ``refboost/conformance/kit`` inside an installed wheel, else ``data/conformance``
    of the source tree this module was imported from."""
    here = Path(__file__).resolve().parent
    for cand in (here / "kit", here.parent.parent / "data" / "conformance"):
        if (cand / _store.MANIFEST).is_file():
            return cand
    raise FileNotFoundError(
        "the conformance kit was not found: neither refboost/conformance/kit (an installed wheel) nor "
        "data/conformance next to the refboost package (a clone) holds manifest.json; "
        "regenerate it with `python -m refboost.conformance build`"
    )


def _dirs(problem=None):
    root = kit_root()
    fams = [_canonical(problem)] if problem is not None else list(problems())
    out = []
    for f in fams:
        base = root / f
        if base.is_dir():
            out += [p for p in sorted(base.iterdir()) if (p / "instance.json").is_file()]
    return out


def _read_only(a):
    if a is None:
        return None
    b = np.array(a, dtype=float, copy=True)
    b.flags.writeable = False
    return b


def _handout(inst: Instance) -> Instance:
    """A copy of the kit's instance for the caller: its arrays are new and read-only (the kit keeps its own)."""
    return dataclasses.replace(inst, U=_read_only(inst.U), weights=_read_only(inst.weights),
                               distribution=_read_only(inst.distribution), X=_read_only(inst.X),
                               y=_read_only(inst.y), params=copy.deepcopy(inst.params))


_STORED: dict = {}
_INDEX: dict = {}


def _is_scale(path) -> bool:
    return Path(path).resolve().parents[1].name == _scale.FOLDER


def _stored(path) -> Instance:
    """The kit's own copy of the instance stored at ``path`` (read once; never handed out)."""
    key = Path(path).resolve()
    if key not in _STORED:
        _STORED[key] = _scale.read_instance(key) if _is_scale(key) else _store.read_instance(key)
    return _STORED[key]


def _scale_meta(problem=None) -> list[tuple[Path, dict]]:
    """The scale instances' folders and their instance.json (the matrices are not read)."""
    import json

    fams = [_canonical(problem)] if problem is not None else None
    out = []
    for p in _scale.instance_dirs(kit_root()):
        if fams is None or p.parent.name in fams:
            out.append((p, json.loads((p / "instance.json").read_text())))
    return out


def _params_key(params) -> str:
    """The parameters as a canonical string (numbers as floats: ``{"nu": 1}`` is ``{"nu": 1.0}``)."""
    import json

    def canon(x):
        if isinstance(x, dict):
            return {str(k): canon(v) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return [canon(v) for v in x]
        if isinstance(x, (int, float)) and not isinstance(x, bool):
            return float(x)
        return x

    return json.dumps(canon(_store.to_jsonable(dict(params))), sort_keys=True)


def _find_stored(problem: str, U: np.ndarray, params) -> Instance | None:
    """The kit's instance of ``problem`` with exactly this matrix and these parameters, if there is one."""
    if problem not in _INDEX:
        index = {}
        for p in _dirs(problem):
            inst = _stored(p)
            index.setdefault((inst.U.shape, inst.U.tobytes(), _params_key(inst.params)), inst)
        # scale instances by the sha256 of their matrix (not read until one matches)
        scale = {(tuple(m["shape"]), m["U_source"]["sha256"], _params_key(m["params"])): p
                 for p, m in _scale_meta(problem)}
        _INDEX[problem] = (index, scale)
    index, scale = _INDEX[problem]
    try:
        A = np.ascontiguousarray(U, dtype=float)
        pk = _params_key(params)
    except (TypeError, ValueError):
        return None
    if any(A.shape == shape for shape, _, _ in scale):
        path = scale.get((A.shape, _scale.array_sha256(A), pk))
        if path is not None:
            return _stored(path)
    return index.get((A.shape, A.tobytes(), pk))


def stored_copy(instance: Instance) -> Instance:
    """The kit's own stored copy of ``instance`` (by family and name), whatever the caller did to its arrays."""
    if not isinstance(instance, Instance):
        raise TypeError(f"instance must be a refboost.conformance.Instance, got {type(instance).__name__}")
    fam = _canonical(instance.problem)
    path = _instance_path(fam, instance.name)
    if not (path / "instance.json").is_file():
        raise KeyError(f"no instance {instance.name!r} in family {fam!r} of the kit at {kit_root()}")
    return _stored(path)


def _instance_path(fam: str, name: str) -> Path:
    """The folder of instance ``name`` of family ``fam``: in the family's folder, else under ``scale/``."""
    path = kit_root() / fam / name
    if not (path / "instance.json").is_file():
        alt = _scale.root(kit_root()) / fam / name
        if (alt / "instance.json").is_file():
            return alt
    return path


def instances(problem=None, *, tag=None) -> list[Instance]:
    """The stored instances (of one family, or all), sorted by ``(problem, name)``; ``tag`` filters.

    The ``scale`` instances (N up to 20,000) are returned only when their tag is asked for
    (``tag="scale"``, or their size tag such as ``"N20000"``). The arrays of the returned instances are
    read-only copies; the kit certifies against its own copy."""
    if tag is not None and not isinstance(tag, str):
        raise TypeError(f"tag must be a str, got {type(tag).__name__}")
    out = [_stored(p) for p in _dirs(problem)]
    if tag is not None:
        known = tags()
        if tag not in known:
            raise ValueError(f"tag must be one of the kit's tags ({', '.join(known)}), got {tag!r}")
        out = [i for i in out if tag in i.tags]
        out += [_stored(p) for p, m in _scale_meta(problem) if tag in m["tags"]]
    return [_handout(i) for i in sorted(out, key=lambda i: (i.problem, i.name))]


def tags(problem=None) -> tuple[str, ...]:
    """Every tag carried by an instance (of one family, or of all; the scale instances' included)."""
    regular = {t for p in _dirs(problem) for t in _stored(p).tags}
    return tuple(sorted(regular | {t for _, m in _scale_meta(problem) for t in m["tags"]}))


def load(problem, name) -> Instance:
    """One stored instance by family and name (read-only arrays)."""
    fam = _canonical(problem)
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, got {type(name).__name__}")
    path = _instance_path(fam, name)
    if not (path / "instance.json").is_file():
        avail = [p.name for p in _dirs(fam)]
        raise KeyError(f"no instance {name!r} in family {fam!r} ({len(avail)} instances; "
                       f"e.g. {', '.join(avail[:5])}); list them with refboost.conformance.instances({fam!r})")
    return _handout(_stored(path))


def modes(problem) -> tuple[str, ...]:
    """The candidate modes a family accepts: ``"weights"``, ``"distribution"``, ``"pair"`` (both, checked
    against each other)."""
    return _modes.MODES[_canonical(problem)]


def certify_candidate(problem, U=None, params=None, *, weights=None, distribution=None, tol=None, bound="auto",
                      pair=None):
    """Certify a candidate (weights and/or distribution) for ``(U, params)`` of a family, or for a kit instance.

    ``problem`` is a family name (then ``U`` and ``params`` are required) or an :class:`Instance` of the
    kit (then the kit's own stored copy of its matrix and parameters is used, never the caller's arrays).
    When ``(U, params)`` are exactly those of a kit instance, the kit's stored optimal solutions give the
    other side of the certificate (see :mod:`refboost.conformance._modes`); otherwise the family's
    :mod:`refboost.certify` function builds it from the candidate alone.

    Returns a :class:`refboost.certify.Certificate`. ``tol=None``: 1e-6 times max(1, |optimum|) for a kit
    instance (else max(1, |objective|); dynamics: 1e-8), an absolute gap when given. ``pair``: ``None``
    checks weights and distribution against each other when both are given (where the family has a
    distribution); ``True`` requires both; ``False`` treats a given distribution as extra evidence only.
    ``bound`` is passed to the certify functions that take one (``"auto"`` may call the ground truth of
    :mod:`refboost.truth`; ``"dual"`` uses only the candidate).
    """
    stored = None
    if isinstance(problem, Instance):
        stored = stored_copy(problem)
        if U is not None or params is not None:
            raise ValueError("give either an Instance or (problem, U, params), not both: the kit certifies an "
                             "instance against its own stored matrix and parameters")
        problem, U, params = stored.problem, stored.U, stored.params
    fam = _families.FAMILIES[_canonical(problem)]
    if not isinstance(params, Mapping):
        raise TypeError(f"params must be a dict ({fam.params_doc}), got {type(params).__name__}")
    check_choice(bound, "bound", ("auto", "dual", "truth"))
    if pair not in (None, True, False):
        raise ValueError(f"pair must be None, True or False, got {pair!r}")
    if weights is None and distribution is None:
        raise ValueError(f"give a candidate: weights, distribution, or both ({_modes.describe(fam.name)})")
    Ua = check_array(U, "U", ndim=2)  # the range is the family's (the corrective columns u, ubar are margins)
    params = dict(params)
    fam.check_params(params, Ua)
    if stored is None:
        stored = _find_stored(fam.name, Ua, params)
    if stored is not None:
        Ua, params = stored.U, dict(stored.params)

    def run(t):
        cert = _modes.certify(fam, Ua, params, weights, distribution, t, bound, pair=pair, stored=stored)
        # the family's name, not the certify function's (soft_margin_lp at nu = 1 is not "hard_margin")
        return cert if cert.problem == fam.name else dataclasses.replace(cert, problem=fam.name)

    if tol is not None or fam.name == "dynamics":
        return run(tol)
    if stored is not None:
        return run(_families.DEFAULT_TOL * max(1.0, abs(stored.value)))
    cert = run(_families.DEFAULT_TOL)
    t = _families.DEFAULT_TOL * max(1.0, abs(cert.objective))
    if t != cert.tol:
        cert = run(t)
    return cert


def verify(instance: Instance, *, bound: str = "dual"):
    """Re-certify an instance's stored solution from its files alone, at its stored tolerance."""
    if not isinstance(instance, Instance):
        raise TypeError(f"instance must be a refboost.conformance.Instance, got {type(instance).__name__}")
    d = None if instance.problem in _modes.NO_DISTRIBUTION else instance.distribution
    return certify_candidate(instance.problem, instance.U, instance.params, weights=instance.weights,
                             distribution=d, tol=instance.tol, bound=bound)


def verify_all(problems_=None, *, root=None, log=None, scale=True, trajectories=None) -> list[str]:
    """Check every stored file against its manifest and re-certify every instance; return the failures.

    ``problems_``: families (default all). ``scale``: also the scale instances of those families (their
    files' sha256, the matrix regenerated from its seed against the stored sha256, the re-certified
    solution). ``trajectories``: trajectory families to check (sha256, then refboost's booster re-run and
    compared with the stored iterates); ``None`` means all of them when no ``problems_`` are given, else none.
    """
    import json

    base = Path(root) if root is not None else kit_root()
    manifest = json.loads((base / _store.MANIFEST).read_text())
    fams = [_canonical(p) for p in problems_] if problems_ else list(problems())
    bad = []
    for rel, rec in manifest["files"].items():
        if rel.split("/")[0] in fams and _store.sha256(base / rel) != rec["sha256"]:
            bad.append(f"{rel}: sha256 differs from the manifest")
    for f in fams:
        n = 0
        for p in sorted((base / f).iterdir()) if (base / f).is_dir() else []:
            inst = _store.read_instance(p)
            cert = verify(inst)
            n += 1
            if not cert.ok:
                bad.append(f"{f}/{inst.name}: {cert.message}")
        if log:
            log(f"{f}: {n} instances verified")
    if scale:
        bad += _verify_scale(base, fams, log)
    if trajectories is None:
        trajectories = () if problems_ else "all"
    if trajectories:
        bad += _verify_trajectories(base, trajectories, log)
    if log:
        log("all certified" if not bad else "\n".join(bad))
    return bad


def _verify_scale(base: Path, fams, log) -> list[str]:
    import json

    sroot = _scale.root(base)
    if not (sroot / _store.MANIFEST).is_file():
        return []
    man = json.loads((sroot / _store.MANIFEST).read_text())
    bad = []
    for rel, rec in man["files"].items():
        top = rel.split("/")[0]
        if (top == _scale.MATRICES or top in fams) and _store.sha256(sroot / rel) != rec["sha256"]:
            bad.append(f"scale/{rel}: sha256 differs from the manifest")
    counts = {}
    for p in _scale.instance_dirs(base):
        if p.parent.name not in fams:
            continue
        inst = _scale.read_instance(p)
        meta = json.loads((p / "instance.json").read_text())
        if _scale.array_sha256(inst.U) != meta["U_source"]["sha256"]:
            bad.append(f"scale/{inst.problem}/{inst.name}: the stored matrix's sha256 is not the recorded one")
        if _scale.array_sha256(_scale.regenerate(meta)) != meta["U_source"]["sha256"]:
            bad.append(f"scale/{inst.problem}/{inst.name}: the matrix regenerated from its seed differs "
                       "(numpy's random streams changed?); the stored bits file still holds the instance")
        cert = _modes.certify(_families.FAMILIES[inst.problem], inst.U, inst.params, inst.weights,
                              inst.distribution, inst.tol, "dual", pair=True, stored=None)
        if not cert.ok:
            bad.append(f"scale/{inst.problem}/{inst.name}: {cert.message}")
        counts[inst.problem] = counts.get(inst.problem, 0) + 1
    if log:
        for f, n in counts.items():
            log(f"scale/{f}: {n} instances verified (matrix regenerated from its seed)")
    return bad


def _verify_trajectories(base: Path, families, log) -> list[str]:
    import json

    from . import trajectories as tj

    troot = base / tj.FOLDER
    if not (troot / "manifest.json").is_file():
        return [f"{troot}: no trajectories manifest"]
    man = json.loads((troot / "manifest.json").read_text())
    fams = list(tj.families()) if families == "all" else [tj.canonical(f) for f in families]
    bad = []
    for f in fams:
        name = f"{f}{tj.SUFFIX}"
        if name not in man["files"]:
            bad.append(f"trajectories/{name}: not in the manifest")
            continue
        if _store.sha256(troot / name) != man["files"][name]["sha256"]:
            bad.append(f"trajectories/{name}: sha256 differs from the manifest")
            continue
        data = tj.read_family_file(troot / name)
        n = 0
        for rec in data["instances"]:
            inst = tj._from_record(f, rec, data["tolerance"])
            rep = tj.compare(inst, tj.refboost_iterates(inst))
            n += 1
            if not rep.ok:
                bad.append(f"trajectories/{f}/{inst.name}: {rep.report().splitlines()[0]}")
        if log:
            log(f"trajectories/{f}: {n} instances re-run by refboost's booster")
    return bad
