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

from ._validation import check_distribution, check_U


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
    """

    def __init__(self, U, *, reflexive: bool = False, tie_tol: float = 1e-12):
        U = check_U(U)
        if not isinstance(reflexive, bool):
            raise TypeError(f"reflexive must be a bool, got {type(reflexive).__name__}")
        if not (np.isfinite(tie_tol) and tie_tol >= 0):
            raise ValueError(f"tie_tol must be a finite number >= 0, got {tie_tol}")
        self.U = np.hstack([U, -U]) if reflexive else U
        self.U.setflags(write=False)
        self.reflexive = reflexive
        self.tie_tol = float(tie_tol)
        self.n_examples, self.n_hypotheses = self.U.shape

    def edges(self, d) -> np.ndarray:
        """Edges of every hypothesis of the class under ``d``."""
        return self.U.T @ self._check_d(d)

    def best(self, d) -> tuple[int, np.ndarray]:
        e = self.edges(d)
        j = int(np.flatnonzero(e >= e.max() - self.tie_tol)[0])
        return j, self.U[:, j].copy()

    def column(self, key) -> np.ndarray:
        j = int(key)
        if not 0 <= j < self.n_hypotheses:
            raise ValueError(f"key must be a column index in [0, {self.n_hypotheses - 1}], got {key}")
        return self.U[:, j].copy()

    def columns(self, keys) -> np.ndarray:
        keys = np.asarray(list(keys), dtype=int)
        if keys.size and (keys.min() < 0 or keys.max() >= self.n_hypotheses):
            raise ValueError(f"keys must be column indices in [0, {self.n_hypotheses - 1}]")
        return self.U[:, keys].copy()

    def __repr__(self) -> str:
        return f"MatrixOracle(N={self.n_examples}, K={self.n_hypotheses}, reflexive={self.reflexive})"


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
        from ._validation import check_choice, check_real

        self.g = check_real(g, "g", low=-1.0, high=1.0)
        self.choice = check_choice(choice, "choice", ("lowest", "random"))
        if self.choice == "random" and not isinstance(rng, np.random.Generator):
            raise TypeError("rng must be a numpy.random.Generator when choice='random'")
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
