"""refboost.datasets: the bundled data, the data search path, sizes against the registry, labels,
scaling, checksums, download, the command line, Breiman's generators.

The data bundled with the clone (``data/datasets``) is always present, so these tests never skip:
the tests of a catalogue set that is neither bundled nor fetched check the missing-data error instead.
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import re
import shutil
from pathlib import Path

import numpy as np
import pytest
import scipy.sparse as sp

from refboost import datasets as ds
from refboost._registry import build_registry
from refboost.datasets import catalogue
from refboost.datasets.fetch import _candidate_urls

FILE_NAMES = [n for n in ds.names() if not n.startswith("gen:")]
IDA_ASC = [n for n in FILE_NAMES if catalogue._SPECS[n].kind == "ida-asc"]
BUNDLE = ds.bundled_data_home()


def _sha(b: bytes) -> str:
    return hashlib.sha256(b).hexdigest()


def _bundled() -> dict[str, str]:
    """``{stored path: sha256}`` from the bundle's SHA256SUMS."""
    out = {}
    for line in (BUNDLE / "SHA256SUMS").read_text().splitlines():
        sha, rel = line.split("  ", 1)
        out[rel] = sha
    return out


def _catalogue_path(stored: str) -> str:
    """The registry key of a bundled file (``libsvm/X.gz`` holds catalogue file ``libsvm/X``)."""
    return stored if stored in ds.registry() else stored[: -len(".gz")]


def _content(rel: str) -> bytes:
    """Decompressed content of catalogue file ``rel`` as the library finds it."""
    path = ds.locate(rel)
    raw = path.read_bytes()
    return gzip.decompress(raw) if path.suffix == ".gz" else raw


#: (data set, realisation) pairs the bundle provides; the chapters and tests read these.
BUNDLED_SETS = [
    ("ida:heart", 1),
    ("ida:heart", 2),
    ("ida:waveform", 1),
    ("ida:banana", 1),
    ("ida:banana", 2),
    ("ida:banana", 3),
    ("ida:titanic", 1),
    ("ida:titanic", 2),
    ("libsvm:australian", None),
    ("libsvm:breast-cancer", None),
    ("libsvm:mushrooms", None),
    ("libsvm:svmguide1", None),
]


@pytest.fixture
def bare_env(monkeypatch, tmp_path):
    """A new user: no REFBOOST_DATA, an empty HOME and no XDG cache."""
    home = tmp_path / "emptyhome"
    home.mkdir()
    monkeypatch.delenv(ds.ENV_VAR, raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(home))
    return home


# ---------------------------------------------------------------- the bundled data


def test_bundled_files_verify_against_their_checksums():
    sums = _bundled()
    on_disk = sorted(str(p.relative_to(BUNDLE)) for p in BUNDLE.rglob("*") if p.is_file())
    assert on_disk == sorted([*sums, "MANIFEST.md", "SHA256SUMS"])
    manifest = (BUNDLE / "MANIFEST.md").read_text(encoding="utf-8")
    total = 0
    for stored, sha in sums.items():
        raw = (BUNDLE / stored).read_bytes()
        total += len(raw)
        assert _sha(raw) == sha, stored
        rel = _catalogue_path(stored)
        rec = ds.registry()[rel]
        content = gzip.decompress(raw)
        assert _sha(content) == rec["sha256_content"], stored
        # deterministic gzip (level 9, mtime 0): the IDA files are byte-identical to the catalogue's
        assert raw == gzip.compress(content, compresslevel=9, mtime=0), stored
        if stored == rel:
            assert sha == rec["sha256"]
        # provenance and licence are written down per file
        row = next(ln for ln in manifest.splitlines() if ln.startswith(f"| `{stored}` |"))
        assert sha in row and rec["source_repo"] in row and rec["source_commit"] in row and rec["license"] in row
    assert f"{len(sums)} files, {total} bytes" in manifest
    assert total < 2_000_000  # only what the default runs read


def test_bundled_manifest_rows_are_the_registry_records(tmp_path):
    reg = build_registry(BUNDLE / "MANIFEST.md", tmp_path / "r.json")
    assert sorted(reg) == sorted(_catalogue_path(s) for s in _bundled())
    for rel, rec in reg.items():
        assert rec == ds.registry()[rel]


def test_every_bundled_file_verifies_through_the_library(bare_env):
    n = 0
    for name in sorted({nm for nm, _ in BUNDLED_SETS}):
        checked = ds.verify(name, present_only=True)
        for rel in checked:
            assert ds.locate(rel).is_relative_to(BUNDLE)
        n += len(checked)
    assert n == len(_bundled())


