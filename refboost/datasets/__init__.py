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

Modules
-------
:mod:`~refboost.datasets.catalogue` (the registry, the named data sets, the data home, :func:`status`),
:mod:`~refboost.datasets.readers` (svmlight, IDA ``.asc`` and ``.mat`` files, format and label checks),
:mod:`~refboost.datasets.generators` (Breiman's generators, :func:`sparse_text_like`),
:mod:`~refboost.datasets.loading` (:class:`Dataset`, scaling, :func:`load`),
:mod:`~refboost.datasets.fetch` (checksums, :func:`verify`, :func:`download`) and
:mod:`~refboost.datasets.cli` (``refboost-data``).
"""

from __future__ import annotations

from .catalogue import (
    ENV_VAR,
    GITHUB_RAW,
    IDA_MAT_SIZES,
    IDA_URL,
    LIBSVM_URL,
    UNPINNED,
    ChecksumError,
    DataFormatError,
    DataNotFoundError,
    bundled_data_home,
    default_data_home,
    get_data_home,
    locate,
    names,
    registry,
    search_path,
    status,
)
from .cli import main
from .fetch import download, sha256_file, verify
from .generators import (
    SPARSE_TEXT_SHAPES,
    WAVEFORM_CLASSES,
    ringnorm,
    sparse_text_like,
    twonorm,
    waveform,
    waveform_bases,
)
from .loading import SCALINGS, Dataset, apply_scaling, fit_scaling, load, mat_realisation
from .readers import normalise_labels

__all__ = [
    "ENV_VAR",
    "GITHUB_RAW",
    "IDA_MAT_SIZES",
    "IDA_URL",
    "LIBSVM_URL",
    "SCALINGS",
    "SPARSE_TEXT_SHAPES",
    "UNPINNED",
    "WAVEFORM_CLASSES",
    "ChecksumError",
    "DataFormatError",
    "DataNotFoundError",
    "Dataset",
    "apply_scaling",
    "bundled_data_home",
    "default_data_home",
    "download",
    "fit_scaling",
    "get_data_home",
    "load",
    "locate",
    "main",
    "mat_realisation",
    "names",
    "normalise_labels",
    "registry",
    "ringnorm",
    "search_path",
    "sha256_file",
    "sparse_text_like",
    "status",
    "twonorm",
    "verify",
    "waveform",
    "waveform_bases",
]
