import { prefs, type Lang } from './logic/prefs';

// Every string of the table, the gear, hints, replays and boards, in English and German (the seeds' language).
// `t('key', {n: 3})` fills `{n}`; a key missing in German falls back to English.
const en = {
  'app.signOut': 'Sign out',
  'table.waiting': 'Table', 'table.seat': 'Seat {n}', 'table.free': 'free', 'table.seatBot': 'Seat a bot',
  'table.botLevel': 'Bot level', 'table.start': 'Start', 'table.leave': 'Leave',
  'table.opponents': 'Opponents', 'table.attacks': 'attacks', 'table.defends': 'defends', 'table.passed': 'passed',
  'table.cardsInHand': '{n} cards in hand', 'table.knownCards': 'known cards', 'table.table': 'Table', 'table.bout': 'Bout',
  'table.stock': 'Stock {n}', 'table.discard': 'Discard {n}', 'table.noCards': 'No cards on the table.',
  'table.hand': 'Your hand', 'table.moves': 'Moves', 'table.sortBy': 'Sort by {order}', 'rank': 'rank', 'suit': 'suit',
  'table.selected': 'Selected: {cards}', 'table.all': 'All {rank}s', 'table.you': 'You',
  'table.loading': 'Loading the table…', 'table.reconnecting': 'Connection lost: reconnecting…',
  'table.paused': 'The game is paused.', 'table.pickTarget': 'Now tap the table card to beat (or press its number).',
  'table.keys': 'Keys: 1–9 pick a card, Enter plays, A takes, P passes, S sorts, Esc clears, B board, R hint',
  'ask.trump': 'Really attack with a trump? You still hold other cards.', 'ask.yes': 'Yes, attack', 'ask.no': 'No',
  'explain.beats': 'Beats: {cards}', 'explain.beatsNothing': 'Beats nothing on the table',
  'explain.beatenBy': 'Beaten by: {what}', 'explain.unbeatable': 'Nothing beats it',
  'explain.higher': 'a higher {suit}', 'explain.anyTrump': 'any trump',
  'hint.button': 'Hint', 'hint.title': 'Hint', 'hint.reason': 'Why: {reason}', 'hint.alternatives': 'Alternatives',
  'hint.notDurak': 'not durak in {p}% of {n} games', 'hint.count': 'Hints taken: {n}', 'hint.close': 'Close',
  'hint.asking': 'Asking the strong bot…',
  'board.board': 'Board', 'board.final': 'Final board', 'board.deal': 'Deal', 'board.player': 'Player',
  'board.place': 'Place', 'board.points': 'Points', 'board.calc': 'Calculation', 'board.durak': 'Durak: {name}',
  'board.totals': 'Totals', 'board.hints': 'Hints taken', 'board.continue': 'Continue',
  'board.waiting': 'Waiting for the others…', 'board.lobby': 'Back to the lobby', 'board.youWin': 'You win the match!',
  'board.winner': 'Winner: {names}', 'board.replay': 'Replay deal {n}', 'board.show': 'Board (B)',
  'replay.title': 'Replay of deal {n}', 'replay.step': 'Step {i} of {n}', 'replay.first': 'First', 'replay.prev': 'Back',
  'replay.next': 'Next', 'replay.last': 'Last', 'replay.close': 'Close the replay', 'replay.dealt': 'the deal as dealt',
  'settings.title': 'Settings', 'settings.open': 'Settings', 'settings.sort': 'Sort the hand by',
  'settings.theme': 'Table design', 'theme.teahouse': 'Tea house', 'theme.harbour': 'Harbour terrace',
  'theme.acacia': 'Acacia garden', 'settings.showPlayable': 'Show playable cards', 'settings.tapTwice': 'Tap twice to play',
  'settings.showKnown': "Show opponents' known cards", 'settings.music': 'Background music',
  'settings.lang': 'Language', 'settings.tempo': 'Tempo (solo bots): set by the server (DURAK_BOT_THINK) for now',
  'settings.close': 'Done', 'you': 'You', 'bot': 'Bot {n} ({level})',
  'leave.button': 'Leave the match', 'leave.title': 'Leave the match?',
  'leave.warnPoints': 'Other people are playing: a bot takes your seat for the rest of the match, and you get −10 on the leaderboard.',
  'leave.warnSolo': 'You play alone against bots: leaving ends the match. Your finished deals still count.',
  'leave.yes': 'Leave', 'leave.no': 'Stay',
  'left.bot': '{name} left; {bot} plays for them.', 'left.ended': '{name} left; the match ended.',
  'again.button': 'Again', 'again.pressed': 'Pressed "Again": {names}', 'again.waiting': 'Waiting for the others…',
  'board.leftPoints': '{name} left: {points} leaderboard points', 'board.youLeft': 'You left the match.',
};
export type Key = keyof typeof en;

