import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFS, parsePrefs, TEMPOS } from './prefs';
import { translate } from '../i18n';
import { api } from '../api/http';

// session.ts (imported by the API client) reads localStorage at load; Vitest runs in Node without one
vi.hoisted(() => {
  const store = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
  });
});

describe('the gear\'s tempo', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is kept with the other prefs: a stored tempo is read back, anything else is NORMAL', () => {
    expect(DEFAULT_PREFS.tempo).toBe('NORMAL');
    for (const tempo of TEMPOS) {
      expect(parsePrefs(JSON.stringify({ ...DEFAULT_PREFS, tempo }))).toEqual({ ...DEFAULT_PREFS, tempo });
    }
    expect(parsePrefs('{"tempo":"QUICK"}').tempo).toBe('NORMAL');
    expect(parsePrefs('{"tempo":"fast"}').tempo).toBe('NORMAL');
    expect(parsePrefs('{"tempo":250}').tempo).toBe('NORMAL');
    expect(parsePrefs('{"lang":"de"}')).toEqual({ ...DEFAULT_PREFS, lang: 'de' });
  });

  it('is a choice in German and English', () => {
    expect(TEMPOS.map((te) => translate('en', `tempo.${te}`))).toEqual(['Fast', 'Normal', 'Slow']);
    expect(TEMPOS.map((te) => translate('de', `tempo.${te}`))).toEqual(['Schnell', 'Normal', 'Langsam']);
  });

  it('is sent with a solo start', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response('{}', { status: 201 });
    });
    await api.solo({ players: 2 }, 'EASY', 'SLOW');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ settings: { players: 2 }, bots: 'EASY', tempo: 'SLOW' });
  });
});

describe('the gear\'s move sounds', () => {
  it('are on at 60 % unless stored otherwise; a volume outside 0–100 is the default', () => {
    expect(DEFAULT_PREFS).toMatchObject({ sound: true, volume: 60 });
    expect(parsePrefs('{"sound":false,"volume":35}')).toMatchObject({ sound: false, volume: 35 });
    expect(parsePrefs('{"volume":140}').volume).toBe(60);
    expect(parsePrefs('{"volume":"loud"}').volume).toBe(60);
    expect(parsePrefs('{"sound":"yes"}').sound).toBe(true);
  });
});
