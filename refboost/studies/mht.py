"""Public names of the studies of Mitsuboshi, Hatano & Takimoto (Tables 2-3 and the figures).

The studies themselves (grids, analyses, stores) are declared in :mod:`refboost.studies._mht`;
this module re-exports what a reader of the book may call: the constants of the protocol and the
functions that read the stored results.
"""

from __future__ import annotations

from ._mht import (  # noqa: F401
    CV_TIE_TOL,
    MHT_BOOSTERS,
    MHT_FIG_SCALES,
    MHT_FIGS,
    MHT_PAPER_SETS,
    MHT_SCALES,
    MHT_SEEDED_PARTITION,
    MHT_TABLE3,
    mht_fig_curves,
    mht_table2,
    paper_seconds,
)

__all__ = [
    "MHT_BOOSTERS",
    "MHT_PAPER_SETS",
    "MHT_SEEDED_PARTITION",
    "CV_TIE_TOL",
    "MHT_SCALES",
    "MHT_TABLE3",
    "mht_table2",
    "paper_seconds",
    "MHT_FIG_SCALES",
    "mht_fig_curves",
    "MHT_FIGS",
]
