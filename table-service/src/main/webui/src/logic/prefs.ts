import { reactive, watch } from 'vue';
import type { SortOrder } from './cards';

/** The three table designs of seed 002 (CSS themes in style.css: `.theme-…`). */
export const THEMES = ['teahouse', 'harbour', 'acacia'] as const;
export type Theme = (typeof THEMES)[number];
export type Lang = 'en' | 'de';
/** How long a solo table's bots think before each move (the API's SoloRequest.tempo: 250, 700, 1500 ms). */
export const TEMPOS = ['FAST', 'NORMAL', 'SLOW'] as const;
export type Tempo = (typeof TEMPOS)[number];

/** The gear's settings; kept in localStorage so they survive a reload. */
export interface Prefs {
  sort: SortOrder;
  theme: Theme;
  showPlayable: boolean;
  tapTwice: boolean;
  showKnown: boolean;
  music: boolean;
  /** The short move sounds (logic/sounds.ts), and their volume in percent. */
  sound: boolean;
  volume: number;
  lang: Lang;
  /** Sent with every solo start; "Again" at a solo table keeps that table's (the server does). */
  tempo: Tempo;
}

export const DEFAULT_PREFS: Prefs = {
  sort: 'rank', theme: 'teahouse', showPlayable: true, tapTwice: true, showKnown: true, music: false, sound: true,
  volume: 60, lang: 'en', tempo: 'NORMAL',
};
const KEY = 'durak.prefs';

/** Stored prefs, each field checked: an unknown or broken value falls back to its default. */
export function parsePrefs(text: string | null): Prefs {
  let raw: Record<string, unknown> = {};
  try {
    const v = text ? JSON.parse(text) : {};
    if (v && typeof v === 'object') raw = v;
  } catch {
    // a broken entry: the defaults
  }
  const bool = (k: keyof Prefs) => (typeof raw[k] === 'boolean' ? (raw[k] as boolean) : (DEFAULT_PREFS[k] as boolean));
  return {
    sort: raw.sort === 'suit' || raw.sort === 'rank' ? raw.sort : DEFAULT_PREFS.sort,
    theme: THEMES.includes(raw.theme as Theme) ? (raw.theme as Theme) : DEFAULT_PREFS.theme,
    showPlayable: bool('showPlayable'),
    tapTwice: bool('tapTwice'),
    showKnown: bool('showKnown'),
    music: bool('music'),
    sound: bool('sound'),
    volume: typeof raw.volume === 'number' && raw.volume >= 0 && raw.volume <= 100 ? Math.round(raw.volume) : DEFAULT_PREFS.volume,
    lang: raw.lang === 'de' || raw.lang === 'en' ? raw.lang : DEFAULT_PREFS.lang,
    tempo: TEMPOS.includes(raw.tempo as Tempo) ? (raw.tempo as Tempo) : DEFAULT_PREFS.tempo,
  };
}

const storage = typeof localStorage === 'undefined' ? null : localStorage;
export const prefs = reactive<Prefs>(parsePrefs(storage?.getItem(KEY) ?? null));
watch(prefs, (p) => storage?.setItem(KEY, JSON.stringify(p)), { deep: true });
