import { Stack } from '@chakra-ui/react/stack';
import { useLocation, useNavigate } from 'react-router';
import { TextField } from '#web/components/ui/form-field.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { ApiError, clearCsrfToken } from '#web/lib/api-client.ts';
import { afterLoginPath, useSetUser, type User } from '#web/lib/auth.tsx';
import { useZodForm } from '#web/lib/form.ts';
import type { SecondFactorMethod } from '#shared/schemas/second-factor';
import { login, needsSecondFactor } from '../api/login';
import { SubmitButton, StepButton } from './auth-buttons';

/** The login rules come with zod, loaded once the form is on screen (see useZodForm). */
const loadLoginSchema = async () => (await import('#shared/schemas/auth')).loginSchema;

/** What follows a successful sign-in, with or without a second factor: the session, the greeting, the page. */
export const useFinishLogin = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const setUser = useSetUser();
  return async (user: User) => {
    // The CSRF token was bound to the pre-login cookie; the session has its own.
    clearCsrfToken();
    await setUser(user);
    notify({
      type: 'success',
      title: 'Login successful',
      description: `Welcome back, ${user.name || user.username || user.email}!`,
    });
    // Back to the page that sent the person here (the route guard keeps it), else the hub.
    await navigate(afterLoginPath(location.state), { replace: true });
  };
};

/** The 'Login failed' toast with the server's message. */
export const notifyLoginFailed = (error: unknown) => {
  const description = error instanceof ApiError ? (error.serverMessage ?? error.message) : 'An unknown error occurred';
  notify({ type: 'error', title: 'Login failed', description });
};

export const LoginForm = ({
  onForgotPassword,
  onSecondFactor,
}: {
  onForgotPassword: () => void;
  /** The password was right and the account has a second factor: ask for it next. */
  onSecondFactor: (methods: SecondFactorMethod[]) => void | Promise<void>;
}) => {
  const finishLogin = useFinishLogin();
  const form = useZodForm(loadLoginSchema, { email: '', password: '' });

  const onSubmit = form.handleSubmit(async (input) => {
    const answer = await login(input);
    if (needsSecondFactor(answer)) await onSecondFactor(answer.methods);
    else await finishLogin(answer);
  }, notifyLoginFailed);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Login">
      <Stack gap="4">
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        <SubmitButton busy={form.isSubmitting} busyText="Signing in...">
          Sign In
        </SubmitButton>
        <StepButton onClick={onForgotPassword}>Forgot your password?</StepButton>
      </Stack>
    </form>
  );
};
