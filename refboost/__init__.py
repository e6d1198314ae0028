"""refboost: verified reference implementations of margin-maximizing boosting.

Public contract (see README): every booster is ``refboost.<name>(oracle, *, nu, eps,
max_iter, **params)`` returning a :class:`BoostResult`; ground truth lives in
:mod:`refboost.truth`.
"""

from . import bounds, instances, truth
from .boosters.entropy import binary_erlpboost, erlpboost
from .boosters.frank_wolfe import cerlpboost, mlpboost
from .boosters.lpboost import lpboost
from .margins import edges, margins, soft_margin, soft_margin_distribution, soft_margin_slack
from .oracles import MatrixOracle, Oracle
from .result import BoostResult

__version__ = "0.1.0"

__all__ = [
    "BoostResult",
    "binary_erlpboost",
    "bounds",
    "cerlpboost",
    "erlpboost",
    "MatrixOracle",
    "Oracle",
    "edges",
    "instances",
    "lpboost",
    "margins",
    "mlpboost",
    "soft_margin",
    "soft_margin_distribution",
    "soft_margin_slack",
    "truth",
]
