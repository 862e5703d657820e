/**
 * Card positions on the board (spec core §2 Tasks tab): plain numbers, sorted ascending within a column.
 * A card placed between two others gets the midpoint, so a move writes one task and never renumbers the
 * column; the ends step by POSITION_STEP.
 */
export const POSITION_STEP = 1024;

/** The position for a card dropped between `before` and `after` (either may be absent at an end). */
export function positionBetween(before?: number, after?: number): number {
  if (before !== undefined && after !== undefined) return (before + after) / 2;
  if (before !== undefined) return before + POSITION_STEP;
  if (after !== undefined) return after - POSITION_STEP;
  return POSITION_STEP;
}

/** The position after the last card of a column: its largest position plus one step, or one step when empty. */
export function positionAfterLast(positions: readonly number[]): number {
  return positions.length === 0 ? POSITION_STEP : positions.reduce((max, position) => Math.max(max, position)) + POSITION_STEP;
}
