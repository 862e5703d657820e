import { useState, type FormEvent } from 'react';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { twoFactorError, useConfirmTwoFactorSetup, useStartTwoFactorSetup, useTurnOffTwoFactor, useTwoFactorStatus } from '../api/two-factor';

/** Six digits, as authenticator apps show them (spaces people type are dropped). */
const CODE_PATTERN = '[0-9 ]{6,7}';

/** The code an authenticator app shows, as phones fill it in (one-time-code). */
function CodeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field
      label="Code from the app"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={CODE_PATTERN}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Setting it up: the key for the app (typed, or opened as an otpauth: link on a phone), then its first code. */
function SetUp({ email }: { email: string }) {
  const start = useStartTwoFactorSetup(email);
  const confirm = useConfirmTwoFactorSetup();
  const [code, setCode] = useState('');
  if (!start.data) {
    return (
      <>
        <p className="muted">Off. With it on, signing in also asks for a code from an authenticator app on your phone.</p>
        {start.isError ? <Alert>{twoFactorError(start.error)}</Alert> : null}
        <div className="form-actions">
          <Button onClick={() => start.mutate()} loading={start.isPending}>
            Set Up Authenticator App
          </Button>
        </div>
      </>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code);
  };
  return (
    <form className="form" onSubmit={submit}>
      <p>
        Add TaskFlow to your authenticator app with this key (on this phone: <a href={start.data.uri}>open it in your authenticator app</a>):
      </p>
      <p>
        <code className="two-factor-key" aria-label="Authenticator key">
          {start.data.secret}
        </code>
      </p>
      {confirm.isError ? <Alert>{twoFactorError(confirm.error)}</Alert> : null}
      <CodeField value={code} onChange={setCode} />
      <div className="form-actions">
        <Button type="submit" variant="primary" loading={confirm.isPending} disabled={!code.trim()}>
          Turn On
        </Button>
      </div>
    </form>
  );
}

/** The workspaces that require two-factor sign-in of this user (an owner or admin there). */
function useWorkspacesRequiringTwoFactor(): string[] {
  const { workspaces } = useCurrentWorkspace();
  return workspaces.filter((workspace) => workspace.requireTwoFactor && workspace.role !== 'member').map((workspace) => workspace.name);
}

/** Turning it off takes both factors: the password and a current code. */
function TurnOff() {
  const turnOff = useTurnOffTwoFactor();
  const requiring = useWorkspacesRequiringTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    turnOff.mutate({ password, code });
  };
  return (
    <form className="form" onSubmit={submit}>
      <Notice>On: signing in asks for your password and a code from your authenticator app.</Notice>
      {turnOff.isError ? <Alert>{twoFactorError(turnOff.error)}</Alert> : null}
      <p className="muted">To turn it off (a new phone, say), enter your password and a code from the app.</p>
      {requiring.length > 0 ? (
        <p className="muted">
          {requiring.join(', ')} {requiring.length === 1 ? 'requires' : 'require'} it of owners and admins: without it you cannot open{' '}
          {requiring.length === 1 ? 'that workspace' : 'those workspaces'} until you turn it on again.
        </p>
      ) : null}
      <Field label="Password" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
      <CodeField value={code} onChange={setCode} />
      <div className="form-actions">
        <Button type="submit" loading={turnOff.isPending} disabled={!password || !code.trim()}>
          Turn Off
        </Button>
      </div>
    </form>
  );
}

/** Optional two-factor sign-in with an authenticator app (TOTP, Cognito's software-token MFA). */
export function TwoFactorCard({ email }: { email: string }) {
  const status = useTwoFactorStatus();
  return (
    <Card title="Two-Factor Authentication">
      {status.isPending ? (
        <SkeletonLines label="Loading two-factor sign-in…" lines={2} />
      ) : status.isError ? (
        <Alert>Failed to load two-factor sign-in. Please try refreshing the page.</Alert>
      ) : status.data.enabled ? (
        <TurnOff />
      ) : (
        <SetUp email={email} />
      )}
    </Card>
  );
}
