"""``hkmj play --rules classical`` (docs/rules-classical.md): the terminal's end screen shows the
classical score, its items adding up to it, and every seat settled (CL-5, CL-7)."""

from __future__ import annotations

from collections.abc import Callable

from hkmj.rulesets import get_ruleset
from hkmj.tui.render import summary_text
from hkmj.tui.session import Session

Make = Callable[..., Session]


def test_cl5_classical_end_screen(make_session: Make, kong_replacement_win: Callable[[Session], None]) -> None:
    """The scripted kong-replacement win (see test_session) under the classical rules: exposed
    Green pung 4 + concealed kong of 1m 32 + Mahjong 20 = 56 points, a dragon set and a self-draw
    double twice: 224. East wins: 448 from each; North's concealed 9s pung (8) settles with South
    and West (CL-7.2, no East there): E +1344, S -456, W -456, N -432."""
    s = make_session(rules=get_ruleset("classical"))
    kong_replacement_win(s)
    assert "Classical" in s.header()
    summary = s.finish_hand()
    assert summary.unit == "points"
    assert summary.items == (
        ("Pung of dragons", 4),
        ("Kong of 1s, 9s or winds", 32),
        ("Mahjong", 20),
        ("Set of dragons (×2)", 56),
        ("Mahjong from the wall (×2)", 112),
    )
    assert summary.fan == 224
    assert [r.payment for r in summary.seats] == [1344, -456, -456, -432]
    text = summary_text(summary, s.tx, False).plain
    assert "Set of dragons (×2)" in text and "224" in text
