"""The classical ruleset in play (docs/rules-classical.md CL-4, CL-7): rotation after every
hand, the seat table per round, 16 hands, every player settled at a win, records that replay."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hkmj.bots import BOTS
from hkmj.engine import IllegalAction, Match, stacked_wall
from hkmj.engine.match import ranking
from hkmj.engine.play import play_match
from hkmj.engine.testing import QUIET, act, play_quietly, script, stacked_hand, tsumogiri
from hkmj.record import replay
from hkmj.rulesets import get_ruleset
from hkmj.rulesets.classical import SEAT_TABLE
from hkmj.scoring.classical import ClassicalResult
from hkmj.scoring.generate import random_winning_hand
from hkmj.tiles import tile
from hkmj.tui.rules_texts import rule_words
from hkmj.tui.texts import STRINGS

CLASSICAL = get_ruleset("classical")


def test_cl4_5_seat_table_of_seed_003() -> None:
    """CL-4.5: round 1 A B C D, round 2 B A D C, round 3 C D B A, round 4 D C A B at the first hand."""
    first = [0, 1, 2, 3]  # players A..D sat East..North in the first hand
    rounds = [[CLASSICAL.player_at(first, 4 * r, s) for s in range(4)] for r in range(4)]
    assert rounds == [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 1, 0], [3, 2, 0, 1]]
    assert [list(row) for row in SEAT_TABLE] == rounds


def test_cl4_3_every_player_is_east_once_per_round() -> None:
    """CL-4.3, CL-4.4: the deal passes after every hand, so each player deals once in each round."""
    first = [2, 0, 3, 1]
    for r in range(4):
        easts = [CLASSICAL.player_at(first, 4 * r + k, 0) for k in range(4)]
        assert sorted(easts) == [0, 1, 2, 3]
        assert [CLASSICAL.prevailing(4 * r + k) for k in range(4)] == [r] * 4


def test_cl4_3_deal_passes_after_a_win_or_a_draw() -> None:
    """CL-4.3: unlike HK-7.2, East never keeps the deal (won by East, by another, or drawn)."""
    assert not CLASSICAL.dealer_keeps("win", 0)
    assert not CLASSICAL.dealer_keeps("win", 2)
    assert not CLASSICAL.dealer_keeps("draw", None)


def test_cl4_4_a_game_is_16_hands_and_every_win_settles_everyone() -> None:
    """CL-4.4: a full game is exactly 16 hands; CL-7: each win's payments are the classical
    settlement of all four hands (summing to zero); the record names the ruleset and replays."""
    bots = [BOTS["greedy"](), BOTS["greedy"](), BOTS["random"](), BOTS["random"]()]
    result = play_match(bots, 11, rules=CLASSICAL)
    assert len(result.hands) == 16
    starts = [e for e in result.events if e["type"] == "hand_start"]
    assert all(e["rules"] == "classical" for e in starts)
    assert [e["prevailing"] for e in starts] == [w for w in "ESWN" for _ in range(4)]
    easts = [e["players"][0] for e in starts]
    assert all(sorted(easts[4 * r : 4 * r + 4]) == [0, 1, 2, 3] for r in range(4))  # CL-4.3: draws pass the deal too
    wins = [h for h in result.hands if h.kind == "win"]
    assert wins, "greedy bots win some hands"
    for h in wins:
        assert h.outcome is not None
        detail = h.outcome.detail
        assert isinstance(detail, ClassicalResult)
        assert sum(h.payments) == 0
        assert h.payments == detail.settlement
    assert replay(result.events).ok


# E discards 9p; S holds one 9p and wins with it as the pair; W holds one 9p and nothing else of it
PAIR = ["147m2589p369s1234z", "123m456m789m123s9p", "147m258s36s1234z9p", "258m147p369s1567z"]


def test_cl3_2_a_pair_is_claimed_only_to_complete_mahjong() -> None:
    """CL-3.2: S, whose 9p completes a winning hand as its pair, is offered Mahjong (and not a
    pung); W, holding one 9p too, is offered nothing; S's claim wins the hand on the pair."""
    hand = stacked_hand(PAIR, rules=CLASSICAL)
    ev = act(hand, "E discard 9p")[0]
    assert ev["offers"] == [None, ["pass", "mahjong"], None, None]
    with pytest.raises(IllegalAction):
        act(hand, "W pung")
    events = act(hand, "S mahjong")
    win = next(e for e in events if e["type"] == "win")
    assert (win["seat"], win["from"], win["win"]) == (1, 0, "discard")


