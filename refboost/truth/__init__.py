"""Ground truth: generic solvers, written as the mathematics reads.

* LPs are solved with HiGHS through :func:`scipy.optimize.linprog`.
* Conic problems (entropy-, norm- and Tsallis-regularised objectives) are solved with cvxpy +
  Clarabel.

Nothing in an algorithm's loop imports this package, and this package knows nothing about
algorithms: it only solves the problems whose optima the algorithms must reach. One module per
source, around the two solves of :mod:`refboost.truth._solvers` (the only places that call a
solver):

==============================  ========================================  =================================  ========
function                        problem                                   source                             solver
==============================  ========================================  =================================  ========
soft_margin_lp                  soft-margin LP, d- and w-domain           Glocer (2009) (2.3), (2.2)         HiGHS
hard_margin_lp                  hard-margin LP (nu = 1)                   Glocer (2009) (2.1)                HiGHS
optimal_face_extreme            extreme of c.w over the optimal face      Glocer (2009) (2.2), §2.5          HiGHS
demiriz_lp                      LPBoost's LP with the trade-off C given   Demiriz et al. (2002), primal      HiGHS
demiriz_dual_cvx                its dual, max 1.u, U^T u <= 1, u <= C     Demiriz et al. (2002), dual        Clarabel
erlp_primal_36                  ERLPBoost, entropy-regularised edge       Glocer (2009) (3.6)                Clarabel
softboost_primal_31             SoftBoost, min relative entropy           Glocer (2009) (3.1)                Clarabel
erlp_unnormalized_318           ERLPBoost, unnormalised relative entropy  Glocer (2009) (3.18)/(3.21)        Clarabel
binary_primal_325               ERLPBoost, binary relative entropy        Glocer (2009) (3.25)               Clarabel
corrective_primal_46            corrective ERLPBoost                      Glocer (2009) (4.6)                Clarabel
corrective_binary_primal_412    corrective, binary relative entropy       Glocer (2009) (4.12)               Clarabel
adaboost_l1_primal_eq5          AdaBoost, l1-constrained log-sum-exp      Shen & Li (2010) (5)               Clarabel
adaboost_l1_dual_eq10           its entropy dual                          Shen & Li (2010) (10)              Clarabel
adaboost_l1_dual_eq15           entropy-regularised LPBoost               Shen & Li (2010) (15)              Clarabel
gibbs_eq18                      minimum free energy                       Shen & Li (2010) (18)              Clarabel
exp_loss_primal_l1              exp-loss, l1-constrained                  Shen & Li (2010) (2)+(3)           Clarabel
exp_loss_dual_eq14              its dual (u unnormalised)                 Shen & Li (2010) (14)              Clarabel
logitboost_primal_eq32          LogitBoost primal                         Shen & Li (2010) (32)              Clarabel
logitboost_dual_eq30            LogitBoost dual                           Shen & Li (2010) (30)              Clarabel
logitboost_dual_eq31            LogitBoost dual, LPBoost form             Shen & Li (2010) (31)              Clarabel
adaboost_qp_eq41                AdaBoost-QP                               Shen & Li (2010) (41)              Clarabel
generalized_hinge_primal        generalised-hinge soft margin             Shen & Li (2010) §3.3, (21)        Clarabel
tsallis_dual_eq28               Tsallis-regularised LPBoost dual          Shen & Li (2010) (27)/(28)         Clarabel
sun_kl_primal                   AdaBoost_KL, KL-regularised edge          Sun et al. (2006) (20)             Clarabel
sun_kl_dual                     its Lagrange dual                         Sun et al. (2006) (20-D)           Clarabel
shen_li_l1_dual                 AdaBoost_l1 in the form of (20-D)         Shen & Li (2010) (5)               Clarabel
sun_norm2_primal                AdaBoost_Norm2, l2-regularised edge       Sun et al. (2006) (35)             Clarabel
sun_norm2_dual                  its SOCP dual                             Sun et al. (2006) (35-D)           Clarabel
sun_inner_min                   inner minimum at fixed margins            Sun et al. (2006) (17)             Clarabel
sun_line_search                 per-round line search                     Sun et al. (2006) (33)/(42)        Clarabel
sun_cutting_plane_lp            cutting-plane LP                          Sun et al. (2006) (29)/(36)        HiGHS
smoothed_soft_margin_cvx        smoothed soft margin                      Mitsuboshi et al. (2022) (10)      Clarabel
smoothed_soft_margin_beta_form  its conjugate, beta form                  Mitsuboshi et al. (2022) (10)      Clarabel
smoothed_edge_min_cvx           regularised edge minimisation             Mitsuboshi et al. (2022) (9)/(11)  Clarabel
smoothed_soft_margin_max_cvx    regularised soft margin (dual of (9))     Mitsuboshi et al. (2022) (12)      Clarabel
max_margin_rudin_cvx            max_lambda min_i (U lambda)_i             Rudin et al. (2003) §1             Clarabel
min_max_edge_rudin_cvx          min_d max_j (d^T U)_j                     Rudin et al. (2003) §1             Clarabel
==============================  ========================================  =================================  ========

Modules: :mod:`~refboost.truth.glocer` (Glocer 2009), :mod:`~refboost.truth.demiriz` (Demiriz, Bennett &
Shawe-Taylor 2002), :mod:`~refboost.truth.shen_li` (Shen & Li 2010),
:mod:`~refboost.truth.sun` (Sun, Todorovic & Li 2006), :mod:`~refboost.truth.frank_wolfe` (Mitsuboshi,
Hatano & Takimoto 2022), :mod:`~refboost.truth.dynamics` (Rudin, Daubechies & Schapire 2003). Every
name is importable from :mod:`refboost.truth` itself.
"""

