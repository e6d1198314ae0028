"""The claims ledger: every claim of the five works, and the code that asserts it.

A notebook cell or a test says which claim it asserts and what it found::

    from refboost import claims

    claims.check("Glocer Thm 3.10", status="holds", on="3 pools, N = 40, eps in {0.1, 0.05}")

    @claims.asserts("Glocer Lemma 2.4", status="holds", on="planted pivots, 20 seeds")
    def test_lemma_2_4_planted_pivot(seed): ...

Both calls validate the id against :data:`CATALOGUE` and the status against :data:`STATUSES`; outside a
Jupyter kernel they print nothing and cost a dictionary look-up. In a chapter, ``claims.check`` sits in a
``remove-input`` cell right after the asserting cell and takes the computed ``paper=`` and ``ours=``
values: the cell's output is the rendered verdict table (claim, paper, ours, verdict, evidence).
The ledger pages (``book/ledger/``) are generated from the declarations found by a static scan of
``notebooks/[0-9][0-9]_*.py`` and ``tests/test_*.py`` (:func:`collect`), so they need no test run::

    python -m refboost.claims --write-page     # regenerate book/ledger/*.md
    python -m refboost.claims --check          # exit 1 if a page is out of date

A declaration's status must meet the standard :data:`PROTOCOL` states for it and fill the evidence
fields :data:`EVIDENCE` requires (``on``, ``correction``, ``counterexample``, ``margin``, ``power``,
``differs``, ``note``). A catalogue claim nobody declares is "not yet".
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
    "holds; proof corrected",
    "fails as printed, holds corrected",
    "fails",
    "reproduced",
    "partly reproduced",
    "protocol substituted",
    "not separated at our power",
    "weakly asserted",
    "not yet",
)
"""The statuses, in the order of the ledger's columns (the protocol: :data:`PROTOCOL`)."""

EVIDENCE = {
    "holds": ("on",),
    "holds; proof corrected": ("on", "correction"),
    "fails as printed, holds corrected": ("counterexample", "correction"),
    "fails": ("counterexample",),
    "reproduced": ("margin",),
    "partly reproduced": ("margin",),
    "protocol substituted": ("differs",),
    "not separated at our power": ("power",),
    "weakly asserted": ("note",),
    "not yet": ("note",),
}
"""Status -> the evidence fields a declaration of that status must fill (non-empty literal strings)."""

EVIDENCE_FIELDS = ("correction", "counterexample", "margin", "power", "differs")
"""The evidence keywords of :func:`check` beyond ``on`` and ``note``."""

PROTOCOL = {
    "holds": "the statement is asserted as printed on instances where it could have failed (`on`); for a "
    "bound, the evidence reports how tight it is",
    "holds; proof corrected": "the statement holds as printed, but a step of its proof (or a cross-reference) "
    "is wrong; `correction` says which step and what replaces it",
    "fails as printed, holds corrected": "the printed statement is wrong: its failure is asserted on a "
    "`counterexample`, and the corrected statement (`correction`) is asserted as for *holds*",
    "fails": "a robust counterexample is asserted (`counterexample`): an exact instance, or for a statistical "
    "claim a test at the paper's protocol whose effect survives the stated multiple-testing correction",
    "reproduced": "our number lies within a band of the paper's fixed before looking (`margin`: the band and "
    "why, from the paper's own standard errors); never the mere absence of a significant difference",
    "partly reproduced": "as *reproduced*, on the part of the table or figure that `margin` names; the rest "
    "is said in `note`",
    "protocol substituted": "the experiment ran under a protocol that differs from the paper's (weak learner, "
    "data, number of realisations), named in `differs`; the comparison is not a reproduction",
    "not separated at our power": "the comparison is inconclusive: no difference is detected, and `power` "
    "states the effect size our run could have detected",
    "weakly asserted": "an assertion exists but does not test the claim; `note` says why",
    "not yet": "nothing run in CI asserts the claim; `note` says why",
}
"""Status -> the standard a declaration of that status meets (the ledger's introduction)."""

