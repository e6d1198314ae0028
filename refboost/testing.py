"""pytest plugin of the refboost conformance kit (registered through the ``pytest11`` entry point)."""
