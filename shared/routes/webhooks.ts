import { workspaceIdParams } from '../schemas/ids.js';
import {
  createWebhookInput,
  listWebhookDeliveriesResponse,
  listWebhooksResponse,
  testWebhookResponse,
  updateWebhookInput,
  webhookParams,
  webhookResponse,
} from '../schemas/webhook.js';
import { namedRoutes } from './contract.js';

/** Webhooks, for a workspace's owners and admins (members 403, outsiders 404): part of the route table (shared/routes.ts). */
// Every webhook route refuses API tokens, as the token routes do: a leaked token must neither read the
// endpoints' secrets nor add an endpoint that would carry the workspace's changes away.
export const webhooksRoutes = namedRoutes({
  ListWebhooks: {
    method: 'GET', path: '/workspaces/{workspaceId}/webhooks', refusesApiTokens: true, handler: 'functions/http/webhooks/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: listWebhooksResponse,
  },
  CreateWebhook: {
    method: 'POST', path: '/workspaces/{workspaceId}/webhooks', refusesApiTokens: true, handler: 'functions/http/webhooks/create', auth: 'user', dataAccess: 'write', status: 201,
    params: workspaceIdParams, body: createWebhookInput, response: webhookResponse,
  },
  UpdateWebhook: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/webhooks/{webhookId}', refusesApiTokens: true, handler: 'functions/http/webhooks/update', auth: 'user', dataAccess: 'write', status: 200,
    params: webhookParams, body: updateWebhookInput, response: webhookResponse,
  },
  DeleteWebhook: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/webhooks/{webhookId}', refusesApiTokens: true, handler: 'functions/http/webhooks/delete', auth: 'user', dataAccess: 'write', status: 204,
    params: webhookParams,
  },
  RotateWebhookSecret: {
    method: 'POST', path: '/workspaces/{workspaceId}/webhooks/{webhookId}/rotate-secret', refusesApiTokens: true, handler: 'functions/http/webhooks/rotate-secret', auth: 'user', dataAccess: 'write', status: 200,
    params: webhookParams, response: webhookResponse,
  },
  // Delivers a `webhook.test` event now (no retries) and answers how it went; a failure that ends 3 days of
  // them turns the endpoint off and mails the workspace's owners and admins.
  TestWebhook: {
    method: 'POST', path: '/workspaces/{workspaceId}/webhooks/{webhookId}/test', refusesApiTokens: true, handler: 'functions/http/webhooks/test', auth: 'user', dataAccess: 'write', sendsMail: true, status: 200,
    params: webhookParams, response: testWebhookResponse,
  },
  ListWebhookDeliveries: {
    method: 'GET', path: '/workspaces/{workspaceId}/webhooks/{webhookId}/deliveries', refusesApiTokens: true, handler: 'functions/http/webhooks/deliveries', auth: 'user', dataAccess: 'read', status: 200,
    params: webhookParams, response: listWebhookDeliveriesResponse,
  },
});
