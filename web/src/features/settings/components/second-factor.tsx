import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Code } from '@chakra-ui/react/code';
import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { List } from '@chakra-ui/react/list';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import type { PasskeySummary, SecondFactorStatus, TotpEnrolment } from '#shared/schemas/second-factor';
import { TextField } from '#web/components/ui/form-field.tsx';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { refreshUser } from '#web/lib/auth.tsx';
import { formatDate } from '#web/lib/dates.ts';
import {
  addPasskey,
  confirmTotp,
  regenerateRecoveryCodes,
  removeSecondFactor,
  startTotp,
  useSecondFactor,
} from '../api/second-factor';
import { CurrentPasswordDialog } from './current-password-dialog';

/** The base32 secret in groups of four, as people type it into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

const fieldError = (error: unknown, field: string): string | undefined => {
  const message = error instanceof ApiError ? error.body?.fields?.[field] : undefined;
  return typeof message === 'string' ? message : undefined;
};

/** The recovery codes, shown once: after set-up and after making new ones. */
const RecoveryCodesShown = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => (
  <InlineAlert status="warning" title="Save your recovery codes now">
    <Stack gap="3" mt="2">
      <Text>
        Each code signs you in once if you lose your authenticator app. They are not shown again: keep them somewhere
        safe, such as a password manager.
      </Text>
      <List.Root
        as="ol"
        aria-label="Recovery codes"
        ps="5"
        fontFamily="mono"
        fontSize={{ base: 'xs', sm: 'sm' }}
        whiteSpace="nowrap"
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List.Root>
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => notify({ type: 'success', title: 'Recovery codes copied' }))
          }
        >
          Copy codes
        </Button>
        <Button size="sm" colorPalette="blue" onClick={onDone}>
          I have saved them
        </Button>
      </HStack>
    </Stack>
  </InlineAlert>
);

/** Setting up an authenticator app: the secret (typed or opened), then the first code turns it on. */
const TotpSetUp = ({ enrolment, onDone }: { enrolment: TotpEnrolment; onDone: (codes: string[]) => void }) => {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      onDone((await confirmTotp(code)).recoveryCodes);
    } catch (failure) {
      setError(fieldError(failure, 'code') ?? errorMessage(failure, 'The app could not be turned on'));
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Set up authenticator app">
      <Stack gap="4">
        <Text>
          In your authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), add an account
          and type in this key, or open the setup link on the device that holds the app.
        </Text>
        <Box>
          <Text fontWeight="medium" fontSize="sm">
            Key
          </Text>
          <Code data-testid="totp-secret" fontSize="md" px="2" py="1" overflowWrap="anywhere">
            {grouped(enrolment.secret)}
          </Code>
        </Box>
        <Box>
          <Text fontWeight="medium" fontSize="sm">
            Setup link
          </Text>
          <Link href={enrolment.uri} color="blue.700" fontSize="sm" overflowWrap="anywhere" wordBreak="break-all">
            {enrolment.uri}
          </Link>
        </Box>
        <TextField
          label="Code from the app"
          helperText="Enter the 6-digit code the app now shows for Component Hub."
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
          maxWidth="xs"
        />
        <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={sending} loadingText="Turning on...">
          Turn On
        </Button>
      </Stack>
    </form>
  );
};

type Dialog = { kind: 'turn-off' } | { kind: 'new-codes' } | { kind: 'remove-passkey'; passkey: PasskeySummary };

const AuthenticatorApp = ({
  status,
  onChanged,
  onDialog,
}: {
  status: SecondFactorStatus;
  onChanged: () => void;
  onDialog: (dialog: Dialog) => void;
}) => {
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [codes, setCodes] = useState<string[]>();
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      setEnrolment(await startTotp());
    } catch (error) {
      notify({ type: 'error', title: 'Failed to start set-up', description: errorMessage(error, 'Failed to start') });
    } finally {
      setStarting(false);
    }
  };

  return (
    <Stack gap="3" as="section" aria-labelledby="totp-heading">
      <HStack gap="2">
        <Heading as="h3" size="md" id="totp-heading">
          Authenticator app
        </Heading>
        <Badge colorPalette={status.totp.enabled ? 'green' : 'gray'} variant="subtle">
          {status.totp.enabled ? 'On' : 'Off'}
        </Badge>
      </HStack>
      {codes && <RecoveryCodesShown codes={codes} onDone={() => setCodes(undefined)} />}
      {status.totp.enabled ? (
        <>
          <Text color="fg.muted" fontSize="sm">
            Sign-in asks for a code from the app. Recovery codes left: {status.totp.recoveryCodesLeft}
          </Text>
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" onClick={() => onDialog({ kind: 'new-codes' })}>
              New Recovery Codes
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => onDialog({ kind: 'turn-off' })}>
              Turn Off
            </Button>
          </HStack>
        </>
      ) : enrolment ? (
        <TotpSetUp
          enrolment={enrolment}
          onDone={(recoveryCodes) => {
            setEnrolment(undefined);
            setCodes(recoveryCodes);
            notify({ type: 'success', title: 'Authenticator app turned on' });
            onChanged();
          }}
        />
      ) : (
        <>
          <Text color="fg.muted" fontSize="sm">
            After your password, sign-in asks for a 6-digit code from an app on your phone.
          </Text>
          <Button size="sm" colorPalette="blue" alignSelf="flex-start" onClick={start} loading={starting}>
            Set Up Authenticator App
          </Button>
        </>
      )}
    </Stack>
  );
};

