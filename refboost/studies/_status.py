"""Status of the study stores, computed from their provenance: the generated page ``book/status.md``.

:func:`status` reads every study's store (``provenance.json`` and ``cells.parquet`` in
``data/results/<study>/<scale>/``) and its declared grid, and returns one :class:`StoreStatus` per study
and scale: cells stored and declared (per booster too), the runs (wall and CPU time, interrupted runs,
merged shards, the last run), cells still timed cold, pruned cells with the reason recorded, run notes.
:func:`render_page` turns that, and the stored benchmark results of ``benchmarks/results/``, into a MyST
page written to :data:`PAGES` by ``python -m refboost.studies status --write``; ``--check`` exits 1
when a page is stale (``tests/test_status_page.py`` fails then). Nothing here is typed by hand: a store
update is the run plus ``status --write``.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from .keys import SCALES, key_id
from .provenance import PROVENANCE
from .store import STORE_PARQUET, repo_root

#: The date of commit d27e6d4, since which a worker runs each booster once, untimed, before its first cell
#: of it (``cells._warm_up``). Cells of runs dated before it that were a worker's first of their booster
#: (per weak learner, capped or not; ties: the same finishing second) had loading code in their time.
WARM_UP_SINCE = "2026-11-29T03:46:27+00:00"

ROOT = repo_root() or Path(__file__).resolve().parents[2]
#: The generated pages: the book's (a MyST label, each study's details in a dropdown) and plain markdown.
PAGES = (Path("book") / "status.md", Path("data") / "results" / "STATUS.md")
BENCHMARKS = Path("benchmarks")
_COMMAND = "python -m refboost.studies status --write"


@dataclass
class StoreStatus:
    """One study's store at one scale, as its provenance and records say."""

    study: str
    scale: str
    title: str
    source: str
    store: str = ""
    declared: int = 0
    stored: int = 0  #: stored cells the grid declares
    undeclared: int = 0  #: stored cells the grid no longer declares (``--prune`` removes them)
    runs: int = 0
    interrupted: int = 0
    merged: int = 0  #: runs of other stores (shards, re-runs) merged into this one
    wall_time: float = 0.0  #: s, sum over the runs
    cpu_time_runs: float = 0.0  #: s, the runs' cell CPU time (``cpu_time_cells``), replaced cells included
    cpu_time_cells: float = 0.0  #: s, sum of the stored cells' ``time_cpu``
    first_run: str | None = None
    last_run: dict | None = None  #: date, command, git_commit, cells_run, completed
    largest_train: tuple | None = None  #: (training examples, data set)
    boosters: list = field(default_factory=list)
    cold: list = field(default_factory=list)
    prunes: list = field(default_factory=list)
    run_notes: list = field(default_factory=list)
    unrecorded: list = field(default_factory=list)  #: (run_id, cells) of stored cells whose run has no entry
    verified: list = field(default_factory=list)  #: ``--verify --record`` samples: date, sample, classes, outcome

    @property
    def complete(self) -> bool:
        return self.declared > 0 and self.stored == self.declared


def _read(store: Path) -> tuple[dict, list[dict]]:
    prov = json.loads((store / PROVENANCE).read_text()) if (store / PROVENANCE).exists() else {}
    records: list[dict] = []
    if (store / STORE_PARQUET).exists():
        from .._extras import require

        pq = require("pyarrow.parquet", "refboost.studies (the study stores)")
        records = pq.read_table(store / STORE_PARQUET).to_pylist()
    return prov, records


def _capped(params) -> bool:
    p = json.loads(params) if isinstance(params, str) else params
    return "nu_frac" in p or "nu" in p


def cold_cells(runs: list[dict], records: list[dict], pruned: list[dict]) -> list[dict]:
    """The stored records timed with code loading: a worker's first cell of its booster in a run before the warm-up.

    The first cells are found among the run's stored and pruned records (a cell re-timed since then is in
    ``pruned`` with its old record, and its new record belongs to a later run).
    """
    before = {r["run_id"] for r in runs if r.get("date", "") < WARM_UP_SINCE}
    groups: dict[tuple, list[tuple[str, bool, dict]]] = {}
    for stored, recs in ((True, records), (False, [rec for p in pruned for rec in p.get("records", [])])):
        for rec in recs:
            if rec.get("run_id") in before:
                memo = (rec["run_id"], rec.get("worker"), rec["booster"], rec["weak_learner"], _capped(rec["params"]))
                groups.setdefault(memo, []).append((str(rec.get("finished", ""))[:19], stored, rec))
    out = []
    for members in groups.values():
        first = min(m[0] for m in members)
        out += [rec for fin, stored, rec in members if fin == first and stored]
    return sorted(out, key=lambda r: (r["dataset"], r["booster"], str(r.get("finished"))))


