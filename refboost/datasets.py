"""Benchmark data: loaders, a checksum registry, a download command and Breiman's generators.

Data home
---------
Files are looked up by their catalogue path (``libsvm/<LIBSVM file name>``,
``raetsch/<dataset>/...``; the keys of :func:`registry`) in these places, in this order; each
file is taken from the first place that has it (:func:`search_path`, :func:`locate`):

1. the ``data_home`` argument of the function called;
2. the environment variable ``REFBOOST_DATA``;
3. the user cache ``$XDG_CACHE_HOME/refboost/data``, i.e. ``~/.cache/refboost/data`` when
   ``XDG_CACHE_HOME`` is unset (where ``refboost-data download NAME`` puts files unless told
   otherwise);
4. the data bundled with the clone, ``data/datasets/`` next to the package
   (:func:`bundled_data_home`): the files the chapters and tests read at their default scale,
   gzip-compressed (``libsvm/X`` is stored as ``libsvm/X.gz``), with their checksums,
   provenance and licences in ``data/datasets/MANIFEST.md``.

A place may hold a catalogue file as is or gzip-compressed with a ``.gz`` suffix added. A user
cache that holds only some data sets works together with the bundled rest. A data set none of
the places has raises :class:`DataNotFoundError` naming it, the places searched and the command
that fetches it.

Names
-----
``load(name)`` takes the names the papers use. The Rätsch/IDA benchmark sets (Glocer 2009,
Sun et al., Mitsuboshi et al.) are ``banana, breast_cancer, flare_solar, german, heart, image,
ringnorm, splice, thyroid, titanic, twonorm, waveform`` (also reachable as ``"ida:<name>"``;
flare_solar, splice, thyroid and twonorm are stored as full pattern sets, and their realisations
are refboost's seeded partitions with the IDA sizes, :func:`mat_realisation`);
the LIBSVM sets of Shen & Li (2010) are ``australian, breast-cancer, diabetes, fourclass,
german.numer, ionosphere, mushrooms, sonar, svmguide1, svmguide3, w1a, a9a`` plus
``libsvm:heart`` and ``libsvm:splice`` (the bare names ``heart`` and ``splice`` mean the IDA
versions), and ``a9a-erlpboost`` (the 60/20/20 split shipped with the ERLPBoost code). The large
sparse sets of Glocer (2009), ``news20.binary``, ``real-sim`` and ``astro-ph``, are catalogued
with their published shapes but unpinned checksums (:data:`UNPINNED`).
``gen:twonorm``, ``gen:ringnorm`` and ``gen:waveform`` draw fresh samples from Breiman's
generators (:func:`twonorm`, :func:`ringnorm`, :func:`waveform`). :func:`names` lists them all.

Labels are always mapped to {-1, +1}: for every data set the smaller of its two label values
(over all of its files) becomes -1 and the larger +1 (breast-cancer 2 -> -1 benign,
4 -> +1 malignant; mushrooms 1 -> -1, 2 -> +1; svmguide1 0 -> -1, 1 -> +1).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import os
import sys
import urllib.request
import warnings
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import scipy.io
import scipy.sparse as sp

from ._validation import check_choice, check_int, check_rng

#: Environment variable naming a data folder (searched after the data_home argument).
ENV_VAR = "REFBOOST_DATA"

#: Where the LIBSVM binary data sets live (Chang & Lin, LIBSVM data page).
LIBSVM_URL = "https://www.csie.ntu.edu.tw/~cjlin/libsvmtools/datasets/binary/"

#: The IDA benchmark repository page (Rätsch et al. 2001); the host is no longer online, so
#: the realisation files are fetched from the public copies (repository @ commit) the
#: manifest names, whose checksums are pinned in the registry.
IDA_URL = "http://ida.first.fraunhofer.de/projects/bench/benchmarks.htm"

#: Raw-file URL of a public GitHub copy at a pinned commit.
GITHUB_RAW = "https://raw.githubusercontent.com/{repo}/{commit}/{path}"

#: Scalings offered by :func:`load`.
SCALINGS = ("minmax", "standard")

_REGISTRY_FILE = Path(__file__).with_name("data_registry.json")
_REGISTRY: dict[str, dict] | None = None


class DataNotFoundError(FileNotFoundError):
    """A data set's files are in none of the places of :func:`search_path`."""


class DataFormatError(ValueError):
    """A data file could not be parsed, or its content is not what the registry says."""


class ChecksumError(ValueError):
    """A file's sha256 differs from the registry."""


def _unpinned(path: str, rows: int, cols: int, url: str | None, source: str) -> dict:
    return {
        "cols": cols, "family": "libsvm", "format": "libsvm/svmlight text", "gzip": True, "labels": {},
        "license": "see the source", "manifest_dataset": None, "path": path, "rows": rows,
        "sha256": None, "sha256_content": None, "source_commit": None, "source_path": None,
        "source_repo": None, "source_sha256": None, "transform": {}, "url": url, "source": source,
    }


#: The large sparse sets of Glocer (2009), Table 5.1. They are not in the data MANIFEST: no copy was
#: available when the registry was made, so their checksums are **not pinned**. A download is
#: accepted if it parses to the published shape (rows x features), and the sha256 of the stored
#: file is then written next to it (``<file>.sha256``): :func:`verify` checks against that from then
#: on (trust on first download). astro-ph (Joachims 2006) has no public canonical copy that we know
#: of: place the svmlight file at ``libsvm/astro-ph.gz`` in a data folder to use it.
UNPINNED = {
    r["path"]: r
    for r in (
        _unpinned("libsvm/news20.binary.gz", 19996, 1355191, LIBSVM_URL + "news20.binary.bz2",
                  "LIBSVM data page, binary: news20.binary"),
        _unpinned("libsvm/real-sim.gz", 72309, 20958, LIBSVM_URL + "real-sim.bz2",
                  "LIBSVM data page, binary: real-sim"),
        _unpinned("libsvm/astro-ph.gz", 62369, 99757, None,  # the training part of Glocer (2009), Table 5.1
                  "Joachims (2006), 'Training linear SVMs in linear time' (no public canonical copy known)"),
    )
}


