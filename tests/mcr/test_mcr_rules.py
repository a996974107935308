"""MCR rules beyond single fans: the 8-point minimum, payments, exclusion principles, the
seed's worked example, the JSON and command-line interfaces and bad input (MCR-5 to MCR-9)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from hkmj.cli import main
from hkmj.scoring import InvalidHand, Meld, Win, score_json_mcr, score_mcr, score_mcr_hand
from hkmj.scoring.mcr import MCR_FANS, mcr_payments
from hkmj.tiles import tile


def _fans(**kw: Any) -> dict[str, int]:
    hand = kw.pop("hand")
    return {i.id: i.count for i in score_mcr_hand(hand, **kw).items}


def test_seed_worked_example_pure_straight_half_flush_wind_pung() -> None:
    """MCR-9: Pure Straight 16 + Half Flush 6 + a wind pung 1 = 23, South pays 31 (MCR-8.2)."""
    r = score_mcr_hand("456789m55m", win_tile="4m", win="discard", discarder="S", melds=["chow 123m", "pung 222z"])
    assert {i.id: i.count for i in r.items} == {"pure_straight": 1, "half_flush": 1, "pung_of_terminals_or_honors": 1}
    assert (r.points, r.fan_points, r.winning) == (23, 23, True)
    assert r.payments == (47, -31, -8, -8)


def test_mcr_5_3_the_reading_with_the_highest_total_scores() -> None:
    """MCR-5.3: 222333444m read as three pungs (Pure Shifted Pungs 24, Three Concealed Pungs 16,
    All Simples 2, Concealed Hand 2, Single Wait 1 = 45) beats its reading as three identical
    chows (Pure Triple Chow 24 and the rest: 31), so only the pungs' fans are counted."""
    fans = _fans(hand="222333444m567p88s", win_tile="8s", win="discard", discarder="S")
    assert fans == {"pure_shifted_pungs": 1, "three_concealed_pungs": 1, "all_simples": 1, "concealed_hand": 1, "single_wait": 1}
    assert score_mcr_hand("222333444m567p88s", win_tile="8s", win="discard", discarder="S").points == 45


def test_mcr_7_1_non_repeat_a_fan_a_bigger_one_contains_is_not_counted_again() -> None:
    """MCR-7.1: Big Four Winds already is All Pungs, four wind pungs and the seat and prevailing
    winds; Full Flush already has No Honors."""
    winds = _fans(hand="111222333444z55m", win_tile="5m", seat="E")
    assert winds["big_four_winds"] == 1
    assert not {"all_pungs", "pung_of_terminals_or_honors", "seat_wind", "prevalent_wind", "big_three_winds"} & set(winds)
    flush = _fans(hand="11223399m", win_tile="9m", win="discard", discarder="S", melds=["pung 555m", "chow 789m"])
    assert flush["full_flush"] == 1 and "no_honors" not in flush


def test_mcr_7_3_non_identical_a_group_makes_the_same_fan_once() -> None:
    """MCR-7.3: in 112233m 123p the two 123m chows make Pure Double Chow; the 123p chow makes
    Mixed Double Chow with one of them, not again with the other (one Mixed Double Chow)."""
    fans = _fans(hand="112233m123p456s99p", win_tile="9p", win="discard", discarder="S")
    assert (fans["pure_double_chow"], fans["mixed_double_chow"]) == (1, 1)


def test_mcr_8_3_payments_count_the_flowers_in_the_total() -> None:
    """MCR-8.3: the flowers (MCR-6.13) are in the total the others pay, though not in the 8
    points needed to win (MCR-5.1): 20 points and two flowers self-drawn, each pays 22 + 8."""
    bare = score_mcr_hand("123456789m11z", win_tile="1z", seat="W", melds=["pung 111p"])
    assert (bare.points, bare.payments) == (20, (-28, -28, 84, -28))
    flowers = score_mcr_hand("123456789m11z", win_tile="1z", seat="W", melds=["pung 111p"], flowers=[2, 3])
    assert (flowers.points, flowers.fan_points) == (22, 20)
    assert flowers.payments == (-30, -30, 90, -30)


