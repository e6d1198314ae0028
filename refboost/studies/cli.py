"""``refboost-repro``: run a study."""


def main(argv=None) -> int:
    raise SystemExit("refboost-repro: not built yet")
