import { KeyboardCode, type KeyboardCodes, type KeyboardCoordinateGetter } from '@dnd-kit/core';

/** A drag starts after the pointer moves 8 px; a keyboard drag moves 25 px per arrow key (spec core §9). */
export const DRAG_ACTIVATION_DISTANCE = 8;
export const KEYBOARD_DRAG_STEP = 25;

/** Space picks a focused card up (Enter opens it instead); Space or Enter drops; Escape cancels. */
export const keyboardCodes: KeyboardCodes = {
  start: [KeyboardCode.Space],
  cancel: [KeyboardCode.Esc],
  end: [KeyboardCode.Space, KeyboardCode.Enter, KeyboardCode.Tab],
};

const steps: Partial<Record<string, { x: number; y: number }>> = {
  [KeyboardCode.Right]: { x: KEYBOARD_DRAG_STEP, y: 0 },
  [KeyboardCode.Left]: { x: -KEYBOARD_DRAG_STEP, y: 0 },
  [KeyboardCode.Down]: { x: 0, y: KEYBOARD_DRAG_STEP },
  [KeyboardCode.Up]: { x: 0, y: -KEYBOARD_DRAG_STEP },
};

/** Moves a keyboard-dragged card by one step per arrow key; other keys are not moves. */
export const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const step = steps[event.code];
  if (!step) return undefined;
  event.preventDefault();
  return { x: currentCoordinates.x + step.x, y: currentCoordinates.y + step.y };
};
