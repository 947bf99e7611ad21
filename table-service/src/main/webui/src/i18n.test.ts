import { describe, expect, it } from 'vitest';
import { missingGerman, translate } from './i18n';
import { DEFAULT_PREFS, parsePrefs } from './logic/prefs';

describe('i18n and prefs', () => {
  it('has every string in German too, and fills parameters', () => {
    expect(missingGerman()).toEqual([]);
    expect(translate('de', 'table.stock', { n: 12 })).toBe('Stapel 12');
    expect(translate('en', 'table.stock', { n: 12 })).toBe('Stock 12');
  });
  it('reads stored prefs field by field, defaults for anything broken', () => {
    expect(parsePrefs(null)).toEqual(DEFAULT_PREFS);
    expect(parsePrefs('{not json')).toEqual(DEFAULT_PREFS);
    expect(parsePrefs('{"theme":"acacia","lang":"de","music":true,"sort":"x"}'))
      .toEqual({ ...DEFAULT_PREFS, theme: 'acacia', lang: 'de', music: true });
  });
});
