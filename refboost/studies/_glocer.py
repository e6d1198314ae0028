"""Glocer (2009), chapter 5: the declared studies.

``glocer_ch5``: decision stumps (Tables 5.4, 5.7, 5.10 and the curves of Figs 5.10-5.25);
``glocer_raw``: raw-feature hypotheses (Tables 5.5, 5.8, 5.11; Figs 5.11, 5.14, 5.17, 5.20, 5.23, 5.26);
``glocer_svm``: "SVM" hypotheses, the columns of the linear kernel matrix, with the linear SVM itself as
the baseline row (Tables 5.6, 5.9, 5.12; Figs 5.12, 5.15, 5.18, 5.21, 5.24, 5.27). The three share the
grid (Table 5.3), the selection by validation error and the analysis; each has its own store.
"""

from __future__ import annotations

import json

from ._common import _key, _params, find_cell, paper_numbers, records_by_cell
from .keys import Study

# ------------------------------------------------------------------------------------------
# Glocer (2009), chapter 5
# ------------------------------------------------------------------------------------------

GLOCER_TC = ("erlpboost", "binary_erlpboost")
GLOCER_CORRECTIVE = ("corrective_erlpboost", "corrective_binary_erlpboost")
GLOCER_BOOSTERS = ("lpboost", *GLOCER_TC, *GLOCER_CORRECTIVE, "adaboost")

#: Glocer (2009), Table 5.3: the eta grid and the nu/N grid (nu = 1 is the first entry, "1/N").
GLOCER_ETA = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 3000)
GLOCER_NU_FRAC = (None, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)

#: The Table 5.4 data sets run here (astro-ph, news20 and real-sim are catalogued but not stored here).
GLOCER_PAPER_SETS = ("german.numer", "diabetes", "a9a")

#: The thesis' protocol: one random 60/20/20 train/validation/test split of all the examples.
GLOCER_SPLIT = "60/20/20:s0"

#: Sets with a published 60/20/20 split use it instead (:data:`refboost.studies.PUBLISHED_SPLITS`): a9a's is
#: the one shipped with the ERLPBoost code, whose part sizes are those of Glocer (2009), Table 5.2.
GLOCER_PUBLISHED = {"a9a": "erlpboost-0.1"}


def glocer_split(dataset: str) -> str:
    """The split a data set's Glocer cells run on: its published 60/20/20 split if it has one, else ours."""
    return GLOCER_PUBLISHED.get(dataset, GLOCER_SPLIT)

GLOCER_CI_SETS = ("australian",)  # bundled LIBSVM stand-in: none of the thesis' sets is bundled

#: The hypothesis classes of Glocer (2009), ch. 5 ("Raw data hypotheses ... SVM hypotheses"), as weak learners:
#: decision stumps, raw features (:class:`refboost.oracles.RawFeatureOracle`) and "SVM" hypotheses
#: h_m(x) = <x, x_m> (the thesis: "multiplying the original data matrix by one of its rows", i.e. the columns
#: of the linear kernel matrix, :class:`refboost.oracles.KernelColumnOracle`).
GLOCER_WEAK_LEARNERS = ("stump", "raw", "kernel")

#: The baseline row of Tables 5.6 and 5.9, a linear SVM: AdaBoost's first round with the linear-SVM weak
#: learner (:class:`refboost.oracles.LinearSVMOracle`, C = 1) under the uniform distribution is the sign of
#: the SVM trained on the unweighted training part, so one AdaBoost iteration *is* the SVM's classifier.
GLOCER_SVM_BASELINE = ("adaboost", "linear-svm", {"max_iter": 1})


def glocer_boosters(weak_learner: str = "stump") -> tuple[str, ...]:
    """The boosters of a hypothesis class' study: every Table 5.3 booster for stumps; for raw and SVM
    hypotheses the rows of Tables 5.5 and 5.6 (LPBoost has no row there and is not run; the SVM
    table has the linear SVM instead of AdaBoost, declared as its ``adaboost`` cell)."""
    if weak_learner == "stump":
        return GLOCER_BOOSTERS
    return (*GLOCER_TC, *GLOCER_CORRECTIVE, "adaboost")


