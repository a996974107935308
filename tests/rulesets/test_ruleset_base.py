"""The base ``Ruleset`` holds no Hong Kong rule: its hooks are what every ruleset shares, and
Hong Kong's own rules (HK-7.2: East keeps the deal) live in ``rulesets/hong_kong.py``, so a new
ruleset that overrides nothing does not play Hong Kong's rotation by accident. One seat table
serves MCR and the classical game (CL-4.5); one rule-reference table per ruleset serves the
engine, the records and the screens."""

from __future__ import annotations

import pytest

from hkmj.rulesets import get_ruleset
from hkmj.rulesets.base import ROUND_SEATS, SAME_SEATS, Ruleset
from hkmj.rulesets.hong_kong import HongKong


def test_the_base_rotation_passes_the_deal_and_only_hong_kong_keeps_it() -> None:
    """MCR, CL-4.3: the deal passes after every hand (the base hook); HK-7.2: East keeps it
    after its own win, a draw or a penalty (Hong Kong's hook, not the base's)."""
    mcr = get_ruleset("mcr")
    assert [Ruleset.dealer_keeps(mcr, kind, w) for kind, w in (("win", 0), ("draw", None), ("penalty", None))] == [False] * 3
    assert "dealer_keeps" in vars(HongKong)
    hk = get_ruleset("hk")
    assert [hk.dealer_keeps(kind, w) for kind, w in (("win", 0), ("win", 2), ("draw", None), ("penalty", None))] == [True, False, True, True]


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_player_at_is_one_formula_over_the_ruleset_s_seat_table(rules: str) -> None:
    """HK-7.2 (the deal moves, seats stay), MCR and CL-4.5 (seats change at each round): the player
    at each wind after each pass of a full game, from the ruleset's ``round_seats``."""
    r = get_ruleset(rules)
    table = SAME_SEATS if rules == "hk" else ROUND_SEATS
    assert r.round_seats == table
    first = (7, 8, 9, 6)
    for rotations in range(r.game_rotations):
        got = [r.player_at(first, rotations, seat) for seat in range(4)]
        assert got == [first[table[rotations // 4][(seat + rotations) % 4]] for seat in range(4)]
        if rules == "hk":
            assert got == [first[(seat + rotations) % 4] for seat in range(4)]


def test_cite_rewrites_hong_kong_rule_numbers_to_the_table_s_own() -> None:
    """HK-4.2 and HK-4.3 are MCR-4.1, given once (docs/rules-mcr.md); cited together for the
    discard a claimer owes, they are CL-3.5, "the claimer takes the turn: he exposes the group
    ... discards" (docs/rules-classical.md; was CL-3.1, who may claim); alone HK-4.2 is CL-3.1
    (a chow only from the left). Hong Kong's text is unchanged."""
    text = "after claiming a chow or pung, S must discard (HK-4.2, HK-4.3)"
    assert get_ruleset("hk").cite(text) == text
    assert get_ruleset("mcr").cite(text) == "after claiming a chow or pung, S must discard (MCR-4.1)"
    assert get_ruleset("classical").cite(text) == "after claiming a chow or pung, S must discard (CL-3.5)"
    assert get_ruleset("classical").cite("a chow only from the left (HK-4.2)") == "a chow only from the left (CL-3.1)"


def test_hk6_a_win_is_described_in_one_place_in_either_language() -> None:
    """HK-6: ``HongKong.describe_win`` is the one wording of a Hong Kong win (``hkmj replay --show``
    prints it): its items, total fan, limit hand and base, in French too (the limit hand was
    "limit" in English in a French line, and the show line was a second copy). The line ends at
    the score: it ended with ", payments [-128, -64, 256, -64]", in English in a French line too,
    which the replay had to cut off (it shows the payments apart, labelled by seat)."""
    event = {"items": [], "fan": 13, "limit": "thirteen_orphans", "base": 64, "payments": [-128, -64, 256, -64]}
    hk = get_ruleset("hk")
    name_fr = hk.name_of("thirteen_orphans", "fr")
    assert hk.describe_win(event, "fr") == f"aucun élément = 13 fan, main limite\u00a0: {name_fr} → base 64"
    assert hk.describe_win(event) == "no scoring element = 13 fan, limit hand: Thirteen orphans → base 64"
    from hkmj.scoring import win_from_json

    hand = {"hand": "123m456p789s11z555z", "win_tile": "5z", "win": "self_draw", "seat": "E", "prevailing": "E"}
    for name in ("hk", "mcr", "classical"):  # MCR-6, CL-5 too
        rules = get_ruleset(name)
        event = rules.win_fields(rules.score(win_from_json(hand)))
        for lang in ("en", "fr"):
            line = rules.describe_win(event, lang)
            assert "payments" not in line and str(event["payments"]) not in line, (name, lang, line)


def test_the_engine_holds_no_ruleset_s_penalty() -> None:
    """HK-5.7, MCR-5.4, CL-7.7: a false Mahjong costs what the ruleset says (Hong Kong's limit
    base, MCR's 10, the classical limit); the engine exported Hong Kong's 64 as
    ``FALSE_MAHJONG_PENALTY``, used by nothing and wrong at two tables of three."""
    import hkmj.engine
    import hkmj.engine.state

    assert not hasattr(hkmj.engine, "FALSE_MAHJONG_PENALTY")
    assert not hasattr(hkmj.engine.state, "FALSE_MAHJONG_PENALTY")
    assert [get_ruleset(r).false_mahjong_payments(1, None)[2] for r in ("hk", "mcr", "classical")] == [64, 10, 1000]


@pytest.mark.parametrize("rules", ["hk", "mcr"])
def test_the_json_result_is_worded_by_its_ruleset_in_either_language(rules: str) -> None:
    """HK-6, MCR-6: ``Ruleset.result_dict(outcome, lang)`` names the items (and Hong Kong's limit
    hand) in ``lang`` with the same fields in the same order; the command line no longer asks
    which ruleset it has to translate them."""
    from hkmj.scoring import win_from_json

    r = get_ruleset(rules)
    hand = {"hand": "123m456p789s11z555z", "win_tile": "5z", "win": "self_draw", "seat": "E", "prevailing": "E"}
    outcome = r.score(win_from_json(hand))
    en, fr = r.result_dict(outcome), r.result_dict(outcome, "fr")
    assert list(en) == list(fr) and [list(i) for i in en["items"]] == [list(i) for i in fr["items"]]
    assert en["items"] != fr["items"]
    assert {k: v for k, v in en.items() if k != "items"} == {k: v for k, v in fr.items() if k != "items"}


@pytest.mark.parametrize(("rules", "value", "word"), [("hk", 3, "fan"), ("mcr", 12, "points"), ("classical", 96, "score")])
def test_a_simulation_summary_reads_what_its_ruleset_names(rules: str, value: int, word: str) -> None:
    """HK-6 fan, MCR-5.1 points without flowers, CL-5 the winner's score: ``hkmj simulate``'s
    average per win is the ruleset's ``summary_value`` (it probed the event's fields in a fixed
    order), and limit hands are counted where the ruleset has them (none in MCR, MCR-6)."""
    from hkmj.simulate import Summary

    s = Summary(("random",) * 4, rules=rules)
    win = {"win": "self_draw", "seat": 0, "fan": 3, "fan_points": 12, "score": 96, "limit": None}
    s.add_hand({"players": [0, 1, 2, 3]}, {"result": "win", "payments": [3, -1, -1, -1]}, win)
    assert s.fan_total == value
    report = s.report(1)
    assert f"average {word}" in report
    assert ("limit hands" in report) == (rules != "mcr")


def test_every_ruleset_states_what_the_base_only_declares() -> None:
    """HK-2.7, MCR-3.1, CL-1.2 (the dead wall), the unit, the ways of winning, the rule numbers of
    a false Mahjong, of a robbed kong (HK-4.10, MCR-6.43, CL-3.4) and of who pays for it (HK-4.10,
    MCR-8.2, CL-7.1; ``hkmj score`` kept these two in dicts keyed by the ruleset's name) and a
    summary's value: the base ``Ruleset`` declares them without a value (it gave Hong Kong's 14,
    ``fan`` and HK-6's flags to any ruleset that forgot them), and every registered ruleset
    states each one itself."""
    from hkmj.rulesets import RULESETS

    hints = Ruleset.__annotations__
    declared = sorted(k for k, v in hints.items() if "ClassVar" in str(v) and k not in vars(Ruleset))
    declares = {"dead_wall", "unit", "win_flags", "summary_value", "false_mahjong_rule", "robbed_kong_rule", "robbed_pays_rule", "winning_shapes"}
    assert declares <= set(declared)
    for name, cls in RULESETS.items():
        missing = [k for k in declared if not any(k in vars(c) for c in cls.__mro__[: cls.__mro__.index(Ruleset)])]
        assert not missing, f"{name} does not state {missing}"


def test_each_ruleset_explains_its_own_payments() -> None:
    """MCR-8 (the total plus 8), CL-7 (every pair settled, East double; CL-7.4 pay the highest) and
    HK-6 (read from the win's base, so no note): the screens ask the ruleset's ``payment_note``
    rather than which ruleset it is."""
    from hkmj.scoring.classical import settle

    mcr = get_ruleset("mcr")
    note = mcr.payment_note((-29, 45, -8, -8), 1, 0, 21)
    assert note is not None and (note.rule, dict(note.figures), note.transfers) == ("mcr.discard", {"points": 21, "each": 29, "total": 45}, None)
    note = mcr.payment_note((-16, -16, 48, -16), 2, None, 8)
    assert note is not None and (note.rule, note.figures["each"]) == ("mcr.self_draw", 16)
    note = mcr.payment_note((-29, 45, -8, -8), 1, 0, 21, robbed=True)  # the robbed player pays as a discarder (MCR-8)
    assert note is not None and note.rule == "mcr.robbed_kong"
    assert mcr.payment_note((-30, 45, -8, -7), 1, 0, 21) is None  # not MCR-8's split
    assert mcr.payment_note((0, 0, 0, 0), 1, 0, None) is None
    scores = (48, 48, 10, 8)
    for opts, rule in (({}, "classical"), ({"pay_highest": "on"}, "classical.highest")):
        note = get_ruleset("classical", opts).payment_note((60, 192, -122, -130), 1, None, 48, scores)
        want = tuple((t.payer, t.payee, t.amount) for t in settle(scores, 1, rule.endswith("highest")))
        assert note is not None and (note.rule, note.transfers) == (rule, want)
    assert get_ruleset("hk").payment_note((-8, 16, -4, -4), 1, 0, 3) is None



@pytest.mark.parametrize("given", ["name", "registry entry"])
@pytest.mark.parametrize("make", ["Hand.from_seed", "Match", "play_match"])
def test_the_engine_names_a_ruleset_given_by_name_or_registry_entry(given: str, make: str) -> None:
    """docs/engine.md: ``Hand``, ``Match`` and ``play_match`` take a ``Ruleset`` (the MCR-1 and CL-1
    tables through ``get_ruleset``). docs/env.md lets the environments take a name or
    ``RULESETS["mcr"]``, and the engine handed the same failed with ``AttributeError: 'str' object
    has no attribute 'value_checked'`` or ``TypeError: Ruleset.header() missing 1 required
    positional argument``. Now a ``RulesetError`` (a ValueError) says what to pass."""
    from hkmj.bots import make_bot
    from hkmj.engine import Hand, Match
    from hkmj.engine.play import play_match
    from hkmj.rulesets import RULESETS, RulesetError

    rules: object = "mcr" if given == "name" else RULESETS["mcr"]
    calls = {
        "Hand.from_seed": lambda: Hand.from_seed(1, rules=rules),
        "Match": lambda: Match(1, rules=rules),
        "play_match": lambda: play_match([make_bot("random", i) for i in range(4)], 1, rules=rules),
    }
    with pytest.raises(RulesetError, match=r"expected a Ruleset \(from hkmj.rulesets: get_ruleset\('mcr'\)\) or None for Hong Kong"):
        calls[make]()
    assert Hand.from_seed(1, rules=get_ruleset("mcr")).rules.name == "mcr"
    assert Match(1, rules=None).rules.name == "hk"
