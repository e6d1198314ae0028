"""Mutation testing of the core modules with mutmut (issue 51, item 5): a benchmark, not part of CI.

Run: ``python benchmarks/mutation.py [GROUP ...] [--max-children 2] [--workdir /tmp/refboost-mutation]``
(groups: ``core`` = projections, margins, bounds; ``certify``; one per booster module, see ``GROUPS``;
default: all). ``--report-only`` regenerates ``benchmarks/results/mutation.md`` from the stored runs.

What it does, per group:

1. extracts the committed tree (``git archive HEAD``) into ``WORKDIR/GROUP`` (the shared working tree is
   never touched: mutmut writes its ``mutants/`` copy and its config there);
2. writes mutmut's config (``setup.cfg``): the group's modules (``only_mutate``) and its family of tests
   (the test files that exercise it; slow tests deselected), and runs ``nice -n 15 mutmut run``
   (mutmut 3 mutates each function behind a trampoline and runs, per mutant, only the tests that
   called the function in a first statistics run, stopping at the first failure; Hypothesis does not
   shrink a failing example in the copy, see ``NO_SHRINK``);
3. reads every mutant's status from mutmut's ``*.meta`` files and the diff of every mutant that was not
   killed;
4. runs ``tests/test_mutation_kills.py`` (from the working tree) against every such mutant, selected by
   mutmut's ``MUTANT_UNDER_TEST`` variable in a forked process: the new tests that kill the family's
   survivors (each test names the mutants it is written for);
5. writes ``benchmarks/results/mutation_GROUP.json`` and regenerates ``benchmarks/results/mutation.md``.

Survivors that no test kills are either argued equivalent in ``benchmarks/mutation_equivalent.json``
(mutant name -> the mutated line and the argument; a name whose diff no longer matches is reported as
stale and counts as open) or listed as open (an entry with ``"open": true`` records what is known about
an open one). Per module: score = (killed + timeout + killed by the
new tests) / (mutants - not run - equivalent), 'not run' being mutants that a stopped run did not
reach. Timeouts count as killed: mutmut stops a mutant at 15 x (the covering tests' duration in its
statistics run, on the same machine + 1 s), in CPU time and in wall time; a mutant that exceeds it changed
the behaviour grossly (typically a loop that no longer terminates). They are listed with the survivors.

mutmut is not a project dependency: install it with ``pip install mutmut==3.8.1`` (the script stops
with that hint if it is missing). Pure Python/numpy code only: functions with decorators (the numba
kernels in ``refboost/_jit``, ``@property``) are not mutated by mutmut 3.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
EQUIVALENT = ROOT / "benchmarks" / "mutation_equivalent.json"
KILLS = "tests/test_mutation_kills.py"
MUTMUT_VERSION = "3.8.1"

# group -> modules to mutate, the family's test files, tests deselected (slow: minutes each)
SLOW = ["tests/test_entropy_solver.py::test_fast_solver_certificate_and_blas_limit"]
GROUPS: dict[str, dict] = {
    "core": {
        "modules": ["refboost/projections.py", "refboost/margins.py", "refboost/bounds.py"],
        "tests": [
            "tests/test_margins.py",
            "tests/test_entropy_solver.py",
            "tests/test_entropy_jit.py",
            "tests/test_corrective.py",
            "tests/test_theory_glocer_fw_rudin.py",
            "tests/test_truth.py",
            "tests/test_frank_wolfe.py",
            "tests/test_entropy.py",
            "tests/test_bad_input.py",
            "tests/test_adaboost.py",
        ],
        "deselect": SLOW,
    },
    "certify": {
        "modules": ["refboost/certify/*"],
        "tests": [
            "tests/test_certify.py",
            "tests/test_certify_corrective.py",
            "tests/test_certify_dynamics.py",
            "tests/test_certify_entropy.py",
            "tests/test_certify_shen.py",
            "tests/test_certify_sun.py",
        ],
        "deselect": [],
    },
    "adaboost": {"modules": ["refboost/boosters/adaboost.py"], "tests": ["tests/test_adaboost.py"], "deselect": []},
    "corrective": {
        "modules": ["refboost/boosters/corrective.py"],
        "tests": ["tests/test_corrective.py"],
        "deselect": [],
    },
    "lpboost": {
        "modules": ["refboost/boosters/lpboost.py"],
        "tests": ["tests/test_lpboost.py", "tests/test_lpboost_working_set.py"],
        "deselect": [],
    },
    "frank_wolfe": {
        "modules": ["refboost/boosters/frank_wolfe.py"],
        "tests": ["tests/test_frank_wolfe.py"],
        "deselect": [],
    },
    "sun": {"modules": ["refboost/boosters/sun.py"], "tests": ["tests/test_sun.py"], "deselect": []},
    "entropy": {
        "modules": ["refboost/boosters/entropy.py", "refboost/boosters/softboost.py", "refboost/boosters/_newton.py"],
        "tests": ["tests/test_entropy.py", "tests/test_entropy_solver.py", "tests/test_entropy_jit.py"],
        "deselect": SLOW,
    },
    "shen": {
        "modules": ["refboost/boosters/shen/*"],
        "tests": ["tests/test_shen.py", "tests/test_shen_jit.py"],
        "deselect": [],
    },
}

# Appended to the copy's tests/conftest.py: a failing Hypothesis example is a kill; shrinking it costs tens of
# seconds per killed mutant and changes nothing in the verdict.
NO_SHRINK = """

