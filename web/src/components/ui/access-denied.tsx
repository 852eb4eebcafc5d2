import { Center } from '@chakra-ui/react/center';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { paths } from '#shared/app-paths';
import { AppLink } from './link';

/** What a user sees on a route their role does not open. */
export const AccessDenied = () => (
  <Center minHeight="50vh" px="4">
    <Stack gap="3" textAlign="center" align="center" maxWidth="md">
      <Heading as="h1" size="2xl">
        Access Denied
      </Heading>
      <Text>You don&apos;t have the required permissions to access this page.</Text>
      <AppLink to={paths.root.href()}>Go back home</AppLink>
    </Stack>
  </Center>
);
