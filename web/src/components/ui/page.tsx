import { Box, type BoxProps } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}

/** A page's title (its one h1) and subtitle. */
export const PageHeader = ({ title, subtitle, actions }: PageHeaderProps) => (
  <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'flex-end' }} gap="3" mb="6">
    <Box>
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {subtitle && (
        <Text color="fg.muted" mt="1">
          {subtitle}
        </Text>
      )}
    </Box>
    {actions}
  </Stack>
);

/** A white panel for a page's content. */
export const Panel = (props: BoxProps) => (
  <Box bg="bg" borderWidth="1px" borderColor="border" borderRadius="lg" p={{ base: '4', md: '6' }} {...props} />
);
