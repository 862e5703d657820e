import { useState, type FormEvent } from 'react';
import { WEBHOOK_DESCRIPTION_MAX_LENGTH, webhookEventTypes, type WebhookDeliveryView, type WebhookEventType, type WebhookView } from '@shared/schemas/webhook';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { CheckboxField } from '@/components/ui/form-fields';
import { useFormMutation } from '@/hooks/use-form-mutation';
import { useTransientFlag } from '@/hooks/use-transient-flag';
import { apiErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import {
  CREATE_WEBHOOK_FAILED,
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestEvent,
  useTurnOnWebhook,
  useWebhookDeliveries,
  useWebhooks,
  WEBHOOK_ACTION_FAILED,
} from '../api/webhooks';

export const COPY_SECRET_FAILED = 'Could not copy. Select the secret and copy it yourself.';

function AddWebhookForm({ workspaceId }: { workspaceId: string }) {
  const create = useCreateWebhook(workspaceId);
  const { pending, error, fieldError, submitWith } = useFormMutation(create, CREATE_WEBHOOK_FAILED);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['task.created']);
  const toggle = (type: WebhookEventType, on: boolean) => setEvents((chosen) => (on ? webhookEventTypes.filter((t) => t === type || chosen.includes(t)) : chosen.filter((t) => t !== type)));
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submitWith(
      () => ({ url, events, description }),
      () => {
        setUrl('');
        setDescription('');
      },
    )(event);
  const eventsError = Object.entries(error?.fields ?? {}).find(([field]) => field.startsWith('events'))?.[1];
  return (
    <form className="form" aria-label="Add a webhook" onSubmit={onSubmit}>
      {error && Object.keys(error.fields).length === 0 ? <Alert>{error.message}</Alert> : null}
      <Field label="URL" type="url" required placeholder="https://example.com/taskflow" value={url} onChange={(event) => setUrl(event.target.value)} error={fieldError('url')} />
      <fieldset className="blockers-field">
        <legend>Events</legend>
        {webhookEventTypes.map((type) => (
          <CheckboxField key={type} label={type} checked={events.includes(type)} onChange={(on) => toggle(type, on)} />
        ))}
        {eventsError ? <p role="alert" className="field-error">{eventsError}</p> : null}
      </fieldset>
      <Field label="Description" maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH} value={description} onChange={(event) => setDescription(event.target.value)} error={fieldError('description')} />
      <div>
        <Button type="submit" variant="primary" loading={pending}>
          Add webhook
        </Button>
      </div>
    </form>
  );
}

const deliveryOutcome = (delivery: WebhookDeliveryView) =>
  `${delivery.status}${delivery.responseStatus === null ? '' : ` (${delivery.responseStatus})`}${delivery.error && delivery.responseStatus === null ? `: ${delivery.error}` : ''}`;

function Deliveries({ workspaceId, webhookId }: { workspaceId: string; webhookId: string }) {
  const deliveries = useWebhookDeliveries(workspaceId, webhookId);
  if (deliveries.isError) return <Alert>Failed to load the deliveries</Alert>;
  if (deliveries.data?.length === 0) return <p className="muted">No deliveries in the last 7 days.</p>;
  return (
    <ul aria-label="Recent deliveries">
      {deliveries.data?.map((delivery) => (
        <li key={delivery.id}>
          {formatDate(delivery.at, 'dateTime')} · {delivery.type} · attempt {delivery.attempt} · {deliveryOutcome(delivery)} · {delivery.durationMs} ms
        </li>
      ))}
    </ul>
  );
}

