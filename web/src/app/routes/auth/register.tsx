import { Link, useLocation } from 'react-router-dom';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';
import { paths } from '@/config/paths';

export function RegisterRoute() {
  const location = useLocation();
  return (
    <AuthLayout
      title="Create your account"
      description="Start your 14-day free trial."
      footer={
        <>
          Already have an account?{' '}
          <Link to={{ pathname: paths.auth.login.getHref(), search: location.search }} state={location.state as unknown}>
            Sign in
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthLayout>
  );
}
