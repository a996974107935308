"""The terminal's lines for a false Mahjong and a refusal (HK-5.7, MCR-5.4, CL-7.7): the amounts
the engine pays, the rule cited, and the sentence after a rule number."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pytest

from hkmj.engine import PASS, WIN, Action, SeatView
from hkmj.rulesets import get_ruleset
from hkmj.tiles import tile
from hkmj.tui.rules_texts import refs_of
from hkmj.tui.session import Session
from hkmj.tui.texts import LANGS, Texts

Make = Callable[..., Session]
Advance = Callable[[Session], None]


class FalseMahjongOn:
    """Declares Mahjong (a false one: its hand is no win) on the first discard of ``seat``,
    then passes every claim."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if view.phase == "claim" and view.turn == self.seat:
            return WIN
        return PASS


def _false_by_west(make_session: Make, advance: Advance, discarder: int, lang: str) -> tuple[Session, list[str]]:
    """West (seat 2) declares a false Mahjong on ``discarder``'s discard at a Hong Kong table;
    the notes the terminal writes, from the engine's own events."""
    s = make_session(lang=lang)
    s.start_hand()
    s.bots[s.by_seat[2] - 1] = FalseMahjongOn(discarder)  # West's bot
    assert s.try_discard(tile("9m")).done
    advance(s)
    if discarder == 1:  # South discards the drawn 6z: the human passes the pung
        while not s.over:
            assert s.try_pass().done
            advance(s)
    assert s.over
    event = next(e for e in s._hand().events if e["type"] == "false_mahjong")
    assert event["seat"] == 2 and event["from"] == discarder
    return s, [n.text for n in s.history]


@pytest.mark.parametrize(
    ("discarder", "lang", "line"),
    [
        (0, "en", "False Mahjong by West: the hand ends and West pays you 128, double as the discarder, and 64 to each other player (HK-5.7)."),
        (
            0,
            "fr",
            "Faux Mahjong annoncé par Ouest\u00a0: la donne s'arrête et Ouest vous paie 128, le double comme défausseur, et 64 à chacun des autres joueurs (HK-5.7).",
        ),
        (1, "en", "False Mahjong by West: the hand ends and West pays South 128, double as the discarder, and 64 to each other player (HK-5.7)."),
        (
            1,
            "fr",
            "Faux Mahjong annoncé par Ouest\u00a0: la donne s'arrête et Ouest paie 128 à Sud, le double comme défausseur, et 64 à chacun des autres joueurs (HK-5.7).",
        ),
    ],
)
def test_hk_5_7_another_seats_false_mahjong_on_a_discard_says_the_discarders_double(
    make_session: Make, advance: Advance, discarder: int, lang: str, line: str
) -> None:
    """HK-5.7: the line for another seat's false Mahjong on a discard said "West pays 64 to each
    player" where the engine pays the discarder 128; it now says what each is paid."""
    s, said = _false_by_west(make_session, advance, discarder, lang)
    payments = next(e for e in s._hand().events if e["type"] == "false_mahjong")["payments"]
    assert payments[discarder] == 128 and sorted(payments) == [-256, 64, 64, 128]
    assert line in said


def test_hk_5_7_a_self_drawn_false_mahjong_still_says_one_amount() -> None:
    """HK-5.7 without a discard: every other player is paid the same, and the line says so."""
    tx = Texts("en")
    assert tx("ev.false", who="West", amount=64) == "False Mahjong by West: the hand ends and West pays 64 to each player (HK-5.7)."


@pytest.mark.parametrize("lang", LANGS)
def test_cl_7_7_a_classical_false_mahjong_on_a_discard_keeps_its_own_payments(lang: str) -> None:
    """CL-7.7: the classical lines state East's double, never a discarder's (a discarder is paid
    the limit like the others): the seat a line names as paid double is East (the session picks
    the seat paid more, not the discarder: see test_classical_newcomer)."""
    tx = Texts(lang, "classical")
    for line in (tx("ev.false.discard", who="West", whom="East", amount=1000, double=2000),
                 tx("ev.false.discard.you", who="West", amount=1000, double=2000),
                 tx("ev.false.you.discard", why="", whom="East", amount=1000, double=2000)):
        assert ("doubled for East" if lang == "en" else "doublée pour l'Est") in line and "2000" in line and "1000" in line, line
        assert not re.search("discarder|défausseur", line), line