from hypothesis import Phase  # noqa: E402

settings.register_profile(
    "mutation", parent=settings.get_profile("refboost"), phases=[Phase.explicit, Phase.reuse, Phase.generate]
)
settings.load_profile("mutation")
"""

THREADS = {v: "1" for v in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS")}


def _mutmut() -> Path:
    exe = Path(sys.executable).parent / "mutmut"
    if not exe.exists():
        sys.exit(
            f"mutmut is not installed in this environment: {sys.executable} -m pip install mutmut=={MUTMUT_VERSION}"
        )
    return exe


def _cfg_list(key: str, values: list[str]) -> str:
    return f"{key}=\n" + "".join(f"    {v}\n" for v in values)


def prepare(group: str, workdir: Path, modules: list[str] | None = None) -> Path:
    """The committed tree in ``workdir/group`` with mutmut's config for the group (``modules``: a subset)."""
    g = {**GROUPS[group], **({"modules": modules} if modules else {})}
    wd = workdir / group
    if wd.exists():
        shutil.rmtree(wd)
    wd.mkdir(parents=True)
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, check=True)
    (wd / "COMMIT").write_text(commit.stdout)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "HEAD"], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(wd)], input=archive, check=True)
    with open(wd / "tests" / "conftest.py", "a") as f:
        f.write(NO_SHRINK)
    selection = g["tests"] + [f"--deselect={t}" for t in g["deselect"]]
    (wd / "setup.cfg").write_text(
        "[mutmut]\nsource_paths=refboost\n"
        + _cfg_list("only_mutate", g["modules"])
        + _cfg_list("also_copy", ["data"])
        + _cfg_list("pytest_add_cli_args", ["-p", "no:cacheprovider", "-p", "no:xdist"])
        + _cfg_list("pytest_add_cli_args_test_selection", selection)
    )
    return wd


