// Background music the client makes itself (WebAudio): a slow, quiet pentatonic arpeggio over a soft drone.
// Off by default; started only from the gear (a user gesture, as browsers require for audio).
const NOTES = [220, 246.94, 277.18, 329.63, 369.99, 440, 493.88];

let ctx: AudioContext | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
let master: GainNode | null = null;

function note(freq: number, at: number, length: number, level: number) {
  if (!ctx || !master) return;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'sine';
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(level, at + 0.08);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(master);
  osc.start(at);
  osc.stop(at + length + 0.05);
}

export function setMusic(on: boolean): void {
  if (!on) {
    clearInterval(timer);
    timer = undefined;
    void ctx?.close();
    ctx = null;
    master = null;
    return;
  }
  if (ctx || typeof AudioContext === 'undefined') return;
  ctx = new AudioContext();
  master = ctx.createGain();
  master.gain.value = 0.05; // quiet: under the table's talk
  master.connect(ctx.destination);
  let step = 0;
  const bar = () => {
    if (!ctx) return;
    const t0 = ctx.currentTime + 0.05;
    note(NOTES[0] / 2, t0, 3.8, 0.5);
    for (let i = 0; i < 4; i++) {
      const n = NOTES[(step * 3 + i * 2) % NOTES.length];
      note(n, t0 + i * 0.9, 1.6, 0.35);
    }
    step++;
  };
  bar();
  timer = setInterval(bar, 3600);
}
