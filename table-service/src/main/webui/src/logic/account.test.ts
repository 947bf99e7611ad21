import { describe, expect, it } from 'vitest';
import { formProblem, kindKey, parseSignedIn } from './account';
import { missingGerman, translate } from '../i18n';

describe('accounts in the client', () => {
  it('reads a stored player field by field: a guest of the guests-only client stays a guest', () => {
    expect(parseSignedIn('{"playerId":"p1","name":"Ann","token":"t"}'))
      .toEqual({ playerId: 'p1', name: 'Ann', token: 't', account: false });
    expect(parseSignedIn('{"playerId":"p1","name":"Ann","token":"t","account":true,"x":1}'))
      .toEqual({ playerId: 'p1', name: 'Ann', token: 't', account: true });
    expect(parseSignedIn('{"playerId":"p1","name":"Ann","token":"t","account":"yes"}')?.account).toBe(false);
    for (const broken of [null, '', '{', '[]', '"Ann"', '{"playerId":1,"name":"Ann","token":"t"}', '{"name":"Ann"}']) {
      expect(parseSignedIn(broken)).toBeNull();
    }
  });

  it('checks the form as the server does, counting characters, not UTF-16 units', () => {
    expect(formProblem('guest', '  ', '')).toEqual({ key: 'signin.nameRequired' });
    expect(formProblem('guest', 'Ann', '')).toBeNull();
    expect(formProblem('guest', 'x'.repeat(33), '')).toEqual({ key: 'signin.nameTooLong', n: 32 });
    expect(formProblem('guest', '😀'.repeat(32), '')).toBeNull(); // 64 UTF-16 units, 32 characters
    expect(formProblem('signin', 'Ann', '')).toEqual({ key: 'signin.passwordRequired' });
    expect(formProblem('signin', 'Ann', 'short')).toBeNull(); // the server says whether it is right
    expect(formProblem('register', 'Ann', 'short')).toEqual({ key: 'signin.passwordLength', n: 5 });
    expect(formProblem('register', 'Ann', '12345678')).toBeNull();
    expect(formProblem('register', 'Ann', 'p'.repeat(128))).toBeNull();
    expect(formProblem('register', 'Ann', 'p'.repeat(129))).toEqual({ key: 'signin.passwordLength', n: 129 });
    expect(formProblem('register', 'Ann', '😀'.repeat(8))).toBeNull();
  });

  it('names the kind of player in both languages', () => {
    const p = { playerId: 'p', name: 'Ann', token: 't' };
    expect(translate('en', kindKey({ ...p, account: true }))).toBe('account');
    expect(translate('de', kindKey({ ...p, account: false }))).toBe('Gast');
    expect(translate('de', 'signin.passwordLength', { n: 5 })).toBe('Ein Passwort hat 8 bis 128 Zeichen (dieses hat 5).');
    expect(missingGerman()).toEqual([]);
  });
});
