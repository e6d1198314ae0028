"""Breiman's generators (twonorm, ringnorm, waveform) and the synthetic stand-ins for the large sparse text sets."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from .._validation import check_int, check_rng


def _classes(n: int, rng: np.random.Generator) -> np.ndarray:
    return np.where(rng.random(n) < 0.5, 1.0, -1.0)


def twonorm(n: int, rng: np.random.Generator, *, dim: int = 20) -> tuple[np.ndarray, np.ndarray]:
    """Breiman's twonorm: class +1 ~ N(a 1, I), class -1 ~ N(-a 1, I), a = 2 / sqrt(dim).

    Breiman (1996), twonorm: 20 dimensions, classes equally likely, a = 2/sqrt(20). The Bayes
    rule is linear (sign of the feature sum); its error is Phi(-2) = 2.28% for every dim.
    """
    n = check_int(n, "n", low=1)
    dim = check_int(dim, "dim", low=1)
    rng = check_rng(rng)
    y = _classes(n, rng)
    a = 2.0 / np.sqrt(dim)
    X = rng.standard_normal((n, dim)) + (a * y)[:, None]
    return X, y


def ringnorm(n: int, rng: np.random.Generator, *, dim: int = 20) -> tuple[np.ndarray, np.ndarray]:
    """Breiman's ringnorm: class +1 ~ N(0, 4 I), class -1 ~ N(a 1, I), a = 1 / sqrt(dim).

    Breiman (1996): "class 1 is multivariate normal with mean zero and covariance matrix four
    times the identity; class 2 has unit covariance and mean (a, ..., a), a = 1/sqrt(20)".
    Class 1 is labelled +1 here (the IDA files do not say which is which).
    """
    n = check_int(n, "n", low=1)
    dim = check_int(dim, "dim", low=1)
    rng = check_rng(rng)
    y = _classes(n, rng)
    a = 1.0 / np.sqrt(dim)
    Z = rng.standard_normal((n, dim))
    X = np.where((y > 0)[:, None], 2.0 * Z, Z + a)
    return X, y


def waveform_bases() -> np.ndarray:
    """The three triangular base waves h1, h2, h3 on m = 1..21 (rows), Breiman et al. (1984).

    h1(m) = max(6 - |m - 11|, 0), h2(m) = h1(m - 4), h3(m) = h1(m + 4).
    """
    m = np.arange(1, 22, dtype=float)
    h1 = np.maximum(6.0 - np.abs(m - 11.0), 0.0)
    h2 = np.maximum(6.0 - np.abs(m - 15.0), 0.0)
    h3 = np.maximum(6.0 - np.abs(m - 7.0), 0.0)
    return np.vstack([h1, h2, h3])


#: Waveform classes as pairs of base waves: x = u h_a + (1 - u) h_b + noise.
WAVEFORM_CLASSES = {1: (0, 1), 2: (0, 2), 3: (1, 2)}


def waveform(
    n: int, rng: np.random.Generator, *, positive_class: int = 2, return_class: bool = False
) -> tuple[np.ndarray, np.ndarray] | tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Breiman's waveform (21 features), binarised as in the IDA benchmark.

    Three equally likely classes, x_m = u h_a(m) + (1 - u) h_b(m) + eps_m, u ~ U(0, 1),
    eps_m ~ N(0, 1), m = 1..21, with (a, b) = (1, 2), (1, 3), (2, 3) for classes 1, 2, 3
    (Breiman et al. 1984, §2.6.2; Breiman 1996). The IDA set is two-class: ``positive_class``
    (default 2, the h1/h3 mixture) against the other two. This choice is **checked on the data**
    (tests/test_datasets.py): in the IDA waveform files one third of the patterns are +1, and
    their class-conditional mean profile, after the IDA per-feature standardisation, is that of
    Breiman's class 2 (peak at m = 7..11, trough at m = 15..17). The IDA files are standardised
    to zero mean and unit variance; use ``load("gen:waveform", scale="standard")`` for that.
    """
    n = check_int(n, "n", low=1)
    positive_class = check_int(positive_class, "positive_class", low=1, high=3)
    rng = check_rng(rng)
    H = waveform_bases()
    cls = rng.integers(1, 4, size=n)
    u = rng.random(n)
    a = np.array([WAVEFORM_CLASSES[c][0] for c in cls])
    b = np.array([WAVEFORM_CLASSES[c][1] for c in cls])
    X = u[:, None] * H[a] + (1.0 - u)[:, None] * H[b] + rng.standard_normal((n, 21))
    y = np.where(cls == positive_class, 1.0, -1.0)
    return (X, y, cls) if return_class else (X, y)


# --------------------------------------------------------------------------------------
# Synthetic stand-ins for the large sparse text sets of Glocer (2009), Tables 5.1-5.2
# --------------------------------------------------------------------------------------

