import * as z from 'zod/mini';
import { workspaceRoles } from './workspace.js';

/**
 * Members, roles and invitations of a workspace (spec core §3, §4, §6, §7). The server validates every
 * body with these; the web app parses every answer with them.
 */

/** Longest e-mail address SMTP allows (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
/** An invitation nobody accepted is void after this many days. */
export const INVITATION_LIFETIME_DAYS = 14;
/** Bounds the ignored, informational names of the invitation payload. */
const PAYLOAD_NAME_MAX_LENGTH = 200;

/** Trimmed and lowercased, so one address is one account and one invitation. */
export const emailAddress = z.pipe(
  z.string({ error: 'Email is required' }).check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: 'Email is required', abort: true }),
    z.maxLength(EMAIL_MAX_LENGTH, { error: `Email must be at most ${EMAIL_MAX_LENGTH} characters`, abort: true }),
  ),
  z.email({ error: 'Enter a valid email address' }),
);

/** The roles one may give by invitation or role change; nobody becomes owner this way. */
export const invitableRoles = ['member', 'admin'] as const;
export type InvitableRole = (typeof invitableRoles)[number];

/** The spec's descriptions, shown next to each role in the Invite Member dialog. */
export const invitableRoleDescriptions: Readonly<Record<InvitableRole, string>> = {
  member: 'Can view and edit projects in this workspace',
  admin: 'Can manage workspace settings and invite members',
};

const invitableRole = z.enum(invitableRoles, { error: 'Role must be member or admin' });

// --- request bodies --------------------------------------------------------------------------------------

export const updateMemberRoleInput = z.object({ role: invitableRole });
export type UpdateMemberRoleInput = z.infer<typeof updateMemberRoleInput>;

/** Add Member: adds an existing account directly; without one the answer is 404 suggesting an invitation. */
export const addMemberInput = z.object({
  email: emailAddress,
  role: z._default(invitableRole, 'member'),
});
export type AddMemberInput = z.infer<typeof addMemberInput>;

/**
 * The spec's invitation payload. The server ignores `workspaceName` and `inviterName` (it writes mail only
 * from its own data); `workspaceId`, when sent, must equal the path's.
 */
export const sendInvitationInput = z.object({
  email: emailAddress,
  role: z._default(invitableRole, 'member'),
  workspaceName: z.optional(z.string().check(z.maxLength(PAYLOAD_NAME_MAX_LENGTH))),
  inviterName: z.optional(z.string().check(z.maxLength(PAYLOAD_NAME_MAX_LENGTH))),
  workspaceId: z.optional(z.string().check(z.minLength(1))),
});
export type SendInvitationInput = z.infer<typeof sendInvitationInput>;

// --- views -----------------------------------------------------------------------------------------------

/**
 * A member as shown: `displayName` is the profile's display name, else the e-mail prefix. `email` is sent
 * to owners and admins only: members see each other's names.
 */
export const memberView = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.optional(z.string()),
  role: z.enum(workspaceRoles),
  createdAt: z.string(),
});
export type MemberView = z.infer<typeof memberView>;

/** A pending invitation; `invitedBy` is the inviting user's id; void after `expiresAt` (ISO time). */
export const invitationView = z.object({
  email: z.string(),
  role: z.enum(invitableRoles),
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;

/** Owner first, then by createdAt. */
export const listMembersResponse = z.object({ members: z.array(memberView) });
export const memberResponse = z.object({ member: memberView });
export const listInvitationsResponse = z.object({ invitations: z.array(invitationView) });

/**
 * `requiresSignup`: no account has the address, so an invitation was stored (and mailed) instead. For an
 * existing account, `mailed` says whether a mail told them (none when they turned such mails off, or when
 * the mail could not be sent).
 */
export const invitationResultResponse = z.object({
  requiresSignup: z.boolean(),
  member: z.optional(memberView),
  mailed: z.optional(z.boolean()),
  invitation: z.optional(invitationView),
});
export type InvitationResult = z.infer<typeof invitationResultResponse>;
