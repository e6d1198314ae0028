"""Studies: the papers' experiments as declared grids run on Dask, with stores and provenance.

A study (:class:`Study`) declares its cells at two scales (``"ci"``: seconds, ``"paper"``: the
paper's protocol) and an analysis that turns the stored records into a table with our numbers
next to the paper's. :func:`run_study` runs the missing cells on a Dask cluster and stores each
record as its cell ends; :func:`verify_study` re-runs stored cells and compares; :func:`analyse`
builds the table; :func:`status` says what has run, from every store's provenance (the generated page
``book/status.md``: ``python -m refboost.studies status --write``). ``refboost-repro`` is the command
line (:mod:`refboost.studies.cli`).

Modules, bottom to top: :mod:`~refboost.studies.keys` (:class:`Study`, cell keys and record fields),
:mod:`~refboost.studies.cells` (named splits, one cell's run), :mod:`~refboost.studies.compare` (records
compared, also across CPUs), :mod:`~refboost.studies.store` (:class:`Store`),
:mod:`~refboost.studies.provenance` (``provenance.json``) and :mod:`~refboost.studies.run` (Dask, run,
verify, prune, analyse).

Example
-------
>>> from refboost import studies
>>> studies.run_study("mht_table3", "ci", workers=2)                       # doctest: +SKIP
>>> print(studies.format_table(studies.analyse("mht_table3", "ci")))       # doctest: +SKIP
"""

from __future__ import annotations

from ._status import StoreStatus, status
from ._studies import STUDIES, paper_numbers
from .cells import PUBLISHED_SPLITS, execute_cell, load_split
from .compare import same_record
from .keys import KEY_FIELDS, RUN_FIELDS, SCALES, Study, key_id
from .run import RunSummary, analyse, format_table, prune_store, run_study, verify_study
from .store import Store, default_store

__all__ = [
    "KEY_FIELDS",
    "PUBLISHED_SPLITS",
    "RUN_FIELDS",
    "SCALES",
    "STUDIES",
    "RunSummary",
    "Store",
    "StoreStatus",
    "Study",
    "analyse",
    "default_store",
    "execute_cell",
    "format_table",
    "get_study",
    "key_id",
    "load_split",
    "paper_numbers",
    "prune_store",
    "run_study",
    "same_record",
    "status",
    "verify_study",
]


def get_study(study) -> Study:
    """A study by name (one of :data:`STUDIES`) or a :class:`Study` itself."""
    if isinstance(study, Study):
        return study
    if isinstance(study, str) and study in STUDIES:
        return STUDIES[study]
    raise ValueError(f"study must be one of {list(STUDIES)}, got {study!r}")