def cell_weak_learner(booster: str, weak_learner: str) -> str:
    """The weak learner of a cell: the study's class, except the SVM study's baseline (linear SVM)."""
    if weak_learner == "kernel" and booster == GLOCER_SVM_BASELINE[0]:
        return GLOCER_SVM_BASELINE[1]
    return weak_learner


def _nu(p) -> dict:
    return {} if p is None else {"nu_frac": p}


def _glocer_settings(booster: str, scale: str, weak_learner: str = "stump") -> list[dict]:
    """Glocer (2009), Table 5.3, per booster (paper), or two tiny settings (ci).

    SVM hypotheses (``weak_learner="kernel"``) add the theoretical eta at eps = 1e-5 and nu = 1 for the
    four ERLPBoost variants: Table 5.12's german winners (eta of order 1e6) are that setting, which the
    Table 5.3 grid does not list. Their ``adaboost`` cell is the linear-SVM baseline (one round).
    """
    if weak_learner == "kernel" and booster == GLOCER_SVM_BASELINE[0]:
        return [dict(GLOCER_SVM_BASELINE[2])]
    if scale == "ci":
        if booster == "adaboost":
            return [{"max_iter": 50}]
        return [{"eps": 0.1}, {"eps": 0.1, "nu_frac": 0.2}]
    if booster == "adaboost":
        return [{"max_iter": 20000}]
    if booster == "lpboost":  # eps 0.05 for stumps (the thesis' text), max-iter 1000
        return [{"eps": 0.05, "max_iter": 1000, **_nu(p)} for p in GLOCER_NU_FRAC]
    max_iter = 1000 if booster in GLOCER_TC else 20000
    out = []
    for p in GLOCER_NU_FRAC:
        out += [{"eps": 0.001, "eta": float(e), "max_iter": max_iter, **_nu(p)} for e in GLOCER_ETA]
        # the theoretical eta (the booster's default) at eps = 0.001 and 0.01, which Tables 5.10-5.12 show won
        out += [{"eps": eps, "max_iter": max_iter, **_nu(p)} for eps in (0.001, 0.01)]
        if weak_learner == "kernel" and p is None:  # after the nu = 1 block: its largest eta
            out.append({"eps": 1e-05, "max_iter": max_iter})
    return out


def _theoretical(params: dict) -> bool:
    return "eta" not in params


def _glocer_tier(booster: str, params: dict, weak_learner: str = "stump") -> int:
    """The order of the paper cells: 0 and 1 form the core subset run first, 2 is the rest.

    Tier 0 (cheap): every LPBoost and AdaBoost setting; for the totally corrective boosters every
    eta at nu = 1 (Figs 5.10, 5.19, 5.22 and 5.25 vary eta at nu = 1) and, at the other nu/N, the
    theoretical eta (eps 0.001 and 0.01) and eta in {10, 100, 1000}. Tier 1 (20,000 iterations
    each): the corrective boosters at nu = 1 with eta in {10, 100, 1000} and the theoretical eta
    (eps 0.001), and with the theoretical eta at nu/N in {0.2, 0.4, 0.6} (every winner of
    Table 5.10 is a theoretical eta).

    Raw and SVM hypotheses (a totally corrective cell costs well under a second there): tier 0 is every
    totally corrective setting, AdaBoost and the linear SVM; tier 1 the corrective boosters at the
    theoretical eta for eps 0.001 and 0.01 (every winner of Tables 5.11 and 5.12 is one) at nu/N in
    {1/N, 0.2, 0.4, 0.6}, at eta in {10, 100, 1000} with nu = 1 and (SVM) the theoretical eta at eps = 1e-5,
    nu = 1.
    """
    if booster in ("lpboost", "adaboost"):
        return 0
    if weak_learner != "stump":
        if booster in GLOCER_TC:
            return 0
        at_one = "nu_frac" not in params
        if _theoretical(params):
            return 1 if at_one or params["nu_frac"] in (0.2, 0.4, 0.6) else 2
        return 1 if at_one and params["eta"] in (10.0, 100.0, 1000.0) else 2
    at_one = "nu_frac" not in params
    if booster in GLOCER_TC:
        return 0 if at_one or _theoretical(params) or params["eta"] in (10.0, 100.0, 1000.0) else 2
    theo = _theoretical(params) and params["eps"] == 0.001
    if at_one:
        return 1 if theo or params.get("eta") in (10.0, 100.0, 1000.0) else 2
    return 1 if theo and params["nu_frac"] in (0.2, 0.4, 0.6) else 2


