"""One module per family of boosters; every booster is ``f(oracle, *, **params) -> BoostResult``."""
