"""The expert's named parameter sets (``hkmj.bots.expert.PARAM_SETS``): the strong model's constants
an expert carries in its decision context (``hkmj.bots.strong.Model``), so a tuned expert plays
with its own values while the strong bot keeps the module's (HK-6 fan and payments are what the
constants estimate)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType

import pytest

import hkmj.bots.expert as expert_module
import hkmj.bots.strong as strong
from hkmj.bots.expert import PARAM_SETS, ExpertBot
from hkmj.bots.strong import Model, StrongBot, _Ctx
from hkmj.engine import Action, Hand, Player, SeatView, play_hand

C16_SETS = [
    "UKEIRE_EXP=(0.6000,0.6377,0.4464,0.3826,0.3826,0.3826)",
    "PAIR_VALUE=0.4104",
    "SELF_DRAW_FAN=0.1854",
    "PLAN_EXP=0.8619",
    "PLAN_SPEED[mixed_one_suit]=1.4286",
    "PLAN_SPEED[pure_one_suit]=1.4286",
    "PLAN_SPEED[all_pungs]=1.4286",
]
"""c16's constants as the ninth round screened them (docs/bots.md): ``screen_expert.py --set``."""
C16_ATTRS = "expert+params=ninth+claim_margin=1.0991+defence=1.0603+calibration=-0.1135+tie=0.0361"
"""c16's four attributes on the expert of the ninth round (the strong module's constants)."""


def _module_model() -> Model:
    return Model(strong.UKEIRE_EXP, strong.PAIR_VALUE, strong.SELF_DRAW_FAN, strong.PLAN_EXP, dict(strong.PLAN_SPEED))


class _Logged:
    """A player that logs each decision's view and legal actions before its bot chooses."""

    def __init__(self, bot: Player, log: list[tuple[SeatView, list[Action]]]) -> None:
        self.bot = bot
        self.log = log

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        self.log.append((view, list(legal)))
        return self.bot.choose(view, legal)


def test_without_a_model_the_context_reads_the_module_constants(monkeypatch: pytest.MonkeyPatch) -> None:
    view = Hand.from_seed(7).view(0)
    ctx = _Ctx(view)
    assert (ctx.ukeire_exp, ctx.pair_value, ctx.plan_exp, dict(ctx.plan_speed)) == (
        strong.UKEIRE_EXP,
        strong.PAIR_VALUE,
        strong.PLAN_EXP,
        strong.PLAN_SPEED,
    )
    # read at each decision: bench/screen_expert.py's --set still reaches the strong model
    monkeypatch.setattr(strong, "PAIR_VALUE", 0.9)
    monkeypatch.setattr(strong, "SELF_DRAW_FAN", 0.3 + 1.0)
    moved = _Ctx(view)
    assert moved.pair_value == 0.9 and moved.fixed_fan == pytest.approx(ctx.fixed_fan + 1.0)


def test_c16_carries_its_values_and_leaves_the_module_alone() -> None:
    """c16 is the shipped expert's set (docs/bots.md, tenth round); ``ninth`` the values before."""
    before = _module_model()
    bot = ExpertBot(3)
    assert bot.params == "c16"
    bot.params = "ninth"
    assert (bot.params, bot.model, bot.claim_margin, bot.defence, bot.calibration, bot.tie) == ("ninth", None, 1.05, 1.0, 0.0, 0.03)
    assert _Ctx(Hand.from_seed(7).view(0)).pair_value == bot._context(Hand.from_seed(7).view(0)).pair_value == strong.PAIR_VALUE
    bot.params = "c16"
    assert (bot.params, bot.claim_margin, bot.defence, bot.calibration, bot.tie) == ("c16", 1.0991, 1.0603, -0.1135, 0.0361)
    ctx = bot._context(Hand.from_seed(7).view(0))
    c16 = PARAM_SETS["c16"].model
    assert ctx.ukeire_exp == (0.6000, 0.6377, 0.4464, 0.3826, 0.3826, 0.3826)
    assert (ctx.pair_value, ctx.plan_exp) == (0.4104, 0.8619)
    assert ctx.fixed_fan == pytest.approx(_Ctx(Hand.from_seed(7).view(0)).fixed_fan - strong.SELF_DRAW_FAN + 0.1854)
    speeds = {plan: 1.4286 if plan in ("mixed_one_suit", "pure_one_suit", "all_pungs") else strong.PLAN_SPEED[plan] for plan in strong.PLAN_SPEED}
    assert dict(ctx.plan_speed) == speeds == dict(c16.plan_speed)
    assert _module_model() == before  # the strong bot's constants untouched
    with pytest.raises(KeyError):
        bot.params = "c99"


