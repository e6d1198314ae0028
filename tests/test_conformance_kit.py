"""The conformance kit: every stored instance re-verified, the counts, the API contract."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from refboost import conformance as kit
from refboost.conformance import _store

ROOT = kit.kit_root()
MANIFEST = json.loads((ROOT / "manifest.json").read_text())
ALL = kit.instances()
IDS = [f"{i.problem}/{i.name}" for i in ALL]


def _sample(per_family=2):
    """A deterministic sample: the first and the middle instance of each family (by name)."""
    out = []
    for p in kit.problems():
        fam = [i for i in ALL if i.problem == p]
        if fam:
            out += [fam[0], fam[len(fam) // 2]][:per_family]
    return out


SAMPLE = _sample()


def test_manifest_lists_every_file_with_its_sha256():
    on_disk = {f.relative_to(ROOT).as_posix() for f in ROOT.glob("*/*/*") if f.is_file()}
    on_disk = {f for f in on_disk if not f.startswith("scale/")}  # scale/manifest.json lists those
    assert on_disk == set(MANIFEST["files"])
    bad = [rel for rel, rec in MANIFEST["files"].items() if _store.sha256(ROOT / rel) != rec["sha256"]]
    assert not bad, f"sha256 differs from the manifest: {bad[:5]}"


def test_manifest_counts_and_generator():
    per = MANIFEST["counts"]["per_family"]
    assert set(per) == set(kit.problems())
    for p in kit.problems():
        assert per[p] >= 30, f"{p}: only {per[p]} instances"
        assert per[p] == len(kit.instances(p))
    assert MANIFEST["counts"]["total"] == len(ALL)
    assert "python -m refboost.conformance build" in MANIFEST["generator"]["command"]
    assert isinstance(MANIFEST["generator"]["seed"], int)


def test_every_family_has_adversarial_and_real_data_instances():
    for p in kit.problems():
        tags = MANIFEST["counts"]["per_tag"][p]
        if p == "dynamics":
            assert {"3x3", "mxm", "4x5", "11x20"} <= set(tags)
            continue
        assert tags.get("adversarial", 0) >= 10, (p, tags)
        assert tags.get("real-data", 0) >= 4, (p, tags)


@pytest.mark.parametrize("inst", ALL, ids=IDS)
def test_stored_instance_verifies(inst):
    cert = kit.verify(inst)
    assert cert.ok, cert.report()
    c = inst.certificate
    # the two stored solvers agree, and the stored value is the certificate's
    assert c["value_difference"] <= c["agreement_tol"]
    assert len(c["solvers"]) == 2
    if inst.problem == "dynamics":
        assert c["value_difference"] <= inst.tol
        assert np.isclose(inst.value, float(np.min(inst.U @ inst.weights)), rtol=0, atol=1e-12)
    else:
        assert abs(cert.objective - inst.value) <= inst.tol + 1e-12
        assert abs(_store.from_json_float(c["solvers"][0]["value"]) - inst.value) <= c["agreement_tol"]
    assert c["certify"]["ok"] is True
    assert set(c["versions"]) >= {"numpy", "scipy", "highspy", "cvxpy", "clarabel", "refboost"}
    if "real-data" in inst.tags:
        assert inst.X is not None and inst.y is not None
        assert inst.X.shape[0] == inst.U.shape[0] == inst.y.shape[0]
        if inst.problem not in ("corrective_46", "corrective_binary_412"):
            assert len(inst.solution["stumps"]) == inst.U.shape[1]


def _stump_column(X, y, feature, threshold, sign):
    if feature < 0:
        return y * sign
    return y * sign * np.where(X[:, feature] > float(threshold), 1.0, -1.0)


def test_real_data_stumps_rebuild_the_matrix():
    for inst in kit.instances("soft_margin_lp", tag="real-data"):
        cols = [_stump_column(inst.X, inst.y, j, t, s) for j, t, s in inst.solution["stumps"]]
        np.testing.assert_array_equal(np.column_stack(cols), inst.U)


@pytest.mark.parametrize("inst", SAMPLE, ids=[f"{i.problem}/{i.name}" for i in SAMPLE])
def test_ground_truth_resolve_on_a_sample(inst):
    """Solve the sampled instances again from the files with the ground truth and compare values."""
    if inst.problem == "dynamics":
        from refboost.conformance._families import adaboost_trajectory

        tr, w = adaboost_trajectory(inst.U, inst.params)
        assert np.max(np.abs(tr.d - np.asarray(inst.solution["d"], dtype=float))) <= inst.tol
        return
    from refboost.conformance._families import FAMILIES

    value, *_ = FAMILIES[inst.problem].solve(inst.U, inst.params)
    assert abs(value - inst.value) <= inst.certificate["agreement_tol"]


# ---------------------------------------------------------------------------------------- API


def test_problems_and_hyphenated_names():
    names = kit.problems()
    assert names == tuple(sorted(names, key=names.index))
    for p in ("soft_margin_lp", "hard_margin", "erlp_36", "binary_erlp_325", "softboost_31", "corrective_46",
              "corrective_binary_412", "smoothed_soft_margin", "adaboost_l1", "logitboost_l1", "generalized_hinge",
              "adaboost_qp", "sun_kl", "sun_norm2", "lp_reg", "dynamics"):
        assert p in names
    a = kit.instances("soft-margin-lp")
    assert [i.name for i in a] == [i.name for i in kit.instances("soft_margin_lp")]
    assert kit.load("soft-margin-lp", a[0].name).name == a[0].name
    inst = a[0]
    cert = kit.certify_candidate("soft-margin-lp", inst.U, inst.params, weights=inst.weights,
                                 distribution=inst.distribution)
    assert cert.ok


def test_instances_sorted_and_tag_filter():
    keys = [(i.problem, i.name) for i in ALL]
    assert keys == sorted(keys)
    adv = kit.instances(tag="adversarial")
    assert adv and all("adversarial" in i.tags for i in adv)
    real = kit.instances("erlp_36", tag="real-data")
    assert real and all(i.problem == "erlp_36" for i in real)
    with pytest.raises(ValueError, match="tag must be one of the kit's tags"):  # a misspelt tag is an error
        kit.instances(tag="no-such-tag")
    assert kit.instances("dynamics", tag="real-data") == []  # a tag of the kit the family does not carry


def test_bad_problem_name_lists_the_valid_ones():
    with pytest.raises(ValueError, match="soft_margin_lp") as e:
        kit.instances("soft_margin")
    assert "dynamics" in str(e.value)
    with pytest.raises(ValueError, match="problem must be one of"):
        kit.load("nope", "x")
    with pytest.raises(ValueError, match="problem must be one of"):
        kit.certify_candidate("nope", np.ones((2, 2)), {}, weights=[1, 0])


def test_missing_instance_is_a_clear_error():
    with pytest.raises(KeyError, match="no instance 'does_not_exist' in family 'erlp_36'"):
        kit.load("erlp_36", "does_not_exist")


def test_certify_candidate_rejects_bad_params_and_a_wrong_candidate():
    inst = kit.instances("erlp_36")[0]
    with pytest.raises(ValueError, match="eta"):
        kit.certify_candidate("erlp_36", inst.U, {"nu": inst.params["nu"], "eta": -1.0}, weights=inst.weights)
    with pytest.raises(ValueError, match=r"nu.*\[1(\.0)?, "):
        kit.certify_candidate("erlp_36", inst.U, {"nu": 0.5, "eta": 1.0}, weights=inst.weights)
    with pytest.raises(ValueError, match="candidate"):
        kit.certify_candidate("erlp_36", inst.U, inst.params)
    lp = kit.instances("soft_margin_lp", tag="random")[0]
    K = lp.U.shape[1]
    bad = np.full(K, 1.0 / K)
    if not math.isclose(kit.certify_candidate("soft_margin_lp", lp.U, lp.params, weights=bad).objective, lp.value,
                        abs_tol=1e-6):
        assert not kit.certify_candidate("soft_margin_lp", lp.U, lp.params, weights=bad).ok


def test_dynamics_candidate_trajectory():
    inst = kit.load("dynamics", "rudin_3x3_golden_cycle")
    D = np.asarray(inst.solution["d"], dtype=float)
    cert = kit.certify_candidate("dynamics", inst.U, inst.params, distribution=D, weights=inst.weights)
    assert cert.ok, cert.report()
    assert "CERTIFIED" in cert.report()
    moved = D.copy()
    moved[-1] = np.roll(moved[-1], 1)
    assert not kit.certify_candidate("dynamics", inst.U, inst.params, distribution=moved).ok
    with pytest.raises(ValueError, match="iterations"):
        kit.certify_candidate("dynamics", inst.U, {"start": inst.params["start"]}, distribution=D[-1])


def test_kit_root_is_the_manifest_folder():
    assert (kit.kit_root() / "manifest.json").is_file()
    assert kit.kit_root().name in ("conformance", "kit")


def test_pyproject_ships_every_package_and_the_kit():
    """The wheel's package list is explicit (for the kit's package-dir mapping): it must name every
    package setuptools discovers, and map refboost.conformance.kit onto data/conformance."""
    from pathlib import Path

    tomllib = pytest.importorskip("tomllib")
    from setuptools import find_namespace_packages

    repo = Path(kit.__file__).resolve().parents[2]
    if not (repo / "pyproject.toml").is_file():
        pytest.skip("not a source tree")
    cfg = tomllib.loads((repo / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = set(find_namespace_packages(where=str(repo), include=["refboost*"]))
    found = {p for p in found if any((repo / p.replace(".", "/")).glob("*.py"))}
    assert found <= set(cfg["packages"]), f"add to [tool.setuptools] packages: {sorted(found - set(cfg['packages']))}"
    assert cfg["package-dir"]["refboost.conformance.kit"] == "data/conformance"
