"""The game-level :class:`Ruleset`: everything that differs between rulesets, in one value.

A ruleset names its tile set and wall (dead wall or none), its win check (a minimum value),
its false-Mahjong handling (a penalty that ends the hand, or a dead hand that plays on), its
scoring and payments, its seat and wind rotation, its match length and its house options.
The engine, bots, records and adapters receive one and never ask which ruleset it is.

This module is pure: no I/O. ``hkmj.scoring.Ruleset`` is a different, smaller thing (a fan
table the generic scorer reads); a game ruleset may hold one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from hkmj.hand import shanten, waits
from hkmj.hand.knitted import shanten_knitted, waits_knitted
from hkmj.scoring import win_from_json
from hkmj.scoring.model import InvalidHand, PlayerHand, Win, cite_refs, echo
from hkmj.tiles import ascii_int

__all__ = ["Option", "Outcome", "OutcomeItem", "PaymentNote", "Ruleset", "RulesetError", "SeatScoring", "cite_refs", "parse_option_args"]


class RulesetError(ValueError):
    """An unknown ruleset or an unknown/invalid house option; the message names it.

    ``kind`` and ``params`` say the same for a translation (``hkmj play --lang fr``): ``choices``
    (option, value, choices), ``range`` (option, value, low, high), ``syntax`` (arg), ``twice`` (option),
    ``unknown_option`` (option, rules, known), ``unknown_rules`` (name, known), ``each`` (arg, line:
    ``minfan=3,limit=8`` given as one); ``""`` for the others.
    """

    def __init__(self, message: str, kind: str = "", **params: object) -> None:
        super().__init__(message)
        self.kind = kind
        self.params = params


@dataclass(frozen=True, slots=True)
class Option:
    """One house option: its key, default, allowed values (or an integer range) and meaning."""

    key: str
    default: str
    choices: tuple[str, ...] = ()
    """Allowed values; empty for an integer option bounded by ``low``..``high``."""
    low: int = 0
    high: int = 0
    help: str = ""
    help_fr: str = ""
    """:attr:`help` in French (``hkmj COMMAND --help --lang fr``)."""

    @property
    def example(self) -> str:
        """This option as typed with a value other than its default (``minfan=3``), for help and errors."""
        value = next((c for c in reversed(self.choices) if c != self.default), self.default) if self.choices else str(self.high)
        return f"{self.key}={value}"

    def check(self, value: str) -> str:
        """The normalised value, or :class:`RulesetError` naming the option and what it accepts."""
        text = value.strip().lower()
        if self.choices:
            if text not in self.choices:
                raise RulesetError(
                    f"option {self.key}={echo(value)}: expected one of {', '.join(self.choices)}",
                    "choices", option=self.key, value=value, choices=", ".join(self.choices),
                )
            return text
        n = ascii_int(text)  # ASCII digits only: "５" is no number here (HK-1.4)
        if n is None:
            raise RulesetError(
                f"option {self.key}={echo(value)}: expected a whole number {self.low}-{self.high}",
                "range", option=self.key, value=value, low=self.low, high=self.high,
            )
        if not self.low <= n <= self.high:
            shown = str(n) if abs(n) < 10**40 else f"{text[:37]}..."  # str() of a 5000-digit number raises
            raise RulesetError(
                f"option {self.key}={shown}: expected a whole number {self.low}-{self.high}",
                "range", option=self.key, value=shown, low=self.low, high=self.high,
            )
        return str(n)


@dataclass(frozen=True, slots=True)
class OutcomeItem:
    """One scoring element present in a hand, with its names and value (fan or points)."""

    id: str
    name: str
    name_fr: str
    value: int
    count: int = 1

    def label(self, lang: str = "en") -> str:
        return self.name_fr if lang == "fr" else self.name


@dataclass(frozen=True, slots=True)
class PaymentNote:
    """How a win's payments are made, for a screen that explains them beside the amounts: ``rule``
    names the sentence (``mcr.discard``, ``mcr.self_draw``, ``mcr.robbed_kong`` for MCR-8; ``classical`` or
    ``classical.highest`` for CL-7 and its option CL-7.4; the terminal's key is ``end.pay.<rule>``),
    ``figures`` fills its numbers (``points``, ``each``, ``total``), and where every player settles
    with every other (CL-7) ``transfers`` lists each payment as ``(payer, payee, amount)``."""

    rule: str
    figures: Mapping[str, int]
    transfers: tuple[tuple[int, int, int], ...] | None = None


@dataclass(frozen=True, slots=True)
class SeatScoring:
    """One seat's own score where every player scores (the classical game, CL-5.4), itemised:
    ``points`` from its point ``lines`` (each item's ``value`` per line, times its ``count``),
    ``doubles`` from its ``doubled`` conditions (each item doubles ``count`` times) and the
    ``score`` (points × 2^doubles, capped at the limit; a limit hand scores the limit)."""

    seat: int
    points: int
    doubles: int
    score: int
    lines: tuple[OutcomeItem, ...]
    doubled: tuple[OutcomeItem, ...]
    limit: str | None = None
    """The id of the limit hand scored (the winner's only), or None."""

    @property
    def capped(self) -> bool:
        """The score is the limit rather than points × 2^doubles (CL-6.2)."""
        return self.limit is None and self.score != self.points << self.doubles


@dataclass(frozen=True, slots=True)
class Outcome:
    """The generic result of scoring a hand under a ruleset.

    ``winning`` is false for a complete hand under the ruleset's minimum (``reason`` says
    why); ``value`` counts toward that minimum (fan in Hong Kong, points in MCR);
    ``payments`` are by seat and sum to zero; ``detail`` is the ruleset's own result.
    """

    winning: bool
    reason: str
    value: int
    unit: str
    items: tuple[OutcomeItem, ...]
    payments: tuple[int, int, int, int]
    limit: str | None = None
    detail: Any = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form: ``winning``, ``reason``, ``value``, ``unit``, ``items``, ``payments``."""
        return {
            "winning": self.winning,
            "reason": self.reason,
            "value": self.value,
            "unit": self.unit,
            "limit": self.limit,
            "items": [{"id": i.id, "name": i.name, "name_fr": i.name_fr, "value": i.value, "count": i.count} for i in self.items],
            "payments": list(self.payments),
        }


def parse_option_args(args: Sequence[str], rules: str = "hk") -> dict[str, str]:
    """``["minfan=3", "limit=8"]`` → ``{"minfan": "3", "limit": "8"}`` for the ruleset ``rules``;
    :class:`RulesetError` on an unknown ruleset or bad syntax, the example one of that ruleset's
    own options, or that it takes none (MCR)."""
    from hkmj.rulesets import RULESETS, get_ruleset

    cls = RULESETS.get(str(rules).strip().lower())
    if cls is None:
        get_ruleset(rules)  # raises: the unknown name, and the known ones
        raise AssertionError(rules)
    out: dict[str, str] = {}
    for arg in args:
        key, sep, value = arg.partition("=")
        key = key.strip().lower()
        if not sep or not key or not value.strip():
            if not cls.OPTIONS:
                raise RulesetError(f"option {echo(arg)}: {cls.name} rules have no house options", "syntax", arg=arg)
            raise RulesetError(f"option {echo(arg)}: expected key=value, e.g. {cls.OPTIONS[0].example}", "syntax", arg=arg)
        pieces = [p.strip() for p in arg.split(",")]
        if sep and len(pieces) > 1 and all("=" in p for p in pieces):  # minfan=3,limit=8: one option per --option
            line = " ".join(f"--option {p}" for p in pieces)
            raise RulesetError(f"option {echo(arg)}: one option per --option: {line}", "each", arg=arg, line=line)
        if key in out:
            raise RulesetError(f"option {echo(key)} given twice", "twice", option=key)
        out[key] = value.strip()
    return out


SAME_SEATS: tuple[tuple[int, int, int, int], ...] = ((0, 1, 2, 3),) * 4
"""Every round starts from the first hand's seats (Hong Kong: only the deal moves, HK-7.2)."""

ROUND_SEATS: tuple[tuple[int, int, int, int], ...] = ((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 1, 0), (3, 2, 0, 1))
"""The competition seat changes (MCR; the classical game's seat table, CL-4.5): ``ROUND_SEATS[r][w]``
is the first-hand seat of the player who sits at wind ``w`` when round ``r`` starts (players
A B C D at E S W N: then B A D C, C D B A, D C A B)."""


class Ruleset(ABC):
    """A complete game: tiles, wall, claims, win check, false Mahjong, scoring, rotation, length.

    Subclasses set the class attributes and implement the hooks; instances are immutable
    values built by :func:`hkmj.rulesets.get_ruleset` from a name and house options.
    """

    name: ClassVar[str]
    """Registry key written in records and server tables (``"hk"``, ``"mcr"``)."""
    title: ClassVar[str]
    title_fr: ClassVar[str]
    title_fr_in_sentence: ClassVar[str]
    """:attr:`title_fr` as a French sentence says it after a comma, « hkmj simulate : graine 1,
    règles officielles chinoises (MCR) » (« règles Règles officielles … » would read the word
    twice, « règles Classique » a capital in mid-sentence)."""
    title_fr_at: ClassVar[str]
    """The ruleset in French after « à », its article joined (« aux règles de Hong Kong », « au jeu
    classique »), without the parenthesis of :attr:`title_fr_in_sentence`."""
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    dead_wall: ClassVar[int]
    """Tiles kept back as a dead wall (HK-2.7 and CL: 14); 0 = every tile is played, replacements
    come from the end of the wall (MCR-3.1, MCR-3.2). Each ruleset states it, as it states ``unit`` and
    ``win_flags``: the base holds no game's value (tests/rulesets/test_ruleset_base.py)."""
    dead_hand: ClassVar[bool] = False
    """False Mahjong: ``False`` = a penalty that ends the hand (HK-5.7); ``True`` = the offender's
    hand is dead (it plays on without winning or claiming) and the hand goes on."""
    false_mahjong_rule: ClassVar[str]
    """The rule judging a declared Mahjong that is no winning hand, as the ruleset's rules page
    numbers it (``HK-5.7``, ``MCR-5.4``, ``CL-7.7``): the engine cites it in a teaching table's refusal."""
    robbed_kong_rule: ClassVar[str]
    """The rule of robbing a kong, as the ruleset's rules page numbers it (``HK-4.10``, ``MCR-6.43``,
    ``CL-3.4``): ``hkmj score --robbed`` cites it when ``--from`` does not name the robbed seat."""
    robbed_pays_rule: ClassVar[str]
    """The rule by which the player whose added kong was robbed pays as the discarder (``HK-4.10``,
    ``MCR-8.2``; ``CL-7.1``, where every loser pays the winner alike): ``hkmj score`` cites it
    beside that player's payment."""
    winning_shapes: ClassVar[str]
    """The winning shapes in words, with their rules (``... (HK-5.1-5.4)``): the engine's reason for
    a declared hand that is none reads ``<hand> is not a winning hand: it is not <winning_shapes>``."""
    knitted_shapes: ClassVar[bool] = False
    """True when knitted hands win (MCR-5.2.4 honours and knitted tiles, MCR-5.2.5 a knitted
    straight with a group and a pair): the engine then offers Mahjong on them."""
    four_alike_pairs: ClassVar[bool] = False
    """True when four identical tiles may count as two of seven pairs (MCR-5.2.2 Ruling); else the
    seven pairs are distinct (HK-5.3, CL-6): the engine then offers Mahjong on such a hand."""
    unit: ClassVar[str]
    """What the ruleset's hand value counts: ``fan`` (Hong Kong) or ``points`` (MCR, classical)."""
    summary_value: ClassVar[tuple[str, str]]
    """What a summary of many hands (``hkmj simulate``) averages per win: the ``win`` event's field
    and its word (Hong Kong ``fan``; MCR ``fan_points``, the points without flowers; the classical
    winner's ``score``)."""
    summary_note: ClassVar[str] = ""
    """What a summary's average leaves out of the ``win`` event's value of the same name, said after
    ``per win`` (MCR: ``flowers not counted``, since its ``points`` field counts them); empty when
    nothing is left out."""
    limit_hands: ClassVar[bool] = True
    """Whether the ruleset has limit hands that a summary counts (MCR has none among its 81 fans, MCR-6)."""
    scores_every_hand: ClassVar[bool] = False
    """True when every player's hand is scored at a win (the classical game, CL-5.4): the
    engine then calls :meth:`score_end`, and ``hkmj score`` takes the other hands (``--other``)."""
    win_flags: ClassVar[frozenset[str]]
    """The ways of winning (scoring flags) this ruleset's scorer reads; the engine drops others."""
    rule_refs: ClassVar[Mapping[str, str]] = {}
    """Each Hong Kong rule (``HK-4.2``) that generic code cites (the engine's reasons, the terminal's
    and the records' words), and this ruleset's rule of the same content (``MCR-4.1``, ``CL-3.1``):
    :meth:`cite` rewrites by it. Empty for Hong Kong, whose numbers they are."""

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        specs = {o.key: o for o in self.OPTIONS}
        chosen = {o.key: o.default for o in self.OPTIONS}
        for key, value in (options or {}).items():
            spec = specs.get(str(key).strip().lower())
            if spec is None:
                known = f"for {self.name} rules (options: {', '.join(specs)})" if specs else f"{self.name} rules have no house options"
                raise RulesetError(
                    f"unknown option {echo(key)}: {known}" if not specs else f"unknown option {echo(key)} {known}",
                    "unknown_option", option=str(key), rules=self.name, known=", ".join(specs),
                )
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                raise RulesetError(f"option {spec.key}={value!r}: expected a text value")
            chosen[spec.key] = spec.check(str(value))
        self.options: Mapping[str, str] = dict(chosen)
        self.value_checked = False
        self.min_value = 0
        """The win check's minimum value (in :attr:`unit`): 0 = any complete hand wins."""
        """Whether a complete hand may still fail the win check (a minimum value), so that
        the engine must score it before offering Mahjong."""

    # -------------------------------------------------------------- identity

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ruleset) and (self.name, dict(self.options)) == (other.name, dict(other.options))

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.options.items()))))

    def __repr__(self) -> str:
        return f"get_ruleset({self.name!r}, {dict(self.options)!r})"

    # An immutable value: copies share it, and it pickles as its class and options (its tables,
    # compiled or not, are rebuilt by the constructor rather than copied field by field).
    def __copy__(self) -> Ruleset:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Ruleset:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (dict(self.options),))

    def changed_options(self) -> dict[str, str]:
        """The options that differ from this ruleset's defaults."""
        defaults = {o.key: o.default for o in self.OPTIONS}
        return {k: v for k, v in self.options.items() if defaults[k] != v}

    def describe(self, lang: str = "en") -> str:
        """A one-line description for tables and end screens: ``"Hong Kong (minfan=3)"``; a title
        that ends in brackets takes the options inside them (``"Classical (points and doubles;
        pay_highest=on)"``; in French ``"Classique (points et doublements ; pay_highest=on)"``),
        not in a second pair."""
        title = self.title_fr if lang == "fr" else self.title
        changed = ", ".join(f"{k}={v}" for k, v in self.changed_options().items())
        if not changed:
            return title
        semicolon = "\u00a0;" if lang == "fr" else ";"  # French puts a space before it
        return f"{title[:-1]}{semicolon} {changed})" if title.endswith(")") else f"{title} ({changed})"

    def cite(self, text: str) -> str:
        """``text`` written with Hong Kong rule numbers, citing this ruleset's rules instead
        (:attr:`rule_refs`): ``"... from the player on your left (HK-4.2)"`` → ``(MCR-4.1)``."""
        return cite_refs(text, self.rule_refs) if self.rule_refs else text

    def header(self) -> dict[str, Any]:
        """The record/table header fields: ``{"rules": name, "options": {...}}``."""
        return {"rules": self.name, "options": dict(self.options)}

    # -------------------------------------------------------------- shape hooks

    def hand_shanten(self, counts: Sequence[int], melds: int = 0) -> int:
        """A hand's distance from ready over the shapes that win under this ruleset, for the bots
        (:func:`hkmj.hand.shanten`: four groups and a pair, seven pairs, thirteen orphans, HK-5);
        with :attr:`knitted_shapes` the knitted hands too, at their own distance when nearer
        (:func:`hkmj.hand.knitted.shanten_knitted`, MCR-5.2.4, MCR-5.2.5)."""
        if self.knitted_shapes:
            return shanten_knitted(counts, melds)
        return shanten(counts, melds)

    def shanten_near(self, counts: Sequence[int], melds: int = 0, added: int = 1) -> Callable[[Sequence[int], int], int]:
        """:meth:`hand_shanten` for the hands a bot looks at from ``counts``: those with up to
        ``added`` tiles more (any fewer). Where none of them can have a knitted shape (more than
        one declared group, MCR-5.2.4, MCR-5.2.5), the standard :func:`hkmj.hand.shanten`,
        which measures them the same, faster; else :func:`~hkmj.hand.knitted.shanten_knitted`,
        which counts a knitted shape at any distance (a cheap bound skips the far ones)."""
        if self.knitted_shapes and melds <= 1:
            return shanten_knitted
        return shanten

    def hand_waits(self, counts: Sequence[int], melds: int = 0) -> list[int]:
        """The tiles that complete a hand of 13 - 3×melds concealed tiles under this ruleset, sorted
        (:func:`hkmj.hand.waits`; with :attr:`knitted_shapes`, :func:`~hkmj.hand.knitted.waits_knitted`)."""
        if self.knitted_shapes:
            return waits_knitted(counts, melds)
        return waits(counts, melds)

    # -------------------------------------------------------------- scoring hooks

    @abstractmethod
    def score(self, win: Win) -> Outcome:
        """Score a complete hand; raises :class:`~hkmj.scoring.InvalidHand` for one that is not."""

    def score_end(self, win: Win, hands: Sequence[PlayerHand]) -> Outcome:
        """Score a won hand at its end, seeing every seat's tiles (``hands`` by seat).

        For tables that score every player (the classical game, CL-5.4); by default :meth:`score`.
        """
        return self.score(win)

    def can_win(self, win: Win) -> bool:
        """The win check: a complete hand that reaches the ruleset's minimum."""
        try:
            return self.score(win).winning
        except InvalidHand:
            return False

    def score_json(self, obj: Any) -> dict[str, Any]:
        """Score one ``hkmj score`` JSON request (docs/scoring.md); never raises for bad input."""
        try:
            outcome = self.score(win_from_json(obj))  # the same required fields for every ruleset
        except InvalidHand as e:
            return {"valid": False, "error": self.cite(str(e))}
        return self.result_dict(outcome)

    @abstractmethod
    def result_dict(self, outcome: Outcome, lang: str = "en") -> dict[str, Any]:
        """The ``hkmj score`` JSON form of a scored hand: ``valid`` and the ruleset's fields;
        ``winning: false`` and ``reason`` when the hand is under the ruleset's minimum. Its
        ``name`` fields are in ``lang`` (``--lang fr``); its fields and their order stay."""

    def format_outcome(self, outcome: Outcome, lang: str = "en", roles: Sequence[str] = ()) -> str | None:
        """The ruleset's own human table for ``hkmj score``, or None for the generic one; ``roles``
        labels each seat's payment (E S W N: winner, discarder...)."""
        return None

    @abstractmethod
    def name_of(self, item_id: str, lang: str = "en") -> str:
        """Display name of a scoring element of this ruleset (``en`` or ``fr``)."""

    def counted(self, item_id: str, name: str, count: int, lang: str = "en") -> str:
        """The scoring element ``item_id`` (displayed as ``name``) counted ``count`` times, as
        every screen writes it: ``name`` once, else ``name ×count`` (the classical game says the
        count first, "2 flowers or seasons": :func:`hkmj.scoring.classical.counted`)."""
        return name if count <= 1 else f"{name} ×{count}"

    def seat_scoring(self, outcome: Outcome) -> tuple[SeatScoring, ...] | None:
        """Every seat's own score, itemised (E S W N), where every player scores (the classical
        game, CL-5.4); None where only the winner scores (by default)."""
        return None

    @abstractmethod
    def win_fields(self, outcome: Outcome) -> dict[str, Any]:
        """The scoring fields of a ``win`` event (see docs/engine.md)."""

    @abstractmethod
    def describe_win(self, event: Mapping[str, Any], lang: str = "en") -> str:
        """One line summing up a recorded ``win`` event's score in ``lang`` (items and total; the
        payments are shown apart, labelled by seat)."""

    def payment_note(
        self,
        payments: Sequence[int],
        winner: int,
        discarder: int | None,
        points: int | None,
        scores: Sequence[int] | None = None,
        robbed: bool = False,
    ) -> PaymentNote | None:
        """Why a win's ``payments`` (by seat, without a dead hand's fines) are what they are, where
        this ruleset's rule makes them from the winner's ``points`` (MCR-8) or from every seat's
        ``scores`` (CL-7); None where the amounts are not that rule's split, and by default (Hong
        Kong's base and its payment options are read from the win's ``base``, HK-6). ``robbed``:
        the ``discarder`` is the player whose kong was robbed."""
        return None

    @abstractmethod
    def false_mahjong_payments(self, offender: int, discarder: int | None) -> tuple[int, int, int, int]:
        """What a false Mahjong costs, by seat (summing to zero)."""

    # -------------------------------------------------------------- rotation and length

    round_seats: ClassVar[tuple[tuple[int, int, int, int], ...]] = SAME_SEATS
    """Per round (prevailing wind), the first-hand seat of the player who sits at each wind when the
    round starts: :data:`SAME_SEATS` (Hong Kong: players keep their places, the deal moves round
    them) or :data:`ROUND_SEATS` (MCR, the classical game CL-4.5: seats change at each round)."""

    def dealer_keeps(self, kind: str, winner: int | None) -> bool:
        """Whether East deals again after a hand ending in ``kind`` won by ``winner``: never, the
        deal passes after every hand (MCR, CL-4.3); Hong Kong overrides it (HK-7.2)."""
        return False

    def player_at(self, first: Sequence[int], rotations: int, seat: int) -> int:
        """The player at ``seat`` after ``rotations`` passes of the deal (``first[s]`` sat at ``s``
        first): the round's :attr:`round_seats`, then one step per pass within the round."""
        return first[self.round_seats[min(rotations // 4, 3)][(seat + rotations) % 4]]

    def prevailing(self, rotations: int) -> int:
        """The prevailing wind after ``rotations`` passes of the deal: four deals per wind (HK-7.3,
        MCR's 16 hands, CL-4.4)."""
        return min(rotations // 4, 3)

    game_rotations: ClassVar[int] = 16
    """A full game ends after this many passes of the deal (HK-7.3; MCR and classical: 16 hands)."""
