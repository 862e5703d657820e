import './color-dot.css';

/** A project's colour as a small dot; decorative, the project's name is always beside it or on its link. */
export function ColorDot({ color }: { color: string }) {
  return <span className="color-dot" style={{ background: color }} aria-hidden="true" />;
}
