"""The kit's trajectory families: the stored first iterates of every algorithm box.

Every stored trajectory is reproduced by refboost's booster and by the literal transcription of its box
(``tests/transcriptions.py``); planted one-line bugs fail :func:`refboost.testing.assert_trajectory` at the
iteration and field where they first act; bad input gets an error naming the parameter; ``refboost-check
--trajectory`` exits 0 / 1 / 2; the pytest marker ``refboost_trajectories`` parametrises over the instances.
"""

from __future__ import annotations

import gzip
import json

import numpy as np
import pytest
from test_iterates import mutate

import refboost.boosters.adaboost as ada_mod
import refboost.boosters.corrective as corr_mod
import refboost.boosters.entropy as ent_mod
import refboost.boosters.frank_wolfe as fw_mod
import refboost.boosters.sun as sun_mod
from refboost.conformance import _store, schema
from refboost.conformance import trajectories as tj
from refboost.conformance._trajectory_build import run_transcription
from refboost.conformance._trajectory_run import run_booster
from refboost.conformance.cli import main
from refboost.testing import assert_trajectory

ALL = tj.instances()
ROOT = tj.trajectory_root()
MANIFEST = json.loads((ROOT / "manifest.json").read_text())
LP_ENTROPY = ("lpboost", "softboost", "totalboost", "erlpboost", "binary_erlpboost", "corrective_erlpboost",
              "corrective_binary_erlpboost", "cerlpboost", "mlpboost", "mht_pairwise", "mht_line_search")


def _ids(insts):
    return [f"{i.family}/{i.name}" for i in insts]


def _plain(iterates):
    """Stored iterates as a candidate would write them (lists, no j_ties)."""
    return [{k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in it.items() if k not in ("j_ties", "t")}
            for it in iterates]


# ---------------------------------------------------------------------------------------------
# The store
# ---------------------------------------------------------------------------------------------


def test_store_manifest_sizes_and_schema():
    jsonschema = pytest.importorskip("jsonschema")
    files = sorted(p.name for p in ROOT.glob(f"*{tj.SUFFIX}"))
    assert files == sorted(MANIFEST["files"]) == sorted(f"{f}{tj.SUFFIX}" for f in tj.families())
    for name, rec in MANIFEST["files"].items():
        assert _store.sha256(ROOT / name) == rec["sha256"], f"{name}: sha256 differs from the manifest"
    assert MANIFEST["total_bytes"] < 400_000, "the trajectories stay small (well under 1 MB)"
    assert MANIFEST["total_instances"] == len(ALL)
    for fam in tj.families():
        data = tj.read_family_file(ROOT / f"{fam}{tj.SUFFIX}")
        jsonschema.validate(data, schema.TRAJECTORY)
        assert data["family"] == fam and data["tie_rule"] == tj.TIE_RULE
        assert len(data["instances"]) >= (2 if fam in LP_ENTROPY else 1), fam


@pytest.mark.parametrize("inst", ALL, ids=_ids(ALL))
def test_stored_instance_is_fit_for_comparison(inst):
    """No near tie in the argmax (or only among columns chosen before, listed in j_ties); small N; the
    agreement with the transcription found at build time is within the stored tolerance."""
    N, K = inst.U.shape
    assert 10 <= N <= 40 and len(inst) >= 5
    for t, it in enumerate(inst.iterates):
        if "j_ties" in it:
            assert set(it["j_ties"]) <= {x["j"] for x in inst.iterates[:t]} and it["j"] in it["j_ties"]
        else:
            assert inst.edge_gap[t] >= tj.MIN_EDGE_GAP, f"near tie at iteration {it['t']}"
        e = inst.U.T @ it["d"]
        assert e[it["j"]] >= e.max() - 1e-12, "j is the maximum-edge column"
    for f, dev in inst.agreement["transcription"].items():
        assert dev <= inst.tol[f], (f, dev)


@pytest.mark.parametrize("inst", ALL, ids=_ids(ALL))
def test_reproduced_by_the_booster(inst):
    assert_trajectory(inst, tj.refboost_iterates(inst))


@pytest.mark.parametrize("inst", ALL, ids=_ids(ALL))
def test_reproduced_by_the_transcription(inst):
    assert_trajectory(inst, run_transcription(inst.family, np.array(inst.U), inst.params))