def _glocer_grid(scale: str, weak_learner: str = "stump") -> list[dict]:
    """The cells; at paper scale tier by tier (tier 1 setting-major, theoretical eta first, so every
    data set and booster gets its first settings first): ``--limit`` with :func:`glocer_core_count`
    runs exactly the core."""
    sets = GLOCER_CI_SETS if scale == "ci" else GLOCER_PAPER_SETS
    keys = []
    for i, dataset in enumerate(sets):
        for booster in glocer_boosters(weak_learner):
            wl = cell_weak_learner(booster, weak_learner)
            for j, params in enumerate(_glocer_settings(booster, scale, weak_learner)):
                tier = 0 if scale == "ci" else _glocer_tier(booster, params, weak_learner)
                order = (tier, 0, i, 0) if tier != 1 else (tier, not _theoretical(params), j, i)
                keys.append((order, _key(dataset, glocer_split(dataset), booster, params, wl)))
    return [k for _, k in sorted(keys, key=lambda ok: ok[0])]  # stable: declared order otherwise


def glocer_core_count(datasets=GLOCER_PAPER_SETS, weak_learner: str = "stump") -> int:
    """The number of core-tier paper cells of ``datasets``."""
    return sum(
        _glocer_tier(b, p, weak_learner) < 2
        for _ in datasets
        for b in glocer_boosters(weak_learner)
        for p in _glocer_settings(b, "paper", weak_learner)
    )


def glocer_eta(booster: str, params: dict, n_train: int) -> float | None:
    """The eta a cell ran with: the declared one, else the theoretical one (:func:`refboost.bounds.eta_erlp`,
    :func:`refboost.bounds.eta_binary`; Glocer (2009), Thms 3.10 and 3.21) for its eps, N and nu; None for
    LPBoost and AdaBoost."""
    from ..bounds import eta_binary, eta_erlp
    from .cells import booster_params

    if booster not in (*GLOCER_TC, *GLOCER_CORRECTIVE):
        return None
    if "eta" in params:
        return float(params["eta"])
    nu = booster_params(params, n_train).get("nu", 1.0)
    fn = eta_binary if "binary" in booster else eta_erlp
    return float(fn(params["eps"], n_train, nu))


def glocer_setting_label(booster: str, params: dict, n_train: int) -> str:
    """A setting as Glocer (2009), Tables 5.10-5.12, print it: "nu/N, eta" (nu/N = 0 for nu = 1; "*" for
    eps = 0.01, "**" for eps = 1e-5, which Table 5.12 uses without saying so); LPBoost "nu/N"; AdaBoost
    its iterations."""
    if booster == "adaboost":
        return f"T={params['max_iter']}"
    nu = f"{params['nu_frac']:g}" if "nu_frac" in params else "0"
    eta = glocer_eta(booster, params, n_train)
    if eta is None:
        return nu
    star = {0.01: " *", 1e-05: " **"}.get(params.get("eps"), "")
    return f"{nu}, {eta:.0f}{star}"


def glocer_best(records: list[dict], scale: str, weak_learner: str = "stump") -> list[dict]:
    """Per data set and booster: the stored setting of least validation error and its record.

    Ties are broken by the Table 5.3 order of :func:`_glocer_settings` (nu/N ascending, then eta ascending,
    the theoretical eta last), so the choice does not depend on the order cells were run in.
    """
    sets = GLOCER_CI_SETS if scale == "ci" else GLOCER_PAPER_SETS
    by = records_by_cell(records)
    out = []
    for dataset in sets:
        for booster in glocer_boosters(weak_learner):
            settings = _glocer_settings(booster, scale, weak_learner)
            recs = [find_cell(by, dataset, glocer_split(dataset), booster, s) for s in settings]
            done = [(i, r) for i, r in enumerate(recs) if r is not None]
            best = min(done, key=lambda ir: (ir[1]["val_error"], ir[0]))[1] if done else None
            out.append({"dataset": dataset, "booster": booster, "n_settings": len(settings), "done": done,
                        "best": best})
    return out