# when several declarations name one claim, the ledger shows the most qualified one
_PRECEDENCE = (
    "not yet",
    "weakly asserted",
    "not separated at our power",
    "protocol substituted",
    "holds",
    "holds; proof corrected",
    "reproduced",
    "partly reproduced",
    "fails as printed, holds corrected",
    "fails",
)

_NEEDS_NOTE = ("weakly asserted", "not yet")
ENFORCE_EVIDENCE = True
"""A declaration without the evidence its status requires is refused (``check``, ``asserts``, ``--check``)."""

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
    evidence: tuple[tuple[str, str], ...] = ()

    @property
    def fields(self) -> dict[str, str]:
        """``on``, ``note`` and the evidence fields, as one dict."""
        return {"on": self.on, "note": self.note, **dict(self.evidence)}


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


def missing_evidence(status: str, on: str = "", note: str = "", **evidence: str) -> tuple[str, ...]:
    """The evidence fields that ``status`` requires (:data:`EVIDENCE`) and the declaration leaves empty."""
    given = {"on": on, "note": note, **evidence}
    return tuple(f for f in EVIDENCE.get(status, ()) if not given.get(f))


def _validate(claim_id, status, on, note, evidence=None, enforce=None) -> tuple[str, ...]:
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
    evidence = evidence or {}
    if not all(isinstance(v, str) for v in (on, note, *evidence.values())):
        raise TypeError(f"claims.check: 'on', 'note' and {', '.join(map(repr, EVIDENCE_FIELDS))} are strings")
    if status in _NEEDS_NOTE and not note:
        raise ValueError(f"claim {ids[0]!r}: status {status!r} needs a note saying why")
    lacking = missing_evidence(status, on, note, **evidence)
    if lacking and (ENFORCE_EVIDENCE if enforce is None else enforce):
        raise ValueError(
            f"claim {ids[0]!r}: status {status!r} needs the evidence field(s) {', '.join(lacking)} "
            f"({PROTOCOL[status]})"
        )
    return ids


def check(
    claim_id: str | tuple[str, ...] | list[str],
    *,
    status: str,
    on: str = "",
    note: str = "",
    paper=None,
    ours=None,
    **evidence: str,
) -> None:
    """Declare that the surrounding cell (or test) asserts ``claim_id`` with outcome ``status``.

    ``claim_id`` may be one id or a list of ids. ``on``: the instances the assertion ran on; ``note``:
    anything a reader needs. The evidence keywords (:data:`EVIDENCE_FIELDS`: ``correction``,
    ``counterexample``, ``margin``, ``power``, ``differs``) carry what the status requires
    (:data:`EVIDENCE`, :data:`PROTOCOL`). These arguments must be literals: the ledger reads them
    without running the code. ``paper`` and ``ours`` (any expressions, e.g. numbers computed in the
    cell) are the paper's value and ours, shown in the verdict table.

    Raises ``KeyError`` for an unknown id, ``ValueError`` for an invalid status or missing evidence.
    Outside a Jupyter kernel it prints nothing; inside one, the cell's output shows one verdict table
    (claim, paper, ours, verdict and evidence, with a link to the ledger row) for all its declarations.
    """
    unknown = set(evidence) - set(EVIDENCE_FIELDS)
    if unknown:
        raise TypeError(f"claims.check: unknown keyword(s) {sorted(unknown)}; evidence fields are {EVIDENCE_FIELDS}")
    ids = _validate(claim_id, status, on, note, evidence)
    _show(ids, status, on, note, evidence, paper, ours)


def asserts(claim_id: str | tuple[str, ...] | list[str], *, status: str, on: str = "", note: str = "", **evidence):
    """Decorator form of :func:`check` for tests: the function is returned unchanged."""
    unknown = set(evidence) - set(EVIDENCE_FIELDS)
    if unknown:
        raise TypeError(f"claims.asserts: unknown keyword(s) {sorted(unknown)}; evidence fields are {EVIDENCE_FIELDS}")
    ids = _validate(claim_id, status, on, note, evidence)

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


_RUNTIME_ONLY = ("paper", "ours")  # computed values, shown in the verdict table, not read by the scan