# ---------------------------------------------------------------------------------------------
# Planted one-line bugs: caught at the iteration and field where they first act
# ---------------------------------------------------------------------------------------------

PLANTED = {
    # family, module, function, old line, new line, drop eta from params (the bug is in the default), (t, field)
    "corrective step without the square (printed Alg 4.1(b))": (
        "corrective_erlpboost", corr_mod, "corrective_step", '"sq": eta * nx * nx', '"sq": eta * nx', False,
        (2, "step")),  # alpha_1 = 1 either way (w^1 = e_j1); alpha_2 is the first x.d / (eta ...) step
    "corrective binary step without the square (Alg 4.3)": (
        "corrective_binary_erlpboost", corr_mod, "corrective_step", '"sq": eta * nx * nx', '"sq": eta * nx', False,
        (2, "step")),
    "C-ERLPBoost short step without the square": (
        "cerlpboost", fw_mod, "_primary_step", "fw_gap / (eta * dnorm**2)", "fw_gap / (eta * dnorm)", False,
        (1, "step")),  # round 1's lambda (iteration 0 is the start w_1 = e_j1)
    "AdaBoost step doubled": (
        "adaboost", ada_mod, "_step_to_target", "return _artanh_edge_pm1(log_d, u, d) - math.atanh(theta)",
        "return 2 * (_artanh_edge_pm1(log_d, u, d) - math.atanh(theta))", False, (1, "step")),
    "ERLPBoost eta default halved": (
        "erlpboost", ent_mod, "_erlp_family", "(eta_binary(eps, N, nu) if binary else eta_erlp(eps, N, nu))",
        "(eta_binary(eps, N, nu) if binary else 0.5 * eta_erlp(eps, N, nu))", True,
        (2, "d")),  # w^1 = e_j1 whatever eta; d^1 is the first regularised distribution
    "arc-gv target without the floor": (
        "arcgv", ada_mod, "_target_edge", "theta = mu0 if floor is None else max(floor, mu0)", "theta = mu0", False,
        (2, "step")),  # mu_2 = -1 on +-1 columns: the unfloored target ends the run
    "AdaBoost_KL mistrust with the wrong sign": (
        "adaboost_kl", sun_mod, "_penalized_boost", "zt = z + beta * phi", "zt = z - beta * phi", False,
        (2, "step")),  # phi(d^(1)) = ln(N/N) = 0: the first step is AdaBoost's either way
    "MLPBoost keeps the previous distribution after the LP wins": (
        "mlpboost", fw_mod, "_next_iterate", "st.w, st.sm = w2.copy(), sm2", "st.w, st.sm = w2.copy(), st.sm", False,
        (2, "j")),
}


@pytest.mark.parametrize("name", list(PLANTED))
def test_planted_bug_fails_at_the_right_iteration(name, monkeypatch):
    fam, module, func, old, new, drop_eta, (t, field) = PLANTED[name]
    mutate(monkeypatch, module, func, old, new)
    for inst in tj.instances(fam):
        params = {k: v for k, v in inst.params.items() if not (drop_eta and k == "eta")}
        with pytest.raises(AssertionError, match=rf"DIFFERS at iteration {t} \(iterates\[\d+\]\), field '{field}'"):
            assert_trajectory(inst, run_booster(fam, np.array(inst.U), params))


def test_report_names_the_first_differing_iteration_and_field():
    inst = tj.instances("lpboost")[0]
    its = _plain(inst.iterates)
    its[3]["w"] = list(np.asarray(its[3]["w"]) + 1e-6)
    its[5]["d"][0] += 1.0  # later: not the first difference
    rep = tj.compare(inst, its)
    assert not rep.ok and (rep.iteration, rep.index, rep.field) == (4, 3, "w") and rep.deviation == pytest.approx(1e-6)
    assert tj.compare(inst, its, tol={"w": 1e-5}).field == "d"
    its = _plain(inst.iterates)
    its[2]["j"] = (its[2]["j"] + 1) % inst.U.shape[1]
    with pytest.raises(AssertionError, match=r"iteration 3 \(iterates\[2\]\), field 'j': the chosen column is"):
        assert_trajectory(inst, its)
    short = _plain(inst.iterates)[:4]
    with pytest.raises(AssertionError, match="the number of iterations: the candidate stops after 4"):
        assert_trajectory(inst, short)
    assert assert_trajectory(inst, short, prefix=True).compared == 4
    with pytest.raises(AssertionError, match="stopping test fired there"):
        assert_trajectory(inst, _plain(inst.iterates) + [_plain(inst.iterates)[-1]])