def test_cl4_6_the_highest_total_wins_the_game_and_a_tie_is_shared() -> None:
    """CL-4.6: after the 16 hands the players are ranked by total, the highest first, and equal
    totals share a rank."""
    bots = [BOTS["greedy"](), BOTS["greedy"](), BOTS["random"](), BOTS["random"]()]
    result = play_match(bots, 11, rules=CLASSICAL)
    end = next(e for e in result.events if e["type"] == "match_end")
    totals = end["totals"]
    best = max(totals)
    assert [r == 1 for r in end["ranking"]] == [t == best for t in totals]
    assert all((a < b) == (ra > rb) for a, ra in zip(totals, end["ranking"], strict=True) for b, rb in zip(totals, end["ranking"], strict=True))
    assert ranking([300, -100, 300, -500]) == [1, 3, 1, 4]


def test_cl7_7_false_mahjong_pays_the_limit_east_doubled() -> None:
    """CL-7.7 Ruling: a false Mahjong pays each other player the limit, East's share doubled."""
    assert CLASSICAL.false_mahjong_payments(2, 1) == (2000, 1000, -4000, 1000)
    assert CLASSICAL.false_mahjong_payments(0, None) == (-6000, 2000, 2000, 2000)


def test_cl7_4_pay_highest_is_a_ruleset_option() -> None:
    """CL-7.4: ``pay_highest`` is a ruleset option, carried in the header of records."""
    rules = get_ruleset("classical", {"pay_highest": "on"})
    assert rules.header() == {"rules": "classical", "options": {"pay_highest": "on", "limit": "1000"}}
    assert rules.describe() == "Classical (points and doubles; pay_highest=on)"


ROB = ["147m258p369s12345z", "258m559p147s1234z", "369m147p258s1567z", "123m456m789m46p77z"]


def test_cl5_3_robbing_a_kong_in_play_scores_all_four_hands() -> None:
    """CL-3.4, CL-5.3, CL-7: N robs S's added kong of 5p. N: chows and a Red pair 2 + 20 = 22,
    fully concealed and robbing a kong, 22 × 4 = 88; S keeps an exposed pung of 5p (2); E, W 0.
    E pays N 176 and S 4, W pays N 88 and S 2, S pays N 88: E -180, S -82, W -90, N +352."""
    hand = stacked_hand(ROB, draws="9s9s9s5p", replacements="8m", rules=CLASSICAL)
    script(hand, ["E discard 5p", "S pung", "N pass", "S discard 9p"])
    for _ in range(3):
        tsumogiri(hand)
    act(hand, "S added kong 5p")
    events = act(hand, "N mahjong")
    win = next(e for e in events if e["type"] == "win")
    assert win["win"] == "robbed_kong" and win["from"] == 1
    assert (win["hand_points"], win["doubles"], win["score"], win["points"]) == (22, 2, 88, 88)
    # items add up to the score: Red pair 2, Mahjong 20, then each double adds the running total
    assert [(i["id"], i["points"]) for i in win["items"]] == [
        ("pair_dragon", 2),
        ("mahjong", 20),
        ("concealed", 22),
        ("robbing_a_kong", 44),
    ]
    assert win["hand_scores"] == [0, 2, 0, 88]
    assert (win["seat_points"], win["seat_doubles"]) == ([0, 2, 0, 22], [0, 0, 0, 2])
    assert win["payments"] == [-180, -82, -90, 352]
    assert hand.result is not None and hand.result.payments == (-180, -82, -90, 352)


