"""Public names of the studies of Sun, Todorovic & Li (2006), Tables 1-2 and Figs 5-6.

The studies themselves (grids, analyses, stores) are declared in :mod:`refboost.studies._sun`;
this module re-exports what a reader of the book may call: the constants of the protocol and the
functions that read the stored results.
"""

from __future__ import annotations

from ._sun import (  # noqa: F401
    IDA_TRAIN_SIZE,
    ROUNDOFF_TOL,
    SUMMARY_CRIT,
    SUN_BOOSTERS,
    SUN_FIG6,
    SUN_FIG6_C,
    SUN_FIG6_SCALES,
    SUN_IDA_SETS,
    SUN_PAPER_SETS,
    SUN_SCALES,
    SUN_SEEDED_SETS,
    SUN_T2_OTHERS,
    SUN_TABLE1,
    lower_median,
    mark,
    paired_t,
    summary_t,
    sun_beta,
    sun_partition,
    sun_selection,
)

__all__ = [
    "SUN_BOOSTERS",
    "SUN_T2_OTHERS",
    "SUN_IDA_SETS",
    "SUN_SEEDED_SETS",
    "SUN_PAPER_SETS",
    "IDA_TRAIN_SIZE",
    "sun_partition",
    "sun_beta",
    "SUN_SCALES",
    "lower_median",
    "ROUNDOFF_TOL",
    "paired_t",
    "summary_t",
    "mark",
    "SUMMARY_CRIT",
    "sun_selection",
    "SUN_TABLE1",
    "SUN_FIG6_SCALES",
    "SUN_FIG6_C",
    "SUN_FIG6",
]