def _literal_args(node: ast.Call, where: str) -> dict:
    try:
        args = [ast.literal_eval(a) for a in node.args]
        kw = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg not in _RUNTIME_ONLY}
    except ValueError as exc:
        raise ValueError(f"{where}: claims.{node.func.attr}(...) must have literal arguments") from exc
    allowed = {"status", "on", "note", *EVIDENCE_FIELDS}
    if len(args) != 1 or set(kw) - allowed or "status" not in kw:
        raise ValueError(f"{where}: use claims.{node.func.attr}(id, status=..., on=..., note=..., <evidence>=...)")
    ids = (args[0],) if isinstance(args[0], str) else tuple(args[0])
    evidence = tuple((f, kw[f]) for f in EVIDENCE_FIELDS if kw.get(f))
    return {"ids": ids, "status": kw["status"], "on": kw.get("on", ""), "note": kw.get("note", ""),
            "evidence": evidence}


def _decls(node: ast.Call, where: str, **loc) -> list[Declaration]:
    a = _literal_args(node, where)
    return [Declaration(cid, a["status"], a["on"], a["note"], evidence=a["evidence"], **loc) for cid in a["ids"]]


def _parse(source: str, where: str) -> ast.AST:
    # IPython magics and shell escapes are not Python: blank them out before parsing
    lines = ["" if ln.lstrip().startswith(("%", "!")) else ln for ln in source.splitlines()]
    return ast.parse("\n".join(lines), filename=where)


def scan_notebook(path: Path, root: Path = ROOT) -> tuple[list[Declaration], list[tuple[int, str]]]:
    """Declarations of one chapter, and the asserting code cells that declare nothing ``(index, heading)``.

    An asserting cell declares through its own ``claims.check`` calls or those of the code cell right
    after it (a ``remove-input`` cell that shows the verdict table). A cell whose assertions check the
    implementation rather than a claim of the works says so with a comment line starting
    ``# claims: none`` (and the reason); it is not reported as silent.
    """
    rel = path.relative_to(root).as_posix()
    out, silent, asserting = [], [], None
    for i, kind, lines, heading in _notebook_cells(path):
        if kind != "code":
            if asserting is not None:
                silent.append(asserting)
            asserting = None
            continue
        tree = _parse("\n".join(lines), f"{rel}, cell {i}")
        found = [n for n in ast.walk(tree) if _is_decl(n)]
        for n in found:
            out += _decls(n, f"{rel}, cell {i}", source=rel, locator=heading, anchor=_section_id(heading), cell=i)
        if found:
            asserting = None  # a declaring cell right after asserting cells declares for them
            continue
        if asserting is not None:
            silent.append(asserting)
            asserting = None
        exempt = any(ln.strip().startswith(NO_CLAIM) for ln in lines)
        if not exempt and any(isinstance(n, ast.Assert) for n in ast.walk(tree)):
            asserting = (i, heading)
    if asserting is not None:
        silent.append(asserting)
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
# The verdict table in a chapter, and "Results at a glance"
# --------------------------------------------------------------------------------------------------

WORK_SLUG = {"Glocer": "glocer", "MHT": "mht", "Shen-Li": "shen-li", "Sun": "sun", "RDS": "rds"}
"""Work key -> the name of its ledger page (``book/ledger/<slug>.md``)."""

EXPERIMENTS = ("table", "figure")
SPLIT_WORKS = ("Glocer",)
"""Works whose ledger is two pages: theory (``<slug>.md``) and experiments (``<slug>-experiments.md``)."""


def ledger_pages() -> dict[str, tuple[str, str]]:
    """``{page name: (work, part title)}`` of the per-work ledger pages, in the book's order."""
    out = {}
    for w in WORKS:
        if w in SPLIT_WORKS:
            out[WORK_SLUG[w]] = (w, "theory")
            out[f"{WORK_SLUG[w]}-experiments"] = (w, "experiments")
        else:
            out[WORK_SLUG[w]] = (w, "")
    return out


def _page_of(claim_id: str) -> str:
    c = catalogue()[claim_id]
    slug = WORK_SLUG[c.work]
    return f"{slug}-experiments" if c.work in SPLIT_WORKS and c.kind in EXPERIMENTS else slug

_MATH = re.compile(r"\$([^$]+)\$")


