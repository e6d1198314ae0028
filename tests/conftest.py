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
    """The first existing place of the library's data search path (refboost.datasets.search_path):
    $REFBOOST_DATA, the user cache, the data bundled with the clone. Tests pass it as ``data_home``,
    which the library searches first, so the tests read files exactly as the library does."""
    from refboost import datasets

    for folder, _ in datasets.search_path():
        if folder.is_dir():
            return folder
    return datasets.bundled_data_home()


def pytest_report_header(config):
    from refboost import datasets

    places = ", ".join(
        f"{what} {folder}{'' if folder.is_dir() else ' (absent)'}" for folder, what in datasets.search_path()
    )
    return f"refboost data: {places}"


@pytest.fixture(scope="session")
def data_home():
    """The benchmark data folder (see ``_data_home_candidate``); every lookup also falls back to the
    later places of the search path, so the bundled data is always reachable in a clone."""
    path = _data_home_candidate()
    if not path.is_dir():
        pytest.skip(f"no data folder found: {path} does not exist (data/datasets is part of the clone)")
    return path
