import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhooksRoutes } from '@shared/routes/webhooks';
import type { CreateWebhookInput } from '@shared/schemas/webhook';
import { callRoute } from '@/lib/api-client';

/** A workspace's webhooks (issue 38), for its owners and admins. */
export const webhookKeys = {
  list: (workspaceId: string) => ['workspaces', workspaceId, 'webhooks'] as const,
  deliveries: (workspaceId: string, webhookId: string) => ['workspaces', workspaceId, 'webhooks', webhookId, 'deliveries'] as const,
};

export const CREATE_WEBHOOK_FAILED = 'Failed to add the webhook. Please try again.';
export const WEBHOOK_ACTION_FAILED = 'Failed to change the webhook. Please try again.';

export function useWebhooks(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.list(workspaceId),
    queryFn: async ({ signal }) => (await callRoute(webhooksRoutes.ListWebhooks, { params: { workspaceId }, signal })).webhooks,
    enabled,
  });
}

export function useWebhookDeliveries(workspaceId: string, webhookId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(workspaceId, webhookId),
    queryFn: async ({ signal }) => (await callRoute(webhooksRoutes.ListWebhookDeliveries, { params: { workspaceId, webhookId }, signal })).deliveries,
  });
}

/** After any write the list (and with it the deliveries below it) is read again. */
function useWebhookMutation<T, R>(workspaceId: string, write: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(workspaceId) }) });
}

export function useCreateWebhook(workspaceId: string) {
  return useWebhookMutation(workspaceId, (body: CreateWebhookInput) => callRoute(webhooksRoutes.CreateWebhook, { params: { workspaceId }, body }));
}

export function useDeleteWebhook(workspaceId: string) {
  return useWebhookMutation(workspaceId, (webhookId: string) => callRoute(webhooksRoutes.DeleteWebhook, { params: { workspaceId, webhookId } }));
}

export function useRotateWebhookSecret(workspaceId: string) {
  return useWebhookMutation(workspaceId, (webhookId: string) => callRoute(webhooksRoutes.RotateWebhookSecret, { params: { workspaceId, webhookId } }));
}

export function useSendTestEvent(workspaceId: string) {
  return useWebhookMutation(workspaceId, async (webhookId: string) => (await callRoute(webhooksRoutes.TestWebhook, { params: { workspaceId, webhookId } })).delivery);
}

/** Turns an endpoint the failures (or someone) turned off back on: its run of failures starts afresh. */
export function useTurnOnWebhook(workspaceId: string) {
  return useWebhookMutation(workspaceId, (webhookId: string) => callRoute(webhooksRoutes.UpdateWebhook, { params: { workspaceId, webhookId }, body: { enabled: true } }));
}
