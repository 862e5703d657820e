import { Link } from 'react-router-dom';
import { useState, type FormEvent } from 'react';
import { API_TOKEN_NAME_MAX_LENGTH, type ApiTokenScope, type ApiTokenView, type CreateApiTokenInput, type WorkspaceApiTokenView } from '@shared/schemas/api-token';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-fields';
import { useFormMutation } from '@/hooks/use-form-mutation';
import { useTransientFlag } from '@/hooks/use-transient-flag';
import { apiErrorMessage } from '@/lib/api-client';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { formatDate } from '@/lib/format-date';
import { CREATE_TOKEN_FAILED, REVOKE_TOKEN_FAILED, useApiTokens, useCreateApiToken, useRevokeApiToken, useRevokeWorkspaceApiToken, useWorkspaceApiTokens } from '../api/api-tokens';

const ALL_WORKSPACES = '';
const NEVER = 'never';
export const COPY_TOKEN_FAILED = 'Could not copy. Select the token and copy it yourself.';

const scopeNames: Record<ApiTokenScope, string> = { read: 'Read', 'read-write': 'Read and write' };

/** Whether a token that never expires may reach these workspaces: only if every one allows it. */
function neverAllowed(workspaces: readonly WorkspaceView[], workspaceId: string): boolean {
  const reached = workspaceId === ALL_WORKSPACES ? workspaces : workspaces.filter((workspace) => workspace.id === workspaceId);
  return reached.length > 0 && reached.every((workspace) => workspace.allowNonExpiringTokens);
}

