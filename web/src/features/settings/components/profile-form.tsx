import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { profileSchema } from '#shared/schemas/auth';
import { TextField } from '../../../components/ui/form-field';
import { Panel } from '../../../components/ui/page';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useSetUser, type User } from '../../../lib/auth';
import { useZodForm } from '../../../lib/form';
import { updateProfile } from '../api/update-profile';

export const ProfileForm = ({ user }: { user: User }) => {
  const setUser = useSetUser();
  const form = useZodForm(profileSchema, {
    username: user.username ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
  });

  const onSubmit = form.handleSubmit(
    async (input) => {
      const updated = await updateProfile({
        ...input,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
      });
      await setUser(updated);
      notify({ type: 'success', title: 'Profile updated' });
    },
    (error) =>
      notify({
        type: 'error',
        title: 'Failed to update profile',
        description: errorMessage(error, 'Failed to update profile'),
      }),
  );

  return (
    <Panel>
      <form onSubmit={onSubmit} noValidate aria-labelledby="profile-heading">
        <Stack gap="5">
          <Heading as="h2" size="lg" id="profile-heading">
            Profile Information
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField
              label="Username"
              autoComplete="username"
              error={form.errors.username}
              {...form.register('username')}
            />
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              error={form.errors.email}
              {...form.register('email')}
            />
            <TextField
              label="First Name"
              autoComplete="given-name"
              error={form.errors.firstName}
              {...form.register('firstName')}
            />
            <TextField
              label="Last Name"
              autoComplete="family-name"
              error={form.errors.lastName}
              {...form.register('lastName')}
            />
          </SimpleGrid>
          <Button
            type="submit"
            colorPalette="blue"
            alignSelf="flex-start"
            loading={form.isSubmitting}
            loadingText="Saving..."
          >
            Save Changes
          </Button>
        </Stack>
      </form>
    </Panel>
  );
};
