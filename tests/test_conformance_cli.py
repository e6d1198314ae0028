"""``refboost-check``: one candidate, a folder of candidates, the family list, JSON, exit codes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from refboost import conformance as kit
from refboost.conformance._modes import NO_DISTRIBUTION
from refboost.conformance.cli import main

PROBLEM = "soft_margin_lp"


@pytest.fixture(scope="module")
def instances():
    """Instances on which the uniform combination is not optimal (so it is a wrong candidate there)."""
    found = [i for i in kit.instances(PROBLEM)
             if not kit.certify_candidate(PROBLEM, i.U, i.params, weights=_uniform(i)).ok]
    assert len(found) >= 2, "the kit needs at least two soft-margin LP instances for these tests"
    return found[:3]


def _write(path: Path, v) -> Path:
    path.write_text("\n".join(repr(float(x)) for x in np.ravel(v)) + "\n")
    return path


def _uniform(inst):
    return np.full(inst.U.shape[1], 1.0 / inst.U.shape[1])


def test_one_optimal_candidate_passes(tmp_path, instances, capsys):
    inst = instances[0]
    w = _write(tmp_path / "w.csv", inst.weights)
    assert main(["soft-margin-lp", "--instance", inst.name, "--weights", str(w)]) == 0
    out = capsys.readouterr().out
    assert inst.name in out and "CERTIFIED" in out and "1 of 1 certified" in out
    for col in ("instance", "objective", "optimum", "gap", "verdict"):
        assert col in out.splitlines()[0]


def test_distribution_is_extra_evidence(tmp_path, instances, capsys):
    inst = instances[0]
    if inst.distribution is None:
        pytest.skip("instance stores no optimal distribution")
    w = _write(tmp_path / "w.csv", inst.weights)
    d = _write(tmp_path / "d.csv", inst.distribution)
    assert main([PROBLEM, "--instance", inst.name, "--weights", str(w), "--distribution", str(d), "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["ok"] and row["gap"] <= 1e-6 and row["instance"] == inst.name


def test_wrong_candidate_fails_with_exit_1(tmp_path, instances, capsys):
    inst = instances[0]
    w = _write(tmp_path / "w.csv", _uniform(inst))
    assert main([PROBLEM, "--instance", inst.name, "--weights", str(w)]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "0 of 1 certified" in out


def test_batch_folder_table_and_json(tmp_path, instances, capsys):
    good, bad = instances[0], instances[1]
    _write(tmp_path / f"{good.name}.weights.csv", good.weights)
    _write(tmp_path / f"{bad.name}.weights.csv", _uniform(bad))
    assert main([PROBLEM, "--batch", str(tmp_path), "--allow-missing"]) == 1
    out = capsys.readouterr().out
    assert "1 of 2 certified" in out
    assert main([PROBLEM, "--batch", str(tmp_path), "--json", "--allow-missing"]) == 1
    rows = {r["instance"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows[good.name]["ok"] and rows[good.name]["verdict"] == "CERTIFIED"
    assert not rows[bad.name]["ok"] and rows[bad.name]["gap"] > 1e-6
    assert rows[good.name]["optimum"] == pytest.approx(good.value)
    (tmp_path / f"{bad.name}.weights.csv").unlink()
    assert main([PROBLEM, "--batch", str(tmp_path), "--allow-missing"]) == 0
    capsys.readouterr()


def test_batch_wrong_length_and_unknown_instance_are_failures(tmp_path, instances, capsys):
    inst = instances[0]
    _write(tmp_path / f"{inst.name}.weights.csv", np.ones(inst.U.shape[1] + 1))
    _write(tmp_path / "no-such-instance.weights.csv", [1.0])
    assert main([PROBLEM, "--batch", str(tmp_path), "--json", "--allow-missing"]) == 1
    rows = {r["instance"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows[inst.name]["verdict"] == "ERROR" and "weights" in rows[inst.name]["message"]
    assert rows["no-such-instance"]["verdict"] == "ERROR"


def test_list_counts_every_family(capsys):
    assert main(["--list"]) == 0
    out = capsys.readouterr().out
    for p in kit.problems():
        assert p.replace("_", "-") in out
    assert main(["--list", "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert set(counts) == set(kit.problems()) | {"trajectories"}
    assert counts[PROBLEM]["instances"] == len(kit.instances(PROBLEM))


@pytest.mark.parametrize(
    "argv, message",
    [
        (["no-such-family", "--batch", "."], "problem must be one of"),
        ([], "a problem is required"),
        ([PROBLEM], "exactly one of --instance"),
        ([PROBLEM, "--instance", "x", "--batch", "."], "exactly one of --instance"),
        ([PROBLEM, "--instance", "no-such-instance", "--weights", "w.csv"], "--instance must name"),
        ([PROBLEM, "--batch", "no-such-folder"], "is not a folder"),
        ([PROBLEM, "--batch", ".", "--tol", "-1"], "--tol must be"),
        (["--list", PROBLEM], "--list takes no problem"),
    ],
)
def test_usage_errors_exit_2(argv, message, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_unreadable_candidate_files_exit_2(tmp_path, instances, capsys):
    inst = instances[0]
    bad = tmp_path / "w.csv"
    bad.write_text("0.5, abc\n")
    for path, message in ((bad, "must hold numbers only"), (tmp_path / "missing.csv", "cannot read")):
        with pytest.raises(SystemExit) as exc:
            main([PROBLEM, "--instance", inst.name, "--weights", str(path)])
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert "--weights" in err and message in err
    (tmp_path / "empty").mkdir()
    with pytest.raises(SystemExit) as exc:
        main([PROBLEM, "--batch", str(tmp_path / "empty")])
    assert exc.value.code == 2 and "holds no" in capsys.readouterr().err


def test_installed_script(tmp_path, instances):
    script = Path(sys.executable).with_name("refboost-check")
    if not script.exists():
        script = shutil.which("refboost-check")
        if script is None:
            pytest.skip("the refboost-check console script is not installed in this environment")
    inst = instances[0]
    _write(tmp_path / f"{inst.name}.weights.csv", inst.weights)
    run = subprocess.run([str(script), "soft-margin-lp", "--batch", str(tmp_path), "--json", "--allow-missing"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    (row,) = json.loads(run.stdout)
    assert row["instance"] == inst.name and row["ok"]
    bad = subprocess.run([str(script), "soft-margin-lp"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "usage: refboost-check" in bad.stderr


@pytest.mark.parametrize("problem", kit.problems())
def test_every_family_stored_solutions_pass_through_batch(problem, tmp_path, capsys):
    """The stored optimal candidates of each family, written as CSV files, are certified by the command."""
    insts = kit.instances(problem)[:4]
    if not insts:
        pytest.skip(f"the kit has no {problem} instances")
    for inst in insts:
        if inst.weights is not None:
            _write(tmp_path / f"{inst.name}.weights.csv", inst.weights)
        if inst.distribution is not None and problem not in NO_DISTRIBUTION:
            _write(tmp_path / f"{inst.name}.distribution.csv", inst.distribution)
    status = main([problem.replace("_", "-"), "--batch", str(tmp_path), "--json", "--allow-missing"])
    rows = json.loads(capsys.readouterr().out)
    assert status == 0, [r for r in rows if not r["ok"]]
    assert {r["instance"] for r in rows} == {i.name for i in insts}
