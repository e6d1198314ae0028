"""The papers' constructed matrices (worst cases, pivots, counterexamples).

Every function returns a matrix ``U`` with entries in [-1, 1] (rows = examples,
columns = hypotheses), in the notation ``U[n, q] = y_n h^q(x_n)`` of Glocer (2009).
"""

from __future__ import annotations

import numpy as np

from ._validation import check_int, check_real, check_rng, check_U


def lpboost_worst_case(m: int, delta: float | None = None, *, duplicate: int = 1) -> np.ndarray:
    """The Theorem 2.5 family (Glocer 2009, Fig. 2.8, generalised to N = 2m).

    N = 2m examples and m + 1 hypotheses. Under the maximum-edge oracle LPBoost (nu = 1)
    receives the columns in order 1, 2, ..., and after t <= m iterations entry (m+t, t) is a
    pivot, so ``P^t_LP = -1 + 2 t delta`` while the hard margin of the whole matrix is
    >= delta/2: LPBoost needs N/2 + 1 iterations.

    * column 1: +1 on the top rows; -1+2δ on row m+1; -1+3δ on rows m+2..2m;
    * column q in 2..m: -1+(2q+1)δ on top; on row m+s: +1 if s = q-1, -1+2qδ if s = q,
      -1+(2q+1)δ otherwise;
    * column m+1: -1+δ on top, +1-δ on the bottom rows.

    Parameters
    ----------
    m : int >= 2
        Half the number of examples.
    delta : float in (0, 1/(2m+2)), default 0.005/m
        Small constant; all entries stay in [-1, 1] and the pivot order is strict. The default
        makes ``P^m_LP = -0.99`` while the hard margin is >= delta/2 (the "0.99 below" of the
        theorem).
    duplicate : int >= 1
        Repeat every row this many times (the soft version: with nu = duplicate LPBoost still
        needs m + 1 iterations).
    """
    m = check_int(m, "m", low=2)
    if delta is None:
        delta = 0.005 / m
    delta = check_real(delta, "delta", low=0.0, high=1.0 / (2 * m + 2), low_open=True, high_open=True)
    duplicate = check_int(duplicate, "duplicate", low=1)
    N = 2 * m
    U = np.empty((N, m + 1))
    # column 1 (index 0)
    U[:m, 0] = 1.0
    U[m, 0] = -1 + 2 * delta
    U[m + 1 :, 0] = -1 + 3 * delta
    for q in range(2, m + 1):
        U[:m, q - 1] = -1 + (2 * q + 1) * delta
        for s in range(1, m + 1):
            if s == q - 1:
                v = 1.0
            elif s == q:
                v = -1 + 2 * q * delta
            else:
                v = -1 + (2 * q + 1) * delta
            U[m + s - 1, q - 1] = v
    U[:m, m] = -1 + delta
    U[m:, m] = 1 - delta
    return check_U(np.repeat(U, duplicate, axis=0))


def planted_pivot(N: int, K: int, i: int, j: int, c: float, rng: np.random.Generator) -> np.ndarray:
    """Random matrix with a planted pivot at (i, j) of value c (Glocer 2009, Def. 2.3).

    Row i has every entry <= c, column j every entry >= c, and ``U[i, j] = c``, so by
    Lemma 2.4 the hard-margin value is c with ``d = e_i``, ``w = e_j``.
    """
    N = check_int(N, "N", low=1)
    K = check_int(K, "K", low=1)
    i = check_int(i, "i", low=0, high=N - 1)
    j = check_int(j, "j", low=0, high=K - 1)
    c = check_real(c, "c", low=-1.0, high=1.0)
    check_rng(rng)
    U = rng.uniform(-1, 1, size=(N, K))
    U[i, :] = rng.uniform(-1, c, size=K)
    U[:, j] = rng.uniform(c, 1, size=N)
    U[i, j] = c
    return U