# The names with a leading underscore are the package's helpers (the two solves and the problem
# modules' clean-ups and checks), importable from here as well.
from ._solvers import (
    ENTROPY_CONIC,
    FEAS_TOL,
    LP_METHODS,
    OPTIMAL,
    OPTIMAL_OR_INFEASIBLE,
    GroundTruthError,
    _conic_solve,  # noqa: F401
    _simplex_clean,  # noqa: F401
    _solve,  # noqa: F401
)
from .demiriz import DemirizLP, demiriz_dual_cvx, demiriz_lp
from .dynamics import (
    RUDIN_ACCEPT,
    RUDIN_CLARABEL_TOLS,
    HardMarginCVX,
    max_margin_rudin_cvx,
    min_max_edge_rudin_cvx,
)
from .frank_wolfe import (
    SmoothedMarginCVX,
    smoothed_edge_min_cvx,
    smoothed_soft_margin_beta_form,
    smoothed_soft_margin_cvx,
    smoothed_soft_margin_max_cvx,
)
from .glocer import (
    EntropyConicSolution,
    SoftMarginLP,
    _relent,  # noqa: F401
    binary_primal_325,
    corrective_binary_primal_412,
    corrective_primal_46,
    erlp_primal_36,
    erlp_unnormalized_318,
    hard_margin_lp,
    optimal_face_extreme,
    soft_margin_lp,
    softboost_primal_31,
)
from .shen_li import (
    SHEN_CLARABEL_TOL,
    SHEN_TOLS,
    ConicSolution,
    _check_T_truth,  # noqa: F401
    adaboost_l1_dual_eq10,
    adaboost_l1_dual_eq15,
    adaboost_l1_primal_eq5,
    adaboost_qp_eq41,
    exp_loss_dual_eq14,
    exp_loss_primal_l1,
    generalized_hinge_primal,
    gibbs_eq18,
    logitboost_dual_eq30,
    logitboost_dual_eq31,
    logitboost_primal_eq32,
    tsallis_dual_eq28,
)
from .sun import (
    SUN_CLARABEL_TOL,
    SUN_TOLS,
    RegularizedSolution,
    _check_beta,  # noqa: F401
    shen_li_l1_dual,
    sun_cutting_plane_lp,
    sun_inner_min,
    sun_kl_dual,
    sun_kl_primal,
    sun_line_search,
    sun_norm2_dual,
    sun_norm2_primal,
)

__all__ = [
    # the solves and their settings
    "GroundTruthError",
    "LP_METHODS",
    "FEAS_TOL",
    "OPTIMAL",
    "OPTIMAL_OR_INFEASIBLE",
    "ENTROPY_CONIC",
    # Glocer (2009)
    "SoftMarginLP",
    "soft_margin_lp",
    "hard_margin_lp",
    "optimal_face_extreme",
    "EntropyConicSolution",
    "erlp_primal_36",
    "softboost_primal_31",
    "erlp_unnormalized_318",
    "binary_primal_325",
    "corrective_primal_46",
    "corrective_binary_primal_412",
    # Demiriz, Bennett & Shawe-Taylor (2002)
    "DemirizLP",
    "demiriz_lp",
    "demiriz_dual_cvx",
    # Shen & Li (2010)
    "SHEN_CLARABEL_TOL",
    "SHEN_TOLS",
    "ConicSolution",
    "adaboost_l1_primal_eq5",
    "adaboost_l1_dual_eq10",
    "adaboost_l1_dual_eq15",
    "gibbs_eq18",
    "exp_loss_primal_l1",
    "exp_loss_dual_eq14",
    "logitboost_primal_eq32",
    "logitboost_dual_eq30",
    "logitboost_dual_eq31",
    "adaboost_qp_eq41",
    "generalized_hinge_primal",
    "tsallis_dual_eq28",
    # Sun, Todorovic & Li (2006)
    "SUN_CLARABEL_TOL",
    "SUN_TOLS",
    "RegularizedSolution",
    "sun_kl_primal",
    "sun_kl_dual",
    "shen_li_l1_dual",
    "sun_norm2_primal",
    "sun_norm2_dual",
    "sun_inner_min",
    "sun_line_search",
    "sun_cutting_plane_lp",
    # Mitsuboshi, Hatano & Takimoto (2022)
    "SmoothedMarginCVX",
    "smoothed_soft_margin_cvx",
    "smoothed_soft_margin_beta_form",
    "smoothed_edge_min_cvx",
    "smoothed_soft_margin_max_cvx",
    # Rudin, Daubechies & Schapire (2003)
    "RUDIN_CLARABEL_TOLS",
    "RUDIN_ACCEPT",
    "HardMarginCVX",
    "max_margin_rudin_cvx",
    "min_max_edge_rudin_cvx",
]
