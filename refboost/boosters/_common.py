"""Small helpers shared by the boosters (argument checks on the oracle, timing)."""

from __future__ import annotations

from ..oracles import Oracle


def check_oracle(oracle) -> Oracle:
    """Every booster's first argument must implement :class:`refboost.Oracle`."""
    if not isinstance(oracle, Oracle):
        raise TypeError(
            f"oracle must be a refboost.Oracle (e.g. refboost.MatrixOracle(U)), got {type(oracle).__name__}"
        )
    return oracle
