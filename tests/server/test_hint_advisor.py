"""The browser's hint (issue 14): the advisor's best action for the player's open decision, from
that player's own view, with the shanten and waits as before."""

from __future__ import annotations

import asyncio
from typing import Any

from hkmj.bots.advice import make_advisor
from hkmj.engine import parse_action
from hkmj.hand import shanten
from hkmj.server.protocol import TableConfig
from hkmj.server.table import Table


async def first_decision(t: Table, slot: int) -> int | None:
    """Wait until ``slot`` has an open decision (the deal's claim holds released); its seat."""
    seat = None
    for _ in range(500):
        seat = t.seat_of(slot)
        if t.hand is not None and seat is not None and seat in t.decisions and not t._pending:
            break
        await asyncio.sleep(0.01)
    return seat


async def first_discard_decision(t: Table, slot: int) -> int | None:
    """Wait until ``slot`` has an open decision on its own turn (a discard is legal); its seat.
    A claim offered on a bot's discard first is passed (a seated player's claim decision waits
    for them when the table has no timer: in about one deal in eight the player may pung or
    chow before their first turn, and the test then waited for nothing)."""
    seat = None
    for _ in range(3000):  # up to 30 s on a loaded machine
        seat = t.seat_of(slot)
        if t.hand is not None and seat is not None and seat in t.decisions and not t._pending:
            legal = [str(a) for a in t.hand.legal_actions(seat)]
            if any(a.startswith("discard") for a in legal):
                break
            if "pass" in legal:
                await t.act(slot, "pass", t.last_cseq[slot] + 1, t.pseq)
                continue
        await asyncio.sleep(0.01)
    return seat


def test_hint_is_the_advisors_best_action() -> None:
    async def go() -> None:
        cfg = TableConfig(
            slots=[None, "greedy", "greedy", "greedy"], bot_delay=0.0, claim_window=0.0, timer=None, next_delay=600.0
        )
        t = Table("h", cfg, 4321, None)
        t.go_live()
        await t.join(0, "Ann")  # the last human seat taken: the match starts
        try:
            seat = await first_decision(t, 0)
            assert t.hand is not None and seat is not None
            hint = t.hint(0)
            view, legal = t.hand.view(seat), t.hand.legal_actions(seat)
            assert parse_action(hint["action"]) == make_advisor(1).advise(view, legal)[0].action
            assert hint["shanten"] == shanten(list(view.concealed), len(view.melds[seat]))
        finally:
            t.close()

    asyncio.run(go())


def test_a_hint_is_worked_out_once_per_decision() -> None:
    """The advisor runs on the event loop (the expert up to tens of milliseconds): four connections
    of one seat asking five hints each ran it twenty times for one decision, and every table
    waited. The hint is kept for the decision it answers; a new decision gets a new one."""

    class Counting:
        def __init__(self) -> None:
            self.inner, self.calls = make_advisor(1), 0

        def advise(self, view: Any, legal: Any) -> Any:
            self.calls += 1
            return self.inner.advise(view, legal)

    async def go() -> None:
        cfg = TableConfig(slots=[None, "greedy", "greedy", "greedy"], bot_delay=0.0, claim_window=0.0, timer=None, next_delay=600.0)
        t = Table("h", cfg, 4321, None)
        t.go_live()
        await t.join(0, "Ann")
        try:
            seat = await first_discard_decision(t, 0)
            counting = Counting()
            t._advisor = counting
            hints = [t.hint(0) for _ in range(20)]
            assert counting.calls == 1 and all(h == hints[0] for h in hints)
            assert t.hand is not None and seat is not None
            discard = next(a for a in t.hand.legal_actions(seat) if str(a).startswith("discard"))
            await t.act(0, str(discard), t.last_cseq[0] + 1, t.pseq)
            for _ in range(1000):  # the bots play round to our next decision
                if seat in t.decisions and not t._pending and not t.hand.over:
                    break
                await asyncio.sleep(0.01)
            if seat in t.decisions and not t.hand.over:
                t.hint(0)
                assert counting.calls == 2
        finally:
            t.close()

    asyncio.run(go())
