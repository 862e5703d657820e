import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { confirmTotpCode, signInWithPassword } from '../api/sign-in';
import { useAuthAction } from './use-auth-action';

const FAILED = 'Failed to sign in';
export const WRONG_SIGN_IN_CODE = 'That code is not right, or it has expired. Enter the code your app shows now.';

function noticeFrom(state: unknown): string | undefined {
  if (typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string') return state.notice;
  return undefined;
}

/**
 * Signs in; the auth route then sends the user on (to the page they came from, else the dashboard) as
 * soon as the session is known, so this form never navigates on success itself.
 */
export function LoginForm() {
  const { refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  // Two-factor sign-in: after the password, the code from the authenticator app.
  const [askingCode, setAskingCode] = useState(false);
  const [code, setCode] = useState('');
  const codeInput = useRef<HTMLInputElement>(null);
  // The form changed under the user's hands: focus goes to the one field they now fill.
  useEffect(() => {
    if (askingCode) codeInput.current?.focus();
  }, [askingCode]);
  const { error, pending, run } = useAuthAction(FAILED);
  const notice = noticeFrom(location.state);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run(async () => {
      const outcome = await signInWithPassword(email, password);
      if (outcome.kind === 'totpCode') {
        setAskingCode(true);
        return;
      }
      if (outcome.kind === 'confirmSignUp') {
        await navigate(paths.auth.register.getHref(), { state: { ...(location.state as object | null), confirmEmail: email.trim() } });
        return;
      }
      if (!(await refresh())) throw new Error(FAILED);
    });
  };

  const onSubmitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run(async () => {
      if (!(await confirmTotpCode(code))) throw new Error(WRONG_SIGN_IN_CODE);
      if (!(await refresh())) throw new Error(FAILED);
    });
  };

  if (askingCode) {
    return (
      <form className="form" onSubmit={onSubmitCode}>
        {error ? <Alert>{error}</Alert> : null}
        <p>Enter the code from your authenticator app.</p>
        <Field
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          required
          ref={codeInput}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" variant="primary" className="btn-block" loading={pending}>
          Verify
        </Button>
      </form>
    );
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Alert>{error}</Alert> : null}
      <Field label="Email" type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        labelAside={
          <Link to={paths.auth.resetPassword.getHref()} className="link-subtle">
            Forgot password?
          </Link>
        }
      />
      <div className="checkbox-row">
        <input id="remember-me" type="checkbox" checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
        <label htmlFor="remember-me">Remember me</label>
      </div>
      <Button type="submit" variant="primary" className="btn-block" loading={pending}>
        Sign in
      </Button>
    </form>
  );
}