def registry() -> dict[str, dict]:
    """The file registry ``{relative path: record}`` (generated from the data MANIFEST.md, plus
    the :data:`UNPINNED` records, whose ``sha256`` is None)."""
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = {**json.loads(_REGISTRY_FILE.read_text(encoding="utf-8")), **UNPINNED}
    return _REGISTRY


# --------------------------------------------------------------------------------------
# the catalogue of named data sets
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Spec:
    name: str
    kind: str  # "libsvm" | "ida-asc" | "ida-mat" | "generator"
    train: str = ""
    test: str = ""
    valid: str = ""
    n_features: int | None = None
    prefix: str = ""  # IDA file-name prefix
    realisations: tuple[int, ...] = ()
    note: str = ""


def _libsvm(name, train, test="", valid="", n_features=None, note=""):
    return _Spec(name, "libsvm", train, test, valid, n_features, note=note)


_IDA_ASC = {
    "banana": "banana",
    "breast_cancer": "breast-cancer",
    "german": "german",
    "heart": "heart",
    "image": "image",
    "ringnorm": "ringnorm",
    "titanic": "titanic",
    "waveform": "waveform",
}
_IDA_MAT = ("flare_solar", "splice", "thyroid", "twonorm")

_SPECS: dict[str, _Spec] = {}
for _n, _p in _IDA_ASC.items():
    _SPECS[f"ida:{_n}"] = _Spec(f"ida:{_n}", "ida-asc", prefix=_p, realisations=tuple(range(1, 11)))
#: Rätsch, Onoda & Müller (2001), Table 1: (training size, test size, number of realisations) of the
#: IDA sets stored here only as the full pattern set. refboost draws their realisations itself
#: (:func:`mat_realisation`): seeded random partitions of the pattern set with the IDA sizes.
IDA_MAT_SIZES = {
    "flare_solar": (666, 400, 100),
    "splice": (1000, 2175, 20),
    "thyroid": (140, 75, 100),
    "twonorm": (400, 7000, 100),
}
for _n in _IDA_MAT:
    _SPECS[f"ida:{_n}"] = _Spec(
        f"ida:{_n}",
        "ida-mat",
        train=f"raetsch/{_n}/{_n}.mat",
        realisations=tuple(range(1, IDA_MAT_SIZES[_n][2] + 1)),
        note="full pattern set; realisation R is refboost's seeded random partition with the IDA sizes "
        "(not the original IDA split files, which are not available)",
    )
for _s in (
    _libsvm("libsvm:australian", "libsvm/australian_scale"),
    _libsvm("libsvm:breast-cancer", "libsvm/breast-cancer_scale"),
    _libsvm("libsvm:diabetes", "libsvm/diabetes_scale"),
    _libsvm("libsvm:fourclass", "libsvm/fourclass_scale"),
    _libsvm(
        "libsvm:german.numer",
        "libsvm/german.numer",
        note="UNSCALED german.numer (german.numer_scale not found); use scale='minmax' for Shen & Li's [-1, 1]",
    ),
    _libsvm("libsvm:heart", "libsvm/heart_scale"),
    _libsvm("libsvm:ionosphere", "libsvm/ionosphere_scale"),
    _libsvm("libsvm:mushrooms", "libsvm/mushrooms"),
    _libsvm("libsvm:sonar", "libsvm/sonar_scale"),
    _libsvm("libsvm:splice", "libsvm/splice_scale"),
    _libsvm("libsvm:svmguide1", "libsvm/svmguide1", "libsvm/svmguide1.t"),
    _libsvm("libsvm:svmguide3", "libsvm/svmguide3", "libsvm/svmguide3.t"),
    _libsvm("libsvm:w1a", "libsvm/w1a", note="w1a.t not available"),
    _libsvm("libsvm:a9a", "libsvm/a9a.gz", "libsvm/a9a.t", n_features=123),
    _libsvm(
        "libsvm:a9a-erlpboost",
        "libsvm/erlpboost_a9a/a9a.train",
        "libsvm/erlpboost_a9a/a9a.test",
        "libsvm/erlpboost_a9a/a9a.valid",
        n_features=123,
        note="60/20/20 split of a9a+a9a.t shipped with erlpboost-0.1 (Vishwanathan & Warmuth)",
    ),
):
    _SPECS[_s.name] = _s
for _s in (
    _libsvm("libsvm:news20.binary", "libsvm/news20.binary.gz", note="checksum not pinned (UNPINNED)"),
    _libsvm("libsvm:real-sim", "libsvm/real-sim.gz", note="checksum not pinned (UNPINNED)"),
    _libsvm("libsvm:astro-ph", "libsvm/astro-ph.gz", note="no public canonical copy known; checksum not pinned"),
):
    _SPECS[_s.name] = _s
for _n in ("twonorm", "ringnorm", "waveform"):
    _SPECS[f"gen:{_n}"] = _Spec(f"gen:{_n}", "generator", note="Breiman (1996) generator")

