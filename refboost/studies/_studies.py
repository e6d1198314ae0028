"""The declared studies: each paper table as a grid of cells and an analysis.

Every study has a ``ci`` scale (a handful of cells on bundled data, seconds; it exercises the
protocol, not the paper's numbers) and a ``paper`` scale (the paper's protocol on the paper's data
sets as far as the data catalogue of :mod:`refboost.datasets` has them). The papers' numbers are
in ``paper_numbers.json`` next to this module, each with the table it comes from.
"""

from __future__ import annotations

from . import _glocer, _mht, _shen, _sun
from ._common import paper_numbers
from .keys import Study

__all__ = ["STUDIES", "paper_numbers"]

#: Every study by name, in the order ``refboost-repro --list`` shows them (one module per paper).
STUDIES: dict[str, Study] = {s.name: s for mod in (_mht, _glocer, _shen, _sun) for s in mod.DECLARED}
