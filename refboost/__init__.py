"""refboost: verified reference implementations of margin-maximizing boosting.

Public contract (see README): every booster is ``refboost.<name>(oracle, *, nu, eps,
max_iter, **params)`` returning a :class:`BoostResult`; ground truth lives in
:mod:`refboost.truth`.
"""

from . import bounds, instances, truth
from .boosters.corrective import corrective_binary_erlpboost, corrective_erlpboost
from .boosters.entropy import binary_erlpboost, erlpboost, softboost, totalboost
from .boosters.lpboost import lpboost
from .margins import edges, margins, soft_margin, soft_margin_distribution, soft_margin_slack
from .oracles import GOracle, MatrixOracle, Oracle
from .result import BoostResult

__version__ = "0.1.0"

__all__ = [
    "BoostResult",
    "GOracle",
    "corrective_binary_erlpboost",
    "corrective_erlpboost",
    "softboost",
    "totalboost",
    "binary_erlpboost",
    "bounds",
    "erlpboost",
    "MatrixOracle",
    "Oracle",
    "edges",
    "instances",
    "lpboost",
    "margins",
    "soft_margin",
    "soft_margin_distribution",
    "soft_margin_slack",
    "truth",
]
