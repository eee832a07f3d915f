let shared: AudioContext | null = null;

/** A short beep: a sine OscillatorNode at 880 Hz for 150 ms with a quick fade to avoid a click.
 * One AudioContext is reused (browsers cap how many a page may open). Any failure — no WebAudio,
 * autoplay blocked before the first user gesture — is ignored: the toast still shows. */
export function playBeep(): void {
  try {
    const AudioCtor = window.AudioContext ?? (window as Window & { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioCtor) return;
    shared ??= new AudioCtor();
    const ctx = shared;
    const start = () => {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = 880;
      const now = ctx.currentTime;
      gain.gain.setValueAtTime(0.15, now);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.15);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(now);
      oscillator.stop(now + 0.15);
    };
    if (ctx.state !== 'suspended') return start();
    // Before any user gesture resume() may wait until the next click: a late beep is worse than none.
    const asked = performance.now();
    void ctx.resume().then(() => {
      if (performance.now() - asked < 500) start();
    }, () => undefined);
  } catch {
    // Audio blocked or unavailable: stay silent.
  }
}
