import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useSearchParams } from 'react-router';
import { messages } from '#shared/messages';
import { firstPasswordFormSchema } from '#shared/schemas/auth';
import {
  isSsoErrorCode,
  REAUTHENTICATE_PATH,
  REAUTHENTICATED_PARAM,
  SSO_ERROR_PARAM,
} from '#shared/schemas/sso-errors';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { PasswordFields } from '#web/components/ui/password-fields.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { appUrl, paths } from '#shared/app-paths';
import { errorMessage } from '#web/lib/api-client.ts';
import { useZodForm } from '#web/lib/form.ts';
import { useSignInOptions } from '#web/lib/sign-in-options.ts';
import { changePassword } from '../api/change-password';

const empty = { newPassword: '', confirmNewPassword: '' };

/** Back to this tab after the provider: the server adds whether the fresh sign-in went through. */
const reauthenticateUrl = (): string =>
  `${REAUTHENTICATE_PATH}?returnTo=${encodeURIComponent(appUrl(paths.hub.settings.href('security')))}`;

/**
 * The Security tab of an account made by single sign-on, which has no password: a session alone
 * never gets one. The person first confirms it is them with the provider (a fresh sign-in there),
 * then has a few minutes to choose a password.
 */
export const FirstPasswordForm = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const { options } = useSignInOptions();
  const label = options?.sso?.label ?? 'single sign-on';
  const confirmed = searchParams.has(REAUTHENTICATED_PARAM);
  const refusal = searchParams.get(SSO_ERROR_PARAM);
  const form = useZodForm(firstPasswordFormSchema, empty);

  const onSubmit = form.handleSubmit(
    async ({ newPassword }) => {
      await changePassword({ newPassword });
      form.reset();
      setSearchParams({}, { replace: true });
      notify({ type: 'success', title: messages.passwordChanged });
    },
    (error) =>
      notify({
        type: 'error',
        title: 'Failed to set a password',
        description: errorMessage(error, 'Failed to set a password'),
      }),
  );

  return (
    <Panel>
      <Stack gap="5" maxWidth="lg">
        <Heading as="h2" size="lg" id="password-heading">
          Password
        </Heading>
        {isSsoErrorCode(refusal) && (
          <InlineAlert status="error" title="Not confirmed">
            {messages.ssoErrors[refusal]}
          </InlineAlert>
        )}
        {confirmed ? (
          <form onSubmit={onSubmit} noValidate aria-labelledby="password-heading">
            <Stack gap="5">
              <Text fontSize="sm">
                You confirmed it is you with {label}. Choose a password within 5 minutes; after that, confirm again.
              </Text>
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
                loadingText="Saving..."
              >
                Set Password
              </Button>
            </Stack>
          </form>
        ) : (
          <>
            <Text fontSize="sm">
              Your account signs in through {label} and has no password. To set one, first confirm it is you with{' '}
              {label}: you will be asked to sign in there again.
            </Text>
            <Button asChild colorPalette="blue" alignSelf="flex-start">
              <a href={reauthenticateUrl()}>Confirm with {label}</a>
            </Button>
          </>
        )}
      </Stack>
    </Panel>
  );
};
