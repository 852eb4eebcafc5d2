import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Icon } from '@chakra-ui/react/icon';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { chakra } from '@chakra-ui/react/styled-system';
import type { ReactNode } from 'react';

interface ToolTileProps {
  title: string;
  description: string;
  icon: ReactNode;
  onOpen: () => void;
  /** Read out after the title, e.g. that the tool opens in a new tab. */
  hint?: string;
}

/** One tile of the toolbox: the whole card is the button. */
export const ToolTile = ({ title, description, icon, onOpen, hint }: ToolTileProps) => (
  <chakra.button
    type="button"
    onClick={onOpen}
    textAlign="start"
    bg="bg"
    borderWidth="1px"
    borderColor="border"
    borderRadius="xl"
    p="6"
    cursor="pointer"
    transition="box-shadow 0.15s, border-color 0.15s"
    _hover={{ boxShadow: 'md', borderColor: 'blue.400' }}
    _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' }}
  >
    <Stack gap="3">
      <Box color="blue.700">
        <Icon boxSize="8" aria-hidden>
          {icon}
        </Icon>
      </Box>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {description}
        {hint && <chakra.span srOnly> ({hint})</chakra.span>}
      </Text>
    </Stack>
  </chakra.button>
);
