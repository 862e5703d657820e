import { projectIdParams, workspaceIdParams } from '../schemas/ids.js';
import { createProjectInput, listProjectsResponse, projectItems, projectResponse, updateProjectInput } from '../schemas/project.js';
import { namedRoutes } from './contract.js';

/** Projects: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const projectsRoutes = namedRoutes({
  // Projects: the list holds summaries (with child counts); a project's tasks, milestones and notes are
  // their own read.
  ListProjects: {
    method: 'GET', path: '/workspaces/{workspaceId}/projects', handler: 'functions/http/projects/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: listProjectsResponse,
  },
  CreateProject: {
    method: 'POST', path: '/workspaces/{workspaceId}/projects', handler: 'functions/http/projects/create', auth: 'user', dataAccess: 'write', status: 201,
    params: workspaceIdParams, body: createProjectInput, response: projectResponse,
  },
  GetProject: {
    method: 'GET', path: '/workspaces/{workspaceId}/projects/{projectId}', handler: 'functions/http/projects/get', auth: 'user', dataAccess: 'read', status: 200,
    params: projectIdParams, response: projectResponse,
  },
  ListProjectItems: {
    method: 'GET', path: '/workspaces/{workspaceId}/projects/{projectId}/items', handler: 'functions/http/projects/items', auth: 'user', dataAccess: 'read',
    status: 200, params: projectIdParams, response: projectItems,
  },
  UpdateProject: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/projects/{projectId}', handler: 'functions/http/projects/update', auth: 'user', dataAccess: 'write',
    status: 200, params: projectIdParams, body: updateProjectInput, response: projectResponse,
  },
  DeleteProject: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/projects/{projectId}', handler: 'functions/http/projects/delete', auth: 'user', dataAccess: 'write',
    status: 204, params: projectIdParams,
  },
});