def _paper_label(pb) -> str | None:
    if pb is None:
        return None
    return f"{pb[0]:g}, {pb[1]:g}" + {0.01: " *", 1e-05: " **"}.get(pb[2], "")


def _glocer_analysis(
    records: list[dict], scale: str, weak_learner: str = "stump", study: str = "glocer_ch5"
) -> list[dict]:
    """Tables 5.4, 5.7 and 5.10 in one (5.5, 5.8, 5.11 for raw data; 5.6, 5.9, 5.12 for SVM hypotheses):
    per data set and booster, the setting of least validation error (:func:`glocer_best`), its test error,
    CPU time and parameters next to the thesis'."""
    paper = paper_numbers()[study]
    rows = []
    for b in glocer_best(records, scale, weak_learner):
        dataset, booster, best, done = b["dataset"], b["booster"], b["best"], b["done"]
        pb = paper["best"].get(dataset, {}).get(booster)
        wl = {} if weak_learner == "stump" else {"weak_learner": cell_weak_learner(booster, weak_learner)}
        rows.append(
            {
                "dataset": dataset,
                "booster": booster,
                **wl,
                "settings": f"{len(done)}/{b['n_settings']}",
                "chosen": None if best is None else glocer_setting_label(booster, _params(best), best["n_train"]),
                "paper_chosen": _paper_label(pb),
                "val_error_pct": None if best is None else 100 * best["val_error"],
                "test_error_pct": None if best is None else 100 * best["test_error"],
                "paper_pct": paper["values"].get(dataset, {}).get(booster),
                "cpu_s": None if best is None else best["time_cpu"],
                "paper_s": paper["times"].get(dataset, {}).get(booster),
                "converged": f"{sum(bool(r['converged']) for _, r in done)}/{len(done)}",
            }
        )
    return rows


def glocer_curve(records: list[dict], dataset: str, booster: str, vary: str, *, eps: float = 0.001) -> list[dict]:
    """One line of Figs 5.10-5.27 from the stored cells (stumps).

    ``vary="eta"``: the cells at nu = 1 and ``eps`` (every eta of the grid and the theoretical one),
    sorted by eta; ``vary="nu"``: the cells at the theoretical eta and ``eps``, sorted by nu/N (0 for
    nu = 1). Each point: ``eta``, ``nu_frac``, ``theoretical``, ``test_error``, ``val_error``, ``time_cpu``,
    ``n_iter``, ``n_hypotheses``.
    """
    if vary not in ("eta", "nu"):
        raise ValueError(f"vary must be one of ['eta', 'nu'], got {vary!r}")
    pts = []
    for r in records:
        p = _params(r)
        if r["dataset"] != dataset or r["booster"] != booster or p.get("eps") != eps:
            continue
        theo = "eta" not in p
        if (vary == "eta" and "nu_frac" in p) or (vary == "nu" and not theo):
            continue
        pts.append(
            {
                "eta": glocer_eta(booster, p, r["n_train"]),
                "nu_frac": p.get("nu_frac", 0.0),
                "theoretical": theo,
                **{f: r[f] for f in ("test_error", "val_error", "time_cpu", "n_iter", "n_hypotheses")},
            }
        )
    return sorted(pts, key=lambda q: (q["eta"], q["nu_frac"]) if vary == "eta" else (q["nu_frac"], q["eta"]))


