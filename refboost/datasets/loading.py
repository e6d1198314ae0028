"""Loading a data set by name: :class:`Dataset`, the feature scalings, IDA partitions and :func:`load`."""

from __future__ import annotations

import os
import zlib
from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp

from .._validation import check_choice, check_int
from .catalogue import _IDA_MAT, IDA_MAT_SIZES, DataFormatError, _files, _missing, _resolve, locate, registry
from .generators import _GENERATORS
from .readers import _apply_map, _check_shape, _dense, _finite, _label_map, _read_asc, _read_mat, _read_svmlight

#: Scalings offered by :func:`load`.
SCALINGS = ("minmax", "standard")


@dataclass
class Dataset:
    """A binary classification data set with labels in {-1, +1}.

    Attributes
    ----------
    X, y : training features (N x d; ndarray, or CSR for ``dense=False``) and labels.
    name : canonical name (``"ida:heart"``, ``"libsvm:a9a"``, ``"gen:twonorm"``).
    source : where the data came from (the files read, or the generator call).
    X_test, y_test : the test part where the source defines one (IDA realisations, LIBSVM ``.t``).
    X_valid, y_valid : the validation part (only ``a9a-erlpboost``).
    realisation : the IDA realisation number, else None.
    scaling : the feature scaling applied (None, "minmax" or "standard"), fitted on the training part.
    info : the label map, the scaling parameters, notes; for file data the catalogue files read
        (``files``) and the path each was taken from (``paths``).
    """

    X: np.ndarray
    y: np.ndarray
    name: str
    source: str
    X_test: np.ndarray | None = None
    y_test: np.ndarray | None = None
    X_valid: np.ndarray | None = None
    y_valid: np.ndarray | None = None
    realisation: int | None = None
    scaling: str | None = None
    info: dict = field(default_factory=dict)

    @property
    def n_examples(self) -> int:
        return int(self.X.shape[0])

    @property
    def n_features(self) -> int:
        return int(self.X.shape[1])

    def __repr__(self) -> str:
        test = f", test={self.X_test.shape[0]}" if self.X_test is not None else ""
        real = f", realisation={self.realisation}" if self.realisation is not None else ""
        return f"Dataset({self.name!r}, N={self.n_examples}, d={self.n_features}{test}{real})"


def fit_scaling(X, how: str) -> tuple[np.ndarray, np.ndarray]:
    """Affine map ``x -> (x - shift) / width`` per feature, fitted on ``X``.

    ``how="minmax"`` maps [min_j, max_j] onto [-1, 1] (LIBSVM ``svm-scale -l -1 -u 1``, as Shen &
    Li (2010) §4 scaled their data); ``how="standard"`` to zero mean and unit variance (as the
    IDA data were prepared). Constant features map to 0.
    """
    how = check_choice(how, "scale", SCALINGS)
    A = X.toarray() if sp.issparse(X) else np.asarray(X, dtype=float)
    if how == "minmax":
        lo, hi = A.min(axis=0), A.max(axis=0)
        shift, width = (hi + lo) / 2.0, (hi - lo) / 2.0
    else:
        shift, width = A.mean(axis=0), A.std(axis=0)
    width = np.where(width > 0, width, 1.0)
    if how == "minmax":
        shift = np.where((A.max(axis=0) - A.min(axis=0)) > 0, shift, A.min(axis=0))
    return shift, width


def apply_scaling(X, shift: np.ndarray, width: np.ndarray) -> np.ndarray:
    """Apply the map of :func:`fit_scaling` (dense output)."""
    A = X.toarray() if sp.issparse(X) else np.asarray(X, dtype=float)
    return (A - shift) / width


def mat_realisation(name: str, realisation: int, n_examples: int) -> tuple[np.ndarray, np.ndarray]:
    """Realisation R of an IDA set stored only as its full pattern set: (train rows, test rows).

    Rätsch, Onoda & Müller (2001) partition each pattern set at random into realisations with the
    sizes of their Table 1 (:data:`IDA_MAT_SIZES`); their split files for flare_solar, splice,
    thyroid and twonorm are not available, so refboost draws the partitions itself: a random
    permutation from ``numpy.random.default_rng([crc32(name), R])``, the first ``n_train`` rows
    training, the next ``n_test`` test (each sorted). The same (name, R) always gives the same
    partition, on every machine. These are *not* the original IDA realisations.
    """
    spec = _resolve(name)
    if spec.kind != "ida-mat":
        raise ValueError(f"name: {spec.name} is not an IDA set stored as a full pattern set ({', '.join(_IDA_MAT)})")
    n_train, n_test, n_real = IDA_MAT_SIZES[spec.name.split(":", 1)[1]]
    realisation = check_int(realisation, "realisation", low=1)
    if realisation > n_real:
        raise ValueError(f"realisation must be in 1..{n_real} for {spec.name}, got {realisation}")
    if n_examples != n_train + n_test:
        raise DataFormatError(
            f"{spec.name}: the pattern set has {n_examples} rows, the IDA sizes need {n_train} + {n_test}"
        )
    perm = np.random.default_rng([zlib.crc32(spec.name.encode()), realisation]).permutation(n_examples)
    return np.sort(perm[:n_train]), np.sort(perm[n_train:])


