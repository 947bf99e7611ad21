// Table views in the server's shape (GET /api/tables/{id}/view, docs/websocket.md), for the layout checks: positions a
// real deal reaches only rarely (a hand of 24 cards, six pairs on the table, five opponents, twelve known cards of
// one of them), served to the real client by the test alone (page.route and routeWebSocket; nothing in the client or
// the server knows of them). Every card is in one place only, as in a real deal.
const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUITS = ['C', 'D', 'H', 'S'];
export const DECK_52 = RANKS.flatMap((r) => SUITS.map((s) => r + s));

const NAMES = ['Ann', 'Bo', 'Cy', 'Dana', 'Emil', 'Fay'];

/**
 * Seat 0's view of a deal at a table of `players` (52 cards, trump hearts): `hand` cards in its hand, `pairs` on the
 * table (`covered` of them covered), the phase and legal moves of a defence (or of an attack with no pairs).
 */
export function fixtureView({ id, players = 6, hand = 24, pairs = 6, covered = 3, teams = false, known = 12, clock = true,
  variant = 'PEREVODNOI' } = {}) {
  const trump = 'H';
  const deck = [...DECK_52];
  const take = (pred, n) => {
    const out = [];
    for (let i = 0; i < deck.length && out.length < n; i++) {
      if (pred(deck[i])) {
        out.push(deck[i]);
        deck.splice(i--, 1);
      }
    }
    if (out.length < n) throw new Error(`fixture: only ${out.length} of ${n} cards left`);
    return out;
  };
  const trumpCard = take((c) => c === '2H', 1)[0];
  // the bout: low attack cards, covered by a higher card of their suit
  const attacks = take((c) => ['3', '4', '5'].includes(c.slice(0, -1)) && !c.endsWith(trump), pairs);
  const table = attacks.map((a, i) => {
    if (i >= covered) return [a, null];
    const suit = a.slice(-1);
    return [a, take((c) => c.endsWith(suit) && RANKS.indexOf(c.slice(0, -1)) > RANKS.indexOf(a.slice(0, -1)), 1)[0]];
  });
  const mine = take(() => true, hand);
  const discard = take((c) => !c.endsWith(trump), Math.min(6, Math.max(0, deck.length - (players - 1))));
  // the rest is in the others' hands (the stock holds only the trump card, under it): seat 1's known cards among them
  const opponents = players - 1;
  const first = Math.max(Math.ceil(deck.length / opponents), Math.min(known, deck.length - (opponents - 1)));
  const left = deck.length - first;
  const sizes = [hand, first, ...Array.from({ length: opponents - 1 }, (_, i) => Math.floor(left / (opponents - 1))
    + (i < left % (opponents - 1) ? 1 : 0))];
  const knownCards = deck.slice(0, Math.min(known, sizes[1]));
  const stockCount = 1;
  const open = table.filter(([, c]) => !c).map(([a]) => a);
  const legalMoves = open.length
    ? [...mine.flatMap((card) => open.filter((a) => beats(card, a, trump)).map((attack) => ({ type: 'cover', attack, card }))), { type: 'take' }]
    : mine.map((c) => ({ type: 'attack', cards: [c] }));
  const seats = Array.from({ length: players }, (_, seat) => seat === 0
    ? { seat, free: false, playerId: 'p-fixture', name: NAMES[0], human: true, bot: null }
    : seat % 2 ? { seat, free: false, playerId: `bot-${seat}`, name: null, human: false, bot: 'NORMAL' }
      : { seat, free: false, playerId: `p-${seat}`, name: NAMES[seat], human: true, bot: null });
  const now = Date.now();
  return {
    tableId: id, seq: 40, seat: 0,
    table: {
      status: 'PLAYING', freeSeats: 0, createdBy: 'p-fixture', solo: false, left: [], seats,
      settings: { variant, deck: 52, players, teams, throwIn: 'ALL', firstBoutLimit: 'FIRST_BOUT',
        showTrumpToTransfer: variant === 'PEREVODNOI', discardVisible: true, dealsPerMatch: 3, turnClock: clock ? 60 : null, stake: 0 },
    },
    match: { dealNumber: 2, dealsPerMatch: 3, dealRunning: true, onBoard: false, continued: [], totals: seats.map(() => 1),
      places: null, hints: seats.map(() => 0) },
    deal: {
      seat: 0, phase: open.length ? 'DEFENSE' : 'ATTACK', toAct: 0, attacker: open.length ? players - 1 : 0, defender: open.length ? 0 : 1,
      hand: mine, handSizes: sizes, known: { 1: knownCards }, table, trump, trumpCard, stockCount, discardCount: discard.length,
      discard, trumpsInPlay: 13, boutsPlayed: 3, out: [], roomLeft: open.length ? 0 : 6, stillToCome: [], passed: [], legalMoves,
      durak: null, points: null,
    },
    clock: clock ? { seat: 0, turnEnds: new Date(now + 45_000).toISOString(), graceEnds: null, computerMoves: false } : null,
  };
}

function beats(card, attack, trump) {
  const [cr, cs] = [card.slice(0, -1), card.slice(-1)];
  const [ar, as] = [attack.slice(0, -1), attack.slice(-1)];
  if (cs === as) return RANKS.indexOf(cr) > RANKS.indexOf(ar);
  return cs === trump;
}

/**
 * Serves `view` as table `view.tableId` to this page: its GET /view, its events (none), its board, and its WebSocket,
 * which opens with the view as the server's does.
 */
export async function serveFixture(page, view) {
  const id = encodeURIComponent(view.tableId);
  await page.route(`**/api/tables/${id}/view`, (r) => r.fulfill({ json: view }));
  await page.route(`**/api/tables/${id}/events?*`, (r) => r.fulfill({ json: { tableId: view.tableId, seq: view.seq, seat: 0, events: [] } }));
  await page.routeWebSocket(new RegExp(`/api/tables/${id}/ws`), (ws) => {
    ws.send(JSON.stringify({ type: 'view', seq: view.seq, view }));
    ws.onMessage(() => {});
  });
}
