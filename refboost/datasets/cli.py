"""The command line ``refboost-data`` (``python -m refboost.datasets``): list, verify, download, registry."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .catalogue import (
    _REGISTRY_FILE,
    _SPECS,
    ChecksumError,
    DataFormatError,
    DataNotFoundError,
    _missing,
    _resolve,
    get_data_home,
    names,
    search_path,
    status,
)
from .fetch import download, verify

_CLI_DESCRIPTION = """\
refboost benchmark data: the LIBSVM and Raetsch/IDA sets of the papers, by name.

Files are read from the first of these places that has them: the --data-home option (or the
data_home= argument in Python), $REFBOOST_DATA, the user cache ($XDG_CACHE_HOME/refboost/data,
~/.cache/refboost/data) and the data bundled with the clone (data/datasets/). The clone bundles
what the chapters and tests read at their default scale; fetch any other set with
`refboost-data download NAME`.
"""


def _cli_list(data_home) -> None:
    print("searched, in this order:")
    for folder, what in search_path(data_home):
        print(f"  {what}: {folder}{'' if folder.is_dir() else '  (does not exist)'}")
    print(f"downloads go to: {get_data_home(data_home)}")
    print()
    print(f"{'data set':24s} {'status':28s} where")
    for nm in names():
        spec = _SPECS[nm]
        if spec.kind == "generator":
            print(f"{nm:24s} {'generator (no files)':28s}")
            continue
        st = status(nm, data_home=data_home)
        if st["complete"]:
            state = "present"
        elif st["found"]:
            state = f"partial ({len(st['found'])} of {len(st['files'])} files)"
            if st["realisations"]:
                state = f"partial (realisations {_ranges(st['realisations'])})"
        else:
            state = "missing"
        homes = sorted({what for p in st["found"].values() for folder, what in search_path(data_home)
                        if _is_under(p, folder)})
        print(f"{nm:24s} {state:28s} {', '.join(homes)}")


def _is_under(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True


def _ranges(nums: tuple[int, ...]) -> str:
    out, start, prev = [], nums[0], nums[0]
    for k in (*nums[1:], None):
        if k is not None and k == prev + 1:
            prev = k
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if k is not None:
            start = prev = k
    return ", ".join(out)


def main(argv: list[str] | None = None) -> int:
    """Console entry point ``refboost-data`` / ``python -m refboost.datasets``."""
    ap = argparse.ArgumentParser(
        prog="refboost-data", description=_CLI_DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="{list,verify,download,registry}")
    home_help = "folder searched first (and, for download, written to); default: $REFBOOST_DATA, else the user cache"
    names_help = "data set names (see `list`), or 'all' for every stored data set"
    p = sub.add_parser("list", help="list every data set: present, partial or missing, and where it was found")
    p.add_argument("--data-home", default=None, help=home_help)
    p = sub.add_parser(
        "verify",
        help="check the sha256 of the files that are present against the registry",
        description="Check the sha256 of every file of the named data sets that is present (first place "
        "that has it) against the registry. Exit status 1 on a mismatch, or if a named set has no file.",
    )
    p.add_argument("names", nargs="+", help=names_help)
    p.add_argument("--data-home", default=None, help=home_help)
    p.add_argument("--complete", action="store_true", help="also fail if any file of a named set is missing")
    p = sub.add_parser(
        "download",
        help="fetch data sets by name from their canonical sources and verify them",
        description="Fetch every file of the named data sets (LIBSVM page, or the pinned public copy the "
        "registry names) into the data home and verify its sha256; files already there and verified are kept.",
    )
    p.add_argument("names", nargs="+", help=names_help)
    p.add_argument("--data-home", default=None, help="folder to write to; default: $REFBOOST_DATA, else the user cache")
    p.add_argument("--mirror", default=None, help="base URL (https://, file://) of a folder with the catalogue layout")
    p = sub.add_parser("registry", help="regenerate data_registry.json from a data MANIFEST.md (maintainers)")
    p.add_argument("manifest")
    p.add_argument("--out", default=str(_REGISTRY_FILE))
    args = ap.parse_args(argv)
    every = getattr(args, "names", None) == ["all"]
    if every:
        args.names = [nm for nm in names() if _SPECS[nm].kind != "generator"]
    try:
        if args.cmd == "list":
            _cli_list(args.data_home)
        elif args.cmd == "verify":
            missing, done = {}, []
            for nm in args.names:
                st = status(nm, data_home=args.data_home)
                if st["missing"] and (args.complete or not st["found"]):
                    if every and not args.complete:  # 'all': report what is absent, check the rest
                        print(f"{nm}: not present (refboost-data download {nm})")
                    else:
                        missing[st["name"]] = st["missing"]
                    continue
                done.append((nm, st))
            for nm, st in done:
                res = verify(nm, data_home=args.data_home, present_only=True)
                extra = f" ({len(st['missing'])} not present)" if st["missing"] else ""
                print(f"{nm}: {len(res)} files OK{extra}")
            if missing:
                raise _missing(missing, args.data_home)
        elif args.cmd == "download":
            for nm in args.names:
                _resolve(nm)
            for nm in args.names:
                res = download(nm, args.data_home, mirror=args.mirror)
                print(f"{nm}: {len(res)} files verified under {get_data_home(args.data_home)}")
        else:
            from .._registry import build_registry

            reg = build_registry(args.manifest, args.out)
            print(f"wrote {len(reg)} records to {args.out}")
    except (DataNotFoundError, DataFormatError, ChecksumError, ValueError, TypeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
