import { keepMemberMentions } from '../../shared/rules/mentions.js';
import { listMembersOf } from '../data/membership.js';

/**
 * Text with only the workspace's members' mentions kept (issue 37): any other `@[id]` becomes plain text.
 * One read of the members, only when the text holds a token.
 */
export async function withMemberMentions(workspaceId: string, text: string): Promise<{ text: string; mentions: string[] }> {
  if (!text.includes('@[')) return { text, mentions: [] };
  const members = new Set((await listMembersOf(workspaceId)).map((member) => member.userId));
  return keepMemberMentions(text, (userId) => members.has(userId));
}
