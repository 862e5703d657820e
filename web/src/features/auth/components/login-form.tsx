import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { signInWithPassword } from '../api/sign-in';
import { useAuthAction } from './use-auth-action';

const FAILED = 'Failed to sign in';

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
  const { error, pending, run } = useAuthAction(FAILED);
  const notice = noticeFrom(location.state);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run(async () => {
      const outcome = await signInWithPassword(email, password);
      if (outcome.kind === 'confirmSignUp') {
        await navigate(paths.auth.register.getHref(), { state: { ...(location.state as object | null), confirmEmail: email.trim() } });
        return;
      }
      if (!(await refresh())) throw new Error(FAILED);
    });
  };

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
