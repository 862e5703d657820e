import { claimProposal, markApplied, releaseProposal } from '../data/proposals.js';
import { readAsMember } from '../domain/authorize.js';
import type { Caller } from '../lib/caller.js';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors.js';
import { ToolError } from './tool-context.js';
import { runTool } from './tools.js';

/** A proposal that is not the caller's, not of this workspace, or older than a day. */
export const PROPOSAL_NOT_FOUND = 'This proposal is no longer available. Ask the assistant again.';
export const PROPOSAL_BEING_APPLIED = 'This proposal is already being applied.';

/**
 * Makes a write the assistant proposed (turn.ts): the caller's own proposal, once, as the tool would have made
 * it in the reply (the same tool, arguments, project, day and time zone), with the write's own Undo. Applied
 * again, it answers what it did the first time. A tool that refuses now (the task was deleted meanwhile) says
 * why, and the proposal stays to be applied later.
 */
export async function applyAssistantProposal(caller: Caller, workspaceId: string, token: string): Promise<{ message: string; undo?: { token: string; label: string } }> {
  const claim = await readAsMember(workspaceId, caller.userId, () => claimProposal(workspaceId, caller.userId, token));
  if (claim === 'missing') throw new NotFoundError(PROPOSAL_NOT_FOUND);
  if (claim === 'busy') throw new ConflictError(PROPOSAL_BEING_APPLIED);
  if ('applied' in claim) return claim.applied;
  const { call } = claim;
  try {
    const context = { caller, workspaceId, projectId: call.projectId ?? undefined, today: call.today, timeZone: call.timeZone };
    const outcome = await runTool(context, call.tool, call.args);
    const applied = { message: outcome.message, ...(outcome.undo ? { undo: outcome.undo } : {}) };
    await markApplied(workspaceId, caller.userId, token, applied);
    return applied;
  } catch (error) {
    await releaseProposal(workspaceId, caller.userId, token);
    if (error instanceof ToolError) throw new BadRequestError(error.message);
    throw error;
  }
}