def anchor(claim_id: str) -> str:
    """The HTML id of a claim's row on its ledger page."""
    return "claim-" + re.sub(r"[^a-z0-9]+", "-", claim_id.lower()).strip("-")


def ledger_href(claim_id: str, prefix: str = "../") -> str:
    """Link to a claim's ledger row from a chapter page (``prefix`` = path from the page to the book root)."""
    return f"{prefix}ledger/{_page_of(claim_id)}.html#{anchor(claim_id)}"


def _html(text: str) -> str:
    """Escape ``text`` for HTML, with its ``$...$`` spans as inline maths MathJax renders."""
    import html

    out, pos = [], 0
    for m in _MATH.finditer(text):
        out.append(html.escape(text[pos : m.start()]))
        out.append(f'<span class="math notranslate nohighlight">\\({html.escape(m.group(1))}\\)</span>')
        pos = m.end()
    out.append(html.escape(text[pos:]))
    return "".join(out)


def label(status: str) -> str:
    """A status as an HTML label (styled by the book's CSS)."""
    slug = re.sub(r"[^a-z]+", "-", status).strip("-")
    return f'<span class="verdict verdict-{slug}">{status}</span>'


def _value(v) -> str:
    if v is None:
        return "—"
    if isinstance(v, str):
        return _html(v)
    try:
        import numpy as np

        if isinstance(v, (float, np.floating)):
            return f"{float(v):.4g}"
        if isinstance(v, (int, np.integer)):
            return f"{int(v):,}"
    except ImportError:  # pragma: no cover
        pass
    return _html(str(v))


def _evidence(status: str, fields: dict[str, str]) -> str:
    names = {"on": "on", "correction": "correction", "counterexample": "counterexample", "margin": "margin",
             "power": "power", "differs": "differs from the paper", "note": "note"}
    bits = [f"<em>{names[k]}</em>: {_html(v)}" for k, v in fields.items() if v]
    return "; ".join(bits)


class VerdictTable:
    """The verdicts declared in one notebook cell: HTML for the book, plain text elsewhere."""

    def __init__(self, rows, prefix="../"):
        self.rows, self.prefix = rows, prefix

    def _repr_html_(self) -> str:
        cat = catalogue()
        body = []
        for ids, status, fields, paper, ours in self.rows:
            claim = "<br>".join(
                f'<a href="{ledger_href(cid, self.prefix)}"><strong>{_html(cid)}</strong></a>'
                f'<br><span class="claim-statement">{_html(cat[cid].statement)}</span>'
                for cid in ids
            )
            body.append(
                f"<tr><td>{claim}</td><td>{_value(paper)}</td><td>{_value(ours)}</td><td>{label(status)}</td></tr>"
            )
            ev = _evidence(status, fields)
            if ev:
                body.append(f'<tr class="verdict-evidence"><td colspan="4">{ev}</td></tr>')
        return (
            '<table class="refboost-verdicts"><thead><tr><th>Claim</th><th>Paper</th><th>Ours</th>'
            "<th>Verdict</th></tr></thead><tbody>" + "".join(body) + "</tbody></table>"
        )

    def __repr__(self) -> str:
        lines = []
        for ids, status, _fields, paper, ours in self.rows:
            vals = "" if paper is None and ours is None else f" (paper: {paper}; ours: {ours})"
            lines.append(f"{', '.join(ids)}: {status}{vals}")
        return "\n".join(lines)


_SHOWN: dict = {"key": None, "rows": [], "handle": None}


