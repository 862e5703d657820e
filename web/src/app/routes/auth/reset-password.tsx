import { Link } from 'react-router-dom';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { paths } from '@/config/paths';

export function ResetPasswordRoute() {
  return (
    <AuthLayout
      title="Reset your password"
      description="Enter your email and we will send you a code to choose a new password."
      footer={
        <>
          Remembered it? <Link to={paths.auth.login.getHref()}>Back to sign in</Link>
        </>
      }
    >
      <ResetPasswordForm />
    </AuthLayout>
  );
}
