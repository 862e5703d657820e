import { describe, expect, it } from 'vitest';
import { formatMinutes, sampleTime } from './format';
import { randomHex } from './random';

describe('sample times and durations', () => {
  it('places a sample item minutes before now', () => {
    expect(sampleTime(Date.UTC(2026, 0, 2, 12), 90).toISOString()).toBe('2026-01-02T10:30:00.000Z');
  });

  it('writes durations in minutes and hours', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(95)).toBe('1 h 35 min');
  });
});

describe('randomHex', () => {
  it('gives two hex digits per byte, different each time', () => {
    const token = randomHex(16);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(randomHex(16)).not.toBe(token);
  });
});
