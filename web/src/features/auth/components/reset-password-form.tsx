import { useState } from 'react';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { messages } from '#shared/messages';
import { TextField } from '../../../components/ui/form-field';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { PasswordFields } from '../../../components/ui/password-fields';
import { notify } from '../../../components/ui/toaster';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/form';
import { resetPassword } from '../api/reset-password';

interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
  onBackToLogin: () => void;
  /** Opens the forgot-password form, to ask for a new link. */
  onRequestNewLink: () => void;
}

/** The rules come with zod, loaded once the form is on screen (see useZodForm). */
const loadResetPasswordFormSchema = async () => (await import('#shared/schemas/auth')).resetPasswordFormSchema;

/**
 * The reset link's form. A link the server refuses (used, expired, replaced by a newer one) cannot
 * be retried, so the refusal replaces the form and offers to send a new link.
 */
export const ResetPasswordForm = ({ token, onDone, onBackToLogin, onRequestNewLink }: ResetPasswordFormProps) => {
  const form = useZodForm(loadResetPasswordFormSchema, { token, password: '', confirmPassword: '' });
  const [refusedLink, setRefusedLink] = useState<string>();

  const onSubmit = form.handleSubmit(
    async ({ token: resetToken, password }) => {
      await resetPassword({ token: resetToken, password });
      notify({ type: 'success', title: 'Password reset successful', description: messages.passwordReset });
      onDone();
    },
    (error) => {
      const tokenRefused = error instanceof ApiError ? error.body?.fields?.token : undefined;
      if (tokenRefused) return setRefusedLink(tokenRefused);
      notify({
        type: 'error',
        title: 'Failed to reset password',
        description: errorMessage(error, 'Failed to reset password'),
      });
    },
  );

  if (refusedLink) {
    return (
      <Stack gap="4">
        <InlineAlert status="error" title="This reset link cannot be used">
          {refusedLink}
        </InlineAlert>
        <Button colorPalette="blue" width="full" onClick={onRequestNewLink}>
          Send a new link
        </Button>
        <Button variant="plain" color="blue.700" size="sm" alignSelf="center" onClick={onBackToLogin}>
          Back to login
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset password">
      <Stack gap="4">
        <TextField label="Reset Token" autoComplete="off" error={form.errors.token} {...form.register('token')} />
        <PasswordFields password={form.field('password')} confirm={form.field('confirmPassword')} />
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
