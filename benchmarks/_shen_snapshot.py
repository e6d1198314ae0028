"""Shared by bench_shen_master.py and bench_shen_floor.py: an AdaBoost-CG restricted master caught mid-run."""

from __future__ import annotations

import copy
from dataclasses import dataclass

import numpy as np

import refboost as rb
from refboost.boosters import shen


@dataclass
class Snapshot:
    """``master`` = a copy of ``shen._Master`` just before column ``stop + 1`` enters, ``h`` = that column."""

    ds: object
    oracle: rb.StumpOracle
    T: float
    result: rb.BoostResult
    master: shen._Master
    h: np.ndarray


def snapshot_master(name: str, stop: int) -> Snapshot:
    """Run ``refboost.adaboost_cg`` on data set ``name`` (T from 300 AdaBoost rounds, as in bench_shen.py)
    and copy its master at the moment column ``stop + 1`` is added."""
    ds = rb.datasets.load(name)
    oracle = rb.StumpOracle(ds.X, ds.y)
    T = 1.0 / rb.adaboost(oracle, max_iter=300, store_d=False).extra["norm"]
    snap: dict = {}
    add = shen._Master.add

    def add_snap(self, h):
        if self.t == stop and "m" not in snap:
            snap["m"], snap["h"] = copy.deepcopy(self), h.copy()
        return add(self, h)

    shen._Master.add = add_snap
    try:
        res = rb.adaboost_cg(oracle, T=T, eps=1e-5, max_iter=300)
    finally:
        shen._Master.add = add
    return Snapshot(ds, oracle, T, res, snap["m"], snap["h"])
