"""The claims ledger: every claim of the five works, and the code that asserts it.

A notebook cell or a test says which claim it asserts and what it found::

    from refboost import claims

    claims.check("Glocer Thm 3.10", status="holds", on="3 pools, N = 40, eps in {0.1, 0.05}")

    @claims.asserts("Glocer Lemma 2.4", status="holds", on="planted pivots, 20 seeds")
    def test_lemma_2_4_planted_pivot(seed): ...

Both calls validate the id against :data:`CATALOGUE` and the status against :data:`STATUSES`, print
nothing and cost a dictionary look-up. The ledger page (``book/ledger.md``) is generated from the
declarations found by a static scan of ``notebooks/[0-9][0-9]_*.py`` and ``tests/test_*.py``
(:func:`collect`), so it needs no test run::

    python -m refboost.claims --write-page     # regenerate book/ledger.md
    python -m refboost.claims --check          # exit 1 if the page is out of date

A declaration's status must be what the asserting code shows: "holds" (a theorem, lemma, identity
or algorithm property checked as stated), "fails as printed, holds corrected" (the printed form
fails and the corrected form is asserted), "fails" (a counterexample is asserted), "reproduced" /
"partly reproduced" (an experimental table or figure), "weakly asserted" (the assertion exists but
does not test the claim: an algebraic identity, a sanity bound, numbers copied from a results file;
say why in ``note``), or "not yet" (nothing in CI asserts it, e.g. only a ``FULL_RUN`` branch does;
say so in ``note``). A catalogue claim nobody declares is "not yet".
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .claims_catalogue import CATALOGUE as _ROWS

__all__ = [
    "STATUSES",
    "WORKS",
    "Claim",
    "Declaration",
    "asserts",
    "catalogue",
    "check",
    "collect",
    "ledger",
    "render_page",
]

STATUSES = (
    "holds",
    "fails as printed, holds corrected",
    "fails",
    "reproduced",
    "partly reproduced",
    "weakly asserted",
    "not yet",
)
"""The statuses, in the order of the ledger's columns."""

# when several declarations name one claim, the ledger shows the most qualified one
_PRECEDENCE = (
    "not yet",
    "weakly asserted",
    "holds",
    "reproduced",
    "partly reproduced",
    "fails as printed, holds corrected",
    "fails",
)

_NEEDS_NOTE = ("weakly asserted", "not yet")

WORKS = {
    "Glocer": "Glocer (2009), *Entropy Regularization and Soft Margin Maximization*, PhD thesis, UC Santa Cruz",
    "MHT": "Mitsuboshi, Hatano & Takimoto, *Boosting as Frank-Wolfe*",
    "Shen-Li": "Shen & Li (2010), *On the Dual Formulation of Boosting Algorithms*, IEEE TPAMI 32(12)",
    "Sun": "Sun, Todorovic & Li (2006), *Reducing the Overfitting of AdaBoost by Controlling its Data "
    "Distribution Skewness*, IJPRAI 20(7)",
    "RDS": "Rudin, Daubechies & Schapire (2004), *The Dynamics of AdaBoost* (sections and figures of the NIPS 2003 "
    "version, *On the Dynamics of Boosting*)",
}
"""Work key (the first word of every claim id) -> citation."""

KINDS = ("theorem", "lemma", "corollary", "proposition", "dual", "kkt", "algorithm", "bound", "claim", "table",
         "figure")


@dataclass(frozen=True)
class Claim:
    """One claim of one work: ``id`` (e.g. "Glocer Thm 3.10"), its ``kind``, where it is, and a one-line statement."""

    id: str
    work: str
    kind: str
    where: str
    statement: str


@dataclass(frozen=True)
class Declaration:
    """A declaration found in the code: which claim, what status, on what, and where the asserting code is.

    ``source`` is the file relative to the repository root; ``locator`` is the cell's section heading
    (notebooks) or the test's node id (tests); ``anchor`` is the HTML id of that section (notebooks only);
    ``cell`` is the cell's index in the notebook (notebooks only).
    """

    claim: str
    status: str
    on: str
    note: str
    source: str
    locator: str
    anchor: str = ""
    cell: int = -1


@lru_cache(maxsize=1)
def catalogue() -> dict[str, Claim]:
    """The catalogue as ``{id: Claim}``, in the works' order."""
    out: dict[str, Claim] = {}
    for cid, kind, where, statement in _ROWS:
        work = cid.split(" ", 1)[0]
        if work not in WORKS:
            raise ValueError(f"claim {cid!r}: unknown work {work!r} (known: {', '.join(WORKS)})")
        if kind not in KINDS:
            raise ValueError(f"claim {cid!r}: unknown kind {kind!r}")
        if cid in out:
            raise ValueError(f"claim {cid!r} is catalogued twice")
        out[cid] = Claim(cid, work, kind, where, statement)
    return out