#: Bare names and the papers' aliases -> canonical names.
_ALIASES: dict[str, str] = {}
for _key in _SPECS:
    _bare = _key.split(":", 1)[1]
    if _key.startswith("ida:") or (_key.startswith("libsvm:") and f"ida:{_bare}" not in _SPECS):
        _ALIASES[_bare] = _key
_ALIASES.update(
    {
        "b-cancer": "libsvm:breast-cancer",
        "german-numer": "libsvm:german.numer",
        "g-numer": "libsvm:german.numer",
        "mushroom": "libsvm:mushrooms",
        "flare-solar": "ida:flare_solar",
        "breast-cancer_scale": "libsvm:breast-cancer",
        "heart_scale": "libsvm:heart",
        "news20": "libsvm:news20.binary",
    }
)


def names() -> list[str]:
    """All canonical data set names accepted by :func:`load` (aliases also work)."""
    return sorted(_SPECS)


def _resolve(name) -> _Spec:
    if not isinstance(name, str):
        raise TypeError(f"name must be a string (a data set name), got {type(name).__name__}")
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _SPECS:
        raise ValueError(f"name: unknown data set {name!r}; known names: {', '.join(names())} (bare names also work)")
    return _SPECS[key]


def _files(spec: _Spec, realisation: int | None = None) -> list[str]:
    if spec.kind == "ida-asc":
        rs = spec.realisations if realisation is None else (realisation,)
        ds = spec.name.split(":", 1)[1]
        return [
            f"raetsch/{ds}/{spec.prefix}_{part}_{kind}_{r}.asc.gz"
            for r in rs
            for part in ("train", "test")
            for kind in ("data", "labels")
        ]
    return [f for f in (spec.train, spec.test, spec.valid) if f]


# --------------------------------------------------------------------------------------
# data home and errors
# --------------------------------------------------------------------------------------