#: The shapes of astro-ph, news20 (LIBSVM news20.binary) and real-sim (all examples, training and test
#: together, as Glocer (2009), Table 5.1 lists them) with approximate densities (non-zeros per row) and
#: fractions of positive labels as published with the data (LIBSVM data page; Joachims 2006 for astro-ph).
#: The densities and class fractions are approximate, and :func:`sparse_text_like` only imitates these
#: statistics: its examples are synthetic, not the documents.
SPARSE_TEXT_SHAPES: dict[str, dict] = {
    "astro-ph": {"rows": 94856, "features": 99757, "nnz_per_row": 77, "positive": 0.31},
    "news20": {"rows": 19996, "features": 1355191, "nnz_per_row": 455, "positive": 0.50},
    "real-sim": {"rows": 72309, "features": 20958, "nnz_per_row": 51, "positive": 0.31},
}


def sparse_text_like(
    name: str, rng: np.random.Generator, *, scale: float = 1.0, noise: float = 0.05
) -> tuple[sp.csr_matrix, np.ndarray]:
    """A synthetic sparse binary data set with the shape and density of astro-ph, news20 or real-sim.

    ``round(scale * rows)`` examples (at least 2) over all the set's features
    (:data:`SPARSE_TEXT_SHAPES`): ``scale`` shrinks the number of rows only, so the dimension and the density
    (non-zeros per row) stay the published ones. Each row draws term occurrences, ``1 + Poisson(.)`` feature
    indices from a Zipf-like popularity ``p_j ~ 1/(j + 10)^1.1`` (repeats merged into counts; a second batch
    tops the mean number of distinct terms per row up to about ``nnz_per_row``, within a few per cent), values
    ``log(1 + count) * idf_j`` (``idf_j = log(1 / p_j)``, text-like tf-idf weights) and unit Euclidean row
    norm, as in the LIBSVM versions of the text sets. Labels: the sign of a linear teacher's score (Gaussian
    weights on the 1,000 most frequent features, zero elsewhere) thresholded so that the class fraction after
    the flips is the published one, each label flipped with probability ``noise``. Deterministic
    given ``rng``'s state. This is a stand-in for timing and for running the sparse code paths at the
    thesis' shapes; its error rates say nothing about the real sets.

    Returns
    -------
    X : scipy.sparse.csr_matrix, shape (round(scale * rows), features)
    y : ndarray of {-1, +1}, both classes present
    """
    from .._validation import check_real

    if not isinstance(name, str) or name not in SPARSE_TEXT_SHAPES:
        raise ValueError(f"name must be one of {sorted(SPARSE_TEXT_SHAPES)}, got {name!r}")
    scale = check_real(scale, "scale", low=0.0, high=1.0, low_open=True)
    noise = check_real(noise, "noise", low=0.0, high=0.5)
    rng = check_rng(rng)
    spec = SPARSE_TEXT_SHAPES[name]
    n, p, k = max(2, round(scale * spec["rows"])), spec["features"], spec["nnz_per_row"]
    pop = 1.0 / (np.arange(p) + 10.0) ** 1.1
    pop /= pop.sum()
    idf = np.log(1.0 / pop)
    cdf = np.cumsum(pop)

    def draw(mean):  # term occurrences: rows x features count matrix (repeated terms summed)
        counts = 1 + rng.poisson(max(mean - 1.0, 0.0), size=n)
        cols = np.searchsorted(cdf, rng.random(int(counts.sum())), side="right").clip(0, p - 1)
        return sp.csr_matrix((np.ones(cols.size), (np.repeat(np.arange(n), counts), cols)), shape=(n, p)), counts

    X, counts = draw(k)
    # repeated popular terms merge, so fewer distinct terms than draws: one more batch of draws, sized by the
    # observed ratio of distinct terms to draws, brings the mean non-zeros per row to about nnz_per_row
    short = k - X.nnz / n
    if short > 0.5:
        extra, _ = draw(1.0 + short * counts.sum() / X.nnz)
        X = X + extra
    X.data = np.log1p(X.data) * idf[X.indices]
    norms = np.sqrt(np.asarray(X.multiply(X).sum(axis=1)).ravel())
    X = sp.csr_matrix(sp.diags(1.0 / norms) @ X)
    teacher = np.zeros(p)
    teacher[: min(p, 1000)] = rng.standard_normal(min(p, 1000))  # a topic: the 1,000 most frequent terms
    score = X @ teacher
    q = (spec["positive"] - noise) / (1.0 - 2.0 * noise) if noise < 0.5 else 0.5  # after the flips: "positive"
    cut = np.quantile(score, 1.0 - float(np.clip(q, 0.0, 1.0)))
    y = np.where(score > cut, 1.0, -1.0)
    flip = rng.random(n) < noise
    y[flip] = -y[flip]
    if np.unique(y).size < 2:  # tiny samples: make both classes present
        y[np.argmax(score)], y[np.argmin(score)] = 1.0, -1.0
    return X, y


_GENERATORS = {"gen:twonorm": twonorm, "gen:ringnorm": ringnorm, "gen:waveform": waveform}
