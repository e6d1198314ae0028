"""refboost: verified reference implementations of margin-maximizing boosting.

Public contract (see README): every booster is ``refboost.<name>(oracle, *, nu, eps,
max_iter, **params)`` returning a :class:`BoostResult`; ground truth lives in
:mod:`refboost.truth`.
"""

import importlib
import sys
import types

__version__ = "0.1.0"

#: where each public name lives; everything is imported on first access (PEP 562), so that importing
#: ``refboost.testing`` (the pytest plugin) loads nothing but itself, and ``refboost.conformance`` only numpy
#: and scipy (no numba, cvxpy & co.)
_LAZY = {
    "edges": ".margins",
    "margins": ".margins",
    "soft_margin": ".margins",
    "soft_margin_distribution": ".margins",
    "soft_margin_slack": ".margins",
    "GOracle": ".oracles",
    "KernelColumnOracle": ".oracles",
    "LDAOracle": ".oracles",
    "LinearKernelOracle": ".oracles",
    "LinearSVMOracle": ".oracles",
    "MatrixOracle": ".oracles",
    "Oracle": ".oracles",
    "RawFeatureOracle": ".oracles",
    "StumpOracle": ".oracles",
    "TreeOracle": ".oracles",
    "RBFNetOracle": ".rbf",
    "BoostResult": ".result",
    "adaboost": ".boosters.adaboost",
    "adaboost_star": ".boosters.adaboost",
    "arcgv": ".boosters.adaboost",
    "coordinate_ascent": ".boosters.adaboost",
    "corrective_binary_erlpboost": ".boosters.corrective",
    "corrective_erlpboost": ".boosters.corrective",
    "binary_erlpboost": ".boosters.entropy",
    "erlpboost": ".boosters.entropy",
    "softboost": ".boosters.softboost",
    "totalboost": ".boosters.softboost",
    "cerlpboost": ".boosters.frank_wolfe",
    "mlpboost": ".boosters.frank_wolfe",
    "lpboost": ".boosters.lpboost",
    "adaboost_cg": ".boosters.shen",
    "adaboost_qp": ".boosters.shen",
    "logitboost_cg": ".boosters.shen",
    "lpboost_hinge": ".boosters.shen",
    "adaboost_kl": ".boosters.sun",
    "adaboost_norm2": ".boosters.sun",
    "adaboost_reg": ".boosters.sun",
    "kl_regularized_margin": ".boosters.sun",
    "norm2_regularized_margin": ".boosters.sun",
}

#: submodules reachable as attributes (``refboost.truth``, ``refboost.datasets``, ...)
_SUBMODULES = ("bounds", "certify", "conformance", "datasets", "dynamics", "experiments", "instances", "plotting",
               "sklearn", "testing", "truth")


def __getattr__(name):
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
    elif name in _SUBMODULES:
        value = importlib.import_module(f".{name}", __name__)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY) | set(_SUBMODULES))


class _Package(types.ModuleType):
    """``refboost.margins`` is the function: importing the submodule ``refboost.margins`` (which binds it on
    the package) must not replace it."""

    def __setattr__(self, name, value):
        if name in _LAZY and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


#: Every booster, by the papers' names: ``refboost.<name>(oracle, *, ...) -> BoostResult``.
BOOSTERS = (
    "lpboost",
    "softboost",
    "totalboost",
    "erlpboost",
    "binary_erlpboost",
    "corrective_erlpboost",
    "corrective_binary_erlpboost",
    "cerlpboost",
    "mlpboost",
    "adaboost",
    "arcgv",
    "adaboost_star",
    "coordinate_ascent",
    "adaboost_qp",
    "adaboost_cg",
    "logitboost_cg",
    "lpboost_hinge",
    "adaboost_kl",
    "adaboost_norm2",
    "adaboost_reg",
)

__all__ = [
    "BOOSTERS",
    # result, oracles, primitives
    "BoostResult",
    "Oracle",
    "MatrixOracle",
    "GOracle",
    "StumpOracle",
    "TreeOracle",
    "RawFeatureOracle",
    "KernelColumnOracle",
    "LinearKernelOracle",
    "LDAOracle",
    "LinearSVMOracle",
    "edges",
    "margins",
    "soft_margin",
    "soft_margin_distribution",
    "soft_margin_slack",
    "kl_regularized_margin",
    "norm2_regularized_margin",
    # boosters (names follow the papers)
    *BOOSTERS,
    # modules
    "bounds",
    "certify",
    "datasets",
    "dynamics",
    "experiments",
    "instances",
    "plotting",
    "sklearn",
    "truth",
]