@pytest.mark.parametrize("name, realisation", BUNDLED_SETS)
def test_bundled_sets_load_for_a_new_user(name, realisation, bare_env):
    """REFBOOST_DATA unset, empty HOME and XDG_CACHE_HOME: the bundled files are found."""
    d = ds.load(name, realisation=realisation)
    spec = catalogue._SPECS[name]
    files = catalogue._files(spec, realisation)
    assert all(Path(p).is_relative_to(BUNDLE) for p in d.info["paths"].values())
    rec_x = ds.registry()[files[0]]
    assert d.X.shape == (rec_x["rows"], rec_x["cols"])
    rec_y = ds.registry()[files[1] if spec.kind == "ida-asc" else files[0]]
    counts = sorted(rec_y["labels"].items(), key=lambda kv: float(kv[0]))
    assert (int(np.sum(d.y == -1)), int(np.sum(d.y == 1))) == (counts[0][1], counts[-1][1])
    assert np.all(np.isfinite(d.X)) and set(np.unique(d.y)) == {-1.0, 1.0}


def test_data_fixture_needs_no_environment(data_home):
    """The tests read data through the library's own search path (no folder outside the clone)."""
    assert Path(data_home).is_dir()
    assert Path(data_home) in [folder for folder, _ in ds.search_path()]


# ---------------------------------------------------------------- the search path


