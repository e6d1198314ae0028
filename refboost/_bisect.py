"""The one bisection of refboost: a monotone predicate halved down to float resolution."""

from __future__ import annotations

#: Halvings at the most: from any finite bracket, far more than float resolution needs (~1100 would
#: reach the smallest subnormal; the loop stops as soon as the midpoint is no longer strictly inside).
BISECT_STEPS = 200


def bisect(above, lo: float, hi: float, steps: int = BISECT_STEPS) -> tuple[float, float]:
    """Halve ``[lo, hi]`` while its midpoint lies strictly inside: ``lo = mid`` where ``above(mid)``,
    else ``hi = mid``. ``above`` is true left of the sought point and false right of it (a decreasing
    function's ``f(mid) > 0``); returns the final bracket ``(lo, hi)``."""
    for _ in range(steps):
        mid = 0.5 * (lo + hi)
        if not lo < mid < hi:
            break
        if above(mid):
            lo = mid
        else:
            hi = mid
    return lo, hi
