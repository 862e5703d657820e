import { Link, useLocation } from 'react-router-dom';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { paths } from '@/config/paths';

export function LoginRoute() {
  const location = useLocation();
  return (
    <AuthLayout
      title="Sign in to TaskFlow"
      description="Welcome back. Enter your details to continue."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={{ pathname: paths.auth.register.getHref(), search: location.search }} state={location.state as unknown}>
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthLayout>
  );
}