def _validate(claim_id, status, on, note) -> tuple[str, ...]:
    ids = (claim_id,) if isinstance(claim_id, str) else tuple(claim_id)
    if not ids:
        raise ValueError("claims.check: name at least one claim id")
    cat = catalogue()
    for cid in ids:
        if cid not in cat:
            close = [k for k in cat if k.lower().replace(" ", "") == str(cid).lower().replace(" ", "")]
            hint = f"; did you mean {close[0]!r}?" if close else "; see refboost.claims_catalogue for the ids"
            raise KeyError(f"unknown claim id {cid!r}{hint}")
    if status not in STATUSES:
        raise ValueError(f"claim {ids[0]!r}: invalid status {status!r}; use one of {STATUSES}")
    if not isinstance(on, str) or not isinstance(note, str):
        raise TypeError("claims.check: 'on' and 'note' are strings")
    if status in _NEEDS_NOTE and not note:
        raise ValueError(f"claim {ids[0]!r}: status {status!r} needs a note saying why")
    return ids


def check(claim_id: str | tuple[str, ...] | list[str], *, status: str, on: str = "", note: str = "") -> None:
    """Declare that the surrounding cell (or test) asserts ``claim_id`` with outcome ``status``.

    ``claim_id`` may be one id or a list of ids. ``on``: the instances the assertion ran on; ``note``:
    anything a reader needs (the correction, why the assertion is weak, why it is not run in CI).
    Raises ``KeyError`` for an unknown id and ``ValueError`` for an invalid status; prints nothing.
    The arguments must be literals: the ledger reads them without running the code.
    """
    _validate(claim_id, status, on, note)


def asserts(claim_id: str | tuple[str, ...] | list[str], *, status: str, on: str = "", note: str = ""):
    """Decorator form of :func:`check` for tests: the function is returned unchanged."""
    ids = _validate(claim_id, status, on, note)

    def mark(fn):
        fn.__dict__.setdefault("refboost_claims", []).extend((cid, status) for cid in ids)
        return fn

    return mark


# --------------------------------------------------------------------------------------------------
# Static collection
# --------------------------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]
NO_CLAIM = "# claims: none"
"""A comment marking an asserting cell that checks the implementation, not a claim of the works."""
_CELL = re.compile(r"^# %%(.*)$")
_HEADING = re.compile(r"^# (#{1,6})\s+(.*\S)\s*$")


def _section_id(title: str) -> str:
    """The HTML id Sphinx gives a section with this MyST title (docutils' ``make_id`` of its text)."""
    text = re.sub(r"\{[a-z:]+\}`([^`]*)`", r"\1", title)  # {doc}`x` -> x
    text = text.replace("$", "").replace("`", "").replace("*", "")
    try:
        from docutils.nodes import make_id
    except ImportError:  # pragma: no cover - docutils ships with the book's toolchain
        text = re.sub(r"[^a-z0-9]+", "-", text.lower())
        return re.sub(r"^[-0-9]+|-+$", "", text)
    return make_id(text)


def _notebook_cells(path: Path):
    """(index, kind, source lines, heading) for each cell of a percent-format notebook.

    ``heading`` is the text of the last section heading at or before the cell.
    """
    cells, cur, kind, heading = [], None, None, ""
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _CELL.match(line)
        if m:
            if cur is not None:
                cells.append((kind, cur))
            kind, cur = ("markdown" if "[markdown]" in m.group(1) else "code"), []
        elif cur is not None:
            cur.append(line)
    if cur is not None:
        cells.append((kind, cur))
    for i, (kind, lines) in enumerate(cells):
        if kind == "markdown":
            for line in lines:
                h = _HEADING.match(line)
                if h and len(h.group(1)) >= 2:
                    heading = h.group(2)
        yield i, kind, lines, heading


def _is_decl(node: ast.AST) -> bool:
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return False
    if node.func.attr not in ("check", "asserts"):
        return False
    base = node.func.value
    return (isinstance(base, ast.Name) and base.id == "claims") or (
        isinstance(base, ast.Attribute) and base.attr == "claims"
    )


