"""pytest plugin of the refboost conformance kit (registered through the ``pytest11`` entry point).

Another project tests its own solver against the kit's certified instances in four lines::

    import pytest
    from refboost.testing import assert_certified

    @pytest.mark.refboost_instances("soft_margin_lp")
    def test_my_lp(refboost_instance):
        w = my_solver(refboost_instance.U, **refboost_instance.params)
        assert_certified(refboost_instance.problem, refboost_instance.U, refboost_instance.params, weights=w)

The marker ``refboost_instances(*problems, tag=None)`` parametrises the test over the kit's instances
of the named families (all families when none is named; ``tag`` keeps those with the tag, e.g.
``"real-data"``), one test per instance, with the instance name as the test id; the fixture
``refboost_instance`` is the :class:`refboost.conformance.Instance`. :func:`assert_certified` and the
adapters of :mod:`refboost.conformance.check` are importable from here.

This module is imported by pytest in every project of an environment where refboost is installed,
so it imports nothing heavy: the kit is loaded only when a test carries the marker.
"""

from __future__ import annotations

import pytest

MARKER = "refboost_instances"
FIXTURE = "refboost_instance"

_CHECK_NAMES = (
    "EnsembleCandidate",
    "assert_certified",
    "failure_report",
    "from_margins",
    "from_sklearn_ensemble",
    "weights_from_columns",
)

__all__ = ["MARKER", "FIXTURE", "refboost_instance", *_CHECK_NAMES]


def __getattr__(name):
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


def _instances(marker):
    from refboost import conformance as kit

    problems = marker.args
    unknown = set(marker.kwargs) - {"tag"}
    if unknown:
        pytest.fail(f"@pytest.mark.{MARKER}: unknown keyword(s) {sorted(unknown)}; only tag= is allowed", pytrace=False)
    for p in problems:
        if not isinstance(p, str):
            pytest.fail(f"@pytest.mark.{MARKER}: problems must be family names (str), got {p!r}", pytrace=False)
    tag = marker.kwargs.get("tag")
    found = []
    for p in problems or (None,):
        try:
            found += kit.instances(p, tag=tag)
        except (KeyError, ValueError, TypeError, FileNotFoundError) as exc:
            pytest.fail(f"@pytest.mark.{MARKER}: {exc}", pytrace=False)
    return found, len(problems) != 1


def pytest_generate_tests(metafunc):
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
    """The kit instance of this parametrisation (use with ``@pytest.mark.refboost_instances``)."""
    if not hasattr(request, "param"):
        pytest.fail(f"the '{FIXTURE}' fixture needs @pytest.mark.{MARKER}(problem, ...) on the test", pytrace=False)
    return request.param
