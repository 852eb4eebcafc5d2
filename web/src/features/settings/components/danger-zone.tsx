import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { Panel } from '#web/components/ui/page.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { appUrl, paths } from '#shared/app-paths';
import { ApiError } from '#web/lib/api-client.ts';
import { notifyFailure } from '#web/lib/failed-actions.ts';
import { deleteAccount } from '../api/delete-account';
import { useFieldDescription } from '#web/components/ui/field-description.ts';
import { DialogFrame } from '#web/components/ui/dialog-frame.tsx';

export const DELETE_PHRASE = 'delete my account';
export const REDIRECT_AFTER_DELETE_MS = 1000;

/**
 * Self-deletion, confirmed by typing the exact phrase and the current password (a session left
 * open is not enough to delete the account).
 */
export const DangerZone = () => {
  const [open, setOpen] = useState(false);
  const [phrase, setPhrase] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const passwordDescription = useFieldDescription({ error: passwordError });
  const [deleting, setDeleting] = useState(false);

  const close = () => {
    setOpen(false);
    setPhrase('');
    setPassword('');
    setPasswordError(undefined);
  };

  const confirm = async () => {
    setDeleting(true);
    try {
      await deleteAccount(password);
      notify({ type: 'success', title: 'Account deleted', description: 'Redirecting to login.' });
      window.setTimeout(() => window.location.assign(appUrl(paths.auth.href())), REDIRECT_AFTER_DELETE_MS);
    } catch (error) {
      setDeleting(false);
      // A missing or wrong password is said beside the field, with the dialog still open to try again.
      const fieldError = error instanceof ApiError ? error.body?.fields?.currentPassword : undefined;
      if (typeof fieldError === 'string') {
        setPasswordError(fieldError);
        return;
      }
      close();
      notifyFailure('Failed to delete account')(error);
    }
  };

  return (
    <Panel borderColor="red.300">
      <Stack gap="3" align="flex-start">
        <Heading as="h2" size="lg" color="red.700">
          Danger Zone
        </Heading>
        <Text>Deleting your account removes it permanently. This cannot be undone.</Text>
        <Button colorPalette="red" onClick={() => setOpen(true)}>
          Delete My Account
        </Button>
      </Stack>
      <DialogFrame
        open={open}
        onDismiss={() => !deleting && close()}
        role="alertdialog"
        title="Delete My Account"
        footer={
          <>
            <Button variant="outline" onClick={close} disabled={deleting}>
              Cancel
            </Button>
            <Button
              colorPalette="red"
              disabled={phrase !== DELETE_PHRASE || password === ''}
              loading={deleting}
              loadingText="Deleting..."
              onClick={() => void confirm()}
            >
              Delete My Account
            </Button>
          </>
        }
      >
        <Stack gap="4">
          <Dialog.Description>
            Your account will be deleted permanently and you will be logged out. To confirm, type{' '}
            <strong>{DELETE_PHRASE}</strong> below.
          </Dialog.Description>
          <Field.Root>
            <Field.Label>Confirmation phrase</Field.Label>
            <Input
              value={phrase}
              onChange={(event) => setPhrase(event.target.value)}
              autoComplete="off"
              placeholder={DELETE_PHRASE}
            />
          </Field.Root>
          <Field.Root invalid={Boolean(passwordError)} ids={passwordDescription.ids}>
            <Field.Label>Current Password</Field.Label>
            <Input
              type="password"
              aria-describedby={passwordDescription.describedBy}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(undefined);
              }}
              autoComplete="current-password"
            />
            {passwordError && <Field.ErrorText>{passwordError}</Field.ErrorText>}
          </Field.Root>
        </Stack>
      </DialogFrame>
    </Panel>
  );
};
