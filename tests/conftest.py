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
from hypothesis import HealthCheck, settings  # noqa: E402
from threadpoolctl import threadpool_info, threadpool_limits  # noqa: E402

threadpool_limits(int(os.environ["OPENBLAS_NUM_THREADS"]))

# One Hypothesis profile for the whole suite: no per-example deadline (the first call of a booster
# compiles numba kernels, and the ground-truth solvers' run time varies with the instance), derandomised
# so CI reruns the same examples, and no example database (a clone's runs do not depend on earlier runs).
# Tests set only max_examples. ``HYPOTHESIS_PROFILE=dev`` keeps the randomised search for local exploration.
settings.register_profile(
    "refboost", deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "refboost"))


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
    numpy-reference-vs-compiled direction tests)."""
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
    """What a failing run's reader needs first: where data comes from, how many BLAS threads run, which
    Hypothesis profile is active, and how many tests are skipped and why (listed at the end by -ra)."""
    from refboost import datasets

    places = ", ".join(
        f"{what} {folder}{'' if folder.is_dir() else ' (absent)'}" for folder, what in datasets.search_path()
    )
    blas = ", ".join(
        f"{info.get('internal_api')} {info.get('architecture')} {info.get('num_threads')} thread(s)"
        for info in threadpool_info()
    ) or "none found"
    return [
        f"refboost data: {places}",
        f"refboost BLAS: {blas} (OPENBLAS_NUM_THREADS={os.environ.get('OPENBLAS_NUM_THREADS')})",
        f"refboost hypothesis profile: {settings._current_profile}",
        "refboost skips: scikit-learn's own estimator checks that need pandas or the array API; any data set "
        "absent from the search path above (each skip names it in the short summary)",
    ]


@pytest.fixture(scope="session")
def data_home():
    """The benchmark data folder (see ``_data_home_candidate``); every lookup also falls back to the
    later places of the search path, so the bundled data is always reachable in a clone."""
    path = _data_home_candidate()
    if not path.is_dir():
        pytest.skip(f"no data folder found: {path} does not exist (data/datasets is part of the clone)")
    return path