def load(
    name: str,
    *,
    data_home: str | os.PathLike | None = None,
    realisation: int | None = None,
    scale: str | None = None,
    dense: bool = True,
    n: int = 400,
    n_test: int = 7000,
    rng: np.random.Generator | None = None,
) -> Dataset:
    """Load a benchmark data set by the papers' name, labels in {-1, +1}.

    Parameters
    ----------
    name : str
        See :func:`names` (bare names like ``"heart"``, ``"australian"``, ``"twonorm"`` work).
    data_home : path, optional
        Folder with the catalogue layout, searched first; then ``$REFBOOST_DATA``, the user cache
        and the data bundled with the clone (module docstring, :func:`search_path`).
    realisation : int, optional
        IDA realisation (1..10 are available here); default 1. For flare_solar, splice, thyroid
        and twonorm (stored as the full pattern set) the default ``None`` gives the whole pattern
        set and R gives refboost's seeded partition R with the IDA sizes (:func:`mat_realisation`).
    scale : {None, "minmax", "standard"}
        Per-feature scaling fitted on the training part and applied to test/valid parts:
        "minmax" maps the training range onto [-1, 1] (Shen & Li 2010, §4), "standard" to
        zero mean, unit variance. Scaling returns dense arrays.
    dense : bool, default True
        Return dense arrays; ``False`` keeps svmlight data as CSR matrices.
    n, n_test : int
        Sizes for the ``gen:*`` generators (IDA sizes: 400 train, 7000 test for twonorm/ringnorm).
    rng : numpy.random.Generator
        Required for the ``gen:*`` generators; refused (ValueError) for file data sets, which use
        no random numbers (``n`` and ``n_test`` likewise apply to generators only).

    Raises
    ------
    ValueError / TypeError
        Unknown name, bad realisation or scale.
    DataNotFoundError
        A file found in none of the places searched (the message names the data set, the places
        and the command that fetches it).
    DataFormatError
        Corrupt files, NaN features, a shape other than the registry's, not two classes.
    """
    spec = _resolve(name)
    if scale is not None:
        scale = check_choice(scale, "scale", SCALINGS)
    if not isinstance(dense, bool):
        raise TypeError(f"dense must be a bool, got {type(dense).__name__}")
    realisation = _check_realisation(spec, realisation)
    info: dict = {"note": spec.note} if spec.note else {}
    if spec.kind == "generator":
        X, y, X_test, y_test, X_valid, y_valid, source = _generate(spec, n, n_test, rng, info)
    else:
        X, y, X_test, y_test, X_valid, y_valid, source = _read_files(spec, realisation, data_home, n, n_test, rng,
                                                                      info)
    if np.unique(y).size < 2:
        raise DataFormatError(f"data set {spec.name}: the training part has a single class")
    if scale is not None:
        shift, width = fit_scaling(X, scale)
        X = apply_scaling(X, shift, width)
        X_test = None if X_test is None else apply_scaling(X_test, shift, width)
        X_valid = None if X_valid is None else apply_scaling(X_valid, shift, width)
        info["scaling"] = {"shift": shift, "width": width}
    elif dense:
        X, X_test, X_valid = (_dense(A) for A in (X, X_test, X_valid))
    return Dataset(
        X=X,
        y=y,
        name=spec.name,
        source=source,
        X_test=X_test,
        y_test=y_test,
        X_valid=X_valid,
        y_valid=y_valid,
        realisation=realisation,
        scaling=scale,
        info=info,
    )


def _check_realisation(spec, realisation):
    """The realisation to read: 1 by default for IDA split files, None (the pattern set) for IDA pattern sets."""
    if spec.kind == "ida-asc":
        realisation = 1 if realisation is None else check_int(realisation, "realisation", low=1)
        if realisation not in spec.realisations:
            raise ValueError(
                f"realisation must be one of {spec.realisations[0]}..{spec.realisations[-1]} for {spec.name} "
                f"(the available IDA realisations), got {realisation}"
            )
    elif spec.kind == "ida-mat" and realisation is not None:
        realisation = check_int(realisation, "realisation", low=1)
        if realisation not in spec.realisations:
            raise ValueError(
                f"realisation must be one of 1..{spec.realisations[-1]} for {spec.name} (seeded partitions "
                f"with the IDA sizes; None gives the full pattern set), got {realisation}"
            )
    elif realisation is not None:
        raise ValueError(f"realisation: data set {spec.name} has no IDA realisations; pass realisation=None")
    return realisation


