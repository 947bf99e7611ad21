import { ref, type Ref } from 'vue';
import type { EventEnvelope, TableView } from '../api/types';
import { Feed, type Cue, type FeedLine, type FeedWords } from '../logic/feed';

/**
 * What happened at the table, in words (logic/feed.ts): the move log of the current deal, the notice line (what the
 * others did and what happened to you, also the page's live region), the sound of each move, and the events since the
 * page last drew the table (for the motion). Events come from the socket as they happen (`hear`); after a reload the
 * log reads the deal's earlier events back once it is opened (`loadLog`, `GET /events`).
 */
export function useTableFeed(view: Ref<TableView | null>, load: () => Promise<EventEnvelope[]>, words: () => FeedWords,
                             cue: (c: Cue) => void = () => {}) {
  const lines = ref<FeedLine[]>([]);
  const notice = ref<FeedLine | null>(null);
  /** The log holds the deal from its first event. */
  const whole = ref(false);
  const loading = ref(false);
  let feed = new Feed(words);
  let lastSeq = -1;
  let recent: EventEnvelope[] = [];

  /** An event as it comes: `after` is the view with it, null when a resync brought it (no notice, no sound then). */
  function hear(e: EventEnvelope, after: TableView | null) {
    const table = after ?? view.value;
    if (!table || e.seq <= lastSeq) return;
    lastSeq = e.seq;
    if (e.event.type === 'DealStarted') {
      lines.value = [];
      whole.value = true;
    }
    if (after) recent.push(e);
    const line = feed.line(e, table, after);
    if (!line) return;
    lines.value = [...lines.value, line];
    if (!after) return;
    if (line.notice) notice.value = line;
    if (line.cue) cue(line.cue);
  }

  /** The current deal's earlier events, read back once (after a reload the log starts at the page's first event). */
  async function loadLog() {
    if (whole.value || loading.value || !view.value) return;
    loading.value = true;
    try {
      const all = await load();
      const start = all.map((e) => e.event.type).lastIndexOf('DealStarted');
      if (start < 0) return;
      const table = view.value;
      feed = new Feed(words);
      const earlier: FeedLine[] = [];
      for (const e of all.slice(start)) {
        if (e.seq > lastSeq) lastSeq = e.seq;
        const line = feed.line(e, table);
        if (line) earlier.push(line);
      }
      const known = new Set(earlier.map((l) => l.seq));
      lines.value = [...earlier, ...lines.value.filter((l) => !known.has(l.seq))];
      whole.value = true;
    } finally {
      loading.value = false;
    }
  }

  /** The events heard live since the last call (the motion reads them once per drawing). */
  function takeRecent(): EventEnvelope[] {
    const out = recent;
    recent = [];
    return out;
  }

  /** A line of the page's own (one's partner's role taken over, a drag refused): the notice line only. */
  function say(text: string) {
    notice.value = { seq: view.value?.seq ?? 0, type: 'page', text, notice: true, cue: null };
  }

  return { lines, notice, whole, loading, hear, loadLog, takeRecent, say };
}