GLOCER_CH5 = Study(
    name="glocer_ch5",
    title="Test error, CPU time and parameters of (binary, corrective) ERLPBoost and AdaBoost with stumps, "
    "parameters by validation",
    source="Glocer (2009), Tables 5.4, 5.7, 5.10",
    grid=_glocer_grid,
    analysis=_glocer_analysis,
    notes=(
        "Protocol (thesis, ch. 5): training and test parts together, one random 60/20/20 "
        "train/validation/test split; parameters from the Table 5.3 grids (eta in {1, ..., 3000} plus the "
        "theoretical eta at eps 0.001 and 0.01, nu/N in {1/N, 0.1, ..., 0.9}; eps 0.001, max-iter 1,000 "
        "totally corrective and 20,000 corrective; LPBoost eps 0.05 for stumps; AdaBoost 20,000 "
        "iterations) chosen by validation error; test error of the chosen setting; reflexive decision "
        "stumps. Data: german (LIBSVM german.numer, 24 features as in Table 5.1), diabetes, a9a; none "
        "is bundled, so the paper scale needs `refboost-data download libsvm:german.numer libsvm:diabetes "
        "libsvm:a9a-erlpboost`; astro-ph, news20 and real-sim are catalogued (unpinned checksums) but not stored here. "
        "LPBoost is run for its "
        "Table 5.3 grid but has no Table 5.4 row (the thesis excludes it). SoftBoost is not part of the "
        "chapter's experiments. german and diabetes: our seed differs from the thesis' (its script is not public); "
        "a9a: the 60/20/20 split published with the ERLPBoost code (split `erlpboost-0.1`), whose sizes are "
        "Table 5.2's. ci "
        "scale: the bundled LIBSVM australian set as a stand-in, eps = 0.1, two settings per booster, "
        "AdaBoost 50 iterations. Paper scale: every setting of the Table 5.3 grids on german, diabetes and a9a, "
        "declared in the order of `_glocer_tier` (the core tiers first, the corrective tier interleaved over the "
        "data sets), so a partial run leaves whole core pools; the table's `settings` column gives the count per "
        "booster. "
        "Times are the cells' CPU times (`time_cpu`), compared with Table 5.7 by order only."
    ),
)


_HYP_NOTES = (
    "Protocol as glocer_ch5 (one random 60/20/20 split of all the examples, the Table 5.3 grids, the "
    "setting of least validation error, its test error and CPU time), with {what}. {scaling} Boosters: the "
    "four ERLPBoost variants and {baseline}; LPBoost has no row in Tables 5.5/5.6 and is not run. Paper "
    "scale: {sets}; the grid declares the core tiers of `_glocer_tier` first "
    "(every totally corrective setting; the corrective boosters at the theoretical eta for eps 0.001 and "
    "0.01 at nu/N in {{1/N, 0.2, 0.4, 0.6}}, at eta in {{10, 100, 1000}} with nu = 1{extra}), then every other "
    "corrective setting; the table's `settings` column gives the count per booster. ci scale: the bundled "
    "australian set, eps = 0.1, two settings per booster."
)


def _hyp_study(name: str, weak_learner: str, title: str, source: str, notes: str) -> Study:
    return Study(
        name=name,
        title=title,
        source=source,
        grid=lambda scale: _glocer_grid(scale, weak_learner),
        analysis=lambda records, scale: _glocer_analysis(records, scale, weak_learner, name),
        notes=notes,
    )


GLOCER_RAW = _hyp_study(
    "glocer_raw",
    "raw",
    "Test error, CPU time and parameters of (binary, corrective) ERLPBoost and AdaBoost with raw-feature "
    "hypotheses, parameters by validation",
    "Glocer (2009), Tables 5.5, 5.8, 5.11",
    _HYP_NOTES.format(
        what="raw-feature hypotheses h_j(x) = x_j / max_n |x_nj| (reflexive; the thesis does not say how it "
        "scales them)",
        scaling="german.numer is the catalogue's unscaled file, diabetes the LIBSVM-scaled one.",
        baseline="AdaBoost (20,000 iterations)",
        sets="german.numer, diabetes and a9a (its published split `erlpboost-0.1`)",
        extra="",
    ),
)

GLOCER_SVM = _hyp_study(
    "glocer_svm",
    "kernel",
    "Test error, CPU time and parameters of (binary, corrective) ERLPBoost with SVM hypotheses (linear-kernel "
    "columns) and of a linear SVM, parameters by validation",
    "Glocer (2009), Tables 5.6, 5.9, 5.12",
    _HYP_NOTES.format(
        what="SVM hypotheses h_m(x) = <x, x_m> / max_n |<x_n, x_m>| (one per training example, reflexive: the "
        "columns of the linear kernel matrix, as the thesis defines them; the scaling is ours)",
        scaling="german.numer is the catalogue's unscaled file (its large-valued features dominate the inner "
        "products), diabetes the LIBSVM-scaled one.",
        baseline="the linear SVM of the tables' last row (scikit-learn LinearSVC, C = 1, on the unweighted "
        "training part; the thesis gives neither its software nor its C), declared as one AdaBoost round "
        "with the linear-SVM weak learner",
        sets="german.numer, diabetes and a9a (its published split; its 29,305 x 29,305 kernel matrix is never "
        "formed: KernelColumnOracle is matrix-free above 7,000 training examples, oracles.LinearKernelOracle)",
        extra="; and the theoretical eta at eps = 1e-5 and nu = 1, the setting of Table 5.12's german winners",
    ),
)

