"""The kit's example implementation in C (GLPK) passes ``refboost-check --batch`` on every soft_margin_lp
instance, and a deliberately wrong build of it (``-DBREAK``) does not.

The example is ``refboost/conformance/examples/soft_margin_glpk.c`` (shipped in the wheel). The test is
skipped, with the reason, where no C compiler or no GLPK (Debian: ``libglpk-dev``) is installed;
``.ci/run`` installs both.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import refboost.conformance as kit

PROBLEM = "soft_margin_lp"
SOURCE = Path(kit.__file__).resolve().parent / "examples" / "soft_margin_glpk.c"


def _compile(tmp_path: Path, name: str, *defines: str) -> Path:
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler (gcc or cc) on PATH; apt-get install gcc")
    exe = tmp_path / name
    res = subprocess.run([cc, "-O2", "-std=c99", "-Wall", *defines, str(SOURCE), "-lglpk", "-o", str(exe)],
                         capture_output=True, text=True, timeout=120)
    if res.returncode != 0:
        if "glpk.h" in res.stderr or "lglpk" in res.stderr:
            pytest.skip(f"GLPK is not installed (glpk.h or libglpk missing; apt-get install libglpk-dev): "
                        f"{res.stderr.strip().splitlines()[-1]}")
        pytest.fail(f"{cc} could not compile {SOURCE.name}:\n{res.stderr}")
    return exe


def _run_over_kit(exe: Path, out: Path) -> list[str]:
    out.mkdir()
    names = []
    for inst in kit.instances(PROBLEM):
        res = subprocess.run([str(exe), str(inst.path), str(out)], capture_output=True, text=True, timeout=60)
        assert res.returncode == 0, f"{exe.name} failed on {inst.name}: {res.stderr}"
        names.append(inst.name)
    return names


def _check(folder: Path) -> tuple[int, list[dict]]:
    res = subprocess.run([sys.executable, "-m", "refboost.conformance.cli", "soft-margin-lp", "--batch",
                          str(folder), "--json"], capture_output=True, text=True, timeout=120)
    assert res.returncode in (0, 1), f"refboost-check usage error:\n{res.stderr}"
    return res.returncode, json.loads(res.stdout)


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("c_example")
    return tmp, _compile(tmp, "soft_margin_glpk"), _compile(tmp, "soft_margin_glpk_broken", "-DBREAK")


def test_example_is_shipped_in_the_package():
    assert SOURCE.is_file(), f"{SOURCE} is missing"
    import tomllib

    repo = SOURCE.parents[3]
    if (repo / "pyproject.toml").is_file():
        data = tomllib.loads((repo / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
        assert "examples/*.c" in data.get("refboost.conformance", []), "pyproject must ship examples/*.c"


def test_c_example_is_certified_on_every_instance(build):
    tmp, exe, _ = build
    names = _run_over_kit(exe, tmp / "good")
    rc, rows = _check(tmp / "good")
    bad = [f"{r['instance']}: {r['verdict']} {r['message']}" for r in rows if not r["ok"]]
    assert rc == 0 and not bad, "\n".join(bad)
    assert sorted(r["instance"] for r in rows) == sorted(names) == sorted(i.name for i in kit.instances(PROBLEM))
    assert all(r["verdict"] == "CERTIFIED" for r in rows)


def test_broken_c_example_is_rejected(build):
    """-DBREAK moves 1e-3 of the weight onto the column with the smallest edge: the check must fail."""
    tmp, _, broken = build
    names = _run_over_kit(broken, tmp / "broken")
    rc, rows = _check(tmp / "broken")
    failed = [r for r in rows if r["verdict"] == "FAILED"]
    assert rc == 1
    assert len(rows) == len(names)
    # where the smallest-edge column lies on the optimal face the perturbed pair is still optimal; elsewhere not
    assert len(failed) >= len(names) // 2, f"only {len(failed)} of {len(names)} broken candidates rejected"
    assert all("optimality" in r["message"] for r in failed)
