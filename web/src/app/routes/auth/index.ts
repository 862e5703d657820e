// The three auth pages load as one chunk: moving between them (Forgot password?, Create an account) is
// then instant, with no moment where the old form is still on screen.
export { LoginRoute } from './login';
export { RegisterRoute } from './register';
export { ResetPasswordRoute } from './reset-password';