def test_cl4_3_a_drawn_hand_passes_the_deal() -> None:
    """CL-4.3: a hand played out to a draw (quiet walls, every tile thrown back) moves the seats
    on, where Hong Kong (HK-7.2) would keep East; a drawn hand pays nothing (CL-7.5)."""
    for rules, moves in ((CLASSICAL, True), (get_ruleset("hk"), False)):
        match = Match(5, rules=rules)
        east = match.dealer
        hand = match.new_hand(wall=stacked_wall(QUIET), dice=(1, 1, 1))
        play_quietly(hand)
        assert hand.result is not None and hand.result.kind == "draw"
        assert hand.result.payments == (0, 0, 0, 0)
        events = match.finish_hand()
        assert events[0]["dealer_keeps"] is not moves
        assert (match.dealer != east) is moves


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_cl5_outcome_items_add_up_to_the_score(seed: int) -> None:
    """CL-5, CL-6.2: the generic outcome's items (points, each double as what it adds, the limit
    adjustment) sum to the winner's score, so an end screen that adds them shows the score."""
    win = random_winning_hand(random.Random(seed))
    out = CLASSICAL.score(win)
    assert sum(i.value * i.count for i in out.items) == out.value
    detail = out.detail
    assert isinstance(detail, ClassicalResult) and out.value == detail.winner.score


def _described(options: dict[str, str], hand: str, melds: tuple[str, ...], lang: str = "en") -> str:
    """The ``hkmj replay --show`` summary of a self-drawn win on 1m scored under ``options``."""
    from hkmj.scoring.model import Meld, Win
    from hkmj.tiles import parse_tiles, tile

    rules = get_ruleset("classical", options)
    win = Win(tuple(parse_tiles(hand)), tile("1m"), melds=tuple(Meld.parse(m) for m in melds))
    return rules.describe_win(rules.win_fields(rules.score(win)), lang)


def test_cl6_2_a_capped_hand_says_the_limit_capped_it() -> None:
    """CL-6.2: 48 points × 2^4 is 768; under ``limit=100`` the line shows the product and says the
    limit capped it (not ``= 100 (48 points × 2^4)``, a sum that does not hold)."""
    melds = ("pung 777z", "pung 555z")
    capped = _described({"limit": "100"}, "111m999p11z", melds)
    assert "= 100 (48 points × 2^4 = 768, capped at the limit of 100);" in capped
    assert "= 100 (48 points × 2^4 = 768, plafonné à la limite de 100)\u00a0; mains" in _described({"limit": "100"}, "111m999p11z", melds, "fr")
    assert "= 768 (48 points × 2^4);" in _described({}, "111m999p11z", melds)


def test_cl5_replay_show_in_french_puts_a_space_before_its_semicolon() -> None:
    """CL-5: ``hkmj replay --show --lang fr`` wrote a classical win as "… (52 points × 2^1); mains
    E 8 …", the one semicolon of its French without the space French puts before it (every other
    line reads "… ; …"). It now reads "… (52 points × 2^1) ; mains …"; English keeps "…); hands"."""
    melds = ("pung 777z", "pung 555z")
    assert "= 768 (48 points × 2^4)\u00a0; mains " in _described({}, "111m999p11z", melds, "fr")
    assert "= 768 (48 points × 2^4); hands " in _described({}, "111m999p11z", melds)


def test_cl5_1_replay_show_says_which_pung_is_exposed_and_which_concealed() -> None:
    """CL-5.1: a concealed pung of 2-8 scores 4, an exposed one 2; ``hkmj replay --show`` listed
    them as "Pung of 2-8 4, Pung of 2-8 2" where the end screen and ``hkmj score`` say which is
    which. It says it too; a line met one way only keeps its plain name."""
    line = _described({}, "111m888p234s55z", ("pung 222s",))
    assert "Pung of 2-8, concealed 4, Pung of 2-8, exposed 2, Pung of 1 or 9, or of winds 8," in line
    fr = _described({}, "111m888p234s55z", ("pung 222s",), "fr")
    assert "Pung de 2 à 8, caché 4, Pung de 2 à 8, exposé 2," in fr
    two = _described({}, "111m888p444p55z", ("pung 222s",))
    assert "2 pungs of 2-8, concealed 8, Pung of 2-8, exposed 2," in two
    assert "Pung of 2-8 4, Pung of 1 or 9" in _described({}, "111m888p234s55z", ("chow 234s",))


def test_cl6_1_a_limit_hand_is_named_on_its_line() -> None:
    """CL-6.1: a limit hand scores the limit whatever its reading makes; the line names it."""
    line = _described({}, "11223344556677m", ())
    assert "= 1000 (20 points × 2^4, limit hand: Seven pairs);" in line