def _kernel():
    """The IPython kernel shell we run in, or None (plain Python, pytest)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover
        return None
    ip = get_ipython()
    return ip if ip is not None and getattr(ip, "kernel", None) is not None else None


def _show(ids, status, on, note, evidence, paper, ours) -> None:
    ip = _kernel()
    if ip is None:
        return
    from IPython.display import display

    key = ip.execution_count
    if _SHOWN["key"] != key:
        _SHOWN.update(key=key, rows=[], handle=None)
    fields = {"on": on, **{f: evidence[f] for f in EVIDENCE_FIELDS if evidence.get(f)}, "note": note}
    _SHOWN["rows"].append((ids, status, fields, paper, ours))
    table = VerdictTable(list(_SHOWN["rows"]))
    if _SHOWN["handle"] is None:
        _SHOWN["handle"] = display(table, display_id=True)
    else:
        _SHOWN["handle"].update(table)


class Glance:
    """"Results at a glance" for one chapter: every claim it settles, its verdict, where (HTML / text)."""

    def __init__(self, rows):
        self.rows = rows  # (claim id, status, href, section title)

    def _repr_html_(self) -> str:
        cat = catalogue()
        body = "".join(
            f'<tr><td><a href="{ledger_href(cid)}"><strong>{_html(cid)}</strong></a><br>'
            f'<span class="claim-statement">{_html(cat[cid].statement)}</span></td>'
            f"<td>{label(status)}</td><td><a href=\"{href}\">{_html(title)}</a></td></tr>"
            for cid, status, href, title in self.rows
        )
        return (
            '<table class="refboost-verdicts refboost-glance"><caption>Results at a glance: every claim of the '
            "papers this chapter checks, its verdict and the section that checks it (links to the claims "
            "ledger and to the section)</caption><thead><tr><th>Claim</th><th>Verdict</th><th>Checked in</th>"
            "</tr></thead><tbody>" + body + "</tbody></table>"
        )

    def __repr__(self) -> str:
        return "\n".join(f"{cid}: {status} ({title})" for cid, status, _, title in self.rows)


def glance_rows(chapter: str, root: Path = ROOT) -> list[tuple[str, str, str, str]]:
    """``(claim id, status, href, section)`` for every claim the chapter's pages declare, in order.

    ``chapter`` is the chapter's two-digit number ("03"); a claim declared several times shows its most
    qualified status and the section of its first declaration with that status.
    """
    found: dict[str, list[Declaration]] = {}
    for p in chapters(root):
        if p.stem[:2] == chapter:
            for d in scan_notebook(p, root)[0]:
                found.setdefault(d.claim, []).append(d)
    rows = []
    for cid, ds in found.items():
        status = max((d.status for d in ds), key=_PRECEDENCE.index)
        d = next(d for d in ds if d.status == status)
        stem = Path(d.source).stem
        title = _title(d.locator, stem)
        rows.append((cid, status, f"{stem}.html" + (f"#{d.anchor}" if d.anchor else ""), title))
    return rows


def at_a_glance(chapter: str):
    """Display "Results at a glance" for chapter ``chapter`` (its two-digit number) in a notebook cell."""
    return Glance(glance_rows(chapter))


# --------------------------------------------------------------------------------------------------
# The ledger pages
# --------------------------------------------------------------------------------------------------

PAGE = ROOT / "book" / "ledger"
"""The ledger's folder: ``index.md`` (protocol and counts) and one page per work."""


def _title(locator: str, stem: str) -> str:
    """A section heading as plain text (its number, code ticks, emphasis and roles dropped; maths kept)."""
    text = re.sub(r"\{[a-z:]+\}`([^`]*)`", r"\1", locator)
    text = re.sub(r"^[0-9.]+\s+", "", text).replace("`", "").replace("*", "")
    return text or stem


def _where(d: Declaration) -> str:
    if d.source.startswith("notebooks/"):
        stem = Path(d.source).stem
        chap = int(stem[:2])
        title = _title(d.locator, stem)
        href = f"../notebooks/{stem}.html" + (f"#{d.anchor}" if d.anchor else "")
        return f'<a href="{href}">ch. {chap}, {_html(title)}</a>'
    return f"<code>{_html(d.locator)}</code>"


def _ledger_row(cid: str, status: str, ds: list[Declaration]) -> str:
    """One claim's row: the declarations that set its status with their evidence, the others folded."""
    c = catalogue()[cid]

    def place(d: Declaration, with_label: bool) -> str:
        bits = [_where(d)] + ([label(d.status)] if with_label else [])
        ev = _evidence(d.status, d.fields)
        return " ".join(bits + ([ev] if ev else []))

    lead = [d for d in ds if d.status == status][:1]
    rest = [d for d in ds if d not in lead]
    cell = "<br>".join(place(d, False) for d in lead) or "—"
    if rest:
        cell += (f"<details><summary>{len(rest)} more check{'s' if len(rest) > 1 else ''}</summary>"
                 + "<br>".join(place(d, d.status != status) for d in rest) + "</details>")
    return (
        f'<tr id="{anchor(cid)}"><td><strong>{_html(cid)}</strong><br><small>{_html(c.where)}; {c.kind}</small></td>'
        f"<td>{_html(c.statement)}</td><td>{label(status)}</td><td>{cell}</td></tr>"
    )


