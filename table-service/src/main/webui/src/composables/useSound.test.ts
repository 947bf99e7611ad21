// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { effectScope, reactive } from 'vue';
import { useSound } from './useSound';

/** A stand-in for WebAudio that records what a cue made: each voice's kind and the loudest level it was given. */
class FakeAudio {
  state = 'suspended';
  currentTime = 0;
  sampleRate = 8000;
  destination = {};
  made: { kind: string; level?: number }[] = [];
  resumed = 0;
  closed = false;
  private gain(): unknown {
    const made = this.made;
    const rec = { kind: 'gain', level: 0 };
    made.push(rec);
    return {
      gain: {
        value: 1,
        setValueAtTime: () => {},
        exponentialRampToValueAtTime: (v: number) => (rec.level = Math.max(rec.level, v)),
      },
      connect: (x: unknown) => x,
    };
  }
  createGain() {
    return this.gain();
  }
  createOscillator() {
    this.made.push({ kind: 'tone' });
    const param = { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} };
    return { type: '', frequency: param, connect: (x: unknown) => x, start: () => {}, stop: () => {} };
  }
  createBufferSource() {
    this.made.push({ kind: 'noise' });
    return { buffer: null, connect: (x: unknown) => x, start: () => {}, stop: () => {} };
  }
  createBiquadFilter() {
    const param = { value: 0, setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} };
    return { type: '', Q: param, frequency: param, connect: (x: unknown) => x };
  }
  createBuffer(_c: number, n: number) {
    const data = new Float32Array(n);
    return { getChannelData: () => data };
  }
  resume() {
    this.resumed++;
    this.state = 'running';
    return Promise.resolve();
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
}

function sounding(sound = true, volume = 60) {
  const prefs = reactive({ sound, volume });
  const audio = new FakeAudio();
  let made = 0;
  const scope = effectScope();
  const s = scope.run(() => useSound(prefs, () => {
    made++;
    return audio as unknown as AudioContext;
  }))!;
  return { prefs, audio, s, scope, made: () => made };
}
const voices = (a: FakeAudio) => a.made.filter((m) => m.kind === 'tone' || m.kind === 'noise').map((m) => m.kind);

describe('useSound', () => {
  it('makes each move sound from tones and noise, on one audio context made at the first sound', () => {
    const { audio, s, made } = sounding();
    expect(made()).toBe(0);
    s.cue('play');
    s.cue('take');
    s.cue('warn');
    expect(made()).toBe(1);
    expect(voices(audio)).toEqual(['noise', 'tone', 'tone', 'tone', 'tone', 'tone']);
  });

  it('plays at the gear’s volume, and not at all when the gear says off or the volume is 0', () => {
    const { prefs, audio, s } = sounding(true, 50);
    s.cue('turn');
    const loud = Math.max(...audio.made.filter((m) => m.kind === 'gain').map((m) => m.level ?? 0));
    expect(loud).toBeCloseTo(0.25 * 0.5); // the chime's first note at half volume
    audio.made = [];
    prefs.sound = false;
    s.cue('bito');
    prefs.sound = true;
    prefs.volume = 0;
    s.cue('bito');
    expect(audio.made).toEqual([]);
  });

  it('wakes the audio at the first tap or key (browsers start it only then), and closes it with the page', () => {
    const { audio, s, scope } = sounding();
    s.cue('cover');
    window.dispatchEvent(new Event('pointerdown'));
    expect(audio.resumed).toBe(1);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(audio.resumed).toBe(1); // running already
    scope.stop();
    expect(audio.closed).toBe(true);
  });
});
