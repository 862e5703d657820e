import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import type { TaskStatus } from '@shared/schemas/project';
import { columnTitle } from '../../utils/task-groups';

/** What a screen reader hears while a card is dragged (dnd-kit's live region), in the board's own words. */

export const boardInstructions: ScreenReaderInstructions = {
  draggable:
    'To drag a task to another column, press Space to pick it up, use the arrow keys to move it over the column, then press Space or Enter to drop it. Press Escape to cancel.',
};

export interface BoardLookup {
  /** The title of the dragged task. */
  readonly taskTitle: (taskId: UniqueIdentifier) => string;
  /** The column the task is in before the drop. */
  readonly taskColumn: (taskId: UniqueIdentifier) => TaskStatus | null;
}

const titleOfColumn = (id: UniqueIdentifier) => columnTitle(String(id) as TaskStatus);

export function boardAnnouncements({ taskTitle, taskColumn }: BoardLookup): Announcements {
  const place = (taskId: UniqueIdentifier, preposition: 'from' | 'in') => {
    const column = taskColumn(taskId);
    return column ? ` ${preposition} ${columnTitle(column)}` : '';
  };
  return {
    onDragStart: ({ active }) => `Picked up task ${taskTitle(active.id)}${place(active.id, 'from')}.`,
    onDragOver: ({ active, over }) =>
      over ? `Task ${taskTitle(active.id)} is over ${titleOfColumn(over.id)}.` : `Task ${taskTitle(active.id)} is no longer over a column.`,
    onDragEnd: ({ active, over }) => {
      if (!over) return `Task ${taskTitle(active.id)} was dropped outside the columns. Nothing changed.`;
      if (over.id === taskColumn(active.id)) return `Task ${taskTitle(active.id)} was dropped back in ${titleOfColumn(over.id)}. Nothing changed.`;
      return `Task ${taskTitle(active.id)} was moved to ${titleOfColumn(over.id)}.`;
    },
    onDragCancel: ({ active }) => `Moving task ${taskTitle(active.id)} was cancelled. It stays${place(active.id, 'in')}.`,
  };
}
