"""pytest plugin of the refboost conformance kit (registered through the ``pytest11`` entry point).

Another project tests its own solver against the kit's certified instances in four lines::

    import pytest
    from refboost.testing import assert_certified

    @pytest.mark.refboost_instances("soft_margin_lp")
    def test_my_lp(refboost_instance):
        w = my_solver(refboost_instance.U, **refboost_instance.params)
        assert_certified(refboost_instance, weights=w)

The marker ``refboost_instances(*problems, tag=None)`` parametrises the test over the kit's instances
of the named families (all families when none is named; ``tag`` keeps those with the tag, e.g.
``"real-data"``), one test per instance, with the instance name as the test id; the fixture
``refboost_instance`` is the :class:`refboost.conformance.Instance` (its arrays read-only). An unknown
family, an unknown tag or a selection without instances is a collection error naming the allowed values.
Trajectories: the marker ``refboost_trajectories(*families)`` parametrises a test over the kit's stored
trajectories (:mod:`refboost.conformance.trajectories`; all families when none is named) through the fixture
``refboost_trajectory``, and :func:`assert_trajectory` checks a candidate's first iterates against it::

    @pytest.mark.refboost_trajectories("erlpboost")
    def test_my_erlpboost_runs_the_box(refboost_trajectory):
        its = my_erlpboost(refboost_trajectory.U, **refboost_trajectory.params, record=True)
        assert_trajectory(refboost_trajectory, its)  # a list of {"j": ..., "d": ..., "w": ...}

``assert_certified(refboost_instance, weights=w)`` certifies against the kit's own stored copy; the older
form ``assert_certified(problem, U, params, weights=w)`` fails when ``U`` or ``params`` are not the
instance's. :func:`assert_certified` and the
adapters of :mod:`refboost.conformance.check` are importable from here.

This module is imported by pytest in every project of an environment where refboost is installed,
so it imports nothing heavy: the kit is loaded only when a test carries the marker.
"""

from __future__ import annotations

import pytest

MARKER = "refboost_instances"
FIXTURE = "refboost_instance"
TRAJ_MARKER = "refboost_trajectories"
TRAJ_FIXTURE = "refboost_trajectory"

_CHECK_NAMES = (
    "EnsembleCandidate",
    "assert_certified",
    "failure_report",
    "from_margins",
    "from_sklearn_ensemble",
    "weights_from_columns",
)

_TRAJ_NAMES = ("assert_trajectory",)

__all__ = ["MARKER", "FIXTURE", "TRAJ_MARKER", "TRAJ_FIXTURE", "refboost_instance", "refboost_trajectory",
           *_CHECK_NAMES, *_TRAJ_NAMES]


def __getattr__(name):
    if name in _TRAJ_NAMES:
        from refboost.conformance import trajectories

        return getattr(trajectories, name)
    if name in _CHECK_NAMES:
        from refboost.conformance import check

        return getattr(check, name)
    raise AttributeError(f"module 'refboost.testing' has no attribute {name!r}")


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        f"{MARKER}(*problems, tag=None): run the test once per certified instance of the refboost conformance "
        f"kit (families named by problem, all when none; tag filters, e.g. 'real-data') through the "
        f"'{FIXTURE}' fixture",
    )
    config.addinivalue_line(
        "markers",
        f"{TRAJ_MARKER}(*families): run the test once per stored trajectory of the refboost conformance kit "
        f"(algorithm families by name, all when none) through the '{TRAJ_FIXTURE}' fixture; check with "
        "refboost.testing.assert_trajectory",
    )