def _generate(spec, n, n_test, rng, info):
    """A ``gen:*`` data set drawn from ``rng``: (X, y, X_test, y_test, None, None, source)."""
    if rng is None:
        raise ValueError(f"rng: the generator {spec.name} needs rng=np.random.default_rng(seed)")
    gen = _GENERATORS[spec.name]
    n = check_int(n, "n", low=1)
    n_test = check_int(n_test, "n_test", low=0)
    X, y = gen(n, rng)
    X_test, y_test = gen(n_test, rng) if n_test > 0 else (None, None)
    info["label_map"] = {-1.0: -1.0, 1.0: 1.0}
    return X, y, X_test, y_test, None, None, f"refboost.datasets.{gen.__name__}(n={n}, n_test={n_test})"


def _read_libsvm_parts(spec, where):
    """The training, test and validation files of a LIBSVM set (absent parts None), test widened to train's."""
    parts = []
    for f in (spec.train, spec.test, spec.valid):
        if not f:
            parts.append((None, None))
            continue
        Xf, yf = _read_svmlight(where[f], spec.n_features)
        _check_shape(f, Xf)
        _finite(Xf, f"file '{f}'")
        parts.append((Xf, yf))
    (X, y), (X_test, y_test), (X_valid, y_valid) = parts
    if spec.test and X_test.shape[1] != X.shape[1]:
        n_feat = max(X.shape[1], X_test.shape[1])
        X = sp.csr_matrix((X.data, X.indices, X.indptr), shape=(X.shape[0], n_feat))
        X_test = sp.csr_matrix((X_test.data, X_test.indices, X_test.indptr), shape=(X_test.shape[0], n_feat))
    return X, y, X_test, y_test, X_valid, y_valid


def _read_ida_asc(spec, files, where, realisation):
    """An IDA realisation from its four ``.asc`` files: (X, y, X_test, y_test)."""
    arrs = {}
    for f in files:
        a = _read_asc(where[f])
        _check_shape(f, a)
        _finite(a, f"file '{f}'")
        arrs["_".join(f.rsplit("_", 3)[-3:-1])] = a
    X, y = arrs["train_data"], arrs["train_labels"].ravel()
    X_test, y_test = arrs["test_data"], arrs["test_labels"].ravel()
    if X.shape[0] != y.shape[0] or X_test.shape[0] != y_test.shape[0]:
        raise DataFormatError(f"{spec.name} realisation {realisation}: data and label files differ in length")
    return X, y, X_test, y_test


def _read_files(spec, realisation, data_home, n, n_test, rng, info):
    """A data set read from its files (located on the search path), labels mapped to {-1, +1}:
    (X, y, X_test, y_test, X_valid, y_valid, source)."""
    if rng is not None:
        raise ValueError(
            f"rng: data set {spec.name} is read from files and uses no random numbers; pass rng=None "
            "(rng is only for the gen:* generators; random splits are made by refboost.experiments)"
        )
    for nm, v, dflt in (("n", n, 400), ("n_test", n_test, 7000)):
        if v != dflt:
            raise ValueError(f"{nm}: data set {spec.name} is read from files, its size is fixed; "
                             f"{nm} is only for the gen:* generators")
    files = _files(spec, realisation)
    where = {f: locate(f, data_home) for f in files}
    missing = [f for f in files if where[f] is None]
    if missing:
        raise _missing({spec.name: missing}, data_home, realisation)
    rec_labels = set()
    for f in _files(spec):
        rec_labels.update(float(k) for k in registry().get(f, {}).get("labels", {}))
    X_test = y_test = X_valid = y_valid = None
    if spec.kind == "libsvm":
        X, y, X_test, y_test, X_valid, y_valid = _read_libsvm_parts(spec, where)
    elif spec.kind == "ida-asc":
        X, y, X_test, y_test = _read_ida_asc(spec, files, where, realisation)
    else:  # ida-mat
        X, y = _read_mat(where[spec.train])
        _check_shape(spec.train, X)
        _finite(X, f"file '{spec.train}'")
        if realisation is not None:
            tr, te = mat_realisation(spec.name, realisation, X.shape[0])
            X, y, X_test, y_test = X[tr], y[tr], X[te], y[te]
            info["partition"] = {"train": tr, "test": te}
    all_y = np.concatenate([v for v in (y, y_test, y_valid) if v is not None])
    lmap = _label_map(np.array(sorted(rec_labels | set(np.unique(all_y).tolist()))), spec.name)
    y = _apply_map(y, lmap, f"{spec.name} training labels")
    if y_test is not None:
        y_test = _apply_map(y_test, lmap, f"{spec.name} test labels")
    if y_valid is not None:
        y_valid = _apply_map(y_valid, lmap, f"{spec.name} validation labels")
    info["label_map"] = lmap
    info["files"] = files
    info["paths"] = {f: str(where[f]) for f in files}
    source = ", ".join(str(where[f]) for f in files[:4]) + (" ..." if len(files) > 4 else "")
    return X, y, X_test, y_test, X_valid, y_valid, source
