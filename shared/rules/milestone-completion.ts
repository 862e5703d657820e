/**
 * A milestone's completed toggle (issue 34: one rule for the server's write and the web's optimistic copy):
 * becoming completed stamps `completedAt` (an undo gives back the time it had), staying completed keeps it,
 * being reopened clears it. No change sent, no change made.
 */
export function milestoneCompletion(
  current: { readonly completed: boolean; readonly completedAt: string | null },
  completed: boolean | undefined,
  now: string,
  completedAtBefore?: string,
): { completed: boolean; completedAt: string | null } | Record<string, never> {
  if (completed === undefined) return {};
  if (!completed) return { completed, completedAt: null };
  return { completed, completedAt: current.completed ? (current.completedAt ?? now) : (completedAtBefore ?? now) };
}
