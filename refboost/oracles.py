"""Hypothesis classes behind one interface.

A booster only talks to an :class:`Oracle`: it hands over a distribution ``d`` on the
examples and gets back the key of a hypothesis and its vector ``u = y * h(x)`` on the
training set (Glocer 2009, §2: "the oracle returns h^t with u^t . d^{t-1} >= g").
Keys are opaque to the booster; for :class:`MatrixOracle` they are column indices.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence

import numpy as np

from ._extras import HAVE_NUMBA, require
from ._validation import check_distribution, check_U


def _lowest_max(e: np.ndarray, tie_tol: float) -> int:
    """The lowest index whose edge is within ``tie_tol`` of the maximum (the tie rule of every finite class)."""
    return int(np.flatnonzero(e >= e.max() - tie_tol)[0])


class Oracle(ABC):
    """Abstract weak learner over a fixed training set of ``n_examples`` examples."""

    n_examples: int

    @abstractmethod
    def best(self, d: np.ndarray) -> tuple[Hashable, np.ndarray]:
        """Return ``(key, u)`` of a maximum-edge hypothesis under distribution ``d``."""

    @abstractmethod
    def column(self, key: Hashable) -> np.ndarray:
        """The vector ``u[n] = y_n h(x_n)`` of the hypothesis with this key."""

    def columns(self, keys: Sequence[Hashable]) -> np.ndarray:
        """Matrix ``U`` (N x len(keys)) of the given hypotheses, for certificates."""
        if len(keys) == 0:
            return np.zeros((self.n_examples, 0))
        return np.column_stack([self.column(k) for k in keys])

    def _check_d(self, d) -> np.ndarray:
        return check_distribution(d, self.n_examples, name="d", atol=1e-7)


#: The share of non-zero entries up to which a sweep goes through a sparse form of its data (the stump, raw-data
#: and SVM classes: :func:`_mostly_zero`).
_SPARSE_SWEEP_DENSITY = 1 / 3


def _mostly_zero(n_nonzero: int, size: int) -> bool:
    """Whether ``n_nonzero`` of ``size`` entries is at most the share :data:`_SPARSE_SWEEP_DENSITY`."""
    return n_nonzero <= _SPARSE_SWEEP_DENSITY * size


#: :class:`MatrixOracle` computes edges from a sparse copy of ``U`` when ``U`` (before the reflexive half) has at
#: least this many entries and is :func:`_mostly_zero`.
_SPARSE_EDGES_MIN_SIZE = 1 << 20


class MatrixOracle(Oracle):
    """A finite hypothesis class given as the matrix ``U[n, j] = y_n h_j(x_n)`` in [-1, 1].

    ``best(d)`` returns the column of maximum edge ``u^j . d``, the **lowest index on ties**
    (edges equal up to ``tie_tol``). With ``reflexive=True`` the class is ``[U, -U]``: key
    ``j + K`` is the negation of column ``j`` (Glocer 2009, §5.2 "reflexive" classes).

    Parameters
    ----------
    U : array_like, shape (N, K)
        Entries in [-1, 1], finite.
    reflexive : bool, default False
        Add the negation of every column.
    tie_tol : float, default 1e-12
        Edges within this absolute distance of the maximum count as ties.

    A large ``U`` (at least :data:`_SPARSE_EDGES_MIN_SIZE` entries) with at most a third non-zero entries
    sweeps through a CSR copy of ``U^T``; the edges agree with the dense product to rounding.
    """

    def __init__(self, U, *, reflexive: bool = False, tie_tol: float = 1e-12):
        U = check_U(U)
        if not isinstance(reflexive, bool):
            raise TypeError(f"reflexive must be a bool, got {type(reflexive).__name__}")
        from ._validation import check_real

        tie_tol = check_real(tie_tol, "tie_tol", low=0.0)
        self.U = np.hstack([U, -U]) if reflexive else U
        self.U.setflags(write=False)
        self.reflexive = reflexive
        self.tie_tol = float(tie_tol)
        self.n_examples, self.n_hypotheses = self.U.shape
        # a large, mostly-zero U (raw binary features: a9a's is 11 % non-zero) sweeps through a CSR copy of
        # U^T: O(nnz) instead of O(N K) per call, the reflexive half negated
        self._Ut = None
        if U.size >= _SPARSE_EDGES_MIN_SIZE and _mostly_zero(np.count_nonzero(U), U.size):
            import scipy.sparse as sp

            self._Ut = sp.csr_matrix(U.T)

    def edges(self, d) -> np.ndarray:
        """Edges of every hypothesis of the class under ``d``."""
        d = self._check_d(d)
        Ut = getattr(self, "_Ut", None)  # a subclass may set U without MatrixOracle.__init__
        if Ut is None:
            return self.U.T @ d
        e = Ut @ d
        return np.concatenate([e, -e]) if self.reflexive else e

    def best(self, d) -> tuple[int, np.ndarray]:
        j = _lowest_max(self.edges(d), self.tie_tol)
        return j, self.U[:, j].copy()

    def column(self, key) -> np.ndarray:
        j = _index_key(key, self.n_hypotheses)
        return self.U[:, j].copy()

    def columns(self, keys) -> np.ndarray:
        keys = np.asarray(list(keys), dtype=int)
        if keys.size and (keys.min() < 0 or keys.max() >= self.n_hypotheses):
            raise ValueError(f"keys must be column indices in [0, {self.n_hypotheses - 1}]")
        return self.U[:, keys].copy()

    def __repr__(self) -> str:
        return f"MatrixOracle(N={self.n_examples}, K={self.n_hypotheses}, reflexive={self.reflexive})"


# ======================================================================================
# Weak learners on a feature matrix X (decision stumps, depth-2 trees, raw features,
# linear-kernel columns, LDA). Every hypothesis maps into [-1, 1]; u = y * h(X).
# ======================================================================================

#: Default absolute tolerance under which two edges count as tied.
EDGE_TIE_TOL = 1e-12

#: Regularisation added to the within-class scatter of the LDA learner (Shen & Li 2010, §4).
LDA_RIDGE = 1e-4

#: Key of a constant stump: h = s everywhere (feature -1, threshold -inf).
CONSTANT_FEATURE = -1


def _check_sparse(X, name_X: str = "X"):
    """A scipy.sparse feature matrix as a CSC float matrix (not densified), finite and non-empty."""
    import scipy.sparse as sp

    Xs = sp.csc_matrix(X, dtype=float)
    if Xs.shape[0] == 0 or Xs.shape[1] == 0:
        raise ValueError(f"{name_X} must be a non-empty 2-d array, got shape {Xs.shape}")
    if not np.all(np.isfinite(Xs.data)):
        raise ValueError(f"{name_X} must contain only finite values (found NaN or inf)")
    Xs.sum_duplicates()
    return Xs


def _check_Xy(X, y, name_X: str = "X", name_y: str = "y", *, keep_sparse: bool = False):
    """Validate a feature matrix (dense or scipy.sparse) and labels in {-1, +1} with both classes.

    A sparse ``X`` is densified unless ``keep_sparse`` (then it is returned as a CSC matrix)."""
    import scipy.sparse as sp

    from ._validation import check_array, check_labels

    if sp.issparse(X) and keep_sparse:
        Xd = _check_sparse(X, name_X)
    elif sp.issparse(X):
        Xd = X.toarray().astype(float)
        if not np.all(np.isfinite(Xd)):
            raise ValueError(f"{name_X} must contain only finite values (found NaN or inf)")
        if Xd.ndim != 2 or Xd.size == 0:
            raise ValueError(f"{name_X} must be a non-empty 2-d array, got shape {Xd.shape}")
    else:
        Xd = check_array(X, name_X, ndim=2)
    yv = check_labels(y, name_y)
    if yv.shape[0] != Xd.shape[0]:
        raise ValueError(f"{name_y} must have one label per row of {name_X}: {yv.shape[0]} labels, {Xd.shape[0]} rows")
    if np.unique(yv).size < 2:
        raise ValueError(f"{name_y} must contain both classes -1 and +1 (single-class data has no edge to maximise)")
    return Xd, yv


def _check_X_new(X, n_features: int, name: str = "X", *, keep_sparse: bool = False) -> np.ndarray:
    import scipy.sparse as sp

    from ._validation import check_array

    if keep_sparse and sp.issparse(X):
        Xs = _check_sparse(X, name)
        if Xs.shape[1] != n_features:
            raise ValueError(f"{name} must have {n_features} features (as the training data), got {Xs.shape[1]}")
        return Xs
    Xd = X.toarray().astype(float) if sp.issparse(X) else X
    Xd = check_array(Xd, name, ndim=2)
    if Xd.shape[1] != n_features:
        raise ValueError(f"{name} must have {n_features} features (as the training data), got {Xd.shape[1]}")
    return Xd


def _check_bool(value, name: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, got {type(value).__name__}")
    return value


class _PredictMixin:
    """``column(key) = y * h_key(X_train)`` and ``predict(keys, weights, X) = sum_k w_k h_k(X)``."""

    X: np.ndarray
    y: np.ndarray
    n_features: int
    #: Whether ``predict`` hands a scipy.sparse ``X`` to :meth:`evaluate` as it is (else it is densified).
    _sparse_input: bool = False

    def evaluate(self, key, X) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def column(self, key) -> np.ndarray:
        return self.y * self.evaluate(key, self.X)

    def predict(self, keys: Sequence[Hashable], weights, X) -> np.ndarray:
        """The combined hypothesis ``f(x) = sum_k weights[k] h_{keys[k]}(x)`` on the rows of ``X``.

        ``sign(f)`` is the classifier (ties f = 0 -> +1: the papers leave sign(0) unspecified; this
        is the package's convention, used everywhere).
        """
        from ._validation import check_array

        keys = list(keys)
        w = np.zeros(0) if len(keys) == 0 else check_array(weights, "weights", ndim=1)
        if w.shape[0] != len(keys):
            raise ValueError(f"weights must have one entry per key: {w.shape[0]} weights, {len(keys)} keys")
        Xn = _check_X_new(X, self.n_features, keep_sparse=self._sparse_input)
        f = np.zeros(Xn.shape[0])
        for k, wk in zip(keys, w, strict=True):
            f += wk * self.evaluate(k, Xn)
        return f


#: :class:`StumpOracle` leaves each feature's most frequent value out of its one-hot map when the data have at
#: least this many entries and the values left in are :func:`_mostly_zero` (at most a third of them).
_STUMP_MODE_MIN_SIZE = 1 << 21


class StumpOracle(_PredictMixin, Oracle):
    r"""Exact decision stumps: the maximum-edge stump over all distinct thresholds.

    A stump is ``h(x) = s * (+1 if x_j > theta else -1)`` with feature ``j``, a threshold
    ``theta`` halfway between two consecutive distinct training values of feature ``j`` and a
    polarity ``s``; the constant hypotheses ``h = s`` (key ``(-1, -inf, s)``) are members too.
    With ``reflexive=True`` (default) both polarities are in the class (the class is closed under
    negation, Glocer 2009 §5.2), else only ``s = +1``. Keys are tuples ``(j, theta, s)``.

    Edge of a stump under ``d`` (Shen & Li 2010, eq. (42)): with ``v = d * y``, ``T = sum v``
    and ``L = sum_{x_nj <= theta} v_n``, ``u . d = s (T - 2 L)``. Each call forms, per feature, the
    ``v``-weighted histogram over the distinct values (one ``bincount`` over the N x d value
    codes computed once at construction) and its cumulative sums: O(N d) per call. On large data whose
    features mostly take one value, each feature's most frequent value is left out of the map and its bin
    filled from the total: O(number of other values) per call (a9a: 11 % of N d).

    Ties (edges within ``tie_tol``) are broken by the order constant stumps first, then feature
    ``j`` ascending, threshold ascending, ``s = +1`` before ``s = -1``.

    Parameters
    ----------
    X : array_like or scipy.sparse matrix, shape (N, d)
        Finite features (sparse input is densified once; constant features allowed).
    y : array_like, shape (N,)
        Labels in {-1, +1}, both classes present.
    reflexive : bool, default True
    tie_tol : float, default 1e-12
    """

    def __init__(self, X, y, reflexive: bool = True, *, tie_tol: float = EDGE_TIE_TOL):
        import scipy.sparse as sp

        from ._validation import check_real

        self.X, self.y = _check_Xy(X, y)
        self.reflexive = _check_bool(reflexive, "reflexive")
        self.tie_tol = check_real(tie_tol, "tie_tol", low=0.0)
        self.n_examples, self.n_features = self.X.shape
        N, p = self.X.shape
        codes = np.empty((N, p), dtype=np.int64)
        thresholds, feature, is_split = [], [], []
        offset = 0
        for j in range(p):
            uniq, inv = np.unique(self.X[:, j], return_inverse=True)
            codes[:, j] = inv + offset
            mid = (uniq[:-1] + uniq[1:]) / 2.0
            mid = np.where(mid < uniq[1:], mid, uniq[:-1])  # guard: a midpoint that rounds up to the right value
            thresholds.append(np.r_[mid, np.inf])
            feature.append(np.full(uniq.size, j))
            is_split.append(np.r_[np.ones(uniq.size - 1, bool), False])  # no split after the largest value
            offset += uniq.size
        self._codes = codes.ravel()  # C order: element (n, j) at n * p + j
        self._n_bins = offset
        self._thresholds = np.concatenate(thresholds)
        self._feature = np.concatenate(feature)
        self._is_split = np.concatenate(is_split)
        self._seg_start = np.r_[0, np.cumsum([t.size for t in thresholds])[:-1]]
        self._bin_seg_start = np.repeat(self._seg_start, [t.size for t in thresholds])
        # one-hot map bins x examples: histogram of v over each feature's distinct values = onehot_T @ v.
        # On large data whose features mostly take one value (a9a: binary, 89 % zeros), the map leaves out each
        # feature's most frequent value; that bin's sum is the row total minus the feature's other bins.
        self._mode_bins = None
        keep = None
        if N * p >= _STUMP_MODE_MIN_SIZE:
            counts = np.bincount(self._codes, minlength=offset)
            mode_bins = np.array([s0 + int(np.argmax(counts[s0:s0 + t.size]))  # the first bin of largest count
                                  for s0, t in zip(self._seg_start, thresholds, strict=True)])
            is_mode = np.zeros(offset, bool)
            is_mode[mode_bins] = True
            keep = ~is_mode[self._codes]
            if _mostly_zero(int(keep.sum()), N * p):
                self._mode_bins = mode_bins
            else:
                keep = None
        if keep is None:
            onehot = sp.csr_matrix((np.ones(N * p), self._codes, np.arange(0, N * p + 1, p)), shape=(N, offset))
        else:
            indptr = np.r_[0, np.cumsum(keep.reshape(N, p).sum(axis=1))]
            onehot = sp.csr_matrix((np.ones(int(keep.sum())), self._codes[keep], indptr), shape=(N, offset))
        self._onehot_T = onehot.T  # CSC, no sorting needed (codes increase along each row)

    # -- the search, vectorised over rows of histograms (used by the tree oracle too) --

    def _histograms(self, V: np.ndarray) -> np.ndarray:
        """Rows of per-bin sums of the rows of V (shape R x N) -> R x n_bins (one sparse product)."""
        H = (self._onehot_T @ V.T).T
        if self._mode_bins is not None:  # the left-out bins: row total minus the feature's other bins
            H[:, self._mode_bins] = V.sum(axis=1)[:, None] - np.add.reduceat(H, self._seg_start, axis=1)
        return H

    def _best_from_hist(self, H: np.ndarray, T: np.ndarray):
        """Best stump per row: returns (edge, key) lists. H: R x n_bins histograms, T: row totals."""
        C = np.cumsum(H, axis=1)
        start_prev = self._bin_seg_start - 1
        before = np.where(start_prev >= 0, C[:, np.maximum(start_prev, 0)], 0.0)
        L = C - before  # sum over values <= this bin, within the bin's feature
        S = T[:, None] - 2.0 * L  # edge of (j, theta, +1)
        score = np.abs(S) if self.reflexive else S.copy()
        score[:, ~self._is_split] = -np.inf
        const = np.abs(T) if self.reflexive else T
        out = []
        for r in range(H.shape[0]):
            m = max(score[r].max() if score.shape[1] else -np.inf, const[r])
            if const[r] >= m - self.tie_tol:
                s = 1 if (T[r] >= 0 or not self.reflexive) else -1
                out.append((float(s * T[r]), (CONSTANT_FEATURE, -np.inf, s)))
                continue
            b = int(np.flatnonzero(score[r] >= m - self.tie_tol)[0])
            s = 1 if (S[r, b] >= 0 or not self.reflexive) else -1
            out.append((float(s * S[r, b]), (int(self._feature[b]), float(self._thresholds[b]), s)))
        return out

    def best(self, d) -> tuple[tuple, np.ndarray]:
        d = self._check_d(d)
        v = d * self.y
        H = self._histograms(v[None, :])
        _, key = self._best_from_hist(H, np.array([v.sum()]))[0]
        return key, self.column(key)

    def best_edge(self, d) -> tuple[tuple, float]:
        """``(key, edge)`` of the best stump (no column materialised)."""
        d = self._check_d(d)
        v = d * self.y
        edge, key = self._best_from_hist(self._histograms(v[None, :]), np.array([v.sum()]))[0]
        return key, edge

    def _check_key(self, key) -> tuple[int, float, int]:
        try:
            j, theta, s = key
        except (TypeError, ValueError):
            raise ValueError(f"key must be a stump key (feature, threshold, sign), got {key!r}") from None
        if s not in (1, -1) or not (j == CONSTANT_FEATURE or 0 <= j < self.n_features):
            raise ValueError(f"key must be (feature in [-1, {self.n_features - 1}], threshold, sign +-1), got {key!r}")
        if s == -1 and not self.reflexive:
            raise ValueError(f"key {key!r} has sign -1 but the class is not reflexive")
        return int(j), float(theta), int(s)

    def evaluate(self, key, X) -> np.ndarray:
        """``h(x)`` of stump ``key`` on the rows of X (values in {-1, +1})."""
        j, theta, s = self._check_key(key)
        if j == CONSTANT_FEATURE:
            return np.full(X.shape[0], float(s))
        return s * np.where(X[:, j] > theta, 1.0, -1.0)

    def n_hypotheses(self) -> int:
        """Number of distinct stump keys in the class (both polarities if reflexive)."""
        k = int(self._is_split.sum()) + 1
        return 2 * k if self.reflexive else k

    def all_keys(self) -> list[tuple]:
        """Every stump key, in the tie-breaking order (for brute-force checks on small data)."""
        signs = (1, -1) if self.reflexive else (1,)
        keys = [(CONSTANT_FEATURE, -np.inf, s) for s in signs]
        for b in np.flatnonzero(self._is_split):
            keys += [(int(self._feature[b]), float(self._thresholds[b]), s) for s in signs]
        return keys

    def __repr__(self) -> str:
        return f"StumpOracle(N={self.n_examples}, d={self.n_features}, reflexive={self.reflexive})"


class TreeOracle(_PredictMixin, Oracle):
    r"""Depth-2 decision trees maximising the edge.

    A tree splits the root on ``x_j <= theta`` (a stump threshold of :class:`StumpOracle`) and
    puts a stump (or a constant) of either polarity in each child:
    ``h(x) = h_left(x) if x_j <= theta else h_right(x)``, values in {-1, +1}. Key:
    ``(j, theta, left_stump_key, right_stump_key)``.

    Split criterion (Mitsuboshi et al. (2022), §5, name "decision trees of depth 2" and leave it
    open): **the weighted edge** ``u . d``. For a fixed root split the two children are independent, so the best tree
    with that root has edge ``B(left) + B(right)``, where ``B(S)`` is the best reflexive-stump edge
    on the examples in S (the other examples' weights set to zero).

    * ``search="exact"`` (default): maximise over every root split: the true argmax over the class
      (an exact linear-minimisation oracle), O(n_splits * N d) per call -- small data only.
    * ``search="greedy"``: root = the maximum-edge stump's split, then the best child stumps
      (CART-like, one level at a time, with the edge as the criterion): O(N d) per call.

    Ties are broken like :class:`StumpOracle` (root feature, then threshold ascending; children
    in the stump order). The class is closed under negation.
    """

    SEARCHES = ("exact", "greedy")
    #: Bound used for the screening sweep's round-off against the histogram computation (both sum
    #: ``|v|`` with total 1 in float64, so they differ by ~1e-15; the margin is generous).
    SCREEN_TOL = 1e-9
    #: Root splits recomputed per histogram product in the screened search.
    SCREEN_CHUNK = 256

    def __init__(self, X, y, *, search: str = "exact", tie_tol: float = EDGE_TIE_TOL):
        from ._validation import check_choice

        self._stumps = StumpOracle(X, y, reflexive=True, tie_tol=tie_tol)
        self.X, self.y = self._stumps.X, self._stumps.y
        self.n_examples, self.n_features = self.X.shape
        self.search = check_choice(search, "search", self.SEARCHES)
        self._screen = None  # True / False force the screened / plain exact search (the tests compare them)
        self.tie_tol = self._stumps.tie_tol
        st = self._stumps
        self._split_bins = np.flatnonzero(st._is_split)
        # left-membership of every root split: code of x_j <= code of the split's bin
        codes = st._codes.reshape(self.n_examples, self.n_features)
        self._left = codes[:, st._feature[self._split_bins]] <= self._split_bins[None, :]  # N x n_splits
        # the screening kernel's inputs (refboost._jit.tree): bin codes, feature segments, sorted orders
        self._codes2 = np.ascontiguousarray(codes)
        self._seg_end = np.r_[st._seg_start[1:], st._n_bins].astype(np.int64)
        self._order = np.ascontiguousarray(np.argsort(codes, axis=0, kind="stable").T)

    def _children(self, v: np.ndarray, cols: np.ndarray):
        masks = self._left[:, cols].T  # R x N
        VL = masks * v[None, :]
        VR = (~masks) * v[None, :]
        st = self._stumps
        HL, HR = st._histograms(VL), st._histograms(VR)
        return st._best_from_hist(HL, VL.sum(axis=1)), st._best_from_hist(HR, VR.sum(axis=1))

    def best_edge(self, d) -> tuple[tuple, float]:
        d = self._check_d(d)
        v = d * self.y
        st = self._stumps
        if self._split_bins.size == 0:  # every feature constant: only constant hypotheses
            key, e = st.best_edge(d)
            return (CONSTANT_FEATURE, -np.inf, key, key), e
        if self.search == "exact" and self._use_screen():
            return self._best_edge_screened(v)
        if self.search == "greedy":
            H = st._histograms(v[None, :])
            T = np.array([v.sum()])
            C = np.cumsum(H, axis=1)
            before = np.where(st._bin_seg_start > 0, C[:, np.maximum(st._bin_seg_start - 1, 0)], 0.0)
            score = np.abs(T[:, None] - 2.0 * (C - before))[0, self._split_bins]
            cols = np.array([int(np.flatnonzero(score >= score.max() - self.tie_tol)[0])])
        else:
            cols = np.arange(self._split_bins.size)
        left, right = self._children(v, cols)
        total = np.array([a[0] + b[0] for a, b in zip(left, right, strict=True)])
        i = int(np.flatnonzero(total >= total.max() - self.tie_tol)[0])
        b = self._split_bins[cols[i]]
        key = (int(st._feature[b]), float(st._thresholds[b]), left[i][1], right[i][1])
        return key, float(total[i])

    def _use_screen(self) -> bool:
        """Screen when it is cheaper: the plain search costs ~ n_splits N d per call, the sweep ~ d^2 N log2(n_k)
        (n_k a feature's bins; measured on the IDA sets: faster on banana, german, heart, image, ringnorm,
        thyroid, twonorm; slower on splice, 180 root splits over 60 features). The test below uses
        ``log2(n_bins)``, an upper bound on ``log2(n_k)``. Both give the same key and edge."""
        if self._screen is not None:
            return bool(self._screen)
        if not HAVE_NUMBA:  # the screening kernel is compiled (the [fast] extra); the plain search is exact
            return False
        st = self._stumps
        return self._split_bins.size > self.n_features * np.log2(max(st._n_bins, 2))

    def _best_edge_screened(self, v: np.ndarray) -> tuple[tuple, float]:
        """The exact search, screened: every root split's total from the O(p^2 N log N) sweep of
        :func:`refboost._jit.tree.root_split_totals`, then the histogram computation of ``_children``
        (the one the unscreened search applies to every root split) on the root splits within
        ``tie_tol + 2 SCREEN_TOL`` of the screened maximum only. The two computations differ by
        summation round-off (far below ``SCREEN_TOL``), so the candidates contain the maximiser and
        every root split within ``tie_tol`` of it: the key and edge equal the unscreened search's."""
        from ._jit.tree import root_split_totals

        st = self._stumps
        approx = root_split_totals(
            self._codes2, v, st._is_split, st._seg_start.astype(np.int64), self._seg_end, self._order,
            int(self._split_bins.size),
        )
        cand = np.flatnonzero(approx >= approx.max() - self.tie_tol - 2.0 * self.SCREEN_TOL)
        left, right = [], []
        for a in range(0, cand.size, self.SCREEN_CHUNK):
            lc, rc = self._children(v, cand[a : a + self.SCREEN_CHUNK])
            left += lc
            right += rc
        total = np.array([a[0] + b[0] for a, b in zip(left, right, strict=True)])
        i = int(np.flatnonzero(total >= total.max() - self.tie_tol)[0])
        b = self._split_bins[cand[i]]
        key = (int(st._feature[b]), float(st._thresholds[b]), left[i][1], right[i][1])
        return key, float(total[i])

    def best(self, d) -> tuple[tuple, np.ndarray]:
        key, _ = self.best_edge(d)
        return key, self.column(key)

    def evaluate(self, key, X) -> np.ndarray:
        try:
            j, theta, kl, kr = key
        except (TypeError, ValueError):
            raise ValueError(f"key must be a tree key (feature, threshold, left key, right key), got {key!r}") from None
        if not (j == CONSTANT_FEATURE or 0 <= j < self.n_features):
            raise ValueError(f"key feature must lie in [-1, {self.n_features - 1}], got {j}")
        hl, hr = self._stumps.evaluate(kl, X), self._stumps.evaluate(kr, X)
        if j == CONSTANT_FEATURE:
            return hl
        return np.where(X[:, j] <= theta, hl, hr)

    def __repr__(self) -> str:
        return f"TreeOracle(N={self.n_examples}, d={self.n_features}, search={self.search!r})"


def _index_key(key, n: int) -> int:
    """A column-index key in [0, n - 1] (TypeError/ValueError naming ``key`` otherwise)."""
    import numbers

    if isinstance(key, bool) or not isinstance(key, numbers.Integral):
        raise ValueError(f"key must be a column index (int) in [0, {n - 1}], got {key!r}")
    if not 0 <= int(key) < n:
        raise ValueError(f"key must be a column index in [0, {n - 1}], got {key}")
    return int(key)


def _signed_key(key, n: int, n_base: int) -> tuple[float, int]:
    """``(sign, j)`` of a reflexive class' key: key ``j + n_base`` is ``-h_j`` (:func:`_index_key` validates)."""
    j = _index_key(key, n)
    return (-1.0 if j >= n_base else 1.0), j % n_base


class _EdgeSweepMixin:
    """``best`` and ``best_edge`` of a class that sweeps all its edges at once (``edges(d)``) without a matrix."""

    def best(self, d) -> tuple[int, np.ndarray]:
        j, _ = self.best_edge(d)
        return j, self.column(j)

    def best_edge(self, d) -> tuple[int, float]:
        """``(key, edge)`` of the best hypothesis (no column materialised)."""
        e = self.edges(d)
        j = _lowest_max(e, self.tie_tol)
        return j, float(e[j])


def _max_abs_scale(A: np.ndarray) -> np.ndarray:
    """Per-column max |A|, with 1 for all-zero columns (those hypotheses are identically 0)."""
    c = np.max(np.abs(A), axis=0)
    return np.where(c > 0, c, 1.0)


class RawFeatureOracle(_PredictMixin, MatrixOracle):
    r"""Raw features as hypotheses: ``h_j(x) = x_j / c_j``, ``c_j = max_n |x_nj|`` on the training set.

    Glocer (2009), ch. 5, does not say how raw features are scaled to [-1, 1]; dividing by the
    max-abs over the training set is this package's choice (so h is in [-1, 1] on the training set; on new data the
    value is clipped to [-1, 1]). Keys are column indices as in :class:`MatrixOracle`
    (``j + d`` is ``-h_j`` when ``reflexive``, the default).

    A scipy.sparse ``X`` gives a :class:`SparseRawFeatureOracle` (the same class of hypotheses, keys, edges
    and tie-breaking, without densifying ``X``).
    """

    def __new__(cls, X=None, *args, **kwargs):
        import scipy.sparse as sp

        if cls is RawFeatureOracle and sp.issparse(X):
            return SparseRawFeatureOracle(X, *args, **kwargs)
        return super().__new__(cls)

    def __init__(self, X, y, reflexive: bool = True, *, tie_tol: float = EDGE_TIE_TOL):
        Xd, yv = _check_Xy(X, y)
        _check_bool(reflexive, "reflexive")
        self.X, self.y = Xd, yv
        self.scale = _max_abs_scale(Xd)
        self.n_features = Xd.shape[1]
        super().__init__(yv[:, None] * Xd / self.scale, reflexive=reflexive, tie_tol=tie_tol)

    def evaluate(self, key, X) -> np.ndarray:
        sign, j = _signed_key(key, self.n_hypotheses, self.n_features)
        return sign * np.clip(X[:, j] / self.scale[j], -1.0, 1.0)

    def column(self, key) -> np.ndarray:
        return MatrixOracle.column(self, _index_key(key, self.n_hypotheses))


class SparseRawFeatureOracle(_EdgeSweepMixin, _PredictMixin, Oracle):
    r""":class:`RawFeatureOracle` on a scipy.sparse ``X``, which is never densified.

    The large sets of Glocer (2009), ch. 5 (astro-ph, news20, real-sim: up to 1.4 million features, under
    0.3 % non-zero) do not fit as dense matrices. ``U = diag(y) X diag(1/c)`` (``c_j = max_n |x_nj|``, 1
    for an all-zero column) is kept as a sparse CSC matrix without its reflexive half (the edges of the
    negations are the negated edges); an edge sweep is the sparse product ``U^T d`` (O(nnz)); only the
    requested columns are densified. Keys, edges and the lowest-index tie rule are those of
    :class:`RawFeatureOracle` (key ``j + d`` is ``-h_j`` when ``reflexive``). Not a :class:`MatrixOracle`:
    certificates read the class through :meth:`best` (its edges are exact), never as a dense matrix.
    """

    _sparse_input = True

    def __init__(self, X, y, reflexive: bool = True, *, tie_tol: float = EDGE_TIE_TOL):
        import scipy.sparse as sp

        from ._validation import check_real

        if not sp.issparse(X):
            raise TypeError(f"X must be a scipy.sparse matrix (dense X: RawFeatureOracle), got {type(X).__name__}")
        self.X, self.y = _check_Xy(X, y, keep_sparse=True)
        self.reflexive = _check_bool(reflexive, "reflexive")
        self.tie_tol = check_real(tie_tol, "tie_tol", low=0.0)
        self.n_examples, self.n_features = self.X.shape
        c = np.asarray(abs(self.X).max(axis=0).todense()).ravel()
        self.scale = np.where(c > 0, c, 1.0)
        self.U_half = sp.csc_matrix(sp.diags(self.y) @ self.X @ sp.diags(1.0 / self.scale))
        self.n_hypotheses = 2 * self.n_features if self.reflexive else self.n_features

    def edges(self, d) -> np.ndarray:
        """Edges of every hypothesis of the class under ``d`` (the reflexive half last)."""
        e = np.asarray(self.U_half.T @ self._check_d(d)).ravel()
        return np.concatenate([e, -e]) if self.reflexive else e

    def evaluate(self, key, X) -> np.ndarray:
        import scipy.sparse as sp

        sign, j = _signed_key(key, self.n_hypotheses, self.n_features)
        col = X[:, [j]].toarray().ravel() if sp.issparse(X) else np.asarray(X)[:, j]
        return sign * np.clip(col / self.scale[j], -1.0, 1.0)

    def column(self, key) -> np.ndarray:
        sign, j = _signed_key(key, self.n_hypotheses, self.n_features)
        return sign * self.U_half[:, [j]].toarray().ravel()

    def __repr__(self) -> str:
        return f"SparseRawFeatureOracle(N={self.n_examples}, d={self.n_features}, reflexive={self.reflexive})"


class KernelColumnOracle(_PredictMixin, MatrixOracle):
    r"""Linear-kernel ("SVM") hypotheses ``h_m(x) = <x, x_m> / c_m`` (Glocer 2009, ch. 5).

    One hypothesis per training example ``m``; ``c_m = max_n |<x_n, x_m>|`` over the training
    set (per m; the thesis does not give the scaling, this is the package's choice), so h_m is in
    [-1, 1] there (clipped to [-1, 1] on new data). Keys are
    column indices (``m + N`` is ``-h_m`` when ``reflexive``, the default).

    A scipy.sparse ``X`` stays sparse (CSR): the N x N kernel matrix, dense by nature (the thesis: SVM
    hypotheses "are dense because they are the result of a matrix-vector product"), is formed as the sparse
    product ``X X^T``, and new data is multiplied sparse.
    """

    _sparse_input = True

    def __new__(cls, X=None, *args, **kwargs):
        # above KERNEL_DENSE_MAX_N training examples the N x N matrix is not formed: same class, matrix-free
        if cls is KernelColumnOracle and getattr(X, "shape", None) is not None and len(X.shape) == 2 \
                and X.shape[0] > KERNEL_DENSE_MAX_N:
            return LinearKernelOracle(X, *args, **kwargs)
        return super().__new__(cls)

    def __init__(self, X, y, reflexive: bool = True, *, tie_tol: float = EDGE_TIE_TOL):
        import scipy.sparse as sp

        Xd, yv = _check_Xy(X, y, keep_sparse=True)
        _check_bool(reflexive, "reflexive")
        if sp.issparse(Xd):
            Xd = sp.csr_matrix(Xd)
            K = (Xd @ Xd.T).toarray()
        else:
            K = Xd @ Xd.T
        self.X, self.y = Xd, yv
        self.n_features = Xd.shape[1]
        self.scale = _max_abs_scale(K)
        self.n_centres = Xd.shape[0]
        super().__init__(yv[:, None] * K / self.scale[None, :], reflexive=reflexive, tie_tol=tie_tol)

    def evaluate(self, key, X) -> np.ndarray:
        import scipy.sparse as sp

        sign, m = _signed_key(key, self.n_hypotheses, self.n_centres)
        xm = self.X[m]
        if sp.issparse(xm) or sp.issparse(X):
            xm = xm.toarray().ravel() if sp.issparse(xm) else xm
            v = np.asarray(X @ xm).ravel()
        else:
            v = X @ xm
        return sign * np.clip(v / self.scale[m], -1.0, 1.0)

    def column(self, key) -> np.ndarray:
        return MatrixOracle.column(self, _index_key(key, self.n_hypotheses))


#: Largest training set for which :class:`KernelColumnOracle` forms its N x N kernel matrix (0.8 GB for the
#: reflexive U at this N); above it, ``KernelColumnOracle(X, y)`` returns a :class:`LinearKernelOracle`.
KERNEL_DENSE_MAX_N = 7000

#: Rows of the kernel matrix formed at a time when :class:`LinearKernelOracle` computes its scales.
_KERNEL_BLOCK = 1024
#: Kernel columns :class:`LinearKernelOracle` keeps once computed (a9a: 0.23 MB each).
_KERNEL_COLUMN_CACHE = 256


class LinearKernelOracle(_EdgeSweepMixin, _PredictMixin, Oracle):
    r""":class:`KernelColumnOracle` without its N x N matrix: the same SVM hypotheses, matrix-free.

    The hypotheses are the linear kernel's columns ``h_m(x) = <x, x_m> / c_m`` with
    ``c_m = max_n |<x_n, x_m>|`` (Glocer 2009, ch. 5; the scaling is the package's choice, as in
    :class:`KernelColumnOracle`). Because the kernel is linear, all N edges under ``d`` come from two
    products with ``X`` instead of one with the N x N matrix:

    .. math:: (d^T U)_m = \sum_n d_n y_n \langle x_n, x_m\rangle / c_m = \langle X^T (d \circ y), x_m\rangle / c_m ,

    O(nnz(X)) per sweep and O(N D) memory (a9a's 29,305 training examples: a reflexive U would take 13.7 GB);
    a dense ``X`` with at most a third non-zero is multiplied through CSR copies of ``X`` and ``X^T``.
    The scales ``c`` are computed once, from blocks of :data:`_KERNEL_BLOCK` rows of the kernel matrix.
    Keys, the lowest-index tie rule (edges within ``tie_tol``), :meth:`evaluate` and the columns are those of
    :class:`KernelColumnOracle`; the edges agree with it to rounding (a different summation order), so on an
    exact tie within rounding the two can pick different keys. ``X`` may be dense or scipy.sparse (kept
    sparse). Not a :class:`MatrixOracle`: certificates read the class through :meth:`best`.
    """

    _sparse_input = True

    def __init__(self, X, y, reflexive: bool = True, *, tie_tol: float = EDGE_TIE_TOL):
        import scipy.sparse as sp

        from ._validation import check_real

        Xd, yv = _check_Xy(X, y, keep_sparse=True)
        self.reflexive = _check_bool(reflexive, "reflexive")
        self.tie_tol = check_real(tie_tol, "tie_tol", low=0.0)
        self.X = sp.csr_matrix(Xd) if sp.issparse(Xd) else Xd
        self.y = yv
        self.n_examples, self.n_features = self.X.shape
        self.n_centres = self.n_examples
        c = np.empty(self.n_examples)
        for a in range(0, self.n_examples, _KERNEL_BLOCK):
            Kb = self.X @ self.X[a:a + _KERNEL_BLOCK].T
            Kb = Kb.toarray() if sp.issparse(Kb) else Kb
            c[a:a + _KERNEL_BLOCK] = np.max(np.abs(Kb), axis=0)
        self.scale = np.where(c > 0, c, 1.0)
        self.n_hypotheses = 2 * self.n_examples if self.reflexive else self.n_examples
        self._kernel_columns: dict[int, np.ndarray] = {}  # <x_n, x_m> / c_m by m, as computed by column()
        # the products of every edge sweep: CSR copies of X and X^T when X is sparse or mostly zeros
        # (a9a: 11 % non-zero, 0.6 ms per product instead of 7.7 ms dense)
        if sp.issparse(self.X) or _mostly_zero(np.count_nonzero(self.X), self.X.size):
            self._Xp, self._XTp = sp.csr_matrix(self.X), sp.csr_matrix(self.X.T)
        else:
            self._Xp, self._XTp = self.X, self.X.T

    def _products(self, v) -> np.ndarray:
        """``X v`` as a flat array (``X`` dense or sparse)."""
        return np.asarray(self._Xp @ v).ravel()

    def edges(self, d) -> np.ndarray:
        """Edges of every hypothesis under ``d`` (the reflexive half last)."""
        g = np.asarray(self._XTp @ (self._check_d(d) * self.y)).ravel()
        e = self._products(g) / self.scale
        return np.concatenate([e, -e]) if self.reflexive else e

    evaluate = KernelColumnOracle.evaluate  # the same hypotheses on new data

    def column(self, key) -> np.ndarray:
        import scipy.sparse as sp

        sign, m = _signed_key(key, self.n_hypotheses, self.n_centres)
        k = self._kernel_columns.get(m)
        if k is None:  # a corrective booster asks for the same few columns at every iteration: kept, bounded
            xm = self.X[m]
            xm = xm.toarray().ravel() if sp.issparse(xm) else xm
            k = self._products(xm) / self.scale[m]
            if len(self._kernel_columns) < _KERNEL_COLUMN_CACHE:
                self._kernel_columns[m] = k
        return sign * self.y * k

    def __repr__(self) -> str:
        return f"LinearKernelOracle(N={self.n_examples}, d={self.n_features}, reflexive={self.reflexive})"


class LDAOracle(_PredictMixin, Oracle):
    r"""Weighted Fisher LDA with a thresholded projection (Shen & Li 2010, §4).

    Under ``d``: class means ``mu_c = sum_{y_n=c} d_n x_n / sum_{y_n=c} d_n``, within-class scatter
    ``S_w = sum_n d_n (x_n - mu_{y_n})(x_n - mu_{y_n})^T``, direction
    ``w = (S_w + 1e-4 I)^{-1} (mu_+ - mu_-)`` (the ``1e-4 I`` of Shen & Li §4), normalised to unit
    length; then the maximum-edge reflexive stump on the projection ``z = X w`` gives the
    threshold and polarity: ``h(x) = s * sign(w . x - theta)`` (+1 above theta).

    The paper does not say how the weights enter or how the threshold is chosen; the u-weighted
    means and scatter and the maximum-edge threshold are this package's choice.
    LDA is **not** an exact oracle over all linear threshold functions: its edge is the best
    over thresholds along its own direction only, so column-generation certificates that assume
    an exact oracle do not hold with it. Keys: ``(w as a tuple, theta, s)``.
    """

    def __init__(self, X, y, *, ridge: float = LDA_RIDGE, tie_tol: float = EDGE_TIE_TOL):
        from ._validation import check_real

        self.X, self.y = _check_Xy(X, y)
        self.ridge = check_real(ridge, "ridge", low=0.0, low_open=True)
        self.tie_tol = check_real(tie_tol, "tie_tol", low=0.0)
        self.n_examples, self.n_features = self.X.shape

    def direction(self, d) -> np.ndarray:
        """The regularised LDA direction under distribution ``d`` (unit norm)."""
        d = self._check_d(d)
        pos, neg = self.y > 0, self.y < 0
        mu = {}
        for c, mask in ((True, pos), (False, neg)):
            wc = d[mask].sum()
            # a class without weight: fall back to its plain mean (the difference stays defined)
            mu[c] = d[mask] @ self.X[mask] / wc if wc > 0 else self.X[mask].mean(axis=0)
        mu_diff = mu[True] - mu[False]
        R = self.X - np.where(pos[:, None], mu[True], mu[False])
        Sw = (R * d[:, None]).T @ R
        w = np.linalg.solve(Sw + self.ridge * np.eye(self.n_features), mu_diff)
        nrm = np.linalg.norm(w)
        return w / nrm if nrm > 0 else np.eye(self.n_features)[0]

    def best(self, d) -> tuple[tuple, np.ndarray]:
        key, _ = self.best_edge(d)
        return key, self.column(key)

    def best_edge(self, d) -> tuple[tuple, float]:
        d = self._check_d(d)
        w = self.direction(d)
        z = (self.X @ w)[:, None]
        key1, edge = StumpOracle(z, self.y, reflexive=True, tie_tol=self.tie_tol).best_edge(d)
        _, theta, s = key1
        return (tuple(w.tolist()), float(theta), int(s)), edge

    def evaluate(self, key, X) -> np.ndarray:
        try:
            w, theta, s = key
            w = np.asarray(w, dtype=float)
        except (TypeError, ValueError):
            raise ValueError(f"key must be an LDA key (direction, threshold, sign), got {key!r}") from None
        if w.shape != (self.n_features,) or s not in (1, -1):
            raise ValueError(f"key must hold a direction of length {self.n_features} and a sign +-1")
        return s * np.where(X @ w > theta, 1.0, -1.0)

    def __repr__(self) -> str:
        return f"LDAOracle(N={self.n_examples}, d={self.n_features}, ridge={self.ridge:g})"


#: Regularisation constant C of the linear-SVM weak learner (scikit-learn's LinearSVC default).
SVM_C = 1.0


class LinearSVMOracle(_PredictMixin, Oracle):
    r"""A linear SVM trained on the weighted sample: ``h(x) = s * sign(<v, x> + b)``.

    Glocer (2009), Tables 5.6 and 5.9, compare the boosters with a linear SVM; here the SVM is the
    weak learner. Under ``d``, scikit-learn's ``LinearSVC(C=C)`` (squared hinge loss, l2 penalty,
    fixed ``random_state``) is fitted with ``sample_weight = N d``; the hypothesis is the sign of its
    decision function (``+1`` where it is > 0, scikit-learn's convention), negated (``s = -1``) when
    ``reflexive`` and its edge under ``d`` is negative. The weighted hinge loss is a surrogate of the
    weighted error, so this is **not** an exact oracle: certificates that assume the maximum edge
    over a class do not hold with it (as for :class:`LDAOracle`). Keys: ``(v as a tuple, b, s)``.

    Parameters
    ----------
    X : array_like or scipy.sparse matrix, shape (N, p)
    y : array_like, shape (N,), labels in {-1, +1} with both classes
    C : float, default 1.0
        LinearSVC's regularisation constant, > 0.
    reflexive : bool, default True
    max_iter : int, default 10000
        LinearSVC's iteration limit, >= 1 (a run that hits it is used as it is).
    """

    def __init__(self, X, y, *, C: float = SVM_C, reflexive: bool = True, max_iter: int = 10000):
        from ._validation import check_max_iter, check_real

        self.X, self.y = _check_Xy(X, y)
        self.C = check_real(C, "C", low=0.0, low_open=True)
        self.reflexive = _check_bool(reflexive, "reflexive")
        self.max_iter = check_max_iter(max_iter)
        self.n_examples, self.n_features = self.X.shape

    def fit(self, d) -> tuple[np.ndarray, float]:
        """``(v, b)`` of the linear SVM fitted with ``sample_weight = N d``."""
        import warnings

        require("sklearn", "LinearSVMOracle")
        from sklearn.exceptions import ConvergenceWarning
        from sklearn.svm import LinearSVC

        d = self._check_d(d)
        svm = LinearSVC(C=self.C, max_iter=self.max_iter, random_state=0)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            svm.fit(self.X, self.y, sample_weight=d * self.n_examples)
        sign = 1.0 if svm.classes_[1] > 0 else -1.0  # decision > 0 means classes_[1]
        return sign * svm.coef_[0].astype(float), sign * float(svm.intercept_[0])

    def best_edge(self, d) -> tuple[tuple, float]:
        d = self._check_d(d)
        v, b = self.fit(d)
        key = (tuple(v.tolist()), b, 1)
        edge = float(self.column(key) @ d)
        if self.reflexive and edge < 0:
            return (key[0], b, -1), -edge
        return key, edge

    def best(self, d) -> tuple[tuple, np.ndarray]:
        key, _ = self.best_edge(d)
        return key, self.column(key)

    def evaluate(self, key, X) -> np.ndarray:
        try:
            v, b, s = key
            v = np.asarray(v, dtype=float)
            b = float(b)
        except (TypeError, ValueError):
            raise ValueError(f"key must be a linear-SVM key (weights, intercept, sign), got {key!r}") from None
        if v.shape != (self.n_features,) or s not in (1, -1):
            raise ValueError(f"key must hold {self.n_features} weights and a sign +-1")
        return s * np.where(X @ v + b > 0, 1.0, -1.0)

    def __repr__(self) -> str:
        return f"LinearSVMOracle(N={self.n_examples}, d={self.n_features}, C={self.C:g})"


class GOracle(MatrixOracle):
    """Adversarial weak learner with guarantee ``g`` (Glocer 2009, §2: ``u^t . d^{t-1} >= g``).

    Among the columns of ``U`` whose edge under ``d`` is at least ``g``, ``best(d)`` returns

    * ``choice="lowest"``: the one with the **lowest** edge (lowest index on ties) -- the least
      helpful hypothesis the theory still allows;
    * ``choice="random"``: a uniformly random one (``rng`` required).

    For any capped ``d`` some column has edge >= P_LP (the soft-margin LP value over the whole
    class), so ``g <= P_LP`` makes the oracle always answer; otherwise (or within ``tol`` of
    round-off) it falls back to the maximum-edge column and counts a violation in
    ``self.violations``.
    """

    def __init__(self, U, g: float, *, reflexive: bool = False, choice: str = "lowest", rng=None,
                 tol: float = 1e-12):
        super().__init__(U, reflexive=reflexive)
        from ._validation import check_choice, check_real, check_rng

        self.g = check_real(g, "g", low=-1.0, high=1.0)
        self.choice = check_choice(choice, "choice", ("lowest", "random"))
        if self.choice == "random":
            check_rng(rng, when="when choice='random'")
        self.rng = rng
        self.tol = check_real(tol, "tol", low=0.0)
        self.violations = 0

    def best(self, d) -> tuple[int, np.ndarray]:
        e = self.edges(d)
        ok = np.flatnonzero(e >= self.g - self.tol)
        if ok.size == 0:
            self.violations += 1
            return super().best(d)
        if self.choice == "lowest":
            j = int(ok[np.argmin(e[ok])])
        else:
            j = int(self.rng.choice(ok))
        return j, self.U[:, j].copy()

    def __repr__(self) -> str:
        return f"GOracle(N={self.n_examples}, K={self.n_hypotheses}, g={self.g:.4g}, choice={self.choice!r})"