def test_search_path_order(monkeypatch, tmp_path):
    monkeypatch.setenv(ds.ENV_VAR, str(tmp_path / "env"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    places = ds.search_path(tmp_path / "arg")
    assert [f for f, _ in places] == [
        tmp_path / "arg",
        tmp_path / "env",
        tmp_path / "xdg" / "refboost" / "data",
        BUNDLE,
    ]
    assert [w for _, w in places] == [
        "the data_home argument",
        f"${ds.ENV_VAR}",
        "the user cache",
        "the data bundled with the clone",
    ]
    assert ds.get_data_home(tmp_path / "arg") == tmp_path / "arg"  # downloads: never the bundle
    assert ds.get_data_home() == tmp_path / "env"
    monkeypatch.delenv(ds.ENV_VAR)
    assert ds.get_data_home() == tmp_path / "xdg" / "refboost" / "data"
    # a folder named twice is searched once
    assert len(ds.search_path(BUNDLE)) == 2


def test_default_data_home_is_user_cache(monkeypatch, tmp_path):
    monkeypatch.delenv(ds.ENV_VAR, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert ds.get_data_home() == tmp_path / "refboost" / "data"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert ds.get_data_home() == Path.home() / ".cache" / "refboost" / "data"


def test_each_file_from_the_first_place_that_has_it(bare_env, monkeypatch, tmp_path):
    """A user cache holding only some sets works with the bundled rest; data_home and
    REFBOOST_DATA come first."""
    cache = tmp_path / "xdg" / "refboost" / "data"
    (cache / "libsvm").mkdir(parents=True)
    (cache / "libsvm" / "australian_scale").write_bytes(_content("libsvm/australian_scale"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    aus = ds.load("australian")
    assert aus.info["paths"]["libsvm/australian_scale"] == str(cache / "libsvm" / "australian_scale")
    assert ds.verify("australian") == {"libsvm/australian_scale": ds.registry()["libsvm/australian_scale"]["sha256"]}
    heart = ds.load("heart")
    assert all(Path(p).is_relative_to(BUNDLE) for p in heart.info["paths"].values())
    # REFBOOST_DATA before the cache, the argument before both
    env = tmp_path / "env"
    (env / "libsvm").mkdir(parents=True)
    (env / "libsvm" / "australian_scale.gz").write_bytes((BUNDLE / "libsvm" / "australian_scale.gz").read_bytes())
    monkeypatch.setenv(ds.ENV_VAR, str(env))
    assert ds.locate("libsvm/australian_scale") == env / "libsvm" / "australian_scale.gz"
    np.testing.assert_array_equal(ds.load("australian").X, aus.X)
    arg = tmp_path / "arg"
    (arg / "libsvm").mkdir(parents=True)
    (arg / "libsvm" / "australian_scale").write_bytes(_content("libsvm/australian_scale"))
    assert ds.locate("libsvm/australian_scale", arg) == arg / "libsvm" / "australian_scale"


def test_status_reports_complete_partial_and_missing(bare_env):
    st = ds.status("heart")
    assert st["name"] == "ida:heart" and st["realisations"] == (1, 2) and st["loadable"]
    assert not st["complete"] and len(st["found"]) == 8 and len(st["missing"]) == 32
    assert ds.status("banana")["realisations"] == (1, 2, 3)
    assert ds.status("australian")["complete"]
    a9a = ds.status("a9a")
    assert not a9a["found"] and not a9a["loadable"] and a9a["missing"] == ["libsvm/a9a.gz", "libsvm/a9a.t"]
    assert ds.status("gen:twonorm")["complete"]


# ---------------------------------------------------------------- a missing data set


def test_missing_set_names_it_the_fix_and_the_places(bare_env, tmp_path):
    with pytest.raises(ds.DataNotFoundError) as exc:
        ds.load("a9a")
    msg = str(exc.value)
    assert "libsvm:a9a" in msg and "`refboost-data download libsvm:a9a`" in msg
    assert "the user cache" in msg and str(BUNDLE) in msg and "libsvm/a9a.gz" in msg
    # a realisation the bundle does not hold
    with pytest.raises(ds.DataNotFoundError) as exc:
        ds.load("heart", realisation=7)
    msg = str(exc.value)
    assert "ida:heart realisation 7 (raetsch/heart/heart_train_data_7.asc.gz" in msg
    assert "`refboost-data download ida:heart`" in msg
    # the data_home argument is named among the places searched
    with pytest.raises(ds.DataNotFoundError, match="the data_home argument"):
        ds.load("twonorm", data_home=tmp_path)
    with pytest.raises(ds.DataNotFoundError, match="ida:twonorm"):
        ds.verify("twonorm")


def test_every_missing_set_of_a_call_is_named(bare_env, capsys):
    assert ds.main(["verify", "heart", "a9a", "twonorm", "sonar"]) == 1
    out, err = capsys.readouterr()
    assert "heart: 8 files OK (32 not present)" in out
    assert err.count("error:") == 1 and "Traceback" not in err
    assert "refboost-data download libsvm:a9a ida:twonorm libsvm:sonar" in err


# ---------------------------------------------------------------- every catalogue set


@pytest.mark.parametrize("name", FILE_NAMES)
def test_every_catalogue_set_loads_with_registry_sizes_or_names_the_fix(name, data_home):
    """Sets that are present (bundled, cached or in REFBOOST_DATA) load with the registry's sizes and
    label counts; the others raise the missing-data error with the download command."""
    spec = catalogue._SPECS[name]
    st = ds.status(name, data_home=data_home)
    if not st["loadable"]:
        with pytest.raises(ds.DataNotFoundError, match=re.escape(f"refboost-data download {name}")):
            ds.load(name, data_home=data_home)
        return
    r = st["realisations"][0] if spec.kind == "ida-asc" else None
    d = ds.load(name, data_home=data_home, realisation=r)
    assert d.name == name
    files = catalogue._files(spec, r)
    train = spec.train or files[0]
    rec = ds.registry()[train]
    assert d.X.shape == (rec["rows"], rec["cols"])
    assert d.y.shape == (d.X.shape[0],)
    assert set(np.unique(d.y)) <= {-1.0, 1.0}
    assert isinstance(d.X, np.ndarray) and np.all(np.isfinite(d.X))
    if spec.kind == "ida-asc":
        rec_t = ds.registry()[files[2]]
        assert d.X_test.shape == (rec_t["rows"], rec_t["cols"])
    elif spec.test:
        rec_t = ds.registry()[spec.test]
        assert d.X_test.shape == (rec_t["rows"], d.n_features) and rec_t["cols"] <= d.n_features
    else:
        assert d.X_test is None
    rec_y = ds.registry()[train if spec.kind != "ida-asc" else files[1]]
    counts = sorted(rec_y["labels"].items(), key=lambda kv: float(kv[0]))
    assert int(np.sum(d.y == -1)) == counts[0][1]
    assert int(np.sum(d.y == 1)) == counts[-1][1]
    if name == "libsvm:svmguide3":  # svmguide3.t has only +1 rows; the map uses the set's files together
        assert np.all(d.y_test == 1.0) and d.y_test.shape == (41,)
    if name == "libsvm:a9a":  # a9a.t has maximum feature index 122: loaded with 123 features
        assert d.X.shape == (32561, 123) and d.X_test.shape == (16281, 123)
    if name == "ida:twonorm":  # the IDA pattern set has Breiman's class means (+-2/sqrt(20))
        a, tol = 2 / np.sqrt(20), 6 / np.sqrt(3700)
        np.testing.assert_allclose(d.X[d.y > 0].mean(axis=0), a, atol=tol)
        np.testing.assert_allclose(d.X[d.y < 0].mean(axis=0), -a, atol=tol)


@pytest.mark.parametrize("name", IDA_ASC)
def test_every_present_ida_realisation_is_the_same_pattern_set(name, data_home):
    """Train+test of every realisation is the same multiset of (pattern, label) rows (checked on
    the realisations present: banana 1-3 and titanic 1-2 in the bundle)."""
    reals = ds.status(name, data_home=data_home)["realisations"]
    ref = None
    for r in reals[:3]:
        d = ds.load(name, data_home=data_home, realisation=r)
        assert d.realisation == r
        rows = np.column_stack([np.vstack([d.X, d.X_test]), np.r_[d.y, d.y_test]])
        rows = rows[np.lexsort(rows.T[::-1])]
        if ref is None:
            ref = rows
        else:
            np.testing.assert_array_equal(rows, ref)


def test_bare_names_and_aliases(data_home):
    assert ds.load("heart", data_home=data_home).name == "ida:heart"
    assert ds.load("australian", data_home=data_home).name == "libsvm:australian"
    assert ds.load("b-cancer", data_home=data_home).name == "libsvm:breast-cancer"
    assert ds.load("mushroom", data_home=data_home).name == "libsvm:mushrooms"
    assert ds.load("HEART", data_home=data_home).name == "ida:heart"
    assert catalogue._resolve("libsvm:heart").name == "libsvm:heart"
    assert catalogue._resolve("g-numer").name == "libsvm:german.numer"


def test_label_maps(data_home):
    assert ds.load("breast-cancer", data_home=data_home).info["label_map"] == {2.0: -1.0, 4.0: 1.0}
    assert ds.load("mushrooms", data_home=data_home).info["label_map"] == {1.0: -1.0, 2.0: 1.0}
    d = ds.load("svmguide1", data_home=data_home)
    assert d.info["label_map"] == {0.0: -1.0, 1.0: 1.0}
    assert set(np.unique(d.y_test)) == {-1.0, 1.0}


def test_sparse_option(data_home):
    d = ds.load("svmguide1", data_home=data_home, dense=False)
    assert sp.issparse(d.X) and d.X.shape == (3089, 4) and sp.issparse(d.X_test) and d.X_test.shape == (4000, 4)
    np.testing.assert_array_equal(d.X.toarray(), ds.load("svmguide1", data_home=data_home).X)


def test_env_var_is_searched_first(monkeypatch, tmp_path, bare_env):
    shutil.copytree(BUNDLE / "raetsch" / "heart", tmp_path / "env" / "raetsch" / "heart")
    monkeypatch.setenv(ds.ENV_VAR, str(tmp_path / "env"))
    d = ds.load("heart")
    assert d.X.shape == (170, 13)
    assert all(Path(p).is_relative_to(tmp_path / "env") for p in d.info["paths"].values())


# ---------------------------------------------------------------- scaling


def test_minmax_scaling_maps_training_range_to_pm1(data_home):
    d = ds.load("australian", data_home=data_home, scale="minmax")
    raw = ds.load("australian", data_home=data_home)
    assert d.scaling == "minmax"
    np.testing.assert_allclose(d.X.max(axis=0), 1.0, atol=1e-12)
    np.testing.assert_allclose(d.X.min(axis=0), -1.0, atol=1e-12)
    # an affine, increasing map per feature: order and hence every stump is unchanged
    for j in range(d.n_features):
        assert np.array_equal(np.argsort(raw.X[:, j], kind="stable"), np.argsort(d.X[:, j], kind="stable"))


def test_scaling_is_fitted_on_train_and_applied_to_test(data_home):
    d = ds.load("heart", data_home=data_home, scale="standard")
    raw = ds.load("heart", data_home=data_home)
    np.testing.assert_allclose(d.X.mean(axis=0), 0.0, atol=1e-12)
    shift, width = d.info["scaling"]["shift"], d.info["scaling"]["width"]
    np.testing.assert_allclose(d.X_test, (raw.X_test - shift) / width)


def test_constant_feature_scales_to_zero():
    X = np.array([[1.0, 5.0], [2.0, 5.0], [3.0, 5.0]])
    shift, width = ds.fit_scaling(X, "minmax")
    Z = ds.apply_scaling(X, shift, width)
    np.testing.assert_allclose(Z[:, 0], [-1.0, 0.0, 1.0])
    np.testing.assert_allclose(Z[:, 1], 0.0)


# ---------------------------------------------------------------- checksums and download


def test_verify_detects_a_changed_byte(tmp_path):
    b = bytearray(_content("libsvm/australian_scale"))
    b[100] = ord("7") if b[100] != ord("7") else ord("8")
    (tmp_path / "libsvm").mkdir()
    (tmp_path / "libsvm" / "australian_scale").write_bytes(bytes(b))
    with pytest.raises(ds.ChecksumError, match="australian_scale"):
        ds.verify("libsvm:australian", data_home=tmp_path)
    # a compressed copy is checked by its content
    (tmp_path / "libsvm" / "australian_scale").unlink()
    (tmp_path / "libsvm" / "australian_scale.gz").write_bytes(gzip.compress(bytes(b)))
    with pytest.raises(ds.ChecksumError, match="australian_scale"):
        ds.verify("libsvm:australian", data_home=tmp_path)


def test_verify_options(bare_env):
    assert len(ds.verify("banana", realisation=2)) == 4
    with pytest.raises(ds.DataNotFoundError, match="banana"):
        ds.verify("banana")  # realisations 4-10 are not bundled
    assert len(ds.verify("banana", present_only=True)) == 12
    assert ds.verify("gen:twonorm") == {}
    with pytest.raises(ValueError, match="realisation"):
        ds.verify("australian", realisation=1)
    with pytest.raises(ValueError, match="realisation"):
        ds.verify("banana", realisation=11)
    with pytest.raises(TypeError, match="present_only"):
        ds.verify("banana", present_only=1)


def _mirror_with(tmp_path, rels):
    """A file:// mirror with the catalogue layout holding the catalogue files ``rels``."""
    root = tmp_path / "mirror"
    for rel in rels:
        raw = _content(rel)
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0) if rel.endswith(".gz") else raw)
    return root.as_uri()


def test_download_from_file_mirror(tmp_path):
    url = _mirror_with(tmp_path, ["libsvm/svmguide1", "libsvm/svmguide1.t"])
    home = tmp_path / "home"
    paths = ds.download("svmguide1", home, mirror=url)
    assert paths == [home / "libsvm" / "svmguide1", home / "libsvm" / "svmguide1.t"]
    assert len(ds.verify("svmguide1", data_home=home)) == 2
    assert ds.load("svmguide1", data_home=home).info["paths"]["libsvm/svmguide1"] == str(home / "libsvm" / "svmguide1")
    # second call: files already verified, nothing fetched
    calls = []
    ds.download("svmguide1", home, mirror=url, fetcher=lambda u: calls.append(u) or b"")
    assert calls == []


def _local_fetcher(*, crlf_original=False, corrupt=False, header=None):
    """Serve the registry's public URLs from the files the library finds (as the real sites would)."""
    by_url = {}
    for rel, rec in ds.registry().items():
        for kind, url in _candidate_urls(rec, None):
            by_url[url] = (kind, rel)

    def fetch(url):
        kind, rel = by_url[url]
        raw = _content(rel)
        if corrupt:
            return raw[: len(raw) // 2]  # a truncated transfer
        if kind == "original":
            if crlf_original:
                return raw.replace(b"\r\n", b"\n")
            raise OSError("host unreachable")  # force the pinned copy
        return header + raw if header else raw

    return fetch


def test_download_pinned_copy_with_header_transform(tmp_path, monkeypatch):
    """sonar_scale: the pinned public copy prepends a header line that the registry says to drop."""
    rel = "libsvm/sonar_scale"
    rec = ds.registry()[rel]
    assert rec["transform"] == {"drop_header": True}
    content = _content("libsvm/breast-cancer_scale")  # any svmlight text stands in for the bytes
    fake = dict(rec, sha256=_sha(content), sha256_content=_sha(content))
    monkeypatch.setitem(ds.registry(), rel, fake)

    def fetch(url):
        if url.startswith(ds.LIBSVM_URL):
            raise OSError("host unreachable")
        pinned = ds.GITHUB_RAW.format(repo=rec["source_repo"], commit=rec["source_commit"], path=rec["source_path"])
        assert url == pinned
        return b"2 208 60\n" + content

    ds.download("sonar", tmp_path, fetcher=fetch)
    assert (tmp_path / rel).read_bytes() == content


def test_download_recompresses_ida_files_reproducibly(tmp_path, monkeypatch, bare_env):
    spec = catalogue._SPECS["ida:titanic"]
    monkeypatch.setitem(catalogue._SPECS, "ida:titanic", dataclasses.replace(spec, realisations=(1, 2)))
    ds.download("titanic", tmp_path / "home", fetcher=_local_fetcher())
    for f in catalogue._files(catalogue._SPECS["ida:titanic"]):
        assert (tmp_path / "home" / f).read_bytes() == (BUNDLE / f).read_bytes()


def test_download_original_with_different_bytes_is_accepted_by_content(tmp_path):
    with pytest.warns(UserWarning, match="differs in bytes"):
        ds.download("australian", tmp_path, fetcher=_local_fetcher(crlf_original=True))
    d = ds.load("australian", data_home=tmp_path)
    assert d.info["paths"]["libsvm/australian_scale"] == str(tmp_path / "libsvm" / "australian_scale")
    np.testing.assert_array_equal(d.X, ds.load("australian").X)


def test_download_rejects_corrupt_payload(tmp_path):
    with pytest.raises(ds.ChecksumError, match="australian_scale"):
        ds.download("libsvm:australian", tmp_path, fetcher=_local_fetcher(corrupt=True))
    assert not (tmp_path / "libsvm" / "australian_scale").exists()


def test_cli(tmp_path, capsys, bare_env):
    url = _mirror_with(tmp_path, ["libsvm/mushrooms"])
    home = str(tmp_path / "home")
    assert ds.main(["download", "mushrooms", "--data-home", home, "--mirror", url]) == 0
    assert ds.main(["verify", "mushrooms", "--data-home", home]) == 0
    assert ds.main(["verify", "a9a"]) == 1
    out, err = capsys.readouterr()
    assert "mushrooms: 1 files OK" in out
    assert "libsvm:a9a" in err and "refboost-data download libsvm:a9a" in err and "Traceback" not in err
    assert ds.main(["verify", "heart", "--complete"]) == 1
    assert "refboost-data download ida:heart" in capsys.readouterr().err
    assert ds.main(["download", "no-such-set"]) == 1
    assert "name" in capsys.readouterr().err


def test_cli_list_says_where_it_looked(capsys, bare_env):
    assert ds.main(["list"]) == 0
    out = capsys.readouterr().out
    assert "the user cache" in out and str(BUNDLE) in out and "does not exist" in out
    assert re.search(r"ida:heart\s+partial \(realisations 1-2\)\s+the data bundled with the clone", out)
    assert re.search(r"libsvm:australian\s+present", out) and re.search(r"libsvm:a9a\s+missing", out)


def test_cli_help_describes_the_commands(capsys):
    with pytest.raises(SystemExit) as exc:
        ds.main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for word in ("download", "verify", "list", "REFBOOST_DATA", "user cache", "data/datasets"):
        assert word in out
    for cmd, opts in (
        ("download", ("--data-home", "--mirror")),
        ("verify", ("--data-home", "--complete")),
        ("list", ("--data-home",)),
    ):
        with pytest.raises(SystemExit):
            ds.main([cmd, "--help"])
        out = capsys.readouterr().out
        assert all(o in out for o in opts), cmd


def test_cli_all_expands_to_every_stored_data_set(capsys, bare_env):
    assert ds.main(["verify", "all"]) == 0
    out = capsys.readouterr().out
    assert "ida:heart: 8 files OK (32 not present)" in out and "libsvm:svmguide1: 2 files OK" in out
    assert "libsvm:a9a: not present (refboost-data download libsvm:a9a)" in out and "twonorm: 0" not in out


# ---------------------------------------------------------------- bad input


def test_unknown_name():
    with pytest.raises(ValueError, match="name"):
        ds.load("no-such-set")
    with pytest.raises(TypeError, match="name"):
        ds.load(3)
    with pytest.raises(TypeError, match="rel"):
        ds.locate(3)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"realisation": 11}, "realisation"),
        ({"realisation": 0}, "realisation"),
        ({"realisation": 1.5}, "realisation"),
        ({"scale": "unit"}, "scale"),
        ({"scale": 1}, "scale"),
        ({"dense": "yes"}, "dense"),
        ({"data_home": 5}, "data_home"),
    ],
)
def test_bad_arguments(kwargs, match, data_home):
    kwargs = {"data_home": data_home, **kwargs}
    with pytest.raises((ValueError, TypeError), match=match):
        ds.load("heart", **kwargs)