const de: Partial<Record<Key, string>> = {
  'app.signOut': 'Abmelden',
  'table.waiting': 'Tisch', 'table.seat': 'Platz {n}', 'table.free': 'frei', 'table.seatBot': 'Computer setzen',
  'table.botLevel': 'Stärke', 'table.start': 'Starten', 'table.leave': 'Verlassen',
  'table.opponents': 'Gegner', 'table.attacks': 'greift an', 'table.defends': 'verteidigt', 'table.passed': 'gepasst',
  'table.cardsInHand': '{n} Karten auf der Hand', 'table.knownCards': 'bekannte Karten', 'table.table': 'Tisch',
  'table.bout': 'Angriff', 'table.stock': 'Stapel {n}', 'table.discard': 'Ablage {n}',
  'table.noCards': 'Keine Karten auf dem Tisch.', 'table.hand': 'Deine Hand', 'table.moves': 'Züge',
  'table.sortBy': 'Nach {order} sortieren', 'rank': 'Rang', 'suit': 'Farbe', 'table.selected': 'Gewählt: {cards}',
  'table.all': 'Alle {rank}', 'table.you': 'Du', 'table.loading': 'Der Tisch lädt…',
  'table.reconnecting': 'Verbindung verloren: verbinde neu…', 'table.paused': 'Das Spiel ruht.',
  'table.pickTarget': 'Jetzt die Tischkarte antippen, die sie schlagen soll (oder ihre Nummer drücken).',
  'table.keys': 'Tasten: 1–9 Karte wählen, Enter spielt, A nimmt auf, P passt, S sortiert, Esc hebt auf, B Bilanz, R Rat',
  'ask.trump': 'Wirklich mit Trumpf angreifen? Du hast noch andere Karten.', 'ask.yes': 'Ja, angreifen', 'ask.no': 'Nein',
  'explain.beats': 'Schlägt: {cards}', 'explain.beatsNothing': 'Schlägt nichts auf dem Tisch',
  'explain.beatenBy': 'Geschlagen von: {what}', 'explain.unbeatable': 'Nichts schlägt sie',
  'explain.higher': 'höherem {suit}', 'explain.anyTrump': 'jedem Trumpf',
  'hint.button': 'Rat', 'hint.title': 'Rat', 'hint.reason': 'Warum: {reason}', 'hint.alternatives': 'Andere Züge',
  'hint.notDurak': 'in {p} % von {n} Spielen nicht Durak', 'hint.count': 'Rat geholt: {n}', 'hint.close': 'Schließen',
  'hint.asking': 'Der starke Computer überlegt…',
  'board.board': 'Bilanz', 'board.final': 'Endtafel', 'board.deal': 'Runde', 'board.player': 'Spieler',
  'board.place': 'Platz', 'board.points': 'Punkte', 'board.calc': 'Rechnung', 'board.durak': 'Durak: {name}',
  'board.totals': 'Summen', 'board.hints': 'Rat geholt', 'board.continue': 'Weiter',
  'board.waiting': 'Warte auf die anderen…', 'board.lobby': 'Zurück zur Lobby', 'board.youWin': 'Du gewinnst die Partie!',
  'board.winner': 'Sieger: {names}', 'board.replay': 'Runde {n} nachspielen', 'board.show': 'Bilanz (B)',
  'replay.title': 'Runde {n} nachgespielt', 'replay.step': 'Schritt {i} von {n}', 'replay.first': 'Anfang',
  'replay.prev': 'Zurück', 'replay.next': 'Weiter', 'replay.last': 'Ende', 'replay.close': 'Nachspiel schließen',
  'replay.dealt': 'die Runde, wie sie gegeben wurde',
  'settings.title': 'Einstellungen', 'settings.open': 'Einstellungen', 'settings.sort': 'Hand sortieren nach',
  'settings.theme': 'Tisch-Design', 'theme.teahouse': 'Teehaus', 'theme.harbour': 'Hafenterrasse',
  'theme.acacia': 'Akaziengarten', 'settings.showPlayable': 'Spielbare Karten zeigen',
  'settings.tapTwice': 'Zweimal tippen zum Spielen', 'settings.showKnown': 'Bekannte Karten der Gegner',
  'settings.music': 'Hintergrundmusik', 'settings.lang': 'Sprache',
  'settings.tempo': 'Tempo (solo): stellt vorerst der Server ein (DURAK_BOT_THINK)', 'settings.close': 'Fertig',
  'you': 'Du', 'bot': 'Computer {n} ({level})',
  'leave.button': 'Partie verlassen', 'leave.title': 'Partie verlassen?',
  'leave.warnPoints': 'Andere spielen mit: Ein Computer übernimmt deinen Platz bis zum Ende, und du bekommst −10 in der Rangliste.',
  'leave.warnSolo': 'Du spielst allein gegen Computer: Verlassen beendet die Partie. Deine fertigen Runden zählen.',
  'leave.yes': 'Verlassen', 'leave.no': 'Bleiben',
  'left.bot': '{name} ist gegangen; {bot} spielt für sie weiter.', 'left.ended': '{name} ist gegangen; die Partie ist zu Ende.',
  'again.button': 'Nochmal', 'again.pressed': '„Nochmal“ gedrückt: {names}', 'again.waiting': 'Warte auf die anderen…',
  'board.leftPoints': '{name} ist gegangen: {points} Ranglistenpunkte', 'board.youLeft': 'Du hast die Partie verlassen.',
};
const TABLES: Record<Lang, Partial<Record<Key, string>>> = { en, de };

export function translate(lang: Lang, key: Key, params: Record<string, string | number> = {}): string {
  const text = TABLES[lang][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (m, p) => (p in params ? String(params[p]) : m));
}

/** The current language's text for `key`. */
export const t = (key: Key, params?: Record<string, string | number>) => translate(prefs.lang, key, params);

/** Every key of the English table has a German text (checked by a test). */
export const missingGerman = (): Key[] => (Object.keys(en) as Key[]).filter((k) => !(k in de));
