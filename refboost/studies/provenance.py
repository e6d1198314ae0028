"""Provenance: a store's ``provenance.json``, the record of every run, merge, prune and verification.

``provenance.json`` lists every run (command, refboost version, git commit, cells, wall and CPU time,
machine, Dask version, date), the runs merged from other stores, the cells pruned and the
verifications of stored cells.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import platform
import subprocess
from collections.abc import Callable
from pathlib import Path

import numpy as np

from .keys import refboost_version
from .store import repo_root

PROVENANCE = "provenance.json"


def _git(*args) -> str | None:
    root = repo_root()
    if root is None:
        return None
    try:
        out = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=10, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip()


def machine() -> dict:
    """Platform, Python and CPU count of the driver, and the floating-point environment of LocalCluster workers."""
    from .._fpenv import worker_fp_env

    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "python": platform.python_version(),
        "cpu_count": os.cpu_count(),
        "local_worker_fp_env": worker_fp_env(),
    }


def code_state() -> dict:
    """The checkout's git commit and whether ``refboost/`` differs from it (None outside git)."""
    dirty = _git("status", "--porcelain", "--", "refboost")
    return {"git_commit": _git("rev-parse", "HEAD"), "git_refboost_modified": None if dirty is None else bool(dirty)}


def provenance_entry(*, code: dict | None = None, **fields) -> dict:
    """One run's provenance: the given fields plus versions, git commit, machine and date.

    ``code``: the :func:`code_state` taken when the run started (a run records the code it loaded, not
    a commit made while it ran); taken now if not given.

    The Dask versions come from the installed distributions' metadata, not from importing the
    packages: a run interrupted while ``distributed`` was being imported leaves a half-imported
    module behind, and importing it again here would fail and lose the run's record.
    """
    from importlib.metadata import version

    code = code_state() if code is None else code
    return {
        **fields,
        "refboost_version": refboost_version(),
        "git_commit": code["git_commit"],
        "git_refboost_modified": code["git_refboost_modified"],
        "dask_version": version("dask"),
        "distributed_version": version("distributed"),
        "numpy_version": np.__version__,
        "machine": machine(),
        "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
    }


def _update_provenance(store: str | os.PathLike, study: str, scale: str, change: Callable[[dict], None]) -> Path:
    """Read ``store``'s provenance.json (a fresh one if absent), apply ``change`` to it, write it back."""
    path = Path(store) / PROVENANCE
    data = json.loads(path.read_text()) if path.exists() else {"study": study, "scale": scale, "runs": []}
    change(data)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return path


def append_provenance(store: Path, study: str, scale: str, entry: dict) -> Path:
    def add(data):
        data["runs"].append(entry)
        data["cells_stored"] = entry.get("cells_stored")

    return _update_provenance(store, study, scale, add)


def repo_relative(path: str | os.PathLike) -> str | None:
    """``path`` relative to the clone's root (as provenance records a store), None outside the clone."""
    root, path = repo_root(), Path(path).resolve()
    return str(path.relative_to(root)) if root and path.is_relative_to(root) else None


def provenance_runs(other: str | os.PathLike, study: str, scale: str) -> list[dict]:
    """The runs of the store folder ``other``'s provenance.json (``[]`` if it has none).

    ``ValueError`` if that provenance is of another study or scale, or a run has no ``run_id``:
    checked before :func:`merge_provenance` (and the cells' merge) changes anything.
    """
    src = Path(other) / PROVENANCE
    if not src.exists():
        return []
    theirs = json.loads(src.read_text())
    if theirs.get("study") != study or theirs.get("scale") != scale:
        raise ValueError(
            f"--merge: {src} is the provenance of study {theirs.get('study')!r} at scale {theirs.get('scale')!r}, "
            f"not of {study!r} at scale {scale!r}"
        )
    runs = theirs.get("runs", [])
    if any(not r.get("run_id") for r in runs):
        raise ValueError(f"--merge: a run in {src} has no run_id")
    return runs


def merge_provenance(store: str | os.PathLike, runs: list[dict], study: str, scale: str, cells_stored: int) -> int:
    """Append to ``store``'s provenance.json the ``runs`` (from :func:`provenance_runs`) it lacks, by ``run_id``.

    The companion of :meth:`Store.merge`: a shard run on another machine (or into another store) brings
    its runs' provenance -- command, versions, machine, wall and CPU time -- with its cells. Each copied
    run keeps the ``store`` it ran in and gains ``merged_into`` (the target relative to the clone, as
    :func:`repo_relative`). Returns how many runs were added.
    """
    added = []

    def add(data):
        have = {r.get("run_id") for r in data["runs"]}
        for run in runs:
            if run["run_id"] not in have:
                data["runs"].append({**run, "merged_into": repo_relative(store)})
                have.add(run["run_id"])
                added.append(run["run_id"])
        data["cells_stored"] = cells_stored

    _update_provenance(store, study, scale, add)
    return len(added)


def append_verification(store: str | os.PathLike, study: str, scale: str, entry: dict) -> Path:
    """Append the record of a verification (:func:`refboost.studies.verify_study`, ``record``) under ``"verified"``."""

    def add(data):
        data.setdefault("verified", []).append(entry)

    return _update_provenance(store, study, scale, add)


def append_pruned(store: str | os.PathLike, study: str, scale: str, entry: dict, cells_stored: int) -> Path:
    """Append the record of a pruning (:func:`refboost.studies.prune_store`) under ``"pruned"``."""

    def add(data):
        data.setdefault("pruned", []).append(entry)
        data["cells_stored"] = cells_stored

    return _update_provenance(store, study, scale, add)
