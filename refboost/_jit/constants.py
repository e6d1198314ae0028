"""Tuning constants shared by the numpy solvers and their compiled kernels (no numba import here).

The numpy modules (:mod:`refboost.projections`, :mod:`refboost.boosters._newton`,
:mod:`refboost.boosters.entropy`, :mod:`refboost.boosters.shen`) import their constants from here, and so
do the kernels of :mod:`refboost._jit.entropy` and :mod:`refboost._jit.shen`: one definition, and no
import from a kernel module back into a numpy module. The entropy kernels read these values as globals,
which numba freezes into the compiled code (numba's on-disk cache is keyed on the kernel module's source:
after changing a value here, touch :mod:`refboost._jit.entropy`). The Shen & Li kernels take theirs as a
:class:`ShenTuning` argument (:data:`SHEN_TUNING`), so they follow a change without recompiling.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

EPS_MACH = float(np.finfo(float).eps)

# --- KL projection onto the capped simplex (refboost.projections) ----------------------------------

#: exp(x) for x below this is flushed to 0 (it is < 1e-304; computing subnormal results is ~10x slower).
EXP_FLOOR = -700.0
#: Capped-set iterations of :func:`refboost.projections._project_log` before it falls back to the partial sort.
PROJ_FIXED_POINT_ITERS = 4
#: An entry is capped when ``theta a_n`` exceeds ``1/nu`` by more than this relative amount (log scale).
PROJ_CAP_RTOL = 1e-12
#: A free-part sum below this (relative to the largest weight, ~e^-575) is re-exponentiated at its own scale.
PROJ_RESCALE_SUM = 1e-250

# --- Active-set Newton method (refboost.boosters._newton) ------------------------------------------

#: Relative Levenberg-Marquardt damping of the face Hessian (duplicate columns make it singular).
HESSIAN_DAMPING = 1e-12
#: Accept the unit Newton step when the directional derivative dropped to this fraction.
NEWTON_ACCEPT = 0.25
#: Doublings allowed when bracketing an unbounded-looking ray (orthant).
MAX_DOUBLINGS = 80
#: Stop when the optimality measure has not improved for this many iterations (round-off floor).
STALL_ITERS = 8
#: Values within this relative distance count as equal (round-off of the objective).
VALUE_RTOL = 4 * EPS_MACH
#: A direction entry below this fraction of the largest entry counts as zero.
DIRECTION_ZERO = 1e-14
#: Simplex Newton directions longer than this (max-norm) are rescaled to it. On the simplex the
#: ratio test then still stops the unit step at the same point (alpha_max <= k / |s|_max < 1), so
#: only the scale of the line-search variable changes; it keeps (A s)^2 finite when the face
#: Hessian is nearly singular (separable curvatures that vanish, e.g. the logistic loss at 1/T = 500).
DIRECTION_CAP = 1e8
#: The compiled face Hessian (:func:`refboost._jit.entropy.newton_direction`) leaves out the rows with
#: c_n below this fraction of max c (a relative change of the face Hessian <= N * ROW_CURVATURE_RTOL;
#: ERLPBoost's capped rows have c = 0 exactly).
ROW_CURVATURE_RTOL = 1e-14
#: Safeguarded Newton steps of the exact line search.
ROOT_ITERS = 30
ROOT_XTOL = 1e-14
#: Early exit of the line search: |phi'(alpha)| <= ROOT_WOLFE * phi'(0) (concave phi: phi(alpha) > phi(0)).
ROOT_WOLFE = 0.1

# --- Binary entropy (refboost.boosters.entropy) ----------------------------------------------------

#: Safeguarded Newton steps for the beta root of the binary entropy; relative mass tolerance.
BETA_NEWTON_ITERS = 60
BETA_MASS_RTOL = 4 * EPS_MACH

# --- Restricted master of AdaBoost-CG / LogitBoost-CG (refboost.boosters.shen) ----------------------

#: Objective kinds of the master (``f.kind``; the compiled master's ``kind`` argument): exp (5), logistic (32).
SHEN_EXP = 0
SHEN_LOGISTIC = 1

#: The margins are recomputed as ``U_S lambda`` (not moved by ``a U_S s``) at least every this many steps.
EXACT_EVERY = 8
#: The unit chord-Newton step is taken without line search when phi increased and ``|phi'| <= TRIAL_ACCEPT phi'(0)``.
TRIAL_ACCEPT = 0.5
#: Safeguarded Newton steps of the 1-d line search; early exit at |phi'| <= LS_WOLFE * phi'(0).
LS_ITERS = 20
LS_WOLFE = 0.1
#: Below this the shifted exponential sum of the line evaluation is re-shifted by its exact maximum.
LSE_TINY = 1e-200


class ShenTuning(NamedTuple):
    """Tuning values of the compiled Shen & Li restricted master (:mod:`refboost._jit.shen`)."""

    trial_accept: float
    ls_wolfe: float
    lse_tiny: float
    direction_zero: float
    direction_cap: float
    ls_iters: int
    exact_every: int


#: The values the numpy master (:class:`refboost.boosters.shen._Master`) uses.
SHEN_TUNING = ShenTuning(TRIAL_ACCEPT, LS_WOLFE, LSE_TINY, DIRECTION_ZERO, DIRECTION_CAP, LS_ITERS, EXACT_EVERY)
