"""Shared fixtures: seeded generators and random instances.

BLAS threads: the test run uses pytest-xdist with one worker per core, and the notebook kernels
started by nbval inherit this environment. Oversubscribed multithreaded BLAS makes the small dense
products of the inner solvers many times slower, so the suite runs single-threaded BLAS unless the
caller set the variables.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from threadpoolctl import threadpool_limits  # noqa: E402

threadpool_limits(int(os.environ["OPENBLAS_NUM_THREADS"]))


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(20091201)


def _newton_face_instance(rng: np.random.Generator):
    """A random Newton-direction instance ``(A, x, G, c)``: N in [100, 300), k in [2, 30), x on the simplex
    with ~30 % zero coordinates, curvature c >= 0 with ~30 % zero rows (as ERLPBoost's capped rows)."""
    N, k = int(rng.integers(100, 300)), int(rng.integers(2, 30))
    A = rng.uniform(-1, 1, size=(N, k))
    x = rng.dirichlet(np.ones(k))
    x[rng.random(k) < 0.3] = 0.0
    if x.sum() == 0:
        x[0] = 1.0
    x /= x.sum()
    c = rng.random(N) * (rng.random(N) < 0.7)
    G = rng.normal(size=k)
    return A, x, G, c


@pytest.fixture
def newton_face_instance():
    """Factory ``make(rng) -> (A, x, G, c)`` of random Newton-direction instances (shared by the
    reference-vs-fast and numpy-vs-compiled direction tests)."""
    return _newton_face_instance


def _data_home_candidate():
    """REFBOOST_DATA if set (CI: ../shared/data relative to the clone), else ../shared/data."""
    import os
    from pathlib import Path

    env = os.environ.get("REFBOOST_DATA")
    if env:
        return Path(env).expanduser().resolve()
    return (Path(__file__).resolve().parents[1] / ".." / "shared" / "data").resolve()


@pytest.fixture(scope="session")
def data_home():
    """The benchmark data folder; the test is skipped (with the reason) only if it does not exist."""
    path = _data_home_candidate()
    if not path.is_dir():
        pytest.skip(f"benchmark data folder {path} does not exist (set REFBOOST_DATA to the shared data folder)")
    return path