def _key(m: Model) -> tuple[object, ...]:
    return (m.ukeire_exp, m.pair_value, round(m.self_draw_fan, 9), m.plan_exp, tuple(sorted(m.plan_speed.items())))


def test_strong_keeps_its_constants_at_a_table_with_c16_experts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every context the strong seats build holds the module's constants, every one the c16
    experts build holds c16's: the strong bot's moves do not depend on who sits with it."""
    seen: dict[str, set[tuple[object, ...]]] = {"strong": set(), "expert": set()}
    deciding = [""]

    class Recording(_Ctx):
        __slots__ = ()

        def __init__(self, view: SeatView, chow_fan: float = 0.0, calibration: float = 0.0, model: Model | None = None) -> None:
            super().__init__(view, chow_fan, calibration, model)
            self_draw = self.fixed_fan - strong._bonus_fan(view.bonus[view.seat], view.seat)
            seen[deciding[0]].add(_key(Model(self.ukeire_exp, self.pair_value, self_draw, self.plan_exp, self.plan_speed)))

    monkeypatch.setattr(strong, "_Ctx", Recording)
    monkeypatch.setattr(expert_module, "_Ctx", Recording)

    class Who:
        def __init__(self, who: str, bot: Player) -> None:
            self.who, self.bot = who, bot

        def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
            deciding[0] = self.who
            return self.bot.choose(view, legal)

    experts = [ExpertBot(1), ExpertBot(2)]
    for bot in experts:
        bot.params = "c16"
    for seed in (7, 11):
        play_hand(Hand.from_seed(seed), [Who("expert", experts[0]), Who("strong", StrongBot(5)), Who("expert", experts[1]), Who("strong", StrongBot(6))])
    assert seen["strong"] == {_key(_module_model())}
    assert seen["expert"] == {_key(PARAM_SETS["c16"].model)}


def test_c16_plays_as_the_screened_overrides(bench_script: Callable[[str], ModuleType]) -> None:
    """``expert+params=c16`` and the shipped expert advise exactly as the ninth round's screened
    variant (its four attributes, the strong module's constants overridden during its
    decisions), and otherwise than the expert of the ninth round."""
    bench = bench_script("bench_bots")
    screen = bench_script("screen_expert")
    log: list[tuple[SeatView, list[Action]]] = []
    players: list[Player] = [_Logged(bench.build_bot("expert+params=c16", s), log) if s % 2 == 0 else StrongBot(s) for s in range(4)]
    play_hand(Hand.from_seed(7), players)
    assert len(log) > 20
    variant = bench.build_bot("expert+params=c16", 0)
    screened = bench.build_bot(C16_ATTRS, 0)
    shipped = bench.build_bot("expert", 0)
    ninth = bench.build_bot("expert+params=ninth", 0)
    differs = 0
    for view, legal in log:
        mine = [(a.action, round(a.value, 9)) for a in variant.advise(view, legal)]
        with screen.overridden(C16_SETS):
            theirs = [(a.action, round(a.value, 9)) for a in screened.advise(view, legal)]
        assert mine == theirs == [(a.action, round(a.value, 9)) for a in shipped.advise(view, legal)]
        differs += mine != [(a.action, round(a.value, 9)) for a in ninth.advise(view, legal)]
    assert differs


def test_bench_variant_names_a_parameter_set(bench_script: Callable[[str], ModuleType]) -> None:
    bench = bench_script("bench_bots")
    bot = bench.build_bot("expert+params=c16+tie=0.05", 4)
    assert isinstance(bot, ExpertBot) and bot.model == PARAM_SETS["c16"].model and bot.tie == 0.05
    with pytest.raises(ValueError, match="c99"):
        bench.build_bot("expert+params=c99", 4)
