"""Cell keys: a study's declared grid (:class:`Study`), a cell key's fields, its canonical form and id, seeds.

A **study** (:class:`Study`) declares, for each scale (``"ci"``: a few cells that run in seconds;
``"paper"``: the paper's protocol), its **cells**: one cell = (data set, split, booster, parameters,
weak learner). Its **analysis** turns the stored records into a table (a list of dicts) with our
numbers next to the paper's. A key is identified by its canonical JSON (:func:`key_id`, the store's
primary key, refboost's version included); a record holds the key's fields, the result fields
(:data:`RESULT_FIELDS`) and the fields of the run (:data:`RUN_FIELDS`).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass

#: The scales every study declares.
SCALES = ("ci", "paper")

#: Fields of a key, in order.
KEY_FIELDS = ("dataset", "split", "booster", "params", "weak_learner", "version")

#: Record fields that depend on the run, not on the key: ignored when re-run records are compared.
RUN_FIELDS = ("time_oracle", "time_boost", "time_cell", "time_cpu", "trace_time", "worker", "finished", "run_id")

#: Result fields of a record (besides the key and :data:`RUN_FIELDS`).
RESULT_FIELDS = (
    "n_train",
    "n_val",
    "n_test",
    "train_error",
    "val_error",
    "test_error",
    "n_iter",
    "n_hypotheses",
    "gap",
    "converged",
    "margin_min",
    "margin_mean",
    "trace",
)


@dataclass(frozen=True)
class Study:
    """A declared grid of cells per scale plus an analysis (records -> table).

    Attributes
    ----------
    name : str
    title : str
        One line: what the study reproduces.
    source : str
        The paper and table, cited as in the book ("Glocer (2009), Table 5.4").
    grid : callable ``scale -> list of cell keys``
        Keys without the ``version`` field (the runner adds refboost's version).
    analysis : callable ``(records, scale) -> list of dict``
        The study's table from its stored records.
    notes : str
        Protocol notes and deviations from the paper.
    """

    name: str
    title: str
    source: str
    grid: Callable[[str], list[dict]]
    analysis: Callable[[list[dict], str], list[dict]]
    notes: str = ""

    def cells(self, scale: str) -> list[dict]:
        """The cell keys at ``scale``, each with refboost's version, in the declared order."""
        check_scale(scale)
        version = refboost_version()
        keys = [canonical_key({**k, "version": version}) for k in self.grid(scale)]
        ids = [key_id(k) for k in keys]
        if len(set(ids)) != len(ids):
            raise ValueError(f"study {self.name}: the {scale} grid declares a cell twice")
        return keys


def check_scale(scale) -> str:
    if scale not in SCALES:
        raise ValueError(f"scale must be one of {list(SCALES)}, got {scale!r}")
    return scale


def refboost_version() -> str:
    import refboost

    return str(refboost.__version__)


def canonical_key(key: dict) -> dict:
    """The key with exactly :data:`KEY_FIELDS`, parameters as a plain dict sorted by name."""
    missing = [f for f in KEY_FIELDS if f not in key]
    extra = [f for f in key if f not in KEY_FIELDS]
    if missing or extra:
        raise ValueError(f"cell key must have exactly the fields {list(KEY_FIELDS)}; missing {missing}, extra {extra}")
    params = key["params"]
    if isinstance(params, str):
        params = json.loads(params)
    if not isinstance(params, dict):
        raise TypeError(f"cell key 'params' must be a dict, got {type(params).__name__}")
    out = {f: key[f] for f in KEY_FIELDS}
    out["params"] = {k: params[k] for k in sorted(params)}
    return out


def key_id(key: dict) -> str:
    """The canonical JSON of a key (or of a record's key fields): the store's primary key."""
    missing = [f for f in KEY_FIELDS if f not in key]
    if missing:
        raise ValueError(f"cell key must have the fields {list(KEY_FIELDS)}; missing {missing}")
    return json.dumps(canonical_key({f: key[f] for f in KEY_FIELDS}), sort_keys=True, separators=(",", ":"))


def key_seed(*parts) -> int:
    """A 32-bit seed from strings (their CRC-32): the same parts give the same seed on every machine."""
    return zlib.crc32("|".join(str(p) for p in parts).encode())
