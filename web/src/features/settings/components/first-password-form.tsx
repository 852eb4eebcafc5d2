import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useSearchParams } from 'react-router';
import { messages } from '#shared/messages';
import {
  isSsoErrorCode,
  REAUTHENTICATE_PATH,
  REAUTHENTICATED_PARAM,
  SSO_ERROR_PARAM,
} from '#shared/schemas/sso-errors';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { appUrl, paths } from '#shared/app-paths';
import { useSignInOptions } from '#web/lib/sign-in-options.ts';
import { NewPasswordForm } from './change-password-form';

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
          <NewPasswordForm
            askCurrent={false}
            submitLabel="Set Password"
            submittingLabel="Saving..."
            failureTitle="Failed to set a password"
            onChanged={() => setSearchParams({}, { replace: true })}
          >
            <Text fontSize="sm">
              You confirmed it is you with {label}. Choose a password within 5 minutes; after that, confirm again.
            </Text>
          </NewPasswordForm>
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
