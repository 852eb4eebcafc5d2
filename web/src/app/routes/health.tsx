import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState } from 'react';

/** /health: a page a monitor or a person can open to see the app is served. */
export const HealthRoute = () => {
  const [now, setNow] = useState(() => new Date().toISOString());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date().toISOString()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Box as="main" p="8">
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          App Health Check
        </Heading>
        <Text>Status: OK</Text>
        <Text>
          <time dateTime={now}>{now}</time>
        </Text>
      </Stack>
    </Box>
  );
};

export default HealthRoute;
