import { Stack } from '@chakra-ui/react/stack';
import { messages } from '#shared/messages';
import { createUserSchema } from '#shared/schemas/users';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { TextField } from '#web/components/ui/form-field.tsx';
import { PasswordFields } from '#web/components/ui/password-fields.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { notifyFailure } from '#web/lib/failed-actions.ts';
import { useZodForm } from '#web/lib/form.ts';
import { useCreateUser } from '../api/create-user';
import { roleOptions } from './user-display';

const empty = { email: '', name: '', password: '', role: '' };

interface AddUserDialogProps {
  open: boolean;
  onClose: () => void;
}

/** 'Add User': an active account with a password the administrator passes on. */
export const AddUserDialog = ({ open, onClose }: AddUserDialogProps) => {
  const createUser = useCreateUser();
  const form = useZodForm(createUserSchema, empty);

  const close = () => {
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async ({ name, ...input }) => {
    const user = await createUser({ ...input, ...(name ? { name } : {}) });
    notify({ type: 'success', title: messages.userCreated, description: `${user.email} can now log in.` });
    close();
  }, notifyFailure('Failed to create user'));

  return (
    <FormDialog
      title="Add User"
      description="Creates an active account at once; give the colleague their password in person."
      open={open}
      onClose={close}
      onSubmit={onSubmit}
      submitLabel="Add User"
      submittingLabel="Adding..."
      isSubmitting={form.isSubmitting}
    >
      <Stack gap="4">
        <TextField label="Email" type="email" autoComplete="off" {...form.field('email')} />
        <TextField label="Name" autoComplete="off" helperText="Optional" {...form.field('name')} />
        <PasswordFields passwordLabel="Password" password={form.field('password')} />
        <SelectField label="Role" placeholder="Select a role" options={roleOptions} {...form.field('role')} />
      </Stack>
    </FormDialog>
  );
};