def default_data_home() -> Path:
    """``$XDG_CACHE_HOME/refboost/data`` (``~/.cache/refboost/data`` if unset): the user cache."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "refboost" / "data"


def bundled_data_home() -> Path:
    """The data bundled with the clone: ``data/datasets/`` next to the ``refboost`` package."""
    return Path(__file__).resolve().parents[1] / "data" / "datasets"


def _check_data_home(data_home) -> Path | None:
    if data_home is None:
        return None
    if not isinstance(data_home, str | os.PathLike):
        raise TypeError(f"data_home must be a path (str or os.PathLike), got {type(data_home).__name__}")
    return Path(data_home).expanduser()


def get_data_home(data_home: str | os.PathLike | None = None) -> Path:
    """The writable data home (where :func:`download` puts files).

    The ``data_home`` argument, else ``$REFBOOST_DATA``, else the user cache
    (:func:`default_data_home`). Reading searches more places: see :func:`search_path`.
    """
    arg = _check_data_home(data_home)
    if arg is not None:
        return arg
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return default_data_home()


def search_path(data_home: str | os.PathLike | None = None) -> list[tuple[Path, str]]:
    """The places searched for data files, in order, as ``(folder, what it is)`` pairs.

    The ``data_home`` argument, ``$REFBOOST_DATA``, the user cache, the data bundled with the
    clone; a folder is listed once (at its first position). Folders need not exist.
    """
    places = []
    arg = _check_data_home(data_home)
    if arg is not None:
        places.append((arg, "the data_home argument"))
    env = os.environ.get(ENV_VAR)
    if env:
        places.append((Path(env).expanduser(), f"${ENV_VAR}"))
    places.append((default_data_home(), "the user cache"))
    places.append((bundled_data_home(), "the data bundled with the clone"))
    out, seen = [], set()
    for folder, what in places:
        key = os.path.abspath(folder)
        if key not in seen:
            seen.add(key)
            out.append((folder, what))
    return out


def _candidates(rel: str) -> tuple[str, ...]:
    return (rel,) if rel.endswith(".gz") else (rel, rel + ".gz")


def locate(rel: str, data_home: str | os.PathLike | None = None) -> Path | None:
    """The path of catalogue file ``rel`` (e.g. ``"libsvm/heart_scale"``) in the first place of
    :func:`search_path` that has it (as is, or gzip-compressed as ``rel + ".gz"``), else None."""
    if not isinstance(rel, str):
        raise TypeError(f"rel must be a catalogue path string, got {type(rel).__name__}")
    for folder, _ in search_path(data_home):
        for cand in _candidates(rel):
            path = folder / cand
            if path.is_file():
                return path
    return None


def _describe_places(data_home) -> str:
    return "; ".join(f"{what} ({folder})" for folder, what in search_path(data_home))


def _missing(missing: dict[str, list[str]], data_home, realisation: int | None = None) -> DataNotFoundError:
    """One error for every data set of the call that has missing files ``{canonical name: [rel, ...]}``."""
    parts = []
    for name, files in missing.items():
        shown = ", ".join(files[:2]) + (f" and {len(files) - 2} more" if len(files) > 2 else "")
        label = name if realisation is None else f"{name} realisation {realisation}"
        parts.append(f"{label} ({shown})")
    names_ = " ".join(missing)
    what = "data set" if len(missing) == 1 else "data sets"
    return DataNotFoundError(
        f"{what} not found: {'; '.join(parts)}. Get {'it' if len(missing) == 1 else 'them'} with "
        f"`refboost-data download {names_}` (into {get_data_home(data_home)}). "
        f"Searched: {_describe_places(data_home)}."
    )


def status(name: str, *, data_home: str | os.PathLike | None = None) -> dict:
    """Which files of data set ``name`` are found, and where.

    Returns a dict with ``name`` (canonical), ``files`` (every catalogue file of the set),
    ``found`` (``{rel: path}``), ``missing`` (list of rel), ``complete`` (all found),
    ``realisations`` (the IDA realisations whose four files are all found; ``()`` for other
    sets) and ``loadable`` (:func:`load` works with its default realisation or, for IDA sets, with
    ``realisation=realisations[0]``). Generators are always complete.
    """
    spec = _resolve(name)
    files = _files(spec)
    found = {}
    for f in files:
        path = locate(f, data_home)
        if path is not None:
            found[f] = path
    missing = [f for f in files if f not in found]
    reals: tuple[int, ...] = ()
    if spec.kind == "ida-asc":
        reals = tuple(r for r in spec.realisations if all(f in found for f in _files(spec, r)))
    loadable = bool(reals) if spec.kind == "ida-asc" else not missing
    return {
        "name": spec.name,
        "files": files,
        "found": found,
        "missing": missing,
        "complete": not missing,
        "realisations": reals,
        "loadable": loadable,
    }


# --------------------------------------------------------------------------------------
# the result type
# --------------------------------------------------------------------------------------


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


# --------------------------------------------------------------------------------------
# file readers
# --------------------------------------------------------------------------------------


def _read_svmlight(path: Path, n_features: int | None):
    from ._extras import require

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


# --------------------------------------------------------------------------------------
# scaling
# --------------------------------------------------------------------------------------


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


# --------------------------------------------------------------------------------------
# Breiman's generators (Breiman 1996, "Bias, variance and arcing classifiers", §6)
# --------------------------------------------------------------------------------------


def _classes(n: int, rng: np.random.Generator) -> np.ndarray:
    return np.where(rng.random(n) < 0.5, 1.0, -1.0)


def twonorm(n: int, rng: np.random.Generator, *, dim: int = 20) -> tuple[np.ndarray, np.ndarray]:
    """Breiman's twonorm: class +1 ~ N(a 1, I), class -1 ~ N(-a 1, I), a = 2 / sqrt(dim).

    Breiman (1996), twonorm: 20 dimensions, classes equally likely, a = 2/sqrt(20). The Bayes
    rule is linear (sign of the feature sum); its error is Phi(-2) = 2.28% for every dim.
    """
    n = check_int(n, "n", low=1)
    dim = check_int(dim, "dim", low=1)
    rng = check_rng(rng)
    y = _classes(n, rng)
    a = 2.0 / np.sqrt(dim)
    X = rng.standard_normal((n, dim)) + (a * y)[:, None]
    return X, y


def ringnorm(n: int, rng: np.random.Generator, *, dim: int = 20) -> tuple[np.ndarray, np.ndarray]:
    """Breiman's ringnorm: class +1 ~ N(0, 4 I), class -1 ~ N(a 1, I), a = 1 / sqrt(dim).

    Breiman (1996): "class 1 is multivariate normal with mean zero and covariance matrix four
    times the identity; class 2 has unit covariance and mean (a, ..., a), a = 1/sqrt(20)".
    Class 1 is labelled +1 here (the IDA files do not say which is which).
    """
    n = check_int(n, "n", low=1)
    dim = check_int(dim, "dim", low=1)
    rng = check_rng(rng)
    y = _classes(n, rng)
    a = 1.0 / np.sqrt(dim)
    Z = rng.standard_normal((n, dim))
    X = np.where((y > 0)[:, None], 2.0 * Z, Z + a)
    return X, y


def waveform_bases() -> np.ndarray:
    """The three triangular base waves h1, h2, h3 on m = 1..21 (rows), Breiman et al. (1984).

    h1(m) = max(6 - |m - 11|, 0), h2(m) = h1(m - 4), h3(m) = h1(m + 4).
    """
    m = np.arange(1, 22, dtype=float)
    h1 = np.maximum(6.0 - np.abs(m - 11.0), 0.0)
    h2 = np.maximum(6.0 - np.abs(m - 15.0), 0.0)
    h3 = np.maximum(6.0 - np.abs(m - 7.0), 0.0)
    return np.vstack([h1, h2, h3])


#: Waveform classes as pairs of base waves: x = u h_a + (1 - u) h_b + noise.
WAVEFORM_CLASSES = {1: (0, 1), 2: (0, 2), 3: (1, 2)}


def waveform(
    n: int, rng: np.random.Generator, *, positive_class: int = 2, return_class: bool = False
) -> tuple[np.ndarray, np.ndarray] | tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Breiman's waveform (21 features), binarised as in the IDA benchmark.

    Three equally likely classes, x_m = u h_a(m) + (1 - u) h_b(m) + eps_m, u ~ U(0, 1),
    eps_m ~ N(0, 1), m = 1..21, with (a, b) = (1, 2), (1, 3), (2, 3) for classes 1, 2, 3
    (Breiman et al. 1984, §2.6.2; Breiman 1996). The IDA set is two-class: ``positive_class``
    (default 2, the h1/h3 mixture) against the other two. This choice is **checked on the data**
    (tests/test_datasets.py): in the IDA waveform files one third of the patterns are +1, and
    their class-conditional mean profile, after the IDA per-feature standardisation, is that of
    Breiman's class 2 (peak at m = 7..11, trough at m = 15..17). The IDA files are standardised
    to zero mean and unit variance; use ``load("gen:waveform", scale="standard")`` for that.
    """
    n = check_int(n, "n", low=1)
    positive_class = check_int(positive_class, "positive_class", low=1, high=3)
    rng = check_rng(rng)
    H = waveform_bases()
    cls = rng.integers(1, 4, size=n)
    u = rng.random(n)
    a = np.array([WAVEFORM_CLASSES[c][0] for c in cls])
    b = np.array([WAVEFORM_CLASSES[c][1] for c in cls])
    X = u[:, None] * H[a] + (1.0 - u)[:, None] * H[b] + rng.standard_normal((n, 21))
    y = np.where(cls == positive_class, 1.0, -1.0)
    return (X, y, cls) if return_class else (X, y)


