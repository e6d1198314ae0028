"""refboost.book.glue: what a chapter glues is what the reader sees."""

import pytest


@pytest.mark.parametrize("text", ["1,320", "0.170", "48 of the 50 stump runs", "2-30 s", "(a)", "it's"])
def test_glued_text_renders_as_itself(text, monkeypatch):
    """{glue:text} reads the glued output's repr back with ast.literal_eval: a phrase must come back
    verbatim ("1,320" once rendered as the tuple "(1, 320)", "0.170" as "0.17")."""
    import myst_nb
    from myst_nb.core.variables import format_plain_text

    from refboost import book

    seen = {}
    monkeypatch.setattr(myst_nb, "glue", lambda name, value, display=False: seen.update({name: value}))
    book.glue("x", text)
    assert format_plain_text(repr(seen["x"]), "") == text