def _which(records: list[dict]) -> str:
    """Which cells a list of records holds: counts by data set (and split, when there are few)."""
    by_split: dict[tuple, int] = {}
    for r in records:
        by_split[(r["dataset"], r["split"])] = by_split.get((r["dataset"], r["split"]), 0) + 1
    if len(by_split) <= 4:
        return ", ".join(f"{n} of {ds} split {sp}" for (ds, sp), n in sorted(by_split.items()))
    by_set: dict[str, int] = {}
    for (ds, _), n in by_split.items():
        by_set[ds] = by_set.get(ds, 0) + n
    return ", ".join(f"{n} of {ds}" for ds, n in sorted(by_set.items()))


def store_status(study, scale: str, store: str | Path | None = None) -> StoreStatus:
    """The :class:`StoreStatus` of one study's store at ``scale`` (default: its folder in the clone)."""
    from . import default_store, get_study

    st = get_study(study)
    path = Path(store) if store is not None else default_store(st.name, scale)
    prov, records = _read(path)
    runs, pruned = prov.get("runs", []), prov.get("pruned", [])
    declared_keys = st.cells(scale)
    declared = {key_id(k) for k in declared_keys}
    kept = [r for r in records if key_id(r) in declared]
    try:
        shown = str(path.resolve().relative_to(ROOT))
    except ValueError:
        shown = str(path)
    out = StoreStatus(
        study=st.name, scale=scale, title=st.title, source=st.source, store=shown,
        declared=len(declared), stored=len(kept), undeclared=len(records) - len(kept), runs=len(runs),
        interrupted=sum(1 for r in runs if not r.get("completed", True)),
        merged=sum(1 for r in runs if r.get("merged_into")),
        wall_time=sum(float(r.get("wall_time") or 0.0) for r in runs),
        cpu_time_runs=sum(float(r.get("cpu_time_cells") or 0.0) for r in runs),
        cpu_time_cells=sum(float(r.get("time_cpu") or 0.0) for r in kept),
    )
    if runs:
        by_date = sorted(runs, key=lambda r: r.get("date", ""))
        out.first_run = by_date[0].get("date")
        last = by_date[-1]
        out.last_run = {k: last.get(k) for k in ("date", "command", "git_commit", "cells_run", "completed")}
    if kept:
        n, ds = max((int(r.get("n_train") or 0), r["dataset"]) for r in kept)
        out.largest_train = (n, ds)
    per: dict[str, dict] = {}
    for k in declared_keys:
        row = per.setdefault(k["booster"], {"booster": k["booster"], "declared": 0, "stored": 0, "datasets": set(),
                                            "not_converged": 0, "cpu": 0.0, "slowest": None})
        row["declared"] += 1
        row["datasets"].add(k["dataset"])
    for r in kept:
        row = per[r["booster"]]
        row["stored"] += 1
        row["not_converged"] += 0 if r.get("converged") else 1
        t = float(r.get("time_cpu") or 0.0)
        row["cpu"] += t
        if row["slowest"] is None or t > row["slowest"][0]:
            row["slowest"] = (t, r["dataset"])
    out.boosters = [{**row, "datasets": len(row["datasets"])} for row in per.values()]
    out.cold = [
        {"dataset": r["dataset"], "booster": r["booster"], "weak_learner": r["weak_learner"], "params": r["params"],
         "time_cpu": float(r.get("time_cpu") or 0.0), "run_id": r.get("run_id")}
        for r in cold_cells(runs, kept, pruned)
    ]
    out.prunes = [
        {"date": p.get("date"), "cells": p.get("cells_pruned", len(p.get("records", []))),
         "command": p.get("command"), "git_commit": p.get("git_commit"), "why": p.get("why") or p.get("reason") or "",
         "records": _which(p.get("records", []))}
        for p in pruned
    ]
    out.run_notes = [
        {"run_id": r.get("run_id"), "date": r.get("date"), "command": r.get("command"),
         "note": " ".join(str(r[k]) for k in ("why", "note") if r.get(k))
         + (f" (superseded by run {r['superseded_by']})" if r.get("superseded_by") else "")}
        for r in runs if r.get("why") or r.get("note") or r.get("superseded_by")
    ]
    out.verified = [
        {"date": v.get("date"), "sample": v.get("sample"), "cells": len(v.get("cells", [])),
         "classes": sorted({c.get("duration_class") for c in v.get("cells", [])}),
         "outcome": v.get("outcome"), "git_commit": v.get("git_commit")}
        for v in prov.get("verified", [])
    ]
    known = {r.get("run_id") for r in runs}
    counts: dict[str, int] = {}
    for r in kept:
        if r.get("run_id") not in known:
            counts[r.get("run_id")] = counts.get(r.get("run_id"), 0) + 1
    out.unrecorded = sorted(counts.items(), key=lambda kv: str(kv[0]))
    return out