def test_mcr_8_1_self_drawn_each_pays_total_plus_8() -> None:
    r = score_mcr_hand("888m345567p123s66s", win_tile="1s", seat="W", flowers=[2])
    assert r.points == 6  # Fully Concealed Hand 4, No Honors 1, one flower
    assert r.payments == (0, 0, 0, 0)  # under 8 without flowers: no win, nobody pays
    r = score_mcr_hand("123456789m111p11z", win_tile="1z", seat="W", flowers=[2])
    assert r.points == 24 and r.winning
    assert r.payments == (-32, -32, 96, -32)


def test_mcr_8_2_discarder_pays_total_plus_8_others_8() -> None:
    assert mcr_payments(10, 1, 3) == (-8, 34, -8, -18)
    assert mcr_payments(10, 0, None) == (54, -18, -18, -18)


def test_mcr_5_1_under_eight_points_is_not_a_win_and_flowers_do_not_count() -> None:
    r = score_mcr_hand("345567p123s66s", win_tile="1s", melds=["pung 888m"], flowers=[1, 2, 3, 4], seasons=[1, 2, 3])
    assert r.fan_points == 2 and r.points == 9
    assert not r.winning and "MCR-5.1" in r.reason
    d = r.to_dict()
    assert d["winning"] is False and "8" in str(d["reason"])


def test_mcr_6_39_chicken_hand_only_when_nothing_else_and_flowers_do_not_cancel_it() -> None:
    assert _fans(
        hand="345p567s22z", win_tile="5s", win="discard", discarder="S", melds=["chow 123m", "pung 888p"], flowers=[1]
    ) == {
        "chicken_hand": 1,
        "flower_tiles": 1,
    }


def test_mcr_7_4_account_once_two_sets_of_three_linked_chows() -> None:
    """234567s234567p: two Mixed Double Chows and one Short Straight, not two of each."""
    fans = _fans(hand="234567p234567s55m", win_tile="2p", win="discard", discarder="S")
    assert fans["mixed_double_chow"] + fans.get("short_straight", 0) == 3
    assert fans["mixed_double_chow"] == 2


def test_mcr_7_4_fourth_chow_adds_one_two_chow_fan_to_a_three_chow_fan() -> None:
    fans = _fans(hand="123456789m123p55s", win_tile="3p", win="discard", discarder="S")
    assert fans["pure_straight"] == 1 and fans["mixed_double_chow"] == 1
    assert "short_straight" not in fans  # the straight's own chows are not re-read (MCR-7.2)


def test_mcr_7_1_non_repeat_big_four_winds_is_not_also_all_pungs_or_wind_pungs() -> None:
    fans = _fans(hand="55m444z", win_tile="4z", win="discard", discarder="S", melds=["pung 111z", "pung 222z", "pung 333z"])
    assert "all_pungs" not in fans and "prevalent_wind" not in fans and "big_three_winds" not in fans


def test_mcr_6_15_6_16_a_pung_of_seat_and_prevailing_wind_scores_both_and_no_terminal_pung() -> None:
    fans = _fans(hand="345567p123s66s", win_tile="1s", win="discard", discarder="S", melds=["pung 111z"])
    assert fans["prevalent_wind"] == 1 and fans["seat_wind"] == 1
    assert "pung_of_terminals_or_honors" not in fans


def test_mcr_6_6_6_22_melded_and_concealed_kong_score_both() -> None:
    fans = _fans(hand="456789m11z", win_tile="1z", melds=["kong 1111m", "ckong 2222m"])
    assert fans["melded_kong"] == 1 and fans["concealed_kong"] == 1


