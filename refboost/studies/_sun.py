"""Sun, Todorovic & Li (2006): the declared studies."""

from __future__ import annotations

DECLARED: tuple = ()
