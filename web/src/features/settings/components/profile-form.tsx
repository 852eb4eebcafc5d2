import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useMemo } from 'react';
import { profileFormSchema } from '#shared/schemas/auth';
import { TextField } from '#web/components/ui/form-field.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSetUser, type User } from '#web/lib/auth.tsx';
import { useZodForm } from '#web/lib/form.ts';
import { updateProfile } from '../api/update-profile';

export const ProfileForm = ({ user }: { user: User }) => {
  const setUser = useSetUser();
  const schema = useMemo(() => profileFormSchema(user.email ?? ''), [user.email]);
  const form = useZodForm(schema, {
    username: user.username ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    currentPassword: '',
  });
  // A new address takes the account's sign-in and reset emails with it: the password proves it is the owner asking.
  const emailChanging = form.values.email.trim().toLowerCase() !== (user.email ?? '').toLowerCase();

  const onSubmit = form.handleSubmit(
    async ({ currentPassword, ...input }) => {
      const updated = await updateProfile({
        ...input,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
        ...(input.email !== user.email && { currentPassword }),
      });
      form.setValue('currentPassword', '');
      await setUser(updated);
      notify({
        type: 'success',
        title: 'Profile updated',
        ...(input.email !== user.email && {
          description: `Your email is now ${updated.email}. Your other sessions were signed out and ${user.email} was told.`,
        }),
      });
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
          {emailChanging && (
            <Stack gap="2" maxWidth={{ md: '50%' }}>
              <Text fontSize="sm" color="fg.muted">
                Changing your email signs out your other sessions and tells your current address.
              </Text>
              <TextField
                label="Current Password"
                type="password"
                autoComplete="current-password"
                error={form.errors.currentPassword}
                {...form.register('currentPassword')}
              />
            </Stack>
          )}
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