def test_mcr_6_21_pung_completed_on_a_discard_is_exposed_unless_read_in_a_chow() -> None:
    on_discard = _fans(hand="222m555p888s345m11z", win_tile="8s", win="discard", discarder="S")
    assert "two_concealed_pungs" in on_discard and "three_concealed_pungs" not in on_discard
    self_drawn = _fans(hand="222m555p888s345m11z", win_tile="8s")
    assert "three_concealed_pungs" in self_drawn
    in_chow = _fans(hand="222m555p888s345m11z", win_tile="5m", win="discard", discarder="S")
    assert "three_concealed_pungs" in in_chow


def test_mcr_6_27_last_tile_automatic_when_own_exposed_groups_hold_the_other_three() -> None:
    fans = _fans(hand="678p567s22s", win_tile="5s", win="discard", discarder="S", melds=["pung 555s", "chow 123m"])
    assert fans["last_tile"] == 1


def test_mcr_6_55_seven_pairs_with_four_of_a_kind_scores_tile_hog() -> None:
    fans = _fans(hand="1111m3355p2244s66z", win_tile="6z")
    assert fans["seven_pairs"] == 1 and fans["tile_hog"] == 1


def test_mcr_7_6_seven_pairs_hand_read_as_four_groups_when_that_scores_more() -> None:
    r = score_mcr_hand("111122223333m55m", win_tile="5m")
    assert r.shape == "standard"
    assert "quadruple_chow" in {i.id for i in r.items} and "seven_pairs" not in {i.id for i in r.items}
    lower = score_mcr_hand("112233m112233p55s", win_tile="5s")
    assert lower.shape == "seven_pairs"  # 24 + 1 beats two Pure Double Chows and a Mixed Double Chow


def test_score_json_mcr_fields_and_errors() -> None:
    ctx = {"seat": "E", "prevailing": "E"}  # required under every ruleset
    ok = score_json_mcr(
        {"hand": "456789m55m", "win_tile": "4m", "win": "discard", "discarder": "S", "melds": ["chow 123m", "pung 222z"], **ctx}
    )
    assert ok["valid"] is True and ok["points"] == 23 and ok["winning"] is True
    assert ok["items"][0] == {
        "id": "pure_straight",
        "name": "Pure Straight",
        "name_fr": "Grande Suite Pure",
        "points": 16,
        "count": 1,
    }
    assert ok["payments"] == {"E": 47, "S": -31, "W": -8, "N": -8}
    for bad, words in (
        ([], "JSON object"),
        ({"hand": "123m", **ctx}, "win_tile"),
        ({"hand": "123456789m111p11z", "win_tile": "1z", "win": "self_draw", **ctx, "flags": ["riichi"]}, "unknown flag"),
        ({"hand": "123456789m111p12z", "win_tile": "1z", "win": "self_draw", **ctx}, "no winning shape"),
        ({"hand": "123456789m111p11z", "win_tile": "1z", "win": "self_draw", **ctx, "flags": ["kong_replacement"]}, "no kong"),
        ({"hand": "123456789m111p11z", "win_tile": "1z", "win": "self_draw", **ctx, "flags": ["final_discard"]}, "discard"),
        (
            {"hand": "123456789m111p11z", "win_tile": "1p", "win": "discard", "discarder": "S", **ctx, "flags": ["last_of_kind"]},
            "last of its kind",
        ),
        ({"hand": "123456789m111p11z", "win_tile": "1z", "win": "self_draw", **ctx, "flowers": [5]}, "1-4"),
    ):
        out = score_json_mcr(bad)
        assert out["valid"] is False and words in out["error"], (bad, out)


def test_score_mcr_rejects_a_malformed_meld_built_in_python() -> None:
    win = Win(concealed=tuple(tile(t) for t in ("1z", "1z")), win_tile=tile("1z"), melds=(Meld("chow", 7),) * 4)
    with pytest.raises(InvalidHand, match="meld"):
        score_mcr(win)


