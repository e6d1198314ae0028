"""The light install (issue 50, item 3): what ``pip install refboost`` (no extras) weighs and costs pytest.

Run from a clone (needs network or a pip cache; takes a few minutes)::

    .venv/bin/python benchmarks/bench_install.py --work /tmp/rb-install --out benchmarks/results/install_footprint.txt

1. Builds the wheel (``pip wheel . --no-deps``) and installs it, without extras, into a fresh venv ``kit``;
   the install size is the sum of the installed files of every distribution but pip and setuptools (which
   any venv has), also listed per distribution, and ``du -sk`` of site-packages.
2. Adds pytest (not a dependency of refboost) to ``kit``, and makes a venv ``bare`` with the same versions
   of every package minus refboost (``pip freeze``).
3. In a temporary directory outside the clone with an empty ``HOME``: runs the README's four-line kit test
   (the python block of "Test your own solver", with ``my_solver`` = refboost's own LPBoost), checks
   ``refboost-check --version`` / ``--path``, a lazy ``refboost.lpboost``, ERLPBoost on the numpy kernels
   (no numba installed), and the ImportError of ``refboost.sklearn`` naming ``[sklearn]``.
4. pytest start-up in a project that does not use the kit: ``python -m pytest -q -p no:cacheprovider
   test_empty.py`` (one empty test) ``--runs`` times in ``kit``, in ``bare`` and in ``kit`` with
   ``-p no:refboost``, interleaved; wall time and peak RSS (``getrusage(RUSAGE_CHILDREN).ru_maxrss`` of a
   wrapper that runs pytest once). The overhead is kit minus bare (medians).

With ``--all-extras`` it also installs ``refboost[fast,sklearn,studies,plot]`` into a venv ``full``
(everything but [dev]) and reports its size for comparison.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = {"pip", "setuptools", "wheel"}

SIZES = r"""
import json, importlib.metadata as md, os
out = {}
for d in md.distributions():
    total = 0
    for f in d.files or []:
        p = f.locate()
        if os.path.isfile(p):
            total += os.path.getsize(p)
    out[d.metadata["Name"]] = total
