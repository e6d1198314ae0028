"""Checksums and download: :func:`sha256_file`, :func:`verify` against the registry, :func:`download`."""

from __future__ import annotations

import gzip
import hashlib
import io
import os
import urllib.request
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np

from .._validation import check_int
from .catalogue import (
    GITHUB_RAW,
    LIBSVM_URL,
    ChecksumError,
    _files,
    _missing,
    _resolve,
    get_data_home,
    locate,
    registry,
)


def sha256_file(path: str | os.PathLike, *, content: bool = False) -> str:
    """sha256 of a file (of its decompressed content when ``content`` and it is gzipped)."""
    h = hashlib.sha256()
    opener = gzip.open if (content and str(path).endswith(".gz")) else open
    with opener(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _check_file(rel: str, path: Path) -> str:
    """Verify one located file against the registry; returns the SHA-256 hash compared."""
    rec = registry()[rel]
    if rec["sha256"] is None:  # UNPINNED: the hash recorded at the first download
        side = path.with_name(path.name + ".sha256")
        if not side.is_file():
            raise ChecksumError(
                f"file '{rel}' ({path}): the registry pins no checksum for it and no '{side.name}' was recorded "
                "(refboost-data download records one); its content cannot be verified"
            )
        want, got = side.read_text().split()[0], sha256_file(path)
        if got != want:
            raise ChecksumError(f"file '{rel}' ({path}): sha256 {got} differs from the {want} recorded at download")
        return got
    if path.name == rel.rsplit("/", 1)[-1]:  # stored as in the catalogue
        want, got = rec["sha256"], sha256_file(path)
    else:  # a gzip-compressed copy of an uncompressed catalogue file: compare the content
        want, got = rec["sha256_content"], sha256_file(path, content=True)
    if got != want:
        raise ChecksumError(f"file '{rel}' ({path}): sha256 {got} differs from the registry's {want}")
    return got


def verify(
    name: str,
    *,
    data_home: str | os.PathLike | None = None,
    realisation: int | None = None,
    present_only: bool = False,
) -> dict[str, str]:
    """Check the sha256 of the files of data set ``name`` against the registry.

    Each file is taken from the first place of :func:`search_path` that has it. A file stored as
    in the catalogue must have the registry's ``sha256``; a gzip-compressed copy (``rel + ".gz"``,
    as bundled) must decompress to the registry's ``sha256_content``.

    ``realisation`` restricts an IDA set to one realisation. ``present_only=True`` checks the
    files that are found and ignores the others (at least one must be found).

    Returns ``{relative path: sha256 compared}``. Raises :class:`DataNotFoundError` for missing
    files and :class:`ChecksumError` (naming the file, expected and found SHA-256 hashes) on a mismatch.
    Generators have no files (returns ``{}``).
    """
    spec = _resolve(name)
    if not isinstance(present_only, bool):
        raise TypeError(f"present_only must be a bool, got {type(present_only).__name__}")
    if realisation is not None:
        if spec.kind != "ida-asc":
            raise ValueError(f"realisation: data set {spec.name} has no IDA realisations; pass realisation=None")
        realisation = check_int(realisation, "realisation", low=spec.realisations[0], high=spec.realisations[-1])
    if spec.kind == "generator":
        return {}
    files = _files(spec, realisation)
    where = {f: locate(f, data_home) for f in files}
    missing = [f for f in files if where[f] is None]
    if missing and (not present_only or len(missing) == len(files)):
        raise _missing({spec.name: missing}, data_home)
    return {f: _check_file(f, where[f]) for f in files if where[f] is not None}


def _fetch_url(url: str, timeout: float = 60.0) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as resp:  # noqa: S310 (http/https/file only)
        return resp.read()


def _candidate_urls(rec: dict, mirror: str | None) -> list[tuple[str, str]]:
    """(kind, url) pairs to try in order: a mirror, the original home, the pinned public copy."""
    out = []
    if mirror is not None:
        out.append(("mirror", mirror.rstrip("/") + "/" + rec["path"]))
        return out
    if rec["family"] == "libsvm" and not rec["path"].startswith("libsvm/erlpboost_a9a/"):
        fname = rec["path"].split("/", 1)[1]
        out.append(("original", LIBSVM_URL + (fname[:-3] if fname.endswith(".gz") else fname)))
    if rec["source_repo"]:
        url = GITHUB_RAW.format(repo=rec["source_repo"], commit=rec["source_commit"], path=rec["source_path"])
        out.append(("pinned", url))
    return out


def _transform(raw: bytes, rec: dict, kind: str) -> bytes:
    if kind != "pinned":
        return raw
    tr = rec.get("transform") or {}
    if tr.get("drop_header"):
        raw = raw.split(b"\n", 1)[1]
    if "lines" in tr:
        a, b = tr["lines"]
        raw = b"".join(raw.splitlines(keepends=True)[a - 1 : b])
    return raw


def _content_matches(content: bytes, rec: dict) -> bool:
    """Parse a LIBSVM text and compare rows, columns and label counts with the registry."""
    from .._extras import require

    load_svmlight_file = require("sklearn.datasets", "checking a LIBSVM download").load_svmlight_file

    try:
        X, y = load_svmlight_file(io.BytesIO(content), n_features=rec["cols"])
    except Exception:
        return False
    vals, cnts = np.unique(y, return_counts=True)
    labels = {str(float(v)): int(c) for v, c in zip(vals, cnts, strict=True)}
    return X.shape == (rec["rows"], rec["cols"]) and (not rec["labels"] or labels == rec["labels"])


def _write_atomic(dest: Path, payload: bytes) -> None:
    """Write ``payload`` to ``dest`` via a ``.part`` file, so an interrupted download leaves no partial file."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_suffix(dest.suffix + ".part")
    tmp.write_bytes(payload)
    tmp.replace(dest)


def _download_unpinned(f: str, rec: dict, dest: Path, fetch, mirror: str | None, overwrite: bool) -> Path:
    """An :data:`UNPINNED` file: accepted if it parses to the published shape; its sha256 is recorded."""
    import bz2

    side = dest.with_name(dest.name + ".sha256")
    if dest.is_file() and side.is_file() and not overwrite:
        _check_file(f, dest)
        return dest
    url = mirror.rstrip("/") + "/" + f if mirror is not None else rec["url"]
    if url is None:
        raise ChecksumError(f"'{f}': {rec['source']}; place the svmlight file at '{f}' in a data folder to use it")
    try:
        raw = fetch(url)
    except Exception as exc:
        raise ChecksumError(f"could not fetch '{f}' from {url}: {exc}") from None
    if raw[:3] == b"BZh":
        raw = bz2.decompress(raw)
    elif raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    if not _content_matches(raw, rec):
        raise ChecksumError(
            f"'{f}' from {url} does not parse to the published shape {rec['rows']}x{rec['cols']} (checksum not "
            "pinned: the shape is the only check)"
        )
    warnings.warn(
        f"{f}: no pinned checksum exists; accepted because it parses to the published shape "
        f"{rec['rows']}x{rec['cols']}; its sha256 is recorded in {side.name} and verified from now on",
        stacklevel=3,
    )
    payload = gzip.compress(raw, compresslevel=9, mtime=0)
    _write_atomic(dest, payload)
    side.write_text(f"{hashlib.sha256(payload).hexdigest()}  {dest.name}  (from {url})\n")
    return dest


def download(
    name: str,
    data_home: str | os.PathLike | None = None,
    *,
    mirror: str | None = None,
    fetcher: Callable[[str], bytes] | None = None,
    overwrite: bool = False,
) -> list[Path]:
    """Fetch the files of data set ``name`` into :func:`get_data_home` (``data_home``,
    ``$REFBOOST_DATA`` or the user cache) and verify them.

    For each file the candidates are tried in order:

    * ``mirror`` (if given): a base URL (``https://``, ``file://``) with the data-home layout;
      the bytes must have the registry's sha256.
    * LIBSVM files: the LIBSVM data page (:data:`LIBSVM_URL`). The reference copies were taken
      from public repositories and some differ in bytes from the LIBSVM originals (CRLF line
      ends, see MANIFEST.md), so a file from there is accepted if either its sha256 matches
      or it parses to the registry's rows x features and label counts (then a warning says so).
    * The pinned public copy the registry names (GitHub raw URL at a fixed commit); for IDA
      files this is the only online source (the IDA host :data:`IDA_URL` is offline). Its
      decompressed content must match the registry's ``sha256_content``.

    Stored files that end in ``.gz`` are written gzipped (level 9, mtime 0: reproducible).

    Returns the list of written paths. Raises :class:`ChecksumError` if no candidate verifies.
    """
    spec = _resolve(name)
    if spec.kind == "generator":
        return []
    if not isinstance(overwrite, bool):
        raise TypeError(f"overwrite must be a bool, got {type(overwrite).__name__}")
    if mirror is not None and not isinstance(mirror, str):
        raise TypeError(f"mirror must be a URL string, got {type(mirror).__name__}")
    fetch = _fetch_url if fetcher is None else fetcher
    home = get_data_home(data_home)
    written = []
    for f in _files(spec):
        rec = registry()[f]
        dest = home / f
        if rec["sha256"] is None:
            written.append(_download_unpinned(f, rec, dest, fetch, mirror, overwrite))
            continue
        if dest.is_file() and not overwrite and sha256_file(dest) == rec["sha256"]:
            written.append(dest)
            continue
        errors = []
        payload = None
        for kind, url in _candidate_urls(rec, mirror):
            try:
                raw = fetch(url)
            except Exception as exc:  # network errors of any kind: try the next candidate
                errors.append(f"{url}: {exc}")
                continue
            if kind == "mirror":
                if hashlib.sha256(raw).hexdigest() == rec["sha256"]:
                    payload = raw
                    break
                errors.append(f"{url}: sha256 mismatch")
                continue
            content = _transform(raw, rec, kind)
            if kind == "original" and raw[:2] == b"\x1f\x8b":
                content = gzip.decompress(raw)
            ok = hashlib.sha256(content).hexdigest() == rec["sha256_content"]
            if not ok and kind == "original" and _content_matches(content, rec):
                warnings.warn(
                    f"{f}: the file from {url} differs in bytes from the reference copy but has the registry's "
                    f"shape {rec['rows']}x{rec['cols']} and label counts; accepted",
                    stacklevel=2,
                )
                ok = True
            if ok:
                payload = gzip.compress(content, compresslevel=9, mtime=0) if rec["gzip"] else content
                break
            errors.append(f"{url}: content sha256 mismatch")
        if payload is None:
            raise ChecksumError(f"could not fetch a verified copy of '{f}' ({spec.name}): " + "; ".join(errors))
        _write_atomic(dest, payload)
        written.append(dest)
    return written
