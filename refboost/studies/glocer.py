"""Public names of the studies of Glocer (2009), chapter 5 (Tables 5.1-5.12 and the figures).

The studies themselves (grids, analyses, stores) are declared in :mod:`refboost.studies._glocer`;
this module re-exports what a reader of the book may call: the constants of the protocol and the
functions that read the stored results.
"""

from __future__ import annotations

from ._glocer import (  # noqa: F401
    GLOCER_BOOSTERS,
    GLOCER_CH5,
    GLOCER_CI_SETS,
    GLOCER_CORRECTIVE,
    GLOCER_ETA,
    GLOCER_JUMP,
    GLOCER_NU_FRAC,
    GLOCER_PAPER_SETS,
    GLOCER_PRECISION,
    GLOCER_PRECISION_SETTINGS,
    GLOCER_PUBLISHED,
    GLOCER_RAW,
    GLOCER_SPLIT,
    GLOCER_STABILITY,
    GLOCER_STABILITY_FIGS,
    GLOCER_STABILITY_LP_EPS,
    GLOCER_STABILITY_SETTINGS,
    GLOCER_SVM,
    GLOCER_SVM_BASELINE,
    GLOCER_TC,
    GLOCER_WEAK_LEARNERS,
    cell_weak_learner,
    glocer_best,
    glocer_boosters,
    glocer_core_count,
    glocer_curve,
    glocer_eta,
    glocer_setting_label,
    glocer_split,
    glocer_trace_stats,
)
from ._glocer import _glocer_tier as cell_tier  # the order in which the paper cells run (0, 1: core; 2: rest)


def two_se(p: float, q: float, n: int, pooled: bool = True) -> float:
    """Two standard errors of the difference of two error rates ``p`` and ``q`` measured on ``n`` examples.

    ``pooled``: two independent samples of ``n`` examples (variance ``2 m (1 - m) / n`` at the mean rate
    ``m``); otherwise one sample (``m (1 - m) / n``), as for two classifiers on one test set. The thesis
    reports one split and no standard errors, so chapter 10's bands are these binomial ones.
    """
    import math

    m = (p + q) / 2
    return 2 * math.sqrt((2 if pooled else 1) * m * (1 - m) / n)


def declared_ids(study: str, keep, scale: str = "paper") -> set:
    """The key ids of the cells ``study`` declares at ``scale`` for which ``keep(key)`` is true."""
    from . import get_study, key_id

    return {key_id(k) for k in get_study(study).cells(scale) if keep(k)}


__all__ = [
    "two_se",
    "declared_ids",
    "cell_tier",
    "GLOCER_TC",
    "GLOCER_CORRECTIVE",
    "GLOCER_BOOSTERS",
    "GLOCER_ETA",
    "GLOCER_NU_FRAC",
    "GLOCER_PAPER_SETS",
    "GLOCER_SPLIT",
    "GLOCER_PUBLISHED",
    "glocer_split",
    "GLOCER_CI_SETS",
    "GLOCER_WEAK_LEARNERS",
    "GLOCER_SVM_BASELINE",
    "glocer_boosters",
    "cell_weak_learner",
    "glocer_core_count",
    "glocer_eta",
    "glocer_setting_label",
    "glocer_best",
    "glocer_curve",
    "GLOCER_CH5",
    "GLOCER_RAW",
    "GLOCER_SVM",
    "GLOCER_STABILITY_SETTINGS",
    "GLOCER_STABILITY_LP_EPS",
    "GLOCER_STABILITY_FIGS",
    "GLOCER_JUMP",
    "glocer_trace_stats",
    "GLOCER_STABILITY",
    "GLOCER_PRECISION_SETTINGS",
    "GLOCER_PRECISION",
]