def test_cli_score_rules_mcr_json_lines_and_tables(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    request = {
        "hand": "456789m55m",
        "win_tile": "4m",
        "win": "discard",
        "discarder": "S",
        "seat": "E",
        "prevailing": "E",
        "melds": ["chow 123m", "pung 222z"],
    }
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(request) + "\nnot json\n"))
    assert main(["score", "--rules", "mcr"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert json.loads(lines[0])["points"] == 23
    assert json.loads(lines[1])["valid"] is False
    assert (
        main(
            [
                "score",
                "456789m55m",
                "--win",
                "4m",
                "--from",
                "S",
                "--meld",
                "chow 123m",
                "--meld",
                "pung 222z",
                "--rules",
                "mcr",
                "--lang",
                "fr",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Grande Suite Pure" in out and "Main Propre" in out and "+47" in out
    # under 8 points: the table says why, and the exit status is 1 as for any hand that is not a win
    assert main(["score", "345567p123s66s", "--win", "1s", "--meld", "pung 888m", "--rules", "mcr"]) == 1
    assert "not a winning hand" in capsys.readouterr().out
    assert main(["score", "345567p123s66s", "--win", "1s", "--rules", "mcr", "--option", "minfan=3"]) == 2
    assert main(["score", "123m", "--win", "1m", "--rules", "mcr"]) == 1
    assert "concealed tiles" in capsys.readouterr().err


MCR_PAGE = (Path(__file__).resolve().parents[2] / "docs" / "rules-mcr.md").read_text(encoding="utf-8")


def test_mcr_6_27_6_43_robbing_the_kong_contains_last_tile_and_the_page_says_why() -> None:
    """MCR-6.27, MCR-6.43 Ruling: the seed's note under Last Tile ("les points pour Voler un Kong
    ne sont pas ajoutés") is read as the official rules read it: Robbing the Kong (8) scores and
    Last Tile (4) is not added, with or without the flag; the page states the reading and why, as
    it must where it departs from the seed's words. A concealed hand that robs keeps Concealed Hand."""
    for flags in (frozenset(), frozenset({"last_of_kind"})):
        fans = _fans(hand="123456789m123p77s", win_tile="3p", win="robbed_kong", discarder="S", flags=flags)
        assert fans["robbing_the_kong"] == 1 and fans["concealed_hand"] == 1
        assert "last_tile" not in fans
    assert "**MCR-6.27, 6.43 Ruling** (Last Tile and Robbing the Kong)" in MCR_PAGE
    assert "«\u00a0Voler un Kong\u00a0» (n°43) ne sont pas ajoutés" in MCR_PAGE


def test_mcr_6_5_6_14_a_dragon_pung_scores_dragon_pung_only_and_the_page_says_why() -> None:
    """MCR-6.5, MCR-6.14 Ruling: the seed's Pung of Terminals or Honors names every honour; a
    dragon pung scores Dragon Pung instead (one Red pung here: Dragon Pung 1, no 6.5), and the page
    says so where it narrows the seed."""
    fans = _fans(hand="123m456p789s55s", win_tile="5s", melds=["pung 777z"], win="discard", discarder="S")
    assert fans.get("dragon_pung") == 1 and "pung_of_terminals_or_honors" not in fans
    assert "**MCR-6.5, 6.14 Ruling** (dragons)" in MCR_PAGE


@pytest.mark.parametrize(("rule", "fan"), [("MCR-6.36", "reversible_tiles"), ("MCR-6.77", "all_green")])
def test_mcr_6_36_6_77_the_page_lists_the_tiles_the_scorer_allows(rule: str, fan: str) -> None:
    """MCR-6.36, MCR-6.77: seed 001 lists the reversible tiles ("1,2,3,4,5,8 et 9 Cercles, les
    2,4,5,6,8 et 9 Bambous et le Dragon Blanc") and the green ones; the page's definition names the
    same tiles, and they are exactly those the scorer lets the fan have. The page said only "tiles
    that look the same upside down", so a reader could not check the scorer against the seed."""
    row = next(line for line in MCR_PAGE.splitlines() if line.startswith(f"| {rule} |"))
    definition = row.split("|")[4]
    suits = {"circles": "p", "bamboo": "s", "characters": "m"}
    honours = {"White dragon": "5z", "Green dragon": "6z", "Red dragon": "7z"}
    listed = set()
    for digits, suit in re.findall(r"((?:\d )*\d) (circles|bamboo|characters)", definition):
        listed |= {tile(d + suits[suit]) for d in digits.split()}
    listed |= {tile(t) for name, t in honours.items() if name in definition}
    within = next(f.within for f in MCR_FANS if f.id == fan)
    assert listed == {t for t in range(34) if within >> t & 1}, definition


@pytest.mark.parametrize(("flag", "en", "fr"), [("heavenly", "a heavenly hand", "main du ciel"), ("earthly", "an earthly hand", "main de la terre")])
def test_mcr_5_5_a_blessing_flag_is_refused_naming_the_rule_that_scores_no_such_hand(flag: str, en: str, fr: str) -> None:
    """MCR-5.5 Ruling: the heavenly and earthly hands of other tables are not among the 81 fans. A
    request flagging one is refused with that reason and its rule, in English and French; it was
    answered "unknown flag 'heavenly' for MCR", as if the word meant nothing, with no rule named."""
    from hkmj.score_words import error_in

    out = score_json_mcr({"hand": "123456789m111p11z", "win_tile": "1z", "win": "self_draw", "seat": "E", "prevailing": "E", "flags": [flag]})
    assert out["valid"] is False
    assert out["error"] == f"flag '{flag}': MCR does not score {en}, which is not among its 81 fans (MCR-5.5): leave the flag out"
    assert error_in(out["error"], "fr") == (
        f"le drapeau «\u00a0{flag}\u00a0»\u00a0: le MCR ne compte pas de {fr}, absente de ses 81 fans (MCR-5.5)\u00a0: retirez le drapeau"
    )
    with pytest.raises(InvalidHand, match=r"\(MCR-5\.5\)"):
        score_mcr_hand("123456789m111p11z", win_tile="1z", flags=[flag, "last_wall_tile"])
    page = " ".join(MCR_PAGE.split())
    assert "are not among the 81 fans and are not scored. `hkmj score --rules mcr` answers the Hong Kong flags" in page
    assert "\"flag 'heavenly': MCR does not score a heavenly hand, which is not among its 81 fans (MCR-5.5): leave the flag out\"" in page


def test_mcr_6_13_the_pages_list_of_fans_that_repeat_names_flower_tiles() -> None:
    """MCR-6, MCR-6.13: the page says each fan is scored "times its count when it can repeat" and
    lists those fans; Flower Tiles, whose row says "each flower or season" and which the scorer
    counts once per flower (three flowers: Flower Tiles ×3), was missing from the list. Every fan
    the scorer counts more than once in these hands is on the list."""
    sentence = MCR_PAGE.split("times its count when it can repeat (", 1)[1].split(")", 1)[0]
    listed = {int(n) for n in re.findall(r"6\.(\d+)", sentence)}
    if "MCR-6.1 to 6.4" in sentence:
        listed |= {1, 2, 3, 4}
    hands = [
        {"hand": "123456789m111p11z", "win_tile": "1z", "flowers": [1, 2], "seasons": [3]},
        {"hand": "123m123m123p123s55z", "win_tile": "5z"},
        {"hand": "111m999p111s123s11z", "win_tile": "1z"},
    ]
    repeated = set()
    for hand in hands:
        out = score_json_mcr({"win": "self_draw", "seat": "E", "prevailing": "E", **hand})
        repeated |= {next(f.number for f in MCR_FANS if f.id == i["id"]) for i in out["items"] if i["count"] > 1}
    assert 13 in repeated and repeated <= listed, (repeated, sentence)
