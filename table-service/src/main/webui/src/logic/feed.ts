import type { CardCode, EventEnvelope, TableEvent, TableView } from '../api/types';
import type { Key } from '../i18n';
import { seatName, type Tr } from './view';

/** The short sounds of moves (logic/sounds.ts). */
export type Cue = 'play' | 'cover' | 'take' | 'bito' | 'turn' | 'warn';

/** One line of the move log; `notice`: also worth the notice line (what others did, what happened to you). */
export interface FeedLine {
  seq: number;
  type: string;
  text: string;
  notice: boolean;
  cue: Cue | null;
}

/** What a line is written from: the seat's view after the event, the words, and how a card is written. */
export interface FeedWords {
  tr: Tr;
  card: (c: CardCode) => string;
  suit: (s: string) => string;
}

/** The moves' events, which the computer may make for a seat whose clock ran out. */
const MOVES = new Set(['Attacked', 'Covered', 'Transferred', 'TrumpShown', 'Took', 'Threw', 'Passed']);

/**
 * Writes the events of one table in words, in order; it remembers a `PlayedByComputer` for the move that follows it.
 * `table` is the seat's view that gives the names, the seat and the settings; `after`, when the event came with it,
 * the view right after the event (the defender a transfer went to). Without it (events read back over REST) the
 * defender is followed from the events themselves.
 */
export class Feed {
  private computerFor: number | null = null;
  private defender: number | null = null;
  private readonly out = new Set<number>();
  /** The defender took: the others now add cards ("Done", not "Bito"). */
  private taking = false;

  constructor(private readonly words: () => FeedWords) {}

  line(e: EventEnvelope, table: TableView, after: TableView | null = null): FeedLine | null {
    const ev = e.event;
    const { tr } = this.words();
    this.follow(ev, table);
    if (after?.deal) this.defender = after.deal.defender;
    if (ev.type === 'PlayedByComputer') {
      this.computerFor = num(ev.seat);
      return null;
    }
    const seat = num(ev.seat);
    const by = this.computerFor;
    if (MOVES.has(ev.type)) this.computerFor = null;
    const written = this.write(ev, table, e.at);
    if (!written) return null;
    if (by !== null && by === seat && MOVES.has(ev.type)) {
      const move = this.moveWord(ev);
      const text = seat === table.seat ? tr('feed.computer.you', { move }) : tr('feed.computer', { move, name: this.name(table, seat) });
      return { seq: e.seq, type: ev.type, text, notice: true, cue: written.cue };
    }
    return { seq: e.seq, type: ev.type, ...written };
  }

  /** The defender and who is out, from the events (rules.md §4: the next seat to the left, never a partner). */
  private follow(ev: TableEvent, v: TableView) {
    const n = v.table.settings.players;
    const next = (s: number) => {
      for (let i = 1; i < n; i++) {
        const c = (s + i) % n;
        if (!this.out.has(c) && !(v.table.settings.teams && c === (s + n / 2) % n)) return c;
      }
      return null;
    };
    if (ev.type === 'Took') this.taking = true;
    else if (ev.type === 'BoutEnded' || ev.type === 'BoutReady' || ev.type === 'DealStarted') this.taking = false;
    if (ev.type === 'DealStarted') {
      this.out.clear();
      this.defender = num(ev.attacker) === null ? null : next(num(ev.attacker)!);
    } else if (ev.type === 'BoutReady') this.defender = num(ev.defender);
    else if (ev.type === 'PlayersOut') codes(ev.seats).forEach((s) => this.out.add(Number(s)));
    else if ((ev.type === 'Transferred' || ev.type === 'TrumpShown') && this.defender !== null) this.defender = next(this.defender);
  }

  private name(v: TableView, seat: number | null): string {
    return seatName(v.table.seats, seat, this.words().tr);
  }

  /** "you" or a name, as the object of a sentence. */
  private target(v: TableView, seat: number | null): string {
    return seat === v.seat ? this.words().tr('feed.you') : this.name(v, seat);
  }

  /** The sentence of `key` with "you" (`key.you`) when `seat` is this one. */
  private say(v: TableView, seat: number | null, key: string, params: Record<string, string | number> = {}): string {
    const { tr } = this.words();
    return seat === v.seat ? tr(`${key}.you` as Key, params) : tr(key as Key, { name: this.name(v, seat), ...params });
  }

