import { describe, expect, it } from 'vitest';
import { slugify } from './slug.js';

describe('slugify', () => {
  it.each([
    ['Acme', 'acme'],
    ['Acme Rocket Team', 'acme-rocket-team'],
    ['R&D / Growth  2026', 'r-d-growth-2026'],
    ['  --Hello__World--  ', 'hello-world'],
    ['Ünïcode Café', 'ünïcode-café'],
    ['日本 チーム', '日本-チーム'],
    ['ALL CAPS', 'all-caps'],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});
