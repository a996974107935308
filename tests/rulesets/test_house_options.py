"""Hong Kong house options (docs/house-options.md) and the ruleset registry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hkmj.bots import make_bot
from hkmj.cli import main
from hkmj.engine import PASS, WIN, Hand, Match, Phase, play_match
from hkmj.engine.testing import act, script, stacked_hand
from hkmj.record import read_record, replay
from hkmj.rulesets import DEFAULT, RulesetError, from_header, get_ruleset, parse_option_args
from hkmj.rulesets.hong_kong import fan_table
from hkmj.scoring import HONG_KONG, win_from_json

# After a quiet first go-round E discards 5s; W holds 123m456m789m46s77z: a 2-fan win on 5s
# (all chows, no bonus tiles); N's 123p456p789p46s66z wins on it with 2 fan as well.
WINS = ["147m258p3569s1234z", "258m369p14557s34z", "123m456m789m46s77z", "123p456p789p46s66z"]
GO_ROUND = ["E discard 1z", "S discard 9s", "W discard 9m", "N discard 1s", "E discard 5s"]
DRAWS = "9s9m1s8p"
# R-9: the machine interface has no defaults for win, seat and prevailing
DRAGON_HAND = {"hand": "234s567p88m111z777z", "win_tile": "1z", "win": "discard", "discarder": "W", "seat": "S", "prevailing": "E"}
EIGHT_FAN = {
    "hand": "999m555z22m",
    "melds": ["pung 111m", "pung 555m"],
    "win_tile": "2m",
    "win": "discard",
    "discarder": "E",
    "seat": "S",
    "prevailing": "E",
}


def _go_round(hand: Hand) -> None:
    """Play GO_ROUND, passing every claim window on the way (tables with ``ask_all``)."""
    for line in GO_ROUND:
        while hand.phase is not Phase.TURN:
            hand.apply(hand.pending()[0], PASS)
        act(hand, line)


def _outcome(obj: dict[str, object], **options: str):  # type: ignore[no-untyped-def]
    return get_ruleset("hk", options).score(win_from_json(obj))


def test_registry_defaults_are_the_seed_rules() -> None:
    """The default ruleset is Hong Kong with the seed's table (HK-6) and no minimum (HK-6)."""
    assert DEFAULT is get_ruleset("hk") is get_ruleset("HK", {})
    assert dict(DEFAULT.options) == {"minfan": "0", "limit": "10", "table": "seed", "payment": "seed", "base": "1"}
    assert DEFAULT.table is HONG_KONG and not DEFAULT.value_checked  # type: ignore[attr-defined]
    assert DEFAULT.describe() == "Hong Kong" and get_ruleset("hk", {"minfan": "3"}).describe() == "Hong Kong (minfan=3)"
    assert from_header({}) is DEFAULT
    assert from_header({"rules": "hk", "options": {"minfan": "1"}}).options["minfan"] == "1"


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("xx", {}, "unknown ruleset 'xx'"),
        ("hk", {"minfan": "2"}, "option minfan='2': expected one of 0, 1, 3"),
        ("hk", {"limit": "9"}, "expected one of 8, 10, 13"),
        ("hk", {"colour": "red"}, "unknown option 'colour' for hk rules"),
        ("hk", {"base": "0"}, "option base=0: expected a whole number 1-1000"),
        ("hk", {"base": "lots"}, "expected a whole number"),
    ],
)
def test_unknown_or_invalid_option_is_a_clear_error(name: str, options: dict[str, str], message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        get_ruleset(name, options)


def test_option_arguments_parse_key_value() -> None:
    assert parse_option_args(["minfan=3", "table = half"]) == {"minfan": "3", "table": "half"}
    for bad in (["minfan"], ["=3"], ["minfan=1", "minfan=3"]):
        with pytest.raises(RulesetError):
            parse_option_args(bad)


def test_option_table_seed_is_the_hk6_table_and_extends_by_steps() -> None:
    """HK-6 table (4-7-10): the default reproduces it; limit 8 and 13 keep the steps."""
    assert fan_table("seed", 10) == (HONG_KONG.base_by_fan, HONG_KONG.limit_base)
    assert fan_table("seed", 8) == ((1, 2, 4, 8, 16, 16, 16, 32, 64), 64)
    assert fan_table("seed", 13)[1] == 128 and fan_table("seed", 13)[0][10:] == (64, 64, 64, 128)


def test_option_table_half_exponential() -> None:
    """``table=half``: doubling to 4 fan, then a half step between doublings (16, 24, 32, 48 …)."""
    assert fan_table("half", 10) == ((1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128), 128)
    assert fan_table("half", 13)[1] == 384 and fan_table("half", 8)[1] == 64


def test_option_table_doubling() -> None:
    """``table=doubling``: every fan doubles the base; the limit is 2 ** limit."""
    assert fan_table("doubling", 8) == ((1, 2, 4, 8, 16, 32, 64, 128, 256), 256)
    assert fan_table("doubling", 13)[1] == 8192


def test_option_limit_caps_the_fan() -> None:
    """``limit=8``: an 8-fan hand scores the limit base; by the seed it is a 7-9 fan hand (base 32)."""
    assert _outcome(EIGHT_FAN).value == 8 and _outcome(EIGHT_FAN).detail.base == 32
    assert _outcome(EIGHT_FAN, limit="8").detail.base == 64
    assert _outcome(EIGHT_FAN, limit="8", table="doubling").detail.base == 256
    assert _outcome(EIGHT_FAN, limit="13", table="doubling").detail.base == 256  # 2 ** 8 below the limit


def test_option_base_value_multiplies_every_base() -> None:
    """``base=N``: the table (and so every payment) is multiplied by N."""
    r = _outcome(DRAGON_HAND, base="5")
    assert r.detail.base == 40 and r.payments == (-40, 160, -80, -40)


def test_option_payment_half_shooter_discarder_pays_for_everyone() -> None:
    """``payment=half-shooter``: on a discard the discarder pays 4 × base, the others nothing."""
    assert _outcome(DRAGON_HAND, payment="half-shooter").payments == (0, 32, -32, 0)
    self_drawn = {**DRAGON_HAND, "win": "self_draw"}
    del self_drawn["discarder"]
    assert _outcome(self_drawn, payment="half-shooter").payments == _outcome(self_drawn).payments


def test_option_minfan_scoring_reports_why_not_winning() -> None:
    """``minfan=3``: a 1-fan hand is complete but not winning; a limit hand always wins."""
    one_fan = {"hand": "123m456p789s11z999m", "win_tile": "9m", "win": "discard", "discarder": "W", "seat": "S", "prevailing": "E"}
    r = _outcome(one_fan, minfan="3")
    assert not r.winning and "needs at least 3 fan" in r.reason
    assert _outcome(one_fan, minfan="1").winning
    orphans = {"hand": "19m19p19s12345677z", "win_tile": "7z", "win": "discard", "discarder": "W", "seat": "S", "prevailing": "E"}
    assert _outcome(orphans, minfan="3").winning
    out = get_ruleset("hk", {"minfan": "3"}).score_json(one_fan)
    assert out["winning"] is False and out["fan"] == 1
    assert "winning" not in DEFAULT.score_json(one_fan)



def test_option_minfan_a_hand_under_the_minimum_pays_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj score --option minfan=3`` on a 1-fan hand: ``winning: false`` and no payment, as an
    MCR hand under 8 points (a payment table for a hand nobody may win would be read as owed)."""
    one_fan = {"hand": "123m456p789s11z999m", "win_tile": "9m", "win": "discard", "discarder": "W", "seat": "S", "prevailing": "E"}
    out = get_ruleset("hk", {"minfan": "3"}).score_json(one_fan)
    assert out["winning"] is False and out["payments"] == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert main(["score", "123m456p789s11z999m", "--win", "9m", "--from", "W", "--seat", "S", "--option", "minfan=3", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["payments"] == {"E": 0, "S": 0, "W": 0, "N": 0}


@pytest.mark.parametrize("payment", ["seed", "half-shooter"])
def test_option_minfan_every_api_agrees_a_hand_under_the_minimum_pays_nothing(payment: str) -> None:
    """HK-6 with ``minfan=3`` (docs/house-options.md): the ``Ruleset``'s outcome of a 1-fan hand
    (and its scoring detail) pays 0 like ``result_dict`` and ``hkmj score``, as MCR's outcome under
    8 points does (MCR-5.1); the outcome paid the 1-fan split (W -4, S +8) while the JSON said 0.
    At ``minfan=1`` the same hand pays as usual."""
    one_fan = {"hand": "123m456p789s11z999m", "win_tile": "9m", "win": "discard", "discarder": "W", "seat": "S", "prevailing": "E"}
    under = _outcome(one_fan, minfan="3", payment=payment)
    assert not under.winning and under.value == 1
    assert under.payments == (0, 0, 0, 0) and under.detail.payments == (0, 0, 0, 0)
    assert get_ruleset("hk", {"minfan": "3", "payment": payment}).result_dict(under)["payments"] == dict.fromkeys("ESWN", 0)
    assert _outcome(one_fan, minfan="1", payment=payment).payments == _outcome(one_fan, payment=payment).payments != (0, 0, 0, 0)
    mcr_six = {"hand": "123m456m789p234s55p", "win_tile": "5p", "win": "discard", "discarder": "S", "seat": "E", "prevailing": "E"}
    assert get_ruleset("mcr").score(win_from_json(mcr_six)).payments == (0, 0, 0, 0)


def test_option_minfan_engine_offers_mahjong_only_from_the_minimum() -> None:
    """``minfan``: the engine offers Mahjong on a 2-fan hand at minfan 1, not at minfan 3."""
    hand = stacked_hand(WINS, DRAWS, rules=get_ruleset("hk", {"minfan": "1"}))
    script(hand, GO_ROUND)
    assert WIN in hand.legal_actions(2)
    hand = stacked_hand(WINS, DRAWS, rules=get_ruleset("hk", {"minfan": "3"}))
    script(hand, GO_ROUND)
    assert WIN not in hand.legal_actions(2) and WIN not in hand.legal_actions(3)


def test_option_minfan_false_mahjong_under_minimum_is_penalised() -> None:
    """HK-5.7 with ``minfan=3``: declaring a complete 1-fan hand is a false Mahjong; the reason says so."""
    hand = stacked_hand(WINS, DRAWS, rules=get_ruleset("hk", {"minfan": "3", "base": "2"}), ask_all=True)
    _go_round(hand)
    act(hand, "W mahjong")
    while hand.pending():
        act(hand, f"{'ESWN'[hand.pending()[0]]} pass")
    false = next(e for e in hand.events if e["type"] == "false_mahjong")
    assert "complete but not a winning hand" in false["reason"] and "at least 3 fan" in false["reason"]
    # the penalty is the limit base (64 × base 2) to each, doubled to the discarder E
    assert false["payments"] == [256, 128, -512, 128]
    assert hand.result is not None and hand.result.kind == "penalty"


def test_option_minfan_teaching_table_refuses_with_the_reason() -> None:
    hand = stacked_hand(WINS, DRAWS, rules=get_ruleset("hk", {"minfan": "3"}), teaching=True, ask_all=True)
    _go_round(hand)
    refused = act(hand, "W mahjong")[0]
    assert refused["type"] == "mahjong_refused" and "at least 3 fan" in refused["reason"]


def test_records_carry_rules_and_options_and_replay(tmp_path: Path) -> None:
    """Records: ``match_start`` and every ``hand_start`` name the rules and options; replay uses them."""
    rules = get_ruleset("hk", {"minfan": "1", "table": "half", "payment": "half-shooter"})
    bots = [make_bot("greedy", i) for i in range(4)]
    result = play_match(bots, 5, length="hands", hands=6, rules=rules)
    start = result.events[0]
    assert start["rules"] == "hk" and start["options"]["table"] == "half"
    assert all(e["options"]["minfan"] == "1" for e in result.events if e["type"] == "hand_start")
    path = tmp_path / "m.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in result.events))
    assert replay(read_record(path)).ok
    # the same record replayed under other options diverges
    other = [dict(e, options=dict(DEFAULT.options)) if e["type"] == "match_start" else e for e in result.events]
    path.write_text("".join(json.dumps(e) + "\n" for e in other))
    assert not replay(read_record(path)).ok


def test_records_without_rules_read_as_hong_kong(tmp_path: Path) -> None:
    """A record written before rulesets (no ``rules`` fields) replays as Hong Kong with the seed's rules."""
    bots = [make_bot("greedy", i) for i in range(4)]
    events = play_match(bots, 3, length="hands", hands=4).events
    old = [{k: v for k, v in e.items() if k not in ("rules", "options")} for e in events]
    path = tmp_path / "old.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in old))
    assert replay(read_record(path)).ok


def test_match_never_mixes_rulesets() -> None:
    rules = get_ruleset("hk", {"minfan": "3"})
    match = Match(1, length="hands", hands=2, rules=rules)
    assert match.new_hand().rules is rules


def test_cli_score_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["score", "123m456p789s11z999m", "--win", "9m", "--from", "W", "--seat", "S"]
    assert main([*args, "--option", "minfan=3"]) == 1
    assert "needs at least 3 fan" in capsys.readouterr().out
    assert main([*args, "--option", "minfan=5"]) == 2
    assert "minfan='5': expected one of 0, 1, 3" in capsys.readouterr().err
    assert main([*args, "--rules", "nope"]) == 2
    assert "unknown ruleset 'nope'" in capsys.readouterr().err


def test_cli_simulate_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "8", "--quiet", "--option", "minfan=1", "--option", "table=doubling"]) == 0
    assert "Hong Kong (minfan=1, table=doubling)" in capsys.readouterr().out


