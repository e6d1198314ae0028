"""refboost: verified reference implementations of margin-maximizing boosting.

Public contract (see README): every booster is ``refboost.<name>(oracle, *, nu, eps,
max_iter, **params)`` returning a :class:`BoostResult`; ground truth lives in
:mod:`refboost.truth`.
"""

from . import dynamics, instances, truth
from .boosters.adaboost import adaboost, adaboost_star, arcgv, coordinate_ascent
from .boosters.lpboost import lpboost
from .boosters.shen import adaboost_cg, adaboost_qp, logitboost_cg, lpboost_hinge
from .boosters.sun import adaboost_kl, adaboost_norm2, adaboost_reg, kl_regularized_margin, norm2_regularized_margin
from .margins import edges, margins, soft_margin, soft_margin_distribution, soft_margin_slack
from .oracles import (
    KernelColumnOracle,
    LDAOracle,
    MatrixOracle,
    Oracle,
    RawFeatureOracle,
    StumpOracle,
    TreeOracle,
)
from .result import BoostResult

__version__ = "0.1.0"


def __getattr__(name):
    # refboost.datasets is imported lazily so that `python -m refboost.datasets` runs cleanly
    if name in ("datasets", "experiments"):
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BoostResult",
    "KernelColumnOracle",
    "LDAOracle",
    "RawFeatureOracle",
    "StumpOracle",
    "TreeOracle",
    "adaboost_cg",
    "adaboost_qp",
    "logitboost_cg",
    "lpboost_hinge",
    "adaboost",
    "adaboost_star",
    "arcgv",
    "coordinate_ascent",
    "dynamics",
    "MatrixOracle",
    "Oracle",
    "adaboost_kl",
    "adaboost_norm2",
    "adaboost_reg",
    "datasets",
    "experiments",
    "edges",
    "instances",
    "kl_regularized_margin",
    "lpboost",
    "margins",
    "norm2_regularized_margin",
    "soft_margin",
    "soft_margin_distribution",
    "soft_margin_slack",
    "truth",
]
