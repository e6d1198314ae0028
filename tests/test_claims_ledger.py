"""The claims ledger is consistent: ids exist, statuses are valid, every chapter declares what it asserts,
and book/ledger/ holds the pages the declarations generate. Prints the per-work counts (``pytest -s``)."""

from __future__ import annotations

import pytest

from refboost import claims

CHAPTERS = [p for p in claims.chapters() if "01" <= p.stem[:2] <= "08"]  # the chapters on the five works
DECLS = claims.collect()


def test_catalogue_is_well_formed():
    cat = claims.catalogue()
    assert len(cat) >= 150, "the catalogue covers every claim of the five works"
    assert {c.work for c in cat.values()} == set(claims.WORKS)
    for c in cat.values():
        assert c.statement and c.where and "\n" not in c.statement, c.id


def test_every_declared_id_exists_and_status_is_valid():
    cat = claims.catalogue()
    unknown = sorted({f"{d.source}: {d.claim!r}" for d in DECLS if d.claim not in cat})
    assert not unknown, f"declarations of unknown claim ids: {unknown}"
    bad = sorted({f"{d.source} ({d.locator}): {d.status!r}" for d in DECLS if d.status not in claims.STATUSES})
    assert not bad, f"invalid statuses: {bad}"
    for d in DECLS:
        if d.status in ("weakly asserted", "not yet"):
            assert d.note, f"{d.source} ({d.locator}): {d.claim!r} is {d.status!r} without a note saying why"


def test_the_api_rejects_bad_declarations(capsys):
    with pytest.raises(KeyError, match="unknown claim id"):
        claims.check("Glocer Thm 99.1", status="holds")
    with pytest.raises(ValueError, match="invalid status"):
        claims.check("Glocer Thm 3.10", status="true")
    with pytest.raises(ValueError, match="needs a note"):
        claims.check("Glocer Thm 3.10", status="weakly asserted")
    claims.check("Glocer Thm 3.10", status="holds", on="x")
    with pytest.raises(ValueError, match="needs the evidence field"):
        claims.check("Glocer Thm 3.10", status="holds")  # "holds" names the instances it ran on

    def probe():
        pass

    assert claims.asserts("Glocer Lemma 2.4", status="holds", on="x")(probe) is probe
    assert capsys.readouterr() == ("", ""), "a declaration prints nothing"


@pytest.mark.parametrize("src", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_declares_what_it_asserts(src):
    decls, silent = claims.scan_notebook(src)
    assert decls, f"{src.name} asserts claims but declares none: add claims.check(...) to its asserting cells"
    assert not silent, (
        f"{src.name}: asserting cells without a claims.check(...) declaration: "
        + ", ".join(f"cell {i} ({h})" for i, h in silent)
    )


def test_page_is_up_to_date():
    stale = claims.stale_pages(DECLS)
    assert not stale, f"book/ledger/{stale} out of date: run python -m refboost.claims --write-page"


def test_the_protocol_names_every_status():
    assert set(claims.PROTOCOL) == set(claims.STATUSES) == set(claims.EVIDENCE)
    index = (claims.PAGE / "index.md").read_text(encoding="utf-8")
    for st in claims.STATUSES:
        assert claims.label(st) in index, f"the ledger's protocol table lacks {st!r}"


def test_evidence_is_refused_when_missing_and_enforced(monkeypatch):
    monkeypatch.setattr(claims, "ENFORCE_EVIDENCE", True)
    with pytest.raises(ValueError, match="needs the evidence field"):
        claims.check("Glocer Thm 3.10", status="reproduced", on="x")
    with pytest.raises(ValueError, match="counterexample"):
        claims.check("Glocer Thm 3.10", status="fails", on="x")
    with pytest.raises(TypeError, match="unknown keyword"):
        claims.check("Glocer Thm 3.10", status="holds", on="x", evidense="typo")
    claims.check("Glocer Thm 3.10", status="reproduced", margin="within 1 s.e.", paper=0.1, ours=0.11)


def test_an_asserting_cell_may_declare_in_the_next_cell(tmp_path):
    nb = tmp_path / "notebooks" / "01_x.py"
    nb.parent.mkdir()
    nb.write_text(
        "# %% [markdown]\n# ## 1 A\n\n# %%\nassert 1\n\n"
        "# %% tags=[\"remove-input\"]\nclaims.check('Glocer Thm 3.10', status='holds', on='x', ours=v)\n\n"
        "# %%\nassert 2\n\n# %% [markdown]\n# text\n",
        encoding="utf-8",
    )
    decls, silent = claims.scan_notebook(nb, tmp_path)
    assert [d.claim for d in decls] == ["Glocer Thm 3.10"]
    assert [i for i, _ in silent] == [3], "the last asserting cell declares nothing"


def test_print_counts():
    cnt = claims.counts(claims.ledger(DECLS))
    print()
    print(f"{'work':8s} " + " ".join(f"{s[:14]:>14s}" for s in claims.STATUSES))
    for w, row in cnt.items():
        print(f"{w:8s} " + " ".join(f"{row[s]:14d}" for s in claims.STATUSES))
    assert sum(cnt["total"].values()) == len(claims.catalogue())
