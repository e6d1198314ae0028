"""A light kit (issue 50, item 3): the pytest plugin, ``refboost.testing`` and ``refboost.conformance`` import
neither numba, cvxpy, matplotlib, dask, pyarrow nor scikit-learn, also while certifying kit instances; and
``import refboost as rb; rb.lpboost`` still works (``refboost/__init__.py`` imports lazily)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

HEAVY = ("numba", "llvmlite", "cvxpy", "matplotlib", "dask", "distributed", "pyarrow", "sklearn")

PROBE = """
import json, sys
{body}
print(json.dumps(sorted(m for m in {heavy!r} if m in sys.modules)))
"""


def _loaded(body: str) -> list[str]:
    code = PROBE.format(body=textwrap.dedent(body), heavy=HEAVY)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("module", ["refboost.testing", "refboost.conformance", "refboost.conformance.cli",
                                    "refboost.conformance.check", "refboost"])
def test_importing_the_kit_loads_nothing_heavy(module):
    assert _loaded(f"import {module}") == []


def test_the_plugin_imports_not_even_numpy():
    """pytest imports the plugin in every project of an environment with refboost: it costs a few ms."""
    code = "import sys, refboost.testing; print(sorted(m for m in ('numpy', 'scipy') if m in sys.modules))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and run.stdout.strip() == "[]", run.stdout + run.stderr


def test_certifying_every_family_loads_nothing_heavy():
    assert _loaded("""
        from refboost import conformance as kit
        for p in kit.problems():
            for mode in kit.modes(p):
                inst = kit.instances(p)[0]
                w = inst.weights if mode != "distribution" else None
                d = inst.distribution if mode != "weights" else None
                assert kit.certify_candidate(inst, weights=w, distribution=d).ok
    """) == []


def test_the_plugin_in_a_pytest_run_of_another_project(tmp_path):
    (tmp_path / "test_other.py").write_text(textwrap.dedent(f"""
        import sys

        def test_nothing_heavy():
            assert "refboost.testing" in sys.modules  # the plugin was loaded through its entry point
            assert sorted(m for m in {HEAVY!r} if m in sys.modules) == []
    """))
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_public_names_still_resolve():
    import refboost as rb

    for name in rb.__all__:
        assert getattr(rb, name) is not None, name
    assert callable(rb.lpboost) and callable(rb.margins)
    assert set(rb.BOOSTERS) <= set(dir(rb))
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        rb.no_such_name  # noqa: B018


def test_build_from_an_installed_package_asks_for_out(monkeypatch, tmp_path, capsys):
    from refboost.conformance import build

    fake = tmp_path / "site-packages" / "refboost" / "conformance" / "build.py"
    monkeypatch.setattr(build, "__file__", str(fake))
    with pytest.raises(ValueError, match="out must be given"):
        build.default_out()
    with pytest.raises(SystemExit) as exc:
        build.main(["build"])
    assert exc.value.code == 2 and "--out DIR" in capsys.readouterr().err


def test_pyproject_extras():
    """The studies' and the plots' packages are extras; [dev] (the README's and CI's install) has them all."""
    from pathlib import Path

    tomllib = pytest.importorskip("tomllib")  # Python >= 3.11
    meta = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())["project"]

    def names(reqs):
        return {r.split("[")[0].split(">")[0].split("<")[0].split("=")[0].strip() for r in reqs}

    core = names(meta["dependencies"])
    extras = {k: names(v) for k, v in meta["optional-dependencies"].items()}
    assert not core & {"dask", "pyarrow", "matplotlib", "numba", "scikit-learn", "tqdm"}
    assert {"dask", "pyarrow"} <= extras["studies"] and extras["plot"] == {"matplotlib"}
    assert extras["fast"] == {"numba"} and extras["sklearn"] == {"scikit-learn"}
    assert extras["studies"] | extras["plot"] | extras["fast"] | extras["sklearn"] <= extras["dev"]


def test_the_plugin_re_exports_the_checks_public_names():
    """``refboost.testing`` lists the names of ``refboost.conformance.check`` again (it must not import it, nor
    numpy): the two lists are the same."""
    from refboost import testing
    from refboost.conformance import check

    assert testing._CHECK_NAMES == tuple(check.__all__)
    assert all(getattr(testing, name) is getattr(check, name) for name in check.__all__)