def test_column_form_aliases_and_optional_scalars():
    inst = tj.instances("corrective_erlpboost")[0]
    cols = {"hypothesis": [it["j"] for it in inst.iterates],
            "distribution": np.array([it["d"] for it in inst.iterates]),
            "alpha": [it["step"] for it in inst.iterates], "weights": [it["w"] for it in inst.iterates]}
    rep = assert_trajectory(inst, cols)
    assert rep.fields == ("j", "d", "step", "w") and "Theta" not in rep.max_deviation  # Theta optional, not given
    bad = _plain(inst.iterates)
    bad[4]["Theta"] += 1e-3
    assert tj.compare(inst, bad).field == "Theta"


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------


def test_bad_input_names_the_parameter():
    inst = tj.instances("erlpboost")[0]
    with pytest.raises(ValueError, match="family must be one of .*got 'nope'"):
        tj.instances("nope")
    with pytest.raises(KeyError, match="no trajectory instance 'x' in family 'erlpboost'"):
        tj.load("erlpboost", "x")
    its = _plain(inst.iterates)
    its[1]["d"] = its[1]["d"][:-1]
    with pytest.raises(ValueError, match=r"iterates\[1\]\['d'\] has 19 entries; the instance has 20 rows"):
        assert_trajectory(inst, its)
    its = _plain(inst.iterates)
    del its[2]["w"]
    with pytest.raises(ValueError, match=r"iterates\[2\] \(iteration 3\) lacks the field 'w'"):
        assert_trajectory(inst, its)
    its = _plain(inst.iterates)
    its[0]["dist"] = its[0].pop("d")
    with pytest.raises(ValueError, match=r"iterates\[0\]: unknown field 'dist' for family 'erlpboost'"):
        assert_trajectory(inst, its)
    its = _plain(inst.iterates)
    its[0]["j"] = 99
    with pytest.raises(ValueError, match=r"iterates\[0\]\['j'\] must be a 0-based column index in \[0, 12\)"):
        assert_trajectory(inst, its)
    with pytest.raises(TypeError, match="iterates must be a list of dicts"):
        assert_trajectory(inst, np.zeros((3, 20)))
    with pytest.raises(TypeError, match="instance must be a refboost.conformance.trajectories.TrajectoryInstance"):
        assert_trajectory("erlpboost", _plain(inst.iterates))
    with pytest.raises(ValueError, match="tol: unknown field"):
        tj.compare(inst, _plain(inst.iterates), tol={"x": 1.0})
    with pytest.raises(ValueError, match=r"tol\['w'\] must be a finite real in \[0, inf\), got -1.0"):
        tj.compare(inst, _plain(inst.iterates), tol={"w": -1.0})
    with pytest.raises(ValueError, match=r"tol must be a finite real in \[0, inf\), got nan"):
        tj.compare(inst, _plain(inst.iterates), tol=float("nan"))
    with pytest.raises(TypeError, match="tol must be None, a number or a dict per field, got '1e-3'"):
        tj.compare(inst, _plain(inst.iterates), tol="1e-3")
    with pytest.raises(TypeError, match=r"family must be one of \[.*\], got int"):
        tj.instances(3)


# ---------------------------------------------------------------------------------------------
# refboost-check --trajectory
# ---------------------------------------------------------------------------------------------


