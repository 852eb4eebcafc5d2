import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import type { ReactNode } from 'react';
import { changePasswordFormSchema, firstPasswordFormSchema } from '#shared/schemas/auth';
import { messages } from '#shared/messages';
import { TextField } from '#web/components/ui/form-field.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { PasswordFields } from '#web/components/ui/password-fields.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { notifyFailure } from '#web/lib/failed-actions.ts';
import { useZodForm } from '#web/lib/form.ts';
import { changePassword } from '../api/change-password';

const empty = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

interface NewPasswordFormProps {
  /**
   * The account has a password, which is asked first and sent along; an account made by single
   * sign-on has none and has confirmed it is the owner with its provider instead.
   */
  askCurrent: boolean;
  /** The heading or words above the fields. */
  children: ReactNode;
  submitLabel: string;
  submittingLabel: string;
  /** The toast title when the server refuses. */
  failureTitle: string;
  onChanged?: () => void;
}

/** A new password with its confirmation under the password rule, sent to change-password. */
export const NewPasswordForm = ({
  askCurrent,
  children,
  submitLabel,
  submittingLabel,
  failureTitle,
  onChanged,
}: NewPasswordFormProps) => {
  const form = useZodForm(askCurrent ? changePasswordFormSchema : firstPasswordFormSchema, empty);

  const onSubmit = form.handleSubmit(async ({ confirmNewPassword: _confirmed, ...input }) => {
    await changePassword(input);
    form.reset();
    onChanged?.();
    notify({ type: 'success', title: messages.passwordChanged });
  }, notifyFailure(failureTitle));

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="password-heading">
      <Stack gap="5" maxWidth="lg">
        {children}
        {askCurrent && (
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            {...form.field('currentPassword')}
          />
        )}
        <PasswordFields rule="notice" password={form.field('newPassword')} confirm={form.field('confirmNewPassword')} />
        <Button
          type="submit"
          colorPalette="blue"
          alignSelf="flex-start"
          loading={form.isSubmitting}
          loadingText={submittingLabel}
        >
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
};

export const ChangePasswordForm = () => (
  <Panel>
    <NewPasswordForm
      askCurrent
      submitLabel="Change Password"
      submittingLabel="Changing..."
      failureTitle="Failed to change password"
    >
      <Heading as="h2" size="lg" id="password-heading">
        Change Password
      </Heading>
    </NewPasswordForm>
  </Panel>
);
