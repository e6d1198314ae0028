"""Optional dependencies: which extra of ``pip install 'refboost[...]'`` installs each, and the one error.

``pip install refboost`` gives the library, ``refboost.truth``, ``refboost.certify`` and the conformance kit
(numpy, scipy, cvxpy + Clarabel, HiGHS). The rest is optional:

* ``[fast]`` -- numba: the compiled kernels of :mod:`refboost._jit`. Without it the boosters run the numpy
  reference kernels (same steps up to round-off, slower): :data:`HAVE_NUMBA` is the default of
  ``refboost.boosters.entropy.USE_JIT`` and ``refboost.boosters.shen.USE_JIT``, and the exact tree search
  skips its compiled screening (same key and edge);
* ``[sklearn]`` -- scikit-learn: :mod:`refboost.sklearn`, svmlight files (:mod:`refboost.datasets`), the
  linear-SVM oracle, the cross-validation splits of :mod:`refboost.studies`;
* ``[studies]`` -- dask, pyarrow, scikit-learn, tqdm and numba: :mod:`refboost.studies`, ``refboost-repro``;
* ``[plot]`` -- matplotlib: :mod:`refboost.plotting`;
* ``[dev]`` -- all of the above and the tools of the book and the tests.

A missing one raises :func:`require`'s ``ImportError``, naming the feature and the extra.
"""

from __future__ import annotations

import importlib
import importlib.util

#: import name -> (distribution, extra that installs it)
EXTRAS = {
    "numba": ("numba", "fast"),
    "sklearn": ("scikit-learn", "sklearn"),
    "tqdm": ("tqdm", "studies"),
    "dask": ("dask[distributed]", "studies"),
    "distributed": ("dask[distributed]", "studies"),
    "pyarrow": ("pyarrow", "studies"),
    "matplotlib": ("matplotlib", "plot"),
}


def available(name: str) -> bool:
    """Whether the top-level module ``name`` can be found (without importing it)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # a parent that fails, or sys.modules[name] = None
        return False


#: numba is installed (the ``[fast]`` extra): the default of the boosters' ``USE_JIT`` switches.
HAVE_NUMBA = available("numba")


def message(name: str, feature: str) -> str:
    """``"<feature> requires <dist>: pip install 'refboost[<extra>]'"``."""
    dist, extra = EXTRAS[name]
    return f"{feature} requires {dist}, which is not installed: pip install 'refboost[{extra}]'"


def require(name: str, feature: str):
    """Import and return the optional module ``name``, or raise ``ImportError`` naming ``feature`` and its extra.

    Only a missing ``name`` (or a missing part of it) becomes this error; an error inside an installed
    package propagates unchanged.
    """
    top = name.partition(".")[0]
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is None or exc.name.partition(".")[0] != top:
            raise
        raise ImportError(message(top, feature)) from exc
