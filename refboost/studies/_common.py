"""Helpers shared by the declared studies: the papers' numbers, cell keys, parameter labels."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np


@lru_cache(maxsize=1)
def paper_numbers() -> dict:
    """The papers' numbers (``paper_numbers.json``): per study, source table, quantity and values."""
    return json.loads((Path(__file__).with_name("paper_numbers.json")).read_text(encoding="utf-8"))


def _key(dataset, split, booster, params, weak_learner) -> dict:
    return {"dataset": dataset, "split": split, "booster": booster, "params": params, "weak_learner": weak_learner}


def _params(rec) -> dict:
    p = rec["params"]
    return json.loads(p) if isinstance(p, str) else dict(p)


def records_by_cell(records: list[dict]) -> dict:
    """The records indexed by (data set, split, booster, parameters): look one up with :func:`find_cell`."""
    return {(r["dataset"], r["split"], r["booster"], json.dumps(_params(r), sort_keys=True)): r for r in records}


def find_cell(by: dict, dataset: str, split: str, booster: str, params: dict) -> dict | None:
    """The record of a cell in an index made by :func:`records_by_cell`, or None if it is not stored."""
    return by.get((dataset, split, booster, json.dumps(params, sort_keys=True)))


def _mean_std(vals: list[float]) -> tuple[float | None, float | None]:
    if not vals:
        return None, None
    return float(np.mean(vals)), float(np.std(vals))
