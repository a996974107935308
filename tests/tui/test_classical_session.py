"""``hkmj play --rules classical`` (docs/rules-classical.md): the terminal's end screen shows the
classical score, its items adding up to it, and every seat settled (CL-5, CL-7)."""

from __future__ import annotations

import re
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
    # CL-5: 56 points doubled twice: the total of the items is the score, not "Total points" (it said so)
    assert re.search(r"^Score +224$", text, re.M) and "Total points" not in text, text


def test_cl5_4_every_player_scores_on_the_end_screen(make_session: Make, kong_replacement_win: Callable[[Session], None]) -> None:
    """CL-5.4: every seat's own points, doubles and score sit next to its settlement (CL-7), in
    English and French, each line within 80 columns: East 56 points and 2 doubles score 224; North's
    concealed 9s pung scores 8 with no double; South and West score nothing."""
    for lang, east, north, west in (
        ("en", "56 points, 2 doubles: scores 224", "8 points, 0 doubles: scores 8", "0 points, 0 doubles: scores 0"),
        ("fr", "56 points, 2 doubles : marque 224", "8 points, 0 double : marque 8", "0 point, 0 double : marque 0"),
    ):
        s = make_session(rules=get_ruleset("classical"), lang=lang)
        kong_replacement_win(s)
        summary = s.finish_hand()
        assert [r.own for r in summary.seats] == [(56, 2, 224), (0, 0, 0), (0, 0, 0), (8, 0, 8)]
        lines = summary_text(summary, s.tx, False).plain.split("\n")
        rows = [line for line in lines if line.startswith(("★", "  ")) and ("+1344" in line or "-432" in line or "-456" in line)]
        assert len(rows) == 4 and all(len(line) <= 80 for line in rows)
        assert east in rows[0] and west in rows[2] and north in rows[3]


def test_hk_end_screen_has_no_per_player_score(make_session: Make, kong_replacement_win: Callable[[Session], None]) -> None:
    """HK-6: only the winner scores, so no seat carries its own score line."""
    s = make_session()
    kong_replacement_win(s)
    assert all(r.own is None for r in s.finish_hand().seats)


def test_cl7_the_end_screen_says_what_you_paid_or_received_from_each_player(
    make_session: Make, kong_replacement_win: Callable[[Session], None]
) -> None:
    """CL-7 settles every pair of players, so the end screen splits your payment player by player
    and the split adds up to it, in English and French: you (East) win 224, paid
    double by each. As a loser (a hand played at seed 5: South wins 48; East 48, West 10, North 8)
    East pays South 96 and receives the doubled differences, 76 from West and 80 from North: +60."""
    for lang, line in (
        ("en", "What you paid (-) and received (+), player by player (CL-7): South +448 · West +448 · North +448 = +1344."),
        ("fr", "Ce que vous avez payé (-) et reçu (+), joueur par joueur (CL-7) : Sud +448 · Ouest +448 · Nord +448 = +1344."),
    ):
        s = make_session(rules=get_ruleset("classical"), lang=lang)
        kong_replacement_win(s)
        summary = s.finish_hand()
        assert line in summary.why_paid.split("\n")
        assert line in summary_text(summary, s.tx, False).plain
    s = make_session(rules=get_ruleset("classical"))
    split = s._your_settlement((60, 192, -122, -130), 1, (48, 48, 10, 8), False)
    assert split.endswith("South -96 · West +76 · North +80 = +60."), split


def test_cl5_item_names_never_say_your_on_an_end_screen_of_every_player() -> None:
    """CL-5.4: every player's hand is scored and the winner's items are listed for all to read, so
    no point line or double is named for "you" (the end screen showed "Your own flower (×2)"
    for a bot's win); the French names already said "du joueur"."""
    import re

    from hkmj.scoring.classical import DOUBLE_LINES, POINT_LINES, name_of

    ids = [line.id for line in (*POINT_LINES, *DOUBLE_LINES)]
    assert "own_flower" in ids and "seat_wind_set" in ids
    assert not [name_of(i) for i in ids if re.search(r"\byour?\b", name_of(i), re.IGNORECASE)]
    assert name_of("own_flower") == "Own flower (×2)" and name_of("seat_wind_set") == "Set of own seat wind (×2)"