def run_mutmut(wd: Path, max_children: int, minutes: float | None = None) -> None:
    """``nice -n 15 mutmut run``; with ``minutes``, stopped then (its workers first): the mutants it did not
    reach stay 'not checked' and are reported as not run."""
    env = {**os.environ, **THREADS}
    cmd = ["nice", "-n", "15", str(_mutmut()), "run", "--max-children", str(max_children)]
    with open(wd / "mutmut.log", "w") as log:
        proc = subprocess.Popen(cmd, cwd=wd, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            proc.wait(timeout=None if minutes is None else 60 * minutes)
        except subprocess.TimeoutExpired:
            children = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
            for pid in children:
                os.kill(int(pid), signal.SIGTERM)
            proc.terminate()
            proc.wait()


def statuses(wd: Path) -> dict[str, str]:
    """Mutant name -> mutmut's status, from the ``.meta`` files of the mutated modules."""
    sys.path.insert(0, str(Path(_mutmut()).parent))
    from mutmut.stats import status_by_exit_code

    out = {}
    for meta in sorted((wd / "mutants").rglob("*.py.meta")):
        for name, code in json.loads(meta.read_text())["exit_code_by_key"].items():
            out[name] = status_by_exit_code[code]
    return out


def diffs(wd: Path, names: list[str]) -> dict[str, str]:
    """Mutant name -> unified diff (mutmut's own ``show``), in a subprocess running in ``wd``."""
    if not names:
        return {}
    code = (
        "import json, sys\n"
        "from mutmut.mutation.diff_apply import find_mutant, get_diff_for_mutant\n"
        "out = {}\n"
        "for n in sys.argv[1:]:\n"
        "    out[n] = get_diff_for_mutant(n, path=find_mutant(n).path)\n"
        "print(json.dumps(out))\n"
    )
    res = subprocess.run([sys.executable, "-c", code, *names], cwd=wd, capture_output=True, text=True, check=True)
    return json.loads(res.stdout.strip().splitlines()[-1])


def kill_check(wd: Path, names: list[str]) -> dict[str, bool]:
    """Mutant name -> whether ``tests/test_mutation_kills.py`` fails with that mutant active."""
    src = ROOT / KILLS
    if not names or not src.exists():
        return dict.fromkeys(names, False)
    shutil.copy2(src, wd / "mutants" / KILLS)
    env = {**os.environ, **THREADS}
    env.pop("MUTANT_UNDER_TEST", None)
    res = subprocess.run(
        ["nice", "-n", "15", sys.executable, str(Path(__file__).resolve()), "_kill-check", *names],
        cwd=wd / "mutants",
        env=env,
        capture_output=True,
        text=True,
    )
    lines = [ln for ln in res.stdout.splitlines() if ln.startswith("{")]
    if res.returncode != 0 or not lines:
        raise RuntimeError(f"kill check failed:\n{res.stdout[-3000:]}\n{res.stderr[-3000:]}")
    return json.loads(lines[-1])


def _kill_check_child(names: list[str]) -> None:
    """In ``mutants/``: run the kill tests once clean (must pass), then once per mutant in a fork."""
    import pytest

    sys.path.insert(0, os.getcwd())
    args = ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "--rootdir=.", KILLS]
    os.environ["MUTANT_UNDER_TEST"] = ""
    if pytest.main(args) != 0:
        raise SystemExit("tests/test_mutation_kills.py fails without a mutant")
    out = {}
    for name in names:
        pid = os.fork()
        if pid == 0:
            os.environ["MUTANT_UNDER_TEST"] = name
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            os._exit(int(pytest.main(args)))
        _, status = os.waitpid(pid, 0)
        out[name] = os.waitstatus_to_exitcode(status) not in (0, 5)
    print(json.dumps(out))


def _family_seconds(wd: Path) -> float | None:
    """Duration of the family's tests in mutmut's statistics run (the cost of a surviving mutant's run is up to
    the duration of the tests that cover its function)."""
    stats = wd / "mutants" / "mutmut-stats.json"
    if not stats.exists():
        return None
    return round(sum(json.loads(stats.read_text())["duration_by_test"].values()), 1)


def run_group(
    group: str,
    workdir: Path,
    max_children: int,
    collect_only: bool = False,
    modules: list[str] | None = None,
    minutes: float | None = None,
    note: str | None = None,
) -> None:
    t0 = datetime.datetime.now(datetime.timezone.utc)
    if collect_only:
        wd = workdir / group
    else:
        wd = prepare(group, workdir, modules)
        run_mutmut(wd, max_children, minutes)
    st = statuses(wd)
    if not st:
        raise RuntimeError(f"no mutants recorded for {group}; see {wd / 'mutmut.log'}")
    alive = sorted(n for n, s in st.items() if s not in ("killed", "timeout", "not checked"))
    record = {
        "group": group,
        "modules": modules or GROUPS[group]["modules"],
        "tests": GROUPS[group]["tests"],
        "deselect": GROUPS[group]["deselect"],
        "commit": (wd / "COMMIT").read_text().strip(),
        "started": t0.isoformat(timespec="seconds"),
        "minutes": None
        if collect_only
        else round((datetime.datetime.now(datetime.timezone.utc) - t0).total_seconds() / 60, 1),
        "mutmut": MUTMUT_VERSION,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "max_children": max_children,
        "minutes_limit": minutes,
        "note": note,
        "status": st,
        "family_test_seconds": _family_seconds(wd),
        "worker_seconds": round(
            sum(
                sum(json.loads(m.read_text()).get("durations_by_key", {}).values())
                for m in (wd / "mutants").rglob("*.py.meta")
            )
        ),
        "diff": diffs(wd, alive + sorted(n for n, s in st.items() if s == "timeout")),
        "killed_by_new_tests": kill_check(wd, alive),
    }
    (RESULTS / f"mutation_{group}.json").write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")


