import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { changePasswordFormSchema } from '#shared/schemas/auth';
import { messages } from '#shared/messages';
import { TextField } from '../../../components/ui/form-field';
import { Panel } from '../../../components/ui/page';
import { PasswordFields } from '../../../components/ui/password-fields';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/form';
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
            error={form.errors.currentPassword}
            {...form.register('currentPassword')}
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
