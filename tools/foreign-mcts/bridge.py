#!/usr/bin/env python3
"""One seat of a 2-player Durak deal played by jorisperrenet/durak's DeterminizedMCTS, over JSON lines.

The foreign engine (https://github.com/jorisperrenet/durak, MIT licence, Copyright (c) 2023 Joris Perrenet)
is not copied here: --engine names its python_version folder, or a git directory of the repository, from
which that folder is read. Each request on stdin is what one seat knows (its hand, the trump card, the
table, the discard, the stock size, the opponent's hand size and known cards, the phase, the roles and
our legal moves); the bridge builds the foreign engine's own game state from it and answers on stdout:

  {"op": "choose", ...}  ->  {"move": MOVE, "dropped": [...]}  the search's move, in our words
  {"op": "moves", ...}   ->  {"moves": [MOVE...], "dropped": [...]}  every foreign move mapped to ours

MOVE is a move in our wire form (docs/conformance.md): {"type": attack|throw|cover|transfer|take|pass, "cards":
[...], "attack": card, "card": card, "showTrump": card} with cards as text ("10D"); showing the trump to transfer is
{"type": "transfer", "showTrump": card}. "dropped" lists foreign moves our rules refuse here (docs/bots.md, "STRONG
against another engine"); the search's root never considers them.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

SUITS = {'C': 0, 'S': 1, 'H': 2, 'D': 3}  # the foreign order: clubs, spades, hearts, diamonds
RANKS = ['6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A']


def parse(text):
    return SUITS[text[-1]], RANKS.index(text[:-1])


def text(pair):
    suit, value = pair
    return RANKS[value] + 'CSHD'[suit]


def engine_folder(path):
    """The python_version folder: as given, or read from a git directory's HEAD into a temporary folder."""
    if os.path.isfile(os.path.join(path, 'main.py')):
        return path
    target = tempfile.mkdtemp(prefix='durak-foreign-')
    archive = subprocess.run(['git', '--git-dir', path, 'archive', 'HEAD', 'python_version'],
                             check=True, capture_output=True).stdout
    subprocess.run(['tar', '-x', '-C', target], input=archive, check=True)
    return os.path.join(target, 'python_version')