# --------------------------------------------------------------------------------------
# Synthetic stand-ins for the large sparse text sets of Glocer (2009), Tables 5.1-5.2
# --------------------------------------------------------------------------------------

#: The shapes of astro-ph, news20 (LIBSVM news20.binary) and real-sim (all examples, training and test
#: together, as Glocer (2009), Table 5.1 lists them) with approximate densities (non-zeros per row) and
#: fractions of positive labels as published with the data (LIBSVM data page; Joachims 2006 for astro-ph).
#: The densities and class fractions are approximate, and :func:`sparse_text_like` only imitates these
#: statistics: its examples are synthetic, not the documents.
SPARSE_TEXT_SHAPES: dict[str, dict] = {
    "astro-ph": {"rows": 94856, "features": 99757, "nnz_per_row": 77, "positive": 0.31},
    "news20": {"rows": 19996, "features": 1355191, "nnz_per_row": 455, "positive": 0.50},
    "real-sim": {"rows": 72309, "features": 20958, "nnz_per_row": 51, "positive": 0.31},
}


def sparse_text_like(
    name: str, rng: np.random.Generator, *, scale: float = 1.0, noise: float = 0.05
) -> tuple[sp.csr_matrix, np.ndarray]:
    """A synthetic sparse binary data set with the shape and density of astro-ph, news20 or real-sim.

    ``round(scale * rows)`` examples (at least 2) over all the set's features
    (:data:`SPARSE_TEXT_SHAPES`): ``scale`` shrinks the number of rows only, so the dimension and the density
    (non-zeros per row) stay the published ones. Each row draws term occurrences, ``1 + Poisson(.)`` feature
    indices from a Zipf-like popularity ``p_j ~ 1/(j + 10)^1.1`` (repeats merged into counts; a second batch
    tops the mean number of distinct terms per row up to about ``nnz_per_row``, within a few per cent), values
    ``log(1 + count) * idf_j`` (``idf_j = log(1 / p_j)``, text-like tf-idf weights) and unit Euclidean row
    norm, as in the LIBSVM versions of the text sets. Labels: the sign of a linear teacher's score (Gaussian
    weights on the 1,000 most frequent features, zero elsewhere) thresholded so that the class fraction after
    the flips is the published one, each label flipped with probability ``noise``. Deterministic
    given ``rng``'s state. This is a stand-in for timing and for running the sparse code paths at the
    thesis' shapes; its error rates say nothing about the real sets.

    Returns
    -------
    X : scipy.sparse.csr_matrix, shape (round(scale * rows), features)
    y : ndarray of {-1, +1}, both classes present
    """
    from ._validation import check_real

    if not isinstance(name, str) or name not in SPARSE_TEXT_SHAPES:
        raise ValueError(f"name must be one of {sorted(SPARSE_TEXT_SHAPES)}, got {name!r}")
    scale = check_real(scale, "scale", low=0.0, high=1.0, low_open=True)
    noise = check_real(noise, "noise", low=0.0, high=0.5)
    rng = check_rng(rng)
    spec = SPARSE_TEXT_SHAPES[name]
    n, p, k = max(2, round(scale * spec["rows"])), spec["features"], spec["nnz_per_row"]
    pop = 1.0 / (np.arange(p) + 10.0) ** 1.1
    pop /= pop.sum()
    idf = np.log(1.0 / pop)
    cdf = np.cumsum(pop)

    def draw(mean):  # term occurrences: rows x features count matrix (repeated terms summed)
        counts = 1 + rng.poisson(max(mean - 1.0, 0.0), size=n)
        cols = np.searchsorted(cdf, rng.random(int(counts.sum())), side="right").clip(0, p - 1)
        return sp.csr_matrix((np.ones(cols.size), (np.repeat(np.arange(n), counts), cols)), shape=(n, p)), counts

    X, counts = draw(k)
    # repeated popular terms merge, so fewer distinct terms than draws: one more batch of draws, sized by the
    # observed ratio of distinct terms to draws, brings the mean non-zeros per row to about nnz_per_row
    short = k - X.nnz / n
    if short > 0.5:
        extra, _ = draw(1.0 + short * counts.sum() / X.nnz)
        X = X + extra
    X.data = np.log1p(X.data) * idf[X.indices]
    norms = np.sqrt(np.asarray(X.multiply(X).sum(axis=1)).ravel())
    X = sp.csr_matrix(sp.diags(1.0 / norms) @ X)
    teacher = np.zeros(p)
    teacher[: min(p, 1000)] = rng.standard_normal(min(p, 1000))  # a topic: the 1,000 most frequent terms
    score = X @ teacher
    q = (spec["positive"] - noise) / (1.0 - 2.0 * noise) if noise < 0.5 else 0.5  # after the flips: "positive"
    cut = np.quantile(score, 1.0 - float(np.clip(q, 0.0, 1.0)))
    y = np.where(score > cut, 1.0, -1.0)
    flip = rng.random(n) < noise
    y[flip] = -y[flip]
    if np.unique(y).size < 2:  # tiny samples: make both classes present
        y[np.argmax(score)], y[np.argmin(score)] = 1.0, -1.0
    return X, y


_GENERATORS = {"gen:twonorm": twonorm, "gen:ringnorm": ringnorm, "gen:waveform": waveform}


