import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Separator } from '@chakra-ui/react/separator';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState } from 'react';
import { signInMessages } from '#shared/sign-in-messages';
import type { SsoErrorCode } from '#shared/schemas/sso';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { forgetProviderSignOut, providerSignOut } from '#web/lib/auth.tsx';

/** The single sign-on button; `returnTo` is the app path to land on afterwards. */
export const SingleSignOnButton = ({
  label,
  startUrl,
  returnTo,
}: {
  label: string;
  startUrl: string;
  returnTo?: string;
}) => {
  const [leaving, setLeaving] = useState(false);
  const href = returnTo ? `${startUrl}?returnTo=${encodeURIComponent(returnTo)}` : startUrl;
  return (
    <Stack gap="4">
      <Button asChild colorPalette="blue" size="lg" width="full" loading={leaving} loadingText="Redirecting...">
        <a href={href} onClick={() => setLeaving(true)}>
          {signInMessages.ssoButton(label)}
        </a>
      </Button>
      <HStack gap="3" aria-hidden="true">
        <Separator flex="1" />
        <Text fontSize="sm" color="fg.muted">
          or
        </Text>
        <Separator flex="1" />
      </HStack>
    </Stack>
  );
};

/** Why the last single sign-on did not sign the person in, as the callback reported it. */
export const SingleSignOnError = ({ code }: { code: SsoErrorCode }) => (
  <InlineAlert status="error" title="Single sign-on failed">
    {signInMessages.ssoErrors[code]}
  </InlineAlert>
);

/**
 * After logging out of a session begun through single sign-on: the person is still signed in at
 * the provider, and may sign out there too (shared computers).
 */
export const ProviderSignOutOffer = ({ label }: { label: string }) => {
  const [url] = useState(providerSignOut);
  const [dismissed, setDismissed] = useState(false);
  useEffect(forgetProviderSignOut, []);
  if (!url || dismissed) return null;
  return (
    <InlineAlert status="info" title="You are logged out of Component Hub">
      <Box as="span" display="block" mb="2">
        You are still signed in to {label}. On a shared computer, sign out there too.
      </Box>
      <HStack gap="2" flexWrap="wrap">
        <Button asChild size="sm" colorPalette="blue">
          <a href={url}>Sign out of {label}</a>
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDismissed(true)}>
          Stay signed in
        </Button>
      </HStack>
    </InlineAlert>
  );
};