def status(studies=None, scales=SCALES) -> list[StoreStatus]:
    """One :class:`StoreStatus` per study (default: every study of ``STUDIES``) and scale, in declared order."""
    from . import STUDIES

    names = list(STUDIES) if studies is None else [studies] if isinstance(studies, str) else list(studies)
    return [store_status(n, s) for n in names for s in scales]


# ------------------------------------------------------------------------------------------
# benchmarks/results/
# ------------------------------------------------------------------------------------------

_SUMMARY = re.compile(r"geometric mean|speed-up|ratio dense / sparse")


def _first_sentence(doc: str) -> str:
    para = " ".join(doc.strip().split("\n\n")[0].split())
    return para


def benchmark_results(root: Path = ROOT) -> list[dict]:
    """Each stored result in ``benchmarks/results/``: its script, what the script measures, its summary lines."""
    bdir = root / BENCHMARKS
    scripts = {p.name: p for p in bdir.glob("*.py")}
    out = []
    for res in sorted((bdir / "results").glob("*.txt")):
        lines = res.read_text(encoding="utf-8", errors="replace").splitlines()
        named = [m for line in lines[:5] for m in re.findall(r"([A-Za-z0-9_]+\.py)\b", line) if m in scripts]
        if named:
            script = named[0]
        else:
            prefix = [s for s in scripts if res.stem.startswith(s[:-3])]
            script = max(prefix, key=len) if prefix else None
        doc = ""
        if script:
            doc = ast.get_docstring(ast.parse(scripts[script].read_text(encoding="utf-8"))) or ""
        summary = [line.strip() for line in lines if _SUMMARY.search(line) and not line.startswith("#")]
        if len(summary) > 6:
            summary = summary[:2] + summary[-4:]
        out.append({"result": res.name, "script": script, "measures": _first_sentence(doc), "summary": summary})
    return out


# ------------------------------------------------------------------------------------------
# the page
# ------------------------------------------------------------------------------------------


def _t(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f} s" if seconds < 10 else f"{seconds:.0f} s"
    m = seconds / 60
    return f"{m:.1f} min" if m < 10 else f"{m:,.0f} min"


def _cell(text) -> str:
    """Text safe in a MyST table cell: one line, no table pipes, no math dollars."""
    s = " ".join(str(text).split())
    return s.replace("|", "\\|").replace("$", "\\$")


def _command(cmd) -> str:
    """A recorded command, its absolute store folders (a driver's scratch store, merged since) shown as DIR."""
    return _cell(re.sub(r"(--store) /\S+", r"\1 DIR", str(cmd or "")))


def _date(d) -> str:
    return str(d)[:16].replace("T", " ") if d else "-"


def _params(p) -> str:
    d = json.loads(p) if isinstance(p, str) else p
    return ", ".join(f"{k} = {v}" for k, v in d.items())


