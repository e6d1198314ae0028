"""Each booster's parameter constraints, declared once next to its signature.

The model is scikit-learn's ``_parameter_constraints`` / ``validate_params``: a booster is
decorated with ``@constraints(nu=Nu(), eps=Real(0, None, low_open=True), ...)``; the decorator
checks every keyword before the booster runs and raises a :class:`ValueError` (or
:class:`TypeError`) that names the parameter and the allowed range. The declarations are kept on
the function (``fn.__refboost_constraints__``) so one test can loop over every booster with bad
values. (scikit-learn's own helpers cannot express the data-dependent range of ``nu``, 1 <= nu <= N.)
"""

from __future__ import annotations

import functools
import inspect
import math
import numbers
from dataclasses import dataclass

from ._common import check_oracle


def _shown(v):
    """A value as the messages show it: a numpy scalar as the Python number it holds (0.5, not np.float64(0.5)),
    as refboost._validation words it."""
    return v.item() if hasattr(v, "item") and getattr(v, "shape", None) == () else v


@dataclass(frozen=True)
class Real:
    """A finite real in [low, high] (open ends as declared); ``none_ok``: None allowed (a default)."""

    low: float | None = None
    high: float | None = None
    low_open: bool = False
    high_open: bool = False
    none_ok: bool = False

    def describe(self) -> str:
        lo = "-inf" if self.low is None else f"{self.low:g}"
        hi = "inf" if self.high is None else f"{self.high:g}"
        lb = "(" if self.low_open or self.low is None else "["
        rb = ")" if self.high_open or self.high is None else "]"
        s = f"a finite real in {lb}{lo}, {hi}{rb}"
        return s + (" or None" if self.none_ok else "")

    def check(self, name, v, N):
        if v is None and self.none_ok:
            return
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise TypeError(f"{name} must be {self.describe()}, got {type(v).__name__}")
        x = float(v)
        bad = (not math.isfinite(x)
               or (self.low is not None and (x < self.low or (self.low_open and x == self.low)))
               or (self.high is not None and (x > self.high or (self.high_open and x == self.high))))
        if bad:
            raise ValueError(f"{name} must be {self.describe()}, got {_shown(v)!r}")

    def bad_values(self):
        out = ["a", math.nan, math.inf]
        if self.low is not None:
            out.append(self.low - 1.0)
            if self.low_open:
                out.append(self.low)
        if self.high is not None:
            out.append(self.high + 1.0)
            if self.high_open:
                out.append(self.high)
        if not self.none_ok:
            out.append(None)
        return out


@dataclass(frozen=True)
class Int:
    """An integer in [low, high]; ``none_ok``: None allowed."""

    low: int | None = None
    high: int | None = None
    none_ok: bool = False

    def describe(self) -> str:
        lo = "-inf" if self.low is None else str(self.low)
        hi = "inf" if self.high is None else str(self.high)
        lb = "(" if self.low is None else "["
        rb = ")" if self.high is None else "]"
        return f"an integer in {lb}{lo}, {hi}{rb}" + (" or None" if self.none_ok else "")

    def check(self, name, v, N):
        if v is None and self.none_ok:
            return
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise TypeError(f"{name} must be {self.describe()}, got {type(v).__name__}")
        if (self.low is not None and v < self.low) or (self.high is not None and v > self.high):
            raise ValueError(f"{name} must be {self.describe()}, got {_shown(v)!r}")

    def bad_values(self):
        out = ["a", 1.5]
        if self.low is not None:
            out.append(self.low - 1)
        if self.high is not None:
            out.append(self.high + 1)
        if not self.none_ok:
            out.append(None)
        return out


@dataclass(frozen=True)
class Choice:
    """One of a fixed set of strings."""

    options: tuple

    def describe(self) -> str:
        return f"one of {list(self.options)}"

    def check(self, name, v, N):
        if not isinstance(v, str):
            raise TypeError(f"{name} must be {self.describe()}, got {type(v).__name__}")
        if v not in self.options:
            raise ValueError(f"{name} must be {self.describe()}, got {_shown(v)!r}")

    def bad_values(self):
        return ["no-such-option", 1]


@dataclass(frozen=True)
class Bool:
    """True or False."""

    def describe(self) -> str:
        return "a bool"

    def check(self, name, v, N):
        if not isinstance(v, bool):
            raise TypeError(f"{name} must be a bool, got {type(v).__name__}")

    def bad_values(self):
        return ["yes", 1]


@dataclass(frozen=True)
class Callback:
    """None or a callable (a per-round hook, called with each round's history record)."""

    def describe(self) -> str:
        return "None or a callable taking the round's history record"

    def check(self, name, v, N):
        if v is not None and not callable(v):
            raise TypeError(f"{name} must be {self.describe()}, got {type(v).__name__}")

    def bad_values(self):
        return ["print", 1]


@dataclass(frozen=True)
class Nu:
    """The capping parameter: a real in [1, N] (``binary``: [1, N), Binary ERLPBoost)."""

    binary: bool = False

    def describe(self, N=None) -> str:
        n = "N" if N is None else f"N = {N}"
        return f"a finite real in [1, {n}{')' if self.binary else ']'} (N = number of examples)"

    def check(self, name, v, N):
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise TypeError(f"{name} must be {self.describe(N)}, got {type(v).__name__}")
        x = float(v)
        if not math.isfinite(x) or x < 1 or x > N or (self.binary and x >= N):
            raise ValueError(f"{name} must be {self.describe(N)}, got {_shown(v)!r}")

    def bad_values(self):
        return ["a", math.nan, 0.5, 1e9, None]


def constraints(**spec):
    """Declare and check a booster's keyword parameters (see the module docstring)."""

    def deco(fn):
        sig = inspect.signature(fn)
        unknown = set(spec) - set(sig.parameters)
        if unknown:  # pragma: no cover - a declaration error, caught at import
            raise AssertionError(f"{fn.__name__}: constraints for unknown parameters {sorted(unknown)}")

        @functools.wraps(fn)
        def wrapper(oracle, *args, **kwargs):
            oracle = check_oracle(oracle)
            N = oracle.n_examples
            try:
                bound = sig.bind(oracle, *args, **kwargs)
            except TypeError as exc:
                missing = [p for p in sig.parameters.values()
                           if p.default is inspect.Parameter.empty and p.name not in kwargs and p.name != "oracle"]
                if missing:
                    names = ", ".join(f"{p.name} ({spec[p.name].describe() if p.name in spec else 'required'})"
                                      for p in missing)
                    raise TypeError(f"{fn.__name__}() needs the keyword argument(s) {names}") from None
                raise TypeError(f"{fn.__name__}(): {exc}") from None
            bound.apply_defaults()
            for name, c in spec.items():
                c.check(name, bound.arguments[name], N)
            return fn(*bound.args, **bound.kwargs)

        wrapper.__refboost_constraints__ = dict(spec)
        return wrapper

    return deco
