"""Shared by bench_shen_master.py and bench_shen_floor.py: an AdaBoost-CG restricted master caught mid-run."""

from __future__ import annotations

import copy
from dataclasses import dataclass

import numpy as np

import refboost as rb
from refboost.boosters import shen


@dataclass
class Snapshot:
    """``master`` = a copy of the master (``shen._Master``, or ``shen._JitMaster`` with ``jit``) just before
    column ``stop + 1`` enters, ``h`` = that column."""

    ds: object
    oracle: rb.StumpOracle
    T: float
    result: rb.BoostResult
    master: shen._Master
    h: np.ndarray


def snapshot_master(name: str, stop: int, jit: bool = False) -> Snapshot:
    """Run ``refboost.adaboost_cg`` on data set ``name`` (T from 300 AdaBoost rounds, as in bench_shen.py)
    and copy its master at the moment column ``stop + 1`` is added (``jit``: the compiled master, else the
    numpy reference; the run also compiles or loads the kernels)."""
    ds = rb.datasets.load(name)
    oracle = rb.StumpOracle(ds.X, ds.y)
    T = 1.0 / rb.adaboost(oracle, max_iter=300, store_d=False).extra["norm"]
    snap: dict = {}
    cls = shen._JitMaster if jit else shen._Master
    add = cls.add

    def add_snap(self, h):
        if self.t == stop and "m" not in snap:
            snap["m"], snap["h"] = copy.deepcopy(self), h.copy()
        return add(self, h)

    cls.add = add_snap
    use_jit, shen.USE_JIT = shen.USE_JIT, jit
    try:
        res = rb.adaboost_cg(oracle, T=T, eps=1e-5, max_iter=300)
    finally:
        cls.add = add
        shen.USE_JIT = use_jit
    return Snapshot(ds, oracle, T, res, snap["m"], snap["h"])
