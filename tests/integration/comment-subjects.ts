import { expect } from 'vitest';
import { commentPage, commentResponse } from '../../shared/schemas/comment.js';
import { projectItems, projectResponse } from '../../shared/schemas/project.js';
import { callApi, type TestUser } from './helpers.js';
import { config, createTeam } from './member-fixtures.js';
import { projectApi } from './project-fixtures.js';

/**
 * A team (owner, admin, member) with something to comment on, for the comment tests (issue 37): a task, or a
 * project itself. Both give the comments' path, post and list as a user, and the subject's comment count now.
 */
async function teamWithApollo() {
  const team = await createTeam();
  const api = projectApi(config, team.owner);
  const project = await api.createProject(team.workspaceId, { name: 'Apollo' });
  return { ...team, api, project, projectPath: `/workspaces/${team.workspaceId}/projects/${project.id}` };
}

function commentsAt(comments: string) {
  const post = async (user: TestUser, body: string) => {
    const response = await callApi(config, 'POST', comments, { token: user.idToken, body: { body } });
    expect(response.status).toBe(201);
    return commentResponse.parse(response.body).comment;
  };
  const list = async (user: TestUser, query = '') => {
    const response = await callApi(config, 'GET', `${comments}${query}`, { token: user.idToken });
    expect(response.status).toBe(200);
    return commentPage.parse(response.body);
  };
  return { comments, post, list };
}

export async function teamWithTask() {
  const team = await teamWithApollo();
  const task = await team.api.createTask(team.workspaceId, team.project.id, { title: 'Ship' });
  const base = `${team.projectPath}/tasks/${task.id}`;
  const taskNow = async () => projectItems.parse((await team.api.call('GET', `${team.projectPath}/items`)).body).tasks.find((item) => item.id === task.id);
  return { ...team, task, base, ...commentsAt(`${base}/comments`), taskNow, commentCountNow: async () => (await taskNow())?.commentCount };
}

export async function teamWithProject() {
  const team = await teamWithApollo();
  const projectNow = async () => projectResponse.parse((await team.api.call('GET', team.projectPath)).body).project;
  return { ...team, ...commentsAt(`${team.projectPath}/comments`), projectNow, commentCountNow: async () => (await projectNow()).commentCount };
}