# --------------------------------------------------------------------------------------
# load
# --------------------------------------------------------------------------------------


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

    info: dict = {"note": spec.note} if spec.note else {}
    X_valid = y_valid = None
    if spec.kind == "generator":
        if rng is None:
            raise ValueError(f"rng: the generator {spec.name} needs rng=np.random.default_rng(seed)")
        gen = _GENERATORS[spec.name]
        n = check_int(n, "n", low=1)
        n_test = check_int(n_test, "n_test", low=0)
        X, y = gen(n, rng)
        X_test, y_test = gen(n_test, rng) if n_test > 0 else (None, None)
        source = f"refboost.datasets.{gen.__name__}(n={n}, n_test={n_test})"
        info["label_map"] = {-1.0: -1.0, 1.0: 1.0}
    else:
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
        X_test = y_test = None
        if spec.kind == "libsvm":
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
        elif spec.kind == "ida-asc":
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


# --------------------------------------------------------------------------------------
# checksums and download
# --------------------------------------------------------------------------------------


def sha256_file(path: str | os.PathLike, *, content: bool = False) -> str:
    """sha256 of a file (of its decompressed content when ``content`` and it is gzipped)."""
    h = hashlib.sha256()
    opener = gzip.open if (content and str(path).endswith(".gz")) else open
    with opener(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _check_file(rel: str, path: Path) -> str:
    """Verify one located file against the registry; returns the SHA-256 hash compared."""
    rec = registry()[rel]
    if rec["sha256"] is None:  # UNPINNED: the hash recorded at the first download
        side = path.with_name(path.name + ".sha256")
        if not side.is_file():
            raise ChecksumError(
                f"file '{rel}' ({path}): the registry pins no checksum for it and no '{side.name}' was recorded "
                "(refboost-data download records one); its content cannot be verified"
            )
        want, got = side.read_text().split()[0], sha256_file(path)
        if got != want:
            raise ChecksumError(f"file '{rel}' ({path}): sha256 {got} differs from the {want} recorded at download")
        return got
    if path.name == rel.rsplit("/", 1)[-1]:  # stored as in the catalogue
        want, got = rec["sha256"], sha256_file(path)
    else:  # a gzip-compressed copy of an uncompressed catalogue file: compare the content
        want, got = rec["sha256_content"], sha256_file(path, content=True)
    if got != want:
        raise ChecksumError(f"file '{rel}' ({path}): sha256 {got} differs from the registry's {want}")
    return got


def verify(
    name: str,
    *,
    data_home: str | os.PathLike | None = None,
    realisation: int | None = None,
    present_only: bool = False,
) -> dict[str, str]:
    """Check the sha256 of the files of data set ``name`` against the registry.

    Each file is taken from the first place of :func:`search_path` that has it. A file stored as
    in the catalogue must have the registry's ``sha256``; a gzip-compressed copy (``rel + ".gz"``,
    as bundled) must decompress to the registry's ``sha256_content``.

    ``realisation`` restricts an IDA set to one realisation. ``present_only=True`` checks the
    files that are found and ignores the others (at least one must be found).

    Returns ``{relative path: sha256 compared}``. Raises :class:`DataNotFoundError` for missing
    files and :class:`ChecksumError` (naming the file, expected and found SHA-256 hashes) on a mismatch.
    Generators have no files (returns ``{}``).
    """
    spec = _resolve(name)
    if not isinstance(present_only, bool):
        raise TypeError(f"present_only must be a bool, got {type(present_only).__name__}")
    if realisation is not None:
        if spec.kind != "ida-asc":
            raise ValueError(f"realisation: data set {spec.name} has no IDA realisations; pass realisation=None")
        realisation = check_int(realisation, "realisation", low=spec.realisations[0], high=spec.realisations[-1])
    if spec.kind == "generator":
        return {}
    files = _files(spec, realisation)
    where = {f: locate(f, data_home) for f in files}
    missing = [f for f in files if where[f] is None]
    if missing and (not present_only or len(missing) == len(files)):
        raise _missing({spec.name: missing}, data_home)
    return {f: _check_file(f, where[f]) for f in files if where[f] is not None}


def _fetch_url(url: str, timeout: float = 60.0) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as resp:  # noqa: S310 (http/https/file only)
        return resp.read()


def _candidate_urls(rec: dict, mirror: str | None) -> list[tuple[str, str]]:
    """(kind, url) pairs to try in order: a mirror, the original home, the pinned public copy."""
    out = []
    if mirror is not None:
        out.append(("mirror", mirror.rstrip("/") + "/" + rec["path"]))
        return out
    if rec["family"] == "libsvm" and not rec["path"].startswith("libsvm/erlpboost_a9a/"):
        fname = rec["path"].split("/", 1)[1]
        out.append(("original", LIBSVM_URL + (fname[:-3] if fname.endswith(".gz") else fname)))
    if rec["source_repo"]:
        url = GITHUB_RAW.format(repo=rec["source_repo"], commit=rec["source_commit"], path=rec["source_path"])
        out.append(("pinned", url))
    return out


def _transform(raw: bytes, rec: dict, kind: str) -> bytes:
    if kind != "pinned":
        return raw
    tr = rec.get("transform") or {}
    if tr.get("drop_header"):
        raw = raw.split(b"\n", 1)[1]
    if "lines" in tr:
        a, b = tr["lines"]
        raw = b"".join(raw.splitlines(keepends=True)[a - 1 : b])
    return raw


def _content_matches(content: bytes, rec: dict) -> bool:
    """Parse a LIBSVM text and compare rows, columns and label counts with the registry."""
    from ._extras import require

    load_svmlight_file = require("sklearn.datasets", "checking a LIBSVM download").load_svmlight_file

    try:
        X, y = load_svmlight_file(io.BytesIO(content), n_features=rec["cols"])
    except Exception:
        return False
    vals, cnts = np.unique(y, return_counts=True)
    labels = {str(float(v)): int(c) for v, c in zip(vals, cnts, strict=True)}
    return X.shape == (rec["rows"], rec["cols"]) and (not rec["labels"] or labels == rec["labels"])


def _write_atomic(dest: Path, payload: bytes) -> None:
    """Write ``payload`` to ``dest`` via a ``.part`` file, so an interrupted download leaves no partial file."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_suffix(dest.suffix + ".part")
    tmp.write_bytes(payload)
    tmp.replace(dest)


def _download_unpinned(f: str, rec: dict, dest: Path, fetch, mirror: str | None, overwrite: bool) -> Path:
    """An :data:`UNPINNED` file: accepted if it parses to the published shape; its sha256 is recorded."""
    import bz2

    side = dest.with_name(dest.name + ".sha256")
    if dest.is_file() and side.is_file() and not overwrite:
        _check_file(f, dest)
        return dest
    url = mirror.rstrip("/") + "/" + f if mirror is not None else rec["url"]
    if url is None:
        raise ChecksumError(f"'{f}': {rec['source']}; place the svmlight file at '{f}' in a data folder to use it")
    try:
        raw = fetch(url)
    except Exception as exc:
        raise ChecksumError(f"could not fetch '{f}' from {url}: {exc}") from None
    if raw[:3] == b"BZh":
        raw = bz2.decompress(raw)
    elif raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    if not _content_matches(raw, rec):
        raise ChecksumError(
            f"'{f}' from {url} does not parse to the published shape {rec['rows']}x{rec['cols']} (checksum not "
            "pinned: the shape is the only check)"
        )
    warnings.warn(
        f"{f}: no pinned checksum exists; accepted because it parses to the published shape "
        f"{rec['rows']}x{rec['cols']}; its sha256 is recorded in {side.name} and verified from now on",
        stacklevel=3,
    )
    payload = gzip.compress(raw, compresslevel=9, mtime=0)
    _write_atomic(dest, payload)
    side.write_text(f"{hashlib.sha256(payload).hexdigest()}  {dest.name}  (from {url})\n")
    return dest


def download(
    name: str,
    data_home: str | os.PathLike | None = None,
    *,
    mirror: str | None = None,
    fetcher: Callable[[str], bytes] | None = None,
    overwrite: bool = False,
) -> list[Path]:
    """Fetch the files of data set ``name`` into :func:`get_data_home` (``data_home``,
    ``$REFBOOST_DATA`` or the user cache) and verify them.

    For each file the candidates are tried in order:

    * ``mirror`` (if given): a base URL (``https://``, ``file://``) with the data-home layout;
      the bytes must have the registry's sha256.
    * LIBSVM files: the LIBSVM data page (:data:`LIBSVM_URL`). The reference copies were taken
      from public repositories and some differ in bytes from the LIBSVM originals (CRLF line
      ends, see MANIFEST.md), so a file from there is accepted if either its sha256 matches
      or it parses to the registry's rows x features and label counts (then a warning says so).
    * The pinned public copy the registry names (GitHub raw URL at a fixed commit); for IDA
      files this is the only online source (the IDA host :data:`IDA_URL` is offline). Its
      decompressed content must match the registry's ``sha256_content``.

    Stored files that end in ``.gz`` are written gzipped (level 9, mtime 0: reproducible).

    Returns the list of written paths. Raises :class:`ChecksumError` if no candidate verifies.
    """
    spec = _resolve(name)
    if spec.kind == "generator":
        return []
    if not isinstance(overwrite, bool):
        raise TypeError(f"overwrite must be a bool, got {type(overwrite).__name__}")
    if mirror is not None and not isinstance(mirror, str):
        raise TypeError(f"mirror must be a URL string, got {type(mirror).__name__}")
    fetch = _fetch_url if fetcher is None else fetcher
    home = get_data_home(data_home)
    written = []
    for f in _files(spec):
        rec = registry()[f]
        dest = home / f
        if rec["sha256"] is None:
            written.append(_download_unpinned(f, rec, dest, fetch, mirror, overwrite))
            continue
        if dest.is_file() and not overwrite and sha256_file(dest) == rec["sha256"]:
            written.append(dest)
            continue
        errors = []
        payload = None
        for kind, url in _candidate_urls(rec, mirror):
            try:
                raw = fetch(url)
            except Exception as exc:  # network errors of any kind: try the next candidate
                errors.append(f"{url}: {exc}")
                continue
            if kind == "mirror":
                if hashlib.sha256(raw).hexdigest() == rec["sha256"]:
                    payload = raw
                    break
                errors.append(f"{url}: sha256 mismatch")
                continue
            content = _transform(raw, rec, kind)
            if kind == "original" and raw[:2] == b"\x1f\x8b":
                content = gzip.decompress(raw)
            ok = hashlib.sha256(content).hexdigest() == rec["sha256_content"]
            if not ok and kind == "original" and _content_matches(content, rec):
                warnings.warn(
                    f"{f}: the file from {url} differs in bytes from the reference copy but has the registry's "
                    f"shape {rec['rows']}x{rec['cols']} and label counts; accepted",
                    stacklevel=2,
                )
                ok = True
            if ok:
                payload = gzip.compress(content, compresslevel=9, mtime=0) if rec["gzip"] else content
                break
            errors.append(f"{url}: content sha256 mismatch")
        if payload is None:
            raise ChecksumError(f"could not fetch a verified copy of '{f}' ({spec.name}): " + "; ".join(errors))
        _write_atomic(dest, payload)
        written.append(dest)
    return written


# --------------------------------------------------------------------------------------
# command line: python -m refboost.datasets {list,verify,download,registry}
# --------------------------------------------------------------------------------------


_CLI_DESCRIPTION = """\
refboost benchmark data: the LIBSVM and Raetsch/IDA sets of the papers, by name.

Files are read from the first of these places that has them: the --data-home option (or the
data_home= argument in Python), $REFBOOST_DATA, the user cache ($XDG_CACHE_HOME/refboost/data,
~/.cache/refboost/data) and the data bundled with the clone (data/datasets/). The clone bundles
what the chapters and tests read at their default scale; fetch any other set with
`refboost-data download NAME`.
"""


def _cli_list(data_home) -> None:
    print("searched, in this order:")
    for folder, what in search_path(data_home):
        print(f"  {what}: {folder}{'' if folder.is_dir() else '  (does not exist)'}")
    print(f"downloads go to: {get_data_home(data_home)}")
    print()
    print(f"{'data set':24s} {'status':28s} where")
    for nm in names():
        spec = _SPECS[nm]
        if spec.kind == "generator":
            print(f"{nm:24s} {'generator (no files)':28s}")
            continue
        st = status(nm, data_home=data_home)
        if st["complete"]:
            state = "present"
        elif st["found"]:
            state = f"partial ({len(st['found'])} of {len(st['files'])} files)"
            if st["realisations"]:
                state = f"partial (realisations {_ranges(st['realisations'])})"
        else:
            state = "missing"
        homes = sorted({what for p in st["found"].values() for folder, what in search_path(data_home)
                        if _is_under(p, folder)})
        print(f"{nm:24s} {state:28s} {', '.join(homes)}")


def _is_under(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True


def _ranges(nums: tuple[int, ...]) -> str:
    out, start, prev = [], nums[0], nums[0]
    for k in (*nums[1:], None):
        if k is not None and k == prev + 1:
            prev = k
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if k is not None:
            start = prev = k
    return ", ".join(out)


def main(argv: list[str] | None = None) -> int:
    """Console entry point ``refboost-data`` / ``python -m refboost.datasets``."""
    ap = argparse.ArgumentParser(
        prog="refboost-data", description=_CLI_DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="{list,verify,download,registry}")
    home_help = "folder searched first (and, for download, written to); default: $REFBOOST_DATA, else the user cache"
    p = sub.add_parser("list", help="list every data set: present, partial or missing, and where it was found")
    p.add_argument("--data-home", default=None, help=home_help)
    p = sub.add_parser(
        "verify",
        help="check the sha256 of the files that are present against the registry",
        description="Check the sha256 of every file of the named data sets that is present (first place "
        "that has it) against the registry. Exit status 1 on a mismatch, or if a named set has no file.",
    )
    p.add_argument("names", nargs="+", help="data set names (see `list`), or 'all' for every stored data set")
    p.add_argument("--data-home", default=None, help=home_help)
    p.add_argument("--complete", action="store_true", help="also fail if any file of a named set is missing")
    p = sub.add_parser(
        "download",
        help="fetch data sets by name from their canonical sources and verify them",
        description="Fetch every file of the named data sets (LIBSVM page, or the pinned public copy the "
        "registry names) into the data home and verify its sha256; files already there and verified are kept.",
    )
    p.add_argument("names", nargs="+", help="data set names (see `list`), or 'all' for every stored data set")
    p.add_argument("--data-home", default=None, help="folder to write to; default: $REFBOOST_DATA, else the user cache")
    p.add_argument("--mirror", default=None, help="base URL (https://, file://) of a folder with the catalogue layout")
    p = sub.add_parser("registry", help="regenerate data_registry.json from a data MANIFEST.md (maintainers)")
    p.add_argument("manifest")
    p.add_argument("--out", default=str(_REGISTRY_FILE))
    args = ap.parse_args(argv)
    every = getattr(args, "names", None) == ["all"]
    if every:
        args.names = [nm for nm in names() if _SPECS[nm].kind != "generator"]
    try:
        if args.cmd == "list":
            _cli_list(args.data_home)
        elif args.cmd == "verify":
            missing, done = {}, []
            for nm in args.names:
                st = status(nm, data_home=args.data_home)
                if st["missing"] and (args.complete or not st["found"]):
                    if every and not args.complete:  # 'all': report what is absent, check the rest
                        print(f"{nm}: not present (refboost-data download {nm})")
                    else:
                        missing[st["name"]] = st["missing"]
                    continue
                done.append((nm, st))
            for nm, st in done:
                res = verify(nm, data_home=args.data_home, present_only=True)
                extra = f" ({len(st['missing'])} not present)" if st["missing"] else ""
                print(f"{nm}: {len(res)} files OK{extra}")
            if missing:
                raise _missing(missing, args.data_home)
        elif args.cmd == "download":
            for nm in args.names:
                _resolve(nm)
            for nm in args.names:
                res = download(nm, args.data_home, mirror=args.mirror)
                print(f"{nm}: {len(res)} files verified under {get_data_home(args.data_home)}")
        else:
            from ._registry import build_registry

            reg = build_registry(args.manifest, args.out)
            print(f"wrote {len(reg)} records to {args.out}")
    except (DataNotFoundError, DataFormatError, ChecksumError, ValueError, TypeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