def test_a_ruleset_is_a_value_copies_share_it_and_pickling_keeps_it() -> None:
    """A ruleset is immutable: a copied hand shares it (the compiled tables inside are never
    copied field by field), and a pickled one comes back equal with its options."""
    import copy
    import pickle

    from hkmj.engine import Hand
    from hkmj.rulesets import get_ruleset

    for name, options in (("hk", {"minfan": "3"}), ("mcr", {}), ("classical", {"pay_highest": "on"})):
        rules = get_ruleset(name, options)
        assert copy.deepcopy(rules) is rules and copy.copy(rules) is rules
        back = pickle.loads(pickle.dumps(rules))
        assert back == rules and dict(back.options) == dict(rules.options)
    hand = Hand.from_seed(1, rules=get_ruleset("mcr"))
    assert copy.deepcopy(hand).rules is hand.rules


def test_the_option_help_gives_each_rulesets_own_example() -> None:
    """``--option``'s help said "e.g. minfan=3" to every ruleset, MCR included, which takes no
    option (MCR has no house rules; HK minfan, docs/house-options.md): it now gives one option of
    each ruleset from its own data, and says MCR takes none, in English and French."""
    import argparse

    from hkmj.cli import build_parser
    from hkmj.help_fr import in_french
    from hkmj.rules_args import add_rules_arguments

    parser = argparse.ArgumentParser(prog="hkmj score")
    add_rules_arguments(parser)
    (en,) = [a.help for a in parser._actions if "--option" in a.option_strings]
    assert en is not None and "minfan=3 at hk, pay_highest=on at classical; mcr takes none" in en, en
    assert [o.example for o in get_ruleset("hk").OPTIONS][:3] == ["minfan=3", "limit=13", "table=doubling"]
    with pytest.raises(RulesetError, match="mcr rules have no house options"):
        parse_option_args(["minfan"], "mcr")
    with pytest.raises(RulesetError, match="unknown ruleset"):
        parse_option_args([], "zz")
    fr = in_french(build_parser())._subparsers._group_actions[0].choices["score"].format_help()  # type: ignore[union-attr]
    # in smooth French, the typed names kept visible
    assert "minfan=3 aux règles de Hong Kong (hk), pay_highest=on au jeu classique (classical) ; mcr n'en a aucune" in " ".join(fr.split()), fr
