"""Moved to :mod:`refboost.studies.keys`, ``cells``, ``compare``, ``store``, ``provenance`` and ``run`` (removed next)."""

from .keys import Study

__all__ = ["Study"]