def test_realisation_for_a_set_without_realisations(data_home):
    with pytest.raises(ValueError, match="realisation"):
        ds.load("australian", data_home=data_home, realisation=1)


@pytest.mark.parametrize("name", ["flare_solar", "splice", "thyroid", "twonorm"])
def test_mat_realisation_is_a_seeded_partition_with_the_ida_sizes(name):
    n_train, n_test, n_real = ds.IDA_MAT_SIZES[name]
    n = n_train + n_test
    parts = [ds.mat_realisation(name, r, n) for r in (1, 2, n_real)]
    for tr, te in parts:
        assert tr.size == n_train and te.size == n_test
        assert np.array_equal(np.sort(np.concatenate([tr, te])), np.arange(n))  # disjoint, covers all rows
    again = ds.mat_realisation(name, 1, n)  # deterministic
    assert np.array_equal(parts[0][0], again[0]) and np.array_equal(parts[0][1], again[1])
    assert not np.array_equal(parts[0][0], parts[1][0])  # realisations differ
    with pytest.raises(ValueError, match=f"realisation must be in 1..{n_real}"):
        ds.mat_realisation(name, n_real + 1, n)
    with pytest.raises(ds.DataFormatError, match="IDA sizes"):
        ds.mat_realisation(name, 1, n + 1)