def test_cli_exit_codes_files_and_batch(tmp_path, capsys):
    inst, other = tj.instances("adaboost")[:2]
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_plain(inst.iterates)))
    csv = tj.write_iterates_csv(tmp_path / "good.csv", inst.iterates, *inst.U.shape)
    assert tj.read_iterates(csv)[0]["j"] == inst.iterates[0]["j"]
    base = ["--trajectory", "adaboost", "--instance", inst.name, "--iterates"]
    assert main([*base, str(good)]) == 0 and main([*base, str(csv)]) == 0
    assert "SAME" in capsys.readouterr().out
    bad = _plain(inst.iterates)
    bad[6]["step"] *= 2
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    assert main([*base, str(tmp_path / "bad.json"), "--json"]) == 1
    (row,) = json.loads(capsys.readouterr().out)
    assert (row["verdict"], row["iteration"], row["field"]) == ("DIFFERS", 7, "step")
    short = _plain(inst.iterates)
    short[0]["d"] = short[0]["d"][:3]
    (tmp_path / "short.json").write_text(json.dumps(short))
    assert main([*base, str(tmp_path / "short.json")]) == 1
    assert "ERROR" in capsys.readouterr().out
    for argv in (["--trajectory", "nope", "--instance", inst.name, "--iterates", str(good)],
                 ["--trajectory", "adaboost", "--instance", "nope", "--iterates", str(good)],
                 ["--trajectory", "adaboost", "--instance", inst.name],
                 ["--trajectory", "adaboost", "--instance", inst.name, "--iterates", str(tmp_path / "none.json")],
                 ["adaboost", "--iterates", str(good)]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2, argv
    err = capsys.readouterr().err
    assert "--trajectory must be one of" in err and "--instance must name a trajectory instance" in err
    batch = tmp_path / "batch"
    batch.mkdir()
    (batch / f"{inst.name}.iterates.json").write_text(good.read_text())
    assert main(["--trajectory", "adaboost", "--batch", str(batch), "--allow-missing"]) == 0
    assert main(["--trajectory", "adaboost", "--batch", str(batch)]) == 1
    assert "MISSING" in capsys.readouterr().out
    (batch / f"{other.name}.iterates.json").write_text(json.dumps(bad))
    assert main(["--trajectory", "adaboost", "--batch", str(batch), "--allow-missing", "--json"]) == 1
    rows = {r["instance"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows[inst.name]["ok"] and not rows[other.name]["ok"]
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(list(rows.values()), schema.TRAJECTORY_RESULT)
    jsonschema.validate(json.loads(good.read_text()), schema.ITERATES)
    assert main(["--schema", "trajectory"]) == 0 and json.loads(capsys.readouterr().out)["title"].startswith("refboost")
    assert main(["--trajectory", "list"]) == 0 and "corrective-erlpboost" in capsys.readouterr().out


def test_family_file_is_plain_gzip_json():
    with gzip.open(ROOT / f"lpboost{tj.SUFFIX}", "rt") as fh:
        data = json.load(fh)
    assert data["tolerance"]["j"] == 0 and data["fields"] == ["j", "d", "w"]


# ---------------------------------------------------------------------------------------------
# The pytest marker
# ---------------------------------------------------------------------------------------------

pytest_plugins = ["pytester"]


def test_marker_and_fixture(pytester):
    pytester.makepyfile(test_mine="""
        import pytest
        from refboost.conformance import trajectories as tj
        from refboost.testing import assert_trajectory

        @pytest.mark.refboost_trajectories("adaboost")
        def test_same(refboost_trajectory):
            assert_trajectory(refboost_trajectory, tj.refboost_iterates(refboost_trajectory))

        @pytest.mark.refboost_trajectories("adaboost-star")
        def test_doubled(refboost_trajectory):
            its = tj.refboost_iterates(refboost_trajectory)
            for it in its:
                it["step"] *= 2
            assert_trajectory(refboost_trajectory, its)
    """)
    pytester.makepyfile(test_bad="""
        import pytest

        @pytest.mark.refboost_trajectories("nope")
        def test_unknown(refboost_trajectory):
            pass
    """)
    res = pytester.runpytest("--strict-markers", "-p", "no:cacheprovider", "-v", "--continue-on-collection-errors")
    n = len(tj.instances("adaboost"))
    res.stdout.fnmatch_lines(["*test_same?pm1_*PASSED*", "*DIFFERS at iteration 1 (iterates?0?), field 'step'*"])
    res.stdout.fnmatch_lines(["*@pytest.mark.refboost_trajectories: family must be one of*"])
    res.assert_outcomes(passed=n, failed=len(tj.instances("adaboost_star")), errors=1)
