import { describe, expect, it } from 'vitest';
import { parseStored } from './local-store';
import {
  createdTaskFor,
  defaultFirefliesState,
  defaultGithubState,
  defaultGmailState,
  disconnectGithub,
  firefliesStateSchema,
  githubStateSchema,
  gmailStateSchema,
  rememberCreatedTask,
  toggleRepository,
} from './integration-state';

describe('the mock-ups’ stored state', () => {
  it('reads back what was saved', () => {
    const gmail = { ...defaultGmailState, connected: true, rules: defaultGmailState.rules.map((rule) => ({ ...rule, enabled: !rule.enabled })) };
    expect(parseStored(JSON.stringify(gmail), gmailStateSchema, defaultGmailState)).toEqual(gmail);
  });

  it('falls back to the defaults for a corrupt rule, an unknown priority or a bad webhook token', () => {
    const badRule = { ...defaultGmailState, rules: [{ id: 'x', name: 'X' }] };
    expect(parseStored(JSON.stringify(badRule), gmailStateSchema, defaultGmailState)).toBe(defaultGmailState);
    const badPriority = { ...defaultGmailState, rules: [{ ...defaultGmailState.rules[0], priority: 'urgent' }] };
    expect(parseStored(JSON.stringify(badPriority), gmailStateSchema, defaultGmailState)).toBe(defaultGmailState);
    const badToken = { ...defaultFirefliesState, webhookToken: '"><script>' };
    expect(parseStored(JSON.stringify(badToken), firefliesStateSchema, defaultFirefliesState)).toBe(defaultFirefliesState);
  });

  it('keeps what was saved before a toggle was added, the new toggle taking its default', () => {
    const older = { connected: true, selectedRepositories: [], settings: { syncIssues: false } };
    expect(parseStored(JSON.stringify(older), githubStateSchema, defaultGithubState)).toEqual({
      connected: true,
      selectedRepositories: [],
      settings: { ...defaultGithubState.settings, syncIssues: false },
    });
  });
});

describe('GitHub repositories', () => {
  it('toggles a repository in and out of the selection', () => {
    const added = toggleRepository({ ...defaultGithubState, selectedRepositories: [] }, 'acme/one');
    expect(added.selectedRepositories).toEqual(['acme/one']);
    expect(toggleRepository(added, 'acme/one').selectedRepositories).toEqual([]);
  });

  it('clears the selection on Disconnect (spec pages §4)', () => {
    const connected = { ...defaultGithubState, connected: true, selectedRepositories: ['acme/one', 'acme/two'] };
    expect(disconnectGithub(connected)).toEqual({ ...connected, connected: false, selectedRepositories: [] });
  });
});

describe('tasks created from Fireflies action items', () => {
  const task = { itemId: 'i1', workspaceId: 'w1', projectId: 'p1', taskId: 't1' };

  it('are found by item in the workspace they were created in only', () => {
    const state = rememberCreatedTask(defaultFirefliesState, task);
    expect(createdTaskFor(state, 'i1', 'w1')).toEqual(task);
    expect(createdTaskFor(state, 'i1', 'w2')).toBeUndefined();
    expect(createdTaskFor(state, 'i1', undefined)).toBeUndefined();
  });

  it('replace an earlier one of the same item and workspace', () => {
    const again = { ...task, taskId: 't2' };
    const state = rememberCreatedTask(rememberCreatedTask(defaultFirefliesState, task), again);
    expect(state.createdTasks).toEqual([again]);
  });
});