def _literal_args(node: ast.Call, where: str) -> dict:
    try:
        args = [ast.literal_eval(a) for a in node.args]
        kw = {k.arg: ast.literal_eval(k.value) for k in node.keywords}
    except ValueError as exc:
        raise ValueError(f"{where}: claims.{node.func.attr}(...) must have literal arguments") from exc
    if len(args) != 1 or set(kw) - {"status", "on", "note"} or "status" not in kw:
        raise ValueError(f"{where}: use claims.{node.func.attr}(id, status=..., on=..., note=...)")
    ids = (args[0],) if isinstance(args[0], str) else tuple(args[0])
    return {"ids": ids, "status": kw["status"], "on": kw.get("on", ""), "note": kw.get("note", "")}


def _decls(node: ast.Call, where: str, **loc) -> list[Declaration]:
    a = _literal_args(node, where)
    return [Declaration(cid, a["status"], a["on"], a["note"], **loc) for cid in a["ids"]]


def _parse(source: str, where: str) -> ast.AST:
    # IPython magics and shell escapes are not Python: blank them out before parsing
    lines = ["" if ln.lstrip().startswith(("%", "!")) else ln for ln in source.splitlines()]
    return ast.parse("\n".join(lines), filename=where)


def scan_notebook(path: Path, root: Path = ROOT) -> tuple[list[Declaration], list[tuple[int, str]]]:
    """Declarations of one chapter, and the asserting code cells that declare nothing ``(index, heading)``.

    A cell whose assertions check the implementation rather than a claim of the works says so with a
    comment line starting ``# claims: none`` (and the reason); it is not reported as silent.
    """
    rel = path.relative_to(root).as_posix()
    out, silent = [], []
    for i, kind, lines, heading in _notebook_cells(path):
        if kind != "code":
            continue
        tree = _parse("\n".join(lines), f"{rel}, cell {i}")
        found = [n for n in ast.walk(tree) if _is_decl(n)]
        for n in found:
            out += _decls(n, f"{rel}, cell {i}", source=rel, locator=heading, anchor=_section_id(heading), cell=i)
        exempt = any(ln.strip().startswith(NO_CLAIM) for ln in lines)
        if not found and not exempt and any(isinstance(n, ast.Assert) for n in ast.walk(tree)):
            silent.append((i, heading))
    return out, silent


def scan_test(path: Path, root: Path = ROOT) -> list[Declaration]:
    """Declarations of one test module: decorators on tests (node id) and module-level calls (the file)."""
    rel = path.relative_to(root).as_posix()
    tree = _parse(path.read_text(encoding="utf-8"), rel)
    out: list[Declaration] = []
    seen: set[int] = set()

    def visit(body, prefix):
        for node in body:
            if isinstance(node, ast.ClassDef):
                visit(node.body, f"{prefix}::{node.name}")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for dec in node.decorator_list:
                    if _is_decl(dec):
                        seen.add(id(dec))
                        out.extend(_decls(dec, f"{rel}::{node.name}", source=rel, locator=f"{prefix}::{node.name}"))

    visit(tree.body, rel)
    for node in ast.walk(tree):
        if _is_decl(node) and id(node) not in seen:
            out.extend(_decls(node, rel, source=rel, locator=rel))
    return out


def chapters(root: Path = ROOT) -> list[Path]:
    return sorted((root / "notebooks").glob("[0-9][0-9]_*.py"))


def collect(root: Path = ROOT) -> list[Declaration]:
    """Every declaration in the chapters and the tests, found without running them."""
    out: list[Declaration] = []
    for p in chapters(root):
        out += scan_notebook(p, root)[0]
    for p in sorted((root / "tests").glob("test_*.py")):
        if p.name != "test_claims_ledger.py":  # its own calls exercise the API with bad ids on purpose
            out += scan_test(p, root)
    return out


def ledger(decls: list[Declaration] | None = None) -> dict[str, tuple[str, list[Declaration]]]:
    """``{claim id: (status, declarations)}`` for the whole catalogue; the status is the most qualified declared."""
    decls = collect() if decls is None else decls
    by: dict[str, list[Declaration]] = {cid: [] for cid in catalogue()}
    for d in decls:
        by.setdefault(d.claim, []).append(d)
    return {
        cid: (max((d.status for d in ds), key=_PRECEDENCE.index, default="not yet"), ds) for cid, ds in by.items()
    }


def counts(led: dict | None = None) -> dict[str, dict[str, int]]:
    """``{work: {status: number of claims}}``, plus a "total" row."""
    led = ledger() if led is None else led
    cat = catalogue()
    out = {w: dict.fromkeys(STATUSES, 0) for w in [*WORKS, "total"]}
    for cid, (status, _) in led.items():
        if cid in cat:
            out[cat[cid].work][status] += 1
            out["total"][status] += 1
    return out