_HEADER = (
    "<!-- Generated by `python -m refboost.claims --write-page` from the claims catalogue "
    "(refboost/claims_catalogue.py) and the claims.check / claims.asserts declarations in the "
    "chapters and tests. Do not edit by hand. -->"
)


def render_pages(decls: list[Declaration] | None = None) -> dict[str, str]:
    """The ledger pages as ``{file name: MyST Markdown}``: ``index.md``, one page per work, and
    ``_chapters.md`` (the landing page's table of chapters and verdicts, included by ``book/intro.md``)."""
    decls = collect() if decls is None else decls
    led = ledger(decls)
    cnt = counts(led)
    cat = catalogue()
    index = [
        _HEADER,
        "",
        "(ledger)=",
        "# Claims ledger",
        "",
        "Every claim of the five works (theorems, lemmas, corollaries, propositions, named duals and optimality "
        "relations, algorithms, iteration bounds, tables and figures), with what the book's code shows about it. "
        "A chapter cell or a test declares the claim it asserts with `refboost.claims.check(id, status=..., ...)` "
        "(tests: the decorator `refboost.claims.asserts`); these pages are generated from those declarations by "
        "a static scan of the sources, so they list what the code asserts, not what was hoped. One page per work:",
        "",
        *[f"- [{WORKS[w]}{f' ({part})' if part else ''}]({slug}.md)" for slug, (w, part) in ledger_pages().items()],
        "",
        "## The verdict protocol",
        "",
        "Each status is a standard the asserting code meets, and a declaration must fill the evidence fields its "
        "status requires (`python -m refboost.claims --check` refuses it otherwise):",
        "",
        '<table class="refboost-verdicts refboost-plain"><thead><tr><th>Status</th><th>Standard</th>'
        "<th>Evidence fields</th></tr></thead><tbody>"
        + "".join(
            f"<tr><td>{label(st)}</td><td>{_html(PROTOCOL[st].replace('`', ''))}</td>"
            f"<td>{', '.join(EVIDENCE[st])}</td></tr>"
            for st in STATUSES
        )
        + "</tbody></table>",
        "",
        "When several places declare one claim, the most qualified status is shown and every place is listed.",
        "",
        "## Counts",
        "",
        '<table class="refboost-verdicts refboost-plain"><thead><tr><th>work</th><th>claims</th>'
        + "".join(f"<th>{label(st)}</th>" for st in STATUSES)
        + "</tr></thead><tbody>"
        + "".join(
            f"<tr><td>{'<strong>total</strong>' if w == 'total' else w}</td><td>{sum(cnt[w].values())}</td>"
            + "".join(f"<td>{cnt[w][st]}</td>" for st in STATUSES)
            + "</tr>"
            for w in [*WORKS, "total"]
        )
        + "</tbody></table>",
        "",
    ]
    pages = {"index.md": "\n".join(index), "_chapters.md": render_chapter_map(decls)}
    for slug, (w, part) in ledger_pages().items():
        ids = [cid for cid, c in cat.items() if c.work == w and _page_of(cid) == slug]
        rows = [_ledger_row(cid, *led[cid]) for cid in ids]
        tally = {st: sum(led[cid][0] == st for cid in ids) for st in STATUSES}
        summary = ", ".join(f"{tally[st]} {st}" for st in STATUSES if tally[st])
        pages[f"{slug}.md"] = "\n".join([
            _HEADER,
            "",
            f"(ledger-{slug})=",
            f"# Ledger: {w}{f' ({part})' if part else ''}",
            "",
            f"{WORKS[w]}. {len(ids)} claims{f' ({part})' if part else ''}: {summary}. The statuses and the "
            "evidence each requires: {ref}`ledger`. Statements use the book's notation ($U$, $d$, $w$, $\\nu$, "
            "$\\eta$; {doc}`../notation`).",
            "",
            '<table class="refboost-verdicts refboost-ledger"><thead><tr><th>Claim</th><th>Statement</th>'
            "<th>Verdict</th><th>Checked in, and the evidence</th></tr></thead><tbody>",
            *rows,
            "</tbody></table>",
            "",
        ])
    return pages


