"""``refboost-check``: check another implementation's outputs against the conformance kit."""


def main(argv=None) -> int:
    raise SystemExit("refboost-check: not built yet")
