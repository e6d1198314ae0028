"""Certificates anyone can recompute: ``refboost.certify``.

For every problem a booster solves there is one function here that takes the instance (the
matrix ``U`` or an oracle, and the parameters) and a candidate (weights over columns and/or a
distribution) and returns a :class:`Certificate`: the candidate's objective, an independent bound
on the optimum, the gap, feasibility and KKT residuals, and a verdict. None of it calls a booster;
a booster's ``converged=True`` means that :func:`result` confirms the booster's documented
statement from the returned weights alone.

=================================  ==========================================================
function                           problem (source equation)
=================================  ==========================================================
:func:`soft_margin_lp`             soft margin LP, Glocer (2009) (2.2)/(2.3)
:func:`hard_margin`                hard margin rho (nu = 1); Rudin, Daubechies & Schapire
:func:`demiriz_lp`                 LPBoost's LP with C given, Demiriz et al. (2002)
:func:`erlp_36`                    ERLP, Glocer (2009) (3.6) and its dual (3.10)
:func:`binary_erlp_325`            Binary ERLP, Glocer (2009) (3.25)/(3.26)
:func:`softboost_31`               SoftBoost's projection, Glocer (2009) (3.1)
:func:`corrective_46`              corrective step, Glocer (2009) (4.6)
:func:`corrective_binary_412`      corrective binary step, Glocer (2009) (4.12)
:func:`smoothed_soft_margin`       Frank-Wolfe smoothed objective, Mitsuboshi et al. (9)/(12)
:func:`smoothed_margin`            the smoothed soft margin at fixed margins, (3.6)/(3.10)
:func:`adaboost_star_margin`       AdaBoost*'s margin guarantee, Rudin et al.
:func:`smooth_margin`              the smooth margin G, Rudin et al.
:func:`adaboost_l1`                Shen & Li (5) with duals (10)/(15)
:func:`logitboost_l1`              Shen & Li (32) with duals (30)/(31)
:func:`generalized_hinge`          Shen & Li (27)/(28) (hinge loss, Tsallis dual)
:func:`adaboost_qp`                Shen & Li (41)
:func:`sun_kl`                     Sun, Todorovic & Li (20)
:func:`sun_norm2`                  Sun, Todorovic & Li (35)
:func:`sun_quadratic`              Sun, Todorovic & Li, the quadratic penalty of (40)/(44)
:func:`lp_reg`                     Sun, Todorovic & Li, LP_reg (12)/(14)
:func:`result`                     a booster's result against its docstring's statement
=================================  ==========================================================
"""

from ._core import FEAS_TOL, ROUNDOFF, Certificate
from .corrective import corrective_46, corrective_binary_412, smoothed_margin, smoothed_soft_margin
from .dynamics import adaboost_star_margin, smooth_margin
from .entropy import binary_erlp_325, erlp_36, softboost_31
from .lp import demiriz_lp, hard_margin, soft_margin_lp
from .results import registered, result
from .shen import adaboost_l1, adaboost_qp, generalized_hinge, logitboost_l1
from .sun import lp_reg, sun_kl, sun_norm2, sun_quadratic

__all__ = [
    "Certificate",
    "FEAS_TOL",
    "ROUNDOFF",
    "adaboost_l1",
    "adaboost_qp",
    "adaboost_star_margin",
    "binary_erlp_325",
    "corrective_46",
    "corrective_binary_412",
    "demiriz_lp",
    "erlp_36",
    "generalized_hinge",
    "hard_margin",
    "logitboost_l1",
    "lp_reg",
    "registered",
    "result",
    "smooth_margin",
    "smoothed_margin",
    "smoothed_soft_margin",
    "soft_margin_lp",
    "softboost_31",
    "sun_kl",
    "sun_norm2",
    "sun_quadratic",
]
