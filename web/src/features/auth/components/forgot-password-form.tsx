import { Stack } from '@chakra-ui/react/stack';
import { signInMessages } from '#shared/sign-in-messages';
import { TextField } from '#web/components/ui/form-field.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { notifyFailure } from '#web/lib/failed-actions.ts';
import { useZodForm } from '#web/lib/form.ts';
import { requestPasswordReset } from '../api/forgot-password';
import { SubmitButton, BackToLoginButton } from './auth-buttons';

/** The rules come with zod, loaded once the form is on screen (see useZodForm). */
const loadForgotPasswordSchema = async () => (await import('#shared/schemas/auth')).forgotPasswordSchema;

export const ForgotPasswordForm = ({ onBackToLogin }: { onBackToLogin: () => void }) => {
  const form = useZodForm(loadForgotPasswordSchema, { email: '' });

  const onSubmit = form.handleSubmit(async (input) => {
    await requestPasswordReset(input);
    notify({ type: 'success', title: 'Reset email sent', description: signInMessages.resetLinkSent });
    onBackToLogin();
  }, notifyFailure('Failed to send reset email'));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Forgot password">
      <Stack gap="4">
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <SubmitButton busy={form.isSubmitting} busyText="Sending...">
          Send Reset Link
        </SubmitButton>
        <BackToLoginButton onClick={onBackToLogin} />
      </Stack>
    </form>
  );
};