def _chapter_title(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _HEADING.match(line)
        if m and len(m.group(1)) == 1:
            return m.group(2)
    return path.stem


def render_chapter_map(decls: list[Declaration]) -> str:
    """The landing page's table: each chapter, the claims its pages check, and their verdicts."""
    rows = []
    for p in chapters():
        if re.match(r"^[0-9]{2}_[0-9]", p.stem):  # a section page; the chapter's landing page links it
            continue
        num = p.stem[:2]
        found: dict[str, list[str]] = {}
        for d in decls:
            if d.source.startswith("notebooks/") and Path(d.source).stem[:2] == num:
                found.setdefault(d.claim, []).append(d.status)
        verdicts: dict[str, int] = {}
        for sts in found.values():
            st = max(sts, key=_PRECEDENCE.index)
            verdicts[st] = verdicts.get(st, 0) + 1
        summary = " ".join(f"{label(st)}&nbsp;{verdicts[st]}" for st in STATUSES if st in verdicts) or "—"
        rows.append((num, f'<a href="notebooks/{p.stem}.html">{int(num)}. {_html(_chapter_title(p))}</a>',
                     len(found), summary))
    return "\n".join([
        _HEADER,
        '<table class="refboost-verdicts refboost-plain"><thead><tr><th>Chapter</th><th>Claims checked</th>'
        "<th>Verdicts</th></tr></thead><tbody>",
        *[f"<tr><td>{link}</td><td>{n}</td><td>{summary}</td></tr>" for _, link, n, summary in rows],
        "</tbody></table>",
        "",
    ])


def render_page(decls: list[Declaration] | None = None) -> str:
    """All ledger pages concatenated (for a quick look; the book uses :func:`render_pages`)."""
    return "\n".join(render_pages(decls).values())


def stale_pages(decls: list[Declaration] | None = None) -> list[str]:
    """The ledger pages that are missing or differ from what the declarations generate."""
    return [
        name for name, text in render_pages(decls).items()
        if not (PAGE / name).exists() or (PAGE / name).read_text(encoding="utf-8") != text
    ]


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m refboost.claims", description=__doc__.split("\n\n")[0])
    ap.add_argument("--write-page", action="store_true", help=f"write the pages in {PAGE.relative_to(ROOT)}/")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if a page is out of date or a declaration lacks the evidence its status requires")
    args = ap.parse_args(argv)
    decls = collect()
    lacking = []
    for d in decls:
        _validate(d.claim, d.status, d.on, d.note, dict(d.evidence), enforce=False)
        miss = missing_evidence(d.status, d.on, d.note, **dict(d.evidence))
        if miss:
            lacking.append(f"{d.source} ({d.locator}): {d.claim!r} is {d.status!r} without {', '.join(miss)}")
    if args.write_page:
        PAGE.mkdir(exist_ok=True)
        for name, text in render_pages(decls).items():
            (PAGE / name).write_text(text, encoding="utf-8")
    cnt = counts(ledger(decls))
    print(f"{'work':8s} " + " ".join(f"{s[:12]:>12s}" for s in STATUSES))
    for w, row in cnt.items():
        print(f"{w:8s} " + " ".join(f"{row[s]:12d}" for s in STATUSES))
    rc = 0
    if lacking:
        print(f"{len(lacking)} declarations lack the evidence their status requires:", *lacking, sep="\n  ")
        rc = 1 if ENFORCE_EVIDENCE else 0
    stale = stale_pages(decls)
    if args.check and stale:
        where = PAGE.relative_to(ROOT)
        print(f"out of date: {', '.join(stale)} in {where}/: run python -m refboost.claims --write-page")
        rc = 1
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
