import * as z from 'zod/mini';
import { containsUnprintable } from '../rules/printable-text.js';
import { expectedVersion } from './project.js';

export const WORKSPACE_NAME_MAX_LENGTH = 100;

export const workspaceRoles = ['owner', 'admin', 'member'] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

/** A workspace's name, when it is made and when it is renamed. */
const workspaceName = z.string({ error: 'Workspace Name is required' }).check(
    z.trim(),
    z.minLength(1, { error: 'Workspace Name is required', abort: true }),
    z.maxLength(WORKSPACE_NAME_MAX_LENGTH, { error: `Workspace Name must be at most ${WORKSPACE_NAME_MAX_LENGTH} characters`, abort: true }),
    z.refine((name) => /[\p{L}\p{N}]/u.test(name), { error: 'Workspace Name must contain a letter or a digit' }),
    // It names the workspace for every member and in invitation mails.
    z.refine((name) => !containsUnprintable(name), { error: 'Workspace Name must be one line of printable text' }),
);

export const createWorkspaceInput = z.object({ name: workspaceName });
export type CreateWorkspaceInput = z.infer<typeof createWorkspaceInput>;

/**
 * Someone else added the caller to this workspace and they have not seen it yet (shown once, on the bell and
 * as a banner, with Leave): who added them and when. Their role is the view's `role`.
 */
export const membershipNotice = z.object({ addedByName: z.string(), addedAt: z.string() });
export type MembershipNotice = z.infer<typeof membershipNotice>;

/** Why an owner or admin without two-factor sign-in is refused in a workspace that requires it (403). */
export const TWO_FACTOR_REQUIRED = 'This workspace requires owners and admins to sign in with two-factor authentication. Turn it on in Settings, then try again.';

/** Why the owner may not require it before having it (400, field requireTwoFactor). */
export const OWN_TWO_FACTOR_FIRST = 'Turn on two-factor sign-in for your own account first (Settings, Two-Factor Authentication)';

/** A workspace as the API returns it, with the caller's role in it. */
export const workspaceView = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  createdAt: z.string(),
  role: z.enum(workspaceRoles),
  /** The weekly plan is made every Monday morning (06:00 UTC) without anyone asking. */
  autoWeeklyPlan: z.boolean(),
  /** A task cannot be completed while a task blocking it is open. */
  blockersMustBeDone: z.boolean(),
  /** Owners and admins must sign in with two factors (a code from an authenticator app) to open it. */
  requireTwoFactor: z.boolean(),
  /** Members' personal API tokens work here (owners and admins switch it). */
  apiTokensEnabled: z.boolean(),
  /** API tokens that never expire may reach this workspace. */
  allowNonExpiringTokens: z.boolean(),
  /**
   * The caller is an owner or admin here without two-factor sign-in, while the workspace requires it: every
   * call about the workspace is refused (TWO_FACTOR_REQUIRED) until they turn it on.
   */
  twoFactorNeeded: z.boolean(),
  /** Counts the workspace's writes; a rename sends the version it was made from. */
  version: z.number(),
  notice: z.optional(membershipNotice),
});
export type WorkspaceView = z.infer<typeof workspaceView>;

export const listWorkspacesResponse = z.object({ workspaces: z.array(workspaceView) });
export const workspaceResponse = z.object({ workspace: workspaceView });

/**
 * Workspace Settings an owner or admin may change: only the fields sent change. A rename names the version
 * it was made from (409 when someone changed the workspace since); the slug stays as it was made.
 */
export const updateWorkspaceInput = z
  .object({
    version: z.optional(expectedVersion),
    name: z.optional(workspaceName),
    autoWeeklyPlan: z.optional(z.boolean({ error: 'autoWeeklyPlan must be true or false' })),
    blockersMustBeDone: z.optional(z.boolean({ error: 'blockersMustBeDone must be true or false' })),
    /** The owner's alone to change. */
    requireTwoFactor: z.optional(z.boolean({ error: 'requireTwoFactor must be true or false' })),
    apiTokensEnabled: z.optional(z.boolean({ error: 'apiTokensEnabled must be true or false' })),
    allowNonExpiringTokens: z.optional(z.boolean({ error: 'allowNonExpiringTokens must be true or false' })),
  })
  .check(
    z.refine(
      (input) => Object.entries(input).some(([field, value]) => field !== 'version' && value !== undefined),
      { error: 'Send name, autoWeeklyPlan, blockersMustBeDone, requireTwoFactor, apiTokensEnabled or allowNonExpiringTokens' },
    ),
    z.refine((input) => input.name === undefined || input.version !== undefined, { error: 'version is required', path: ['version'] }),
  );
export type UpdateWorkspaceInput = z.infer<typeof updateWorkspaceInput>;
