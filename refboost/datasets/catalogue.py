"""The data catalogue: the checksum registry, the named data sets and their files, the data home, :func:`status`.

The registry (``refboost/data_registry.json``, generated from the data MANIFEST.md, plus the
:data:`UNPINNED` records) gives every catalogue file's size, labels and checksums; the catalogue maps the
papers' names (and aliases) to those files; the data home is the list of places searched for them
(:func:`search_path`, :func:`locate`). The errors of :mod:`refboost.datasets` are defined here.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

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

_REGISTRY_FILE = Path(__file__).resolve().parents[1] / "data_registry.json"
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


def default_data_home() -> Path:
    """``$XDG_CACHE_HOME/refboost/data`` (``~/.cache/refboost/data`` if unset): the user cache."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "refboost" / "data"


def bundled_data_home() -> Path:
    """The data bundled with the clone: ``data/datasets/`` next to the ``refboost`` package."""
    return Path(__file__).resolve().parents[2] / "data" / "datasets"


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