def test_mat_realisation_refuses_other_sets():
    with pytest.raises(ValueError, match="full pattern set"):
        ds.mat_realisation("heart", 1, 270)


def test_load_mat_realisation_from_a_pattern_set(tmp_path):
    from scipy.io import savemat

    rng = np.random.default_rng(0)
    X = rng.normal(size=(215, 5))
    y = np.where(rng.random(215) < 0.3, 1.0, -1.0)
    y[:2] = (-1.0, 1.0)
    (tmp_path / "raetsch" / "thyroid").mkdir(parents=True)
    savemat(tmp_path / "raetsch" / "thyroid" / "thyroid.mat", {"data": X, "target": y[:, None]})
    full = ds.load("thyroid", data_home=tmp_path)
    assert full.X.shape == (215, 5) and full.X_test is None
    d = ds.load("thyroid", data_home=tmp_path, realisation=7)
    tr, te = ds.mat_realisation("thyroid", 7, 215)
    assert np.array_equal(d.X, X[tr]) and np.array_equal(d.X_test, X[te])
    assert np.array_equal(d.y, y[tr]) and np.array_equal(d.y_test, y[te]) and d.realisation == 7
    for bad in (0, 101):
        with pytest.raises(ValueError, match="realisation"):
            ds.load("thyroid", data_home=tmp_path, realisation=bad)
    with pytest.raises(ValueError, match="1..20"):
        ds.load("splice", data_home=tmp_path, realisation=21)


