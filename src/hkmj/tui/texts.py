"""Every string ``hkmj play`` shows, one table per language (``en``, ``fr``).

Keys are dotted: ``ev.*`` describe what happened, ``no.*`` say why a key was refused and
``rule.*`` explain the rule behind it in plain words (shown with ``--teach``), ``teach.*`` are
the teaching-table warnings of the tutorial's common mistakes (seed 004, §08), ``st.*`` tell
the player what to do now, ``help.*`` is the on-screen help. Both tables have the same keys
and the same ``{placeholders}`` (a test checks it).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from hkmj.tiles import HONOUR, Tile, name, plural_name
from hkmj.tui.rules_texts import rule_words

__all__ = ["LANGS", "STRINGS", "Texts"]

LANGS = ("en", "fr")

EN: dict[str, str] = {
    # --- names
    "you": "You",
    "you.lower": "you",
    "bot": "Bot {n} ({kind})",
    "wind.0": "East",
    "wind.1": "South",
    "wind.2": "West",
    "wind.3": "North",
    "rel.left": "left",
    "rel.across": "across",
    "rel.right": "right",
    "rel.you": "you",
    "kind.pung": "pung",
    "kind.chow": "chow",
    "kind.kong": "kong",
    "kind.mahjong": "Mahjong",
    # --- screen
    "hdr": "Hand {hand} · prevailing {prevailing} · dealer {dealer} · wall {live} · seed {seed}",
    "hdr.teach": "teaching",
    "hdr.short": "Hand {hand} · prevailing {prevailing} · wall {live} · seed {seed}",
    "hdr.tiny": "Hand {hand} · {prevailing} round · wall {live} · seed {seed}",
    "hdr.min": "Hand {hand} · {prevailing} round · wall {live}",
    "hdr.rules.hk": "HK",
    "hdr.rules.mcr": "MCR",
    "hdr.rules.classical": "Classical",
    "hdr.more.one": "+{n} option (?)",
    "hdr.more.other": "+{n} options (?)",
    "help.table": "This table: {rules}",
    "help.seed": "seed {seed}",
    "bot.short": "Bot {n}",
    "panel": "{wind} · {name} · {score:+d}",
    "panel.tiles.one": "{n} tile",
    "panel.tiles.other": "{n} tiles",
    "panel.dealer": "dealer",
    "panel.dead": "dead hand",
    "panel.turn": " playing ",
    "panel.left_note": "left: you may chow",
    "panel.pond": "pond",
    "panel.you": "You are {wind} · {score:+d}",
    "panel.melds": "melds",
    "panel.bonus": "bonus",
    "panel.none": "—",
    "btn.discard": "Discard {tile} [Enter]",
    "btn.pass": "Pass [Space]",
    "btn.pung": "Pung [p]",
    "btn.chow": "Chow {tiles} [c]",
    "btn.kong": "Kong {tile} [k]",
    "btn.chow.any": "Chow [c]",
    "btn.kong.any": "Kong [k]",
    "btn.mahjong": "Mahjong! [m]",
    "btn.hint": "Hint [h]",
    "btn.help": "Help [?]",
    "key.hint": "Hint",
    "key.help": "Help",
    "key.quit": "Quit",
    "key.pass": "Pass",
    "key.pung": "Pung",
    "key.chow": "Chow",
    "key.kong": "Kong",
    "key.mahjong": "Mahjong!",
    "key.discard": "Discard",
    "choose.chow": "Which chow? {options} — or Esc",
    "choose.kong": "Which kong? {options} — or Esc",
    "log.title": "Table",
    "hint.title": "Hint (h to hide)",
    # --- status: what to do now
    "st.turn": "Your turn: pick a discard by its letter (or ← →) and press Enter, or click it twice.",
    "st.turn.claimed": "You claimed, so you don't draw: pick a discard by its letter (or ← →), then Enter.",
    "st.turn.kong": " You may declare a kong (k).",
    "st.turn.win": " Your hand is complete: declare Mahjong (m)!",
    "st.claim": "{who} discards {tile}: {options}, or pass (Space).",
    "st.rob": "{who} adds {tile} to a pung: rob it for Mahjong (m) or pass (Space) (HK-4.10).",
    "st.watch": "{who} discards {tile}.",
    "st.others": "{who} is playing…",
    "st.over": "The hand is over: press Enter.",
    "st.confirm": "Press m again to declare Mahjong, any other key to cancel.",
    "opt.pung": "pung (p)",
    "opt.chow": "chow (c)",
    "opt.kong": "kong (k)",
    "opt.mahjong": "Mahjong (m)",
    # --- events
    "ev.hand": "— Hand {hand}: you are {wind}; prevailing wind {prevailing}; dealer {dealer}.",
    "ev.hand.you_deal": "— Hand {hand}: you are {wind}, the dealer; prevailing wind {prevailing}.",
    "ev.seats": "The players change seats: on your right {right}, across {across}, on your left {left}.",
    "ev.resumed.one": "— Match resumed: {n} move played again from the saved file, as it was played.",
    "ev.resumed.other": "— Match resumed: {n} moves played again from the saved file, as they were played.",
    "ev.resumed.none": "— Match resumed: no move had been played yet.",
    "ev.discard": "{who} discards {tile}.",
    "ev.discard.you": "You discard {tile}.",
    "ev.discard.final": " (final discard: only Mahjong may claim it)",
    "ev.draw.you": "You draw {tile}.",
    "ev.replacement.you": "You take a replacement tile from the dead wall: {tile}.",
    "ev.replacement": "{who} takes a replacement tile from the dead wall.",
    "ev.bonus": "{who} exposes the bonus tile {tile} and takes a replacement.",
    "ev.bonus.you": "You expose the bonus tile {tile} (HK-3.2).",
    "ev.claim": "{who} claims {tile} from {whom}: {kind}.",
    "ev.claim.you": "You claim {tile} from {whom}: {kind}.",
    "ev.claim.from_you": "{who} claims {tile} from you: {kind}.",
    "ev.ckong": "{who} declares a concealed kong of {tile}.",
    "ev.ckong.you": "You declare a concealed kong of {tile}.",
    "ev.akong": "{who} adds {tile} to an exposed pung: kong.",
    "ev.akong.you": "You add {tile} to your pung: kong.",
    "ev.win.self_draw": "{who} wins by self-draw on {tile}: Mahjong!",
    "ev.win.discard": "{who} wins on {tile} discarded by {whom}: Mahjong!",
    "ev.win.robbed_kong": "{who} wins by robbing {tile}, added to a pung by {whom}: Mahjong!",
    "ev.win.self_draw.you": "You win by self-draw on {tile}: Mahjong!",
    "ev.win.discard.you": "You win on {tile} discarded by {whom}: Mahjong!",
    "ev.win.robbed_kong.you": "You win by robbing {tile}, added to a pung by {whom}: Mahjong!",
    "ev.false": "False Mahjong by {who}: the hand ends and {who} pays {amount} to each player (HK-5.7).",
    "ev.false.you": "False Mahjong! {why} You pay {amount} to each player (HK-5.7).",
    "ev.false.you.discard": "False Mahjong! {why} You pay {whom} {double}, double as the discarder, and {amount} to each other player (HK-5.7).",
    "ev.false.discard": "False Mahjong by {who}: the hand ends and {who} pays {whom} {double}, double as the discarder, and {amount} to each other player (HK-5.7).",
    "ev.false.discard.you": "False Mahjong by {who}: the hand ends and {who} pays you {double}, double as the discarder, and {amount} to each other player (HK-5.7).",
    "ev.false.dead": "False Mahjong by {who}: {who}'s hand is dead and play goes on; {who} pays {amount} to each player (HK-5.7).",
    "ev.false.dead.you": "False Mahjong! {why} Your hand is dead: you play on but cannot win or claim; you pay {amount} to each player (HK-5.7).",
    "end.total_points": "Total points",
    "ev.refused": "Mahjong refused (teaching table, HK-5.7): {why}",
    "ev.exhausted": "The live wall is empty: the hand is a draw, nobody pays (HK-3.5, HK-7.1).",
    "ev.exhausted.fined": "The live wall is empty: the hand is a draw, nobody wins (HK-3.5, HK-7.1).",
    "ev.bot_error": "{who} (bot) failed ({error}); the table played for it: {action}.",
    "ev.save_failed": "The match can no longer be saved ({reason}); it goes on unsaved.",
    "why.hand": "Your hand",
    "why.hand_with": "Your hand with {tile}",
    "why.tiles_with": "{hand} with {tile}",
    "st.waiting": "Waiting for the other players to answer your discard…",
    "why.not_winning": "{hand} is not a winning hand: it is not four groups and a pair (HK-5.1), seven distinct pairs (HK-5.3) or thirteen orphans (HK-5.4); it is {dist}.",
    "why.under_min": "{hand} is complete, but these rules need at least {min} {unit} to win.",
    "unit.fan": "fan",
    "unit.points": "points",
    # --- refusals (short) and their rules (teaching table)
    "no.hand_over": "The hand is over.",
    "no.wait": "Not now: it is {who}'s turn.",
    "no.answer_first": "{tile}, discarded by {who}, is on offer: claim it or pass (Space) first.",
    "rule.answer_first": "HK-4: after each discard the other players may claim it; you answer before anyone draws.",
    "no.no_offer": "There is no discard to claim now.",
    "key.unused": "The key {press} does nothing here: the letter under a tile picks it; ? shows every key.",
    "key.unused.choice": "The key {press} does nothing here: press a number from 1 to {n} to pick one of the choices listed, or Esc.",
    "key.caps": "The key {press} does nothing here: keys are small letters — press {lower} (is Caps Lock on?).",
    "key.enter": "Enter",
    "rule.no_offer": "HK-4.1: only the latest discard can be claimed, and only before the next player draws. An older discard stays in the pond for good.",
    "no.own_discard": "You can't claim your own discard.",
    "rule.own_discard": "HK-4: the other players may claim your discard; wait for your next turn.",
    "no.old_discard": "That is an old discard: it can't be claimed any more.",
    "pond.all": "{who}: {n} discards, the earliest first: {tiles}.",
    "rule.old_discard": "HK-4.1: only the latest discard can be claimed, and only before the next player draws.",
    "no.final": "The final discard can be claimed only for Mahjong.",
    "rule.final": "HK-4.9: the discard made after the last live-wall tile was drawn may be taken only to win.",
    "no.rob": "An added kong can be taken only for Mahjong.",
    "rule.rob": "HK-4.10: when a player adds a tile to a pung you may rob that tile only if it completes your winning hand at once.",
    "no.pung_one": "You hold only one {tile}: a pung needs two in your hand.",
    "no.pung_none": "You hold no {tile}: a pung needs two in your hand.",
    "rule.pung": "HK-4.3: to pung a discard you show two matching tiles from your hand. HK-4.5: a discard is never claimed just to make a pair, unless it completes your winning hand.",
    "no.chow_left": "You can chow only the discard of the player on your left ({left}); this one comes from {who}.",
    "rule.chow_left": "HK-4.2: a chow may be claimed only from the player just before you in play order — your left. From anyone you may pung, kong or win.",
    "no.chow_honour": "{tile} is an honour: honours never make chows.",
    "rule.chow_honour": "HK-5.2: a chow is three consecutive numbers of one suit; winds and dragons never form chows (East-South-West is not a chow).",
    "no.chow_suits": "A chow can't mix suits: {tile} makes a run only with tiles of its own suit.",
    "rule.chow_suits": "HK-5.2: chows never cross suits; for example 8-9 Characters with 1 Circles is not a chow.",
    "no.chow_need": "No chow with {tile}: you need two tiles of the same suit that run with it (such as {example}).",
    "rule.chow_need": "HK-4.2: show the two tiles from your hand that make a run of three with the discard.",
    "no.kong_turn": "No kong to declare: you need four identical tiles in hand, or a tile matching one of your exposed pungs.",
    "rule.kong_turn": "HK-3.3: after a draw you may declare a concealed kong (four identical tiles in hand) or add a tile to your exposed pung; you then take a replacement tile.",
    "no.kong_after_claim": "You just claimed a tile: now discard.",
    "rule.kong_after_claim": "HK-4.2, HK-4.3: after claiming a chow or a pung you discard at once, without drawing.",
    "no.kong_three": "A kong from a discard needs three {tile} in your hand.",
    "no.kong_exposed": "A discard can't turn your exposed pung of {tile} into a kong.",
    "rule.kong_claim": "HK-4.4: to kong a discard you need three matching tiles in hand; a discard never extends an exposed pung (add the fourth tile yourself when you draw it).",
    "no.mahjong_now": "You can declare Mahjong only after your own draw, or on a tile you could take.",
    "rule.mahjong_now": "HK-5.5: the winning tile is your draw or replacement, another player's latest discard, or a robbed kong tile.",
    "no.dead": "Your hand is dead after your false Mahjong (HK-5.7): you can no longer win or claim in this hand; just draw and discard.",
    "no.nothing_to_pass": "There is nothing to pass.",
    "no.not_yours": "Nothing to do with that tile now.",
    # --- teaching-table warnings (seed 004, §08)
    "teach.intro": "Teaching table: refused actions are explained and a false Mahjong is refused instead of penalised (HK-5.7). Press ? for help, h for hints.",
    "teach.pairs": "This is not pairs solitaire: pairs alone don't win. You need four groups (runs or sets of three) and one pair, or seven different pairs (HK-5.1, HK-5.3).",
    "teach.kong_replacement": "After a kong you always take a replacement tile from the dead wall ({tile}), or you would be a tile short (HK-3.3). Now discard.",
    "teach.four_in_hand": "You hold four {tile}: you may declare a concealed kong (k) and take a replacement tile, or keep them as ordinary tiles (HK-3.3, HK-3.4).",
    "teach.other_tables": "Scored with the Hong Kong table only: no minimum fan (a 0-fan hand wins, HK-6), and, as the rules page says, no fans from riichi, MCR or other tables.",
    "teach.chow_offer": "You may chow {tile} because {who} is on your left (HK-4.2).",
    "confirm.mahjong.each": "Declare Mahjong? If your hand is not complete it is a false Mahjong: you pay {amount} to each player (HK-5.7).",
    "confirm.mahjong.double": "Declare Mahjong? If your hand is not complete it is a false Mahjong: you pay {whom} {double}, double as the discarder, and {amount} to each other player (HK-5.7).",
    # --- hints
    "hint.complete": "Your hand is complete: declare Mahjong (m)!",
    "hint.under_min": "Your hand is complete, but worth less than the {min} {unit} these rules need to win: don't declare Mahjong; discard and build more value.",
    "dist.0": "ready: one tile from winning",
    "dist.short": "ready in shape only: no wait scores the {min} {unit} these rules need to win",
    "dist.one": "{n} tile from ready",
    "dist.other": "{n} tiles from ready",
    "hint.distance": "Your hand is {dist}.",
    "hint.waits": "Waits: {tiles}",
    "hint.no_waits": "Waiting only on tiles you already hold all four of: change your wait.",
    "hint.improving": "Useful tiles: {tiles} ({unseen})",
    "hint.discards": "Best discards, and where each leaves your hand:",
    "hint.discard": "{tile} → {dist} · {unseen}",
    "hint.discard.ready": "{tile} → ready · waits {waits}",
    "hint.discard.ready.scoring": "{tile} → ready · waits {waits} · {min}+ {unit} on {scoring}",
    "hint.discard.ready.all": "{tile} → ready · waits {waits} ({min}+ {unit})",
    "hint.discard.ready.short": "{tile} → ready in shape, no wait scores {min} {unit} · waits {waits}",
    "hint.discard.ready.out": "{tile} → ready, but every winning tile is out · waits {waits}",
    "hint.discard.drawn": " · only self-drawn on {tiles}",
    "hint.short": "Your hand is ready in shape only: no wait scores the {min} {unit} these rules need to win.",
    "hint.out": "Your hand is ready, but every winning tile is already out (in your hand, the melds or the discards): change your wait.",
    "hint.waits.scoring": "Waits scoring {min}+ {unit}: {tiles}",
    "hint.waits.drawn": "Waits scoring {min}+ {unit} only self-drawn: {tiles}",
    "hint.waits.short": "Waits under {min} {unit} (they cannot win): {tiles}",
    "unseen.one": "{n} useful tile unseen",
    "unseen.other": "{n} useful tiles unseen",
    "hint.none": "Nothing to compute now.",
    "hint.dead": "Your hand is dead after your false Mahjong (HK-5.7): you cannot win this hand nor claim; discard safely.",
    "hint.safe": "Safest discard: {tile} (the least likely to let another player win)",
    "hint.best": "Best move (the {bot} bot): {action}",
    "hint.act.discard": "discard {tile}",
    "hint.act.pass": "pass",
    "hint.act.pung": "pung",
    "hint.act.chow": "chow {tiles}",
    "hint.act.kong": "kong {tile}",
    "hint.act.mahjong": "declare Mahjong",
    "hint.unseen.one": "{tile} ({n} unseen)",
    "hint.unseen.other": "{tile} ({n} unseen)",
    # --- end of hand and match
    "end.title.win": "{who} wins the hand!",
    "end.title.you": "You win the hand!",
    "end.title.draw": "Draw: the wall is empty, nobody pays.",
    "end.title.draw.fined": "Draw: the wall is empty, nobody wins.",
    "end.title.penalty": "False Mahjong by {who}.",
    "end.claims.2": "Two players",
    "end.claims.3": "Three players",
    "end.claims.won": "{players} claimed Mahjong on this tile; {who} won it as the first in turn order after {whom} (HK-4.7).",
    "end.claims.won.you": "{players} claimed Mahjong on this tile; you won it as the first in turn order after {whom} (HK-4.7).",
    "end.claims.false": "{players} claimed Mahjong on this tile; {who}'s claim, the first in turn order after {whom}, was judged first and is not a win: the hand ends there and the others were not examined (R-6).",
    "end.claims.false.you": "{players} claimed Mahjong on this tile; your claim, the first in turn order after {whom}, was judged first and is not a win: the hand ends there and the others were not examined (R-6).",
    "end.hands": "Every hand revealed",
    "end.own": "{points}, {doubles}: scores {score}",
    "end.own.lines": "{lines}\u00a0=\u00a0{points}",
    "end.own.doubled": "; doubled by {doubles}: {points}\u00a0×\u00a0{factor}\u00a0=\u00a0{score}",
    "end.own.capped": ", capped at the limit: {score}",
    "pts.one": "{n} point",
    "pts.other": "{n} points",
    "dbl.one": "{n} double",
    "dbl.other": "{n} doubles",
    "end.concealed": "hand",
    "end.win_type.self_draw": "Won by self-draw on {tile}{flags}.",
    "end.win_type.discard": "Won on {tile} discarded by {whom}{flags}.",
    "end.win_type.robbed_kong": "Won by robbing {tile}, added to a pung by {whom}{flags}.",
    "end.flag.last_wall_tile": "last tile of the wall",
    "end.flag.final_discard": "final discard",
    "end.flag.kong_replacement": "replacement tile after a kong",
    "end.flag.heavenly": "heavenly hand",
    "end.flag.earthly": "earthly hand",
    "end.flag.last_of_kind": "last tile of its kind",
    "end.element": "Element",
    "end.fan": "fan",
    "end.total_fan": "Total fan",
    "end.no_element": "No scoring element: a hand worth 0 fan still wins (HK-6).",
    "end.limit": "Limit hand: {name} (the elements are shown for information)",
    "end.base": "Base points: {base}",
    "end.payments": "Payments",
    "end.pay.self_draw": "Self-drawn win: everyone pays double the base, 2 × {base} = {double} each; the winner ({winner}) receives {total} (HK-6).",
    "end.pay.discard": "The discarder ({whom}) pays double the base, 2 × {base} = {double}; the two others pay the base, {base} each; the winner ({winner}) receives {total} (HK-6).",
    "end.pay.robbed_kong": "The robbed player ({whom}) pays as a discarder, double the base: 2 × {base} = {double}; the two others pay {base} each; the winner ({winner}) receives {total} (HK-4.10, HK-6).",
    "end.pay.penalty.each": "Its declarer ({whom}) pays {amount} to each other player (HK-5.7).",
    "end.pay.penalty.double": "Its declarer ({whom}) pays the discarder ({to}) {double}, double, and {amount} to each of the two others (HK-5.7).",
    "end.pay.half_shooter.discard": "House rule (half-shooter): the discarder ({whom}) pays for everyone, 4 × {base} = {quad}; the two others pay nothing; the winner ({winner}) receives {quad} (HK-6 otherwise).",
    "end.pay.half_shooter.robbed_kong": "House rule (half-shooter): the robbed player ({whom}) pays for everyone, 4 × {base} = {quad}; the two others pay nothing; the winner ({winner}) receives {quad} (HK-4.10).",
    "house.minfan": "House rule: a hand needs at least {minfan} to win; a limit hand always may (HK-6 itself has no minimum).",
    "house.minfan.teach": "Scored with the Hong Kong table only (HK-6), with the house minimum of {minfan} to win, and, as the rules page says, no fans from riichi, MCR or other tables.",
    "house.minfan.intro": "Teaching table: refused actions are explained and a false Mahjong is refused instead of penalised (HK-5.7). House rule: a win needs at least {minfan}; a limit hand always may. Press ? for help, h for hints.",
    "house.half_shooter": "On a discard the discarder pays for everyone, 4 × the base, and the two others nothing (house rule);",
    "house.opt.hk.minfan": "minimum {v} {fan}",
    "house.opt.hk.limit": "limit from {v} {fan}",
    "house.opt.hk.table.half": "half-exponential fan table",
    "house.opt.hk.table.doubling": "doubling fan table",
    "house.opt.hk.payment.half-shooter": "the discarder pays for all",
    "house.opt.hk.base": "base value {v}",
    "house.opt.classical.limit": "limit {v} points",
    "house.opt.classical.pay_highest.on": "pay the highest score",
    "house.short.hk.minfan": "min {v} {fan}",
    "house.short.hk.limit": "limit {v} {fan}",
    "house.short.hk.table.half": "half table",
    "house.short.hk.table.doubling": "doubling table",
    "house.short.hk.payment.half-shooter": "shooter pays all",
    "house.short.hk.base": "base ×{v}",
    "house.short.classical.limit": "limit {v}",
    "house.short.classical.pay_highest.on": "pay highest",
    "end.winner.you": "you",
    "end.scroll": "↑↓ scroll",
    "end.totals": "Totals",
    "colon": ": ",
    "semicolon": "; ",
    "end.continue": "Press Enter for the next hand (q leaves).",
    "end.last": "Press Enter for the final ranking.",
    "rank.title.one": "Final ranking after {n} hand",
    "rank.title.other": "Final ranking after {n} hands",
    "rank.row": "{rank}. {name}: {total:+d}",
    "rank.quit": "Press Enter or q to leave.",
    "small": "The terminal is {width}×{height}: hkmj play needs at least {min_width}×{min_height}.\nEnlarge the window to go on (the game waits), or press q to leave.",
    "quit.ask": "Leave the match? (y / n)",
    "quit.yes": "y",
    "quit.saved": "The match is saved as you play: to continue it later,\n{command}",
    "keys": "Keys: letter+Enter discard · Space pass · p c k m · h hint · ? help · q quit",
    "help.glyphs": "With --glyphs the same tiles are drawn as Unicode mahjong tiles.",
    "help.glyphs_on": "With --glyphs, as now, each tile is drawn as below, over its name:",
    "help.title": "How to play — Hong Kong Mahjong",
    "help.close": "Esc closes · ↑↓ PgUp PgDn scroll",
    "help.body": """THE GOAL
