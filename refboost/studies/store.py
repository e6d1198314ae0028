"""The store of a study at one scale: :class:`Store` (SQLite, exported as Parquet) and where it lives.

Store format: SQLite, one row per cell. Every record is committed in its own transaction, so a
crash or Ctrl-C loses at most the cells that were running; the primary key (the canonical JSON of
the cell key, refboost version included) makes a second write of a cell impossible; and it is one
file in the standard library, readable without refboost. Parquet files cannot be appended to: a
resumable Parquet store would be one file per cell or a rewrite per cell. For committing, the
store is also exported as ``cells.parquet`` (sorted by key, one typed column per field, compressed):
smaller than the SQLite file and readable with any Parquet reader; a store folder holding only
``cells.parquet`` is re-imported into SQLite when opened. Next to it, ``provenance.json``
(:mod:`refboost.studies.provenance`) lists every run.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from .compare import same_record
from .keys import KEY_FIELDS, RESULT_FIELDS, RUN_FIELDS, check_scale, key_id

STORE_DB = "cells.sqlite"
STORE_PARQUET = "cells.parquet"


def _arrow_schema():
    from .._extras import require

    pa = require("pyarrow", "refboost.studies (the study stores)")

    cols = [(f, pa.string()) for f in KEY_FIELDS]
    ints = {"n_train", "n_val", "n_test", "n_iter", "n_hypotheses"}
    for f in RESULT_FIELDS:
        typ = pa.int64() if f in ints else pa.bool_() if f == "converged" else pa.float64()
        cols.append((f, pa.string() if f == "trace" else typ))
    for f in RUN_FIELDS:
        cols.append((f, pa.string() if f in ("trace_time", "worker", "finished", "run_id") else pa.float64()))
    return pa.schema(cols)


class Store:
    """One study's results at one scale: ``cells.sqlite`` (+ ``cells.parquet``, ``provenance.json``).

    Records are dicts keyed by :func:`key_id`; :meth:`put` commits each one on its own, and a second
    put of a stored key raises (a cell never runs twice into one store).
    """

    def __init__(self, path: str | os.PathLike):
        if not isinstance(path, str | os.PathLike):
            raise TypeError(f"store must be a path (str or os.PathLike), got {type(path).__name__}")
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        db = self.path / STORE_DB
        fresh = not db.exists()
        self._con = sqlite3.connect(db, isolation_level=None)  # autocommit: one transaction per put
        self._con.execute("PRAGMA journal_mode=WAL")
        self._con.execute("CREATE TABLE IF NOT EXISTS cells (key TEXT PRIMARY KEY, record TEXT NOT NULL)")
        self._con.execute("CREATE TABLE IF NOT EXISTS parquet_keys (key TEXT PRIMARY KEY)")  # see _import_parquet
        if (self.path / STORE_PARQUET).exists():
            self._import_parquet(replace=fresh)

    def close(self):
        self._con.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _import_parquet(self, replace: bool):
        """Make the database agree with ``cells.parquet`` (the committed export is the reference, the database a cache).

        Every record of the export is written (a record that differs from the cached one replaces it), and a
        cell that an earlier import took from the export but the export no longer holds is dropped (a store
        rebuilt upstream and pulled: its old cells are not the study's any more). Cells run into this database
        and not exported yet are kept. ``parquet_keys`` remembers the keys of the last import.
        """
        from .._extras import require

        pq = require("pyarrow.parquet", "refboost.studies (the study stores)")
        rows = pq.read_table(self.path / STORE_PARQUET).to_pylist()
        keys = [key_id(r) for r in rows]
        before = {k for (k,) in self._con.execute("SELECT key FROM parquet_keys")}
        verb = "INSERT" if replace else "INSERT OR REPLACE"
        with self._con:
            self._con.execute("BEGIN")
            for k in before - set(keys):
                self._con.execute("DELETE FROM cells WHERE key = ?", (k,))
            for k, r in zip(keys, rows, strict=True):
                self._con.execute(f"{verb} INTO cells VALUES (?, ?)", (k, json.dumps(r, sort_keys=True)))
            self._con.execute("DELETE FROM parquet_keys")
            self._con.executemany("INSERT INTO parquet_keys VALUES (?)", [(k,) for k in keys])

    def __contains__(self, key: dict) -> bool:
        return self._con.execute("SELECT 1 FROM cells WHERE key = ?", (key_id(key),)).fetchone() is not None

    def __len__(self) -> int:
        return self._con.execute("SELECT COUNT(*) FROM cells").fetchone()[0]

    def keys(self) -> set[str]:
        return {k for (k,) in self._con.execute("SELECT key FROM cells")}

    def put(self, record: dict) -> None:
        """Store one record (committed at once); a stored key raises ``KeyError``."""
        try:
            self._con.execute("INSERT INTO cells VALUES (?, ?)", (key_id(record), json.dumps(record, sort_keys=True)))
        except sqlite3.IntegrityError:
            raise KeyError(f"cell already stored: {key_id(record)}") from None

    def get(self, key: dict) -> dict | None:
        row = self._con.execute("SELECT record FROM cells WHERE key = ?", (key_id(key),)).fetchone()
        return None if row is None else json.loads(row[0])

    def records(self) -> list[dict]:
        """Every stored record, sorted by key."""
        return [json.loads(r) for (r,) in self._con.execute("SELECT record FROM cells ORDER BY key")]

    def merge(self, other: str | os.PathLike) -> int:
        """Add the records of the store folder ``other`` that this store lacks; return how many.

        The way to combine shards run on separate machines (``run_study(..., shard=(i, n))`` into
        their own stores). A cell stored in both must have identical records (timings aside), else
        ``ValueError`` names it and nothing is added: every record is checked before the first is stored.
        """
        other = Path(other)
        if not (other / STORE_DB).exists() and not (other / STORE_PARQUET).exists():
            raise FileNotFoundError(f"store: no stored cells in {other}")
        with Store(other) as src:
            theirs = src.records()
        new = []
        for rec in theirs:
            mine = self.get(rec)
            if mine is None:
                new.append(rec)
            elif diff := same_record(mine, rec):
                raise ValueError(f"store: {key_id(rec)} differs between the stores in {diff}; nothing was merged")
        with self._con:  # one transaction: all of them or, if interrupted, none
            self._con.execute("BEGIN")
            for rec in new:
                self.put(rec)
        return len(new)

    def discard(self, keys: Iterable[str]) -> int:
        """Remove the cells with these key ids (:func:`key_id`); return how many were stored.

        Also forgets them as imported from ``cells.parquet``, so :meth:`export_parquet` is the next step.
        """
        keys = list(keys)
        with self._con:
            self._con.execute("BEGIN")
            n = sum(self._con.execute("DELETE FROM cells WHERE key = ?", (k,)).rowcount for k in keys)
            self._con.executemany("DELETE FROM parquet_keys WHERE key = ?", [(k,) for k in keys])
        return n

    def export_parquet(self) -> Path:
        """Write ``cells.parquet`` (sorted by key, zstd) and return its path."""
        from .._extras import require

        pa = require("pyarrow", "refboost.studies (the study stores)")
        import pyarrow.parquet as pq

        schema = _arrow_schema()
        rows = [{f: r.get(f) for f in schema.names} for r in self.records()]
        table = pa.Table.from_pylist(rows, schema=schema)
        out = self.path / STORE_PARQUET
        pq.write_table(table, out, compression="zstd")
        return out


def repo_root() -> Path | None:
    """The clone's root (the folder holding ``refboost/`` and ``.git``), or None for an installed package."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / ".git").exists() and (root / "pyproject.toml").exists() else None


def default_store(study: str, scale: str) -> Path:
    """``data/results/<study>/<scale>/`` in the clone, else ``$XDG_CACHE_HOME/refboost/results/<study>/<scale>``."""
    check_scale(scale)
    root = repo_root()
    if root is not None:
        return root / "data" / "results" / study / scale
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "refboost" / "results" / study / scale
