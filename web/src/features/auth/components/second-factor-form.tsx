import { Button } from '@chakra-ui/react/button';
import { Separator } from '@chakra-ui/react/separator';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { SecondFactorMethod } from '#shared/schemas/second-factor';
import { TextField } from '#web/components/ui/form-field.tsx';
import { useZodForm } from '#web/lib/form.ts';
import { finishWithCode, finishWithPasskey } from '../api/finish-second-factor';
import { notifyLoginFailed, useFinishLogin } from './login-form';
import { BackToLoginButton, StepButton, SubmitButton } from './auth-buttons';

/** The code rules come with zod, loaded once the form is on screen (as the login form's). */
const loadTotpSchema = async () => (await import('#shared/schemas/second-factor')).totpCodeFormSchema;
const loadRecoverySchema = async () => (await import('#shared/schemas/second-factor')).recoveryCodeFormSchema;

/** A code from the app, or (once each) a recovery code: one field, one submit. */
const CodeForm = ({ method }: { method: 'totp' | 'recovery' }) => {
  const finishLogin = useFinishLogin();
  const form = useZodForm(method === 'totp' ? loadTotpSchema : loadRecoverySchema, { code: '' });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    await finishLogin(await finishWithCode({ method, code }));
  }, notifyLoginFailed);
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={method === 'totp' ? 'Sign in with an authentication code' : 'Sign in with a recovery code'}
    >
      <Stack gap="4">
        {method === 'totp' ? (
          <TextField
            label="Authentication code"
            helperText="The 6-digit code your authenticator app shows for Component Hub."
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            {...form.field('code')}
          />
        ) : (
          <TextField
            label="Recovery code"
            helperText="One of the recovery codes you saved when you set up the app. Each works once."
            autoComplete="off"
            autoFocus
            {...form.field('code')}
          />
        )}
        <SubmitButton busy={form.isSubmitting} busyText="Verifying...">
          Verify
        </SubmitButton>
      </Stack>
    </form>
  );
};

/**
 * The second step of a password sign-in: the authenticator app's code, a recovery code, or a
 * passkey, whichever the account has. The session starts only when one of them is right.
 */
export const SecondFactorForm = ({
  methods,
  onBackToLogin,
}: {
  methods: SecondFactorMethod[];
  onBackToLogin: () => void;
}) => {
  const finishLogin = useFinishLogin();
  const [method, setMethod] = useState<'totp' | 'recovery'>('totp');
  const [usingPasskey, setUsingPasskey] = useState(false);
  const hasApp = methods.includes('totp');
  const hasPasskey = methods.includes('passkey');

  const usePasskey = async () => {
    setUsingPasskey(true);
    try {
      await finishLogin(await finishWithPasskey());
    } catch (error) {
      notifyLoginFailed(error);
    } finally {
      setUsingPasskey(false);
    }
  };

  return (
    <Stack gap="4">
      {hasPasskey && (
        <Button colorPalette="blue" variant={hasApp ? 'outline' : 'solid'} onClick={usePasskey} loading={usingPasskey}>
          <KeyRound /> Use a passkey
        </Button>
      )}
      {hasPasskey && hasApp && (
        <Stack direction="row" align="center" gap="3">
          <Separator flex="1" />
          <Text color="fg.muted" fontSize="sm">
            or
          </Text>
          <Separator flex="1" />
        </Stack>
      )}
      {hasApp && <CodeForm key={method} method={method} />}
      {hasApp && (
        <StepButton onClick={() => setMethod(method === 'totp' ? 'recovery' : 'totp')}>
          {method === 'totp' ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
        </StepButton>
      )}
      <BackToLoginButton onClick={onBackToLogin} />
    </Stack>
  );
};
