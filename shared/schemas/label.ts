import * as z from 'zod/mini';
import { containsUnprintable } from '../rules/printable-text.js';
import { expectedVersion, hexColor } from './project.js';

/**
 * Labels (issue 36): a workspace's labels, each a name and a colour. Owners and admins manage them; any
 * member applies them to tasks (`labelIds` on the task, shared/schemas/project.ts). Names are unique in the workspace whatever their
 * case.
 */
export const LABEL_NAME_MAX_LENGTH = 30;
export const MAX_LABELS_PER_WORKSPACE = 50;
export const DEFAULT_LABEL_COLOR = '#6B7280';
export const LABEL_NAME_TAKEN = 'A label with this name already exists';

const labelName = z.string({ error: 'Name is required' }).check(
  z.trim(),
  z.minLength(1, { error: 'Name is required', abort: true }),
  z.maxLength(LABEL_NAME_MAX_LENGTH, { error: `Name must be at most ${LABEL_NAME_MAX_LENGTH} characters` }),
  z.refine((text) => !containsUnprintable(text), { error: 'Name must be one line of printable text' }),
);

/** How a name is compared for uniqueness: 'Bug' and 'bug ' are the same label. */
export function labelNameKey(name: string): string {
  return name.trim().toLowerCase();
}

export const createLabelInput = z.object({ name: labelName, color: z._default(hexColor, DEFAULT_LABEL_COLOR) });
export type CreateLabelInput = z.infer<typeof createLabelInput>;

/** Only the fields sent change. */
export const updateLabelInput = z.object({ version: expectedVersion, name: z.optional(labelName), color: z.optional(hexColor) });
export type UpdateLabelInput = z.infer<typeof updateLabelInput>;

export const labelView = z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  color: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type LabelView = z.infer<typeof labelView>;

export const labelResponse = z.object({ label: labelView });
export const listLabelsResponse = z.object({ labels: z.array(labelView) });
