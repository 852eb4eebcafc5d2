import { useState } from 'react';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { signInMessages } from '#shared/sign-in-messages';
import { TextField } from '#web/components/ui/form-field.tsx';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { PasswordFields } from '#web/components/ui/password-fields.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { notifyFailure } from '#web/lib/failed-actions.ts';
import { useZodForm } from '#web/lib/form.ts';
import { resetPassword } from '../api/reset-password';
import { SubmitButton, BackToLoginButton } from './auth-buttons';

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
      notify({ type: 'success', title: 'Password reset successful', description: signInMessages.passwordReset });
      onDone();
    },
    (error) => {
      const tokenRefused = error instanceof ApiError ? error.body?.fields?.token : undefined;
      if (tokenRefused) return setRefusedLink(tokenRefused);
      notifyFailure('Failed to reset password')(error);
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
        <BackToLoginButton onClick={onBackToLogin} />
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset password">
      <Stack gap="4">
        <TextField label="Reset Token" autoComplete="off" {...form.field('token')} />
        <PasswordFields password={form.field('password')} confirm={form.field('confirmPassword')} />
        <SubmitButton busy={form.isSubmitting} busyText="Resetting...">
          Reset Password
        </SubmitButton>
        <BackToLoginButton onClick={onBackToLogin} />
      </Stack>
    </form>
  );
};
