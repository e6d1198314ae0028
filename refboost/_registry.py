"""The registries of refboost: names -> boosters, weak learners and data files.

Every place that turns a name into a booster or a weak learner (:mod:`refboost.experiments`,
:mod:`refboost.sklearn`, the study runner) resolves it here, so the names accepted and the error
for an unknown name are the same everywhere:

* :data:`BOOSTERS` (``refboost.BOOSTERS``): every booster by the papers' names;
  :func:`booster_functions` maps them to ``refboost.<name>``; :func:`resolve_booster` takes a
  name or any callable ``f(oracle, **params) -> BoostResult``.
* :data:`WEAK_LEARNERS`: weak learners by name, factories ``(X, y) -> Oracle`` with ``y`` in
  {-1, +1}; :func:`resolve_weak_learner` takes a name or such a factory.

The data file registry (``refboost/data_registry.json``) is generated, not hand-written:
``python -m refboost.datasets registry /path/to/MANIFEST.md`` re-creates it from the
"Files" table of the manifest of the data collection (the catalogue of every data set
:func:`refboost.datasets.load` knows) with :func:`build_registry`. Each row gives the catalogue
path, shape, label counts, the sha256 of the catalogue file and of its decompressed content, and
the public source (repository, path, commit) it came from. ``data/datasets/MANIFEST.md`` (the data
bundled with the clone) carries the same rows for the bundled files, so those records can be
regenerated and compared from the clone alone.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from pathlib import Path

from . import BOOSTERS
from .oracles import KernelColumnOracle, LDAOracle, LinearSVMOracle, RawFeatureOracle, StumpOracle, TreeOracle

__all__ = [
    "BOOSTERS",
    "WEAK_LEARNERS",
    "booster_functions",
    "build_registry",
    "callable_name",
    "parse_manifest",
    "resolve_booster",
    "resolve_weak_learner",
]

# ------------------------------------------------------------------------------------------
# boosters and weak learners
# ------------------------------------------------------------------------------------------

#: Weak learners by name: factories ``(X, y) -> Oracle`` with ``y`` in {-1, +1}.
WEAK_LEARNERS: dict[str, Callable] = {
    "stump": StumpOracle,
    "tree": TreeOracle,
    "tree-greedy": functools.partial(TreeOracle, search="greedy"),
    "raw": RawFeatureOracle,
    "kernel": KernelColumnOracle,
    "lda": LDAOracle,
    "linear-svm": LinearSVMOracle,
}


def booster_functions() -> dict[str, Callable]:
    """``{name: refboost.<name>}`` for every name of :data:`BOOSTERS`, in that order."""
    import refboost

    return {name: getattr(refboost, name) for name in BOOSTERS}


def callable_name(fn: Callable) -> str:
    """A stable label for a callable: its ``__name__`` (a ``functools.partial``: its function's)."""
    while isinstance(fn, functools.partial):
        fn = fn.func
    return getattr(fn, "__name__", type(fn).__name__)


def _resolve(value, names, what: str, lookup: Callable[[str], Callable]) -> tuple[str, Callable]:
    """``(name, callable)`` of a name in ``names`` or of a callable; ``what`` opens the error message."""
    if isinstance(value, str):
        if value not in names:
            raise ValueError(f"{what}, got {value!r}")
        return value, lookup(value)
    if callable(value):
        return callable_name(value), value
    raise TypeError(f"{what}, got {type(value).__name__}")


def resolve_booster(booster) -> tuple[str, Callable]:
    """``(name, function)`` of a booster given by name (one of :data:`BOOSTERS`) or as a callable.

    A callable is any ``f(oracle, **params) -> BoostResult``; its name is :func:`callable_name`.

    Raises
    ------
    ValueError
        An unknown name (the message lists the valid ones).
    TypeError
        Neither a string nor a callable.
    """
    import refboost

    what = f"booster must be one of {list(BOOSTERS)} or a callable f(oracle, **params) -> BoostResult"
    return _resolve(booster, BOOSTERS, what, lambda name: getattr(refboost, name))


def resolve_weak_learner(weak_learner) -> tuple[str, Callable]:
    """``(name, factory)`` of a weak learner given by name (:data:`WEAK_LEARNERS`) or as a factory.

    A factory is any ``(X, y) -> Oracle``; its name is :func:`callable_name`. Errors as
    :func:`resolve_booster`'s; the message is the same from every entry point, whatever it calls the
    argument (``weak_learner``, ``oracle``).
    """
    if isinstance(weak_learner, str) and weak_learner.startswith("rbf:"):
        return weak_learner, rbf_factory(weak_learner)
    what = (f"weak_learner (the oracle) must be one of {sorted(WEAK_LEARNERS)}, 'rbf:K=<int>,reg=<real>' or a "
            "factory (X, y) -> refboost.Oracle")
    return _resolve(weak_learner, WEAK_LEARNERS, what, WEAK_LEARNERS.__getitem__)


def rbf_name(n_centres: int, reg: float) -> str:
    """The weak-learner name of RBF nets (:class:`refboost.RBFNetOracle`) with ``n_centres`` centres and weight
    decay ``reg``, the other parameters at their defaults: ``"rbf:K=<K>,reg=<reg>"``."""
    return f"rbf:K={int(n_centres)},reg={float(reg):g}"


def rbf_factory(name: str) -> Callable:
    """The factory ``(X, y) -> RBFNetOracle`` of a name written by :func:`rbf_name` (ValueError otherwise)."""
    import functools
    import re

    m = re.fullmatch(r"rbf:K=(\d+),reg=([0-9.eE+-]+)", name)
    if m is None:
        raise ValueError(f"weak_learner: an RBF-net name must read 'rbf:K=<int>,reg=<real>', got {name!r}")
    from .rbf import RBFNetOracle

    return functools.partial(RBFNetOracle, n_centres=int(m.group(1)), reg=float(m.group(2)))


# ------------------------------------------------------------------------------------------
# data files
# ------------------------------------------------------------------------------------------

#: Columns of the manifest's "Files" table, in order.
MANIFEST_COLUMNS = (
    "dataset",
    "family",
    "file",
    "format",
    "shape",
    "labels",
    "sha256",
    "sha256_content",
    "source",
    "license",
    "matches",
    "notes",
)

_SHA_RE = re.compile(r"^[0-9a-f]{64}$")
_SOURCE_RE = re.compile(r"^(?P<repo>[^ ]+) / `(?P<path>[^`]+)` @ (?P<commit>[0-9a-f]{40})")
_SHAPE_RE = re.compile(r"^(?P<rows>\d+)x(?P<cols>\d+)")
_LINES_RE = re.compile(r"lines (?P<a>\d+)-(?P<b>\d+)")
_PRE_SHA_RE = re.compile(r"before modification: (?P<sha>[0-9a-f]{64})")


def _split_row(line: str) -> list[str]:
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    return cells


def parse_manifest(text: str) -> dict[str, dict]:
    """Parse the manifest's file table into ``{relative path: record}``."""
    registry: dict[str, dict] = {}
    for line in text.splitlines():
        if not line.startswith("| ") or "`libsvm/" not in line and "`raetsch/" not in line:
            continue
        cells = _split_row(line)
        if len(cells) != len(MANIFEST_COLUMNS):
            continue
        row = dict(zip(MANIFEST_COLUMNS, cells, strict=True))
        if not _SHA_RE.match(row["sha256"]):
            continue
        path = row["file"].strip("`")
        shape = _SHAPE_RE.match(row["shape"])
        labels: dict[str, int] = {}
        if ":" in row["labels"]:
            for part in row["labels"].split(","):
                val, cnt = part.strip().rsplit(":", 1)
                labels[str(float(val))] = int(cnt)
        src = _SOURCE_RE.match(row["source"])
        notes = row["notes"]
        transform: dict = {}
        if "removed the first line" in notes:
            transform["drop_header"] = True
        m_lines = _LINES_RE.search(notes)
        if notes.startswith("DERIVED") and m_lines:
            transform["lines"] = [int(m_lines["a"]), int(m_lines["b"])]
        m_pre = _PRE_SHA_RE.search(notes)
        sha_content = row["sha256"] if row["sha256_content"] == "(same)" else row["sha256_content"]
        registry[path] = {
            "path": path,
            "family": row["family"],
            "manifest_dataset": row["dataset"],
            "format": row["format"],
            "rows": int(shape["rows"]) if shape else None,
            "cols": int(shape["cols"]) if shape else None,
            "labels": labels,
            "sha256": row["sha256"],
            "sha256_content": sha_content,
            "gzip": path.endswith(".gz"),
            "source_repo": src["repo"] if src else None,
            "source_path": src["path"] if src else None,
            "source_commit": src["commit"] if src else None,
            "source_sha256": m_pre["sha"] if m_pre else None,
            "transform": transform,
            "license": row["license"],
        }
    return registry


def build_registry(manifest_path: str | Path, out_path: str | Path | None = None) -> dict[str, dict]:
    """Parse ``manifest_path`` and (optionally) write the JSON registry to ``out_path``."""
    text = Path(manifest_path).read_text(encoding="utf-8")
    registry = parse_manifest(text)
    if not registry:
        raise ValueError(f"manifest_path {manifest_path!s} contains no file rows (is it the data MANIFEST.md?)")
    if out_path is not None:
        lines = [f"{json.dumps(k)}: {json.dumps(registry[k], sort_keys=True)}" for k in sorted(registry)]
        Path(out_path).write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
    return registry
