import { listMembersOf } from '../data/membership.js';
import { getProfiles } from '../data/profile.js';
import { toMemberView } from '../domain/members.js';
import type { ImportPerson } from './records.js';

/** A person of the file matched to a member of the workspace. */
export interface MatchedMember {
  readonly userId: string;
  readonly name: string;
}

export type MemberMatcher = (person: ImportPerson | undefined) => MatchedMember | undefined;

const folded = (text: string): string => text.trim().toLocaleLowerCase('en-US');

/**
 * Matches the file's people to the workspace's members (issue 39): by e-mail address, else by name, both
 * without regard to case; a name two members share matches the one who joined first. No match is
 * undefined (the task is left unassigned, the comment written by the importer).
 */
export async function memberMatcher(workspaceId: string): Promise<MemberMatcher> {
  const memberships = await listMembersOf(workspaceId);
  const profiles = await getProfiles(memberships.map((membership) => membership.userId));
  const byEmail = new Map<string, MatchedMember>();
  const byName = new Map<string, MatchedMember>();
  for (const membership of [...memberships].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const view = toMemberView(membership, profiles.get(membership.userId));
    const member = { userId: view.userId, name: view.displayName };
    if (view.email) byEmail.set(folded(view.email), member);
    if (!byName.has(folded(view.displayName))) byName.set(folded(view.displayName), member);
  }
  return (person) => {
    if (!person) return undefined;
    return (person.email ? byEmail.get(folded(person.email)) : undefined) ?? (person.name ? byName.get(folded(person.name)) : undefined);
  };
}

/** How a person is named in the preview and in an unmatched comment: their name, else their address. */
export const personName = (person: ImportPerson): string => person.name?.trim() || person.email?.trim() || 'Someone';
