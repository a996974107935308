"""``hkmj play --rules classical`` (docs/rules-classical.md): the terminal's end screen shows the
classical score, its items adding up to it, and every seat settled (CL-5, CL-7)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

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
        ("Kong of 1 or 9, or of winds", 32),
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
        ("fr", "56 points, 2 doubles\u00a0: marque 224", "8 points, 0 double\u00a0: marque 8", "0 point, 0 double\u00a0: marque 0"),
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
        assert line in summary.why_paid.replace("\u00a0", " ").split("\n")
        assert line in summary_text(summary, s.tx, False).plain.replace("\u00a0", " ")
    s = make_session(rules=get_ruleset("classical"))
    note = s.rules.payment_note((60, 192, -122, -130), 1, None, 48, (48, 48, 10, 8))
    assert note is not None and note.transfers is not None
    split = s._your_settlement((60, 192, -122, -130), note.transfers)
    assert split.replace("\u00a0", " ").endswith("South -96 · West +76 · North +80 = +60."), split


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


SCORING_HANDS = ("111m234p56s88s1z66z9m", "2233445566778m", "2233445566p555z", "223344s999s777z4z")
"""The scripted win's wall (tests/tui/conftest.py) with West holding a concealed White pung and
North a concealed pung of 9s and one of Red: both score, each with a dragon's double (CL-5.4)."""


def test_cl5_4_each_non_winners_score_is_itemised_on_the_end_screen(
    make_session: Make, kong_replacement_win: Callable[[Session], None]
) -> None:
    """CL-5.1, CL-5.2, CL-5.4: a non-winner's score was shown as a total only ("16 points, 1 double:
    scores 32"); the end screen now itemises it under its tiles, in English and French: West's
    concealed White pung 8 doubled by the dragon set = 16; North's concealed 9s pung 8 and Red
    pung 8 = 16, doubled = 32. The winner's own items stay in the table above (not repeated),
    South scores nothing (no line), and every wrapped line keeps within the width given."""
    words = {
        "en": (
            "Pung of dragons\u00a08\u00a0=\u00a08; doubled by Set of dragons: 8\u00a0×\u00a02\u00a0=\u00a016",
            "Pung of 1 or 9, or of winds\u00a08 + Pung of dragons\u00a08\u00a0=\u00a016; doubled by Set of dragons: 16\u00a0×\u00a02\u00a0=\u00a032",
        ),
        "fr": (
            "Pung de Dragons\u00a08\u00a0=\u00a08\u00a0; doublé par Combinaison de Dragons\u00a0: 8\u00a0×\u00a02\u00a0=\u00a016",
            "Pung de 1, de 9 ou de Vents\u00a08 + Pung de Dragons\u00a08\u00a0=\u00a016\u00a0; doublé par Combinaison de Dragons\u00a0: 16\u00a0×\u00a02\u00a0=\u00a032",
        ),
    }
    for lang, (west, north) in words.items():
        s = make_session(hands=SCORING_HANDS, rules=get_ruleset("classical"), lang=lang)
        kong_replacement_win(s)
        summary = s.finish_hand()
        assert [r.own for r in summary.seats] == [(56, 2, 224), (0, 0, 0), (8, 1, 16), (16, 1, 32)]
        for r in summary.seats:  # the items add up to each seat's own score
            sc = r.scoring
            assert sc is not None and r.own == (sc.points, sc.doubles, sc.score)
            assert sum(i.value * i.count for i in sc.lines) == sc.points
            assert sum(i.count for i in sc.doubled) == sc.doubles and sc.points << sc.doubles == sc.score
        plain = summary_text(summary, s.tx, False).plain
        lines = plain.split("\n")
        assert "    " + west in lines and "    " + north in lines, plain
        assert "Mahjong\u00a0" not in plain and "Mah-Jong\u00a0" not in plain  # the winner's items: the table only
        wrapped = summary_text(summary, s.tx, False, 60).plain
        rows = wrapped.split("\n")
        start = rows.index(next(r for r in rows if r.startswith("    Pung de 1" if lang == "fr" else "    Pung of 1")))
        assert rows[start + 1].startswith("      ") and all(len(r) <= 60 for r in rows[start : start + 2]), rows
        assert " ".join(r.strip() for r in rows[start : start + 2]) == north


