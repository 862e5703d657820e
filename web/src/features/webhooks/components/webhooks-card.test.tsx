import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_EVENT_TURNED_OFF, type WebhookDeliveryView, type WebhookView } from '@shared/schemas/webhook';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { WebhooksCard } from './webhooks-card';

const SECRET = `whsec_${'A'.repeat(32)}`;

function aWebhook(overrides: Partial<WebhookView> = {}): WebhookView {
  return {
    id: 'hook-1',
    workspaceId: 'ws-1',
    url: 'https://hooks.example.com/taskflow',
    events: ['task.created'],
    description: 'CRM sync',
    secret: SECRET,
    enabled: true,
    disabledReason: null,
    failingSince: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

function aDelivery(overrides: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView {
  return {
    id: 'd-1',
    messageId: 'msg_1',
    type: 'webhook.test',
    attempt: 1,
    status: 'succeeded',
    at: '2026-11-02T09:00:00.000Z',
    responseStatus: 200,
    durationMs: 42,
    error: null,
    nextAttemptAt: null,
    ...overrides,
  };
}

describe('Workspace Settings → Webhooks (issue 38)', () => {
  let webhooks: WebhookView[];
  let sent: unknown[];
  let deleted: string[];

  beforeEach(() => {
    webhooks = [aWebhook()];
    sent = [];
    deleted = [];
    server.use(
      http.get(api('/workspaces/ws-1/webhooks'), () => HttpResponse.json({ webhooks })),
      http.post(api('/workspaces/ws-1/webhooks'), async ({ request }) => {
        const body = (await request.json()) as { url: string; events: WebhookView['events']; description: string };
        sent.push(body);
        if (body.url.includes('10.0.0.1')) {
          const message = 'URL must not point at a private, loopback, link-local or metadata address';
          return HttpResponse.json({ error: message, fields: [{ field: 'url', message }] }, { status: 400 });
        }
        const webhook = aWebhook({ id: 'hook-2', url: body.url, events: body.events, description: body.description });
        webhooks = [...webhooks, webhook];
        return HttpResponse.json({ webhook }, { status: 201 });
      }),
      http.post(api('/workspaces/ws-1/webhooks/:webhookId/rotate-secret'), () => {
        webhooks = [aWebhook({ secret: `whsec_${'B'.repeat(32)}` })];
        return HttpResponse.json({ webhook: webhooks[0] });
      }),
      http.post(api('/workspaces/ws-1/webhooks/:webhookId/test'), () => {
        if (webhooks[0]?.enabled === false) return HttpResponse.json({ error: TEST_EVENT_TURNED_OFF, fields: [{ field: 'enabled', message: TEST_EVENT_TURNED_OFF }] }, { status: 400 });
        return HttpResponse.json({ delivery: aDelivery({ status: 'failed', responseStatus: 500 }) });
      }),
      http.patch(api('/workspaces/ws-1/webhooks/:webhookId'), async ({ request }) => {
        const body = (await request.json()) as { enabled: boolean };
        webhooks = [aWebhook({ enabled: body.enabled, disabledReason: null })];
        return HttpResponse.json({ webhook: webhooks[0] });
      }),
      http.get(api('/workspaces/ws-1/webhooks/:webhookId/deliveries'), () => HttpResponse.json({ deliveries: [aDelivery({ type: 'task.created' })] })),
      http.delete(api('/workspaces/ws-1/webhooks/:webhookId'), ({ params }) => {
        deleted.push(String(params.webhookId));
        webhooks = webhooks.filter((webhook) => webhook.id !== params.webhookId);
        return new HttpResponse(null, { status: 204 });
      }),
    );
  });

  it('adds a webhook with its URL, events and description, and shows the server refusal on the URL', async () => {
    const { user } = renderWithApp(<WebhooksCard workspace={workspaceView()} />, { workspace: workspaceView() });
    const card = screen.getByRole('region', { name: 'Webhooks' });
    expect(await within(card).findByText('https://hooks.example.com/taskflow')).toBeInTheDocument();

    await user.type(within(card).getByLabelText('URL'), 'https://10.0.0.1/hook');
    await user.click(within(card).getByRole('button', { name: 'Add webhook' }));
    expect(await within(card).findByText('URL must not point at a private, loopback, link-local or metadata address')).toBeInTheDocument();

    await user.clear(within(card).getByLabelText('URL'));
    await user.type(within(card).getByLabelText('URL'), 'https://crm.example.com/in');
    await user.click(within(card).getByLabelText('project.created'));
    await user.click(within(card).getByLabelText('task.created'));
    await user.type(within(card).getByLabelText('Description'), 'Projects to CRM');
    await user.click(within(card).getByRole('button', { name: 'Add webhook' }));
    expect(await within(card).findByText('https://crm.example.com/in')).toBeInTheDocument();
    expect(sent[1]).toEqual({ url: 'https://crm.example.com/in', events: ['project.created'], description: 'Projects to CRM' });
  });

  it('shows the secret with Copy and Rotate, sends a test event and shows its result and the recent deliveries', async () => {
    const { user } = renderWithApp(<WebhooksCard workspace={workspaceView()} />, { workspace: workspaceView() });
    const card = screen.getByRole('region', { name: 'Webhooks' });
    const secret = await within(card).findByLabelText('Signing secret for https://hooks.example.com/taskflow');
    expect(secret).toHaveValue(SECRET);
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(card).getByRole('button', { name: 'Rotate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rotate secret' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(await within(card).findByDisplayValue(`whsec_${'B'.repeat(32)}`)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Send test event' }));
    expect(await within(card).findByText('Test event: failed (500)')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Recent deliveries' }));
    const list = await within(card).findByRole('list', { name: 'Recent deliveries' });
    expect(within(list).getByText(/task\.created · attempt 1 · succeeded \(200\) · 42 ms/)).toBeInTheDocument();
  });

  it('shows why a turned-off webhook is sent no test event, and turns it on', async () => {
    webhooks = [aWebhook({ enabled: false, disabledReason: 'Turned off after failing for 3 days' })];
    const { user } = renderWithApp(<WebhooksCard workspace={workspaceView()} />, { workspace: workspaceView() });
    const card = screen.getByRole('region', { name: 'Webhooks' });
    expect(await within(card).findByText('Turned off after failing for 3 days')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Send test event' }));
    expect(await within(card).findByText(TEST_EVENT_TURNED_OFF)).toBeInTheDocument();
    expect(within(card).queryByText(/^Test event:/)).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(within(card).queryByText('Turned off after failing for 3 days')).toBeNull());
    expect(within(card).queryByRole('button', { name: 'Turn on' })).toBeNull();
  });

  it('deletes only after the confirmation', async () => {
    const { user } = renderWithApp(<WebhooksCard workspace={workspaceView()} />, { workspace: workspaceView() });
    const card = screen.getByRole('region', { name: 'Webhooks' });
    await user.click(await within(card).findByRole('button', { name: 'Delete https://hooks.example.com/taskflow' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Delete https://hooks.example.com/taskflow' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete webhook' })).getByRole('button', { name: 'Delete' }));
    expect(await within(card).findByText('No webhooks yet.')).toBeInTheDocument();
    expect(deleted).toEqual(['hook-1']);
  });

  it('is not shown to members', () => {
    renderWithApp(<WebhooksCard workspace={workspaceView({ role: 'member' })} />, { workspace: workspaceView({ role: 'member' }) });
    expect(screen.queryByRole('region', { name: 'Webhooks' })).toBeNull();
  });
});
