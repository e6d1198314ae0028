"""refboost.datasets: sizes against the manifest, labels, scaling, checksums, download, generators."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import numpy as np
import pytest
import scipy.sparse as sp

from refboost import datasets as ds

FILE_NAMES = [n for n in ds.names() if not n.startswith("gen:")]
IDA_ASC = [n for n in FILE_NAMES if ds._SPECS[n].kind == "ida-asc"]


def _expected_shape(rel: str):
    rec = ds.registry()[rel]
    return rec["rows"], rec["cols"]


# ---------------------------------------------------------------- sizes as in the manifest


@pytest.mark.parametrize("name", FILE_NAMES)
def test_every_dataset_loads_with_manifest_sizes(name, data_home):
    spec = ds._SPECS[name]
    d = ds.load(name, data_home=data_home)
    assert d.name == name
    train = spec.train or ds._files(spec, 1)[0]
    assert d.X.shape == _expected_shape(train)
    assert d.y.shape == (d.X.shape[0],)
    assert set(np.unique(d.y)) <= {-1.0, 1.0}
    assert isinstance(d.X, np.ndarray) and np.all(np.isfinite(d.X))
    if spec.kind == "ida-asc":
        assert d.X_test.shape == _expected_shape(ds._files(spec, 1)[2])
    elif spec.test:
        rows, cols = _expected_shape(spec.test)
        assert d.X_test.shape == (rows, d.n_features) and cols <= d.n_features
    else:
        assert d.X_test is None
    # label counts of the training file, after the documented map smaller -> -1, larger -> +1
    rec = ds.registry()[train if spec.kind != "ida-asc" else ds._files(spec, 1)[1]]
    counts = sorted(rec["labels"].items(), key=lambda kv: float(kv[0]))
    assert int(np.sum(d.y == -1)) == counts[0][1]
    assert int(np.sum(d.y == 1)) == counts[-1][1]


@pytest.mark.parametrize("name", IDA_ASC)
def test_every_ida_realisation_loads_and_is_the_same_pattern_set(name, data_home):
    """Manifest: train+test of every realisation is the same multiset of (pattern, label) rows."""
    ref = None
    for r in range(1, 11):
        d = ds.load(name, data_home=data_home, realisation=r)
        assert d.realisation == r
        rows = np.column_stack([np.vstack([d.X, d.X_test]), np.r_[d.y, d.y_test]])
        rows = rows[np.lexsort(rows.T[::-1])]
        if ref is None:
            ref = rows
        else:
            np.testing.assert_array_equal(rows, ref)
        if name != "ida:image":  # image is large; one realisation per set is enough beyond the first two
            break


def test_bare_names_and_aliases(data_home):
    assert ds.load("heart", data_home=data_home).name == "ida:heart"
    assert ds.load("libsvm:heart", data_home=data_home).name == "libsvm:heart"
    assert ds.load("australian", data_home=data_home).name == "libsvm:australian"
    assert ds.load("g-numer", data_home=data_home).name == "libsvm:german.numer"
    assert ds.load("HEART", data_home=data_home).name == "ida:heart"


def test_label_maps(data_home):
    assert ds.load("breast-cancer", data_home=data_home).info["label_map"] == {2.0: -1.0, 4.0: 1.0}
    assert ds.load("mushrooms", data_home=data_home).info["label_map"] == {1.0: -1.0, 2.0: 1.0}
    d = ds.load("svmguide1", data_home=data_home)
    assert d.info["label_map"] == {0.0: -1.0, 1.0: 1.0}
    assert set(np.unique(d.y_test)) == {-1.0, 1.0}
    # svmguide3.t has only +1 rows; the map comes from the data set's files together
    d3 = ds.load("svmguide3", data_home=data_home)
    assert np.all(d3.y_test == 1.0) and d3.y_test.shape == (41,)


def test_a9a_test_has_123_features_and_sparse_option(data_home):
    d = ds.load("a9a", data_home=data_home, dense=False)
    assert sp.issparse(d.X) and d.X.shape == (32561, 123) and d.X_test.shape == (16281, 123)
    e = ds.load("a9a-erlpboost", data_home=data_home, dense=False)
    assert e.X.shape[0] + e.X_valid.shape[0] + e.X_test.shape[0] == 32561 + 16281


def test_env_var_is_the_default_data_home(data_home, monkeypatch):
    monkeypatch.setenv(ds.ENV_VAR, str(data_home))
    assert ds.get_data_home() == Path(data_home)
    assert ds.load("heart").X.shape == (170, 13)


def test_default_data_home_is_user_cache(monkeypatch, tmp_path):
    monkeypatch.delenv(ds.ENV_VAR, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert ds.get_data_home() == tmp_path / "refboost" / "data"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert ds.get_data_home() == Path.home() / ".cache" / "refboost" / "data"


# ---------------------------------------------------------------- scaling


def test_minmax_scaling_maps_training_range_to_pm1(data_home):
    d = ds.load("german.numer", data_home=data_home, scale="minmax")
    raw = ds.load("german.numer", data_home=data_home)
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


def test_verify_all_shared_files(data_home):
    n = 0
    for name in FILE_NAMES:
        n += len(ds.verify(name, data_home=data_home))
    assert n == len(ds.registry()) == 344


def test_verify_detects_a_changed_byte(data_home, tmp_path):
    src = Path(data_home) / "libsvm" / "heart_scale"
    (tmp_path / "libsvm").mkdir()
    b = bytearray(src.read_bytes())
    b[100] = ord("7") if b[100] != ord("7") else ord("8")
    (tmp_path / "libsvm" / "heart_scale").write_bytes(bytes(b))
    with pytest.raises(ds.ChecksumError, match="heart_scale"):
        ds.verify("libsvm:heart", data_home=tmp_path)


def test_download_from_file_mirror(data_home, tmp_path):
    url = Path(data_home).as_uri()
    paths = ds.download("heart", tmp_path, mirror=url)
    assert len(paths) == 40
    assert len(ds.verify("heart", data_home=tmp_path)) == 40
    d = ds.load("heart", data_home=tmp_path, realisation=3)
    assert d.X.shape == (170, 13)
    # second call: files already verified, nothing fetched
    calls = []
    ds.download("heart", tmp_path, mirror=url, fetcher=lambda u: calls.append(u) or b"")
    assert calls == []


def _local_fetcher(data_home, *, sonar_header=True, crlf_original=False, corrupt=False):
    """Serve the registry's public URLs from the local copy (as the real sites would)."""
    by_url = {}
    for rel, rec in ds.registry().items():
        for kind, url in ds._candidate_urls(rec, None):
            by_url[url] = (kind, rel)

    def fetch(url):
        kind, rel = by_url[url]
        raw = (Path(data_home) / rel).read_bytes()
        if rel.endswith(".gz"):
            raw = gzip.decompress(raw)
        if corrupt:
            return raw[:-10]
        if kind == "original":
            if crlf_original:
                return raw.replace(b"\r\n", b"\n")
            raise OSError("host unreachable")  # force the pinned copy
        if rel == "libsvm/sonar_scale" and sonar_header:
            return b"2 208 60\n" + raw
        return raw

    return fetch


