import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { inviteSchema } from '#shared/schemas/users';
import { TextField } from '#web/components/ui/form-field.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { notifyFailure } from '#web/lib/failed-actions.ts';
import { useZodForm } from '#web/lib/form.ts';
import { useInviteUser } from '../api/invite-user';
import { roleOptions } from './user-display';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';

const INVITE_PROBLEM = 'There was a problem sending the invitation. Please try again.';

type InviteStatus = { state: 'idle' } | { state: 'success'; email: string } | { state: 'error' };

/**
 * The invite form's state: idle, then success or error after a send, back to idle on
 * the next submit. Toasts 'Invitation sent' or 'Failed to send invitation' with the server's message.
 */
export const useInviteForm = (onSent?: () => void) => {
  const invite = useInviteUser();
  const form = useZodForm(inviteSchema, { email: '', role: '' });
  const [status, setStatus] = useState<InviteStatus>({ state: 'idle' });

  const send = form.handleSubmit(
    async (input) => {
      await invite(input);
      form.reset();
      setStatus({ state: 'success', email: input.email });
      notify({ type: 'success', title: messages.invitationSent, description: `Sent to ${input.email}.` });
      onSent?.();
    },
    (error) => {
      setStatus({ state: 'error' });
      notifyFailure('Failed to send invitation')(error);
    },
  );

  const onSubmit = (event?: FormEvent) => {
    setStatus({ state: 'idle' });
    return send(event);
  };

  const clear = () => {
    form.reset();
    setStatus({ state: 'idle' });
  };

  return { form, status, onSubmit, clear };
};

export type InviteForm = ReturnType<typeof useInviteForm>;

/** Email and role, and the outcome of the last send. */
export const InviteFields = ({ invite }: { invite: InviteForm }) => {
  const { form, status } = invite;
  return (
    <Stack gap="4">
      <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'flex-start' }}>
        <TextField label="Email" type="email" autoComplete="off" {...form.field('email')} />
        <Box width={{ base: 'full', md: '56' }} flexShrink={0}>
          <SelectField label="Role" placeholder="Select a role" options={roleOptions} {...form.field('role')} />
        </Box>
      </Stack>
      {status.state === 'error' && <InlineAlert status="error">{INVITE_PROBLEM}</InlineAlert>}
      {status.state === 'success' && (
        <InlineAlert status="success">
          An invitation email has been sent to {status.email}. The link works once and expires in 7 days.
        </InlineAlert>
      )}
    </Stack>
  );
};

/** The settings page's inline invite form. */
export const InviteUserForm = () => {
  const invite = useInviteForm();
  return (
    <form onSubmit={invite.onSubmit} noValidate aria-label="Invite a user">
      <Stack gap="4">
        <InviteFields invite={invite} />
        <Button
          type="submit"
          colorPalette="blue"
          alignSelf="flex-start"
          loading={invite.form.isSubmitting}
          loadingText="Sending..."
        >
          Send Invitation
        </Button>
      </Stack>
    </form>
  );
};
