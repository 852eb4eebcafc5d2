import { Button } from '@chakra-ui/react/button';
import { Center } from '@chakra-ui/react/center';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useRouteError } from 'react-router';

/** Shown when a page throws while rendering or its code fails to load (e.g. after a deploy). */
export const RouteError = () => {
  const error = useRouteError();
  console.error(error);
  return (
    <Center as="main" minHeight="100dvh" px="4">
      <Stack gap="3" textAlign="center" align="center">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text>The page could not be shown. Reloading usually helps.</Text>
        <Button colorPalette="blue" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Stack>
    </Center>
  );
};
