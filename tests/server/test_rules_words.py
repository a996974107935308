"""An MCR or classical table in the browser speaks its own ruleset: every text a client receives
cites MCR-…/CL-… rules, never a Hong Kong rule (HK-…), and a Hong Kong table is unchanged.

The server's words come from the terminal's (:mod:`hkmj.tui.texts`, rewritten per ruleset by
:mod:`hkmj.tui.rules_texts`): refused Mahjongs at a teaching table (MCR-5.4, CL-7.7, HK-5.7)
and the reasons of a false Mahjong shown at the reveal.
"""

from __future__ import annotations

import asyncio
import html
import random
import re
import urllib.request
from typing import Any

import pytest

from hkmj.server.help import typography
from hkmj.server.testing import Server, choose, drain, play
from hkmj.tui.texts import Texts

HK_REF = re.compile(r"\bHK-\d")
OWN_REF = {"hk": "HK-5", "mcr": "MCR-5", "classical": "CL-"}


def _texts(value: Any) -> list[str]:
    """Every string inside a received message (keys excluded)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _texts(v)]
    if isinstance(value, list):
        return [s for v in value for s in _texts(v)]
    return []


def _said(server: Server, rules: str, teaching: bool, seen: list[dict[str, Any]] | None = None) -> tuple[list[str], list[str]]:
    """Play one hand at a ``rules`` table, declaring Mahjong on the first turn with an incomplete
    hand (refused at a teaching table, a false Mahjong otherwise); every string received, and
    the reasons given for the refused or false Mahjong. A spectator watches; its messages go
    to ``seen``."""
    tid = server.create(
        slots=[None, "greedy", "greedy", "greedy"], hands=1, next_delay=0.2, claim_window=0.01, rules=rules, teaching=teaching
    )

    async def go() -> tuple[list[str], list[str]]:
        async with server.client(record=True) as me, server.client(record=True) as spectator:
            await spectator.watch(tid)
            await me.join(tid, 0, "Ann")
            await play([me], lambda cs: any(a.startswith("discard") for a in cs[0].legal), lambda i, legal: "pass", 60)
            if "mahjong" in me.legal:
                pytest.skip("the dealt hand is complete")
            await me.act("mahjong")
            rng = random.Random(5)
            await play([me], lambda cs: bool(cs[0].state and cs[0].state.get("reveal")), lambda i, legal: choose(legal, rng), 120)
            reasons = [
                s
                for m in me.messages
                for e in [*m.get("events", []), *((m.get("reveal") or {}).get("end", []))]
                if e.get("type") in ("mahjong_refused", "false_mahjong")
                for s in _texts(e.get("reasons", {}))
            ]
            await drain([spectator])
            if seen is not None:
                seen.extend(spectator.messages)
            return [s for m in me.messages for s in _texts(m)], reasons

    return asyncio.run(go())


@pytest.mark.parametrize("rules", ["mcr", "classical"])
@pytest.mark.parametrize("teaching", [True, False])
def test_mcr_5_4_cl_7_7_a_table_never_cites_a_hong_kong_rule(server: Server, rules: str, teaching: bool) -> None:
    """MCR-5.2/CL-2.4: the reasons of a refused (teaching) or false Mahjong cite the table's own
    rules, in English and French, and no text the client receives cites HK-…."""
    said, reasons = _said(server, rules, teaching)
    assert len(reasons) == 2, reasons  # en and fr (MCR-5.4's dead hand included: its declarer is told why)
    assert all(OWN_REF[rules] in r for r in reasons), reasons
    assert not [s for s in said if HK_REF.search(s)]


def test_mcr_5_4_only_the_declarer_of_a_dead_hand_is_told_why(server: Server) -> None:
    """MCR-5.4 at a table that is not a teaching table: the declarer's hand is dead and play goes
    on. Everyone is told that, with the payments; only the declarer is told why (their hand's
    distance from a win is theirs alone): a spectator's event carries no reason and no tile."""
    seen: list[dict[str, Any]] = []
    _, reasons = _said(server, "mcr", False, seen)
    assert len(reasons) == 2 and "Your hand is dead" in reasons[0] and "Votre main est morte" in reasons[1], reasons
    public = [e for m in seen for e in m.get("events", []) if e.get("type") == "false_mahjong"]
    assert public and all(set(e) == {"type", "seat", "dead_hand", "payments"} for e in public), public


def test_hk_5_7_a_hong_kong_table_keeps_its_words(server: Server) -> None:
    """HK-5.7 at a Hong Kong teaching table: the refusal still cites HK-5.7 and HK-5.1."""
    _, reasons = _said(server, "hk", True)
    assert len(reasons) == 2 and all("HK-5.7" in r and "HK-5.1" in r for r in reasons), reasons


def _page(server: Server, query: str) -> str:
    """The help page's HTML, each rule citation out of the span that keeps it on one line (so its words read as shown)."""
    with urllib.request.urlopen(server.base + "/help?" + query, timeout=10) as r:
        return re.sub(r'<span class="cite">([^<]*)</span>', r"\1", r.read().decode())


@pytest.mark.parametrize("rules", ["mcr", "classical"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_1_cl_6_the_help_page_of_a_ruleset_cites_its_own_rules(server: Server, rules: str, lang: str) -> None:
    """``/help?rules=mcr`` (classical): the terminal's help for that ruleset (MCR-5.1's 8 points,
    CL-6's limit hands) with the browser's controls, no HK-… reference, and the language link
    keeps the ruleset; ``/help`` alone is still the Hong Kong page."""
    page = _page(server, f"lang={lang}&rules={rules}")
    assert not HK_REF.search(page), HK_REF.findall(page)
    assert html.escape(typography(Texts(lang, rules)("help.title"), lang)) in page
    assert {"mcr": "MCR-5.1", "classical": "CL-6"}[rules] in page and {"mcr": "MCR-5.4", "classical": "CL-7.7"}[rules] in page
    assert f"&amp;rules={rules}" in page
    hk = _page(server, f"lang={lang}")
    assert "HK-5.7" in hk and "HK-3.3" in hk and "MCR-" not in hk
    assert _page(server, f"lang={lang}&rules=chess") == hk  # an unknown ruleset: the Hong Kong page
    # MCR-6.13, MCR-3.3 / CL-5.1, CL-5.2: below the tiles' pictures, what a flower is worth there
    worth = {"mcr": ("MCR-6.13", "MCR-3.3"), "classical": ("CL-5.1, CL-5.2", "CL-1.2")}[rules]
    assert all(ref in page for ref in worth), worth