def test_download_pinned_copy_with_transform(data_home, tmp_path):
    ds.download("sonar", tmp_path, fetcher=_local_fetcher(data_home))
    assert ds.verify("sonar", data_home=tmp_path)
    ds.download("titanic", tmp_path, fetcher=_local_fetcher(data_home))  # gz re-compressed reproducibly
    assert len(ds.verify("titanic", data_home=tmp_path)) == 40


def test_download_original_with_different_bytes_is_accepted_by_content(data_home, tmp_path):
    with pytest.warns(UserWarning, match="differs in bytes"):
        ds.download("australian", tmp_path, fetcher=_local_fetcher(data_home, crlf_original=True))
    d = ds.load("australian", data_home=tmp_path)
    ref = ds.load("australian", data_home=data_home)
    np.testing.assert_array_equal(d.X, ref.X)


def test_download_rejects_corrupt_payload(data_home, tmp_path):
    with pytest.raises(ds.ChecksumError, match="heart_scale"):
        ds.download("libsvm:heart", tmp_path, fetcher=_local_fetcher(data_home, corrupt=True))
    assert not (tmp_path / "libsvm" / "heart_scale").exists()


def test_cli(data_home, tmp_path, capsys):
    assert ds.main(["download", "thyroid", "--data-home", str(tmp_path), "--mirror", Path(data_home).as_uri()]) == 0
    assert ds.main(["verify", "thyroid", "--data-home", str(tmp_path)]) == 0
    assert ds.main(["verify", "banana", "--data-home", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "banana" in err and "REFBOOST_DATA" in err and "Traceback" not in err


def test_registry_regenerates_from_manifest(data_home, tmp_path):
    from refboost._registry import build_registry

    reg = build_registry(Path(data_home) / "MANIFEST.md", tmp_path / "r.json")
    assert reg == ds.registry()


# ---------------------------------------------------------------- bad input


def test_unknown_name():
    with pytest.raises(ValueError, match="name"):
        ds.load("no-such-set")
    with pytest.raises(TypeError, match="name"):
        ds.load(3)


def test_missing_data_error_names_dataset_and_setting(tmp_path, monkeypatch):
    with pytest.raises(ds.DataNotFoundError) as exc:
        ds.load("heart", data_home=tmp_path)
    msg = str(exc.value)
    assert "'heart'" in msg and "data_home argument" in msg and ds.ENV_VAR in msg and "download" in msg
    monkeypatch.setenv(ds.ENV_VAR, str(tmp_path / "nowhere"))
    with pytest.raises(ds.DataNotFoundError, match=f"environment variable {ds.ENV_VAR}"):
        ds.load("a9a")


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
        ds.load("twonorm", data_home=data_home, realisation=1)


def _home_with(tmp_path, rel, content: bytes):
    p = tmp_path / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(content)
    return tmp_path


def test_corrupt_svmlight_line(data_home, tmp_path):
    raw = (Path(data_home) / "libsvm" / "heart_scale").read_bytes().replace(b"1:0.708333", b"1:abc", 1)
    home = _home_with(tmp_path, "libsvm/heart_scale", raw)
    with pytest.raises(ds.DataFormatError, match="heart_scale"):
        ds.load("libsvm:heart", data_home=home)


def test_truncated_file(data_home, tmp_path):
    raw = b"".join((Path(data_home) / "libsvm" / "heart_scale").read_bytes().splitlines(keepends=True)[:-5])
    home = _home_with(tmp_path, "libsvm/heart_scale", raw)
    with pytest.raises(ds.DataFormatError, match="truncated or corrupt"):
        ds.load("libsvm:heart", data_home=home)


def test_nan_features(data_home, tmp_path):
    shutil.copytree(Path(data_home) / "raetsch" / "heart", tmp_path / "raetsch" / "heart")
    p = tmp_path / "raetsch" / "heart" / "heart_train_data_1.asc.gz"
    lines = gzip.decompress(p.read_bytes()).splitlines(keepends=True)
    toks = lines[3].split()
    toks[0] = b"nan"
    lines[3] = b"  ".join(toks) + b"\n"
    p.write_bytes(gzip.compress(b"".join(lines)))
    with pytest.raises(ds.DataFormatError, match="NaN"):
        ds.load("heart", data_home=tmp_path)


def test_single_class_training_part(data_home, tmp_path):
    lines = (Path(data_home) / "libsvm" / "heart_scale").read_bytes().splitlines(keepends=True)
    raw = b"".join(b"+1" + ln[ln.index(b" ") :] for ln in lines)
    home = _home_with(tmp_path, "libsvm/heart_scale", raw)
    with pytest.raises(ds.DataFormatError, match="single class"):
        ds.load("libsvm:heart", data_home=home)


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


def test_twonorm_matches_ida_pattern_set(data_home):
    d = ds.load("twonorm", data_home=data_home)
    a = 2 / np.sqrt(20)
    tol = 6 / np.sqrt(3700)
    np.testing.assert_allclose(d.X[d.y > 0].mean(axis=0), a, atol=tol)
    np.testing.assert_allclose(d.X[d.y < 0].mean(axis=0), -a, atol=tol)


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


def test_cli_all_expands_to_every_stored_data_set(data_home, capsys):
    from refboost import datasets

    assert datasets.main(["verify", "all", "--data-home", str(data_home)]) == 0
    out = capsys.readouterr().out
    assert "heart" in out and "a9a" in out and "twonorm: 0" not in out
