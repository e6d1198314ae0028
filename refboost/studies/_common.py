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


def _param_label(params: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(params.items())) or "(defaults)"


def _mean_std(vals: list[float]) -> tuple[float | None, float | None]:
    if not vals:
        return None, None
    return float(np.mean(vals)), float(np.std(vals))