# --------------------------------------------------------------------------------------------------
# The page
# --------------------------------------------------------------------------------------------------

PAGE = ROOT / "book" / "ledger.md"

def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell (no pipes, no stray math or emphasis)."""
    return text.replace("|", "\\|").replace("$", "\\$").replace("*", "\\*").replace("_", "\\_")


def _where(d: Declaration) -> str:
    if d.source.startswith("notebooks/"):
        stem = Path(d.source).stem
        chap = int(stem[:2])
        title = re.sub(r"^[0-9.]+\s+", "", d.locator) or stem
        href = f"notebooks/{stem}.html" + (f"#{d.anchor}" if d.anchor else "")
        return f'<a href="{href}">ch. {chap}, §{_cell(title)}</a> (cell {d.cell})'
    return f"`{d.locator}`"


def render_page(decls: list[Declaration] | None = None) -> str:
    """The ledger page as MyST Markdown."""
    led = ledger(decls)
    cnt = counts(led)
    cat = catalogue()
    out = [
        "<!-- Generated by `python -m refboost.claims --write-page` from the claims catalogue "
        "(refboost/claims_catalogue.py) and the claims.check / claims.asserts declarations in the "
        "chapters and tests. Do not edit by hand. -->",
        "",
        "(ledger)=",
        "# Claims ledger",
        "",
        "Every claim of the five works (theorems, lemmas, corollaries, propositions, named duals and optimality "
        "relations, algorithms, iteration bounds, tables and figures), with what the book's code shows about it. "
        "A chapter cell or a test declares the claim it asserts with `refboost.claims.check(id, status=..., on=...)` "
        "(tests: the decorator `refboost.claims.asserts`); this page is generated from those declarations by a "
        "static scan of the sources, so it lists what the code asserts, not what was hoped.",
        "",
        "Statuses: **holds** (asserted as stated); **fails as printed, holds corrected** (the printed form fails, "
        "the corrected form, given in the chapter's erratum block, is asserted); **fails** (a counterexample is "
        "asserted); **reproduced** / **partly reproduced** (experimental tables and figures); **weakly asserted** "
        "(an assertion exists but does not test the claim, see the note); **not yet** (nothing run in CI asserts "
        "it). When several places declare one claim, the most qualified status is shown and every place is "
        "listed.",
        "",
        "## Counts",
        "",
        "| work | claims | " + " | ".join(STATUSES) + " |",
        "|---|" + "---:|" * (len(STATUSES) + 1),
    ]
    for w in [*WORKS, "total"]:
        n = sum(cnt[w].values())
        label = "**total**" if w == "total" else w
        out.append(f"| {label} | {n} | " + " | ".join(str(cnt[w][s]) for s in STATUSES) + " |")
    out.append("")
    for w, cite in WORKS.items():
        out += [f"## {w}", "", cite + ".", "", "| claim | statement | status | asserted by |", "|---|---|---|---|"]
        for cid, c in cat.items():
            if c.work != w:
                continue
            status, ds = led[cid]
            places = []
            for d in ds:
                bits = [_where(d)]
                if d.status != status:
                    bits.append(f"[{d.status}]")
                if d.on:
                    bits.append("on " + _cell(d.on))
                if d.note:
                    bits.append("(" + _cell(d.note) + ")")
                places.append(" ".join(bits))
            stmt = f"{_cell(c.statement)} <br>*{_cell(c.where)}; {c.kind}*"
            out.append(f"| **{_cell(cid)}** | {stmt} | {status} | {'<br>'.join(places) or '—'} |")
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m refboost.claims", description=__doc__.split("\n\n")[0])
    ap.add_argument("--write-page", action="store_true", help=f"write {PAGE.relative_to(ROOT)}")
    ap.add_argument("--check", action="store_true", help="exit 1 if the page is out of date")
    args = ap.parse_args(argv)
    decls = collect()
    for d in decls:
        _validate(d.claim, d.status, d.on, d.note)
    text = render_page(decls)
    if args.write_page:
        PAGE.write_text(text, encoding="utf-8")
    cnt = counts(ledger(decls))
    print(f"{'work':8s} " + " ".join(f"{s[:12]:>12s}" for s in STATUSES))
    for w, row in cnt.items():
        print(f"{w:8s} " + " ".join(f"{row[s]:12d}" for s in STATUSES))
    if args.check and (not PAGE.exists() or PAGE.read_text(encoding="utf-8") != text):
        print(f"{PAGE.relative_to(ROOT)} is out of date: run python -m refboost.claims --write-page")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
