"""The light install: ``pip install refboost`` is the library, truth, certify and the kit; the rest are extras.

Pins the policy of issue 50 (item 3): the base dependencies hold no numba, scikit-learn, dask, pyarrow,
matplotlib or tqdm; the pytest plugin and ``refboost.conformance`` import none of the heavy packages; without
numba the boosters run the numpy reference kernels (``USE_JIT`` defaults to whether numba is installed) and
agree with the compiled ones; a module whose extra is missing says which extra to install. The measured
install size and pytest start-up: ``benchmarks/bench_install.py``, ``benchmarks/results/install_footprint.txt``.
"""

import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import tomllib

import refboost as rb
from refboost import _extras

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
OPTIONAL = ("numba", "scikit-learn", "dask", "pyarrow", "matplotlib", "tqdm", "cvxpy", "scs", "osqp")  # cvxpy-base
HEAVY = ("numba", "llvmlite", "cvxpy", "dask", "distributed", "pyarrow", "matplotlib", "sklearn", "tqdm", "pandas")


def _name(req: str) -> str:
    return re.split(r"[\s\[<>=!~;]", req, maxsplit=1)[0].lower()


def _run(code: str, block: tuple[str, ...] = ()) -> str:
    """Run ``code`` in a fresh interpreter in which the modules ``block`` cannot be imported; its stdout."""
    pre = "import sys\n" + "".join(f"sys.modules[{m!r}] = None\n" for m in block)
    out = subprocess.run([sys.executable, "-c", pre + code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_base_dependencies_have_no_optional_package():
    base = {_name(r) for r in PYPROJECT["dependencies"]}
    assert not base & set(OPTIONAL), f"in the base dependencies, should be extras: {sorted(base & set(OPTIONAL))}"
    extras = PYPROJECT["optional-dependencies"]
    for module, (dist, extra) in _extras.EXTRAS.items():
        assert _name(dist) in {_name(r) for r in extras[extra]}, f"{module}: [{extra}] does not install {dist}"
        assert _name(dist) in {_name(r) for r in extras["dev"]}, f"[dev] does not install {dist}"
    for extra in ("fast", "sklearn", "plot"):  # [studies] and [dev] include them
        for req in extras[extra]:
            assert req in extras["studies"] or extra == "plot", f"[studies] lacks {req} of [{extra}]"
            assert req in extras["dev"], f"[dev] lacks {req} of [{extra}]"


def test_plugin_and_kit_import_nothing_heavy():
    code = (
        "import refboost, refboost.testing, refboost.conformance, refboost.certify, refboost.truth\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    assert _run(code) == "[]\n"


def test_boosters_without_numba_run_the_numpy_kernels_and_agree():
    rng = np.random.default_rng(3)
    U = rng.choice([-1.0, 1.0], size=(60, 25))
    code = (
        "import json, numpy as np, refboost as rb\n"
        "from refboost.boosters import entropy, shen\n"
        "assert not entropy.USE_JIT and not shen.USE_JIT\n"
        f"U = np.array({U.tolist()!r})\n"
        "e = rb.erlpboost(rb.MatrixOracle(U), nu=6.0, eps=1e-4)\n"
        "c = rb.adaboost_cg(rb.MatrixOracle(U), T=0.1, eps=1e-8)\n"
        "assert 'numba' not in sys.modules or sys.modules['numba'] is None\n"
        "print(json.dumps([e.weights.tolist(), c.weights.tolist(), c.converged, e.converged]))\n"
    )
    ew, cw, c_conv, e_conv = json.loads(_run(code, block=("numba",)))
    assert e_conv and c_conv
    e = rb.erlpboost(rb.MatrixOracle(U), nu=6.0, eps=1e-4)  # this process: numba when installed
    c = rb.adaboost_cg(rb.MatrixOracle(U), T=0.1, eps=1e-8)
    np.testing.assert_allclose(ew, e.weights, atol=1e-8)
    np.testing.assert_allclose(cw, c.weights, atol=1e-8)


def test_exact_tree_search_without_numba_gives_the_same_tree():
    code = (
        "import numpy as np, refboost as rb\n"
        "rng = np.random.default_rng(0); X = rng.normal(size=(80, 4)); y = np.sign(X[:, 0] * X[:, 1] + 0.1)\n"
        "o = rb.TreeOracle(X, y, search='exact'); d = rng.dirichlet(np.ones(80))\n"
        "print(repr(o.best_edge(d)))\n"
    )
    assert _run(code, block=("numba",)) == _run(code)


def test_missing_extra_names_it():
    code = (
        "for mod in ('refboost.sklearn',):\n"
        "    try:\n"
        "        __import__(mod)\n"
        "    except ImportError as exc:\n"
        "        print(exc)\n"
        "import refboost._extras as x\n"
        "try:\n"
        "    x.require('numba', 'the kernels')\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    out = _run(code, block=("sklearn", "numba")).splitlines()
    assert out == [
        "refboost.sklearn requires scikit-learn, which is not installed: pip install 'refboost[sklearn]'",
        "the kernels requires numba, which is not installed: pip install 'refboost[fast]'",
    ]


def test_readme_states_the_stored_measurement():
    """The README's size and overhead are the ones ``benchmarks/bench_install.py`` stored, not typed by hand."""
    stored = dict(re.findall(r"^(\w+) = (\S+)$", (ROOT / "benchmarks/results/install_footprint.txt").read_text(), re.M))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"the install weighs (\S+) MB; .*? the plugin adds (\S+) ms of CPU\s+time and (\S+) MB", readme, re.S)
    assert m, "README: the sentence with the install size and the pytest overhead is missing"
    assert m.groups() == (stored["kit_install_mb"], stored["pytest_overhead_ms"], stored["pytest_overhead_rss_mb"])
