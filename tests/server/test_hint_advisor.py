"""The browser's hint (issue 14): the advisor's best action for the player's open decision, from
that player's own view, with the shanten and waits as before."""

from __future__ import annotations

import asyncio

from hkmj.bots.advice import make_advisor
from hkmj.engine import parse_action
from hkmj.hand import shanten
from hkmj.server.protocol import TableConfig
from hkmj.server.table import Table


def test_hint_is_the_advisors_best_action() -> None:
    async def go() -> None:
        cfg = TableConfig(
            slots=[None, "greedy", "greedy", "greedy"], bot_delay=0.0, claim_window=0.0, timer=None, next_delay=600.0
        )
        t = Table("h", cfg, 4321, None)
        t.go_live()
        await t.join(0, "Ann")
        await t.start()
        try:
            for _ in range(500):
                seat = t.seat_of(0)
                if t.hand is not None and seat is not None and seat in t.decisions and not t._pending:
                    break
                await asyncio.sleep(0.01)
            assert t.hand is not None and seat is not None
            hint = t.hint(0)
            view, legal = t.hand.view(seat), t.hand.legal_actions(seat)
            assert parse_action(hint["action"]) == make_advisor(1).advise(view, legal)[0].action
            assert hint["shanten"] == shanten(list(view.concealed), len(view.melds[seat]))
        finally:
            t.close()

    asyncio.run(go())