@pytest.mark.parametrize(("lang", "words"), [("en", "pays 10 to each player (MCR-5.4)."), ("fr", "paie 10 à chaque joueur (MCR-5.4).")])
def test_mcr_5_4_the_dead_hand_line_cites_its_rule(lang: str, words: str) -> None:
    """MCR-5.4: the line for a false Mahjong that makes a hand dead cited no rule where the other
    false-Mahjong lines do; it cites the table's own (Hong Kong's HK-5.7 through the ruleset's
    ``rule_refs``)."""
    assert refs_of("mcr")["HK-5.7"] == "MCR-5.4"
    mcr = Texts(lang, "mcr")
    assert mcr("ev.false", who="West", amount=10).endswith(words)
    assert mcr("ev.false.dead", who="West", amount=10).endswith(words)
    assert mcr("ev.false.dead.you", why="", amount=10).endswith("(MCR-5.4).")
    assert mcr("ev.false.you.discard", why="", whom="South", amount=10, double=20) == mcr("ev.false.dead.you", why="", amount=10)
    assert Texts(lang, "hk")("ev.false.dead.you", why="", amount=10).endswith("(HK-5.7).")


_AFTER_RULE = re.compile(r"\b(?:HK|MCR|CL)-\d+(?:\.\d+)*\)?[ \u00a0]?:[ \u00a0]+(\w)")
"""A rule number then a colon mid-line (``HK-4.1: only …``, ``HK-5.7) : votre main``), and the
first letter of the sentence that follows it."""


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_refusals_sentence_after_its_rule_number_starts_in_lower_case(make_session: Make, rules: str, lang: str) -> None:
    """HK-4..HK-5.7 at a teaching table: every refusal's rule text reads "HK-4.1: only the latest
    discard…", but a refused Mahjong read "Mahjong refused (teaching table, HK-5.7): Your hand…";
    every sentence after a rule number now starts in lower case, in each language and ruleset."""
    tx = Texts(lang, rules)
    walked = [text for key, text in tx.table.items() if key.startswith(("no.", "rule.", "ev.refused", "ev.false", "why.", "hint.dead"))]
    s = make_session(rules=get_ruleset(rules), lang=lang, teach=True)
    s.start_hand()
    out = s.try_mahjong()
    assert not out.confirm and out.notes
    walked += [n.text for n in out.notes]
    assert len(walked) > 40
    capitals = [text for text in walked for m in _AFTER_RULE.finditer(text) if m.group(1).isupper()]
    assert not capitals


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "You pay South 128, double as the discarder, and 64 to each other player (HK-5.7)."),
        ("fr", "Vous payez 128 à Sud, le double comme défausseur, et 64 à chacun des autres joueurs (HK-5.7)."),
    ],
)
def test_hk_5_7_your_false_mahjong_on_a_discard_names_the_discarder_paid_double(
    make_session: Make, advance: Advance, until_offer: Callable[..., None], lang: str, line: str
) -> None:
    """HK-5.7: your own false Mahjong on South's discard said "you pay 64 to each player, 128 to
    a discarder", the rule rather than what was paid; it now names South and the amounts the
    engine paid."""
    s = make_session(lang=lang)
    s.start_hand()
    assert s.try_discard(tile("9m")).done
    advance(s)
    until_offer(s, tile("6z"), 1)
    out = s.try_mahjong(confirmed=True)
    assert out.done and s.over
    event = next(e for e in s._hand().events if e["type"] == "false_mahjong")
    assert event["seat"] == 0 and event["from"] == 1 and event["payments"] == [-256, 128, 64, 64]
    assert line in out.notes[0].text, out.notes[0].text


@pytest.mark.parametrize(("lang", "line"), [("en", "You pay 64 to each player (HK-5.7)."), ("fr", "Vous payez 64 à chaque joueur (HK-5.7).")])
def test_hk_5_7_your_self_drawn_false_mahjong_names_no_discarder(make_session: Make, lang: str, line: str) -> None:
    """HK-5.7 on your own turn: nobody discarded, every other player is paid 64, and the line no
    longer speaks of a discarder's double."""
    s = make_session(lang=lang)
    s.start_hand()
    out = s.try_mahjong(confirmed=True)
    assert out.done and s.over
    event = next(e for e in s._hand().events if e["type"] == "false_mahjong")
    assert event["from"] is None and event["payments"] == [-192, 64, 64, 64]
    text = out.notes[0].text
    assert text.endswith(line) and "discard" not in text and "défausseur" not in text, text