def test_cl6_2_a_capped_non_winner_says_the_limit() -> None:
    """CL-6.2: a non-winner's points × 2^doubles above the limit is capped, and its itemised line
    says so: three concealed dragon kongs, 96 points with 3 doubles = 768, capped at a limit of 500."""
    from hkmj.rulesets import SeatScoring
    from hkmj.rulesets.base import OutcomeItem
    from hkmj.tui.render import own_scoring
    from hkmj.tui.texts import Texts

    sc = SeatScoring(2, 96, 3, 500, (OutcomeItem("kong_dragon", "Kong of dragons", "Kong de Dragons", 32, 3),), (OutcomeItem("dragon_set", "Set of dragons", "Combinaison de Dragons", 1, 3),))
    assert sc.capped
    assert own_scoring(sc, Texts("en")).endswith("96\u00a0×\u00a08\u00a0=\u00a0768, capped at the limit: 500")
    assert own_scoring(sc, Texts("fr")).endswith("96\u00a0×\u00a08\u00a0=\u00a0768, plafonné à la limite\u00a0: 500")
    assert own_scoring(sc, Texts("en")).startswith("3 kongs of dragons\u00a096\u00a0=\u00a096; doubled by 3 sets of dragons:")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_cl5_1_a_count_reads_as_a_count_not_as_a_doubling(lang: str) -> None:
    """CL-5.1, CL-5.2: "Flower or season ×2 8" beside "Own flower (×2) 30" said ×2 for a count in
    one line and a doubling in the other; a count is now said first, in the plural, by one
    function the terminal's end screen (winner's table and other players' lines), the browser's
    reveal (the server sends the words) and ``hkmj replay --show`` all use."""
    from hkmj.rulesets import SeatScoring
    from hkmj.rulesets.base import OutcomeItem
    from hkmj.scoring.classical import counted
    from hkmj.server.table import _counted
    from hkmj.tui.render import own_scoring
    from hkmj.tui.texts import Texts

    two = {"en": "2 flowers or seasons", "fr": "2 fleurs ou saisons"}[lang]
    rules = get_ruleset("classical")
    bonus = OutcomeItem("bonus_tile", "Flower or season", "Fleur ou Saison", 4, 2)
    assert counted("bonus_tile", bonus.label(lang), 2, lang) == two
    assert counted("bonus_tile", bonus.label(lang), 1, lang) == bonus.label(lang)
    assert rules.counted("bonus_tile", rules.name_of("bonus_tile", lang), 2, lang) == two
    each = {"en": "2 sets of dragons (×2 each)", "fr": "2 combinaisons de Dragons (×2 chacune)"}[lang]
    assert rules.counted("dragon_set", rules.name_of("dragon_set", lang), 2, lang) == each  # the winner's table
    assert get_ruleset("mcr").counted("x", "Pure Double Chow", 2, lang) == "Pure Double Chow ×2"  # MCR keeps its ×2
    sc = SeatScoring(1, 8, 1, 16, (bonus,), (OutcomeItem("own_flower", "Own flower", "Fleur du joueur", 1, 1),))
    line = own_scoring(sc, Texts(lang, "classical"))
    assert line.startswith(f"{two}\u00a08") and "×2" not in line.split(";")[0], line
    assert _counted(rules, "bonus_tile", 2, bonus) == {"en": "2 flowers or seasons", "fr": "2 fleurs ou saisons"}
    event = {"items": [{"id": "bonus_tile", "points": 4, "count": 2}, {"id": "mahjong", "points": 20, "count": 1}],
             "hand_scores": [28, 0, 0, 0], "points": 28, "hand_points": 28, "doubles": 0, "limit": None, "payments": [84, -28, -28, -28]}
    assert rules.describe_win(event, lang).startswith(f"{two} 8, ")


def test_cl5_1_point_line_names_read_as_the_rules_page_not_as_tiles() -> None:
    """CL-5.1 lines 6 and 9: the end screen named them "Pung of 1s, 9s or winds" — on a screen
    where 1s and 9s are the tiles 1 and 9 Bamboo (docs/play.md), so a newcomer read a pung of 1
    Characters as unlisted. They read as the rules page's table does ("pung of 1 or 9, or of
    winds"), and no classical item name in either language holds a tile of the screen's notation."""
    from hkmj.scoring.classical import BONUS_LINE, CLASSICAL_LIMITS, DOUBLE_LINES, MAHJONG_LINE, POINT_LINES

    names = {line.id: line.name for line in POINT_LINES}
    assert names["pung_terminal_wind"] == "Pung of 1 or 9, or of winds"
    assert names["kong_terminal_wind"] == "Kong of 1 or 9, or of winds"
    tile_word = re.compile(r"\b[1-9][mpsz]\b")
    for x in (*POINT_LINES, BONUS_LINE, MAHJONG_LINE, *DOUBLE_LINES, *CLASSICAL_LIMITS):
        assert not tile_word.search(x.name) and not tile_word.search(x.name_fr), (x.id, x.name, x.name_fr)


