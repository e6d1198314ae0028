"""The canonical floating-point environment: AVX2 code paths in OpenBLAS and numpy.

A run's last bits depend on the CPU: OpenBLAS picks its kernels when it loads (Haswell = AVX2, SkylakeX =
AVX-512) and numpy its vector loops (AVX2 or AVX-512 ``exp``, ``log``, reductions). Where a run turns on
rounding -- two hypotheses with edges tied to the last bits, an LP with several optimal vertices, a
continuous weak learner fitted by least squares -- two CPUs then take different paths and store different
records. The committed study stores were written on the AVX2 paths, which every x86-64 CPU with AVX2 runs
identically, so the study runner's LocalCluster workers start in them (the analogue of Intel MKL's
``MKL_CBWR=AVX2``); the store test re-runs its cells on such a worker. Both variables act only when set
before numpy is imported, so they are given to new worker processes, never to a running one; a value the
user set is kept. On a CPU without AVX2, or not x86-64, nothing is set.
"""

from __future__ import annotations

import os
import platform

#: OpenBLAS's AVX2 kernels; numpy without its AVX-512 loops (numpy 2 names, then numpy 1 names; names a
#: numpy build does not know are ignored).
CANONICAL_FP_ENV = {
    "OPENBLAS_CORETYPE": "Haswell",
    "NPY_DISABLE_CPU_FEATURES": "X86_V4 AVX512_ICL AVX512_SPR AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL",
}


def cpu_has_avx2() -> bool:
    """Whether this is an x86-64 CPU with AVX2 (read from ``/proc/cpuinfo``; False where it cannot be read)."""
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return False
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if line.startswith("flags"):
                    return "avx2" in line.split()
    except OSError:
        return False
    return False


def canonical_fp_env() -> dict[str, str]:
    """The variables to set on this machine: :data:`CANONICAL_FP_ENV` on an x86-64 CPU with AVX2, else {}."""
    return dict(CANONICAL_FP_ENV) if cpu_has_avx2() else {}


def worker_fp_env(environ=None) -> dict[str, str]:
    """The variables a new worker process runs with: the user's value where ``environ`` (default
    ``os.environ``) sets one, else :func:`canonical_fp_env`'s."""
    environ = os.environ if environ is None else environ
    return {k: environ.get(k, v) for k, v in canonical_fp_env().items()}