def _instances(marker):
    from refboost import conformance as kit

    def fail(msg):
        pytest.fail(f"@pytest.mark.{MARKER}: {msg}", pytrace=False)

    problems = marker.args
    unknown = set(marker.kwargs) - {"tag"}
    if unknown:
        fail(f"unknown keyword(s) {sorted(unknown)}; only tag= is allowed")
    for p in problems:
        if not isinstance(p, str):
            fail(f"problems must be family names (str), got {p!r}; one of {', '.join(kit.problems())}")
    tag = marker.kwargs.get("tag")
    if tag is not None and not isinstance(tag, str):
        fail(f"tag must be a str, got {tag!r}")
    found = []
    for p in problems or (None,):
        try:
            got = kit.instances(p, tag=tag)
        except (KeyError, ValueError, TypeError, FileNotFoundError) as exc:
            if tag is not None and str(exc).startswith("tag must be"):
                fail(f"no instance of the kit carries tag={tag!r}; the tags are: {', '.join(kit.tags(p))}"
                     + (f" (of family {p!r})" if p is not None else ""))
            fail(str(exc))
        if tag is not None and not got:
            allowed = kit.tags(p)
            where = f"of family {p!r}" if p is not None else "of the kit"
            fail(f"no instance {where} carries tag={tag!r}; the tags {where} are: {', '.join(allowed)}")
        found += got
    if not found:
        fail("the marker selects no instance")
    return found, len(problems) != 1


def _trajectories(marker):
    from refboost.conformance import trajectories as tj

    def fail(msg):
        pytest.fail(f"@pytest.mark.{TRAJ_MARKER}: {msg}", pytrace=False)

    if marker.kwargs:
        fail(f"unknown keyword(s) {sorted(marker.kwargs)}; the marker takes family names only")
    found = []
    for f in marker.args or (None,):
        try:
            found += tj.instances(f)
        except (KeyError, ValueError, TypeError, FileNotFoundError) as exc:
            fail(str(exc))
    if not found:
        fail("the marker selects no trajectory")
    return found, len(marker.args) != 1


def pytest_generate_tests(metafunc):
    tmarker = metafunc.definition.get_closest_marker(TRAJ_MARKER)
    if tmarker is not None:
        if TRAJ_FIXTURE not in metafunc.fixturenames:
            pytest.fail(f"{metafunc.definition.nodeid}: @pytest.mark.{TRAJ_MARKER} needs the test to take the "
                        f"'{TRAJ_FIXTURE}' argument", pytrace=False)
        found, qualify = _trajectories(tmarker)
        ids = [f"{i.family}/{i.name}" if qualify else i.name for i in found]
        metafunc.parametrize(TRAJ_FIXTURE, found, ids=ids, indirect=True)
    marker = metafunc.definition.get_closest_marker(MARKER)
    if marker is None:
        return
    if FIXTURE not in metafunc.fixturenames:
        pytest.fail(f"{metafunc.definition.nodeid}: @pytest.mark.{MARKER} needs the test to take the '{FIXTURE}' "
                    "argument", pytrace=False)
    found, qualify = _instances(marker)
    ids = [f"{i.problem}/{i.name}" if qualify else i.name for i in found]
    metafunc.parametrize(FIXTURE, found, ids=ids, indirect=True)


@pytest.fixture
def refboost_instance(request):
    """The kit instance of this parametrisation (use with ``@pytest.mark.refboost_instances``): a copy whose
    arrays are read-only; :func:`assert_certified` certifies against the kit's own stored copy."""
    if not hasattr(request, "param"):
        pytest.fail(f"the '{FIXTURE}' fixture needs @pytest.mark.{MARKER}(problem, ...) on the test", pytrace=False)
    from refboost.conformance import check

    check._CURRENT.append(request.param)
    try:
        yield request.param
    finally:
        check._CURRENT.pop()


@pytest.fixture
def refboost_trajectory(request):
    """The stored trajectory of this parametrisation (use with ``@pytest.mark.refboost_trajectories``): a
    :class:`refboost.conformance.trajectories.TrajectoryInstance` (``.U``, ``.params``, ``.iterates``)."""
    if not hasattr(request, "param"):
        pytest.fail(f"the '{TRAJ_FIXTURE}' fixture needs @pytest.mark.{TRAJ_MARKER}(family, ...) on the test",
                    pytrace=False)
    return request.param