@pytest.mark.parametrize(
    ("lang", "options", "words"),
    [
        ("en", {}, "Each of the others pays the winner (you) the winner's score; the others pay each other"),
        ("fr", {}, "Chacun des autres paie au gagnant (vous) le score du gagnant\u00a0; les autres se paient"),
        ("en", {"pay_highest": "on"}, "Each player scoring no more than the winner (you) pays the winner's score; the winner pays each player scoring more twice the difference;"),
        ("fr", {"pay_highest": "on"}, "Chaque joueur dont le score ne dépasse pas celui du gagnant (vous) paie le score du gagnant\u00a0; le gagnant paie à chaque joueur de score plus élevé le double de la différence\u00a0;"),
    ],
)
def test_cl7_the_payment_line_names_whose_score_is_paid(
    make_session: Make, kong_replacement_win: Callable[[Session], None], lang: str, options: dict[str, str], words: str
) -> None:
    """CL-7.1, CL-7.4: the end screen said "The winner (you) is paid its score by each of the
    others" — "its" for a person, and whose score left to guess. It says the winner's score is
    paid by each of the others (with `pay_highest`, by each player scoring no more), EN and FR."""
    s = make_session(rules=get_ruleset("classical", options), lang=lang)
    kong_replacement_win(s)
    why = s.finish_hand().why_paid
    assert words in why, why
    assert "its score" not in why and "reçoit son score" not in why


@pytest.mark.parametrize("width", [72, 74, 76, 78, 79])
def test_cl7_the_french_end_screen_never_opens_a_line_with_a_sign(make_session: Make, kong_replacement_win: Callable[[Session], None], width: int) -> None:
    """CL-5.4, CL-7, in French: the end-of-hand box broke its sentences where the screen's width
    fell, and French puts a space before ``: ; ! ?``, so a line could open with the sign: at 79
    columns "… le score du gagnant" / "; les autres se paient entre eux …". The summary now breaks
    its French sentences itself at the box's width (as the log and the help do); no line the box
    shows opens with ``: ; ! ? »`` or ends on ``«``."""
    from rich.console import Console

    s = make_session(rules=get_ruleset("classical"), lang="fr")
    kong_replacement_win(s)
    body = summary_text(s.finish_hand(), s.tx, False, width)
    shown = [line.plain for line in body.wrap(Console(width=200), width)]  # as the box shows it, Rich breaking what is wider
    assert any("Chaque joueur compte (CL-5.4)." in line for line in shown)
    assert [x for x in shown if re.match(r"\s*[:;!?»]", x) or x.rstrip().endswith("«")] == []
    assert max(len(x.rstrip()) for x in shown) <= width


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", range(60, 80))
def test_cl7_what_you_paid_never_parts_a_player_from_its_amount_on_the_end_screen(
    make_session: Make, kong_replacement_win: Callable[[Session], None], lang: str, width: int
) -> None:
    """CL-7: the end screen's "What you paid (-) and received (+), player by player" line was
    broken wherever the box's width fell: at 80×24 "… (CL-7): East -224" / "· South -24 · West -4
    = -252." opened a line on the separator, and in French "… (CL-7) : Sud" / "-40 · Ouest -32 …"
    parted a player from its amount. Each player stays with its amount and the "·" after it, and
    "= total" with the last, in English and French, at every width the box may have."""
    from rich.console import Console

    s = make_session(rules=get_ruleset("classical"), lang=lang)
    kong_replacement_win(s)
    body = summary_text(s.finish_hand(), s.tx, False, width)
    shown = [line.plain.replace("\u00a0", " ") for line in body.wrap(Console(width=200), width)]
    start = next(i for i, line in enumerate(shown) if "(CL-7)" in line and "+1344" in " ".join(shown[i : i + 3]))
    said = shown[start : start + 3]
    assert not any(re.match(r"\s*[·=]", line) for line in said), said
    for pair in ("South +448", "West +448", "North +448 = +1344.") if lang == "en" else ("Sud +448", "Ouest +448", "Nord +448 = +1344."):
        assert any(pair in line for line in said), (pair, said)
    assert max(len(x.rstrip()) for x in shown) <= width
