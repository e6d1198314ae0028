"""Every booster of ``refboost.BOOSTERS`` against the one contract (tests/booster_contract.py).

One subclass of :class:`BoosterContract` per family of boosters, parametrised over the family's
boosters, with fast parameters and the history fields the family records. The families together
are exactly ``refboost.BOOSTERS``.
"""

from __future__ import annotations

import pytest
from booster_contract import BoosterContract

import refboost as rb

#: Fields of every history record of every booster.
COMMON = frozenset({"t"})

FAMILIES: dict[str, type[BoosterContract]] = {}


def family(cls: type[BoosterContract]) -> type[BoosterContract]:
    """Register a family subclass and parametrise it over its boosters."""
    FAMILIES[cls.__name__] = cls
    return pytest.mark.parametrize("name", cls.boosters)(cls)


@family
class TestSoftMarginLP(BoosterContract):
    boosters = ("lpboost",)
    params = {"lpboost": {"nu": 2.0, "eps": 1e-6}}
    history_fields = COMMON | {"P_LP", "edge", "gamma_hat", "gap", "hypothesis", "time"}


@family
class TestEntropyRegularised(BoosterContract):
    boosters = ("softboost", "totalboost", "erlpboost", "binary_erlpboost")
    params = {
        "softboost": {"nu": 2.0, "eps": 0.05},
        "totalboost": {"eps": 0.05},
        "erlpboost": {"nu": 2.0, "eps": 0.01},
        "binary_erlpboost": {"nu": 2.0, "eps": 0.01},
    }
    history_fields = COMMON | {"edge", "gamma_hat", "hypothesis", "time"}


@family
class TestCorrective(BoosterContract):
    boosters = ("corrective_erlpboost", "corrective_binary_erlpboost")
    params = {"corrective_erlpboost": {"nu": 2.0, "eps": 0.2}, "corrective_binary_erlpboost": {"nu": 2.0, "eps": 0.2}}
    history_fields = COMMON | {"P_t_prev", "edge", "gamma_hat", "hypothesis", "min_P", "time"}


@family
class TestFrankWolfe(BoosterContract):
    boosters = ("cerlpboost", "mlpboost")
    params = {"cerlpboost": {"nu": 2.0, "eps": 0.05}, "mlpboost": {"nu": 2.0, "eps": 0.05}}
    history_fields = COMMON | {"certificate", "cpu_time", "edge", "eps_t", "fw_gap", "gamma_hat", "gap",
                               "hypothesis", "k_good", "n_hypotheses", "rate_bound", "smoothed_margin",
                               "soft_margin", "time"}


@family
class TestAdaBoostDynamics(BoosterContract):
    boosters = ("adaboost", "arcgv", "adaboost_star", "coordinate_ascent")
    params = {
        "adaboost": {"max_iter": 30},
        "arcgv": {"max_iter": 30},
        "adaboost_star": {"nu": 0.5, "max_iter": 30},
        "coordinate_ascent": {"max_iter": 30},
    }
    history_fields = COMMON | {"alpha", "d", "edge", "gamma_hat", "hypothesis", "target"}


@family
class TestShenLi(BoosterContract):
    boosters = ("adaboost_qp", "adaboost_cg", "logitboost_cg", "lpboost_hinge")
    params = {
        "adaboost_qp": {"T": 1.0},
        "adaboost_cg": {"T": 1.0},
        "logitboost_cg": {"T": 1.0},
        "lpboost_hinge": {"D": 0.5},
    }
    history_fields = COMMON | {"gap", "objective", "time"}
    l1_ball = frozenset({"adaboost_cg", "logitboost_cg"})


@family
class TestSunRegularised(BoosterContract):
    boosters = ("adaboost_kl", "adaboost_norm2", "adaboost_reg")
    params = {name: {"beta": 0.1, "max_iter": 40} for name in boosters}
    history_fields = COMMON | {"alpha", "edge", "gap", "hypothesis", "line_search_status", "pseudo_edge", "time"}


def test_the_families_are_the_boosters():
    names = [n for cls in FAMILIES.values() for n in cls.boosters]
    assert sorted(names) == sorted(rb.BOOSTERS) and len(names) == len(set(names))
    for cls in FAMILIES.values():
        assert set(cls.params) <= set(cls.boosters) and cls.l1_ball <= set(cls.boosters)
