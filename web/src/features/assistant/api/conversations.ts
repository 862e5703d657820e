import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { conversationsRoutes } from '@shared/routes/conversations';
import type { ConversationView } from '@shared/schemas/chat';
import { callRoute } from '@/lib/api-client';
import { editCachedData } from '@/lib/cache-edit';
import { assistantKeys } from './query-keys';

/** Error texts of spec pages §8. */
export const FETCH_CONVERSATIONS_FAILED = 'Failed to fetch conversations';
export const DELETE_CONVERSATION_FAILED = 'Failed to delete conversation';
export const RENAME_CONVERSATION_FAILED = 'Failed to rename conversation';

/** GET the caller's conversations in the workspace, newest first. */
export const conversationsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: assistantKeys.list(workspaceId),
    queryFn: async ({ signal }) => (await callRoute(conversationsRoutes.ListConversations, { params: { workspaceId }, signal })).conversations,
  });

export function useConversations(workspaceId: string | undefined) {
  return useQuery({ ...conversationsQueryOptions(workspaceId ?? ''), enabled: Boolean(workspaceId) });
}

/** GET one conversation and its messages, oldest first. */
export const conversationQueryOptions = (workspaceId: string, conversationId: string) =>
  queryOptions({
    queryKey: assistantKeys.conversation(workspaceId, conversationId),
    queryFn: ({ signal }) => callRoute(conversationsRoutes.GetConversation, { params: { workspaceId, conversationId }, signal }),
  });

/** The open conversation; `pollMs` reloads it while a reply is being written somewhere the socket cannot tell us. */
export function useConversation(workspaceId: string | undefined, conversationId: string | null, pollMs?: number) {
  return useQuery({
    ...conversationQueryOptions(workspaceId ?? '', conversationId ?? ''),
    enabled: Boolean(workspaceId && conversationId),
    refetchInterval: pollMs ?? false,
  });
}

function replaceInList(list: ConversationView[], conversation: ConversationView): ConversationView[] {
  return list.map((candidate) => (candidate.id === conversation.id ? conversation : candidate));
}

/** PATCH a conversation's title; the list and the open conversation show it at once. */
export function useRenameConversation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ conversationId, title }: { conversationId: string; title: string }) =>
      (await callRoute(conversationsRoutes.RenameConversation, { params: { workspaceId, conversationId }, body: { title } })).conversation,
    onSuccess: (conversation) => {
      editCachedData<ConversationView[]>(queryClient, conversationsQueryOptions(workspaceId).queryKey, (list) => replaceInList(list, conversation));
      queryClient.setQueryData(conversationQueryOptions(workspaceId, conversation.id).queryKey, (loaded) => loaded && { ...loaded, conversation });
    },
  });
}

/** DELETE a conversation and its messages. */
export function useDeleteConversation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => callRoute(conversationsRoutes.DeleteConversation, { params: { workspaceId, conversationId } }),
    onSuccess: (_nothing, conversationId) => {
      editCachedData<ConversationView[]>(queryClient, conversationsQueryOptions(workspaceId).queryKey, (list) => list.filter((candidate) => candidate.id !== conversationId));
      queryClient.removeQueries({ queryKey: assistantKeys.conversation(workspaceId, conversationId) });
    },
  });
}

/**
 * POST an undo token of a tool result: reverts exactly that write if the item has not changed since. The
 * board hears of the change through the realtime push, like any other write.
 */
export function useUndoAssistantWrite(workspaceId: string) {
  return useMutation({
    mutationFn: async (token: string) => (await callRoute(conversationsRoutes.UndoAssistantWrite, { params: { workspaceId }, body: { token } })).message,
  });
}

/** POST a proposed write's token: the server makes that write now (once) and answers its words and Undo. */
export function useApplyAssistantProposal(workspaceId: string) {
  return useMutation({
    mutationFn: async (token: string) => callRoute(conversationsRoutes.ApplyAssistantProposal, { params: { workspaceId }, body: { token } }),
  });
}

/** Undo all of a reply: its tokens newest first, taken back one after another on the server; answers each one's outcome. */
export function useUndoAssistantWrites(workspaceId: string) {
  return useMutation({
    mutationFn: async (tokens: readonly string[]) => (await callRoute(conversationsRoutes.UndoAssistantWrites, { params: { workspaceId }, body: { tokens: [...tokens] } })).results,
  });
}