Be the first to complete a hand: four groups and a pair (HK-5.1).
  • chow: three numbers in a row of one suit, like 3-4-5 Circles. Never with winds or dragons, never across suits (HK-5.2).
  • pung: three identical tiles.
  • kong: four identical tiles (you then take one extra tile).
  • pair: two identical tiles.
Two special hands also win: seven different pairs (HK-5.3) and thirteen orphans (HK-5.4). Thirteen orphans is one each of the 1 and 9 of every suit, the four winds and the three dragons, plus a second of any one of them: a limit hand (HK-6).
There is no minimum: any complete hand wins, even worth 0 fan (a fan is a unit of a hand's score, HK-6).

THE TILES
  5m = 5 Characters (red)   5p = 5 Circles (blue)   5s = 5 Bamboo (green)
  E S W N = East, South, West, North winds;  Wh Gr Rd = White, Green, Red dragons (the honours).
  F1 F2 F3 F4 flowers and S1 S2 S3 S4 seasons are bonus tiles: set aside and replaced for you.
With --glyphs the same tiles are drawn as Unicode mahjong tiles.

THE TABLE
Each player has a panel: seat wind · name · the points won (+) or lost (-) in the match so far; where the player sits (left, across, right) · how many tiles that hand hides; its melds, the groups it claimed or declared (a concealed kong shows its two outer tiles face down), and its bonus tiles; then its discards. "playing" marks whose turn it is, "dealer" the dealer. The top line also says which hand this is (Hand 1/4: the first of four) and the seed: the same seed deals the same walls.

YOUR TURN
You draw one tile automatically; it is shown apart on the right of your hand. Then discard one tile: press the letter shown under it (or move with ← →, Home/End) and press Enter, or click it twice. With four identical tiles in hand, or the fourth tile of a pung you claimed, you may declare a kong (k). If your hand is complete, press m: Mahjong!
The top line counts the tiles left to draw (wall 70) and names the prevailing wind, the wind of the round (East first). When no tile is left, the hand is a draw: nobody pays (HK-3.5, HK-7.1). A kong or a bonus tile is replaced from the dead wall, tiles kept apart at the end of the wall (HK-3.2, HK-3.3).

AFTER A DISCARD
Each player's discards, their pond, are shown at the bottom of their panel; the latest discard is highlighted. If you can use it, the game stops and shows your choices:
  p pung (you hold two of that tile) · c chow (only from the player on your left, who plays just before you)
  k kong (you hold three) · m Mahjong (it completes your hand) · Space pass.
Only the latest discard can be taken, and only before the next player draws (HK-4.1).
A pond too long for its panel shows its newest discards, the latest last, after the count of the earlier ones (+7): click the count to list the whole pond in the log.
After a chow or pung you discard without drawing; the players in between lose their turn.

YOUR FIRST HAND
Keep tiles that work together: pairs, and numbers of one suit close to each other (4-5, 6-8). Discard first the lonely winds and dragons nobody else shows, then numbers far from the rest. Claim a pung when it builds a group; the hint (h) shows which discards keep the most useful tiles. When the hint says your hand is "ready", wait: the game stops as soon as a tile could complete your hand.

HELP WHILE PLAYING
  h shows a hint: how many tiles your hand is from ready ("4 tiles from ready": it needs four more useful tiles before one tile can win), the tiles you wait for, the best discards.
  The line above the table log always says what you can do now.
  PgUp/PgDn scroll the hint panel when it is shown, else the log.
  q leaves the match (it asks first; Ctrl+C too); Esc cancels a choice.

SCORING
Only the winner scores: the fan of the winning hand's elements (HK-6) give its base points. On a discard the discarder pays double the base and the two others the base; on a self-drawn win everyone pays double. The end-of-hand screen shows the sums. A false Mahjong costs {penalty} to each other player, {penalty2} to a discarder (HK-5.7); at a teaching table (--teach) it is refused and explained instead.

COMMON MISTAKES
  • This is not pairs solitaire: pairs alone don't win.
  • No chow across suits or with winds and dragons.
  • Don't try to take an old discard.
  • After a kong, take the replacement tile (the game does it for you).
  • Don't mix in fans from other tables (riichi, MCR…).

Esc, ? or q closes this help; arrows and PgUp/PgDn scroll it.""",
    # --- command line
    "cli.fallback": "hkmj play: bot {name!r} is not available; playing {fallback} instead",
    "cli.bots_count": "hkmj play: --bots takes three names separated by commas, e.g. strong,strong,greedy",
    "cli.result.one": "Seed {seed} · {n} hand played · your total {total:+d} · rank {rank}/4",
    "cli.result.other": "Seed {seed} · {n} hands played · your total {total:+d} · rank {rank}/4",
    "cli.none": "Seed {seed} · no hand was finished, so there is no score or rank.",
    "cli.record": "Match record written to {path}.",
    "cli.review": "Review your decisions: hkmj review {path}",
    "cli.resume.input": "hkmj play: --resume {problem}",
    "cli.resume.server": "hkmj play: --resume {path}: this is a server table's log; a table's match is played on its server, not resumed here",
    "cli.resume.not_play": "hkmj play: --resume {path}: this record was not saved by hkmj play (its first line names no bots), so it cannot be resumed; hkmj replay {path} --show shows it",
    "cli.resume.bad_header": "hkmj play: --resume {path}: line {line}, the match's header, is damaged (its seed, rules or bots cannot be read); the match cannot be resumed",
    "cli.resume.over": "hkmj play: --resume {path}: this match is over, there is nothing to resume; hkmj replay {path} --show shows it",
    "cli.resume.no_replay": "hkmj play: --resume {path}: the match does not replay: line {line} ({event}) is not what the engine and the bots play now; the file is left as it is",
    "cli.resume.conflict": "hkmj play: --resume {path}: {given} contradicts the saved match ({saved}); leave it out",
    "cli.resume.full_game": "a full game",
    "cli.resume.no_teach": "a table without --teach",
    "cli.resume.record": "hkmj play: --resume and --record {record}: a resumed match goes on in its own file ({path}); leave out --record",
    "cli.resume.busy": "hkmj play: --resume {path}: another hkmj play is playing this match; go on there",
    "cli.resume.unwritable": "hkmj play: --resume {path}: cannot write to the file ({reason}), so the match could not be saved as it goes on",
    "cli.autosave_failed": "hkmj play: cannot save the match in {path} ({reason}); give a file with --record FILE",
    "cli.autosave_no_home": "hkmj play: cannot save the match in {path}: the home folder {home} does not exist; give a file with --record FILE",
    "cli.saved": "To continue: {command}",
    "cli.unsaved": "hkmj play: {path}: the match could not be saved to its end ({reason}); the file holds it up to then",
    "cli.record_removed": "hkmj play: {path}: the file (or its folder) was removed during the match; the match is lost",
    "cli.no_terminal": "hkmj play: needs a terminal to play in (its input or output is a pipe or a file); run it in a terminal window of at least 80×24, or let bots play with hkmj simulate",
    "cli.no_terminal_stderr": "hkmj play: draws the table on standard error, which is a file or a pipe here (2> …), so nothing would show; run it without redirecting standard error",
    "cli.dumb_terminal": "hkmj play: TERM={term} says this terminal cannot move its cursor, so the table cannot be drawn; run it in a terminal window (TERM=xterm-256color, for instance), with NO_COLOR=1 for no colours, or let bots play with hkmj simulate",
    "cli.record_exists": "hkmj play: --record {path}: this file already exists (a match saved before?); give another name, or delete the file first",
    "cli.record_not_file": "hkmj play: --record {path}: not a regular file (a device, a pipe or a terminal); the match is saved in a file of its own, to continue it: give a file name",
    "cli.record_busy": "hkmj play: --record {path}: a running hkmj play is writing this file; give another name",
    "cli.record_unwritable": "hkmj play: --record {path}: cannot write the file ({reason}); give another path",
}

FR: dict[str, str] = {
    "you": "Vous",
    "you.lower": "vous",
    "bot": "Robot {n} ({kind})",
    "wind.0": "Est",
    "wind.1": "Sud",
    "wind.2": "Ouest",
    "wind.3": "Nord",
    "rel.left": "à gauche",
    "rel.across": "en face",
    "rel.right": "à droite",
    "rel.you": "vous",
    "kind.pung": "pung",
    "kind.chow": "chow",
    "kind.kong": "kong",
    "kind.mahjong": "Mahjong",
    "hdr": "Donne {hand} · vent {prevailing} · donneur {dealer} · mur {live} · graine {seed}",
    "hdr.teach": "apprentissage",
    "hdr.short": "Donne {hand} · vent {prevailing} · mur {live} · graine {seed}",
    "hdr.tiny": "Donne {hand} · vent {prevailing} · mur {live} · graine {seed}",
    "hdr.min": "Donne {hand} · vent {prevailing} · mur {live}",
    "hdr.rules.hk": "HK",
    "hdr.rules.mcr": "MCR",
    "hdr.rules.classical": "Classique",
    "hdr.more.one": "+{n} option (?)",
    "hdr.more.other": "+{n} options (?)",
    "help.table": "Cette table\u00a0: {rules}",
    "help.seed": "graine {seed}",
    "bot.short": "Robot {n}",
    "panel": "{wind} · {name} · {score:+d}",
    "panel.tiles.one": "{n} tuile",
    "panel.tiles.other": "{n} tuiles",
    "panel.dealer": "donneur",
    "panel.dead": "main morte",
    "panel.turn": " joue ",
    "panel.left_note": "à gauche\u00a0: chow",
    "panel.pond": "défausses",
    "panel.you": "Vous êtes {wind} · {score:+d}",
    "panel.melds": "groupes",
    "panel.bonus": "bonus",
    "panel.none": "—",
    "btn.discard": "Défausser {tile} [Entrée]",
    "btn.pass": "Passer [Espace]",
    "btn.pung": "Pung [p]",
    "btn.chow": "Chow {tiles} [c]",
    "btn.kong": "Kong {tile} [k]",
    "btn.chow.any": "Chow [c]",
    "btn.kong.any": "Kong [k]",
    "btn.mahjong": "Mahjong\u00a0! [m]",
    "btn.hint": "Conseil [h]",
    "btn.help": "Aide [?]",
    "key.hint": "Conseil",
    "key.help": "Aide",
    "key.quit": "Quitter",
    "key.pass": "Passer",
    "key.pung": "Pung",
    "key.chow": "Chow",
    "key.kong": "Kong",
    "key.mahjong": "Mahjong\u00a0!",
    "key.discard": "Défausser",
    "choose.chow": "Quel chow\u00a0? {options} — ou Échap",
    "choose.kong": "Quel kong\u00a0? {options} — ou Échap",
    "log.title": "Table",
    "hint.title": "Conseil (h pour masquer)",
    "st.turn": "À vous\u00a0: choisissez votre défausse par sa lettre (ou ← →) puis Entrée, ou cliquez-la deux fois.",
    "st.turn.claimed": "Vous avez réclamé, donc vous ne piochez pas\u00a0: choisissez votre défausse par sa lettre (ou ← →) puis Entrée.",
    "st.turn.kong": " Vous pouvez déclarer un kong (k).",
    "st.turn.win": " Votre main est complète\u00a0: annoncez Mahjong (m)\u00a0!",
    "st.claim": "{who} défausse {tile}\u00a0: {options}, ou passez (Espace).",
    "st.rob": "{who} ajoute {tile} à un pung\u00a0: volez-la pour Mahjong (m) ou passez (Espace) (HK-4.10).",
    "st.watch": "{who} défausse {tile}.",
    "st.others": "{who} joue…",
    "st.over": "La donne est finie\u00a0: appuyez sur Entrée.",
    "st.confirm": "Appuyez encore sur m pour annoncer Mahjong, sur une autre touche pour annuler.",
    "opt.pung": "pung (p)",
    "opt.chow": "chow (c)",
    "opt.kong": "kong (k)",
    "opt.mahjong": "Mahjong (m)",
    "ev.hand": "— Donne {hand}\u00a0: vous êtes {wind}\u00a0; vent dominant {prevailing}\u00a0; donneur {dealer}.",
    "ev.hand.you_deal": "— Donne {hand}\u00a0: vous êtes {wind}, le donneur\u00a0; vent dominant {prevailing}.",
    "ev.seats": "Les joueurs changent de place\u00a0: à votre droite {right}, en face {across}, à votre gauche {left}.",
    "ev.resumed.one": "— Partie reprise\u00a0: {n} coup rejoué depuis le fichier sauvegardé, tel qu'il avait été joué.",
    "ev.resumed.other": "— Partie reprise\u00a0: {n} coups rejoués depuis le fichier sauvegardé, tels qu'ils avaient été joués.",
    "ev.resumed.none": "— Partie reprise\u00a0: aucun coup n'avait encore été joué.",
    "ev.discard": "{who} défausse {tile}.",
    "ev.discard.you": "Vous défaussez {tile}.",
    "ev.discard.final": " (dernière défausse\u00a0: seul un Mahjong peut la prendre)",
    "ev.draw.you": "Vous piochez {tile}.",
    "ev.replacement.you": "Vous prenez une tuile de remplacement dans le mur mort\u00a0: {tile}.",
    "ev.replacement": "{who} prend une tuile de remplacement dans le mur mort.",
    "ev.bonus": "{who} expose la tuile bonus {tile} et prend un remplacement.",
    "ev.bonus.you": "Vous exposez la tuile bonus {tile} (HK-3.2).",
    "ev.claim": "{who} réclame {tile} à {whom}\u00a0: {kind}.",
    "ev.claim.you": "Vous réclamez {tile} à {whom}\u00a0: {kind}.",
    "ev.claim.from_you": "{who} vous réclame {tile}\u00a0: {kind}.",
    "ev.ckong": "{who} déclare un kong caché de {tile}.",
    "ev.ckong.you": "Vous déclarez un kong caché de {tile}.",
    "ev.akong": "{who} ajoute {tile} à un pung exposé\u00a0: kong.",
    "ev.akong.you": "Vous ajoutez {tile} à votre pung\u00a0: kong.",
    "ev.win.self_draw": "{who} gagne en piochant {tile}\u00a0: Mahjong\u00a0!",
    "ev.win.discard": "{who} gagne sur la tuile {tile} jetée par {whom}\u00a0: Mahjong\u00a0!",
    "ev.win.robbed_kong": "{who} gagne en volant la tuile {tile} ajoutée à un pung par {whom}\u00a0: Mahjong\u00a0!",
    "ev.win.self_draw.you": "Vous gagnez en piochant {tile}\u00a0: Mahjong\u00a0!",
    "ev.win.discard.you": "Vous gagnez sur la tuile {tile} jetée par {whom}\u00a0: Mahjong\u00a0!",
    "ev.win.robbed_kong.you": "Vous gagnez en volant la tuile {tile} ajoutée à un pung par {whom}\u00a0: Mahjong\u00a0!",
    "ev.false": "Faux Mahjong annoncé par {who}\u00a0: la donne s'arrête et {who} paie {amount} à chaque joueur (HK-5.7).",
    "ev.false.you": "Faux Mahjong\u00a0! {why} Vous payez {amount} à chaque joueur (HK-5.7).",
    "ev.false.you.discard": "Faux Mahjong\u00a0! {why} Vous payez {double} à {whom}, le double comme défausseur, et {amount} à chacun des autres joueurs (HK-5.7).",
    "ev.false.discard": "Faux Mahjong annoncé par {who}\u00a0: la donne s'arrête et {who} paie {double} à {whom}, le double comme défausseur, et {amount} à chacun des autres joueurs (HK-5.7).",
    "ev.false.discard.you": "Faux Mahjong annoncé par {who}\u00a0: la donne s'arrête et {who} vous paie {double}, le double comme défausseur, et {amount} à chacun des autres joueurs (HK-5.7).",
    "ev.false.dead": "Faux Mahjong annoncé par {who}\u00a0: sa main est morte et le jeu continue\u00a0; {who} paie {amount} à chaque joueur (HK-5.7).",
    "ev.false.dead.you": "Faux Mahjong\u00a0! {why} Votre main est morte\u00a0: vous continuez sans pouvoir gagner ni réclamer\u00a0; vous payez {amount} à chaque joueur (HK-5.7).",
    "end.total_points": "Total des points",
    "ev.refused": "Mahjong refusé (table d'apprentissage, HK-5.7)\u00a0: {why}",
    "ev.exhausted": "Le mur vivant est épuisé\u00a0: donne nulle, personne ne paie (HK-3.5, HK-7.1).",
    "ev.exhausted.fined": "Le mur vivant est épuisé\u00a0: donne nulle, personne ne gagne (HK-3.5, HK-7.1).",
    "ev.bot_error": "{who} (robot) a échoué ({error})\u00a0; la table a joué pour lui\u00a0: {action}.",
    "ev.save_failed": "La partie ne peut plus être sauvegardée ({reason})\u00a0; elle continue sans sauvegarde.",
    "why.hand": "Votre main",
    "why.hand_with": "Votre main avec {tile}",
    "why.tiles_with": "{hand} avec {tile}",
    "st.waiting": "Les autres joueurs répondent à votre défausse…",
    "why.not_winning": "{hand} n'est pas une main gagnante\u00a0: ni quatre groupes et une paire (HK-5.1), ni sept paires distinctes (HK-5.3), ni treize orphelins (HK-5.4)\u00a0; elle est {dist}.",
    "why.under_min": "{hand} est complète, mais ces règles demandent au moins {min} {unit} pour gagner.",
    "unit.fan": "fans",
    "unit.points": "points",
    "no.hand_over": "La donne est finie.",
    "no.wait": "Pas maintenant\u00a0: c'est à {who} de jouer.",
    "no.answer_first": "La tuile {tile} jetée par {who} est proposée\u00a0: réclamez-la ou passez (Espace) d'abord.",
    "rule.answer_first": "HK-4\u00a0: après chaque défausse les autres joueurs peuvent la réclamer\u00a0; vous répondez avant la pioche suivante.",
    "no.no_offer": "Aucune défausse à réclamer maintenant.",
    "key.unused": "La touche {press} ne fait rien ici\u00a0: la lettre sous une tuile la choisit\u00a0; ? montre toutes les touches.",
    "key.unused.choice": "La touche {press} ne fait rien ici\u00a0: appuyez sur un chiffre de 1 à {n} pour prendre un des choix listés, ou Échap.",
    "key.caps": "La touche {press} ne fait rien ici\u00a0: les touches sont en minuscules — appuyez sur {lower} (verrouillage des majuscules activé\u00a0?).",
    "key.enter": "Entrée",
    "rule.no_offer": "HK-4.1\u00a0: seule la dernière défausse peut être réclamée, et seulement avant la pioche suivante. Une défausse plus ancienne reste au centre pour de bon.",
    "no.own_discard": "Vous ne pouvez pas réclamer votre propre défausse.",
    "rule.own_discard": "HK-4\u00a0: les autres peuvent réclamer votre défausse\u00a0; attendez votre prochain tour.",
    "no.old_discard": "C'est une vieille défausse\u00a0: elle ne peut plus être réclamée.",
    "pond.all": "{who}\u00a0: {n} défausses, la plus ancienne d'abord\u00a0: {tiles}.",
    "rule.old_discard": "HK-4.1\u00a0: seule la dernière défausse peut être réclamée, et seulement avant la pioche suivante.",
    "no.final": "La dernière défausse ne peut être prise que pour Mahjong.",
    "rule.final": "HK-4.9\u00a0: la défausse faite après la pioche de la dernière tuile du mur vivant ne peut être prise que pour gagner.",
    "no.rob": "Un kong ajouté ne peut être pris que pour Mahjong.",
    "rule.rob": "HK-4.10\u00a0: quand un joueur ajoute une tuile à un pung, vous pouvez voler cette tuile seulement si elle complète aussitôt votre main gagnante.",
    "no.pung_one": "Vous n'avez qu'un seul {tile}\u00a0: un pung en demande deux dans votre main.",
    "no.pung_none": "Vous n'avez aucun {tile}\u00a0: un pung en demande deux dans votre main.",
    "rule.pung": "HK-4.3\u00a0: pour faire pung sur une défausse, montrez deux tuiles identiques de votre main. HK-4.5\u00a0: on ne réclame jamais une défausse juste pour une paire, sauf si elle complète votre main gagnante.",
    "no.chow_left": "Vous ne pouvez faire chow que sur la défausse du joueur à votre gauche ({left})\u00a0; celle-ci a été jetée par {who}.",
    "rule.chow_left": "HK-4.2\u00a0: un chow ne se prend que sur la défausse du joueur qui joue juste avant vous, à votre gauche. Sur la défausse de n'importe qui, vous pouvez faire pung, kong ou Mahjong.",
    "no.chow_honour": "{tile} est un honneur\u00a0: les honneurs ne forment jamais de chow.",
    "rule.chow_honour": "HK-5.2\u00a0: un chow est une suite de trois nombres d'une même famille\u00a0; Vents et Dragons ne forment jamais de suite (Est-Sud-Ouest n'est pas un chow).",
    "no.chow_suits": "Un chow ne mélange pas les familles\u00a0: {tile} ne fait une suite qu'avec des tuiles de sa famille.",
    "rule.chow_suits": "HK-5.2\u00a0: une suite ne traverse jamais les familles\u00a0; 8-9 Caractères avec 1 Cercles n'est pas un chow.",
    "no.chow_need": "Pas de chow avec {tile}\u00a0: il vous faut deux tuiles de la même famille qui font une suite avec elle (comme {example}).",
    "rule.chow_need": "HK-4.2\u00a0: montrez les deux tuiles de votre main qui font une suite de trois avec la défausse.",
    "no.kong_turn": "Aucun kong à déclarer\u00a0: il faut quatre tuiles identiques en main, ou une tuile identique à l'un de vos pungs exposés.",
    "rule.kong_turn": "HK-3.3\u00a0: après une pioche vous pouvez déclarer un kong caché (quatre identiques en main) ou ajouter une tuile à votre pung exposé\u00a0; vous prenez ensuite un remplacement.",
    "no.kong_after_claim": "Vous venez de réclamer une tuile\u00a0: défaussez maintenant.",
    "rule.kong_after_claim": "HK-4.2, HK-4.3\u00a0: après un chow ou un pung réclamé, vous défaussez aussitôt, sans piocher.",
    "no.kong_three": "Un kong sur une défausse demande trois {tile} dans votre main.",
    "no.kong_exposed": "Une défausse ne transforme pas votre pung exposé de {tile} en kong.",
    "rule.kong_claim": "HK-4.4\u00a0: pour faire kong sur une défausse il faut trois tuiles identiques en main\u00a0; une défausse ne complète jamais un pung exposé (ajoutez vous-même la quatrième quand vous la piochez).",
    "no.mahjong_now": "Vous ne pouvez annoncer Mahjong qu'après votre propre pioche, ou sur une tuile que vous pourriez prendre.",
    "rule.mahjong_now": "HK-5.5\u00a0: la tuile gagnante est votre pioche ou votre remplacement, la dernière défausse d'un autre joueur, ou une tuile de kong volée.",
    "no.dead": "Votre main est morte après votre faux Mahjong (HK-5.7)\u00a0: vous ne pouvez plus gagner ni réclamer dans cette donne\u00a0; piochez et défaussez.",
    "no.nothing_to_pass": "Il n'y a rien à passer.",
    "no.not_yours": "Rien à faire avec cette tuile maintenant.",
    "teach.intro": "Table d'apprentissage\u00a0: les actions refusées sont expliquées et un faux Mahjong est refusé au lieu d'être pénalisé (HK-5.7). ? pour l'aide, h pour un conseil.",
    "teach.pairs": "Ce n'est pas un solitaire de paires\u00a0: des paires seules ne gagnent pas. Il faut quatre groupes (suites ou brelans) et une paire, ou sept paires différentes (HK-5.1, HK-5.3).",
    "teach.kong_replacement": "Après un kong vous prenez toujours un remplacement dans le mur mort ({tile}), sinon il vous manquerait une tuile (HK-3.3). Défaussez maintenant.",
    "teach.four_in_hand": "Vous avez quatre {tile}\u00a0: vous pouvez déclarer un kong caché (k) et prendre un remplacement, ou les garder comme tuiles ordinaires (HK-3.3, HK-3.4).",
    "teach.other_tables": "Compté avec le seul barème de Hong Kong\u00a0: pas de minimum de fan (une main à 0 fan gagne, HK-6), et, comme le dit la page des règles, aucun fan du riichi, du MCR ou d'une autre table.",
    "teach.chow_offer": "Vous pouvez faire chow sur {tile} car {who} est à votre gauche (HK-4.2).",
    "confirm.mahjong.each": "Annoncer Mahjong\u00a0? Si votre main n'est pas complète, c'est un faux Mahjong\u00a0: vous payez {amount} à chaque joueur (HK-5.7).",
    "confirm.mahjong.double": "Annoncer Mahjong\u00a0? Si votre main n'est pas complète, c'est un faux Mahjong\u00a0: vous payez {double} à {whom}, le double comme défausseur, et {amount} à chacun des autres joueurs (HK-5.7).",
    "hint.complete": "Votre main est complète\u00a0: annoncez Mahjong (m)\u00a0!",
    "hint.under_min": "Votre main est complète, mais vaut moins que le minimum de ces règles pour gagner ({min} {unit})\u00a0: n'annoncez pas Mahjong\u00a0; défaussez et cherchez plus de valeur.",
    "dist.0": "prête\u00a0: à une tuile de la victoire",
    "dist.short": "prête par sa forme seulement\u00a0: aucune attente n'atteint le minimum de ces règles pour gagner ({min} {unit})",
    "dist.one": "à {n} tuile d'une main prête",
    "dist.other": "à {n} tuiles d'une main prête",
    "hint.distance": "Votre main est {dist}.",
    "hint.waits": "Attentes\u00a0: {tiles}",
    "hint.no_waits": "Vous n'attendez que des tuiles dont vous avez déjà les quatre\u00a0: changez d'attente.",
    "hint.improving": "Tuiles utiles\u00a0: {tiles} ({unseen})",
    "hint.discards": "Meilleures défausses, et où chacune laisse votre main\u00a0:",
    "hint.discard": "{tile} → {dist} · {unseen}",
    "hint.discard.ready": "{tile} → prête · attend {waits}",
    "hint.discard.ready.scoring": "{tile} → prête · attend {waits} · {min} {unit} ou plus sur {scoring}",
    "hint.discard.ready.all": "{tile} → prête · attend {waits} ({min} {unit} ou plus)",
    "hint.discard.ready.short": "{tile} → prête par sa forme, aucune attente à {min} {unit} · attend {waits}",
    "hint.discard.ready.out": "{tile} → prête, mais toutes les tuiles gagnantes sont sorties · attend {waits}",
    "hint.discard.drawn": " · seulement en piochant sur {tiles}",
    "hint.short": "Votre main n'est prête que par sa forme\u00a0: aucune attente n'atteint le minimum de ces règles pour gagner ({min} {unit}).",
    "hint.out": "Votre main est prête, mais toutes ses tuiles gagnantes sont sorties (votre main, la table) : changez d'attente.",
    "hint.waits.scoring": "Attentes à {min} {unit} ou plus\u00a0: {tiles}",
    "hint.waits.drawn": "Attentes à {min} {unit} ou plus seulement en piochant\u00a0: {tiles}",
    "hint.waits.short": "Attentes sous {min} {unit} (elles ne gagnent pas)\u00a0: {tiles}",
    "hint.dead": "Votre main est morte après votre faux Mahjong (HK-5.7)\u00a0: vous ne pouvez plus gagner cette donne ni réclamer\u00a0; défaussez sans risque.",
    "hint.safe": "Défausse la plus sûre\u00a0: {tile} (la moins susceptible de faire gagner un autre joueur)",
    "unseen.one": "{n} tuile utile non vue",
    "unseen.other": "{n} tuiles utiles non vues",
    "hint.none": "Rien à calculer maintenant.",
    "hint.best": "Meilleur coup (robot {bot})\u00a0: {action}",
    "hint.act.discard": "défausser {tile}",
    "hint.act.pass": "passer",
    "hint.act.pung": "pung",
    "hint.act.chow": "chow {tiles}",
    "hint.act.kong": "kong {tile}",
    "hint.act.mahjong": "annoncer Mahjong",
    "hint.unseen.one": "{tile} ({n} non vue)",
    "hint.unseen.other": "{tile} ({n} non vues)",
    "end.title.win": "{who} gagne la donne\u00a0!",
    "end.title.you": "Vous gagnez la donne\u00a0!",
    "end.title.draw": "Donne nulle\u00a0: le mur est épuisé, personne ne paie.",
    "end.title.draw.fined": "Donne nulle\u00a0: le mur est épuisé, personne ne gagne.",
    "end.title.penalty": "Faux Mahjong annoncé par {who}.",
    "end.claims.2": "Deux joueurs",
    "end.claims.3": "Trois joueurs",
    "end.claims.won": "{players} ont réclamé Mahjong sur cette tuile\u00a0; {who} l'emporte, premier joueur après {whom} dans l'ordre du jeu (HK-4.7).",
    "end.claims.won.you": "{players} ont réclamé Mahjong sur cette tuile\u00a0; vous l'emportez, premier joueur après {whom} dans l'ordre du jeu (HK-4.7).",
    "end.claims.false": "{players} ont réclamé Mahjong sur cette tuile\u00a0; la réclamation de {who}, premier joueur après {whom} dans l'ordre du jeu, est jugée d'abord et n'est pas gagnante\u00a0: la donne s'arrête là et les autres ne sont pas examinées (R-6).",
    "end.claims.false.you": "{players} ont réclamé Mahjong sur cette tuile\u00a0; votre réclamation, la première après {whom} dans l'ordre du jeu, est jugée d'abord et n'est pas gagnante\u00a0: la donne s'arrête là et les autres ne sont pas examinées (R-6).",
    "end.hands": "Toutes les mains dévoilées",
    "end.own": "{points}, {doubles}\u00a0: marque {score}",
    "end.own.lines": "{lines}\u00a0=\u00a0{points}",
    "end.own.doubled": "\u00a0; doublé par {doubles}\u00a0: {points}\u00a0×\u00a0{factor}\u00a0=\u00a0{score}",
    "end.own.capped": ", plafonné à la limite\u00a0: {score}",
    "pts.one": "{n} point",
    "pts.other": "{n} points",
    "dbl.one": "{n} double",
    "dbl.other": "{n} doubles",
    "end.concealed": "main",
    "end.win_type.self_draw": "Gagné en piochant {tile}{flags}.",
    "end.win_type.discard": "Gagné sur la tuile {tile} jetée par {whom}{flags}.",
    "end.win_type.robbed_kong": "Gagné en volant la tuile {tile} ajoutée à un pung par {whom}{flags}.",
    "end.flag.last_wall_tile": "dernière tuile du mur",
    "end.flag.final_discard": "dernière défausse",
    "end.flag.kong_replacement": "remplacement après un kong",
    "end.flag.heavenly": "main du ciel",
    "end.flag.earthly": "main de la terre",
    "end.flag.last_of_kind": "dernière tuile de son espèce",
    "end.element": "Élément",
    "end.fan": "fan",
    "end.total_fan": "Total des fans",
    "end.no_element": "Aucun élément ne compte\u00a0: une main à 0 fan gagne quand même (HK-6).",
    "end.limit": "Main limite\u00a0: {name} (les éléments sont donnés pour information)",
    "end.base": "Points de base\u00a0: {base}",
    "end.payments": "Paiements",
    "end.pay.self_draw": "Victoire en piochant\u00a0: chacun paie le double de la base, 2 × {base} = {double}\u00a0; le gagnant ({winner}) reçoit {total} (HK-6).",
    "end.pay.discard": "Le défausseur ({whom}) paie le double de la base, 2 × {base} = {double}\u00a0; les deux autres paient la base, {base} chacun\u00a0; le gagnant ({winner}) reçoit {total} (HK-6).",
    "end.pay.robbed_kong": "Le joueur volé ({whom}) paie comme un défausseur, le double de la base\u00a0: 2 × {base} = {double}\u00a0; les deux autres paient {base} chacun\u00a0; le gagnant ({winner}) reçoit {total} (HK-4.10, HK-6).",
    "end.pay.penalty.each": "Celui qui l'a annoncé ({whom}) paie {amount} à chaque autre joueur (HK-5.7).",
    "end.pay.penalty.double": "Celui qui l'a annoncé ({whom}) paie {double} au défausseur ({to}), le double, et {amount} à chacun des deux autres (HK-5.7).",
    "end.pay.half_shooter.discard": "Règle de la maison\u00a0: le défausseur ({whom}) paie pour tous, 4 × {base} = {quad}\u00a0; les deux autres ne paient rien\u00a0; le gagnant ({winner}) reçoit {quad} (sinon HK-6).",
    "end.pay.half_shooter.robbed_kong": "Règle de la maison\u00a0: le joueur volé ({whom}) paie pour tous, 4 × {base} = {quad}\u00a0; les deux autres ne paient rien\u00a0; le gagnant ({winner}) reçoit {quad} (HK-4.10).",
    "house.minfan": "Règle de la maison\u00a0: il faut au moins {minfan} pour gagner\u00a0; une main limite le peut toujours (HK-6 lui-même n'a pas de minimum).",
    "house.minfan.teach": "Compté avec le seul barème de Hong Kong (HK-6), avec le minimum de la maison de {minfan} pour gagner, et, comme le dit la page des règles, aucun fan du riichi, du MCR ou d'une autre table.",
    "house.minfan.intro": "Table d'apprentissage\u00a0: les actions refusées sont expliquées et un faux Mahjong est refusé au lieu d'être pénalisé (HK-5.7). Règle de la maison\u00a0: il faut au moins {minfan} pour gagner\u00a0; une main limite le peut toujours. ? pour l'aide, h pour un conseil.",
    "house.half_shooter": "Sur une défausse, le défausseur paie pour tous, 4 × la base, et les deux autres rien (règle de la maison)\u00a0;",
    "house.opt.hk.minfan": "{v} {fan} minimum",
    "house.opt.hk.limit": "limite à partir de {v} {fan}",
    "house.opt.hk.table.half": "barème demi-exponentiel",
    "house.opt.hk.table.doubling": "barème en doublement",
    "house.opt.hk.payment.half-shooter": "le défausseur paie pour tous",
    "house.opt.hk.base": "valeur de base {v}",
    "house.opt.classical.limit": "limite {v} points",
    "house.opt.classical.pay_highest.on": "payer le score le plus haut",
    "house.short.hk.minfan": "{v} {fan} min",
    "house.short.hk.limit": "limite {v} {fan}",
    "house.short.hk.table.half": "barème demi",
    "house.short.hk.table.doubling": "barème doublé",
    "house.short.hk.payment.half-shooter": "défausseur paie tout",
    "house.short.hk.base": "base ×{v}",
    "house.short.classical.limit": "limite {v}",
    "house.short.classical.pay_highest.on": "paie le plus haut",
    "end.winner.you": "vous",
    "end.scroll": "↑↓ défiler",
    "end.totals": "Totaux",
    "colon": "\u00a0: ",
    "semicolon": "\u00a0; ",
    "end.continue": "Appuyez sur Entrée pour la donne suivante (q pour quitter).",
    "end.last": "Appuyez sur Entrée pour le classement final.",
    "rank.title.one": "Classement final après {n} donne",
    "rank.title.other": "Classement final après {n} donnes",
    "rank.row": "{rank}. {name}\u00a0: {total:+d}",
    "rank.quit": "Appuyez sur Entrée ou q pour quitter.",
    "small": "Le terminal fait {width}×{height}\u00a0: hkmj play demande au moins {min_width}×{min_height}.\nAgrandissez la fenêtre pour continuer (la partie attend), ou appuyez sur q pour quitter.",
    "quit.ask": "Quitter la partie\u00a0? (o / n)",
    "quit.yes": "o",
    "quit.saved": "La partie est sauvegardée au fil du jeu\u00a0: pour la continuer plus tard,\n{command}",
    "keys": "lettre+Entrée défausse · Espace passe · p c k m · h conseil · ? aide · q fin",  # the bar holds 78 columns at 80×24: no room for « Touches : »
    "help.glyphs": "Avec --glyphs les mêmes tuiles sont dessinées en tuiles de mahjong Unicode.",
    "help.glyphs_on": "Avec --glyphs, comme maintenant, chaque tuile est dessinée comme ci-dessous, au-dessus de son nom\u00a0:",
    "help.title": "Comment jouer — Mahjong de Hong Kong",
    "help.close": "Échap ferme · ↑↓ PgPréc PgSuiv défilent",
    "help.body": """LE BUT
Soyez le premier à compléter votre main\u00a0: quatre groupes et une paire (HK-5.1).
  • chow\u00a0: trois nombres qui se suivent dans une famille, comme 3-4-5 Cercles. Jamais avec des Vents ou des Dragons, jamais entre familles (HK-5.2).
  • pung\u00a0: trois tuiles identiques.
  • kong\u00a0: quatre tuiles identiques (vous prenez alors une tuile de plus).
  • paire\u00a0: deux tuiles identiques.
Deux mains spéciales gagnent aussi\u00a0: sept paires différentes (HK-5.3) et les treize orphelins (HK-5.4). Les treize orphelins, c'est un de chaque 1 et 9 de chaque famille, des quatre Vents et des trois Dragons, plus un second de l'un d'eux\u00a0: une main limite (HK-6).
Pas de minimum\u00a0: toute main complète gagne, même à 0 fan (le fan est l'unité de score d'une main, HK-6).

LES TUILES
  5m = 5 Caractères (rouge)   5p = 5 Cercles (bleu)   5s = 5 Bambous (vert)
  E S O N = Vents Est, Sud, Ouest, Nord\u00a0;  Bl Ve Ro = Dragons Blanc, Vert, Rouge (les honneurs).
  F1 F2 F3 F4 fleurs et S1 S2 S3 S4 saisons sont des bonus\u00a0: mises de côté et remplacées pour vous.
Avec --glyphs les mêmes tuiles sont dessinées en tuiles de mahjong Unicode.

LA TABLE
Chaque joueur a son panneau\u00a0: vent de sa place · nom · les points gagnés (+) ou perdus (-) depuis le début de la partie\u00a0; où il est assis (à gauche, en face, à droite) · combien de tuiles sa main cache\u00a0; ses groupes, ceux qu'il a réclamés ou déclarés (un kong caché montre ses deux tuiles extérieures face cachée), et ses tuiles bonus\u00a0; puis ses défausses. «\u00a0joue\u00a0» marque le joueur dont c'est le tour, «\u00a0donneur\u00a0» le donneur. La ligne du haut dit aussi quelle donne se joue (Donne 1/4\u00a0: la première de quatre) et la graine\u00a0: la même graine distribue les mêmes murs.

VOTRE TOUR
Vous piochez une tuile automatiquement\u00a0; elle est à part, à droite de votre main. Puis défaussez une tuile\u00a0: appuyez sur la lettre affichée sous elle (ou déplacez-vous avec ← →, Début/Fin) puis sur Entrée, ou cliquez-la deux fois. Avec quatre tuiles identiques en main, ou la quatrième d'un pung que vous avez réclamé, vous pouvez déclarer un kong (k). Si votre main est complète, appuyez sur m\u00a0: Mahjong\u00a0!
La ligne du haut compte les tuiles qui restent à piocher (mur 70) et nomme le vent dominant, le vent du tour (Est d'abord). Quand il ne reste plus de tuile, la donne est nulle\u00a0: personne ne paie (HK-3.5, HK-7.1). Un kong ou une tuile bonus est remplacé depuis le mur mort, des tuiles mises à part au bout du mur (HK-3.2, HK-3.3).

APRÈS UNE DÉFAUSSE
Les défausses de chaque joueur sont en bas de son panneau\u00a0; la dernière défausse est surlignée. Si vous pouvez l'utiliser, le jeu s'arrête et propose vos choix\u00a0:
  p pung (vous avez deux fois cette tuile) · c chow (seulement du joueur à votre gauche, qui joue juste avant vous)
  k kong (vous en avez trois) · m Mahjong (elle complète votre main) · Espace pour passer.
Seule la dernière défausse peut être prise, et seulement avant la pioche suivante (HK-4.1).
Des défausses trop nombreuses pour leur panneau montrent les plus récentes, la dernière à la fin, après le nombre des plus anciennes (+7)\u00a0: cliquez ce nombre pour les lister toutes dans le journal.
Après un chow ou un pung vous défaussez sans piocher\u00a0; les joueurs entre-temps perdent leur tour.

VOTRE PREMIÈRE MAIN
Gardez les tuiles qui vont ensemble\u00a0: les paires, et les nombres proches d'une même famille (4-5, 6-8). Défaussez d'abord les Vents et Dragons isolés, puis les nombres éloignés du reste. Réclamez un pung quand il forme un groupe\u00a0; le conseil (h) montre les défausses qui gardent le plus de tuiles utiles. Quand le conseil dit «\u00a0prête\u00a0», attendez\u00a0: le jeu s'arrête dès qu'une tuile peut compléter votre main.

DE L'AIDE EN JOUANT
  h donne un conseil\u00a0: combien de tuiles séparent votre main d'une main prête («\u00a0à 4 tuiles d'une main prête\u00a0»\u00a0: il lui faut encore quatre tuiles utiles avant qu'une seule tuile puisse gagner), les tuiles attendues, les meilleures défausses.
  La ligne au-dessus du journal dit toujours ce que vous pouvez faire.
  PgPréc/PgSuiv font défiler le conseil s'il est affiché, sinon le journal.
  q quitte la partie (après confirmation\u00a0; Ctrl+C aussi)\u00a0; Échap annule un choix.

LE DÉCOMPTE
Seul le gagnant compte\u00a0: les fans de ses éléments (HK-6) donnent des points de base. Sur une défausse, le défausseur paie le double de la base et les deux autres la base\u00a0; sur une victoire piochée chacun paie le double. L'écran de fin de donne montre les calculs. Un faux Mahjong coûte {penalty} à chaque autre joueur, {penalty2} à un défausseur (HK-5.7)\u00a0; à une table d'apprentissage (--teach) il est refusé et expliqué.

LES ERREURS FRÉQUENTES
  • Ce n'est pas un solitaire de paires\u00a0: des paires seules ne gagnent pas.
  • Pas de suite entre familles ni avec les Vents et les Dragons.
  • Ne récupérez pas une vieille défausse.
  • Après un kong (carré), prenez le remplacement (le jeu le fait pour vous).
  • Ne mélangez pas les fans d'autres tables (riichi, MCR…).

Échap, ? ou q ferme cette aide\u00a0; flèches et PgPréc/PgSuiv pour défiler.""",
    "cli.fallback": "hkmj play\u00a0: le robot «\u00a0{name}\u00a0» n'est pas disponible\u00a0; {fallback} joue à sa place",
    "cli.bots_count": "hkmj play\u00a0: --bots prend trois noms séparés par des virgules, par exemple strong,strong,greedy",
    "cli.result.one": "Graine {seed} · {n} donne jouée · votre total {total:+d} · rang {rank}/4",
    "cli.result.other": "Graine {seed} · {n} donnes jouées · votre total {total:+d} · rang {rank}/4",
    "cli.none": "Graine {seed} · aucune donne n'a été terminée\u00a0: ni score ni rang.",
    "cli.record": "Partie enregistrée dans {path}.",
    "cli.review": "Revoir vos décisions en français\u00a0: hkmj review {path} --lang fr",
    "cli.resume.input": "hkmj play\u00a0: --resume {problem}",
    "cli.resume.server": "hkmj play\u00a0: --resume {path}\u00a0: c'est le journal d'une table du serveur\u00a0; la partie d'une table se joue sur son serveur, elle ne se reprend pas ici",
    "cli.resume.not_play": "hkmj play\u00a0: --resume {path}\u00a0: cet enregistrement n'a pas été sauvegardé par hkmj play (sa première ligne ne nomme pas les robots), il ne peut pas être repris\u00a0; hkmj replay {path} --show le montre",
    "cli.resume.bad_header": "hkmj play\u00a0: --resume {path}\u00a0: la ligne {line}, l'en-tête de la partie, est abîmée (sa graine, ses règles ou ses robots sont illisibles)\u00a0; la partie ne peut pas être reprise",
    "cli.resume.over": "hkmj play\u00a0: --resume {path}\u00a0: cette partie est finie, il n'y a rien à reprendre\u00a0; hkmj replay {path} --show la montre",
    "cli.resume.no_replay": "hkmj play\u00a0: --resume {path}\u00a0: la partie ne se rejoue pas\u00a0: la ligne {line} ({event}) n'est pas ce que jouent maintenant le moteur et les robots\u00a0; le fichier reste tel quel",
    "cli.resume.conflict": "hkmj play\u00a0: --resume {path}\u00a0: {given} contredit la partie sauvegardée ({saved})\u00a0; retirez-le",
    "cli.resume.full_game": "une partie complète",
    "cli.resume.no_teach": "une table sans --teach",
    "cli.resume.record": "hkmj play\u00a0: --resume et --record {record}\u00a0: une partie reprise continue dans son propre fichier ({path})\u00a0; retirez --record",
    "cli.resume.busy": "hkmj play\u00a0: --resume {path}\u00a0: un autre hkmj play joue cette partie\u00a0; continuez-la là",
    "cli.resume.unwritable": "hkmj play\u00a0: --resume {path}\u00a0: impossible d'écrire dans le fichier ({reason}), la suite de la partie ne pourrait pas être sauvegardée",
    "cli.autosave_failed": "hkmj play\u00a0: impossible de sauvegarder la partie dans {path} ({reason})\u00a0; donnez un fichier avec --record FICHIER",
    "cli.autosave_no_home": "hkmj play\u00a0: impossible de sauvegarder la partie dans {path}\u00a0: le dossier personnel {home} n'existe pas\u00a0; donnez un fichier avec --record FICHIER",
    "cli.saved": "Pour continuer\u00a0: {command}",
    "cli.unsaved": "hkmj play\u00a0: {path}\u00a0: la partie n'a pas pu être sauvegardée jusqu'au bout ({reason})\u00a0; le fichier la garde jusque-là",
    "cli.record_removed": "hkmj play\u00a0: {path}\u00a0: le fichier (ou son dossier) a été supprimé pendant la partie\u00a0; la partie est perdue",
    "cli.no_terminal": "hkmj play\u00a0: il faut un terminal pour jouer (son entrée ou sa sortie est un tube ou un fichier)\u00a0; lancez-le dans une fenêtre de terminal d'au moins 80×24, ou faites jouer des robots avec hkmj simulate",
    "cli.no_terminal_stderr": "hkmj play\u00a0: dessine la table sur la sortie d'erreur, qui est ici un fichier ou un tube (2> …), rien ne s'afficherait\u00a0; lancez-le sans rediriger la sortie d'erreur",
    "cli.dumb_terminal": "hkmj play\u00a0: TERM={term} dit que ce terminal ne peut pas déplacer son curseur, la table ne peut donc pas être dessinée\u00a0; lancez-le dans une fenêtre de terminal (TERM=xterm-256color, par exemple), avec NO_COLOR=1 pour jouer sans couleurs, ou faites jouer des robots avec hkmj simulate",
    "cli.record_exists": "hkmj play\u00a0: --record {path}\u00a0: ce fichier existe déjà (une partie enregistrée auparavant\u00a0?)\u00a0; donnez un autre nom, ou supprimez d'abord le fichier",
    "cli.record_not_file": "hkmj play\u00a0: --record {path}\u00a0: pas un fichier ordinaire (un périphérique, un tube ou un terminal)\u00a0; la partie se garde dans un fichier à elle, pour la continuer\u00a0: donnez un nom de fichier",
    "cli.record_busy": "hkmj play\u00a0: --record {path}\u00a0: un hkmj play en cours écrit ce fichier\u00a0; donnez un autre nom",
    "cli.record_unwritable": "hkmj play\u00a0: --record {path}\u00a0: impossible d'écrire le fichier ({reason})\u00a0; donnez un autre chemin",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN, "fr": FR}


@cache
def _false_mahjong_penalty(rules: str) -> int:
    """What a false Mahjong costs a seat that neither discarded nor deals at a ``rules`` table
    without house options (CL-7.7: the limit, 1000)."""
    from hkmj.rulesets import get_ruleset

    return get_ruleset(rules).false_mahjong_payments(2, 1)[3]


@cache
def _tables(lang: str, rules: str) -> dict[str, str]:
    """The strings of ``lang`` at a ``rules`` table (made once per pair: some 3 ms for MCR or the
    classical game, which every help page and every refused Mahjong's words of such a table made
    again on the server's event loop; the dict is shared, never changed: :class:`Texts` copies it
    to change it)."""
    return rule_words(STRINGS[lang], rules, lang)


_NO_MINIMUM = {
    "en": "There is no minimum: any complete hand wins, even worth 0 fan (a fan is a unit of a hand's score, HK-6).",
    "fr": "Pas de minimum\u00a0: toute main complète gagne, même à 0 fan (le fan est l'unité de score d'une main, HK-6).",
}
_SEED_SPLIT = {
    "en": "On a discard the discarder pays double the base and the two others the base;",
    "fr": "Sur une défausse, le défausseur paie le double de la base et les deux autres la base\u00a0;",
}


_PAY_HIGHEST = {
    "en": (
        "Each of the others pays the winner the winner's score;",
        "Each player scoring no more than the winner pays the winner's score; the winner pays each player scoring more twice the difference (house rule, CL-7.4);",
    ),
    "fr": (
        "Chacun des autres paie au gagnant le score du gagnant\u00a0;",
        "Chaque joueur dont le score ne dépasse pas celui du gagnant lui paie le score du gagnant\u00a0; "
        "le gagnant paie à chaque joueur de score plus élevé le double de la différence (règle de la maison, CL-7.4)\u00a0;",
    ),
}
"""The classical help's settlement (CL-7.1), and the same with the option ``pay_highest`` (CL-7.4)."""


def _unit_word(word: str, n: int, lang: str) -> str:
    """``word`` (a unit's plural, as the tables write it: ``fans``, ``points``) after the number
    ``n``: singular for 0 and 1 in French, for 1 in English."""
    one = n in (0, 1) if lang == "fr" else n == 1
    return word[:-1] if one and word.endswith("s") else word


def _house_words(table: dict[str, str], house: Mapping[str, str], lang: str) -> dict[str, str]:
    """The Hong Kong words ``table`` as the house options ``house`` change the rules they state
    (docs/house-options.md): a minimum fan (``minfan``) in place of HK-6's "no minimum" (in the
    help, the teaching table's first note and its end-of-hand note), and the half-shooter split in place of HK-6's payments, in the help and the teaching notes."""
    out = dict(table)
    minfan = house.get("minfan", "0")
    if minfan != "0":
        fans = f"{minfan} {_unit_word(out['unit.fan'], int(minfan), lang)}"  # French: 1 fan, 3 fans
        out["help.body"] = out["help.body"].replace(_NO_MINIMUM[lang], out["house.minfan"].replace("{minfan}", fans))
        out["teach.other_tables"] = out["house.minfan.teach"].replace("{minfan}", fans)
        out["teach.intro"] = out["house.minfan.intro"].replace("{minfan}", fans)  # as MCR's names its 8 points (MCR-5.1)
    if house.get("payment") == "half-shooter":
        out["help.body"] = out["help.body"].replace(_SEED_SPLIT[lang], out["house.half_shooter"])
    return out


BOT_NAMES: dict[str, dict[str, str]] = {
    "en": {},
    "fr": {"greedy": "glouton", "random": "hasard", "strong": "fort", "expert": "expert", "minimum": "minimum"},
}
"""The bots' names in each language (the browser client's, src/hkmj/server/static/app.js)."""


def bot_in(bot: str, lang: str) -> str:
    """``bot`` as the table names it in ``lang`` (``glouton`` for ``greedy`` in French); any other
    bot (an external command, a ``module:factory``) as given."""
    return BOT_NAMES.get(lang, {}).get(bot, bot)


def bot_by_table_name(text: str) -> str | None:
    """The built-in bot that ``text`` names as a table of any language names it (``glouton``,
    `` Fort``: ``greedy``, ``strong``); None for any other text."""
    low = text.strip().lower()
    return next((bot for names in BOT_NAMES.values() for bot, name in names.items() if name == low), None)


class Texts:
    """The strings of one language, with tile and wind names in that language."""

    def __init__(self, lang: str = "en", rules: str = "hk", penalty: int | None = None, house: Mapping[str, str] | None = None) -> None:
        if lang not in STRINGS:
            raise ValueError(f"language {lang!r}: expected one of {', '.join(LANGS)}")
        if penalty is None:  # the ruleset's own without house options: HK-5.7's 64, MCR-5.4's 10, CL-7.7's limit
            penalty = 64 if rules == "hk" else _false_mahjong_penalty(rules)
        self.lang = lang
        self.rules = rules
        """The ruleset whose rules the words cite (``hk``, ``mcr``, ``classical``; see
        :func:`hkmj.tui.rules_texts.rule_words`)."""
        self.table = _tables(lang, rules)
        if rules == "hk" and house:
            self.table = _house_words(self.table, house, lang)
        if house and house.get("pay_highest") == "on":  # the classical option: the help says who pays (CL-7.4)
            self.table = {**self.table, "help.body": self.table["help.body"].replace(*_PAY_HIGHEST[lang])}
        self.defaults = {"penalty": penalty, "penalty2": 2 * penalty}
        """What the strings say a false Mahjong costs (HK-5.7, MCR-5.4, CL-7.7): the table's own
        penalty, which the house options change (docs/house-options.md), and its double (to a
        discarder; at a classical table, when East pays or is paid)."""

    def __call__(self, key: str, **params: Any) -> str:
        """The string ``key`` with its ``{placeholders}`` filled in."""
        return self.table[key].format(**{**self.defaults, **params})

    def minimum(self, min_value: int, value: int) -> tuple[str, int] | None:
        """The line under a win's total where the win check counts otherwise than the total, and
        the value it reads (``value``, the outcome's): at an MCR table the points without flowers,
        ``Without flowers (8 needed, MCR-5.1)``, as ``hkmj score --rules mcr`` prints it (MCR-6.13).
        None where these words have no such line or there is no minimum (``min_value`` 0). The
        terminal's end screen and the browser's (the server's ``minimum``) both show it."""
        if not min_value or "end.minimum" not in self.table:
            return None
        return self("end.minimum", min=min_value), value

    def refused(self, why: str) -> str:
        """A Mahjong refused at a teaching table (``ev.refused``): ``why`` (``Your hand …``) follows
        the rule number mid-line, so it starts in lower case, as every refusal's sentence after its
        rule does (``HK-4.1: only the latest discard …``)."""
        return self("ev.refused", why=why[:1].lower() + why[1:])

    def plural(self, key: str, n: int, **params: Any) -> str:
        """``key.one`` or ``key.other`` by the language's rule for ``n`` (English: 1 is singular;
        French: 0 and 1 are), with ``{n}`` and the other placeholders filled in.

        >>> Texts("en").plural("panel.tiles", 1), Texts("fr").plural("panel.tiles", 0)
        ('1 tile', '0 tuile')
        """
        one = n in (0, 1) if self.lang == "fr" else n == 1
        return self(f"{key}.{'one' if one else 'other'}", n=n, **params)

    def distance(self, shanten: int) -> str:
        """How far a hand is from ready, in one wording everywhere (hints, refused Mahjong):
        ``4 tiles from ready``, ``1 tile from ready``, or ready (``shanten`` 0: one tile from winning)."""
        return self("dist.0") if shanten <= 0 else self.plural("dist", shanten)

    def tile(self, t: Tile) -> str:
        """A tile's name (``5 Circles`` / ``5 Cercles``, ``Red dragon`` / ``Dragon Rouge``)."""
        return name(t, self.lang)

    def tile_copies(self, t: Tile) -> str:
        """Several copies of a tile, after a count (``three Red dragons``, ``quatre Dragons Rouges``;
        ``5 Circles`` as one)."""
        return plural_name(t, self.lang)

    def tiles(self, tiles: list[Tile] | tuple[Tile, ...]) -> str:
        """Several tiles, compactly: a run of one suit as ``3-4-5 Circles``, otherwise names joined."""
        ts = sorted(tiles)
        if ts and all(t < HONOUR and t // 9 == ts[0] // 9 for t in ts):
            suit = self.tile(ts[0]).split(" ", 1)[1]
            return "-".join(str(t % 9 + 1) for t in ts) + " " + suit
        return ", ".join(self.tile(t) for t in ts)

    def grouped(self, tiles: list[Tile] | tuple[Tile, ...]) -> str:
        """Many tiles, grouped by suit: ``1 2 6 Characters; 7 Circles; East wind``."""
        parts: list[str] = []
        ts = sorted(set(tiles))
        for s in range(3):
            nums = [t % 9 + 1 for t in ts if t // 9 == s and t < HONOUR]
            if nums:
                parts.append(" ".join(map(str, nums)) + " " + self.tile(9 * s).split(" ", 1)[1])
        parts.extend(self.tile(t) for t in ts if t >= HONOUR)
        return self("semicolon").join(parts)

    def bot_name(self, bot: str) -> str:
        """A bot's name in this language (``glouton`` for ``greedy`` in French)."""
        return BOT_NAMES[self.lang].get(bot, bot)

    def house(self, rules: str, options: Mapping[str, str], short: bool = False) -> list[str]:
        """The house options ``options`` of a ``rules`` table in words, as the browser says them
        (``minimum 3 fan``, ``half-exponential fan table``), or ``short`` for a header (``min 3
        fan``, ``half table``); an option with no words here as the protocol spells it (``key=value``)."""
        out = []
        for k, v in options.items():
            key = f"house.{'short' if short else 'opt'}.{rules}.{k}"
            if f"{key}.{v}" in self.table:
                out.append(self.table[f"{key}.{v}"])
            else:
                fan = self.unit("fan", int(v)) if v.isdigit() else self("unit.fan")
                out.append(self.table[key].format(v=v, fan=fan) if key in self.table else f"{k}={v}")
        return out

    def unit(self, unit: str, n: int) -> str:
        """The unit ``unit`` (``fan``, ``points``) after the number ``n``, singular as the
        language wants it: French ``1 fan``, ``3 fans``, ``0 point``; English ``3 fan``, ``1 point``.

        >>> Texts("fr").unit("fan", 1), Texts("fr").unit("fan", 3), Texts("en").unit("fan", 3)
        ('fan', 'fans', 'fan')
        """
        return _unit_word(self(f"unit.{unit}"), n, self.lang)

    def wind(self, seat: int) -> str:
        """A seat or prevailing wind's name (0 = East)."""
        return self.table[f"wind.{seat}"]