class Bridge:
    def __init__(self, folder, deals, rollouts, expl_const):
        sys.path.insert(0, folder)
        import main
        import mcts
        import players
        import tools
        self.GameTree, self.Card = main.GameTree, tools.Card
        self.DeterminizedMCTS, self.Random = players.DeterminizedMCTS, players.Random
        self.deals, self.rollouts, self.expl_const = deals, rollouts, expl_const

        class RootLimited(mcts.MCTree):
            """The foreign tree search, its root's moves limited to those our rules allow here."""

            def __init__(self, keep):
                super().__init__()
                self.keep = keep

            def do_rollouts(self, game_state, rollouts=1000, expl_const=.7):
                allowed = [a for a in game_state.allowed_plays() if (a[0], a[1]) in self.keep]
                game_state.allowed_plays = lambda: allowed
                return super().do_rollouts(game_state, rollouts, expl_const)

        self.RootLimited = RootLimited

    def state(self, q):
        """The foreign game state of the seat's knowledge: unseen cards are unknown cards to determinize."""
        trump = SUITS[q['trump']]
        cards = []

        def card(t, private=False):
            c = self.Card()
            c.from_suit_value(*parse(t))
            c.trump_suit = trump
            c.is_private, c.is_public = private, not private
            cards.append(c)
            return c

        def unknown():
            c = self.Card()
            c.trump_suit = trump
            cards.append(c)
            return c

        seat = q['seat']
        known = {int(k): v for k, v in q['known'].items()}
        people = []
        for s, size in enumerate(q['handSizes']):
            if s == seat:
                p = self.DeterminizedMCTS(str(s), deals=self.deals, rollouts=self.rollouts,
                                          expl_const=self.expl_const)
                p.hand = [card(t, private=t not in known.get(s, [])) for t in q['hand']]
            else:
                p = self.Random(str(s))
                shown = known.get(s, [])
                p.hand = [card(t) for t in shown] + [unknown() for _ in range(size - len(shown))]
            people.append(p)
        g = self.GameTree([], True, None, do_init=False)
        g.players, g.computer_shuffle, g.print_info, g.history = people, True, False, []
        g.all_cards = {(s, v) for s in range(4) for v in range(9)}
        g.deck = [unknown() for _ in range(q['stock'] - 1)] + [card(q['trumpCard'])] if q['stock'] > 0 else []
        g.pairs_finished, g.cards_to_defend = [], []
        for attack, cover in q['table']:
            if cover is None:
                g.cards_to_defend.append(card(attack))
            else:
                g.pairs_finished.append((card(attack), card(cover)))
        for t in q['discard']:
            card(t)
        g.card_collection = cards
        if len(cards) != 36:
            raise ValueError(f'{len(cards)} cards in the position, not 36')
        attacker, defender = people[q['attacker']], people[q['defender']]
        g.attackers, g.defender, g.current_attacker = [attacker], defender, 0
        g.draw_order = [attacker, defender]
        g.last_played_attacker = attacker if q['table'] else None
        g.attacker_to_start_throwing = 0 if q['phase'] == 'TAKE_ADDING' else None
        g.reflected_trumps = []
        g.current_action = {'ATTACK': 'Attack', 'THROW_IN': 'Attack', 'DEFENSE': 'Defend',
                            'TAKE_ADDING': 'ThrowCards'}[q['phase']]
        g.player_to_play = defender if q['phase'] == 'DEFENSE' else attacker
        g.is_end_state, g.loser = False, None
        return g

    @staticmethod
    def ours(action, g, phase):
        """A foreign move in our words."""
        kind, arg = action[0], action[1]
        if kind == 'Attack':
            return {'type': 'attack' if phase == 'ATTACK' else 'throw', 'cards': [text(arg)]}
        if kind == 'Defend':
            first = g.cards_to_defend[0]
            return {'type': 'cover', 'attack': text((first.suit, first.value)), 'card': text(arg)}
        if kind == 'Reflect':
            return {'type': 'transfer', 'card': text(arg)}
        if kind == 'ReflectTrump':
            return {'type': 'transfer', 'showTrump': text(arg)}
        if kind == 'Take':
            return {'type': 'take'}
        if kind == 'PassAttack' or (kind == 'ThrowCards' and arg[0] is None):
            return {'type': 'pass'}
        if kind == 'ThrowCards':
            return {'type': 'throw', 'cards': [text(c) for c in arg]}
        raise ValueError(f'unknown foreign move {action}')

    @staticmethod
    def key(move):
        return (move['type'], frozenset(move.get('cards', [])), move.get('attack'), move.get('card'),
                move.get('showTrump'))

    def answer(self, q):
        g = self.state(q)
        legal = {self.key(m) for m in q['legal']}
        mapped, keep, dropped = [], set(), []
        for a in g.allowed_plays():
            m = self.ours(a, g, q['phase'])
            if self.key(m) in legal:
                mapped.append(m)
                keep.add((a[0], a[1]))
            else:
                dropped.append(m)
        if q['op'] == 'moves':
            return {'moves': mapped, 'dropped': dropped}
        if not keep:
            return {'error': 'no foreign move is legal here', 'dropped': dropped}
        random.seed(q['seed'])
        me = g.player_to_play
        me.tree = self.RootLimited(keep)
        return {'move': self.ours(me.choose_action(g), g, q['phase']), 'dropped': dropped}


def main():
    line = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    line.add_argument('--engine', required=True, help="jorisperrenet/durak's python_version folder or git directory")
    line.add_argument('--deals', type=int, default=5, help='determinizations per decision (default 5)')
    line.add_argument('--rollouts', type=int, default=200, help='MCTS rollouts per determinization (default 200)')
    line.add_argument('--expl', type=float, default=0.8, help='UCT exploration constant (default 0.8)')
    o = line.parse_args()
    bridge = Bridge(engine_folder(o.engine), o.deals, o.rollouts, o.expl)
    out = sys.stdout
    sys.stdout = open(os.devnull, 'w')  # the foreign search prints a progress line per rollout
    for request in sys.stdin:
        try:
            reply = bridge.answer(json.loads(request))
        except Exception as e:  # the caller counts and reports it; the bridge keeps serving
            reply = {'error': f'{type(e).__name__}: {e}'}
        out.write(json.dumps(reply) + '\n')
        out.flush()


if __name__ == '__main__':
    main()