def recheck(group: str, workdir: Path) -> None:
    """Rerun the new tests against the stored group's survivors they did not kill yet (its ``mutants/``)."""
    path = RESULTS / f"mutation_{group}.json"
    record = json.loads(path.read_text())
    alive = sorted(n for n, s in record["status"].items() if s not in ("killed", "timeout", "not checked"))
    todo = [n for n in alive if not record["killed_by_new_tests"].get(n)]
    record["killed_by_new_tests"].update(kill_check(workdir / group, todo))
    path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")


# ---------------------------------------------------------------------------------------------------
# report
# ---------------------------------------------------------------------------------------------------
def _module_of(name: str) -> str:
    """``refboost.projections.x__project_log__mutmut_3`` -> ``refboost.projections`` (methods: ``.xǁClassǁ...``)."""
    return re.match(r"^(.*?)\.x[_ǁ]", name).group(1)


def _changed_lines(diff: str) -> str:
    minus = [ln[1:].strip() for ln in diff.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    plus = [ln[1:].strip() for ln in diff.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    return f"`{' / '.join(minus)}` -> `{' / '.join(plus)}`"


def _files(patterns: list[str]) -> list[Path]:
    return sorted({p for pat in patterns for p in ROOT.glob(pat) if p.suffix == ".py"})


def _lines(path: Path) -> int:
    return sum(1 for ln in path.read_text().splitlines() if ln.strip() and not ln.lstrip().startswith("#"))


def _not_run(runs: list[dict]) -> list[str]:
    """Modules without a checked mutant, with a cost estimate: their mutants (counted by a stopped run, else
    estimated per non-blank line from the runs) times the mean worker time per checked mutant so far."""
    counts: dict[Path, int] = {}
    for r in runs:
        for name in r["status"]:
            path = ROOT / (_module_of(name).replace(".", "/") + ".py")
            counts[path] = counts.get(path, 0) + 1
    checked_runs = [r for r in runs if any(s != "not checked" for s in r["status"].values())]
    done = {p for r in checked_runs for p in _files(r["modules"])}
    todo = [p for g in GROUPS.values() for p in _files(g["modules"]) if p not in done]
    if not todo or not checked_runs:
        return []
    per_line = sum(counts.values()) / sum(_lines(p) for p in counts)
    checked = sum(1 for r in checked_runs for s in r["status"].values() if s != "not checked")
    per_mutant = sum(r["worker_seconds"] for r in checked_runs) / checked
    out = [
        "",
        f"Not run yet: mutants counted by a stopped run (or estimated at {per_line:.2f} per non-blank line), and "
        f"the worker time they would take at the mean of the checked mutants ({per_mutant:.0f} s each on this "
        "machine under its load; more where the family's tests are slower):",
        "",
    ]
    for p in todo:
        n, how = (counts[p], "") if p in counts else (round(per_line * _lines(p)), "~")
        out.append(f"- `{p.relative_to(ROOT)}`: {how}{n} mutants, ~{n * per_mutant / 3600:.1f} worker-hours")
    return out


def report() -> None:
    equivalent = json.loads(EQUIVALENT.read_text()) if EQUIVALENT.exists() else {}
    runs = [json.loads(p.read_text()) for p in RESULTS.glob("mutation_*.json")]
    runs.sort(key=lambda r: list(GROUPS).index(r["group"]))
    lines = [
        "# Mutation testing of the core modules (mutmut)",
        "",
        "Generated by `benchmarks/mutation.py` (issue 51, item 5); do not edit by hand. Per module: mutants",
        "generated by mutmut, killed by the module's family of tests, timeouts (counted as killed), survivors",
        "killed by the new tests in `tests/test_mutation_kills.py`, survivors argued equivalent",
        "(`benchmarks/mutation_equivalent.json`), open survivors, and",
        "score = (killed + timeout + killed by new tests) / (mutants - not run - equivalent) ('not run': mutants",
        "that a stopped run did not reach);",
        "'family' is the same score without the new tests.",
        "",
    ]
    for r in runs:
        lines.append(
            f"- group `{r['group']}`: commit `{r['commit'][:10]}`, collected {r['started']}"
            + (f", mutmut run {r['minutes']} min" if r["minutes"] is not None else "")
            + (f" (stopped at its limit of {r['minutes_limit']:g} min)" if r.get("minutes_limit") else "")
            + ", "
            f"mutmut {r['mutmut']}, {r['machine']}, {r['max_children']} workers (`nice -n 15`, machine shared); "
            + (
                f"the family's tests took {r['family_test_seconds']:g} s in mutmut's statistics run; "
                if r.get("family_test_seconds")
                else ""
            )
            + (f"{r['note']}; " if r.get("note") else "")
            + f"tests: {', '.join('`' + t.removeprefix('tests/') + '`' for t in r['tests'])}"
            + (
                f" (deselected: {', '.join('`' + t.split('::')[1] + '`' for t in r['deselect'])})"
                if r["deselect"]
                else ""
            )
        )
    lines += [
        "",
        "| module | mutants | not run | killed | timeout | new tests | equivalent | open | score | family |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    survivors = []
    for r in runs:
        mods: dict[str, dict[str, int]] = {}
        for name, s in sorted(r["status"].items()):
            mod = _module_of(name)
            c = mods.setdefault(mod, dict.fromkeys(("n", "killed", "timeout", "new", "eq", "open", "unrun"), 0))
            c["n"] += 1
            if s == "not checked":  # the run was stopped before mutmut reached it
                c["unrun"] += 1
                continue
            if s in ("killed", "timeout"):
                c[s] += 1
                if s == "timeout":
                    survivors.append((mod, name, "timeout (counted as killed)", _changed_lines(r["diff"][name]), ""))
                continue
            diff = r["diff"].get(name, "")
            eq = equivalent.get(name)
            if r["killed_by_new_tests"].get(name):
                c["new"] += 1
                cls, why = "killed (new test)", ("mutmut: no test of the family calls it" if s == "no tests" else "")
            elif eq and eq.get("open") and eq["line"] == _changed_lines(diff):
                c["open"] += 1
                cls, why = "open", eq["reason"]
            elif eq and eq["line"] == _changed_lines(diff):
                c["eq"] += 1
                cls, why = "equivalent", eq["reason"]
            else:
                c["open"] += 1
                cls, why = "open", ("stale equivalence argument (diff changed)" if eq else "")
                if s != "survived":
                    why = (why + "; " if why else "") + f"mutmut status: {s}"
            survivors.append((mod, name, cls, _changed_lines(diff), why))
        for mod, c in mods.items():
            denom = c["n"] - c["unrun"] - c["eq"]
            score = f"{100 * (c['killed'] + c['timeout'] + c['new']) / denom:.1f} %" if denom else "n/a"
            family = f"{100 * (c['killed'] + c['timeout']) / denom:.1f} %" if denom else "n/a"
            lines.append(
                f"| `{mod}` | {c['n']} | {c['unrun']} | {c['killed']} | {c['timeout']} | {c['new']} | {c['eq']} "
                f"| {c['open']} | {score} | {family} |"
            )
    lines += _not_run(runs)
    lines += ["", "## Survivors", "", "| module | mutant | change | class | reason |", "|---|---|---|---|---|"]
    for mod, name, cls, change, why in survivors:
        lines.append(f"| `{mod}` | `{name.split('.')[-1]}` | {change.replace('|', '&#124;')} | {cls} | {why} |")
    (RESULTS / "mutation.md").write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "_kill-check":
        _kill_check_child(argv[1:])
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("groups", nargs="*", help=f"any of {', '.join(GROUPS)} (default: all)")
    ap.add_argument("--max-children", type=int, default=2)
    ap.add_argument("--workdir", type=Path, default=Path("/tmp/refboost-mutation"))
    ap.add_argument("--modules", nargs="+", help="mutate only these files of the (single) group")
    ap.add_argument("--minutes", type=float, help="stop mutmut after this many minutes (a partial run)")
    ap.add_argument("--note", help="a remark stored with the run (e.g. why it was stopped)")
    ap.add_argument("--report-only", action="store_true")
    ap.add_argument(
        "--collect-only", action="store_true", help="read the results of an earlier mutmut run in WORKDIR/GROUP"
    )
    ap.add_argument("--recheck", action="store_true", help="rerun only the new tests against the stored survivors")
    a = ap.parse_args(argv)
    groups = a.groups or list(GROUPS)
    if not a.report_only:
        for g in groups:
            if a.recheck:
                recheck(g, a.workdir)
            else:
                run_group(g, a.workdir, a.max_children, a.collect_only, a.modules, a.minutes, a.note)
    report()


if __name__ == "__main__":
    main()