def misclassify_all(U_sep, delta: float) -> np.ndarray:
    """Glocer (2009) §2.5: append one bad example and one bad hypothesis to a separable U.

    Given ``U_sep`` (N-1 examples, T-1 hypotheses) whose hard margin is > 0, add an example
    with ``u^q_N = -3 delta`` for q < T and a hypothesis with ``u^T_n = -delta`` (n < N),
    ``u^T_N = -2 delta`` (the thesis writes "q = 1..t-1" for the bad example; it means q < T). Then
    (N, T) is a pivot, the hard-margin LP value is -2 delta with w = e_T, and that w has
    every margin negative: the LP's master hypothesis misclassifies every example.
    """
    U_sep = check_U(U_sep, "U_sep")
    delta = check_real(delta, "delta", low=0.0, high=1.0 / 3.0, low_open=True)
    n, k = U_sep.shape
    U = np.empty((n + 1, k + 1))
    U[:n, :k] = U_sep
    U[n, :k] = -3 * delta
    U[:n, k] = -delta
    U[n, k] = -2 * delta
    return U


def threshold_pool(X, y, *, negations: bool = True, return_keys: bool = False):
    """The decision-stump class of :class:`refboost.StumpOracle`, materialised as a finite matrix.

    Algorithms take the :class:`~refboost.StumpOracle` itself (an exact maximum-edge oracle). An
    explicit matrix is needed only where a generic solver works on the *whole* class: the ground
    truth of :mod:`refboost.truth` (e.g. ``adaboost_l1_primal_eq5`` over all stumps, the CG
    certificate of Shen & Li (2010), §3.7), AdaBoost-QP (41) over a full pool, and the hard-margin
    LP. Columns are ``oracle.columns(oracle.all_keys())`` with identical labelings merged (first
    occurrence in the oracle's tie-breaking order kept); size at most ``2 d M`` (per feature and
    polarity at most M + 1 labelings, two of them the constants that all features share).

    Parameters
    ----------
    X : array_like, shape (M, d)
    y : array_like, shape (M,), values in {-1, +1} (both classes)
    negations : bool, default True
        The reflexive class (closed under negation; makes ``1^T w <= 1/T`` equivalent to equality,
        as Shen & Li (2010) claim for (3); without negations the inequality can stay slack):
        ``StumpOracle(X, y, reflexive=negations)``.
    return_keys : bool, default False
        Also return the stump keys ``(feature, threshold, sign)`` of the columns.

    Returns
    -------
    U : ndarray, shape (M, n_distinct)
        ``U[i, j] = y_i h_j(x_i)``.
    keys : list of tuple
        Only with ``return_keys``; ``keys[j]`` is a key of the :class:`~refboost.StumpOracle`.
    """
    from .oracles import StumpOracle

    oracle = StumpOracle(X, y, reflexive=negations)
    keys = oracle.all_keys()
    U = oracle.columns(keys)
    _, first = np.unique(U, axis=1, return_index=True)
    first = np.sort(first)
    U = U[:, first]
    if return_keys:
        return U, [keys[i] for i in first]
    return U


# ----------------------------------------------------------------------------------------
# Rudin, Daubechies & Schapire (2003), "On the Dynamics of Boosting", NIPS 16
# ----------------------------------------------------------------------------------------


def one_mistake(m: int) -> np.ndarray:
    """The m x m "one mistake per classifier" matrix ``M = 1 1^T - 2 I`` (Rudin et al. 2003, §3).

    Classifier j errs on example j only. Maximum margin ``rho = 1 - 2/m`` (lambda* = d* = 1/m);
    optimal AdaBoost falls into one of the ``(m-1)!`` cycles of length m (Rudin et al. 2003, §3).
    """
    m = check_int(m, "m", low=2)
    return np.ones((m, m)) - 2.0 * np.eye(m)


def rudin_3x3() -> np.ndarray:
    """The 3 x 3 matrix of Rudin et al. (2003), §3: ``one_mistake(3)``, rho = 1/3."""
    return one_mistake(3)


def rudin_nonoptimal_4x5() -> np.ndarray:
    """The 4 x 5 matrix on which non-optimal AdaBoost attains margin 1/3 < rho = 1/2 (Rudin et al. 2003, §3).

    Columns 1-4 are ``one_mistake(4)``; column 5 misclassifies examples 1 and 2 (Rudin et al.
    2003, §3).
    """
    U = np.ones((4, 5))
    U[np.arange(4), np.arange(4)] = -1.0
    U[:2, 4] = -1.0
    return U


