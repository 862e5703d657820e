import * as z from 'zod/mini';
import { projectIdParams, resourceId } from '../schemas/ids.js';
import { createMilestoneInput, milestoneResponse, updateMilestoneInput } from '../schemas/project.js';
import { namedRoutes } from './contract.js';

const milestoneParams = z.extend(projectIdParams, { milestoneId: resourceId() });

/** Milestones: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const milestonesRoutes = namedRoutes({
  CreateMilestone: {
    method: 'POST', path: '/workspaces/{workspaceId}/projects/{projectId}/milestones', handler: 'functions/http/milestones/create',
    auth: 'user', dataAccess: 'write', status: 201, params: projectIdParams, body: createMilestoneInput, response: milestoneResponse,
  },
  UpdateMilestone: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/projects/{projectId}/milestones/{milestoneId}',
    handler: 'functions/http/milestones/update', auth: 'user', dataAccess: 'write', status: 200, params: milestoneParams, body: updateMilestoneInput,
    response: milestoneResponse,
  },
  DeleteMilestone: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/projects/{projectId}/milestones/{milestoneId}',
    handler: 'functions/http/milestones/delete', auth: 'user', dataAccess: 'write', status: 204, params: milestoneParams,
  },
});