print(json.dumps(out))
"""

WRAP = r"""
import resource, subprocess, sys, time
t = time.perf_counter()
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
dt = time.perf_counter() - t
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print(dt, ru.ru_maxrss, r.returncode, ru.ru_utime + ru.ru_stime)
"""

SOLVER = '''import numpy as np
import refboost as rb


def my_solver(U, nu):  # the solver under test: here refboost's own LPBoost, its weights over U's columns
    res = rb.lpboost(rb.MatrixOracle(np.asarray(U)), nu=nu, eps=1e-9, max_iter=10_000)
    w = np.zeros(np.shape(U)[1])
    w[np.asarray(res.hypotheses, dtype=int)] = res.weights
    return w


'''


def sh(cmd, **kw) -> str:
    kw.setdefault("check", True)
    return subprocess.run(cmd, capture_output=True, text=True, **kw).stdout


def venv(path: Path) -> Path:
    if path.exists():
        shutil.rmtree(path)
    sh([sys.executable, "-m", "venv", str(path)])
    return path / "bin"


def pip(bindir: Path, *args: str) -> None:
    sh([str(bindir / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", *args])


def sizes(bindir: Path) -> dict[str, int]:
    return json.loads(sh([str(bindir / "python"), "-c", SIZES]))


def site_du_mb(bindir: Path) -> float:
    site = sh([str(bindir / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).strip()
    return int(sh(["du", "-sk", site]).split()[0]) / 1024


def readme_kit_test() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = re.search(r"## Test your own solver(.*?)\n## ", text, re.S).group(1)
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def checks(kit: Path, cwd: Path, env: dict) -> list[str]:
    py = str(kit / "python")
    (cwd / "test_kit.py").write_text(SOLVER + readme_kit_test())
    lines = []

    def run(label, cmd, expect_fail=False):
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, env=env)
        out = (r.stdout + r.stderr).strip().splitlines()
        ok = (r.returncode != 0) if expect_fail else (r.returncode == 0)
        lines.append(f"$ {label}\n  -> exit {r.returncode} ({'ok' if ok else 'UNEXPECTED'}): {out[-1] if out else ''}")
        if not ok:
            lines.append("\n".join("     " + x for x in out[-20:]))
        return ok

    ok = run("python -m pytest -q -p no:cacheprovider test_kit.py   # the README's four-line test",
             [py, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_kit.py"])
    ok &= run("refboost-check --version", [str(kit / "refboost-check"), "--version"])
    ok &= run("refboost-check --path", [str(kit / "refboost-check"), "--path"])
    ok &= run('python -c "import refboost; refboost.lpboost"',
              [py, "-c", "import refboost; print(refboost.lpboost.__module__)"])
    ok &= run("ERLPBoost without numba (numpy kernels)", [py, "-c", (
        "import sys, numpy as np, refboost as rb; from refboost.boosters import entropy\n"
        "U = np.random.default_rng(0).choice([-1.0, 1.0], size=(100, 40))\n"
        "r = rb.erlpboost(rb.MatrixOracle(U), nu=5.0, eps=1e-3)\n"
        "assert r.converged and not entropy.USE_JIT and 'numba' not in sys.modules\n"
        "print('USE_JIT =', entropy.USE_JIT, '| converged =', r.converged, '| n_iter =', r.n_iter)")])
    ok &= run("a conic problem of truth (Glocer (3.6)) through cvxpy-base + Clarabel", [py, "-c", (
        "import numpy as np, refboost as rb, cvxpy\n"
        "U = np.random.default_rng(0).choice([-1.0, 1.0], size=(60, 25))\n"
        "t = rb.truth.erlp_primal_36(U, nu=6.0, eta=20.0)\n"
        "assert t.status == 'optimal'\n"
        "print('status', t.status, '| value', t.value, '| cvxpy solvers', cvxpy.installed_solvers())")])
    ok &= run("the README's ten lines", [py, "-c", re.search(r"## Ten lines\n\n```python\n(.*?)```",
                                                             (ROOT / "README.md").read_text(), re.S).group(1)])
    ok &= run("python -c 'import refboost.sklearn'   # must fail, naming [sklearn]",
              [py, "-c", "import refboost.sklearn"], expect_fail=True)
    if not ok:
        lines.append("SOME CHECKS FAILED")
    return lines


def timings(variants: dict[str, list[str]], cwd: Path, env: dict, runs: int) -> dict[str, dict]:
    (cwd / "test_empty.py").write_text("def test_nothing():\n    pass\n")
    res = {k: {"t": [], "rss": [], "cpu": []} for k in variants}
    for i in range(runs + 1):  # the first round warms the caches and is dropped
        for k, cmd in variants.items():
            out = sh([sys.executable, "-c", WRAP, *cmd], cwd=cwd, env=env).split()
            assert out[2] == "0", (k, out)
            if i:
                res[k]["t"].append(float(out[0]))
                res[k]["rss"].append(int(out[1]) / 1024)
                res[k]["cpu"].append(float(out[3]))
    return res


def plugin_import_ms(kit: Path, cwd: Path, env: dict, runs: int) -> float:
    """Median cumulative ``-X importtime`` of ``refboost.testing`` after ``import pytest`` (what the plugin costs)."""
    got = []
    for _ in range(runs):
        err = subprocess.run([str(kit / "python"), "-X", "importtime", "-c", "import pytest; import refboost.testing"],
                             capture_output=True, text=True, cwd=cwd, env=env, check=True).stderr
        got.append(sum(int(ln.split("|")[1]) for ln in err.splitlines() if ln.rstrip().endswith("| refboost.testing")))
    return statistics.median(got) / 1e3


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "rb-install")
    ap.add_argument("--src", type=Path, default=ROOT, help="the source tree to build the wheel from")
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--all-extras", action="store_true")
    ap.add_argument("--out", type=Path)
    a = ap.parse_args()
    a.work.mkdir(parents=True, exist_ok=True)
    wheels = a.work / "wheel"
    shutil.rmtree(wheels, ignore_errors=True)
    sh([sys.executable, "-m", "pip", "wheel", str(a.src), "--no-deps", "--no-build-isolation", "-q", "-w", str(wheels)])
    wheel = next(wheels.glob("refboost-*.whl"))

    kit = venv(a.work / "kit")
    pip(kit, str(wheel))
    kit_sizes = sizes(kit)
    kit_du = site_du_mb(kit)
    pip(kit, "pytest")
    pytest_mb = (sum(sizes(kit).values()) - sum(kit_sizes.values())) / 2**20
    bare = venv(a.work / "bare")
    freeze = [x for x in sh([str(kit / "python"), "-m", "pip", "freeze"]).splitlines()
              if not x.lower().startswith("refboost")]
    pip(bare, *freeze)

    home = Path(tempfile.mkdtemp(prefix="home-", dir=a.work))
    cwd = Path(tempfile.mkdtemp(prefix="proj-", dir=a.work))
    env = {"HOME": str(home), "PATH": f"{kit}:/usr/bin:/bin", "LANG": "C.UTF-8"}
    check_lines = checks(kit, cwd, env)

    base = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "test_empty.py"]
    variants = {"kit": [str(kit / "python"), *base], "bare": [str(bare / "python"), *base],
                "kit -p no:refboost": [str(kit / "python"), *base, "-p", "no:refboost"]}
    res = timings(variants, cwd, env, a.runs)
    imp_ms = plugin_import_ms(kit, cwd, env, a.runs)

    full = None
    if a.all_extras:
        fb = venv(a.work / "full")
        pip(fb, f"{wheel}[fast,sklearn,studies,plot]")
        full = sizes(fb)

    mb = lambda b: b / 2**20  # noqa: E731
    own = {k: v for k, v in kit_sizes.items() if k.lower() not in BASELINE}
    total = mb(sum(own.values()))
    model = next((ln.split(":", 1)[1].strip() for ln in Path("/proc/cpuinfo").read_text().splitlines()
                if ln.startswith("model name")), platform.processor())
    med = {k: statistics.median(v["t"]) * 1e3 for k, v in res.items()}
    cpu = {k: statistics.median(v["cpu"]) * 1e3 for k, v in res.items()}
    rss = {k: statistics.median(v["rss"]) for k, v in res.items()}
    out = [
        "# refboost: the light install (issue 50, item 3) -- benchmarks/bench_install.py",
        f"# command: python benchmarks/bench_install.py {' '.join(sys.argv[1:])}",
        f"# machine: {platform.system()} {platform.release()}, {model}, {os.cpu_count()} CPUs (shared), "
        f"Python {platform.python_version()}",
        f"# wheel: {wheel.name}, {wheel.stat().st_size / 2**20:.1f} MB",
        "",
        f"kit_install_mb = {total:.0f}",
        f"pytest_overhead_ms = {cpu['kit'] - cpu['bare']:.0f}",
        f"pytest_overhead_rss_mb = {rss['kit'] - rss['bare']:.1f}",
        "",
        f"## pip install <wheel> (no extras): {len(own)} distributions, {total:.1f} MB installed "
        f"(site-packages with pip and setuptools: du -sk {kit_du:.1f} MB); pytest adds {pytest_mb:.1f} MB",
    ]
    out += [f"  {mb(v):8.2f} MB  {k}" for k, v in sorted(own.items(), key=lambda kv: -kv[1])]
    if full is not None:
        fo = {k: v for k, v in full.items() if k.lower() not in BASELINE}
        out += ["", f"## for comparison, pip install '<wheel>[fast,sklearn,studies,plot]': {len(fo)} distributions, "
                f"{mb(sum(fo.values())):.1f} MB"]
        out += [f"  {mb(v):8.2f} MB  {k}" for k, v in sorted(fo.items(), key=lambda kv: -kv[1])[:15]]
    out += ["", f"## pytest start-up: python -m pytest -q -p no:cacheprovider test_empty.py, {a.runs} runs each "
            "(interleaved, after one warm-up round), empty HOME, outside the clone",
            "  variant               wall: median ms   mean ms   sd ms   min ms   CPU: median ms   "
            "peak RSS MB (median)"]
    for k, v in res.items():
        t = [x * 1e3 for x in v["t"]]
        out.append(f"  {k:20s}  {med[k]:15.1f}  {statistics.mean(t):8.1f}  {statistics.stdev(t):6.1f}  "
                   f"{min(t):7.1f}  {cpu[k]:14.1f}   {rss[k]:.1f}")
    out += [f"  overhead (kit - bare), medians: CPU {cpu['kit'] - cpu['bare']:.1f} ms, "
            f"wall {med['kit'] - med['bare']:.1f} ms, peak RSS {rss['kit'] - rss['bare']:.1f} MB "
            "(pytest_overhead_ms above is the CPU time: the machine is shared)",
            f"  the plugin alone: kit - (kit -p no:refboost): CPU {cpu['kit'] - cpu['kit -p no:refboost']:.1f} ms, "
            f"wall {med['kit'] - med['kit -p no:refboost']:.1f} ms; python -X importtime of refboost.testing after "
            f"pytest (median of {a.runs} runs): {imp_ms:.1f} ms",
            "", "## checks (kit venv, no extras)", *check_lines]
    text = "\n".join(out) + "\n"
    print(text)
    if a.out:
        a.out.write_text(text)


if __name__ == "__main__":
    main()
