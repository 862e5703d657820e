import { useState, type FormEvent } from 'react';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { PASSWORDS_DIFFER, passwordChangeError, useChangePassword } from '../api/settings';

/** Password change (spec pages §5): the new one twice; the current one is checked first (by the API, then Cognito). */
export function PasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (next !== confirm) return setMismatch(true);
    setMismatch(false);
    change.mutate(
      { oldPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
        },
      },
    );
  };

  return (
    <Card title="Change Password">
      <form className="form" onSubmit={submit}>
        {change.isSuccess ? <Notice>Your password was changed.</Notice> : null}
        {mismatch ? <Alert>{PASSWORDS_DIFFER}</Alert> : change.isError ? <Alert>{passwordChangeError(change.error)}</Alert> : null}
        <Field label="Current Password" type="password" autoComplete="current-password" required value={current} onChange={(event) => setCurrent(event.target.value)} />
        <Field label="New Password" type="password" autoComplete="new-password" required minLength={8} value={next} onChange={(event) => setNext(event.target.value)} />
        <Field label="Confirm New Password" type="password" autoComplete="new-password" required value={confirm} onChange={(event) => setConfirm(event.target.value)} />
        <div className="form-actions">
          <Button type="submit" loading={change.isPending} disabled={!current || !next || !confirm}>
            Change Password
          </Button>
        </div>
      </form>
    </Card>
  );
}
