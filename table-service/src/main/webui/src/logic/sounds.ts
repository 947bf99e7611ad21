import type { Cue } from './feed';

/** One sound: tones (a frequency gliding to another) and noise bursts through a band-pass, each at its time. */
export interface Voice {
  kind: 'tone' | 'noise';
  /** Start in seconds after the cue, and length. */
  at: number;
  length: number;
  /** Tone: from → to Hz; noise: the band's centre from → to. */
  from: number;
  to: number;
  level: number;
}

/**
 * The move sounds, made by WebAudio (no audio files): a card laid is a short slap of noise, a cover two, a take a
 * falling pair of tones, bito a sweep of noise, one's turn a two-note chime, the clock's warning three short beeps.
 */
export const CUES: Record<Cue, Voice[]> = {
  play: [{ kind: 'noise', at: 0, length: 0.07, from: 1800, to: 900, level: 0.9 }],
  cover: [{ kind: 'noise', at: 0, length: 0.06, from: 2200, to: 1400, level: 0.8 },
    { kind: 'noise', at: 0.07, length: 0.06, from: 1600, to: 900, level: 0.7 }],
  take: [{ kind: 'tone', at: 0, length: 0.16, from: 440, to: 392, level: 0.35 },
    { kind: 'tone', at: 0.14, length: 0.24, from: 330, to: 262, level: 0.35 }],
  bito: [{ kind: 'noise', at: 0, length: 0.32, from: 600, to: 3200, level: 0.6 }],
  turn: [{ kind: 'tone', at: 0, length: 0.35, from: 880, to: 880, level: 0.25 },
    { kind: 'tone', at: 0.12, length: 0.45, from: 1318.5, to: 1318.5, level: 0.22 }],
  warn: [0, 0.18, 0.36].map((at) => ({ kind: 'tone' as const, at, length: 0.1, from: 1000, to: 1000, level: 0.3 })),
};

/** Plays a cue's voices on `ctx` at `volume` (0..1) into `out`. */
export function playVoices(ctx: BaseAudioContext, out: AudioNode, voices: Voice[], volume: number): void {
  const t0 = ctx.currentTime + 0.01;
  for (const v of voices) {
    const start = t0 + v.at;
    const end = start + v.length;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0001, v.level * volume), start + Math.min(0.01, v.length / 4));
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    gain.connect(out);
    if (v.kind === 'tone') {
      const osc = ctx.createOscillator();
      osc.type = 'triangle';
      osc.frequency.setValueAtTime(v.from, start);
      osc.frequency.exponentialRampToValueAtTime(v.to, end);
      osc.connect(gain);
      osc.start(start);
      osc.stop(end + 0.02);
    } else {
      const src = ctx.createBufferSource();
      src.buffer = noise(ctx, v.length);
      const band = ctx.createBiquadFilter();
      band.type = 'bandpass';
      band.Q.value = 1.2;
      band.frequency.setValueAtTime(v.from, start);
      band.frequency.exponentialRampToValueAtTime(v.to, end);
      src.connect(band).connect(gain);
      src.start(start);
      src.stop(end + 0.02);
    }
  }
}

/** White noise of `seconds`, falling off towards its end (a card's slap, not a hiss). */
function noise(ctx: BaseAudioContext, seconds: number): AudioBuffer {
  const n = Math.max(1, Math.floor(ctx.sampleRate * seconds));
  const buf = ctx.createBuffer(1, n, ctx.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < n; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / n);
  return buf;
}