DECLARED = (GLOCER_CH5, GLOCER_RAW, GLOCER_SVM)


# ------------------------------------------------------------------------------------------
# Glocer (2009), §5.1: test error against iteration (Figs 5.1-5.9)
# ------------------------------------------------------------------------------------------

#: Figs 5.1-5.3 (LPBoost, nu = 1) and 5.4-5.6 (LPBoost, capped): LPBoost at eps = 0.05 with stumps (Fig 5.1's
#: caption) and eps = 0.01 with raw-data and SVM hypotheses (Fig 5.2's; :data:`GLOCER_STABILITY_LP_EPS`); the
#: capped runs at nu/N in {0.1, 0.3} (the figures' legends are not legible in our copy of the thesis, so the
#: two capping levels are ours). Figs 5.7-5.9: ERLPBoost at nu = 1, eps = 0.001 and
#: eta in {20, 200, 2000} (the thesis, §5.1).
GLOCER_STABILITY_SETTINGS = (
    ("lpboost", {"max_iter": 1000}),
    ("lpboost", {"max_iter": 1000, "nu_frac": 0.1}),
    ("lpboost", {"max_iter": 1000, "nu_frac": 0.3}),
    ("erlpboost", {"eps": 0.001, "eta": 20.0, "max_iter": 1000}),
    ("erlpboost", {"eps": 0.001, "eta": 200.0, "max_iter": 1000}),
    ("erlpboost", {"eps": 0.001, "eta": 2000.0, "max_iter": 1000}),
)

#: LPBoost's eps per hypothesis class in the §5.1 runs (Glocer (2009), Figs 5.1 and 5.2).
GLOCER_STABILITY_LP_EPS = {"stump": 0.05, "raw": 0.01, "kernel": 0.01}

#: The §5.1 figures' row of a cell: (figure for stumps, raw data, SVM hypotheses).
GLOCER_STABILITY_FIGS = {"lpboost": ("Fig 5.1", "Fig 5.2", "Fig 5.3"),
                         "lpboost capped": ("Fig 5.4", "Fig 5.5", "Fig 5.6"),
                         "erlpboost": ("Fig 5.7", "Fig 5.8", "Fig 5.9")}

#: A run is called unstable when its test error rises by at least this much between two consecutive trace
#: checkpoints (5 percentage points: 10 of german's 200 and 8 of diabetes' 154 test examples). The thesis'
#: own yardstick (§5.1): a change of 0.07 in one iteration is its "most unstable instance of ERLPBoost",
#: "not nearly as severe" as LPBoost's fluctuations.
GLOCER_JUMP = 0.05


def _stability_grid(scale: str) -> list[dict]:
    """Traced cells (``trace: True``): every setting of :data:`GLOCER_STABILITY_SETTINGS` for each hypothesis
    class on german and diabetes (paper), or LPBoost and ERLPBoost at eps = 0.1 on the bundled australian set
    with stumps and raw data (ci)."""
    if scale == "ci":
        return [
            _key(GLOCER_CI_SETS[0], glocer_split(GLOCER_CI_SETS[0]), b, {**p, "trace": True}, wl)
            for wl in ("stump", "raw")
            for b, p in (("lpboost", {"eps": 0.1, "max_iter": 100}),
                         ("erlpboost", {"eps": 0.1, "eta": 20.0, "max_iter": 100}))
        ]
    return [
        _key(ds, glocer_split(ds), b, {**p, **_lp_eps(b, wl), "trace": True}, wl)
        for wl in GLOCER_WEAK_LEARNERS
        for ds in ("german.numer", "diabetes")
        for b, p in GLOCER_STABILITY_SETTINGS
    ]


