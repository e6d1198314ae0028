r"""RBF networks with adaptive centres as a weak learner (Rätsch, Onoda & Müller 2001; Sun, Todorovic & Li 2006).

Sun, Todorovic & Li (2006) run every booster of their Tables 1-2 and Figs 5-6 on the RBF networks of
their Ref. 16, Rätsch, Onoda & Müller, "Soft margins for AdaBoost", Machine Learning 42 (2001) 287-320.
This module is that hypothesis class behind the :class:`~refboost.oracles.Oracle` interface:
:class:`RBFNetOracle` trains one network on the weighted sample ``(X, y, d)`` at every call.

What the sources say
--------------------
Rätsch et al. describe their RBF net in an appendix of the 2001 article. Through the project's search
tool only the article's first page (abstract; fdocuments.us copy) and the first pages of the NIPS 1998
"Regularizing AdaBoost" and NIPS 1999 "nu-Arc" papers were readable: they name RBF nets as the base
learner and give no training details. The training algorithm is recoverable from an open
implementation that cites the article for it, ``RBFNetwork`` of the ``mlnp`` package (J. Liu, BSD;
found by the code search, not a copy of the authors' code):

.. math:: f(x) = \sum_{k=1}^K w_k \exp\bigl(-\|x - \mu_k\|^2 / (2 \sigma_k^2)\bigr)

(no bias), centres ``mu_k`` initialised by (unweighted) k-means, each width initialised from the
nearest other centre (mlnp takes the *squared* distance there), then a fixed number of iterations O,
each of which solves the output weights ``w = (G^T G + (2 lambda / l) I)^{-1} G^T y`` for the current
centres and widths (``G_nk`` the k-th basis function at ``x_n``, ``l`` the sample size), forms the
gradient of the regularised squared error with respect to centres and widths at these weights, and
takes a Polak-Ribière conjugate-gradient step with a line search. Its documented defaults O = 10 and
lambda = 1e-6 are marked "used in Ratsch's paper" (not checked against the article's text here).
mlnp's ``fit`` accepts sample weights but its loss does not use them: how the boosting weights enter
is not recoverable from this source. The model-selection protocol of the IDA benchmark (5-fold
cross-validation on the training sets of the first five realisations, each parameter the median of
the five choices) is the one refboost's chapter 7 already applies to beta.

What this module chooses (not recoverable from the sources, or changed on purpose)
----------------------------------------------------------------------------------
1. **Weighted training.** The booster's distribution ``d`` replaces the uniform ``1/l``: the error is
   ``E_d = 1/2 sum_n d_n (f(x_n) - y_n)^2 + reg/2 ||w||^2`` (``d`` normalised to sum 1; the weight decay
   is per unit mass, so that a weighted sample and the sample with every example repeated in
   proportion to its weight give the same network). mlnp's normal equations correspond to ``E`` summed
   over ``l`` examples with decay ``lambda / l ||w||^2``, i.e. ``reg = 2 lambda / l^2``; the default
   ``reg`` = 1e-6 takes mlnp's number as it is, and the protocol chooses ``reg`` by cross-validation.
2. **The weighted sample as a measure.** Training first collapses ``(X, y, d)`` to its distinct
   ``(x, y)`` points with their summed mass, in lexicographic order, and drops points of zero mass;
   everything after depends on that measure only. Hence the weighted fit equals the fit on the
   replicated sample (to rounding), and the order of the examples does not matter.
3. **Weighted k-means.** SciPy's ``kmeans``/``kmeans2`` take no sample weights, so a short weighted
   Lloyd iteration is written here (:func:`weighted_kmeans`): k-means++ seeding with probabilities
   proportional to mass (first centre) and to mass times squared distance (the others), drawn by
   inverse CDF on the ordered measure, then Lloyd steps with mass-weighted means until the assignment
   is stable (at most :data:`KMEANS_MAX_ITER`); an empty cluster keeps its centre. K is capped at the
   number of distinct points of positive mass.
4. **Widths.** The initial ``sigma_k`` is the distance (not its square) to the nearest other centre;
   for K = 1, or a centre that coincides with another, the root mean squared distance of the data to
   that centre (mass-weighted), else 1. The widths are optimised as ``log sigma_k`` (positive by construction),
   within :data:`LOG_WIDTH_RANGE` of the data's scale.
5. **Refinement.** Instead of hand-written CG with a line search, SciPy's L-BFGS-B with ``n_iter``
   iterations minimises ``min_w E_d`` over centres and log-widths; the output weights are the
   regularised weighted least-squares solution at every evaluation (as in the algorithm above), so the
   gradient with respect to centres and widths is the partial gradient at the optimal ``w`` (envelope
   theorem) and the minimisation is joint in centres, widths and weights. ``reg = 0`` gives the
   minimum-norm least-squares weights.
6. **No bias term** (the sum above, as in mlnp).
7. **Output in [-1, 1].** Sun et al. write AdaBoost with the weighted error of a classifier
   (their eq. (2): ``alpha = 1/2 ln((1 - eps)/eps)``), so the hypothesis is ``h = sign(f)``
   (``+1`` at ``f = 0``, the package's convention): ``output="sign"``, the default. ``output="clip"``
   gives the confidence-rated ``h = clip(f, -1, 1)`` instead (the boosters then use their line
   search). Its effect on banana (and that of ``n_iter``) is measured by ``benchmarks/bench_rbf.py``.
8. **Polarity.** If the trained ``h`` has a negative edge under ``d`` the oracle returns ``-h`` (the
   class is closed under negation, like the package's other classes).
9. **Determinism.** The random seeding of k-means draws from ``numpy.random.default_rng`` seeded by
   the oracle's ``seed`` and a fingerprint of the weighted sample (the masses of the collapsed measure
   rounded to :data:`MASS_DIGITS` decimals): the same ``d`` gives the same network on every call, a
   different seed different initial centres, and replication does not change the seed.

Model selection: :func:`select_rbf_params` is the IDA protocol for K and ``reg`` (single networks,
uniform weights, stratified ``n_folds``-fold CV on each given training set, least mean validation
error with ties to fewer centres and then larger ``reg``, the lower median of the per-set choices).
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable, Sequence
from typing import NamedTuple

import numpy as np

from ._validation import check_choice, check_int, check_real
from .oracles import Oracle, _check_Xy, _PredictMixin

#: Most Lloyd iterations of :func:`weighted_kmeans` (it stops earlier once the assignment is stable).
KMEANS_MAX_ITER = 100
#: Rätsch et al.'s number of refinement iterations O as read by the mlnp implementation.
RBF_N_ITER = 10
#: Weight decay ``reg`` of ``E_d`` by default (mlnp's lambda, taken as ``reg`` unconverted: choice 1).
RBF_REG = 1e-6
#: Number of centres by default (a placeholder: the protocol chooses K per data set, :func:`select_rbf_params`).
RBF_N_CENTRES = 10
#: The log-widths stay within ``log(scale) +- LOG_WIDTH_RANGE`` (scale: the data's RMS distance to its mean).
LOG_WIDTH_RANGE = float(np.log(1e4))
#: Decimals of the masses that enter the seed fingerprint (far above the round-off of summing copies).
MASS_DIGITS = 12
#: Output maps of the hypothesis (module docstring, choice 7).
OUTPUTS = ("sign", "clip")


class RBFNet(NamedTuple):
    """A trained network ``f(x) = sum_k weights[k] exp(-||x - centres[k]||^2 / (2 widths[k]^2))``."""

    centres: np.ndarray  # (K, p)
    widths: np.ndarray  # (K,)
    weights: np.ndarray  # (K,)

    def __call__(self, X) -> np.ndarray:
        return _design(np.asarray(X, dtype=float), self.centres, self.widths) @ self.weights


# ----------------------------------------------------------------------------------------------------
# the weighted sample as a measure
# ----------------------------------------------------------------------------------------------------


def _collapse(X: np.ndarray, y: np.ndarray, d: np.ndarray):
    """Distinct ``(x, y)`` points of positive mass in lexicographic order, with their masses (sum 1)."""
    Z = np.column_stack([X, y])
    uniq, inv = np.unique(Z, axis=0, return_inverse=True)
    m = np.bincount(inv.ravel(), weights=d, minlength=uniq.shape[0])
    keep = m > 0
    uniq, m = uniq[keep], m[keep]
    return uniq[:, :-1], uniq[:, -1], m / m.sum()


def _fingerprint(seed: int, m: np.ndarray) -> int:
    """A seed from ``seed`` and the masses (rounded to :data:`MASS_DIGITS` decimals)."""
    h = hashlib.sha256(np.round(m, MASS_DIGITS).tobytes())
    h.update(np.int64(m.size).tobytes())
    return int(np.random.SeedSequence([seed, int.from_bytes(h.digest()[:8], "little")]).generate_state(1)[0])


# ----------------------------------------------------------------------------------------------------
# weighted k-means (SciPy's kmeans/kmeans2 take no sample weights)
# ----------------------------------------------------------------------------------------------------


def _sq_dist(X: np.ndarray, C: np.ndarray) -> np.ndarray:
    """Squared Euclidean distances, shape (len(X), len(C)), clipped at 0."""
    D = (X * X).sum(1)[:, None] - 2.0 * X @ C.T + (C * C).sum(1)[None, :]
    return np.maximum(D, 0.0)


def _draw(p: np.ndarray, u: float) -> int:
    """Inverse-CDF draw: the first index whose cumulative share of ``p`` exceeds ``u`` in [0, 1)."""
    c = np.cumsum(p)
    return int(min(np.searchsorted(c, u * c[-1], side="right"), p.size - 1))


def weighted_kmeans(X, m, k: int, rng: np.random.Generator) -> np.ndarray:
    """Centres of a mass-weighted k-means (k-means++ seeding, Lloyd steps; module docstring, choice 3).

    ``X`` (n, p) distinct points, ``m`` (n,) positive masses, ``k <= n``. The draws are inverse-CDF
    on the given order of the points, so a point carries the same probability whether it appears once
    with mass ``c m`` or ``c`` times with mass ``m``.
    """
    X = np.asarray(X, dtype=float)
    m = np.asarray(m, dtype=float)
    C = np.empty((k, X.shape[1]))
    C[0] = X[_draw(m, rng.random())]
    D = _sq_dist(X, C[:1])[:, 0]
    for j in range(1, k):
        p = m * D
        C[j] = X[_draw(p if p.sum() > 0 else m, rng.random())]
        D = np.minimum(D, _sq_dist(X, C[j : j + 1])[:, 0])
    labels = None
    for _ in range(KMEANS_MAX_ITER):
        new = np.argmin(_sq_dist(X, C), axis=1)  # lowest centre on ties
        if labels is not None and np.array_equal(new, labels):
            break
        labels = new
        mass = np.bincount(labels, weights=m, minlength=k)
        sums = np.stack([np.bincount(labels, weights=m * X[:, i], minlength=k) for i in range(X.shape[1])], 1)
        full = mass > 0
        C[full] = sums[full] / mass[full, None]
    return C


# ----------------------------------------------------------------------------------------------------
# the network and its regularised weighted squared error
# ----------------------------------------------------------------------------------------------------


def _design(X: np.ndarray, centres: np.ndarray, widths: np.ndarray) -> np.ndarray:
    """``G_nk = exp(-||x_n - mu_k||^2 / (2 sigma_k^2))``."""
    return np.exp(-_sq_dist(X, centres) / (2.0 * widths[None, :] ** 2))


def _output_weights(G: np.ndarray, y: np.ndarray, m: np.ndarray, reg: float) -> np.ndarray:
    """argmin_w 1/2 sum_n m_n (G w - y)_n^2 + reg/2 ||w||^2 (minimum norm when reg = 0)."""
    import scipy.linalg

    sm = np.sqrt(m)
    A = G * sm[:, None]
    b = y * sm
    if reg > 0:
        return scipy.linalg.solve(A.T @ A + reg * np.eye(G.shape[1]), A.T @ b, assume_a="pos")
    return scipy.linalg.lstsq(A, b, lapack_driver="gelsd")[0]


def _objective(theta, X, y, m, reg, K):
    """``min_w E_d`` and its gradient in (centres, log-widths), the weights at their optimum."""
    p = X.shape[1]
    C = theta[: K * p].reshape(K, p)
    s = theta[K * p :]
    sig2 = np.exp(2.0 * s)
    D = _sq_dist(X, C)
    G = np.exp(-D / (2.0 * sig2[None, :]))
    w = _output_weights(G, y, m, reg)
    r = G @ w - y
    E = 0.5 * float(m @ (r * r)) + 0.5 * reg * float(w @ w)
    A = (m * r)[:, None] * G * w[None, :]  # (n, K): m_n r_n w_k g_nk
    # dE/dmu_k = sum_n A_nk (x_n - mu_k) / sigma_k^2 ; dE/dlog sigma_k = sum_n A_nk D_nk / sigma_k^2
    g_C = (A.T @ X - A.sum(0)[:, None] * C) / sig2[:, None]
    g_s = (A * D).sum(0) / sig2
    return E, np.concatenate([g_C.ravel(), g_s])


def _initial_widths(X, m, C) -> np.ndarray:
    """Distance to the nearest other centre; else the RMS distance of the data to the centre; else 1."""
    K = C.shape[0]
    if K > 1:
        DC = _sq_dist(C, C)
        np.fill_diagonal(DC, np.inf)
        sig = np.sqrt(DC.min(1))
    else:
        sig = np.zeros(1)
    bad = ~(sig > 0)
    if bad.any():
        rms = np.sqrt(m @ _sq_dist(X, C[bad]))
        sig[bad] = np.where(rms > 0, rms, 1.0)
    return sig


def fit_rbf_net(X, y, d=None, *, n_centres: int = RBF_N_CENTRES, reg: float = RBF_REG, n_iter: int = RBF_N_ITER,
                seed: int = 0) -> RBFNet:
    """Train an RBF network on the weighted sample ``(X, y, d)`` (module docstring: the sources and choices).

    Parameters
    ----------
    X : array_like, shape (N, p)
    y : array_like, shape (N,)
        Targets (labels in {-1, +1} for the weak learner; any finite reals here).
    d : array_like, shape (N,), optional
        Non-negative weights, not all zero (normalised to sum 1); default uniform.
    n_centres : int >= 1
        K (capped at the number of distinct points of positive weight).
    reg : float >= 0
        Weight decay of the output weights in ``E_d``.
    n_iter : int >= 0
        L-BFGS-B iterations of the joint refinement (0: k-means centres, initial widths, optimal weights).
    seed : int >= 0
        Seed of the k-means++ draws (used as given: the oracle derives it from its seed and ``d``).
    """
    import scipy.optimize

    from ._validation import check_array

    X = check_array(X, "X", ndim=2)
    y = check_array(y, "y", ndim=1)
    if y.shape[0] != X.shape[0]:
        raise ValueError(f"y must have one entry per row of X: {y.shape[0]} entries, {X.shape[0]} rows")
    if d is None:
        d = np.full(X.shape[0], 1.0 / X.shape[0])
    d = check_array(d, "d", ndim=1)
    if d.shape[0] != X.shape[0] or np.any(d < 0) or not d.sum() > 0:
        raise ValueError(f"d must hold {X.shape[0]} non-negative weights, not all zero")
    n_centres = check_int(n_centres, "n_centres", low=1)
    reg = check_real(reg, "reg", low=0.0)
    n_iter = check_int(n_iter, "n_iter", low=0)
    seed = check_int(seed, "seed", low=0)
    Xu, yu, m = _collapse(X, y, d / d.sum())
    K = min(n_centres, Xu.shape[0])
    C = weighted_kmeans(Xu, m, K, np.random.default_rng(seed))
    log_sig = np.log(_initial_widths(Xu, m, C))
    if n_iter > 0:
        mu = m @ Xu
        scale = float(np.sqrt(m @ ((Xu - mu) ** 2).sum(1)))
        scale = scale if scale > 0 else 1.0
        lo, hi = np.log(scale) - LOG_WIDTH_RANGE, np.log(scale) + LOG_WIDTH_RANGE
        log_sig = np.clip(log_sig, lo, hi)
        bounds = [(None, None)] * C.size + [(lo, hi)] * K
        res = scipy.optimize.minimize(
            _objective, np.concatenate([C.ravel(), log_sig]), args=(Xu, yu, m, reg, K), jac=True,
            method="L-BFGS-B", bounds=bounds, options={"maxiter": n_iter, "maxfun": 20 * n_iter + 20},
        )
        theta = res.x
        C, log_sig = theta[: C.size].reshape(K, -1), theta[C.size :]
    widths = np.exp(log_sig)
    w = _output_weights(_design(Xu, C, widths), yu, m, reg)
    return RBFNet(C, widths, w)


# ----------------------------------------------------------------------------------------------------
# the oracle
# ----------------------------------------------------------------------------------------------------


class RBFNetOracle(_PredictMixin, Oracle):
    r"""RBF networks trained on the weighted sample (Rätsch et al. 2001; module docstring).

    ``best(d)`` trains one network on ``(X, y, d)`` (:func:`fit_rbf_net`, seed derived from ``seed``
    and ``d``) and returns its key and column ``u = y h(X)``, with ``h = sign(f)`` (``output="sign"``)
    or ``clip(f, -1, 1)`` (``output="clip"``), negated if its edge under ``d`` is negative. Like
    :class:`~refboost.LDAOracle`, this is **not** an exact oracle: the network minimises a squared-error
    surrogate, so certificates that assume the maximum edge over a class do not hold with it.
    Keys: ``(centres as a tuple of tuples, widths, weights, sign)``; equal networks have equal keys.

    Parameters
    ----------
    X : array_like, shape (N, p); y : array_like, shape (N,), labels in {-1, +1}, both classes
    n_centres : int >= 1, default 10
        K, chosen per data set by :func:`select_rbf_params` in the paper's protocol.
    reg : float >= 0, default 1e-6
    n_iter : int >= 0, default 10
    seed : int >= 0, default 0
    output : {"sign", "clip"}, default "sign"
    """

    def __init__(self, X, y, *, n_centres: int = RBF_N_CENTRES, reg: float = RBF_REG, n_iter: int = RBF_N_ITER,
                 seed: int = 0, output: str = "sign"):
        self.X, self.y = _check_Xy(X, y)
        self.n_centres = check_int(n_centres, "n_centres", low=1)
        self.reg = check_real(reg, "reg", low=0.0)
        self.n_iter = check_int(n_iter, "n_iter", low=0)
        self.seed = check_int(seed, "seed", low=0)
        self.output = check_choice(output, "output", OUTPUTS)
        self.n_examples, self.n_features = self.X.shape

    def seed_for(self, d) -> int:
        """The k-means seed of the network trained under ``d`` (the oracle's seed and the weighted sample)."""
        d = self._check_d(d)
        return _fingerprint(self.seed, _collapse(self.X, self.y, d / d.sum())[2])

    def fit(self, d) -> RBFNet:
        """The network trained on ``(X, y, d)``."""
        d = self._check_d(d)
        return fit_rbf_net(self.X, self.y, d, n_centres=self.n_centres, reg=self.reg, n_iter=self.n_iter,
                           seed=self.seed_for(d))

    def _h(self, f: np.ndarray) -> np.ndarray:
        return np.where(f >= 0, 1.0, -1.0) if self.output == "sign" else np.clip(f, -1.0, 1.0)

    def best_edge(self, d) -> tuple[tuple, float]:
        d = self._check_d(d)
        net = self.fit(d)
        u = self.y * self._h(net(self.X))
        edge = float(u @ d)
        s = -1 if edge < 0 else 1
        key = (tuple(map(tuple, net.centres.tolist())), tuple(net.widths.tolist()), tuple(net.weights.tolist()), s)
        return key, s * edge

    def best(self, d) -> tuple[tuple, np.ndarray]:
        key, _ = self.best_edge(d)
        return key, self.column(key)

    def network(self, key) -> tuple[RBFNet, int]:
        """The network and sign of a key."""
        try:
            C, sig, w, s = key
            C = np.asarray(C, dtype=float)
            sig = np.asarray(sig, dtype=float)
            w = np.asarray(w, dtype=float)
        except (TypeError, ValueError):
            raise ValueError(f"key must be an RBF-net key (centres, widths, weights, sign), got {key!r}") from None
        K = w.shape[0] if w.ndim == 1 else -1
        if C.shape != (K, self.n_features) or sig.shape != (K,) or s not in (1, -1):
            raise ValueError(f"key must hold K centres of {self.n_features} features, K widths, K weights, a sign +-1")
        return RBFNet(C, sig, w), int(s)

    def evaluate(self, key, X) -> np.ndarray:
        net, s = self.network(key)
        return s * self._h(net(X))

    def __repr__(self) -> str:
        return (f"RBFNetOracle(N={self.n_examples}, d={self.n_features}, n_centres={self.n_centres}, "
                f"reg={self.reg:g}, n_iter={self.n_iter}, output={self.output!r})")


# ----------------------------------------------------------------------------------------------------
# model selection (the IDA protocol)
# ----------------------------------------------------------------------------------------------------


def _lower_median(values: Sequence) -> Hashable:
    v = sorted(values)
    return v[(len(v) - 1) // 2]


def _stratified_folds(y: np.ndarray, n_folds: int, rng: np.random.Generator) -> np.ndarray:
    """Fold index of every example: each class shuffled and dealt round-robin."""
    fold = np.empty(y.shape[0], dtype=int)
    start = 0
    for c in (-1.0, 1.0):
        idx = np.flatnonzero(y == c)
        idx = idx[rng.permutation(idx.size)]
        fold[idx] = (start + np.arange(idx.size)) % n_folds
        start += idx.size
    return fold


def select_rbf_params(train_sets, n_centres_grid, reg_grid, *, n_folds: int = 5, n_iter: int = RBF_N_ITER,
                      seed: int = 0) -> dict:
    """K and ``reg`` by the IDA protocol: ``n_folds``-fold CV on each training set, the lower median.

    For each ``(X, y)`` in ``train_sets`` (the training parts of the first realisations, five in the
    protocol) and each pair of the grid, single networks (uniform weights, :func:`fit_rbf_net`, seed
    ``seed``) are trained on ``n_folds - 1`` stratified folds and scored by the error of ``sign(f)`` on
    the held-out fold; the pair of least mean validation error is that set's choice (ties to fewer
    centres, then to larger ``reg``). Each parameter is the lower median of the per-set choices.

    Returns ``{"n_centres": K, "reg": reg, "choices": [(K, reg) per set], "cv_error": [dict per set]}``.
    """
    n_folds = check_int(n_folds, "n_folds", low=2)
    seed = check_int(seed, "seed", low=0)
    Ks = sorted({check_int(k, "n_centres_grid entry", low=1) for k in n_centres_grid})
    regs = sorted({check_real(r, "reg_grid entry", low=0.0) for r in reg_grid}, reverse=True)
    if not Ks or not regs:
        raise ValueError("n_centres_grid and reg_grid must each hold at least one value")
    choices, errors = [], []
    for i, (X, y) in enumerate(train_sets):
        X, y = _check_Xy(X, y)
        fold = _stratified_folds(y, n_folds, np.random.default_rng([seed, i]))
        err = {}
        for K in Ks:
            for reg in regs:
                e = []
                for f in range(n_folds):
                    tr, va = fold != f, fold == f
                    net = fit_rbf_net(X[tr], y[tr], n_centres=K, reg=reg, n_iter=n_iter, seed=seed)
                    e.append(float(np.mean(np.where(net(X[va]) >= 0, 1.0, -1.0) != y[va])))
                err[(K, reg)] = float(np.mean(e))
        best = min(err.values())
        choices.append(next(k for k in ((K, r) for K in Ks for r in regs) if err[k] <= best))
        errors.append(err)
    return {"n_centres": _lower_median([c[0] for c in choices]), "reg": _lower_median([c[1] for c in choices]),
            "choices": choices, "cv_error": errors}
