/** Why an export failed, as its requester reads it (the job's `error`). */
export const EXPORT_FAILED = 'The export could not be made. Try again; if it fails again, tell us.';
export const NO_LONGER_MEMBER = 'You are no longer a member of this workspace.';
