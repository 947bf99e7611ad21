import { onScopeDispose } from 'vue';
import { useEventListener } from '@vueuse/core';
import type { Cue } from '../logic/feed';
import { CUES, playVoices } from '../logic/sounds';

/** The gear's part: sounds on or off, and their volume in percent. */
export interface SoundPrefs {
  sound: boolean;
  volume: number;
}

/**
 * The move sounds (logic/sounds.ts) on one AudioContext, made at the first cue and woken by the player's first tap
 * or key (browsers start audio only after a gesture); silent while the gear says off or the volume is 0.
 */
export function useSound(prefs: SoundPrefs, make: () => AudioContext | null = defaultContext) {
  let ctx: AudioContext | null = null;
  let out: GainNode | null = null;

  function context(): AudioContext | null {
    if (!ctx) {
      ctx = make();
      if (!ctx) return null;
      out = ctx.createGain();
      out.gain.value = 0.5; // a move sound is a small thing, under the table's talk
      out.connect(ctx.destination);
    }
    return ctx;
  }
  const wake = () => {
    if (prefs.sound && ctx?.state === 'suspended') void ctx.resume();
  };
  useEventListener(window, 'pointerdown', wake, { passive: true });
  useEventListener(window, 'keydown', wake);

  function cue(c: Cue) {
    if (!prefs.sound || prefs.volume <= 0) return;
    const ac = context();
    if (!ac || !out) return;
    playVoices(ac, out, CUES[c], prefs.volume / 100);
  }

  onScopeDispose(() => void ctx?.close());
  return { cue };
}

function defaultContext(): AudioContext | null {
  return typeof AudioContext === 'undefined' ? null : new AudioContext();
}
