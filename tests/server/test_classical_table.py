"""A browser table under the classical rules (docs/rules-classical.md): the lobby lists the
ruleset and its options, hands are played to the end, every win's items add up to its points."""

from __future__ import annotations

import asyncio
import random

from hkmj.rulesets import rulesets_info
from hkmj.server.testing import Server, choose, match_over, play


def test_cl_lobby_lists_classical_and_its_options() -> None:
    """CL-7.4, CL-6.2: the options ``pay_highest`` and ``limit`` are offered in the lobby."""
    info = rulesets_info()["classical"]
    assert [o["key"] for o in info["options"]] == ["pay_highest", "limit"]


def test_cl_full_hands_at_a_classical_table(server: Server) -> None:
    """Two hands with bots and one scripted client: totals sum to zero; every revealed win names
    its items (en/fr) and they add up to its points (CL-5); the config carries the option."""
    tid = server.create(
        slots=[None, "greedy", "random", "greedy"],
        hands=2,
        next_delay=0.2,
        claim_window=0.01,
        rules="classical",
        options={"pay_highest": "on"},
    )

    async def go() -> None:
        async with server.client(record=True) as me:
            await me.join(tid, 0, "Ann")
            rng = random.Random(1)
            await play(
                [me],
                match_over,
                lambda i, legal: choose(legal, rng),
                120,
            )
            final = me.state
            assert final is not None and final["match"]["ranking"] is not None
            assert sum(final["match"]["totals"]) == 0
            assert final["config"]["rules"] == "classical" and final["config"]["options"]["pay_highest"] == "on"
            reveals = [m["reveal"] for m in me.messages if m["type"] == "state" and m.get("reveal")]
            wins = [e for r in reveals for e in r["end"] if e["type"] == "win"]
            for w in wins:
                assert sum(i["points"] * i["count"] for i in w["items"]) == w["points"]
                assert all(set(i["names"]) == {"en", "fr"} for i in w["items"])
                assert sum(w["payments"]) == 0

    asyncio.run(go())
