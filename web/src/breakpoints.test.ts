import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { breakpointWidths, mediaQuery } from './breakpoints';

describe('breakpoints', () => {
  it('are the same names and widths in breakpoints.css and in code', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'breakpoints.css'), 'utf8');
    const declared = Object.fromEntries(
      [...css.matchAll(/@custom-media --([a-z-]+) \(width (<=|<|>=) (\d+)px\);/g)].map(([, name = '', comparison, px]) => [name, { comparison, px: Number(px) }]),
    );
    expect(declared).toEqual(breakpointWidths);
  });

  it('reads as queries matchMedia understands', () => {
    expect(mediaQuery('narrow')).toBe('(max-width: 900px)');
    expect(mediaQuery('tablet')).toBe('(max-width: 767.98px)');
    expect(mediaQuery('tablet-up')).toBe('(min-width: 768px)');
  });
});
