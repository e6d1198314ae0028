"""The pytest plugin as another project sees it: the marker, the fixture, the assertion's report.

Temporary projects are run by ``pytester`` (in this process, the plugin found through the installed
entry point), and once as a genuinely fresh project in a subprocess against a wheel of refboost
installed into a folder of its own.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

from refboost import conformance as kit
from refboost.testing import assert_certified, weights_from_columns

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[1]
PROBLEM = "soft_margin_lp"
TAG = "random"  # small instances keep the inner runs short

FOUR_LINES = """
import pytest
from refboost.testing import assert_certified
from solver import my_solver

@pytest.mark.refboost_instances("soft_margin_lp", tag="{tag}")
def test_my_lp(refboost_instance):
    w = my_solver(refboost_instance.U, **refboost_instance.params)
    assert_certified(refboost_instance.problem, refboost_instance.U, refboost_instance.params, weights=w)
"""

CORRECT = """
from refboost import truth

def my_solver(U, nu):
    return truth.soft_margin_lp(U, nu=nu).w
"""

UNIFORM = """
import numpy as np

def my_solver(U, nu):
    return np.full(U.shape[1], 1.0 / U.shape[1])
"""


def _expected():
    found = kit.instances(PROBLEM, tag=TAG)
    assert found, f"the kit has no {PROBLEM} instances tagged {TAG!r}"
    return found


def _project(pytester, solver: str) -> None:
    pytester.makepyfile(solver=solver)
    pytester.makepyfile(test_mine=FOUR_LINES.format(tag=TAG))


def test_correct_solver_passes_on_every_instance(pytester):
    _project(pytester, CORRECT)
    res = pytester.runpytest("--strict-markers", "-v", "-p", "no:cacheprovider")
    expected = _expected()
    res.assert_outcomes(passed=len(expected))
    for inst in expected:
        res.stdout.fnmatch_lines([f"*test_my_lp?{inst.name}?*PASSED*"])


def test_wrong_solver_fails_with_the_report(pytester):
    _project(pytester, UNIFORM)
    res = pytester.runpytest("--strict-markers", "-p", "no:cacheprovider")
    outcomes = res.parseoutcomes()
    assert outcomes.get("failed", 0) >= 1
    assert outcomes.get("failed", 0) + outcomes.get("passed", 0) == len(_expected())
    res.stdout.fnmatch_lines([
        "*AssertionError: refboost conformance: soft_margin_lp / *: candidate NOT certified*",
        "*failed condition*optimality: gap * > tolerance*",
        "*objective (max)*",
        "*optimum (kit)*",
        "*worst KKT residual*",
    ])


def test_marker_is_registered(pytester):
    res = pytester.runpytest("--markers")
    res.stdout.fnmatch_lines(["*@pytest.mark.refboost_instances(*problems, tag=None)*"])


def test_all_families_and_qualified_ids(pytester):
    pytester.makepyfile("""
        import pytest

        @pytest.mark.refboost_instances("soft-margin-lp", "hard_margin", tag="random")
        def test_ids(refboost_instance):
            assert refboost_instance.problem in ("soft_margin_lp", "hard_margin")
    """)
    res = pytester.runpytest("--collect-only", "-q", "-p", "no:cacheprovider")
    n = len(kit.instances("soft_margin_lp", tag="random")) + len(kit.instances("hard_margin", tag="random"))
    assert res.ret == 0
    res.stdout.fnmatch_lines(["*test_ids?soft_margin_lp/*", f"{n} test* collected*"])


def test_misuse_is_reported_without_breaking_other_tests(pytester):
    pytester.makepyfile(test_a="""
        def test_no_marker(refboost_instance):
            pass
    """)
    res = pytester.runpytest("-p", "no:cacheprovider")
    res.assert_outcomes(errors=1)
    res.stdout.fnmatch_lines(["*refboost_instance* fixture needs @pytest.mark.refboost_instances*"])
    pytester.makepyfile(test_a="""
        import pytest

        @pytest.mark.refboost_instances("no-such-family")
        def test_unknown(refboost_instance):
            pass
    """, test_b="""
        def test_unrelated():
            pass
    """)
    res = pytester.runpytest("-p", "no:cacheprovider", "--continue-on-collection-errors")
    res.assert_outcomes(passed=1, errors=1)
    res.stdout.fnmatch_lines(["*@pytest.mark.refboost_instances: problem must be one of*no-such-family*"])


# -------------------------------------------------------------------------------------------------
# The assertion and the adapters, called directly
# -------------------------------------------------------------------------------------------------


def test_assert_certified_returns_the_certificate_and_raises_a_report():
    inst = _expected()[0]
    cert = assert_certified(inst.problem, inst.U, inst.params, weights=inst.weights)
    assert cert.ok and cert.gap <= cert.tol + 1e-9
    K = inst.U.shape[1]
    with pytest.raises(AssertionError) as exc:
        assert_certified(inst.problem, inst.U, inst.params, weights=np.full(K, 1.0 / K))
    msg = str(exc.value)
    assert "NOT certified" in msg and "gap" in msg and "worst KKT residual" in msg and "bound" in msg
    assert inst.name in msg and f"{inst.value:.12g}" in msg  # the kit instance is recognised: its optimum shown
    with pytest.raises(ValueError, match="needs a candidate"):
        assert_certified(inst.problem, inst.U, inst.params)


def test_weights_from_columns_conventions():
    w = weights_from_columns([2, 0, 2], [1.0, 2.0, 1.0], 4)
    assert np.allclose(w, [0.5, 0.0, 0.5, 0.0])
    assert np.allclose(weights_from_columns([1], [3.0], 2, normalize=False), [0.0, 3.0])
    assert np.allclose(weights_from_columns([0, 1], [-1.0, -3.0], 2, negative="abs"), [0.25, 0.75])
    assert np.allclose(weights_from_columns([0, 1], [1.0, -1e-16], 2, negative="clip"), [1.0, 0.0])
    with pytest.raises(ValueError, match="negative"):
        weights_from_columns([0], [-1.0], 1)
    with pytest.raises(ValueError, match=r"columns must lie in \[0, K\)"):
        weights_from_columns([3], [1.0], 3)
    with pytest.raises(ValueError, match="K must be"):
        weights_from_columns([0], [1.0], 0)
    with pytest.raises(ValueError, match="negative must be one of"):
        weights_from_columns([0], [1.0], 1, negative="flip")


def test_from_margins_recovers_a_combination():
    from refboost.testing import from_margins

    rng = np.random.default_rng(0)
    U = rng.choice([-1.0, 1.0], size=(30, 8))
    w = np.array([0, 2, 0, 1, 0, 0, 1, 0], dtype=float)
    got = from_margins(U, 7.0 * (U @ w))
    assert np.allclose(U @ got, U @ (w / w.sum()))
    with pytest.raises(ValueError, match="not a non-negative combination"):
        from_margins(U, -(U @ w))


def test_sklearn_adaboost_adapter_on_a_real_data_instance():
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.tree import DecisionTreeClassifier

    from refboost.testing import from_sklearn_ensemble

    real = [i for i in kit.instances(PROBLEM, tag="real-data")]
    if not real:
        pytest.skip("the kit has no real-data soft-margin LP instance")
    inst = min(real, key=lambda i: i.U.size)
    ada = AdaBoostClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=20, random_state=0)
    ada.fit(inst.X, inst.y)
    cand = from_sklearn_ensemble(ada, inst)
    # for two classes scikit-learn's SAMME decision_function is twice the normalised combination
    # (the scores of both classes, +-alpha_t / sum alpha, are added)
    assert np.allclose(cand.margins, inst.y * ada.decision_function(inst.X) / 2)
    if cand.weights is not None:
        assert np.allclose(inst.U @ cand.weights, cand.margins)
    with pytest.raises(ValueError, match="real-data instance"):
        from_sklearn_ensemble(ada, _expected()[0])
    # depth-2 trees are outside the stump class: no weights, only the normalised margins
    deep = AdaBoostClassifier(DecisionTreeClassifier(max_depth=2), n_estimators=20, random_state=0)
    deep.fit(inst.X, inst.y)
    cand = from_sklearn_ensemble(deep, inst)
    assert cand.weights is None and cand.matched < cand.n_members and cand.notes
    assert np.allclose(cand.margins, inst.y * deep.decision_function(inst.X) / 2)


# -------------------------------------------------------------------------------------------------
# A fresh project using refboost as an installed wheel
# -------------------------------------------------------------------------------------------------

WHERE_FROM = """