  private write(ev: TableEvent, v: TableView, at: string | undefined): Omit<FeedLine, 'seq' | 'type'> | null {
    const { tr, card } = this.words();
    const seat = num(ev.seat);
    const mine = seat === v.seat;
    const cards = (x: unknown) => codes(x).map(card).join(' ');
    const line = (text: string, notice: boolean, cue: Cue | null = null) => ({ text, notice, cue });
    switch (ev.type) {
      case 'DealStarted': {
        const parts: string[] = [];
        const redeals = num(ev.redeals) ?? 0;
        if (redeals > 0) parts.push(tr('feed.redealt', { n: redeals }));
        const trump = ev.trumpCard ? String(ev.trumpCard) : null;
        if (trump) {
          const dealtAll = 6 * v.table.settings.players >= (num(ev.count) ?? 0);
          parts.push(tr(dealtAll ? 'feed.dealtAll' : 'feed.dealt',
            { n: num(ev.deal) ?? 1, card: card(trump), suit: this.words().suit(trump.slice(-1)) }));
        }
        if (ev.shownTrump) parts.push(this.say(v, num(ev.attacker), 'feed.showsLowest', { card: card(String(ev.shownTrump)) }));
        return line(parts.join('. '), true);
      }
      case 'Attacked':
        return line(this.say(v, seat, 'feed.attack', { target: this.target(v, this.defender), cards: cards(ev.cards) }), !mine, 'play');
      case 'Covered':
        return line(this.say(v, seat, 'feed.cover', { attack: card(String(ev.attack)), card: card(String(ev.card)) }), !mine, 'cover');
      case 'Transferred':
        return line(this.say(v, seat, 'feed.transfer', { target: this.target(v, this.defender), card: card(String(ev.card)) }),
          !mine, 'play');
      case 'TrumpShown':
        return line(this.say(v, seat, 'feed.showTrump', { target: this.target(v, this.defender), card: card(String(ev.trump)) }),
          !mine, 'play');
      case 'Took':
        return line(this.say(v, seat, 'feed.take'), !mine, 'take');
      case 'Threw':
        return line(this.say(v, seat, 'feed.throw', { cards: cards(ev.cards) }), !mine, 'play');
      case 'Passed':
        return line(this.say(v, seat, this.taking ? 'feed.done' : 'feed.pass'), false);
      case 'BoutEnded': {
        const n = codes(ev.cards).length;
        if (ev.taken) return line(this.say(v, num(ev.defender), n === 1 ? 'feed.pickedUp1' : 'feed.pickedUp', { n }), false);
        return line(tr('feed.bito', { n }), true, 'bito');
      }
      case 'CardsDrawn':
        return line(mine ? tr('feed.draws.you', { cards: cards(ev.cards) }) : this.say(v, seat, 'feed.draws', { n: num(ev.count) ?? 0 }), false);
      case 'PlayersOut':
        return line(codes(ev.seats).map((s) => this.say(v, Number(s), 'feed.out')).join('. '), true);
      case 'DealEnded': {
        const durak = num(ev.durak) ?? -1;
        if (durak < 0) return line(tr('feed.tie'), true);
        return line(this.say(v, durak, v.table.settings.teams ? 'feed.durakTeam' : 'feed.durak'), true);
      }
      case 'MatchEnded':
        return line(tr('feed.matchOver'), true);
      case 'TimedOut': {
        const s = ev.graceEnds && at ? Math.max(0, Math.round((Date.parse(String(ev.graceEnds)) - Date.parse(at)) / 1000)) : 10;
        return line(this.say(v, seat, 'feed.timedOut', { s }), true, mine ? 'warn' : null);
      }
      case 'HintTaken':
        return line(this.say(v, seat, 'feed.hint'), false);
      case 'MatchLeft':
        return line(tr('feed.left', { name: this.name(v, seat) }), true);
      case 'ContinuePressed':
        return line(this.say(v, seat, 'feed.continue'), false);
      case 'BoardTimedOut':
        return line(tr('feed.boardTimedOut'), true);
      default:
        return null;
    }
  }

  /** The computer's move in a word or two, as the action buttons name it ("Bito", "Take", "Cover 7♥"). */
  private moveWord(ev: TableEvent): string {
    const { tr, card } = this.words();
    const cards = (x: unknown) => codes(x).map(card).join(' ');
    switch (ev.type) {
      case 'Attacked': return `${tr('action.attack')} ${cards(ev.cards)}`;
      case 'Threw': return `${tr('action.throw')} ${cards(ev.cards)}`;
      case 'Covered': return `${tr('action.cover')} ${card(String(ev.attack))}`;
      case 'Transferred': return `${tr('action.transfer')} ${card(String(ev.card))}`;
      case 'TrumpShown': return tr('action.showTrump');
      case 'Took': return tr('action.take');
      default: return tr(this.taking ? 'action.done' : 'action.bito');
    }
  }
}

function num(x: unknown): number | null {
  return typeof x === 'number' ? x : null;
}

/** The cards (or seats) of an event's list; a CardSet is written as a list of codes. */
function codes(x: unknown): string[] {
  return Array.isArray(x) ? x.map(String) : [];
}
