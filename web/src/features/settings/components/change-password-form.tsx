import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { changePasswordFormSchema } from '#shared/schemas/auth';
import { messages } from '#shared/messages';
import { TextField } from '#web/components/ui/form-field.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { PasswordFields } from '#web/components/ui/password-fields.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useZodForm } from '#web/lib/form.ts';
import { changePassword } from '../api/change-password';

const empty = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

export const ChangePasswordForm = () => {
  const form = useZodForm(changePasswordFormSchema, empty);

  const onSubmit = form.handleSubmit(
    async ({ currentPassword, newPassword }) => {
      await changePassword({ currentPassword, newPassword });
      form.reset();
      notify({ type: 'success', title: messages.passwordChanged });
    },
    (error) =>
      notify({
        type: 'error',
        title: 'Failed to change password',
        description: errorMessage(error, 'Failed to change password'),
      }),
  );

  return (
    <Panel>
      <form onSubmit={onSubmit} noValidate aria-labelledby="password-heading">
        <Stack gap="5" maxWidth="lg">
          <Heading as="h2" size="lg" id="password-heading">
            Change Password
          </Heading>
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            {...form.field('currentPassword')}
          />
          <PasswordFields
            rule="notice"
            password={form.field('newPassword')}
            confirm={form.field('confirmNewPassword')}
          />
          <Button
            type="submit"
            colorPalette="blue"
            alignSelf="flex-start"
            loading={form.isSubmitting}
            loadingText="Changing..."
          >
            Change Password
          </Button>
        </Stack>
      </form>
    </Panel>
  );
};