#: Rows of the 11 x 20 matrix A of :func:`adaboost_not_max_margin_11x20` ("+" = +1, "-" = -1).
_RUDIN_R12_ROWS = (
    "+--++---+++++--++-++",
    "+-++++---+-++-++++-+",
    "++----++------+-++--",
    "--+++-+++-+++-++++-+",
    "--+++--++-+-++--+--+",
    "+--+-++++-++-++++---",
    "+--++++-+-+-++-+-+++",
    "++-++-+-+---+-+--+--",
    "++-+++--+--+--+-+-+-",
    "--++---++-+----+--+-",
    "----+-+-++++--------",
)


def adaboost_not_max_margin_11x20(*, negate: bool = True) -> np.ndarray:
    """An 11 x 20 counterexample (found by random search): optimal AdaBoost's margin -> 1/3 < rho = 0.36.

    With ``negate=True`` (default) the matrix is ``[A, -A]`` (11 x 40), on which the hard-margin LP
    gives rho = 0.36 while optimal AdaBoost settles into a golden-ratio 3-cycle (r = 1/phi) on
    columns 21, 29, 33 (0-based; = -A[:, 1], -A[:, 9], -A[:, 13]) whose margin is 1/3. This refutes
    the conjecture of Rudin et al. (2003), §4 (refuted in Rudin, Daubechies & Schapire, JMLR 2004).
    Without negations rho = 0. The literal matrix is used (not a seed).
    """
    if not isinstance(negate, bool):
        raise TypeError(f"negate must be a bool, got {type(negate).__name__}")
    A = np.array([[1.0 if c == "+" else -1.0 for c in row] for row in _RUDIN_R12_ROWS])
    return np.hstack([A, -A]) if negate else A


def random_pm1(m: int, n: int, rng: np.random.Generator, *, negate: bool = False, p: float = 0.5) -> np.ndarray:
    """Random +-1 matrix (m examples, n classifiers), as in Rudin et al. (2003), Fig. 2(d)/3(a).

    Entries are +1 with probability ``p``. Columns whose entries are all equal are dropped (an all
    +1 column would give r = 1; the paper's "reduced" matrix); ``negate=True`` appends the negation
    of every remaining column (the paper's assumption that -h_j is available with h_j).
    """
    m = check_int(m, "m", low=2)
    n = check_int(n, "n", low=1)
    p = check_real(p, "p", low=0.0, high=1.0, low_open=True, high_open=True)
    check_rng(rng)
    A = np.where(rng.random((m, n)) < p, 1.0, -1.0)
    keep = np.ptp(A, axis=0) > 0
    A = A[:, keep]
    if A.shape[1] == 0:
        raise ValueError("every drawn column was constant; use a larger n")
    return np.hstack([A, -A]) if negate else A


def synthetic_hypercube(
    rng: np.random.Generator, *, n_examples: int = 50, n_features: int = 100, n_relevant: int = 11
) -> np.ndarray:
    """Rudin et al. (2003), Fig. 3(b): ``x_i`` a random corner of {-1, 1}^n_features,
    ``y_i = sign(sum_{k < n_relevant} x_i(k))`` (n_relevant odd, so no zeros), weak learners
    ``h_j(x) = x(j)``; returns ``M[i, j] = y_i x_i(j)`` (no negated columns).
    """
    check_rng(rng)
    n_examples = check_int(n_examples, "n_examples", low=1)
    n_features = check_int(n_features, "n_features", low=1)
    n_relevant = check_int(n_relevant, "n_relevant", low=1, high=n_features)
    if n_relevant % 2 == 0:
        raise ValueError(f"n_relevant must be odd (so that y is never 0), got {n_relevant}")
    X = np.where(rng.random((n_examples, n_features)) < 0.5, 1.0, -1.0)
    y = np.sign(X[:, :n_relevant].sum(axis=1))
    return y[:, None] * X


# ----------------------------------------------------------------------------------------
# Sun, Todorovic & Li (2006), "Reducing the overfitting of AdaBoost by controlling its data distribution
# skewness", IJPRAI 20(7)
# ----------------------------------------------------------------------------------------


