"""Shared fixtures: seeded generators and random instances."""

from __future__ import annotations

import numpy as np
import pytest


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(20091201)


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
