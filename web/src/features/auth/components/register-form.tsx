import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { storageKeys, writeStorage } from '@/lib/storage';
import { signInWithPassword } from '../api/sign-in';
import { confirmRegistration, registerWithPassword, resendConfirmationCode } from '../api/sign-up';
import { useAuthAction } from './use-auth-action';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

const FAILED = 'Failed to create an account';

function confirmEmailFrom(state: unknown): string | undefined {
  if (typeof state === 'object' && state !== null && 'confirmEmail' in state && typeof state.confirmEmail === 'string') return state.confirmEmail;
  return undefined;
}

/**
 * Registers, then signs in with the same credentials. Locally every sign-up is confirmed at once; in AWS
 * Cognito e-mails a code first, entered in a second step. (The login form also sends an unconfirmed user
 * here, with the e-mail in router state, to enter the code.)
 */
export function RegisterForm() {
  const { refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const initialConfirmEmail = confirmEmailFrom(location.state);
  const [step, setStep] = useState<'register' | 'confirm'>(initialConfirmEmail ? 'confirm' : 'register');
  // An invitation's link names the address it waits for (?email=): filled in, to sign up with it; and its
  // workspace (?workspace=), saved as the one to open, so the newcomer lands in it (with its welcome banner).
  const invitation = new URLSearchParams(location.search);
  const invitedEmail = invitation.get('email')?.trim().slice(0, 254) ?? '';
  const invitedWorkspace = invitation.get('workspace') ?? '';
  useEffect(() => {
    if (/^[A-Za-z0-9_-]{1,64}$/.test(invitedWorkspace)) writeStorage(storageKeys.currentWorkspaceId, invitedWorkspace);
  }, [invitedWorkspace]);
  const [email, setEmail] = useState(initialConfirmEmail ?? invitedEmail);
  const newPassword = useNewPassword();
  const { password } = newPassword;
  const [code, setCode] = useState('');
  const [codeDestination, setCodeDestination] = useState<string>();
  const { error, pending, run, reset } = useAuthAction(FAILED);
  const resend = useAuthAction(FAILED);
  const [notice, setNotice] = useState<string>();

  const signInAfterRegistration = async () => {
    const outcome = await signInWithPassword(email, password);
    if (outcome.kind !== 'signedIn' || !(await refresh())) throw new Error(FAILED);
    // Signed in: the auth route sends the user on to the dashboard.
  };

  const onRegister = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reset();
    if (!newPassword.confirmMatches()) return;
    run(async () => {
      const result = await registerWithPassword(email, password);
      if (result.needsConfirmation) {
        setCodeDestination(result.codeDestination);
        setStep('confirm');
        return;
      }
      await signInAfterRegistration();
    });
  };

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(undefined);
    resend.reset();
    run(async () => {
      await confirmRegistration(email, code);
      if (password) {
        await signInAfterRegistration();
      } else {
        // Came from the login form: the password is not kept, so the user signs in again.
        await navigate(paths.auth.login.getHref(), {
          state: { ...(location.state as object | null), confirmEmail: undefined, notice: 'Your account is confirmed. Sign in to continue.' },
        });
      }
    });
  };

  const onResend = () => {
    reset();
    setNotice(undefined);
    resend.run(async () => {
      await resendConfirmationCode(email);
      setNotice('A new code is on its way.');
    });
  };

  if (step === 'confirm') {
    return (
      <form className="form" onSubmit={onConfirm}>
        <h2 className="form-step-title">Confirm your email</h2>
        <p className="muted">Enter the confirmation code we sent to {codeDestination ?? email}.</p>
        {notice ? <Notice>{notice}</Notice> : null}
        {(error ?? resend.error) ? <Alert>{error ?? resend.error}</Alert> : null}
        <Field
          label="Confirmation code"
          // The step replaces the form the focus was in: keyboard and screen-reader users continue here.
          // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the step replaces the form the focus was in: keyboard and screen-reader users continue here
          autoFocus
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" variant="primary" className="btn-block" loading={pending}>
          Confirm account
        </Button>
        <Button variant="ghost" className="btn-block" loading={resend.pending} onClick={onResend}>
          Resend code
        </Button>
      </form>
    );
  }

  return (
    <form className="form" onSubmit={onRegister}>
      {error ? <Alert>{error}</Alert> : null}
      {invitedEmail && email === invitedEmail ? <p className="muted">You were invited at this address: create your account with it, and you join the workspace when you first sign in.</p> : null}
      <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
      <NewPasswordFields
        state={newPassword}
        passwordLabel="Password"
        passwordName="password"
        passwordHint="At least 8 characters, with upper- and lower-case letters, a digit and a symbol."
        confirmationLabel="Confirm Password"
        confirmationName="confirmPassword"
      />
      <Button type="submit" variant="primary" className="btn-block" loading={pending}>
        Create account
      </Button>
    </form>
  );
}
