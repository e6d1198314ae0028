"""refboost: verified reference implementations of margin-maximizing boosting.

Public contract (see README): every booster is ``refboost.<name>(oracle, *, nu, eps,
max_iter, **params)`` returning a :class:`BoostResult`; ground truth lives in
:mod:`refboost.truth`.
"""

from . import instances, truth
from .boosters.lpboost import lpboost
from .boosters.shen import adaboost_cg, adaboost_qp, logitboost_cg, lpboost_hinge
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
    "MatrixOracle",
    "Oracle",
    "datasets",
    "experiments",
    "edges",
    "instances",
    "lpboost",
    "margins",
    "soft_margin",
    "soft_margin_distribution",
    "soft_margin_slack",
    "truth",
]