function WebhookItem({ webhook }: { webhook: WebhookView }) {
  const { confirm, dialog } = useConfirm();
  const remove = useDeleteWebhook(webhook.workspaceId);
  const rotate = useRotateWebhookSecret(webhook.workspaceId);
  const test = useSendTestEvent(webhook.workspaceId);
  const turnOn = useTurnOnWebhook(webhook.workspaceId);
  const copied = useTransientFlag(2000);
  const [copyFailed, setCopyFailed] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const failure = remove.error ?? rotate.error ?? test.error ?? turnOn.error;
  const copy = async () => {
    copied.clear();
    setCopyFailed(false);
    try {
      await navigator.clipboard.writeText(webhook.secret);
      copied.raise();
    } catch {
      setCopyFailed(true);
    }
  };
  const askDelete = async () => {
    if (await confirm({ title: 'Delete webhook', message: `Delete the webhook to ${webhook.url}? It receives nothing more.`, confirmLabel: 'Delete', danger: true })) remove.mutate(webhook.id);
  };
  const askRotate = async () => {
    if (await confirm({ title: 'Rotate secret', message: 'Make a new secret? Deliveries are signed with it from now on; update your receiver.', confirmLabel: 'Rotate' })) rotate.mutate(webhook.id);
  };
  return (
    <li>
      <strong>{webhook.url}</strong>
      {webhook.description ? <p className="muted">{webhook.description}</p> : null}
      {!webhook.enabled ? (
        <>
          <Alert>{webhook.disabledReason ?? 'Turned off'}</Alert>
          <Button size="sm" loading={turnOn.isPending} onClick={() => turnOn.mutate(webhook.id)}>
            Turn on
          </Button>
        </>
      ) : null}
      <dl>
        <dt>Events</dt>
        <dd>{webhook.events.join(', ')}</dd>
      </dl>
      <Field label={`Signing secret for ${webhook.url}`} readOnly value={webhook.secret} onFocus={(event) => event.target.select()} />
      {copyFailed ? <Alert>{COPY_SECRET_FAILED}</Alert> : null}
      {failure ? <Alert>{apiErrorMessage(failure, WEBHOOK_ACTION_FAILED)}</Alert> : null}
      <div className="form-actions">
        <span role="status">{copied.on ? 'Copied' : test.data ? `Test event: ${deliveryOutcome(test.data)}` : ''}</span>
        <Button size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        <Button size="sm" disabled={rotate.isPending} onClick={() => void askRotate()}>
          Rotate
        </Button>
        <Button size="sm" loading={test.isPending} onClick={() => test.mutate(webhook.id)}>
          Send test event
        </Button>
        <Button size="sm" aria-expanded={showDeliveries} onClick={() => setShowDeliveries((shown) => !shown)}>
          Recent deliveries
        </Button>
        <Button size="sm" variant="danger" aria-label={`Delete ${webhook.url}`} disabled={remove.isPending} onClick={() => void askDelete()}>
          Delete
        </Button>
      </div>
      {showDeliveries ? <Deliveries workspaceId={webhook.workspaceId} webhookId={webhook.id} /> : null}
      {dialog}
    </li>
  );
}

/** Workspace Settings → Webhooks (issue 38), for owners and admins: endpoints, their secrets, a test event, recent deliveries. */
export function WebhooksCard({ workspace }: { workspace: WorkspaceView }) {
  const mayManage = workspace.role === 'owner' || workspace.role === 'admin';
  const webhooks = useWebhooks(workspace.id, mayManage);
  if (!mayManage) return null;
  return (
    <Card title="Webhooks">
      <p className="muted">
        TaskFlow sends the events you choose to your URL, signed per Standard Webhooks with the endpoint's secret (headers <code>webhook-id</code>,{' '}
        <code>webhook-timestamp</code>, <code>webhook-signature</code>).
      </p>
      <AddWebhookForm workspaceId={workspace.id} />
      {webhooks.isError ? <Alert>Failed to load the webhooks</Alert> : null}
      {webhooks.data?.length === 0 ? <p className="muted">No webhooks yet.</p> : null}
      {webhooks.data?.length ? (
        <ul className="api-token-list">
          {webhooks.data.map((webhook) => (
            <WebhookItem key={webhook.id} webhook={webhook} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