def _study_section(s: StoreStatus, book: bool = True, ci: StoreStatus | None = None) -> list[str]:
    out = [f"## `{s.study}`", "", f"{s.source}: {_cell(s.title)}.", ""]
    state = "complete" if s.complete else f"{s.declared - s.stored} declared cells not stored"
    facts = [f"store `{s.store}`: **{s.stored} / {s.declared}** cells stored / declared ({state})"]
    if s.undeclared:
        facts.append(f"{s.undeclared} stored cells no longer declared (`refboost-repro {s.study} --scale {s.scale} "
                     "--prune` removes them)")
    if s.runs:
        extra = [f"{s.interrupted} interrupted"] if s.interrupted else []
        extra += [f"{s.merged} merged from shard or re-run stores"] if s.merged else []
        facts.append(f"{s.runs} runs from {_date(s.first_run)} to {_date(s.last_run['date'])} UTC"
                     + (f" ({', '.join(extra)})" if extra else ""))
        facts.append(f"wall time {_t(s.wall_time)} (sum of runs); CPU time of the runs' cells {_t(s.cpu_time_runs)}, "
                     f"of the stored cells {_t(s.cpu_time_cells)}")
        lr = s.last_run
        cells = f"{lr['cells_run']} cell{'' if lr['cells_run'] == 1 else 's'}"
        cells += "" if lr["completed"] else " (interrupted)"
        facts.append(f"last run {_date(lr['date'])} UTC at commit `{str(lr['git_commit'])[:7]}`, {cells}: "
                     f"`{_command(lr['command'])}`")
    for v in s.verified[-1:]:
        facts.append(f"last verification {_date(v['date'])} UTC at commit `{str(v['git_commit'])[:7]}`: "
                     f"{v['cells']} stored cells re-run ({v['sample']}: {', '.join(v['classes'])}), "
                     f"outcome **{v['outcome']}**")
    if s.largest_train:
        facts.append(f"largest training set: {s.largest_train[0]:,} examples ({s.largest_train[1]})")
    if ci is not None:
        facts.append(f"`ci` scale: {ci.stored} / {ci.declared} cells stored / declared in `{ci.store}`")
    out += [f"- {f}" for f in facts] + [""]
    detail_from = len(out)
    out += ["| booster | stored / declared | data sets | not converged | CPU of its cells | slowest cell (CPU) |",
            "|---|---:|---:|---:|---:|---|"]
    for b in s.boosters:
        slow = f"{b['slowest'][0]:.1f} s ({b['slowest'][1]})" if b["slowest"] else "-"
        out.append(f"| {b['booster']} | {b['stored']} / {b['declared']} | {b['datasets']} | {b['not_converged']} | "
                   f"{_t(b['cpu'])} | {slow} |")
    out.append("")
    if s.cold:
        out += [f"Timed cold (a worker's first cell of its booster before the warm-up; the time includes "
                f"1-4 s of loading code): {len(s.cold)} cell{'' if len(s.cold) == 1 else 's'}.", "",
                "| data set | booster | weak learner | parameters | CPU | run |", "|---|---|---|---|---:|---|"]
        out += [f"| {c['dataset']} | {c['booster']} | {c['weak_learner']} | {_cell(_params(c['params']))} | "
                f"{c['time_cpu']:.0f} s | `{c['run_id']}` |" for c in s.cold]
        out.append("")
    if s.unrecorded:
        out += ["Stored cells whose run has no provenance entry: "
                + "; ".join(f"{n} of run `{rid}`" for rid, n in s.unrecorded) + ".", ""]
    if s.prunes:
        out += ["Pruned (the replaced records are kept in `provenance.json` under `pruned`):", ""]
        out += [f"- {_date(p['date'])} UTC, {p['cells']} cell{'' if p['cells'] == 1 else 's'} ({p['records']}), "
                f"`{_command(p['command'])}`" + (f": {_cell(p['why'])}" if p["why"] else "") for p in s.prunes]
        out.append("")
    if s.run_notes:
        out += ["Run notes:", ""]
        out += [f"- run `{n['run_id']}` ({_date(n['date'])} UTC): {_cell(n['note'])}" for n in s.run_notes]
        out.append("")
    if book:  # the details fold away in the book (sphinx-design's dropdown, loaded by Jupyter Book)
        what = ["boosters"] + (["cold-timed cells"] if s.cold else []) + (["pruned cells"] if s.prunes else [])
        what += ["run notes"] if s.run_notes else []
        title = ", ".join(what[:-1]) + " and " + what[-1] if len(what) > 1 else what[0]
        out[detail_from:] = [f":::{{dropdown}} {title[0].upper() + title[1:]}", *out[detail_from:], ":::", ""]
    return out


