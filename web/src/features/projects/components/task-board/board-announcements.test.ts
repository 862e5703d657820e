import type { Active, KeyboardCoordinateGetter, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { boardAnnouncements } from './board-announcements';
import { KEYBOARD_DRAG_STEP, keyboardCoordinates } from './board-keyboard';

const announcements = boardAnnouncements({ taskTitle: () => 'Write spec', taskColumn: () => 'todo' });
const active = { id: 't1' } as Active;
const over = (id: string) => ({ id }) as Over;

describe('board announcements', () => {
  it('names the task and the columns', () => {
    expect(announcements.onDragStart({ active })).toBe('Picked up task Write spec from To Do.');
    expect(announcements.onDragOver({ active, over: over('in_progress') })).toBe('Task Write spec is over In Progress.');
    expect(announcements.onDragOver({ active, over: null })).toBe('Task Write spec is no longer over a column.');
    expect(announcements.onDragEnd({ active, over: over('completed') })).toBe('Task Write spec was moved to Completed.');
    expect(announcements.onDragCancel({ active, over: null })).toBe('Moving task Write spec was cancelled. It stays in To Do.');
  });

  it('says nothing changed for a drop on the same column or outside', () => {
    expect(announcements.onDragEnd({ active, over: over('todo') })).toBe('Task Write spec was dropped back in To Do. Nothing changed.');
    expect(announcements.onDragEnd({ active, over: null })).toBe('Task Write spec was dropped outside the columns. Nothing changed.');
  });
});

describe('keyboardCoordinates', () => {
  const move = (code: string) => {
    let prevented = false;
    const event = { code, preventDefault: () => (prevented = true) } as unknown as KeyboardEvent;
    const result = keyboardCoordinates(event, { currentCoordinates: { x: 100, y: 200 } } as Parameters<KeyboardCoordinateGetter>[1]);
    return { result, prevented };
  };

  it('moves 25 px per arrow key', () => {
    expect(KEYBOARD_DRAG_STEP).toBe(25);
    expect(move('ArrowRight').result).toEqual({ x: 125, y: 200 });
    expect(move('ArrowLeft').result).toEqual({ x: 75, y: 200 });
    expect(move('ArrowDown').result).toEqual({ x: 100, y: 225 });
    expect(move('ArrowUp')).toEqual({ result: { x: 100, y: 175 }, prevented: true });
  });

  it('leaves other keys alone', () => {
    expect(move('KeyA')).toEqual({ result: undefined, prevented: false });
  });
});
