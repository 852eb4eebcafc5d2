import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useMemo } from 'react';
import { messages } from '#shared/messages';
import { profileFormSchema } from '#shared/schemas/auth';
import { TextField } from '#web/components/ui/form-field.tsx';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { notifyFailure } from '#web/lib/failed-actions.ts';
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
  // A new address takes the account's sign-in and reset emails with it once confirmed: the password proves it is the owner asking.
  const emailChanging = form.values.email.trim().toLowerCase() !== (user.email ?? '').toLowerCase();

  const onSubmit = form.handleSubmit(async ({ currentPassword, ...input }) => {
    const updated = await updateProfile({
      ...input,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      ...(input.email !== user.email && { currentPassword }),
    });
    form.setValue('currentPassword', '');
    // A new address waits for its link: the form shows the address the account still has.
    form.setValue('email', updated.email);
    await setUser(updated);
    notify({
      type: 'success',
      title: 'Profile updated',
      ...(updated.pendingEmail !== undefined &&
        input.email !== user.email && {
          description: `${messages.emailChangePending(updated.pendingEmail)} Your other sessions were signed out and ${user.email} was told.`,
        }),
    });
  }, notifyFailure('Failed to update profile'));

  return (
    <Panel>
      <form onSubmit={onSubmit} noValidate aria-labelledby="profile-heading">
        <Stack gap="5">
          <Heading as="h2" size="lg" id="profile-heading">
            Profile Information
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField label="Username" autoComplete="username" {...form.field('username')} />
            <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
            <TextField label="First Name" autoComplete="given-name" {...form.field('firstName')} />
            <TextField label="Last Name" autoComplete="family-name" {...form.field('lastName')} />
          </SimpleGrid>
          {user.pendingEmail && (
            <InlineAlert status="info" title={`Waiting for confirmation: ${user.pendingEmail}`}>
              {messages.emailChangePending(user.pendingEmail)}
            </InlineAlert>
          )}
          {emailChanging && (
            <Stack gap="2" maxWidth={{ md: '50%' }}>
              <Text fontSize="sm" color="fg.muted">
                Changing your email signs out your other sessions and tells your current address. The new address
                applies once you follow the link we send to it.
              </Text>
              <TextField
                label="Current Password"
                type="password"
                autoComplete="current-password"
                {...form.field('currentPassword')}
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
