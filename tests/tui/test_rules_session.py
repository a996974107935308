"""``hkmj play`` under house options (issue 11): shown in the header, used for the score."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hkmj.cli import main
from hkmj.rulesets import get_ruleset
from hkmj.tiles import tile
from hkmj.tui.session import Session

Make = Callable[..., Session]
Advance = Callable[[Session], None]


def test_house_options_shown_and_scored(make_session: Make, advance: Advance) -> None:
    """The scripted 4-fan kong-replacement win (see test_session) at a base value of 2 doubles every payment."""
    s = make_session(rules=get_ruleset("hk", {"base": "2", "minfan": "1"}))
    s.start_hand()
    assert "Hong Kong (minfan=1, base=2)" in s.header()
    assert s.try_discard(tile("9m")).done
    advance(s)
    assert s.try_pung().done and s.try_discard(tile("1z")).done
    advance(s)
    assert s.try_kong().done and s.try_mahjong().done
    summary = s.finish_hand()
    assert (summary.fan, summary.base) == (4, 32)
    assert [r.payment for r in summary.seats] == [192, -64, -64, -64]
    assert s.match.events[0]["options"]["base"] == "2"


def test_play_rejects_a_bad_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--option", "minfan=4", "--seed", "1"]) == 2
    assert "minfan='4'" in capsys.readouterr().err
