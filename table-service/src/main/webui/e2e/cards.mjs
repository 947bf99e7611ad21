// What a page may show of a deal, checked against its replay once the deal is over (every hand at every seq): shared
// by the scripts that look for hidden cards in a page's WebSocket frames and DOM snapshots.

const CODE = /(?<![A-Za-z0-9])(10|[2-9JQKA])[CDHS](?![A-Za-z0-9])/g;
const NAMES = { jack: 'J', queen: 'Q', king: 'K', ace: 'A' };
const SUITS = { clubs: 'C', diamonds: 'D', hearts: 'H', spades: 'S' };
const NAME = /\b(10|[2-9]|jack|queen|king|ace) of (clubs|diamonds|hearts|spades)\b/g;
const DECK = new Set(['6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'].flatMap((v) => [...'CDHS'].map((s) => v + s)));

/** Every card a text names, as a code ("7H", "10 of diamonds"). */
export function cardsIn(text) {
  const found = new Set((text.match(CODE) ?? []));
  for (const m of text.matchAll(NAME)) found.add((NAMES[m[1]] ?? m[1]) + SUITS[m[2]]);
  return found;
}

/**
 * The deal's states from its replay (GET /replay, asked with `token`): at each step the cards ever face up so far
 * (public from then on, wherever they are: on the table, the trump card, a shown trump), the hands and the table.
 * `stateAt(seq)` is the state a frame or snapshot of that seq belongs to; from `end` on the board shows the durak's
 * cards to everyone.
 */
export async function dealStates(base, token, tableId, deal = 1) {
  const r = await fetch(`${base}/api/tables/${encodeURIComponent(tableId)}/replay?deal=${deal}`,
    { headers: { Authorization: `Bearer ${token}` } });
  if (!r.ok) throw new Error(`replay: ${r.status} ${await r.text()}`);
  const { steps } = await r.json();
  const seen = new Set();
  const at = steps.map((step) => {
    for (const [att, cov] of step.view.table) {
      seen.add(att);
      if (cov) seen.add(cov);
    }
    if (step.view.trumpCard) seen.add(step.view.trumpCard);
    // a trump shown to everyone: the first attacker's lowest trump at the deal's start, a trump shown to transfer
    for (const shown of [step.event?.event?.shownTrump, step.event?.event?.showTrump]) if (shown) seen.add(shown);
    return { seq: step.seq, public: new Set(seen), hands: step.view.hands, table: step.view.table, event: step.event };
  });
  const end = at[at.length - 1].seq;
  return { at, end, stateAt: (seq) => [...at].reverse().find((s) => s.seq <= seq) };
}

/**
 * Fails when a frame's or a snapshot's text (each `{seq, text}`) names a card of the deck that the viewer could not
 * know at that seq: anything but the public cards and, for a seat (`seat` ≥ 0), its own hand. Returns how many were
 * checked (those before the deal's end).
 */
export function noUnknownCard(label, seat, items, states) {
  let checked = 0;
  for (const { seq, text, where } of items) {
    if (seq >= states.end) continue;
    const s = states.stateAt(seq);
    const mayKnow = s ? new Set([...s.public, ...(seat >= 0 ? s.hands[String(seat)] ?? [] : [])]) : new Set();
    for (const c of cardsIn(text)) {
      if (DECK.has(c) && !mayKnow.has(c)) {
        throw new Error(`${label} (seat ${seat}) got ${c} at seq ${seq} in ${where}, a card it may not know:\n${text.slice(0, 2000)}`);
      }
    }
    checked++;
  }
  return checked;
}

/**
 * How many moves of other seats (every seat's, for a spectator: `seat` -1) the page showed: whatever a seat put on the
 * table must be in the page's bout at that seq. Fails when one is missing.
 */
export function movesSeen(me, seat, at) {
  let moves = 0;
  for (let i = 1; i < at.length; i++) {
    const actor = at[i].event?.event?.seat ?? at[i].event?.seat;
    if (actor === seat || actor === undefined) continue;
    const before = new Set(at[i - 1].table.flat());
    const put = at[i].table.flat().filter((c) => c && !before.has(c));
    const snap = [...me.snaps].reverse().find((x) => x.seq === at[i].seq);
    if (!put.length || !snap) continue;
    for (const c of put) if (!snap.bout.includes(c)) throw new Error(`${me.label} did not see ${c} of seat ${actor} at seq ${at[i].seq}`);
    moves++;
  }
  return moves;
}

/**
 * One person's page, recorded: its WebSocket frames and DOM snapshots (each change of the page, by a MutationObserver),
 * both with the seq they belong to. While `hold` is set a new WebSocket of the page is refused, and `socket` is the
 * page's side of the last one (for a test that cuts it).
 */
export async function recordPage(page, label) {
  const me = { page, label, frames: [], snaps: [], socket: null, hold: false, lastSeq: -1 };
  await page.exposeFunction('__durakSnap', (seq, text, bout) => me.snaps.push({ seq: Number(seq), text, bout }));
  await page.addInitScript(() => {
    let last = '';
    const snap = () => {
      if (!document.body) return; // the document is still loading
      const r = document.querySelector('.table-page');
      // what the page says: its text, and every accessible name, title and card of its elements
      const attrs = [...document.querySelectorAll('[aria-label],[title],[data-card]')]
        .map((e) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('title') ?? ''} ${e.getAttribute('data-card') ?? ''}`);
      const text = `${document.body.innerText}\n${attrs.join('\n')}`;
      if (text === last) return;
      last = text;
      const bout = [...document.querySelectorAll('.bout [data-card]')].map((e) => e.getAttribute('data-card'));
      window.__durakSnap(r ? r.dataset.seq : '-1', text, bout);
    };
    new MutationObserver(snap).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  // Every WebSocket of the page goes through the test, which keeps each frame and can cut the connection.
  await page.routeWebSocket(/\/ws(\?|$)/, (ws) => {
    if (me.hold) {
      ws.close({ code: 4000, reason: 'cut by the test' });
      return;
    }
    const server = ws.connectToServer();
    me.socket = ws;
    server.onMessage((m) => {
      const text = String(m);
      const f = JSON.parse(text);
      const seq = f.view?.seq ?? f.seq;
      if (typeof seq === 'number') me.lastSeq = Math.max(me.lastSeq, seq);
      me.frames.push({ seq: typeof seq === 'number' ? seq : me.lastSeq, text });
      ws.send(m);
    });
    ws.onMessage((m) => server.send(m));
    ws.onClose((code, reason) => server.close({ code, reason }));
    server.onClose((code, reason) => ws.close({ code, reason }));
  });
  return me;
}

