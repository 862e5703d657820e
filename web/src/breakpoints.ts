/**
 * The app's breakpoints for code (matchMedia, useMediaQuery): the names and widths of breakpoints.css's
 * @custom-media, which breakpoints.test.ts holds equal to these. Written as max-/min-width queries, which every
 * browser's matchMedia reads (the stylesheets' range syntax is compiled to the same by Lightning CSS).
 */
const breakpoint = (comparison: '<=' | '<' | '>=', px: number) => ({ comparison, px });

export const breakpointWidths = {
  'small-phone': breakpoint('<=', 560),
  phone: breakpoint('<=', 640),
  tablet: breakpoint('<', 768),
  'tablet-up': breakpoint('>=', 768),
  narrow: breakpoint('<=', 900),
} as const;

type BreakpointName = keyof typeof breakpointWidths;

/** The media query of a breakpoint, e.g. '(max-width: 900px)' for 'narrow'. */
export function mediaQuery(name: BreakpointName): string {
  const { comparison, px } = breakpointWidths[name];
  if (comparison === '>=') return `(min-width: ${px}px)`;
  return `(max-width: ${comparison === '<' ? px - 0.02 : px}px)`;
}