const Passkeys = ({ status, onChanged, onDialog }: Parameters<typeof AuthenticatorApp>[0]) => {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(messages.passkeyNameRequired);
    setAdding(true);
    setError(undefined);
    try {
      await addPasskey(name.trim());
      setName('');
      notify({ type: 'success', title: 'Passkey added' });
      onChanged();
    } catch (failure) {
      setError(fieldError(failure, 'name') ?? errorMessage(failure, 'The passkey could not be added'));
    } finally {
      setAdding(false);
    }
  };
  return (
    <Stack gap="3" as="section" aria-labelledby="passkeys-heading">
      <Heading as="h3" size="md" id="passkeys-heading">
        Passkeys
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        A passkey on this device or a security key can be given instead of a code.
      </Text>
      {status.passkeys.length > 0 && (
        <List.Root variant="plain" gap="2" aria-label="Your passkeys">
          {status.passkeys.map((passkey) => (
            <List.Item key={passkey.id} borderWidth="1px" borderRadius="md" p="3">
              <HStack justify="space-between" width="full" gap="3" wrap="wrap">
                <Box>
                  <Text fontWeight="medium">{passkey.name}</Text>
                  <Text color="fg.muted" fontSize="sm">
                    Added {formatDate(passkey.createdAt)}
                    {passkey.lastUsedAt ? `, last used ${formatDate(passkey.lastUsedAt)}` : ', not used yet'}
                  </Text>
                </Box>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Remove passkey ${passkey.name}`}
                  onClick={() => onDialog({ kind: 'remove-passkey', passkey })}
                >
                  Remove
                </Button>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
      <form onSubmit={add} noValidate aria-label="Add a passkey">
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'flex-end' }}>
          <Box width={{ base: 'full', sm: 'xs' }}>
            <TextField
              label="Passkey name"
              placeholder="e.g. Work laptop"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={error}
            />
          </Box>
          <Button type="submit" colorPalette="blue" variant="outline" loading={adding} loadingText="Adding...">
            Add Passkey
          </Button>
        </Stack>
      </form>
    </Stack>
  );
};

/**
 * Settings → Security: the second factor of a password account (an authenticator app with
 * recovery codes, passkeys). Accounts of single sign-on are told their provider handles it.
 */
export const SecondFactorSettings = () => {
  const { status, error, reload } = useSecondFactor();
  const [dialog, setDialog] = useState<Dialog>();
  const [shownCodes, setShownCodes] = useState<string[]>();
  const changed = () => {
    void reload();
    // An administrator who had to set one up may use administration now.
    refreshUser();
  };

  return (
    <Panel>
      <Stack gap="5" maxWidth="2xl">
        <Heading as="h2" size="lg" id="second-factor-heading">
          Second Factor
        </Heading>
        {error ? (
          <InlineAlert status="error" title="Failed to load your second factor">
            {errorMessage(error, 'Failed to load')}
          </InlineAlert>
        ) : !status ? (
          <Skeleton height="24" />
        ) : !status.available ? (
          <Text>{messages.secondFactorSsoAccount}</Text>
        ) : (
          <>
            {status.required && !status.totp.enabled && status.passkeys.length === 0 && (
              <InlineAlert status="warning" title="Set up a second factor">
                {messages.secondFactorRequiredForAdmins}
              </InlineAlert>
            )}
            {shownCodes && <RecoveryCodesShown codes={shownCodes} onDone={() => setShownCodes(undefined)} />}
            <AuthenticatorApp status={status} onChanged={changed} onDialog={setDialog} />
            <Passkeys status={status} onChanged={changed} onDialog={setDialog} />
          </>
        )}
      </Stack>
      <CurrentPasswordDialog
        title="Turn Off Authenticator App"
        description="Sign-in will no longer ask for a code from the app, and your recovery codes stop working."
        submitLabel="Turn Off"
        submittingLabel="Turning off..."
        destructive
        open={dialog?.kind === 'turn-off'}
        onClose={() => setDialog(undefined)}
        failureTitle="Failed to turn off the app"
        onConfirm={async (password) => {
          await removeSecondFactor('totp', password);
          notify({ type: 'success', title: 'Authenticator app turned off' });
          changed();
        }}
      />
      <CurrentPasswordDialog
        title="New Recovery Codes"
        description="You get ten new codes; every code you have now stops working."
        submitLabel="Make New Codes"
        submittingLabel="Making..."
        open={dialog?.kind === 'new-codes'}
        onClose={() => setDialog(undefined)}
        failureTitle="Failed to make new recovery codes"
        onConfirm={async (password) => {
          setShownCodes((await regenerateRecoveryCodes(password)).recoveryCodes);
          changed();
        }}
      />
      <CurrentPasswordDialog
        title="Remove Passkey"
        description={
          dialog?.kind === 'remove-passkey' ? `"${dialog.passkey.name}" will no longer sign you in.` : 'Remove it.'
        }
        submitLabel="Remove"
        submittingLabel="Removing..."
        destructive
        open={dialog?.kind === 'remove-passkey'}
        onClose={() => setDialog(undefined)}
        failureTitle="Failed to remove the passkey"
        onConfirm={async (password) => {
          if (dialog?.kind !== 'remove-passkey') return;
          await removeSecondFactor(dialog.passkey.id, password);
          notify({ type: 'success', title: 'Passkey removed' });
          changed();
        }}
      />
    </Panel>
  );
};
