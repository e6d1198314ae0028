"""Plotting helpers for experiments: error vs iteration and cumulative margin distributions.

Both draw on a matplotlib ``Axes`` (a new figure when ``ax`` is None) and return it, so a
notebook can add its own decorations. matplotlib is imported only when a helper is called.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ._validation import check_array

__all__ = ["error_vs_iteration", "margin_distribution", "normalised_margins"]


def _axes(ax, figsize):
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=figsize)
    return ax


def _curves(curves, name: str) -> dict:
    if isinstance(curves, Mapping):
        if not curves:
            raise ValueError(f"{name} must not be empty")
        return dict(curves)
    return {None: curves}


def normalised_margins(result_or_margins) -> np.ndarray:
    """Margins ``y_n f(x_n) / ||w||_1`` of a :class:`~refboost.BoostResult`, or an array as given."""
    from .result import BoostResult

    if isinstance(result_or_margins, BoostResult):
        w = np.asarray(result_or_margins.weights, dtype=float)
        l1 = float(np.sum(np.abs(w)))
        return np.asarray(result_or_margins.margins, dtype=float) / (l1 if l1 > 0 else 1.0)
    return check_array(result_or_margins, "margins", ndim=1)


def _label(ax, curves, xlabel: str, ylabel: str, title: str | None):
    """Axis labels, the title (if any) and a legend when a curve has a label."""
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)
    if any(k is not None for k in curves):
        ax.legend()
    return ax


def error_vs_iteration(
    curves,
    *,
    ax=None,
    start: int = 1,
    logx: bool = False,
    xlabel: str = "iteration $t$",
    ylabel: str = "error",
    title: str | None = None,
    figsize=(5.5, 3.2),
    **plot_kw,
):
    """Plot error curves ``{label: errors}`` (``errors[i]`` belongs to iteration ``start + i``).

    Parameters
    ----------
    curves : mapping {label: 1-d array} or a 1-d array
        E.g. ``{"train": refboost.experiments.staged_errors(oracle, res, X, y), ...}``.
    ax : matplotlib Axes, optional
    start : int, default 1
        Iteration number of the first entry.
    logx : bool, default False
        Logarithmic iteration axis.
    **plot_kw
        Passed to ``Axes.plot`` for every curve.

    Returns
    -------
    matplotlib.axes.Axes
    """
    curves = _curves(curves, "curves")
    ax = _axes(ax, figsize)
    for label, err in curves.items():
        e = check_array(err, f"curves[{label!r}]" if label is not None else "curves", ndim=1)
        ax.plot(np.arange(start, start + e.size), e, label=label, **plot_kw)
    if logx:
        ax.set_xscale("log")
    return _label(ax, curves, xlabel, ylabel, title)


def margin_distribution(
    margins,
    *,
    ax=None,
    xlabel: str = "normalised margin $y_n f(x_n) / \\|w\\|_1$",
    ylabel: str = "fraction of examples $\\leq$ margin",
    title: str | None = None,
    figsize=(5.5, 3.2),
):
    """Cumulative margin distributions: ``theta -> |{n : margin_n <= theta}| / N`` (Schapire et al. 1998).

    Parameters
    ----------
    margins : mapping {label: BoostResult or 1-d array}, a BoostResult, or a 1-d array
        A :class:`~refboost.BoostResult` contributes ``margins / ||weights||_1``
        (:func:`normalised_margins`); arrays are plotted as given.
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib.axes.Axes
    """
    curves = _curves(margins, "margins")
    ax = _axes(ax, figsize)
    for label, m in curves.items():
        m = np.sort(normalised_margins(m))
        ax.step(m, np.arange(1, m.size + 1) / m.size, where="post", label=label)
    ax.axvline(0.0, color="gray", lw=0.5)
    return _label(ax, curves, xlabel, ylabel, title)