def _home_with(tmp_path, rel, content: bytes):
    p = tmp_path / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(content)
    return tmp_path


def test_corrupt_svmlight_line(tmp_path):
    raw = _content("libsvm/australian_scale").replace(b" 1:", b" 1:abc", 1)
    home = _home_with(tmp_path, "libsvm/australian_scale", raw)
    with pytest.raises(ds.DataFormatError, match="australian_scale"):
        ds.load("libsvm:australian", data_home=home)


def test_truncated_file(tmp_path):
    raw = b"".join(_content("libsvm/breast-cancer_scale").splitlines(keepends=True)[:-5])
    home = _home_with(tmp_path, "libsvm/breast-cancer_scale", raw)
    with pytest.raises(ds.DataFormatError, match="truncated or corrupt"):
        ds.load("libsvm:breast-cancer", data_home=home)


def test_nan_features(tmp_path):
    shutil.copytree(BUNDLE / "raetsch" / "heart", tmp_path / "raetsch" / "heart")
    p = tmp_path / "raetsch" / "heart" / "heart_train_data_1.asc.gz"
    lines = gzip.decompress(p.read_bytes()).splitlines(keepends=True)
    toks = lines[3].split()
    toks[0] = b"nan"
    lines[3] = b"  ".join(toks) + b"\n"
    p.write_bytes(gzip.compress(b"".join(lines)))
    with pytest.raises(ds.DataFormatError, match="NaN"):
        ds.load("heart", data_home=tmp_path)


