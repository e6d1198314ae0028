"""Certificates anyone can recompute: ``refboost.certify``.

For every problem a booster solves there is one function here that takes the instance (the
matrix ``U`` or an oracle, and the parameters) and a candidate (weights over columns and/or a
distribution) and returns a :class:`Certificate`: the candidate's objective, an independent bound
on the optimum, the gap, feasibility and KKT residuals, and a verdict. None of it calls a booster;
a booster's ``converged=True`` means the matching function here confirms the booster's
documented statement from the returned weights alone.
"""

from ._core import FEAS_TOL, ROUNDOFF, Certificate
from .lp import hard_margin, soft_margin_lp
from .results import registered, result

__all__ = ["Certificate", "FEAS_TOL", "ROUNDOFF", "hard_margin", "registered", "result", "soft_margin_lp"]
