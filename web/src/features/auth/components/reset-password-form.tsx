import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { getConfig } from '@/lib/config';
import { completePasswordReset, requestPasswordReset } from '../api/reset-password';
import { NewPasswordFields, useNewPassword } from './new-password-fields';
import { useAuthAction } from './use-auth-action';

const FAILED = 'Failed to reset password';
const CHECK_EMAIL = 'Check your email for password reset instructions';

type Step = 'request' | 'confirm' | 'done';

/** Where the local stack shows the code Cognito would have e-mailed. */
function LocalCodeHint() {
  if (getConfig().stage !== 'local') return null;
  return (
    <p className="field-hint">
      Running locally: no e-mail is sent; the code is printed in the output of <code>npm start</code>.
    </p>
  );
}

export function ResetPasswordForm() {
  const [step, setStep] = useState<Step>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const newPassword = useNewPassword();
  const { error, pending, run, reset } = useAuthAction(FAILED);

  const onRequest = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run(async () => {
      const result = await requestPasswordReset(email);
      setStep(result.needsCode ? 'confirm' : 'done');
    });
  };

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reset();
    if (!newPassword.confirmMatches()) return;
    run(async () => {
      await completePasswordReset(email, code, newPassword.password);
      setStep('done');
    });
  };

  if (step === 'done') {
    return (
      <div className="form">
        <Notice>Your password has been reset.</Notice>
        <Link to={paths.auth.login.getHref()} className="btn btn-primary btn-block">
          Sign in
        </Link>
      </div>
    );
  }

  if (step === 'confirm') {
    return (
      <form className="form" onSubmit={onConfirm}>
        <Notice>{CHECK_EMAIL}</Notice>
        <LocalCodeHint />
        {error ? <Alert>{error}</Alert> : null}
        {/* The step replaces the form the focus was in: keyboard and screen-reader users continue here. */}
        {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- the step replaces the form the focus was in: keyboard and screen-reader users continue here */}
        <Field label="Code" autoFocus name="code" inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(event) => setCode(event.target.value)} />
        <NewPasswordFields
          state={newPassword}
          passwordLabel="New password"
          passwordName="newPassword"
          confirmationLabel="Confirm new password"
          confirmationName="confirmNewPassword"
        />
        <Button type="submit" variant="primary" className="btn-block" loading={pending}>
          Reset password
        </Button>
      </form>
    );
  }

  return (
    <form className="form" onSubmit={onRequest}>
      {error ? <Alert>{error}</Alert> : null}
      <Field label="Email" type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
      <Button type="submit" variant="primary" className="btn-block" loading={pending}>
        Send reset instructions
      </Button>
    </form>
  );
}