def _lp_eps(booster: str, weak_learner: str) -> dict:
    return {"eps": GLOCER_STABILITY_LP_EPS[weak_learner]} if booster == "lpboost" else {}


def glocer_trace_stats(rec: dict) -> dict:
    """The test-error path of a traced cell and its instability statistics.

    ``t`` and ``test_error`` (the trace's checkpoints), ``max_rise``: the largest increase of the test error
    between consecutive checkpoints, ``at``: the checkpoint it ends at, ``tv``: the total variation of the
    path, ``net``: first minus last test error, ``unstable``: ``max_rise >= GLOCER_JUMP``.
    """
    tr = json.loads(rec["trace"]) if isinstance(rec["trace"], str) else rec["trace"]
    t, e = list(tr["t"]), [float(v) for v in tr["test_error"]]
    rises = [e[i + 1] - e[i] for i in range(len(e) - 1)]
    k = max(range(len(rises)), key=rises.__getitem__) if rises else None
    max_rise = max(rises) if rises else 0.0
    return {"t": t, "test_error": e, "max_rise": max_rise, "at": None if k is None else t[k + 1],
            "tv": sum(abs(r) for r in rises), "net": e[0] - e[-1], "unstable": max_rise >= GLOCER_JUMP}


def _stability_row(booster: str, p: dict) -> str:
    if booster == "lpboost":
        return "lpboost capped" if "nu_frac" in p else "lpboost"
    return "erlpboost"


def _stability_analysis(records: list[dict], scale: str) -> list[dict]:
    """Per cell: the figure it belongs to, its iterations and the instability statistics of its test-error
    path (:func:`glocer_trace_stats`), next to the thesis' verdict for the figure (unstable for LPBoost,
    stable for ERLPBoost)."""
    rows = []
    for r in records:
        p = _params(r)
        row = _stability_row(r["booster"], p)
        s = glocer_trace_stats(r)
        rows.append({
            "dataset": r["dataset"],
            "weak_learner": r["weak_learner"],
            "figure": GLOCER_STABILITY_FIGS[row][GLOCER_WEAK_LEARNERS.index(r["weak_learner"])],
            "booster": r["booster"],
            "setting": glocer_setting_label(r["booster"], {k: v for k, v in p.items() if k != "trace"},
                                            r["n_train"]),
            "n_iter": r["n_iter"],
            "max_rise_pct": 100 * s["max_rise"],
            "tv_pct": 100 * s["tv"],
            "test_error_pct": 100 * s["test_error"][-1],
            "unstable": s["unstable"],
            "paper": "stable" if row == "erlpboost" else "unstable",
        })
    return rows


GLOCER_STABILITY = Study(
    name="glocer_stability",
    title="Test error against iteration of LPBoost (uncapped, capped) and ERLPBoost (eta 20, 200, 2000) for "
    "stumps, raw-data and SVM hypotheses",
    source="Glocer (2009), §5.1, Figs 5.1-5.9",
    grid=_stability_grid,
    analysis=_stability_analysis,
    notes=(
        "Protocol (thesis, §5.1): single runs, test error of the combined hypothesis after t iterations, on the "
        "60/20/20 split of glocer_ch5; LPBoost (eps 0.05 with stumps, 0.01 with raw data and SVM hypotheses, as "
        "in Figs 5.1 and 5.2) with nu = 1 (Figs 5.1-5.3) and nu/N in {0.1, 0.3} (Figs 5.4-5.6; the capping levels "
        "are ours), ERLPBoost at nu = 1, eps 0.001, eta in {20, 200, 2000} "
        "(Figs 5.7-5.9); stumps, raw-data and SVM hypotheses as in glocer_ch5, glocer_raw, glocer_svm. The "
        "trace evaluates the test error at roughly geometric checkpoints (ratio sqrt 2, every iteration up to "
        "t = 4, and always the last one), not at every iteration. A run is called unstable when the test error "
        "rises by >= 5 percentage points between consecutive checkpoints. Paper scale: german.numer "
        "and diabetes only (the thesis' other four sets are not run). ci scale: the bundled australian set, "
        "eps = 0.1, stumps and raw data."
    ),
)

DECLARED = (*DECLARED, GLOCER_STABILITY)