def render_page(statuses: list[StoreStatus] | None = None, benchmarks: list[dict] | None = None, *,
                book: bool = True) -> str:
    """The status page: MyST for the book, or with ``book=False`` plain markdown (no label, no dropdowns)."""
    statuses = status() if statuses is None else statuses
    benchmarks = benchmark_results() if benchmarks is None else benchmarks
    paper = [s for s in statuses if s.scale == "paper"]
    ci = {s.study: s for s in statuses if s.scale == "ci"}
    out = [f"<!-- Generated by `{_COMMAND}` from every study's provenance.json and cells.parquet "
           "(data/results/<study>/<scale>/), the declared grids and benchmarks/results/. Do not edit by hand. -->",
           ""]
    if book:
        out += ["(status)=", ""]
    out += [
        "# Study status and benchmarks",
        "",
        "What has run: for every study (the papers' experiments, `refboost-repro --list`) the cells stored and "
        "declared, the runs that wrote its store, their time, and the cells pruned or re-run, as the store's "
        "`provenance.json` records them; then the stored benchmark results. This page is generated "
        f"(`{_COMMAND}`; `--check` exits 1 when it is stale, and so does `tests/test_status_page.py`). "
        "Wall and CPU times were measured on shared 2-core machines; a cell's CPU time (`time_cpu`) starts after "
        "its worker has run the booster once, untimed, on 24 training examples, except for the cells listed "
        f"as timed cold (runs before {WARM_UP_SINCE[:16].replace('T', ' ')} UTC).",
        "",
        "## Summary",
        "",
        "Paper scale (the `ci` scale's stores, a handful of cells each, are in each study's section): cells stored "
        "and declared; runs; wall: the runs' wall time, summed; CPU: the CPU time of the runs' cells; cold: cells "
        "timed cold; the last run's date.",
        "",
        "| study | stored / declared | runs | wall | CPU | cold | last run |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for s in paper:
        out.append(
            f"| `{s.study}` | {s.stored} / {s.declared} | {s.runs} | {_t(s.wall_time)} | {_t(s.cpu_time_runs)} "
            f"| {len(s.cold)} | {str(s.last_run['date'])[:10] if s.last_run else '-'} |"
        )
    out.append("")
    for s in paper:
        out += _study_section(s, book, ci.get(s.study))
    out += [
        "## Benchmarks",
        "",
        "Speed is measured by the scripts in `benchmarks/` (never by timed tests), side by side in one run, and "
        "stored in `benchmarks/results/`; each script's docstring gives its command. Under each script, its stored "
        "results with their summary lines (the lines with a geometric mean, a speed-up or a ratio), copied from the "
        "files; the tables are in the files.",
        "",
    ]
    scripts: dict = {}
    for b in benchmarks:
        scripts.setdefault(b["script"], []).append(b)
    for script, results in scripts.items():
        out.append(f"- `{script}`: {_cell(results[0]['measures'])}" if script else "- (no script)")
        for b in results:
            summ = "; ".join(_cell(x) for x in b["summary"]) or "tables only"
            out.append(f"  - `{b['result']}`: {summ}")
    out.append("")
    return "\n".join(out)


def write_pages(text: str | None = None, root: Path = ROOT) -> list[Path]:
    """Write :data:`PAGES` (the first is the book's); return their paths."""
    statuses, bench = status(), benchmark_results(root)
    written = []
    for i, rel in enumerate(PAGES):
        page = render_page(statuses, bench, book=(i == 0)) if text is None else text
        (root / rel).write_text(page, encoding="utf-8")
        written.append(root / rel)
    return written


def stale_pages(root: Path = ROOT) -> list[Path]:
    """The pages of :data:`PAGES` whose text differs from a fresh :func:`render_page` (missing ones included)."""
    statuses, bench = status(), benchmark_results(root)
    out = []
    for i, rel in enumerate(PAGES):
        path = root / rel
        want = render_page(statuses, bench, book=(i == 0))
        if not path.exists() or path.read_text(encoding="utf-8") != want:
            out.append(path)
    return out
