"""Public names of the studies of Shen & Li (2010), Tables II-IX and Figs 5-8.

The studies themselves (grids, analyses, stores) are declared in :mod:`refboost.studies._shen`;
this module re-exports what a reader of the book may call: the constants of the protocol and the
functions that read the stored results.
"""

from __future__ import annotations

from ._common import _params as cell_params  # a stored record's booster parameters
from ._shen import (  # noqa: F401
    MCNEMAR_CHI2_95,
    SHEN_CG_SETS,
    SHEN_EPS,
    SHEN_PAPER_SETS,
    SHEN_SCALES,
    SHEN_T3_SCALES,
    SHEN_T3_SETS,
    SHEN_T6_SCALES,
    SHEN_T7_INV_T,
    SHEN_T7_LEARNERS,
    SHEN_T7_MAX_ITER,
    SHEN_T7_SCALES,
    SHEN_T58_SCALES,
    SHEN_TABLE3,
    SHEN_TABLE6,
    SHEN_TABLE7,
    SHEN_TABLE58,
    SHEN_TABLES,
    mcnemar,
    shen_cg_choices,
    shen_t6_best_test,
    shen_t6_choices,
    shen_t58_choices,
    shen_table2_choices,
    shen_table3_choices,
    shen_table4_runs,
    shen_table7_runs,
)

__all__ = [
    "SHEN_PAPER_SETS",
    "SHEN_SCALES",
    "SHEN_EPS",
    "shen_table2_choices",
    "shen_table4_runs",
    "SHEN_TABLES",
    "MCNEMAR_CHI2_95",
    "mcnemar",
    "SHEN_T3_SETS",
    "SHEN_T3_SCALES",
    "shen_table3_choices",
    "SHEN_TABLE3",
    "SHEN_CG_SETS",
    "SHEN_T58_SCALES",
    "shen_cg_choices",
    "shen_t58_choices",
    "SHEN_TABLE58",
    "SHEN_T6_SCALES",
    "shen_t6_choices",
    "shen_t6_best_test",
    "SHEN_TABLE6",
    "SHEN_T7_INV_T",
    "SHEN_T7_MAX_ITER",
    "SHEN_T7_LEARNERS",
    "SHEN_T7_SCALES",
    "shen_table7_runs",
    "SHEN_TABLE7",
    "cell_params",
]
