"""File readers: svmlight, IDA ``.asc`` and ``.mat`` files; checks of shape, values and labels.

Every reader raises :class:`~refboost.datasets.DataFormatError` naming the file it could not parse.
"""

from __future__ import annotations

import gzip
import io
from pathlib import Path

import numpy as np
import scipy.io
import scipy.sparse as sp

from .catalogue import DataFormatError, registry


def _read_svmlight(path: Path, n_features: int | None):
    from .._extras import require

    load_svmlight_file = require("sklearn.datasets", f"reading the svmlight file {path.name}").load_svmlight_file

    try:
        X, y = load_svmlight_file(str(path), n_features=n_features, dtype=np.float64)
    except Exception as exc:  # sklearn raises ValueError/RuntimeError from its Cython parser
        raise DataFormatError(f"could not parse svmlight file '{path}': {exc}") from None
    return X.tocsr(), np.asarray(y, dtype=float)


def _read_asc(path: Path) -> np.ndarray:
    try:
        a = np.loadtxt(path, dtype=float, ndmin=2)
    except Exception as exc:
        raise DataFormatError(f"could not parse IDA .asc file '{path}': {exc}") from None
    return a


def _read_mat(path: Path):
    try:
        if str(path).endswith(".gz"):
            with gzip.open(path, "rb") as fh:
                m = scipy.io.loadmat(io.BytesIO(fh.read()))
        else:
            m = scipy.io.loadmat(str(path))
    except Exception as exc:
        raise DataFormatError(f"could not read .mat file '{path}': {exc}") from None
    if "data" not in m or "target" not in m:
        raise DataFormatError(f".mat file '{path}' must hold variables 'data' and 'target', found {sorted(m)}")
    return np.asarray(m["data"], dtype=float), np.asarray(m["target"], dtype=float).ravel()


def _check_shape(rel: str, X, y=None, *, what="rows") -> None:
    rec = registry().get(rel)
    if rec is None or rec["rows"] is None:
        return
    rows = X.shape[0]
    if rows != rec["rows"] or (rec["cols"] is not None and X.ndim == 2 and X.shape[1] != rec["cols"]):
        raise DataFormatError(
            f"file '{rel}' parsed to shape {X.shape}, the registry expects {rec['rows']}x{rec['cols']}: "
            f"the file is truncated or corrupt (run refboost.datasets.verify)"
        )


def _finite(X, where: str) -> None:
    data = X.data if sp.issparse(X) else X
    if not np.all(np.isfinite(data)):
        raise DataFormatError(f"{where} contains NaN or inf features")


def _dense(A):
    return A.toarray() if sp.issparse(A) else A


def _label_map(values: np.ndarray, name: str) -> dict[float, float]:
    vals = np.unique(values)
    if vals.size != 2:
        raise DataFormatError(
            f"data set {name!r} must have exactly two label values for binary classification, found {vals.tolist()}"
        )
    return {float(vals[0]): -1.0, float(vals[1]): 1.0}


def _apply_map(y: np.ndarray, lmap: dict[float, float], where: str) -> np.ndarray:
    out = np.full(y.shape, np.nan)
    for k, v in lmap.items():
        out[y == k] = v
    if np.any(np.isnan(out)):
        raise DataFormatError(f"{where} has labels outside {sorted(lmap)}")
    return out


def normalise_labels(y, name: str = "y") -> tuple[np.ndarray, dict[float, float]]:
    """Map two distinct label values to {-1, +1} (smaller -> -1); return labels and the map."""
    arr = np.asarray(y, dtype=float).ravel()
    if arr.size == 0:
        raise ValueError(f"{name} must not be empty")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must contain only finite values (found NaN or inf)")
    vals = np.unique(arr)
    if vals.size != 2:
        raise ValueError(f"{name} must contain exactly two classes, found {vals.tolist()[:5]}")
    lmap = {float(vals[0]): -1.0, float(vals[1]): 1.0}
    return np.where(arr == vals[1], 1.0, -1.0), lmap