def test_single_class_training_part(tmp_path):
    lines = _content("libsvm/breast-cancer_scale").splitlines(keepends=True)
    raw = b"".join(b"4" + ln[ln.index(b" ") :] for ln in lines)
    home = _home_with(tmp_path, "libsvm/breast-cancer_scale", raw)
    with pytest.raises(ds.DataFormatError, match="single class"):
        ds.load("libsvm:breast-cancer", data_home=home)


def test_normalise_labels_bad_input():
    y, lmap = ds.normalise_labels([0, 1, 1, 0])
    np.testing.assert_array_equal(y, [-1, 1, 1, -1])
    with pytest.raises(ValueError, match="two classes"):
        ds.normalise_labels([1, 1, 1])
    with pytest.raises(ValueError, match="two classes"):
        ds.normalise_labels([1, 2, 3])
    with pytest.raises(ValueError, match="finite"):
        ds.normalise_labels([1.0, np.nan])


def test_download_bad_input(tmp_path):
    with pytest.raises(ValueError, match="name"):
        ds.download("nope", tmp_path)
    with pytest.raises(TypeError, match="mirror"):
        ds.download("heart", tmp_path, mirror=3)


# ---------------------------------------------------------------- Breiman's generators

N_GEN = 20000
#: Monte-Carlo tolerance: ~6 standard errors of a mean over ~N_GEN / 2 samples with unit variance.
MC_TOL = 6.0 / np.sqrt(N_GEN / 2)


def test_twonorm_definition():
    X, y = ds.twonorm(N_GEN, np.random.default_rng(1))
    a = 2 / np.sqrt(20)
    np.testing.assert_allclose(X[y > 0].mean(axis=0), a, atol=MC_TOL)
    np.testing.assert_allclose(X[y < 0].mean(axis=0), -a, atol=MC_TOL)
    np.testing.assert_allclose(np.cov(X[y > 0].T), np.eye(20), atol=0.06)
    # Bayes rule sign(sum x): error Phi(-2) = 0.02275
    err = np.mean(np.sign(X.sum(axis=1)) != y)
    assert abs(err - 0.02275) < 0.006


def test_ringnorm_definition():
    X, y = ds.ringnorm(N_GEN, np.random.default_rng(2))
    a = 1 / np.sqrt(20)
    np.testing.assert_allclose(X[y > 0].mean(axis=0), 0.0, atol=2 * MC_TOL)
    np.testing.assert_allclose(X[y > 0].var(axis=0), 4.0, atol=0.25)
    np.testing.assert_allclose(X[y < 0].mean(axis=0), a, atol=MC_TOL)
    np.testing.assert_allclose(X[y < 0].var(axis=0), 1.0, atol=0.08)


def test_waveform_definition():
    X, y, cls = ds.waveform(N_GEN, np.random.default_rng(3), return_class=True)
    H = ds.waveform_bases()
    assert H[0].argmax() == 10 and H[1].argmax() == 14 and H[2].argmax() == 6  # peaks at m = 11, 15, 7
    for c, (i, j) in ds.WAVEFORM_CLASSES.items():
        np.testing.assert_allclose(X[cls == c].mean(axis=0), (H[i] + H[j]) / 2, atol=0.12)
    np.testing.assert_array_equal(y, np.where(cls == 2, 1.0, -1.0))
    assert abs(np.mean(y > 0) - 1 / 3) < 0.015