def test_refboost_and_its_kit_come_from_the_wheel():
    import os
    import refboost
    from refboost import conformance as kit
    site = os.environ["REFBOOST_TEST_SITE"]
    assert refboost.__file__.startswith(site), refboost.__file__
    assert str(kit.instances("soft_margin_lp")[0].path).startswith(site)
"""

_IGNORE_NAMES = shutil.ignore_patterns(".git", ".venv", "build", "book", "notebooks", "benchmarks", "tests",
                                       "*.egg-info", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis")


def _IGNORE(folder, names):
    """What the wheel's source copy leaves out: tooling folders, and the bundled data sets (data/datasets; the
    package refboost/datasets stays)."""
    out = set(_IGNORE_NAMES(folder, names))
    if Path(folder).resolve() == (ROOT / "data").resolve():
        out |= {"datasets"} & set(names)
    return out


@pytest.fixture(scope="session")
def wheel(tmp_path_factory):
    """A wheel of this checkout, built once without the network (a copy of the sources, so no build/ here)."""
    src = tmp_path_factory.mktemp("src") / "refboost"
    shutil.copytree(ROOT, src, ignore=_IGNORE, symlinks=False)
    out = tmp_path_factory.mktemp("wheel")
    run = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q", "-w", str(out),
         str(src)],
        capture_output=True, text=True, timeout=300, env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    wheels = sorted(out.glob("refboost-*.whl"))
    if run.returncode != 0 or not wheels:
        err = (run.stderr or run.stdout).strip()
        # only a build requirement that cannot be fetched offline is a reason to skip; anything else (a package
        # folder the configuration names but the sources lack, ...) is a broken build
        if "No matching distribution" in err or "Could not find a version" in err:
            pytest.skip(f"could not build a refboost wheel offline (pip wheel exit {run.returncode}): {err[-400:]}")
        pytest.fail(f"pip wheel failed (exit {run.returncode}): {err[-1500:]}")
    return wheels[0]


def test_fresh_project_with_the_installed_wheel(wheel, tmp_path):
    site, proj = tmp_path / "site", tmp_path / "proj"
    run = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q", "--target",
                          str(site), str(wheel)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    proj.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "REFBOOST_"))}
    env.update(PYTHONPATH=str(site), REFBOOST_TEST_SITE=str(site))
    pytest_cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist"]

    # the plugin is found through the wheel's pytest11 entry point, from the wheel's files
    markers = subprocess.run([*pytest_cmd, "--markers"], cwd=proj, capture_output=True, text=True, timeout=300,
                             env=env)
    assert markers.returncode == 0, markers.stderr[-2000:]
    assert "@pytest.mark.refboost_instances(*problems, tag=None)" in markers.stdout
    where = subprocess.run([sys.executable, "-c", "import refboost.testing as t; print(t.__file__)"], cwd=proj,
                           capture_output=True, text=True, timeout=300, env=env)
    assert where.stdout.strip().startswith(str(site)), where.stdout + where.stderr

    with zipfile.ZipFile(wheel) as zf:
        shipped = any(n.startswith("refboost/conformance/kit/") and n.endswith("manifest.json") for n in zf.namelist())
    if not shipped:
        pytest.skip("the wheel does not ship the conformance kit (refboost/conformance/kit/manifest.json): "
                    "the plugin is discovered from the wheel, but its instances cannot be loaded from it")

    (proj / "solver.py").write_text(CORRECT)
    (proj / "test_mine.py").write_text(FOUR_LINES.format(tag=TAG) + WHERE_FROM)
    res = subprocess.run([*pytest_cmd, "-q", "--strict-markers"], cwd=proj, capture_output=True, text=True,
                         timeout=300, env=env)
    tail = (res.stdout + res.stderr)[-3000:]
    assert res.returncode == 0, tail
    n = len(kit.instances(PROBLEM, tag=TAG))
    assert f"{n + 1} passed" in res.stdout, tail
