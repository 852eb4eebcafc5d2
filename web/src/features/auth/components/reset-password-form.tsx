import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { messages } from '#shared/messages';
import { TextField } from '../../../components/ui/form-field';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/form';
import { resetPassword } from '../api/reset-password';

interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
  onBackToLogin: () => void;
}

/** The rules come with zod, loaded once the form is on screen (see useZodForm). */
const loadResetPasswordFormSchema = async () => (await import('#shared/schemas/auth')).resetPasswordFormSchema;

export const ResetPasswordForm = ({ token, onDone, onBackToLogin }: ResetPasswordFormProps) => {
  const form = useZodForm(loadResetPasswordFormSchema, { token, password: '', confirmPassword: '' });

  const onSubmit = form.handleSubmit(
    async ({ token: resetToken, password }) => {
      await resetPassword({ token: resetToken, password });
      notify({ type: 'success', title: 'Password reset successful', description: messages.passwordReset });
      onDone();
    },
    (error) =>
      notify({
        type: 'error',
        title: 'Failed to reset password',
        description: errorMessage(error, 'Failed to reset password'),
      }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset password">
      <Stack gap="4">
        <TextField label="Reset Token" autoComplete="off" error={form.errors.token} {...form.register('token')} />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={form.errors.password}
          {...form.register('password')}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          error={form.errors.confirmPassword}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" colorPalette="blue" loading={form.isSubmitting} loadingText="Resetting..." width="full">
          Reset Password
        </Button>
        <Button variant="plain" color="blue.700" size="sm" alignSelf="center" onClick={onBackToLogin}>
          Back to login
        </Button>
      </Stack>
    </form>
  );
};