def test_waveform_binarisation_matches_ida_files(data_home):
    """The IDA +1 class is Breiman's class 2: compare standardised class-mean profiles."""
    d = ds.load("waveform", data_home=data_home)
    Xi, yi = np.vstack([d.X, d.X_test]), np.r_[d.y, d.y_test]
    assert abs(np.mean(yi > 0) - 1 / 3) < 0.01
    prof_ida = Xi[yi > 0].mean(axis=0) - Xi[yi < 0].mean(axis=0)
    corr = {}
    for c in (1, 2, 3):
        X, y = ds.waveform(N_GEN, np.random.default_rng(4), positive_class=c)
        Z = (X - X.mean(axis=0)) / X.std(axis=0)
        prof = Z[y > 0].mean(axis=0) - Z[y < 0].mean(axis=0)
        corr[c] = np.corrcoef(prof, prof_ida)[0, 1]
        if c == 2:
            np.testing.assert_allclose(prof, prof_ida, atol=0.1)
    assert corr[2] > 0.99 and corr[1] < 0 and corr[3] < 0.6


def test_generators_are_seeded_and_validate():
    a = ds.load("gen:twonorm", rng=np.random.default_rng(7), n=50, n_test=10)
    b = ds.load("gen:twonorm", rng=np.random.default_rng(7), n=50, n_test=10)
    np.testing.assert_array_equal(a.X, b.X)
    np.testing.assert_array_equal(a.X_test, b.X_test)
    with pytest.raises(TypeError, match="rng"):
        ds.twonorm(10, 0)
    with pytest.raises(ValueError, match="rng"):
        ds.load("gen:ringnorm")
    with pytest.raises(ValueError, match="n"):
        ds.ringnorm(0, np.random.default_rng(0))
    with pytest.raises(ValueError, match="positive_class"):
        ds.waveform(10, np.random.default_rng(0), positive_class=4)


# ---- the unpinned large sparse sets (Glocer 2009, Table 5.1) ----------------------------------


def _fake_real_sim(rows=72309, cols=20958) -> bytes:
    """A bz2 svmlight file with real-sim's published shape (one non-zero per row)."""
    import bz2

    lines = [f"{1 if i % 3 else -1} {1 + i % (cols - 1)}:1" for i in range(rows - 1)]
    lines.append(f"1 {cols}:0.5")
    return bz2.compress(("\n".join(lines) + "\n").encode())


def test_unpinned_sets_are_catalogued_by_name():
    for name, rel in (("news20", "libsvm/news20.binary.gz"), ("real-sim", "libsvm/real-sim.gz"),
                      ("astro-ph", "libsvm/astro-ph.gz")):
        st = ds.status(name, data_home=None)
        assert st["files"] == [rel]
        assert ds.registry()[rel]["sha256"] is None  # not pinned, and said so


def test_unpinned_download_checks_the_shape_and_records_the_hash(tmp_path):
    urls = []

    def fetch(url):
        urls.append(url)
        return _fake_real_sim()

    with pytest.warns(UserWarning, match="no pinned checksum"):
        (path,) = ds.download("real-sim", data_home=tmp_path, fetcher=fetch)
    assert urls == [ds.LIBSVM_URL + "real-sim.bz2"]
    side = path.with_name(path.name + ".sha256")
    assert side.read_text().split()[0] == ds.sha256_file(path)
    assert ds.verify("real-sim", data_home=tmp_path) == {"libsvm/real-sim.gz": ds.sha256_file(path)}
    d = ds.load("real-sim", data_home=tmp_path, dense=False)
    assert d.X.shape == (72309, 20958) and set(np.unique(d.y)) == {-1.0, 1.0}
    # a second download keeps the verified file; a changed file fails verification
    assert ds.download("real-sim", data_home=tmp_path, fetcher=lambda u: pytest.fail("fetched again")) == [path]
    path.write_bytes(path.read_bytes() + b"\x00")  # one byte more
    with pytest.raises(ds.ChecksumError, match="recorded at download"):
        ds.verify("real-sim", data_home=tmp_path)


def test_unpinned_download_refuses_a_wrong_shape_and_astro_ph(tmp_path):
    with pytest.raises(ds.ChecksumError, match="published shape 72309x20958"):
        ds.download("real-sim", data_home=tmp_path, fetcher=lambda u: _fake_real_sim(rows=100))
    assert not (tmp_path / "libsvm" / "real-sim.gz").exists()
    with pytest.raises(ds.ChecksumError, match="no public canonical copy"):
        ds.download("astro-ph", data_home=tmp_path, fetcher=lambda u: pytest.fail("no URL to fetch"))
    (tmp_path / "libsvm").mkdir(exist_ok=True)
    (tmp_path / "libsvm" / "astro-ph.gz").write_bytes(b"x")
    with pytest.raises(ds.ChecksumError, match="pins no checksum"):
        ds.verify("astro-ph", data_home=tmp_path)
