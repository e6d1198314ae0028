"""Small synthetic data and decision-stump pools (temporary, private).

Used by the Sun et al. chapter until ``refboost.datasets`` and the stump oracle land on main;
after that merge these helpers should be replaced by the shared ones.
"""

from __future__ import annotations

import numpy as np

from ._validation import check_array, check_int, check_labels, check_real


def noisy_parabola(n: int, rng: np.random.Generator, *, noise: float = 0.15):
    """Digest §9 toy data: ``x ~ N(0, I_2)``, ``y = sign(x_1 + 0.5 x_2^2 - 0.3)``, labels flipped w.p. noise."""
    n = check_int(n, "n", low=2)
    noise = check_real(noise, "noise", low=0.0, high=0.5)
    X = rng.standard_normal((n, 2))
    y = np.where(X[:, 0] + 0.5 * X[:, 1] ** 2 - 0.3 >= 0, 1.0, -1.0)
    flip = rng.random(n) < noise
    y[flip] = -y[flip]
    return X, y


def stump_thresholds(X) -> list[np.ndarray]:
    """Midpoints between consecutive distinct values of each feature, plus one below the minimum."""
    X = check_array(X, "X", ndim=2)
    out = []
    for j in range(X.shape[1]):
        v = np.unique(X[:, j])
        out.append(np.r_[v[0] - 1.0, 0.5 * (v[1:] + v[:-1])])
    return out


def stump_predict(X, stumps) -> np.ndarray:
    """``H[n, q] = h_q(x_n)`` for stumps ``(feature, threshold, sign)``: ``sign * (+1 if x_f > thr else -1)``."""
    X = check_array(X, "X", ndim=2)
    H = np.empty((X.shape[0], len(stumps)))
    for q, (f, thr, s) in enumerate(stumps):
        H[:, q] = s * np.where(X[:, f] > thr, 1.0, -1.0)
    return H


def stump_pool(X, y):
    """All distinct decision stumps on the training set, both polarities.

    Returns ``(U, stumps)`` with ``U[n, q] = y_n h_q(x_n)`` (duplicate columns removed) and the
    list of ``(feature, threshold, sign)`` to predict on new points.
    """
    X = check_array(X, "X", ndim=2)
    y = check_labels(y)
    if y.shape[0] != X.shape[0]:
        raise ValueError(f"y must have length X.shape[0] = {X.shape[0]}, got {y.shape[0]}")
    stumps = [(j, thr, s) for j, ts in enumerate(stump_thresholds(X)) for thr in ts for s in (1.0, -1.0)]
    U = y[:, None] * stump_predict(X, stumps)
    _, idx = np.unique(U, axis=1, return_index=True)
    idx = np.sort(idx)
    return U[:, idx], [stumps[i] for i in idx]


#: Where the shared benchmark data live (see /work/shared/data/MANIFEST.md).
DATA_HOME = "/work/shared/data"


def load_raetsch(name: str, realisation: int = 1, *, data_home: str | None = None):
    """One IDA/Rätsch realisation ``(X_train, y_train, X_test, y_test)`` from the .asc.gz files.

    Temporary: to be replaced by ``refboost.datasets`` when it lands on main.
    """
    import os

    realisation = check_int(realisation, "realisation", low=1)
    home = os.environ.get("REFBOOST_DATA", data_home or DATA_HOME)
    base = os.path.join(home, "raetsch", name)
    if not os.path.isdir(base):
        raise ValueError(f"name: no Rätsch data set {name!r} under {os.path.join(home, 'raetsch')}")

    def f(part, kind):
        return np.loadtxt(os.path.join(base, f"{name}_{part}_{kind}_{realisation}.asc.gz"))

    return f("train", "data"), f("train", "labels"), f("test", "data"), f("test", "labels")