def _page_rule(page: str, rule: str) -> str:
    """The text of rule ``rule`` (``CL-3.7``, ``MCR-3.3``) on the rules page ``page``: the numbered
    item ``n.`` of its ``## PREFIX-s`` section, up to the next item or heading."""
    text = (Path(__file__).resolve().parents[2] / "docs" / page).read_text(encoding="utf-8")
    section, item = rule.rsplit(".", 1)
    body = text.split(f"\n## {section} ", 1)[1].split("\n## ", 1)[0]
    found = re.search(rf"(?ms)^{item}\. (.*?)(?=^\d+\. |^#|\Z)", body)
    assert found, f"{rule} is not on {page}"
    return " ".join(found.group(1).split())


def test_cl_3_7_the_final_discard_refusal_cites_a_rule_that_says_so() -> None:
    """CL-3.7 Ruling: a pung on the discard made after the last live-wall tile is refused, citing
    a classical rule, and that rule on docs/rules-classical.md states it: the final discard is
    claimed only for Mahjong. The refusal, the terminal's rule line and the replay cited CL-3.6,
    which says only that the claims are those of HK-4 and nothing of the final discard."""
    final = ["147m258p369s12345z", "258m369p147s1234z", "369m147p255s1567z", "147m258p369s2345z"]
    hand = stacked_hand(final, draws=[None] * 76 + [tile("5s")], rules=CLASSICAL, ask_all=True)
    play_quietly(hand, until_live=0)
    assert hand.turn == 1 and hand.live_count == 0 and hand.last_tile == tile("5s")
    assert act(hand, "S discard 5s")[0]["final"] is True
    with pytest.raises(IllegalAction) as refused:
        act(hand, "W pung")
    cited = re.findall(r"\((CL-[\d.]+)\)", str(refused.value))
    assert len(cited) == 1, str(refused.value)
    said = _page_rule("rules-classical.md", cited[0])
    assert "final discard" in said and "only for Mahjong" in said, (cited, said)
    assert rule_words(STRINGS["en"], "classical", "en")["rule.final"].startswith(cited[0] + ":")
    assert rule_words(STRINGS["fr"], "classical", "fr")["rule.final"].startswith(cited[0] + "\u00a0:")


def test_mcr_3_3_the_final_discard_rule_the_mcr_table_cites_says_so() -> None:
    """MCR-3.3 Ruling: the engine's refusal of a claim on the final discard, the terminal's rule
    line and the replay cite MCR-3.3 at an MCR table (HK-4.9 there); MCR-3.3 now says the last
    discard is claimed only to win, where it said only that the hand is drawn if nobody wins; and
    that nobody pays for a drawn hand, which the browser's line cites it for."""
    mcr = get_ruleset("mcr")
    assert mcr.cite("the final discard can be claimed only for Mahjong (HK-4.9)").endswith("(MCR-3.3)")
    assert rule_words(STRINGS["en"], "mcr", "en")["rule.final"].startswith("MCR-3.3:")
    said = _page_rule("rules-mcr.md", "MCR-3.3")
    assert "last discard may be claimed only to win" in said and "never for a chow, pung or kong" in said
    # the browser's drawn-hand line cites MCR-3.3 for "nobody pays": the rule says so too
    app = (Path(__file__).resolve().parents[2] / "src" / "hkmj" / "server" / "static" / "app.js").read_text(encoding="utf-8")
    assert 'nobodyPays_mcr: "Nobody pays (MCR-3.3)' in app
    assert "the hand is a draw and nobody pays for it" in said and "MCR-5.4" in said


# E discards 5m; W, across the table, waits on 46m and wins with it as a chow; S holds no 5m use
ACROSS = ["145m258p369s2345z7z", "258m369p147s1234z", "46m123p456p789p11s", "147m258p369s2345z"]


