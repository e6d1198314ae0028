"""The kit's C-parametrised family (Demiriz et al.'s LP with C given), its scale instances and the
trajectories in ``verify`` and ``--list``."""

from __future__ import annotations

import json

import numpy as np
import pytest

from refboost import certify, truth
from refboost import conformance as kit
from refboost.conformance import _scale, _store
from refboost.conformance.cli import main

DEMIRIZ = kit.instances("demiriz_lp")


# ---------------------------------------------------------------------------------------------
# demiriz_lp
# ---------------------------------------------------------------------------------------------


def test_demiriz_family_size_tags_and_modes():
    assert len(DEMIRIZ) >= 30
    tags = {t for i in DEMIRIZ for t in i.tags}
    assert {"adversarial", "real-data", "all_violated", "ties", "duplicate_rows", "C_tiny", "C_huge",
            "nu_equivalent"} <= tags
    assert kit.modes("demiriz-lp") == ("weights", "distribution", "pair")


def test_demiriz_hard_cases_hold_what_their_names_say():
    for inst in kit.instances("demiriz_lp", tag="all_violated"):
        # every margin violated: a = 0 is optimal and the optimum is C N
        assert np.all(inst.U @ inst.weights < 1.0)
        assert inst.value == pytest.approx(inst.params["C"] * inst.U.shape[0], rel=1e-9)
    for inst in kit.instances("demiriz_lp", tag="nu_equivalent"):
        eq = inst.solution["nu_equivalent"]
        g = truth.soft_margin_lp(inst.U, eq["nu"]).value
        assert inst.params["C"] == pytest.approx(1.0 / (eq["nu"] * g), rel=1e-9)
        assert inst.value == pytest.approx(1.0 / g, rel=1e-7)


def test_demiriz_certify_from_the_candidate_alone_and_by_the_kit():
    # an instance with unnormalised optimal weights (sum a > 1.5) and violated margins
    inst = next(i for i in DEMIRIZ if i.weights.sum() > 1.5 and np.any(i.U @ i.weights < 1 - 1e-6)
                and 1.0 < i.value < 1e3)
    a, u, C = np.array(inst.weights), np.array(inst.distribution), inst.params["C"]
    cert = certify.demiriz_lp(inst.U, a, C=C, distribution=u, tol=inst.tol, bound="dual")
    assert cert.ok and cert.sense == "min", cert.report()
    assert sum(cert.kkt[k] for k in ("a_on_max_edges", "u_on_margin", "u_at_C_on_slack")) == pytest.approx(
        cert.gap, abs=1e-9 * inst.value)
    for kw in ({"weights": a}, {"distribution": u}, {"weights": a, "distribution": u}):
        assert kit.certify_candidate(inst, **kw).ok
    # the weights are unnormalised: the simplex-normalised optimum is not a solution (sum a != 1 here)
    assert abs(a.sum() - 1.0) > 0.1
    assert not kit.certify_candidate(inst, weights=a / a.sum()).ok
    assert not kit.certify_candidate(inst, distribution=0.9 * u).ok
    assert not kit.certify_candidate(inst, weights=a, distribution=0.9 * u).ok  # a stale dual point
    with pytest.raises(ValueError, match="C"):
        kit.certify_candidate("demiriz_lp", inst.U, {"C": 0.0}, weights=a)
    with pytest.raises(ValueError, match="C must be"):
        certify.demiriz_lp(inst.U, a, C=-1.0)


def test_demiriz_ground_truth_two_formulations_agree():
    inst = kit.load("demiriz_lp", "duplicate_columns_C0.3")
    s = truth.demiriz_lp(inst.U, inst.params["C"])
    v2, u2, _ = truth.demiriz_dual_cvx(inst.U, inst.params["C"])
    assert s.value == pytest.approx(inst.value, abs=inst.certificate["agreement_tol"])
    assert v2 == pytest.approx(inst.value, abs=inst.certificate["agreement_tol"])


# ---------------------------------------------------------------------------------------------
# scale instances
# ---------------------------------------------------------------------------------------------

SROOT = _scale.root(kit.kit_root())


@pytest.fixture(scope="module")
def scale_manifest():
    if not (SROOT / "manifest.json").is_file():
        pytest.skip("no scale instances in this kit")
    return json.loads((SROOT / "manifest.json").read_text())


def test_scale_files_sha256_size_and_regeneration(scale_manifest):
    on_disk = {f.relative_to(SROOT).as_posix() for f in SROOT.rglob("*") if f.is_file() and f.name != "manifest.json"}
    assert on_disk == set(scale_manifest["files"])
    for rel, rec in scale_manifest["files"].items():
        assert _store.sha256(SROOT / rel) == rec["sha256"], rel
    assert scale_manifest["total_bytes"] < 5_000_000
    metas = [json.loads((p / "instance.json").read_text()) for p in _scale.instance_dirs(kit.kit_root())]
    assert max(m["shape"][0] for m in metas) == 20_000
    assert {m["problem"] for m in metas} >= {"soft_margin_lp", "erlp_36"}
    for m in metas:  # the matrix regenerated from its seed is the stored one
        U = _scale.read_bits(SROOT / m["U_source"]["file"], m["shape"])
        assert _scale.array_sha256(U) == m["U_source"]["sha256"]
        rt = m["reference_time"]
        assert rt["specialised"]["seconds"] > 0 and rt["truth"]["seconds"] > 0 and rt["machine"]["cpu"] is not None
    small = min(metas, key=lambda m: m["shape"][0])
    assert _scale.array_sha256(_scale.regenerate(small)) == small["U_source"]["sha256"]


def test_scale_instances_only_when_asked_for_and_one_certified(scale_manifest):
    assert not any("scale" in i.tags for i in kit.instances("soft_margin_lp"))
    sc = kit.instances("soft_margin_lp", tag="scale")
    assert sc and all("scale" in i.tags for i in sc)
    inst = min(sc, key=lambda i: i.U.shape[0])
    assert kit.verify(inst).ok
    assert kit.certify_candidate(inst, weights=inst.weights).ok
    assert kit.load("soft_margin_lp", inst.name).name == inst.name
    assert kit._find_stored("soft_margin_lp", np.array(inst.U), inst.params).name == inst.name


# ---------------------------------------------------------------------------------------------
# trajectories in verify and --list
# ---------------------------------------------------------------------------------------------


def test_verify_reruns_trajectories_and_list_shows_them(capsys):
    lines = []
    assert kit.verify_all(["hard_margin"], scale=False, trajectories=["lpboost"], log=lines.append) == []
    assert any(line.startswith("trajectories/lpboost:") for line in lines)
    assert main(["--list"]) == 0
    out = capsys.readouterr().out
    assert "trajectory family" in out and "erlpboost" in out and "demiriz-lp" in out
    assert main(["--list", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    from refboost.conformance import trajectories as tj

    assert set(listing["trajectories"]) == set(tj.families())
