"""The ground-truth package: one module per source around one LP solve and one conic solve."""

import inspect
import re
from pathlib import Path

import numpy as np
import pytest

import refboost as rb
from refboost import truth
from refboost.truth import _solvers, demiriz, dynamics, frank_wolfe, glocer, shen_li, sun

PROBLEM_MODULES = (glocer, shen_li, sun, frank_wolfe, dynamics, demiriz)

#: The names other code imports from ``refboost.truth`` (functions, result classes, constants).
PUBLIC = {
    "ConicSolution", "EntropyConicSolution", "FEAS_TOL", "GroundTruthError", "HardMarginCVX", "LP_METHODS",
    "RUDIN_CLARABEL_TOLS", "RegularizedSolution", "SHEN_CLARABEL_TOL", "SUN_CLARABEL_TOL", "SmoothedMarginCVX",
    "SoftMarginLP", "adaboost_l1_dual_eq10", "adaboost_l1_dual_eq15", "adaboost_l1_primal_eq5", "adaboost_qp_eq41",
    "binary_primal_325", "corrective_binary_primal_412", "corrective_primal_46", "erlp_primal_36",
    "erlp_unnormalized_318", "exp_loss_dual_eq14", "exp_loss_primal_l1", "generalized_hinge_primal", "gibbs_eq18",
    "hard_margin_lp", "logitboost_dual_eq30", "logitboost_dual_eq31", "logitboost_primal_eq32",
    "max_margin_rudin_cvx", "min_max_edge_rudin_cvx", "optimal_face_extreme", "shen_li_l1_dual",
    "smoothed_edge_min_cvx", "smoothed_soft_margin_beta_form", "smoothed_soft_margin_cvx",
    "smoothed_soft_margin_max_cvx", "soft_margin_lp", "softboost_primal_31", "sun_cutting_plane_lp",
    "sun_inner_min", "sun_kl_dual", "sun_kl_primal", "sun_line_search", "sun_norm2_dual", "sun_norm2_primal",
    "tsallis_dual_eq28",
}


def test_every_public_name_is_importable_from_the_package():
    assert PUBLIC <= set(truth.__all__)
    for name in truth.__all__:
        assert getattr(truth, name) is not None
    assert rb.truth is truth


def test_each_name_lives_in_one_module():
    homes = {}
    for mod in (_solvers, *PROBLEM_MODULES):
        for name, obj in vars(mod).items():
            if (inspect.isfunction(obj) or inspect.isclass(obj)) and obj.__module__ == mod.__name__:
                assert name not in homes, f"{name} defined in {homes.get(name)} and {mod.__name__}"
                homes[name] = mod.__name__
    for name in truth.__all__:
        obj = getattr(truth, name)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            assert homes[name] == obj.__module__


@pytest.mark.parametrize("mod", PROBLEM_MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_public_functions_cite_their_source(mod):
    cite = re.compile(r"(Glocer \(2009\)|Shen & Li \(?2010\)?|Sun et al\. \(2006\)|Mitsuboshi et al\. \(2022\)"
                      r"|Rudin et al\. \(?2003|Glocer 2009|Demiriz et al\. \(2002\))")
    for name, obj in vars(mod).items():
        if inspect.isfunction(obj) and obj.__module__ == mod.__name__ and not name.startswith("_"):
            assert obj.__doc__ and cite.search(obj.__doc__), f"{mod.__name__}.{name} cites no source"


def test_only_the_solvers_module_calls_a_solver():
    here = Path(truth.__file__).parent
    for path in here.glob("*.py"):
        text = path.read_text()
        calls = len(re.findall(r"\.solve\(|linprog\(", text))
        if path.name == "_solvers.py":
            assert calls == 2  # one LP solve, one conic solve
        else:
            assert calls == 0, f"{path.name} calls a solver itself"


def test_conic_solve_accepts_infeasible_only_when_asked():
    cp = pytest.importorskip("cvxpy")
    x = cp.Variable()
    prob = cp.Problem(cp.Minimize(x), [x >= 1, x <= 0])
    with pytest.raises(truth.GroundTruthError, match="an empty interval"):
        truth._conic_solve(prob, "an empty interval", tols=(1e-10,))
    assert truth._conic_solve(prob, "an empty interval", **truth.ENTROPY_CONIC).startswith("infeasible")


def test_conic_solve_tries_each_tolerance_in_turn():
    cp = pytest.importorskip("cvxpy")
    x = cp.Variable(2)
    prob = cp.Problem(cp.Minimize(cp.sum_squares(x - np.array([1.0, 2.0]))))
    assert truth._conic_solve(prob, "a least-squares problem", tols=(1e-9, None)) == "optimal"
    np.testing.assert_allclose(x.value, [1.0, 2.0], atol=1e-7)


def test_lp_solve_names_the_failed_problem():
    # min x s.t. x <= -1, x >= 0: infeasible
    with pytest.raises(truth.GroundTruthError, match="a contradictory LP"):
        truth._solve([1.0], [[1.0]], [-1.0], None, None, [(0.0, None)], "highs-ds", "a contradictory LP")


def test_simplex_clean_clips_caps_and_normalises():
    v = truth._simplex_clean(np.array([-1e-12, 0.2, 0.9]), nu=2.0)
    np.testing.assert_allclose(v, np.array([0.0, 0.2, 0.5]) / 0.7)
    np.testing.assert_allclose(truth._simplex_clean([[1.0], [3.0]]), [0.25, 0.75])
