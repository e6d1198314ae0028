"""No silent passes (issue 50, item 2), and the CLI's format and reporting (item 4).

Each test here failed before the fix: a misspelled tag collected nothing and the run was green; a batch
folder with missing candidates exited 0; a sign flip applied to the fixture's U passed; a stale distribution
passed next to right weights; a GradientBoostingClassifier was mapped as "50/50 members matched".
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from refboost import conformance as kit
from refboost.conformance.cli import main
from refboost.testing import assert_certified

pytest_plugins = ["pytester"]


def _write(path: Path, v, fmt=repr) -> Path:
    path.write_text("\n".join(fmt(float(x)) for x in np.ravel(v)) + "\n")
    return path


# -------------------------------------------------------------------------------------------------
# the marker
# -------------------------------------------------------------------------------------------------


def test_unknown_tag_is_a_collection_error_naming_the_tags(pytester):
    pytester.makepyfile(test_a="""
        import pytest

        @pytest.mark.refboost_instances("soft_margin_lp", tag="real_data")
        def test_x(refboost_instance):
            pass
    """, test_b="""
        def test_unrelated():
            pass
    """)
    res = pytester.runpytest("-p", "no:cacheprovider", "--continue-on-collection-errors")
    res.assert_outcomes(passed=1, errors=1)
    assert res.ret != 0
    res.stdout.fnmatch_lines(["*no instance of the kit carries tag='real_data'; the tags are:*real-data*"])
    # a tag of the kit that the family does not carry is an error too
    pytester.makepyfile(test_a="""
        import pytest

        @pytest.mark.refboost_instances("dynamics", tag="real-data")
        def test_x(refboost_instance):
            pass
    """)
    res = pytester.runpytest("-p", "no:cacheprovider", "--continue-on-collection-errors")
    res.assert_outcomes(passed=1, errors=1)
    res.stdout.fnmatch_lines(["*no instance of family 'dynamics' carries tag='real-data'*"])
    with pytest.raises(ValueError, match="tag must be one of the kit's tags"):
        kit.instances("soft_margin_lp", tag="real_data")


def test_unknown_family_is_a_collection_error_naming_the_families(pytester):
    pytester.makepyfile(test_a="""
        import pytest

        @pytest.mark.refboost_instances("softmargin", tag="random")
        def test_x(refboost_instance):
            pass
    """)
    res = pytester.runpytest("-p", "no:cacheprovider")
    assert res.ret != 0
    res.stdout.fnmatch_lines(["*problem must be one of*soft_margin_lp*softmargin*"])


def test_a_matrix_changed_by_the_code_under_test_fails(pytester):
    """The fixture's arrays are read-only; a solver that flips a sign on a copy and hands the copy back is
    caught, because the kit certifies against its own stored matrix."""
    pytester.makepyfile(test_a="""
        import numpy as np
        import pytest
        from refboost import truth
        from refboost.testing import assert_certified

        @pytest.mark.refboost_instances("soft_margin_lp", tag="random")
        def test_in_place(refboost_instance):
            with pytest.raises(ValueError, match="read-only"):
                refboost_instance.U[:, 0] *= -1

        @pytest.mark.refboost_instances("soft_margin_lp", tag="random")
        def test_flipped_copy(refboost_instance):
            U = refboost_instance.U.copy()
            U[:, 0] *= -1
            w = truth.soft_margin_lp(U, **refboost_instance.params).w
            assert_certified(refboost_instance.problem, U, refboost_instance.params, weights=w)
    """)
    n = len(kit.instances("soft_margin_lp", tag="random"))
    res = pytester.runpytest("-p", "no:cacheprovider")
    res.assert_outcomes(passed=n, failed=n)
    res.stdout.fnmatch_lines(["*is not the kit's stored matrix*"])


def test_handed_out_arrays_are_copies_and_read_only():
    inst = kit.instances("erlp_36")[0]
    for a in (inst.U, inst.weights, inst.distribution):
        assert not a.flags.writeable
    inst.U.flags.writeable = True  # a determined caller can still write to its copy ...
    inst.U[:] = 0.0
    # ... but the kit certifies against its own copy
    assert kit.certify_candidate(inst, weights=inst.weights).ok
    assert not np.all(kit.load("erlp_36", inst.name).U == 0)


# -------------------------------------------------------------------------------------------------
# the primal-dual pair
# -------------------------------------------------------------------------------------------------


def test_a_stale_distribution_fails_assert_certified_and_the_cli(tmp_path, capsys):
    inst = next(i for i in kit.instances("soft_margin_lp", tag="random")
                if not kit.certify_candidate(i, distribution=np.full(i.U.shape[0], 1 / i.U.shape[0])).ok)
    stale = np.full(inst.U.shape[0], 1 / inst.U.shape[0])
    with pytest.raises(AssertionError, match="NOT certified"):
        assert_certified(inst, weights=inst.weights, distribution=stale)
    with pytest.raises(AssertionError):
        assert_certified(inst.problem, inst.U, inst.params, weights=inst.weights, distribution=stale)
    assert assert_certified(inst, weights=inst.weights, distribution=stale, pair=False).ok
    assert assert_certified(inst, weights=inst.weights, distribution=inst.distribution, pair=True).ok
    w = _write(tmp_path / "w.csv", inst.weights)
    d = _write(tmp_path / "d.csv", stale)
    args = ["soft-margin-lp", "--instance", inst.name, "--weights", str(w), "--distribution", str(d)]
    assert main(args) == 1
    assert main([*args, "--no-pair"]) == 0
    capsys.readouterr()


# -------------------------------------------------------------------------------------------------
# the batch
# -------------------------------------------------------------------------------------------------


def test_batch_with_missing_candidates_fails_and_names_them(tmp_path, capsys):
    insts = kit.instances("hard_margin")
    for inst in insts[:-2]:
        _write(tmp_path / f"{inst.name}.weights.csv", inst.weights)
    (tmp_path / "notes.txt").write_text("x")
    status = main(["hard-margin", "--batch", str(tmp_path)])
    cap = capsys.readouterr()
    assert status == 1
    for inst in insts[-2:]:
        assert inst.name in cap.out and "MISSING" in cap.out
    assert "ignored 1 file" in cap.err and "notes.txt" in cap.err
    assert main(["hard-margin", "--batch", str(tmp_path), "--allow-missing"]) == 0
    assert "have no candidate" in capsys.readouterr().err


# -------------------------------------------------------------------------------------------------
# adapters
# -------------------------------------------------------------------------------------------------


def test_from_sklearn_ensemble_refuses_regression_tree_members():
    pytest.importorskip("sklearn")
    from sklearn.ensemble import GradientBoostingClassifier

    from refboost.testing import from_sklearn_ensemble

    inst = kit.instances("soft_margin_lp", tag="real-data")[0]
    gb = GradientBoostingClassifier(n_estimators=5, max_depth=1, random_state=0).fit(inst.X, inst.y)
    with pytest.raises(ValueError, match="not a two-class classifier"):
        from_sklearn_ensemble(gb, inst)


# -------------------------------------------------------------------------------------------------
# reports, CSV reading, --version / --path
# -------------------------------------------------------------------------------------------------


def test_failure_messages_name_the_parameters_and_the_family():
    inst = next(i for i in kit.instances("soft_margin_lp") if i.params["nu"] == 1.0)
    K = inst.U.shape[1]
    bad = np.zeros(K)
    bad[int(np.argmin(inst.U.T @ inst.distribution))] = 1.0
    with pytest.raises(AssertionError) as exc:
        assert_certified(inst, weights=bad)
    msg = str(exc.value)
    assert "soft_margin_lp / " + inst.name in msg and "nu = 1" in msg and "hard_margin" not in msg.split("\n")[0]
    assert "distance to optimum" in msg
    inst = kit.instances("erlp_36")[0]
    w = np.full(inst.U.shape[1], 1 / inst.U.shape[1])
    with pytest.raises(AssertionError, match=r"nu = .*eta = "):
        assert_certified(inst, weights=w, tol=0.0)


def test_csv_header_and_short_precision_warn(tmp_path, capsys):
    inst = next(i for i in kit.instances("soft_margin_lp", tag="random")
                if any(len(repr(float(x)).lstrip("0.")) > 12 for x in i.weights))
    f = tmp_path / "w.csv"
    f.write_text("weight\n" + "\n".join(repr(float(x)) for x in inst.weights) + "\n")
    assert main(["soft-margin-lp", "--instance", inst.name, "--weights", str(f)]) == 0
    assert "skipped as a header" in capsys.readouterr().err
    _write(f, inst.weights, fmt=lambda x: f"{x:.7g}")
    main(["soft-margin-lp", "--instance", inst.name, "--weights", str(f)])
    assert "fewer than 10 significant digits" in capsys.readouterr().err


def test_exact_short_numbers_do_not_warn(tmp_path, capsys):
    """%.17g prints 0.25 as "0.25": a double that is exactly a short decimal is no loss of precision."""
    inst = kit.instances("soft_margin_lp")[0]
    f = tmp_path / "d.csv"
    _write(f, inst.distribution, fmt=lambda x: f"{x:.17g}")
    w = tmp_path / "w.csv"
    _write(w, inst.weights, fmt=lambda x: f"{x:.17g}")
    main(["soft-margin-lp", "--instance", inst.name, "--weights", str(w), "--distribution", str(f)])
    assert "significant digits" not in capsys.readouterr().err
    f.write_text("0.25\n0.5\n0.125\n0.125\n")
    from refboost.conformance.cli import read_vector

    msgs = []
    assert list(read_vector(f, "--distribution", None, warn=msgs.append)) == [0.25, 0.5, 0.125, 0.125]
    assert msgs == []
    f.write_text("0.1\n0.9\n")  # not exact in binary: a short print of another double
    read_vector(f, "--distribution", None, warn=msgs.append)
    assert msgs and "fewer than 10 significant digits" in msgs[0]


def test_version_and_path(capsys):
    assert main(["--version"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("refboost-check (refboost ") and "kit format" in out
    assert main(["--path"]) == 0
    path = Path(capsys.readouterr().out.strip())
    assert (path / "manifest.json").is_file() and path == kit.kit_root()


def test_json_rows_carry_parameters_and_distance(tmp_path, capsys):
    inst = kit.instances("erlp_36")[0]
    _write(tmp_path / f"{inst.name}.weights.csv", inst.weights)
    assert main(["erlp-36", "--batch", str(tmp_path), "--json", "--allow-missing"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["params"] == inst.params and row["distance"] < 1e-9


def test_json_schemas_describe_the_files_and_the_rows(tmp_path, capsys):
    jsonschema = pytest.importorskip("jsonschema")
    from refboost.conformance import schema

    assert main(["--schema", "instance"]) == 0
    assert json.loads(capsys.readouterr().out) == schema.INSTANCE
    for family in kit.problems():  # three of each family (all of them take half a minute)
        for path in sorted(kit.kit_root().glob(f"{family}/*/instance.json"))[:3]:
            jsonschema.validate(json.loads(path.read_text()), schema.INSTANCE)
    inst = kit.instances("soft_margin_lp")[0]
    _write(tmp_path / f"{inst.name}.weights.csv", inst.weights)
    _write(tmp_path / "no-such.weights.csv", inst.weights)
    main(["soft-margin-lp", "--batch", str(tmp_path), "--json"])
    rows = json.loads(capsys.readouterr().out)
    jsonschema.validate(rows, schema.RESULT)
    assert {r["verdict"] for r in rows} == {"CERTIFIED", "ERROR", "MISSING"}
