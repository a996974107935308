"""MCR play through ruleset hooks (issue 11): wall, 8-point minimum, dead hand, rotation, records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hkmj.bots import make_bot
from hkmj.cli import main
from hkmj.engine import WIN, Kong, Match, Phase, play_match
from hkmj.engine.testing import QUIET, act, play_quietly, stacked_hand
from hkmj.record import describe_all, read_record, replay
from hkmj.rulesets import get_ruleset
from hkmj.rulesets.mcr import ROUND_SEATS
from hkmj.tiles import parse_tiles, tile

MCR = get_ruleset("mcr")
# East is dealt a complete 7-point hand (fully concealed, all chows, single wait): under 8
UNDER_EIGHT = ["123m234m567p345s99s", *QUIET[1:]]


def test_mcr_no_dead_wall_every_tile_is_played() -> None:
    """Seed 001: no dead wall; 144 - 53 dealt tiles make the wall, replacements come from its end."""
    hand = stacked_hand(["1111m234p567p99s56s", QUIET[1], QUIET[2], "47m258p369s23456z"], replacements="7s", rules=MCR)
    assert hand.dead_count == 0 and hand.live_count == 144 - 53
    end = hand.live_wall()[-1]
    assert end == tile("7s")
    events = act(hand, "E concealed kong 1m")
    repl = next(e for e in events if e["type"] == "replacement")
    assert repl["tile"] == "7s" and repl["dead"] == 0 and repl["live"] == 144 - 53 - 1
    play_quietly(hand)
    assert hand.over and sum(hand.census()) == 144 and hand.live_count == 0


def test_mcr_8_point_minimum_no_mahjong_offered_under_eight() -> None:
    """MCR-5.1: a complete hand under 8 points (flowers excluded) is not offered Mahjong."""
    hand = stacked_hand(UNDER_EIGHT, rules=MCR)
    assert WIN not in hand.legal_actions(0) and hand.can_declare_mahjong(0)
    hk = stacked_hand(UNDER_EIGHT)
    assert hk.legal_actions(0)[0] == WIN  # any complete hand wins in Hong Kong (HK-6)


def test_mcr_false_mahjong_dead_hand_plays_on() -> None:
    """Seed 001: a false Mahjong makes a dead hand: the penalty is paid, play goes on, no more wins or claims."""
    hand = stacked_hand(UNDER_EIGHT, rules=MCR)
    events = act(hand, "E mahjong")
    false = events[0]
    assert false["type"] == "false_mahjong" and false["dead_hand"] and false["action"] == "mahjong"
    assert "7 points without flowers" in false["reason"] and "at least 8" in false["reason"]
    assert false["payments"] == [-30, 10, 10, 10]
    assert not hand.over and hand.phase is Phase.TURN and hand.turn == 0 and hand.dead_hands[0]
    assert not hand.can_declare_mahjong(0) and WIN not in hand.legal_actions(0)
    act(hand, "E discard 9s")
    while not hand.over:  # East never gets an offer again, and the hand ends by itself
        if hand.phase is not Phase.TURN:
            assert 0 not in hand.pending()
        play_quietly(hand, 1)
    assert hand.result is not None and hand.result.kind == "draw"
    assert hand.result.payments == (-30, 10, 10, 10)  # the penalty stays in the hand's payments
    assert hand.events[-1]["payments"] == [-30, 10, 10, 10]
    assert not hand.result.dealer_keeps  # MCR: the deal always passes


def test_mcr_win_pays_points_plus_eight() -> None:
    """MCR-8: self-drawn, each other player pays points + 8."""
    rich = ["123m456m789m123p55m", *QUIET[1:]]  # pure straight (16), fully concealed…
    hand = stacked_hand(rich, rules=MCR)
    assert hand.legal_actions(0)[0] == WIN
    win = act(hand, "E mahjong")[0]
    assert win["fan_points"] >= 8 and "points" in win and "fan" not in win
    p = win["points"]
    assert win["payments"] == [3 * (p + 8), -(p + 8), -(p + 8), -(p + 8)]
    assert {i["id"] for i in win["items"]} >= {"pure_straight"}


def test_mcr_match_is_16_hands_with_seat_changes_each_round() -> None:
    """MCR: the deal passes every hand (16 hands, four per wind); players change seats at each round."""
    bots = [make_bot("greedy", i) for i in range(4)]
    result = play_match(bots, 11, rules=MCR)
    assert len(result.hands) == 16 and sum(result.totals) == 0
    starts = [e for e in result.events if e["type"] == "hand_start"]
    assert [e["prevailing"] for e in starts] == [w for w in "ESWN" for _ in range(4)]
    assert all(e["rules"] == "mcr" for e in starts)
    match = Match(11, rules=MCR)
    first = [match.player_at(s) for s in range(4)]
    for r in range(4):
        match.rotations = 4 * r
        assert [match.player_at(s) for s in range(4)] == [first[ROUND_SEATS[r][s]] for s in range(4)]
        assert all(match.seat_of(match.player_at(s)) == s for s in range(4))
    for e in result.events:
        if e["type"] == "win":
            assert e["fan_points"] >= 8  # MCR-5.1 at every declaration


def test_mcr_records_replay_and_show(tmp_path: Path) -> None:
    bots = [make_bot("greedy", i) for i in range(4)]
    events = play_match(bots, 4, length="hands", hands=4, rules=MCR).events
    assert events[0]["rules"] == "mcr" and events[0]["options"] == {}
    path = tmp_path / "mcr.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    recorded = read_record(path)
    assert replay(recorded).ok
    text = "\n".join(describe_all(recorded, "fr"))
    assert "Règles officielles chinoises (MCR)" in text


def test_cli_mcr_simulate_and_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rules", "mcr", "--hands", "8", "--quiet", "--bots", "greedy,greedy,greedy,greedy"]) == 0
    assert "Chinese Official (MCR)" in capsys.readouterr().out
    assert main(["score", "--rules", "mcr", "123m456m789m123p55m", "--win", "5m", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules"] == "mcr" and out["winning"] is True
    assert main(["score", "--rules", "mcr", "123m234m567p345s99s", "--win", "9s"]) == 1
    assert "not a winning hand (MCR-5.1)" in capsys.readouterr().out
    assert main(["score", "--rules", "mcr", "--option", "minfan=3", "11m", "--win", "1m"]) == 2
    assert "unknown option 'minfan': mcr rules have no house options" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("rules", "says", "never"),
    [("mcr", "average points", "limit hands"), ("classical", "average score", "average points"), ("hk", "average fan", "average points")],
)
def test_simulate_summary_speaks_the_rulesets_words(rules: str, says: str, never: str, capsys: pytest.CaptureFixture[str]) -> None:
    """MCR-6: the 81 fans have no limit hands, so an MCR summary counts none (it said "limit
    hands 0"); CL-5: the classical winner's score (points × 2^doubles) is averaged as a score,
    not as points; Hong Kong keeps its fan and limit hands (HK-6)."""
    assert main(["simulate", "--rules", rules, "--hands", "4", "--seed", "3", "--quiet", "--bots", "greedy,greedy,greedy,greedy"]) == 0
    out = capsys.readouterr().out
    assert says in out and never not in out


@pytest.mark.parametrize(("lang", "line"), [("en", "average points    {} per win, flowers not counted"), ("fr", "points en moyenne   {} par victoire, fleurs non comptées")])
def test_mcr_summary_average_says_the_flowers_are_left_out(lang: str, line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """MCR-5.1: the summary's "average points" is the winners' points without flowers (the win
    event's ``fan_points``); the record's ``points`` of each win counts the flowers (MCR-6 flower
    tiles), so a referee averaging the record's ``points`` found a larger figure than the summary
    and nothing on screen said why. The line now says the flowers are not counted."""
    rec = tmp_path / "m.jsonl"
    argv = ["simulate", "--rules", "mcr", "--hands", "6", "--seed", "1", "--quiet", "--bots", "greedy,greedy,greedy,greedy", "--record", str(rec), "--lang", lang]
    assert main(argv) == 0
    out = capsys.readouterr().out
    wins = [e for e in map(json.loads, rec.read_text().splitlines()) if e["type"] == "win"]
    without = sum(w["fan_points"] for w in wins) / len(wins)
    assert without != sum(w["points"] for w in wins) / len(wins)  # a winner held flowers: the two averages differ
    figure = f"{without:.2f}" if lang == "en" else f"{without:.2f}".replace(".", ",")
    assert line.format(figure) in out.splitlines()


def test_mcr_no_kong_once_the_wall_is_empty() -> None:
    """MCR-3.3 ruling: a kong needs a replacement, so none is offered once the wall is empty."""
    fours = ["1111m234p567p99s56s", "2222m58p369s1234z", "3333m147p258s567z", "4444m369p147s123z"]
    hand = stacked_hand(fours, rules=MCR)
    assert any(isinstance(a, Kong) for a in hand.legal_actions(0))
    play_quietly(hand, until_live=0)
    if not hand.over:
        assert hand.live_count == 0 and not any(isinstance(a, Kong) for a in hand.legal_actions(hand.turn))
    hk = stacked_hand(fours)
    play_quietly(hk, until_live=0)
    assert hk.over or any(isinstance(a, Kong) for a in hk.legal_actions(hk.turn))  # the dead wall still replaces


def test_mcr_5_2_4_honours_and_knitted_is_offered_dealt_or_on_a_discard() -> None:
    """MCR-5.2.4: fourteen different tiles, honours and one knitted straight's tiles, win; the
    engine offers Mahjong on them (it did not: only Hong Kong's shapes were read). Not in Hong Kong."""
    dealt = ["147m258p369s12345z", *QUIET[1:]]
    assert stacked_hand(dealt, rules=MCR).legal_actions(0)[0] == WIN
    assert WIN not in stacked_hand(dealt).legal_actions(0)
    # South waits on 5z, 6z or 7z; East discards 5z
    on_discard = ["123m456p789s11z57z9m", "258m369p147s1234z", QUIET[2], QUIET[3]]
    hand = stacked_hand(on_discard, rules=MCR)
    assert WIN not in hand.legal_actions(0)
    act(hand, "E discard 5z")
    assert WIN in hand.legal_actions(1)
    win = act(hand, "S mahjong")
    done = next(e for e in win if e["type"] == "win")
    assert done["seat"] == 1 and done["from"] == 0 and done["points"] >= 8
    assert {i["id"] for i in done["items"]} >= {"lesser_honors_and_knitted_tiles"}
    hk = stacked_hand(on_discard)
    act(hk, "E discard 5z")
    assert WIN not in hk.legal_actions(1)


def test_mcr_5_2_5_knitted_straight_with_a_group_and_a_pair_wins_self_drawn() -> None:
    """MCR-5.2.5: a knitted straight plus a group and a pair; East is dealt it."""
    hand = stacked_hand(["147m258p369s123m11z", *QUIET[1:]], rules=MCR)
    assert hand.legal_actions(0)[0] == WIN
    assert WIN not in stacked_hand(["147m258p369s123m11z", *QUIET[1:]]).legal_actions(0)


def test_cl_6_simulate_names_the_limit_hands(capsys: pytest.CaptureFixture[str]) -> None:
    """CL-6 / HK-6: the summary's limit hands are named as the rules page names them ("Seven
    pairs 7"), not by their ids ("seven_pairs 7")."""
    assert main(["simulate", "--rules", "classical", "--hands", "300", "--seed", "3", "--quiet", "--bots", "greedy,greedy,random,random"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("limit hands"))
    assert "Seven pairs" in line and "_" not in line, line


def test_mcr_3_3_a_flower_as_a_kongs_replacement_and_the_walls_last_tile_then_a_discard() -> None:
    """MCR-3.3 ruling: N declares a concealed kong with one tile left in the wall; its
    replacement, that last tile, is a flower: exposed, not replaced, and N then discards from a
    hand one tile short, the final discard (Mahjong only); nobody wins it and the hand is drawn
    when E is due to draw. The hand used to end at the flower, N never discarding and the others
    never offered that final discard, its `exhaustive_draw` naming N, who was not due to draw."""
    hands = ["1111m234p567s1239s", "2222m567p128s456z", "3333m189p349s477z", "4444m126p267s556z"]
    # seven flowers drawn first take seven replacements from the wall's end: 1f is then its last tile
    hand = stacked_hand(hands, draws="2f3f4f5f6f7f8f", replacements="9m9m9m9m8m8m8m1f", rules=get_ruleset("mcr"))

    play_quietly(hand, until_live=1)
    assert hand.turn == 3
    events = act(hand, "N concealed kong 4m")
    assert [e["type"] for e in events] == ["kong", "replacement", "bonus"]
    assert (events[1]["tile"], events[1]["live"], events[2]["tile"]) == ("1f", 0, "1f")
    assert hand.phase is Phase.TURN and hand.turn == 3
    legal = hand.legal_actions(3)
    assert legal and all(str(a).startswith("discard") for a in legal)  # no win, no kong
    discard = act(hand, "N discard 5z")[0]
    assert discard["final"] and all(o is None or o == ["pass", "mahjong"] for o in discard["offers"])
    play_quietly(hand)  # every claim passed: nobody wins the final discard
    assert [e["type"] for e in hand.events[-2:]] == ["exhaustive_draw", "hand_end"]
    assert hand.events[-2]["seat"] == 0  # E, after N, is due to draw
    assert hand.events[-1]["result"] == "draw"


def test_mcr_4_2_two_wins_on_one_discard_go_to_the_first_after_the_discarder_whatever_the_worth() -> None:
    """MCR-4.2 Ruling (seed: "le premier joueur situé après le donneur (quel que soit le score)"):
    E discards 5s; W (Pure Straight, a few dozen points) and N (Nine Gates, 88) both claim it to
    win: W, first after E in play order, wins alone, though N's hand is worth more. The page
    states the "whatever the score" of the seed."""
    hands = ["147m258p369s1234z5s", "258m369p147s1234z", "123456789m123p5s", "1112345678999s"]
    hand = stacked_hand(hands, rules=MCR)
    ev = act(hand, "E discard 5s")[0]
    assert ev["offers"] == [None, None, ["pass", "mahjong"], ["pass", "mahjong"]]
    act(hand, "N mahjong")
    events = act(hand, "W mahjong")
    claim = next(e for e in events if e["type"] == "claim")
    assert (claim["seat"], claim["claim"], claim["answers"]) == (2, "mahjong", [None, None, "mahjong", "mahjong"])
    win = next(e for e in events if e["type"] == "win")
    assert win["seat"] == 2 and win["from"] == 0
    assert "nine_gates" not in [i["id"] for i in win["items"]] and win["points"] < 88
    page = (Path(__file__).resolve().parents[2] / "docs" / "rules-mcr.md").read_text(encoding="utf-8")
    assert "\"quel que soit le score\": whatever either hand is worth" in " ".join(page.split())


def test_mcr_6_12_6_42_a_flowers_replacement_wins_self_drawn_unless_a_kong_brought_the_flower() -> None:
    """MCR-6.12, MCR-6.42 Ruling: S draws a flower from the wall and wins on its replacement:
    Self-Drawn's hand (here Fully Concealed Hand), never Out with Replacement Tile. E declares a
    concealed kong, its replacement is a flower, and the flower's replacement wins: Out with
    Replacement Tile, as the records flag it. The page said only that a win on a flower's
    replacement is self-drawn, which the second case contradicted."""
    quiet = ["369m147p258s1567z", "147m258p369s2346z"]
    hand = stacked_hand(["147m258p369s12345z", "123456789m78s55z", *quiet], draws="1f", replacements="9s", rules=MCR)
    act(hand, "E discard 1z")
    assert [e["for"] for e in act(hand, "N pass") if e["type"] == "replacement"] == ["bonus"]
    win = next(e for e in act(hand, "S mahjong") if e["type"] == "win")
    ids = [i["id"] for i in win["items"]]
    assert win["flags"] == [] and "fully_concealed_hand" in ids and "out_with_replacement_tile" not in ids
    hand = stacked_hand(["9999p123m456m78s55z", "258m367p147s1234z", *quiet], replacements="1f9s", rules=MCR)
    assert [e["for"] for e in act(hand, "E concealed kong 9p") if e["type"] == "replacement"] == ["kong", "bonus"]
    win = next(e for e in act(hand, "E mahjong") if e["type"] == "win")
    assert win["flags"] == ["kong_replacement"] and "out_with_replacement_tile" in [i["id"] for i in win["items"]]
    page = " ".join((Path(__file__).resolve().parents[2] / "docs" / "rules-mcr.md").read_text(encoding="utf-8").split())
    assert "**MCR-6.12, 6.42 Ruling** (a kong's replacement that is a flower" in page


def test_mcr_3_5_a_kongs_replacement_that_empties_the_wall_is_last_tile_draw_and_out_with_replacement() -> None:
    """MCR-3.5 Ruling (MCR-6.40, MCR-6.42): MCR has no dead wall, so a kong's replacement taken
    as the wall's last tile is the last tile of the wall; a win on it scores Last Tile Draw and
    Out with Replacement Tile, as the official fan calculator (PyMahjongGB) does, and the record
    flags both. The engine applied Hong Kong's R-2 (a replacement comes from the dead wall) and
    flagged only `kong_replacement`: 8 points short."""
    hands = ["1111m234p567s1239s", "2222m567p128s456z", "444m123p567s789s5z", "3333m189p349s477z"]
    # the eight flowers drawn first take eight replacements from the wall's end; W's draw with
    # one tile left is its fourth 4m, and the kong's replacement, the wall's last tile, is 5z
    draws = [*parse_tiles("2f3f4f5f6f7f8f1f"), *[None] * 73, *parse_tiles("4m")]
    hand = stacked_hand(hands, draws=draws, replacements="9m9m9m9m8m8m8m7m5z", rules=get_ruleset("mcr"))
    play_quietly(hand, until_live=1)
    assert hand.turn == 2 and hand.last_tile == tile("4m")
    replacement = act(hand, "W concealed kong 4m")[-1]
    assert (replacement["type"], replacement["for"], replacement["tile"], replacement["live"]) == ("replacement", "kong", "5z", 0)
    win = next(e for e in act(hand, "W mahjong") if e["type"] == "win")
    assert win["flags"] == ["last_wall_tile", "kong_replacement"]
    ids = [i["id"] for i in win["items"]]
    assert "last_tile_draw" in ids and "out_with_replacement_tile" in ids
    page = " ".join((Path(__file__).resolve().parents[2] / "docs" / "rules-mcr.md").read_text(encoding="utf-8").split())
    assert "5. **Ruling** (the wall's last tile is a replacement" in page


def test_mcr_5_2_2_seven_pairs_with_four_alike_wins_on_a_discard_and_on_the_deal() -> None:
    """MCR-5.2.2 Ruling, MCR-6.55, MCR-6.19: four identical tiles may count as two pairs. S holds
    222m 77m 33s 77s 88s 33z and E discards the fourth 2 Characters: S is offered Mahjong and wins
    Seven Pairs with Tile Hog, as `hkmj score --rules mcr` scores it (27 points). The engine looked
    for Hong Kong's seven distinct pairs (HK-5.3) only: S was not offered Mahjong, and a
    declaration was refused at a teaching table, or made S's hand dead with 30 points paid."""
    hand = stacked_hand(["2589m369p147s1234z", "222m77m337788s33z", QUIET[2], QUIET[3]], rules=MCR)
    offers = act(hand, "E discard 2m")[0]["offers"]
    assert offers[1] is not None and "mahjong" in offers[1]
    win = next(e for e in act(hand, "S mahjong") if e["type"] == "win")
    assert (win["seat"], win["win"], win["points"]) == (1, "discard", 27)
    assert {"seven_pairs", "tile_hog"} <= {i["id"] for i in win["items"]}
    dealt = stacked_hand(["2222m77m337788s33z", "589m369p147s1234z", QUIET[2], QUIET[3]], rules=MCR)
    assert WIN in dealt.legal_actions(0)  # East's dealt hand: seven pairs, the four 2m as two
    assert next(e for e in act(dealt, "E mahjong") if e["type"] == "win")["win"] == "self_draw"


def test_mcr_5_7_east_wins_on_his_dealt_hand_self_drawn_on_the_last_tile_he_received() -> None:
    """MCR-5.7 Ruling: East may declare Mahjong on his 14 dealt tiles before his first discard. The
    win is self-drawn (Fully Concealed Hand, MCR-6.25, which includes Self-Drawn, MCR-6.12), and its
    winning tile is the last tile East received, the wait fans read from it (MCR-6.9 to 6.11): the
    same fourteen tiles score Single Wait when a 5 Circles came last, Edge Wait when the 3 Circles
    did, and with a flower dealt the winning tile is the flower's replacement. The rules page said
    only that a win comes on a draw, a replacement or another player's tile (MCR-5.6)."""
    north = "258m369p147s2345z"
    for dealt, repl, last, wait in (
        ("123m456m789m123p55p", "", "5p", "single_wait"),
        ("123m456m789m55p123p", "", "3p", "edge_wait"),
        ("123m456m789m123p5p1f", "5p", "5p", "single_wait"),
    ):
        hand = stacked_hand([dealt, QUIET[1], QUIET[2], north], replacements=repl, rules=MCR)
        assert WIN in hand.legal_actions(0)
        win = next(e for e in act(hand, "E mahjong") if e["type"] == "win")
        assert (win["win"], win["tile"], win["flags"]) == ("self_draw", last, [])
        ids = {i["id"] for i in win["items"]}
        assert {"fully_concealed_hand", wait} <= ids and "self_drawn" not in ids
    # 7 points with the 9 Circles last (no unique wait): no win; 8 with the 3 Characters last (Edge Wait)
    under = stacked_hand(["123m567m234p678p99p", QUIET[1], QUIET[2], north], rules=MCR)
    assert WIN not in under.legal_actions(0)
    edge = stacked_hand(["12m567m234p678p99p3m", QUIET[1], QUIET[2], north], rules=MCR)
    win = next(e for e in act(edge, "E mahjong") if e["type"] == "win")
    assert (win["tile"], win["points"]) == ("3m", 8) and "edge_wait" in {i["id"] for i in win["items"]}


def test_mcr_5_4_a_dead_hands_mahjong_is_refused_with_its_reason() -> None:
    """MCR-5.4: a dead hand can no longer win or claim; declaring again is refused by naming that
    (was: "mahjong is not legal now", on its turn as in a claim window of a table that asks every seat)."""
    from hkmj.engine import IllegalAction

    hand = stacked_hand(UNDER_EIGHT, rules=MCR, ask_all=True)
    act(hand, "E mahjong")
    act(hand, "E discard 9s")
    window = turn = None
    while not hand.over and (window is None or turn is None):
        if hand.phase is not Phase.TURN and 0 in hand.pending() and window is None:
            with pytest.raises(IllegalAction) as refused:
                hand.apply(0, WIN)
            window = refused.value.reason
        if hand.phase is Phase.TURN and hand.turn == 0 and turn is None and hand.legal_actions(0):
            with pytest.raises(IllegalAction) as refused:
                hand.apply(0, WIN)
            turn = refused.value.reason
        play_quietly(hand, 1)
    for reason in (window, turn):
        assert reason is not None and "dead" in reason and "MCR-5.4" in reason, reason
        assert "not legal now" not in reason
