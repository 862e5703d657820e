import { workspaceIdParams } from '../schemas/ids.js';
import {
  conversationParams,
  conversationResponse,
  listConversationsResponse,
  renameConversationInput,
  renamedConversationResponse,
  applyProposalInput,
  applyProposalResponse,
  undoToolInput,
  undoToolResponse,
  undoToolsInput,
  undoToolsResponse,
} from '../schemas/chat.js';
import { namedRoutes } from './contract.js';

/** The assistant's conversations: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const conversationsRoutes = namedRoutes({
  // The assistant: each user's conversations in a workspace (the chat itself streams over the WebSocket).
  ListConversations: {
    method: 'GET', path: '/workspaces/{workspaceId}/conversations', handler: 'functions/http/conversations/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: listConversationsResponse,
  },
  GetConversation: {
    method: 'GET', path: '/workspaces/{workspaceId}/conversations/{conversationId}', handler: 'functions/http/conversations/get',
    auth: 'user', dataAccess: 'read', status: 200, params: conversationParams, response: conversationResponse,
  },
  RenameConversation: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/conversations/{conversationId}', handler: 'functions/http/conversations/rename',
    auth: 'user', dataAccess: 'write', status: 200, params: conversationParams, body: renameConversationInput, response: renamedConversationResponse,
  },
  DeleteConversation: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/conversations/{conversationId}', handler: 'functions/http/conversations/delete',
    auth: 'user', dataAccess: 'write', status: 204, params: conversationParams,
  },
  UndoAssistantWrite: {
    method: 'POST', path: '/workspaces/{workspaceId}/assistant/undo', handler: 'functions/http/conversations/undo', auth: 'user', dataAccess: 'write',
    status: 200, params: workspaceIdParams, body: undoToolInput, response: undoToolResponse,
  },
  // A write the assistant proposed (after reading text others wrote), made when the user applies it.
  ApplyAssistantProposal: {
    method: 'POST', path: '/workspaces/{workspaceId}/assistant/apply', handler: 'functions/http/conversations/apply', auth: 'user', dataAccess: 'write',
    status: 200, params: workspaceIdParams, body: applyProposalInput, response: applyProposalResponse,
  },
  UndoAssistantWrites: {
    method: 'POST', path: '/workspaces/{workspaceId}/assistant/undo-all', handler: 'functions/http/conversations/undo-all', auth: 'user', dataAccess: 'write',
    status: 200, params: workspaceIdParams, body: undoToolsInput, response: undoToolsResponse,
  },
});
