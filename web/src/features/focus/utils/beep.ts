/**
 * The end-of-session beep (spec pages §4: at 0 the timer stops and plays a beep), with Web Audio. The audio
 * context is made when the user presses Start, or at the first press after a reload (browsers only allow sound
 * after a gesture), and reused.
 */
let context: AudioContext | undefined;

export function prepareBeep(): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  void context.resume();
}

export function beep(): void {
  if (!context) return;
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = 880;
  gain.gain.setValueAtTime(0.2, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.6);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start();
  oscillator.stop(context.currentTime + 0.6);
}