def noisy_parabola(n: int, rng: np.random.Generator, *, noise: float = 0.15) -> tuple[np.ndarray, np.ndarray]:
    """Toy 2-d data for the Sun et al. (2006) chapter (not from the paper): ``x ~ N(0, I_2)``,
    ``y = sign(x_1 + x_2^2 / 2 - 0.3)`` (``+1`` on the boundary), each label flipped independently
    with probability ``noise``.

    Returns ``(X, y)``; build the hypothesis matrix with a weak learner, e.g.
    ``o = refboost.StumpOracle(X, y); U = o.columns(o.all_keys())``.
    """
    check_rng(rng)
    n = check_int(n, "n", low=2)
    noise = check_real(noise, "noise", low=0.0, high=0.5)
    X = rng.standard_normal((n, 2))
    y = np.where(X[:, 0] + 0.5 * X[:, 1] ** 2 - 0.3 >= 0, 1.0, -1.0)
    flip = rng.random(n) < noise
    y[flip] = -y[flip]
    return X, y


#: The adversarial families of :func:`adversarial` (the hard instances every booster is tested on).
ADVERSARIAL_KINDS = (
    "random_pm1",          # entries +-1
    "gaussian",            # clipped N(0, 0.5^2) entries
    "optimum_zero",        # reflexive [A, -A]: the optimum is >= 0 and here (non-separable) exactly 0
    "negative_edges",      # every column has negative edge under every distribution (optimum < 0)
    "ties",                # every column duplicated (exactly tied edges)
    "duplicate_rows",      # every example repeated
    "rank1",               # U = a b^T with entries in [-1, 1]
    "all_plus_column",     # one column is +1 everywhere (a perfect hypothesis)
    "all_minus_column",    # one column is -1 everywhere
    "zeros",               # every entry 0
    "tiny",                # entries of size 1e-200 (scale far below round-off of 1)
    "small",               # entries of size 1e-8
    "one_column",          # K = 1
    "worst_case",          # Glocer's Theorem 2.5 family (optimum > 0, tiny)
)


def adversarial(kind: str, N: int, K: int, rng: np.random.Generator) -> np.ndarray:
    """A hard instance ``U`` (N x K-ish, entries in [-1, 1]) of the named family (:data:`ADVERSARIAL_KINDS`).

    The shape may differ from (N, K) where the family fixes it (``optimum_zero`` and ``ties``
    double the columns, ``duplicate_rows`` the rows, ``one_column`` has K = 1, ``worst_case`` is
    Glocer's construction with N rounded to an even number >= 4).
    """
    if kind not in ADVERSARIAL_KINDS:
        raise ValueError(f"kind must be one of {list(ADVERSARIAL_KINDS)}, got {kind!r}")
    N = check_int(N, "N", low=1)
    K = check_int(K, "K", low=1)
    if kind == "random_pm1":
        return rng.choice([-1.0, 1.0], size=(N, K))
    if kind == "gaussian":
        return np.clip(rng.normal(0.0, 0.5, size=(N, K)), -1.0, 1.0)
    if kind == "optimum_zero":
        A = rng.choice([-1.0, 1.0], size=(N, K))
        if N >= 2:
            A[1] = -A[0]  # two opposite examples: no combination separates both, so the optimum is 0
        return np.hstack([A, -A])
    if kind == "negative_edges":
        return -rng.uniform(0.05, 1.0, size=(N, K))
    if kind == "ties":
        A = rng.choice([-1.0, 1.0], size=(N, K))
        return np.hstack([A, A])
    if kind == "duplicate_rows":
        A = rng.choice([-1.0, 1.0], size=(N, K))
        return np.vstack([A, A])
    if kind == "rank1":
        a = rng.uniform(-1.0, 1.0, size=N)
        b = rng.uniform(-1.0, 1.0, size=K)
        return np.outer(a, b)
    if kind in ("all_plus_column", "all_minus_column"):
        A = rng.choice([-1.0, 1.0], size=(N, K))
        A[:, int(rng.integers(K))] = 1.0 if kind == "all_plus_column" else -1.0
        return A
    if kind == "zeros":
        return np.zeros((N, K))
    if kind == "tiny":
        return 1e-200 * rng.choice([-1.0, 1.0], size=(N, K))
    if kind == "small":
        return 1e-8 * rng.uniform(-1.0, 1.0, size=(N, K))
    if kind == "one_column":
        return rng.uniform(-1.0, 1.0, size=(N, 1))
    m = max(2, N // 2)
    return lpboost_worst_case(m)
