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
from ._runner import Study

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
                keys.append((order, _key(dataset, GLOCER_SPLIT, booster, params, wl)))
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
    from ._runner import booster_params

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
            recs = [find_cell(by, dataset, GLOCER_SPLIT, booster, s) for s in settings]
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
        "libsvm:a9a`; astro-ph, news20 and real-sim are catalogued (unpinned checksums) but not stored here. "
        "LPBoost is run for its "
        "Table 5.3 grid but has no Table 5.4 row (the thesis excludes it). SoftBoost is not part of the "
        "chapter's experiments. The split seed differs from the thesis' (its script is not public). ci "
        "scale: the bundled LIBSVM australian set as a stand-in, eps = 0.1, two settings per booster, "
        "AdaBoost 50 iterations. Paper scale as run here: the core tiers of `_glocer_tier` on german and "
        "diabetes only (cells in tier order, corrective tier interleaved over the data sets; a 20,000-iteration "
        "corrective cell costs ~18 s CPU on the shared 2-core machine), all 286 core cells: the table's "
        "`settings` column gives the count per booster and provenance.json every run. a9a: only a timing "
        "probe, six cells (LPBoost at nu/N in {1/N, 0.1, 0.2, 0.3}, ERLPBoost at the theoretical eta with nu = 1 "
        "and nu/N = 0.3; `glocer_a9a_probe`), so its table rows are not the thesis' selection. "
        "Times are the cells' CPU times (`time_cpu`), compared with Table 5.7 by order only."
    ),
)


_HYP_NOTES = (
    "Protocol as glocer_ch5 (one random 60/20/20 split of all the examples, the Table 5.3 grids, the "
    "setting of least validation error, its test error and CPU time), with {what}. {scaling} Boosters: the "
    "four ERLPBoost variants and {baseline}; LPBoost has no row in Tables 5.5/5.6 and is not run. Paper "
    "scale as run here: german.numer and diabetes only (a9a not run), the core tiers of `_glocer_tier` "
    "(every totally corrective setting; the corrective boosters at the theoretical eta for eps 0.001 and "
    "0.01 at nu/N in {{1/N, 0.2, 0.4, 0.6}}, at eta in {{10, 100, 1000}} with nu = 1{extra}){ran}; the table's "
    "`settings` column gives the count per booster, provenance.json every run. ci scale: the bundled "
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
        extra="",
        ran=", all of which ran",
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
        extra="; and the theoretical eta at eps = 1e-5 and nu = 1, the setting of Table 5.12's german winners",
        ran=", all of which ran (the first run was interrupted, as its provenance entry says, and the rest ran "
        "in batches of eight)",
    ),
)

DECLARED = (GLOCER_CH5, GLOCER_RAW, GLOCER_SVM)


#: The a9a cells run as a timing probe (the largest N of the thesis' small-feature sets: 29,305 training
#: examples): LPBoost and ERLPBoost at the theoretical eta, uncapped and at nu/N = 0.3 (Table 5.10's a9a
#: ERLPBoost winner). Each is a cell of the glocer_ch5 paper grid.
GLOCER_A9A_PROBE = (
    ("lpboost", {"eps": 0.05, "max_iter": 1000}),
    ("erlpboost", {"eps": 0.001, "max_iter": 1000}),
    ("erlpboost", {"eps": 0.001, "max_iter": 1000, "nu_frac": 0.3}),
    ("lpboost", {"eps": 0.05, "max_iter": 1000, "nu_frac": 0.3}),
)


def glocer_a9a_probe() -> Study:
    """The glocer_ch5 study with the cells of :data:`GLOCER_A9A_PROBE` moved to the front of its grid (the same
    cells, name and store): ``run_study(glocer_a9a_probe(), "paper", limit=n)`` adds the first ``n`` probe cells
    to the glocer_ch5 paper store, and its provenance counts the whole grid."""
    probe = [_key("a9a", GLOCER_SPLIT, b, p, "stump") for b, p in GLOCER_A9A_PROBE]
    ids = {json.dumps(k, sort_keys=True) for k in probe}

    def grid(scale):
        keys = _glocer_grid(scale)
        if scale != "paper":
            return keys
        assert sum(json.dumps(k, sort_keys=True) in ids for k in keys) == len(probe)  # all declared cells
        return probe + [k for k in keys if json.dumps(k, sort_keys=True) not in ids]

    return Study(
        name=GLOCER_CH5.name,
        title=GLOCER_CH5.title,
        source=GLOCER_CH5.source,
        grid=grid,
        analysis=GLOCER_CH5.analysis,
        notes=GLOCER_CH5.notes,
    )
