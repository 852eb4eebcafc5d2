import { Center } from '@chakra-ui/react/center';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { AppLink } from '#web/components/ui/link.tsx';
import { paths } from '#shared/app-paths';

const NotFoundMessage = () => (
  <Stack gap="3" textAlign="center" align="center">
    <Heading as="h1" size="2xl">
      404 Page Not Found
    </Heading>
    <Text>Did you forget to add the page to the router?</Text>
    <AppLink to={paths.root.href()}>Go back home</AppLink>
  </Stack>
);

/** Any path the router does not know, on a page of its own. */
export const NotFoundRoute = () => (
  <Center as="main" minHeight="100dvh" px="4">
    <NotFoundMessage />
  </Center>
);

/** An unknown address under the hub: the shell stays, so the person can navigate on. */
export const HubNotFoundRoute = () => (
  <Center py="16">
    <NotFoundMessage />
  </Center>
);

export default NotFoundRoute;