# ------------------------------------------------------------------------------------------
# Glocer (2009), §5.5: high precision (Figs 5.28, 5.29), stumps and raw data
# ------------------------------------------------------------------------------------------

#: Glocer (2009), §5.5: ERLPBoost (max-iter 1,000) and Corrective ERLPBoost (20,000) at eps = 1e-5, nu = 1, the
#: theoretical eta. Each cell keeps the duality gap the booster stops on at about 24 checkpoints a decade
#: (``curve``: ERLPBoost's ``delta_practical``, Alg. 3.2; Corrective ERLPBoost's ``delta``, Alg. 4.1), the
#: curves of Figs 5.28 and 5.29.
GLOCER_PRECISION_SETTINGS = (
    ("erlpboost", {"eps": 1e-05, "max_iter": 1000, "curve": "delta_practical"}),
    ("corrective_erlpboost", {"eps": 1e-05, "max_iter": 20000, "curve": "delta"}),
)


def _precision_grid(scale: str) -> list[dict]:
    """german and diabetes (Figs 5.29 and 5.28) with stumps, raw data and SVM hypotheses (paper); the bundled
    australian set with stumps, eps = 0.01 and 1,000 corrective iterations (ci)."""
    if scale == "ci":
        ds = GLOCER_CI_SETS[0]
        return [_key(ds, glocer_split(ds), b, {**p, "eps": 0.01, "max_iter": min(p["max_iter"], 1000)}, "stump")
                for b, p in GLOCER_PRECISION_SETTINGS]
    return [_key(ds, glocer_split(ds), b, dict(p), wl) for wl in GLOCER_WEAK_LEARNERS
            for ds in ("german.numer", "diabetes") for b, p in GLOCER_PRECISION_SETTINGS]


def _precision_analysis(records: list[dict], scale: str) -> list[dict]:
    """Per data set and hypothesis class: each booster's iterations, final duality gap, convergence and CPU time,
    and whether the totally corrective run reached eps/2 in less CPU time than the corrective run used."""
    by = {(r["dataset"], r["weak_learner"], r["booster"]): r for r in records}
    rows = []
    for (ds, wl, b), r in sorted(by.items()):
        if b != "erlpboost" or (ds, wl, "corrective_erlpboost") not in by:
            continue
        c = by[(ds, wl, "corrective_erlpboost")]
        rows.append({
            "dataset": ds, "weak_learner": wl,
            "tc_iter": r["n_iter"], "tc_gap": r["gap"], "tc_converged": bool(r["converged"]), "tc_cpu_s": r["time_cpu"],
            "corr_iter": c["n_iter"], "corr_gap": c["gap"], "corr_converged": bool(c["converged"]),
            "corr_cpu_s": c["time_cpu"],
            "test_tc_pct": 100 * r["test_error"], "test_corr_pct": 100 * c["test_error"],
            # TC reached eps/2 in less CPU time than the corrective run used (converged or not)
            "tc_faster": bool(r["converged"]) and r["time_cpu"] < c["time_cpu"],
        })
    return rows


GLOCER_PRECISION = Study(
    name="glocer_precision",
    title="ERLPBoost vs Corrective ERLPBoost at eps = 1e-5 with stumps, raw data and SVM hypotheses: the duality gap "
    "against iterations and time",
    source="Glocer (2009), §5.5, Figs 5.28, 5.29",
    grid=_precision_grid,
    analysis=_precision_analysis,
    notes=(
        "Protocol (thesis, §5.5): nu = 1, eps = 1e-5, the theoretical eta (2/eps ln N), ERLPBoost max-iter 1,000, "
        "Corrective ERLPBoost 20,000, on the 60/20/20 split of glocer_ch5; german.numer and diabetes with stumps, "
        "raw data and SVM hypotheses (the same runs as glocer_svm's cells of these settings, which lack the "
        "curves). Each record's trace holds the duality gap the booster stops on (param curve: ERLPBoost's "
        "delta_practical, Corrective ERLPBoost's delta) at about 24 checkpoints a decade and trace_time the run's "
        "clock there: the curves of Figs 5.28 and 5.29. ci scale: the bundled australian set, stumps, eps = 0.01, "
        "1,000 corrective iterations."
    ),
)

DECLARED = (*DECLARED, GLOCER_PRECISION)
