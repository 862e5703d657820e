import { randomUUID } from 'node:crypto';
import { slugify } from '../../shared/rules/slug.js';
import type { CreateWorkspaceInput, UpdateWorkspaceInput, WorkspaceView } from '../../shared/schemas/workspace.js';
import { listMembershipsOfUser, type Membership } from '../data/membership.js';
import { createWorkspace, getWorkspace, getWorkspaces, type Workspace, updateWorkspaceSettings } from '../data/workspace.js';
import { deleteWorkspaceWithData } from '../data/workspace-deletion.js';
import type { Caller } from '../lib/caller.js';
import { ConflictError, NotFoundError } from '../lib/errors.js';
import { transactionFailures } from '../data/table-operations.js';
import { requireMembership } from './authorize.js';
import { MANAGING_ROLES } from './members.js';
import { acceptPendingInvitations } from './invitations.js';
import { ensureProfile } from './profiles.js';

function toView(workspace: Workspace, membership: Membership): WorkspaceView {
  return {
    id: workspace.id,
    name: workspace.name,
    slug: workspace.slug,
    createdAt: workspace.createdAt,
    role: membership.role,
    autoWeeklyPlan: workspace.autoWeeklyPlan,
    version: workspace.version,
  };
}

export async function createWorkspaceFor(caller: Caller, input: CreateWorkspaceInput): Promise<WorkspaceView> {
  const now = new Date().toISOString();
  const workspace: Workspace = {
    id: randomUUID(),
    name: input.name,
    slug: slugify(input.name),
    createdAt: now,
    createdBy: caller.userId,
    autoWeeklyPlan: false,
    version: 1,
  };
  const owner: Membership = {
    workspaceId: workspace.id,
    userId: caller.userId,
    role: 'owner',
    email: caller.email,
    createdAt: now,
  };
  await createWorkspace(workspace, owner);
  return toView(workspace, owner);
}

/**
 * The caller's workspaces, oldest first: one GSI query plus one BatchGet per 100 workspaces. First the
 * caller's profile is made (so invitations find the account) and pending invitations to their verified
 * address are accepted (so signing up with an invited address joins the workspace).
 */
export async function listWorkspacesOf(caller: Caller): Promise<WorkspaceView[]> {
  await Promise.all([ensureProfile(caller), acceptPendingInvitations(caller)]);
  const memberships = await listMembershipsOfUser(caller.userId);
  const workspaces = new Map(
    (await getWorkspaces(memberships.map((membership) => membership.workspaceId))).map((workspace) => [
      workspace.id,
      workspace,
    ]),
  );
  return memberships
    .flatMap((membership) => {
      const workspace = workspaces.get(membership.workspaceId);
      return workspace ? [toView(workspace, membership)] : [];
    })
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function getWorkspaceFor(caller: Caller, workspaceId: string): Promise<WorkspaceView> {
  const membership = await requireMembership(workspaceId, caller.userId);
  const workspace = await getWorkspace(workspaceId);
  if (!workspace) throw new NotFoundError('Workspace not found');
  return toView(workspace, membership);
}

/**
 * Owners and admins change the workspace's settings: its name (the slug stays as it was made) and the
 * automatic weekly plan. Members see the change by the workspace item's push, like any other write.
 */
export async function updateWorkspaceFor(caller: Caller, workspaceId: string, input: UpdateWorkspaceInput): Promise<WorkspaceView> {
  const membership = await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  const { version, ...settings } = input;
  try {
    await updateWorkspaceSettings(workspaceId, settings, version, caller.userId);
  } catch (error) {
    const failure = transactionFailures(error)?.[0];
    if (failure === 'exists') throw new ConflictError();
    if (failure === 'missing') throw new NotFoundError('Workspace not found');
    throw error;
  }
  const workspace = await getWorkspace(workspaceId);
  if (!workspace) throw new NotFoundError('Workspace not found');
  return toView(workspace, membership);
}

/** Only the owner deletes a workspace, and with it everything it holds. */
export async function deleteWorkspaceFor(caller: Caller, workspaceId: string): Promise<void> {
  await requireMembership(workspaceId, caller.userId, ['owner']);
  await deleteWorkspaceWithData(workspaceId);
}