/** The secret, once: a real dialog with the token selected for copying, and Copy. */
function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const copied = useTransientFlag(2000);
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    copied.clear();
    setCopyFailed(false);
    try {
      await navigator.clipboard.writeText(secret);
      copied.raise();
    } catch {
      setCopyFailed(true);
    }
  };
  return (
    <Dialog title="Your new API token" description="Copy it now: it is shown only once. Anyone with it can act as you." onClose={onClose} className="dialog-narrow">
      <div className="form">
        <Field label="API token" readOnly value={secret} onFocus={(event) => event.target.select()} />
        {copyFailed ? <Alert>{COPY_TOKEN_FAILED}</Alert> : null}
        <div className="form-actions">
          <span role="status">{copied.on ? 'Copied' : ''}</span>
          <Button onClick={() => void copy()}>Copy</Button>
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function CreateTokenForm({ workspaces, onCreated }: { workspaces: readonly WorkspaceView[]; onCreated: (secret: string) => void }) {
  const create = useCreateApiToken();
  const { pending, error, fieldError, submitWith } = useFormMutation(create, CREATE_TOKEN_FAILED);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [workspaceId, setWorkspaceId] = useState(ALL_WORKSPACES);
  const [expires, setExpires] = useState('90');
  const mayNeverExpire = neverAllowed(workspaces, workspaceId);
  // A workspace chosen after Never that does not allow it falls back to the longest expiry.
  const expiry = expires === NEVER && !mayNeverExpire ? '365' : expires;
  const input = (): CreateApiTokenInput => ({
    name,
    scope,
    workspaceId: workspaceId === ALL_WORKSPACES ? null : workspaceId,
    expiresInDays: expiry === NEVER ? null : (Number(expiry) as 30 | 90 | 365),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submitWith(input, ({ secret }) => {
      setName('');
      onCreated(secret);
    })(event);
  return (
    <form className="form" aria-label="Create an API token" onSubmit={onSubmit}>
      {error && Object.keys(error.fields).length === 0 ? <Alert>{error.message}</Alert> : null}
      <Field label="Name" required maxLength={API_TOKEN_NAME_MAX_LENGTH} value={name} onChange={(event) => setName(event.target.value)} error={fieldError('name')} />
      <SelectField label="Scope" value={scope} onChange={(event) => setScope(event.target.value as ApiTokenScope)} error={fieldError('scope')}>
        <option value="read">Read</option>
        <option value="read-write">Read and write</option>
      </SelectField>
      <SelectField label="Workspace" value={workspaceId} onChange={(event) => setWorkspaceId(event.target.value)} error={fieldError('workspaceId')}>
        <option value={ALL_WORKSPACES}>All my workspaces</option>
        {workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspace.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Expires" value={expiry} onChange={(event) => setExpires(event.target.value)} error={fieldError('expiresInDays')}>
        <option value="30">30 days</option>
        <option value="90">90 days</option>
        <option value="365">365 days</option>
        {mayNeverExpire ? <option value={NEVER}>Never</option> : null}
      </SelectField>
      <div>
        <Button type="submit" variant="primary" loading={pending}>
          Create token
        </Button>
      </div>
    </form>
  );
}

/** The tokens, each with what it may do and when it was used; Revoke after a confirmation. */
function TokenList({
  tokens,
  workspaces,
  showOwner,
  onRevoke,
  revoking,
}: {
  tokens: readonly (ApiTokenView | WorkspaceApiTokenView)[];
  workspaces: readonly WorkspaceView[];
  showOwner: boolean;
  onRevoke: (token: ApiTokenView) => void;
  revoking: boolean;
}) {
  const { confirm, dialog } = useConfirm();
  const workspaceName = (id: string | null) => (id === null ? 'All workspaces' : (workspaces.find((workspace) => workspace.id === id)?.name ?? 'One workspace'));
  const revoke = async (token: ApiTokenView) => {
    const message = `Revoke "${token.name}"? Anything using it stops working at once.`;
    if (await confirm({ message, title: 'Revoke API token', confirmLabel: 'Revoke', danger: true })) onRevoke(token);
  };
  return (
    <>
      <ul className="api-token-list">
        {tokens.map((token) => (
          <li key={token.id}>
            <strong>{token.name}</strong>
            <dl>
              {showOwner && 'ownerEmail' in token ? (
                <>
                  <dt>Owner</dt>
                  <dd>{token.ownerEmail || 'A member'}</dd>
                </>
              ) : null}
              <dt>Scope</dt>
              <dd>{scopeNames[token.scope]}</dd>
              <dt>Workspace</dt>
              <dd>{workspaceName(token.workspaceId)}</dd>
              <dt>Created</dt>
              <dd>{formatDate(token.createdAt)}</dd>
              <dt>Last used</dt>
              <dd>{token.lastUsedAt ? formatDate(token.lastUsedAt, 'dateTime') : 'Never'}</dd>
              <dt>Expires</dt>
              <dd>{token.expiresAt ? formatDate(token.expiresAt) : 'Never'}</dd>
            </dl>
            <Button size="sm" variant="danger" aria-label={`Revoke ${token.name}`} disabled={revoking} onClick={() => void revoke(token)}>
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      {dialog}
    </>
  );
}

/** Settings → API tokens (issue 38): make a token (its secret shown once), see yours with their last use, revoke. */
export function ApiTokensCard() {
  const { workspaces } = useCurrentWorkspace();
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Card title="API tokens">
      <p className="muted">
        A token lets a script or an integration call the TaskFlow API as you, with your role in each workspace. Send it as <code>Authorization: Bearer tf_…</code>.
      </p>
      <p>
        <Link to={paths.app.apiReference.getHref()}>Browse the API reference</Link>
      </p>
      <CreateTokenForm workspaces={workspaces} onCreated={setSecret} />
      {tokens.isError ? <Alert>Failed to load your API tokens</Alert> : null}
      {revoke.isError ? <Alert>{apiErrorMessage(revoke.error, REVOKE_TOKEN_FAILED)}</Alert> : null}
      {tokens.data?.length === 0 ? <p className="muted">No API tokens yet.</p> : null}
      {tokens.data?.length ? <TokenList tokens={tokens.data} workspaces={workspaces} showOwner={false} revoking={revoke.isPending} onRevoke={(token) => revoke.mutate(token.id)} /> : null}
      {secret ? <SecretDialog secret={secret} onClose={() => setSecret(null)} /> : null}
    </Card>
  );
}

/** Workspace Settings (owners and admins): the tokens that reach this workspace, whoever made them, with Revoke. */
export function WorkspaceApiTokensCard({ workspace }: { workspace: WorkspaceView }) {
  const { workspaces } = useCurrentWorkspace();
  const mayManage = workspace.role === 'owner' || workspace.role === 'admin';
  const tokens = useWorkspaceApiTokens(workspace.id, mayManage);
  const revoke = useRevokeWorkspaceApiToken(workspace.id);
  if (!mayManage) return null;
  return (
    <Card title="API tokens in this workspace">
      {tokens.isError ? <Alert>Failed to load the API tokens</Alert> : null}
      {revoke.isError ? <Alert>{apiErrorMessage(revoke.error, REVOKE_TOKEN_FAILED)}</Alert> : null}
      {tokens.data?.length === 0 ? <p className="muted">No member has a token that reaches this workspace.</p> : null}
      {tokens.data?.length ? <TokenList tokens={tokens.data} workspaces={workspaces} showOwner revoking={revoke.isPending} onRevoke={(token) => revoke.mutate(token.id)} /> : null}
    </Card>
  );
}
