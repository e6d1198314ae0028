"""refboost: verified reference implementations of margin-maximizing boosting.

Public contract (see README): every booster is ``refboost.<name>(oracle, *, nu, eps,
max_iter, **params)`` returning a :class:`BoostResult`; ground truth lives in
:mod:`refboost.truth`.
"""

from . import bounds, certify, dynamics, instances, truth
from .boosters.adaboost import adaboost, adaboost_star, arcgv, coordinate_ascent
from .boosters.corrective import corrective_binary_erlpboost, corrective_erlpboost
from .boosters.entropy import binary_erlpboost, erlpboost, softboost, totalboost
from .boosters.frank_wolfe import cerlpboost, mlpboost
from .boosters.lpboost import lpboost
from .boosters.shen import adaboost_cg, adaboost_qp, logitboost_cg, lpboost_hinge
from .boosters.sun import adaboost_kl, adaboost_norm2, adaboost_reg, kl_regularized_margin, norm2_regularized_margin
from .margins import edges, margins, soft_margin, soft_margin_distribution, soft_margin_slack
from .oracles import (
    GOracle,
    KernelColumnOracle,
    LDAOracle,
    LinearKernelOracle,
    LinearSVMOracle,
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
    if name in ("datasets", "experiments", "plotting", "sklearn"):
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: Every booster, by the papers' names: ``refboost.<name>(oracle, *, ...) -> BoostResult``.
BOOSTERS = (
    "lpboost",
    "softboost",
    "totalboost",
    "erlpboost",
    "binary_erlpboost",
    "corrective_erlpboost",
    "corrective_binary_erlpboost",
    "cerlpboost",
    "mlpboost",
    "adaboost",
    "arcgv",
    "adaboost_star",
    "coordinate_ascent",
    "adaboost_qp",
    "adaboost_cg",
    "logitboost_cg",
    "lpboost_hinge",
    "adaboost_kl",
    "adaboost_norm2",
    "adaboost_reg",
)

__all__ = [
    "BOOSTERS",
    # result, oracles, primitives
    "BoostResult",
    "Oracle",
    "MatrixOracle",
    "GOracle",
    "StumpOracle",
    "TreeOracle",
    "RawFeatureOracle",
    "KernelColumnOracle",
    "LinearKernelOracle",
    "LDAOracle",
    "LinearSVMOracle",
    "edges",
    "margins",
    "soft_margin",
    "soft_margin_distribution",
    "soft_margin_slack",
    "kl_regularized_margin",
    "norm2_regularized_margin",
    # boosters (names follow the papers)
    *BOOSTERS,
    # modules
    "bounds",
    "certify",
    "datasets",
    "dynamics",
    "experiments",
    "instances",
    "plotting",
    "sklearn",
    "truth",
]
