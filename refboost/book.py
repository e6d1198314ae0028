"""What the chapters use to present results: legible figures, real tables, computed numbers in prose.

A chapter calls :func:`setup` once (in its folded first cell), then

* ``book.table(df, caption=...)``: a pandas Styler rendered as an HTML table (numbers formatted, a
  verdict column shown as labels, the caption above), which scrolls on its own when wider than the column;
* ``book.figure("fig-name", fig)``: glues a Matplotlib figure for a ``{glue:figure}`` directive with a
  ``:name:`` and a caption in the Markdown (numbered by Sphinx, referred to with ``{numref}``);
* ``book.glue("name", value)``: a number or a phrase computed in the cell, for ``{glue:text}`` in prose.

Nothing here computes a result; it only shows one. Outside a Jupyter kernel the glue calls do nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["COLUMN_INCHES", "figure", "glue", "setup", "table"]

COLUMN_INCHES = 8.0
"""Width of a full-column figure: the book's text column is ~790 px at 1280 px, i.e. about 8 in at 96 px/in."""


def setup() -> None:
    """SVG figures sized for the column, fonts of 11 pt (legends 10 pt) at display size."""
    import matplotlib as mpl

    mpl.rcParams.update({
        "figure.figsize": (COLUMN_INCHES, 3.6),
        "figure.dpi": 96,
        "savefig.bbox": "tight",
        "font.size": 11,
        "axes.titlesize": 11,
        "axes.labelsize": 11,
        "legend.fontsize": 10,
        "xtick.labelsize": 10,
        "ytick.labelsize": 10,
        "legend.framealpha": 0.9,
        "svg.fonttype": "path",
    })
    try:
        from matplotlib_inline.backend_inline import set_matplotlib_formats

        set_matplotlib_formats("svg")
    except ImportError:  # pragma: no cover - only outside Jupyter
        pass


def glue(name: str, value, display: bool = False) -> None:
    """Glue ``value`` (a number, or a phrase shown without quotes) under ``name`` for ``{glue:text}``."""
    try:
        from myst_nb import glue as _glue
    except ImportError:  # pragma: no cover
        return
    # A str is glued as itself: myst-nb's {glue:text} reads the output's repr back with ast.literal_eval,
    # which removes the quotes (a str subclass whose repr has no quotes would be read as Python: "1,320"
    # became the tuple (1, 320)).
    if isinstance(value, str):
        value = str(value)
    elif hasattr(value, "item") and getattr(value, "shape", None) == ():  # a numpy scalar: its repr is
        value = value.item()  # "np.float64(...)", which {glue:text}`name:.3f` cannot format
    _glue(name, value, display=display)


def figure(name: str, fig) -> None:
    """Glue a Matplotlib figure for ``{glue:figure} name`` and close it (no duplicate inline output)."""
    import matplotlib.pyplot as plt

    glue(name, fig)
    plt.close(fig)


def table(
    df,
    caption: str | None = None,
    formats: Mapping[str, str] | str | None = None,
    verdict: str | None = "verdict",
    index: bool = False,
):
    """``df`` as a styled HTML table: ``formats`` per column (``"{:.3f}"``) or one for all numbers,
    the ``verdict`` column (if present) as labels, the ``caption`` above the table.

    Column headers should be spelled out; define abbreviations in the caption.
    """
    import pandas as pd

    from .claims import label

    df = pd.DataFrame(df)
    if isinstance(formats, str) or formats is None:
        default = formats or "{:.4g}"
        formats = {c: default for c in df.columns if pd.api.types.is_float_dtype(df[c])}
    sty = df.style.format(formats, na_rep="—")
    if verdict in df.columns:
        sty = sty.format(lambda s: label(s) if isinstance(s, str) and s else (s or "—"), subset=[verdict])
    for c in df.columns:
        if pd.api.types.is_integer_dtype(df[c]) and c not in formats:
            sty = sty.format("{:,}", subset=[c])
    if not index:
        sty = sty.hide(axis="index")
    if caption:
        sty = sty.set_caption(caption)
    sty = sty.set_table_attributes('class="refboost-table"')
    numeric = [c for c in df.columns if pd.api.types.is_numeric_dtype(df[c])]
    if numeric:
        sty = sty.set_properties(subset=numeric, **{"text-align": "right"})
    return sty