def test_cl_3_8_a_mahjong_on_any_players_discard_may_complete_a_chow() -> None:
    """CL-3.8 Ruling: a Mahjong claim may complete a chow on the discard of a player who is not
    on the claimer's left (seed 002's chow restriction marks the chow claim, not the Mahjong
    claim). The engine lets W win on E's 5m with 456m; the rule the terminal's words cite for
    where a winning tile comes from (HK-5.5 at Hong Kong) is CL-3.8, and the page states it there:
    it cited CL-3, whose only word on a chow is that the next player alone claims one."""
    hand = stacked_hand(ACROSS, rules=CLASSICAL)
    assert act(hand, "E discard 5m")[0]["offers"] == [None, None, ["pass", "mahjong"], None]
    win = next(e for e in act(hand, "W mahjong") if e["type"] == "win")
    assert (win["seat"], win["from"], win["win"], win["tile"]) == (2, 0, "discard", "5m")
    assert CLASSICAL.cite("(HK-5.5)") == "(CL-3.8)"
    said = _page_rule("rules-classical.md", "CL-3.8")
    assert "winning tile" in said and "any other player's latest discard" in said and "a chow included" in said, said
    assert "(CL-3.8)" in _page_rule("rules-classical.md", "CL-3.1")
    assert rule_words(STRINGS["en"], "classical", "en")["rule.mahjong_now"].startswith("CL-3.8:")
    assert rule_words(STRINGS["fr"], "classical", "fr")["rule.mahjong_now"].startswith("CL-3.8\u00a0:")


# East is dealt four chows and a pair; the others the quiet hands
DEALT_WIN = ["123m456m789m123p55s", "258m369p147s1234z", "369m147p258s1567z", "147m258p369s2345z"]
DEALT_KONG = ["1111m258p369s1234z", "258m369p147s1234z", "369m147p258s1567z", "47m258p369s23455z"]


def test_cl_4_1_east_may_win_or_kong_on_the_dealt_hand_and_the_page_rules_how_it_scores() -> None:
    """CL-4.1 Ruling: seed 003 has East begin by discarding, and seed 002 no hand for a win on the
    deal, but the engine lets East declare Mahjong or a concealed kong with his 14 dealt tiles
    (HK-3.1). The win is scored self-drawn (20 points, fully concealed and from the wall: 80) and
    is no limit hand; the page said nothing of either, so a referee had to guess both."""
    hand = stacked_hand(DEALT_WIN, rules=CLASSICAL)
    win = next(e for e in act(hand, "E mahjong") if e["type"] == "win")
    assert (win["win"], win["flags"], win["limit"]) == ("self_draw", [], None)
    assert [i["id"] for i in win["items"]] == ["mahjong", "concealed", "self_drawn"] and win["points"] == 80
    kong = stacked_hand(DEALT_KONG, rules=CLASSICAL)
    assert any(e["type"] == "kong" for e in act(kong, "E concealed kong 1m"))
    said = _page_rule("rules-classical.md", "CL-4.1")
    assert "before his first discard" in said and "concealed kong" in said and "Mahjong" in said, said
    assert "self-drawn win" in said and "`self_drawn`" in said and "no limit hand" in said, said


def _page_section(page: str, heading: str) -> str:
    """The text under the heading ``### heading`` (``CL-5.3``) of the rules page ``page``."""
    text = (Path(__file__).resolve().parents[2] / "docs" / page).read_text(encoding="utf-8")
    return " ".join(text.split(f"\n### {heading} ", 1)[1].split("\n#", 1)[0].split())


# East is dealt four 1m, three chows and a White dragon; the kong's replacement is the second White
ON_REPLACEMENT = ["1111m234p567s789s5z", "258m369p147s1234z", "369m147p258s1567z", "47m258p369s23456z"]


def test_cl_5_3_a_win_on_a_replacement_is_self_drawn_and_the_page_says_why() -> None:
    """CL-5.3 Ruling: East wins on the replacement of his concealed kong; the engine scores the
    win self-drawn (`self_drawn`), with no double of its own for the replacement. Seed 002's
    double is for "piochant une tuile du mur"; the page counted a replacement in without a word
    of why (the dead wall, "la Colline", is "une partie inaccessible du mur" in seed 002)."""
    hand = stacked_hand(ON_REPLACEMENT, replacements="5z", rules=CLASSICAL)
    act(hand, "E concealed kong 1m")
    win = next(e for e in act(hand, "E mahjong") if e["type"] == "win")
    assert (win["win"], win["tile"], win["flags"]) == ("self_draw", "5z", [])
    assert [i["id"] for i in win["items"]] == ["pair_dragon", "kong_terminal_wind", "mahjong", "concealed", "self_drawn"]
    said = _page_section("rules-classical.md", "CL-5.3")
    assert "**Ruling** (a replacement tile)" in said and "une partie inaccessible du mur" in said, said
