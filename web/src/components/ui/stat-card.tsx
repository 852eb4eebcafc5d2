import { HStack, Stack } from '@chakra-ui/react/stack';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { Panel } from './page';

interface StatCardProps {
  label: string;
  /** The figure; undefined while it loads. */
  value: ReactNode | undefined;
  /** A line under the figure (how it breaks down, or where it comes from). */
  help?: ReactNode;
  icon?: ReactNode;
}

/** A summary card: a label, one large figure and a line of context. */
export const StatCard = ({ label, value, help, icon }: StatCardProps) => (
  <Panel as="section" aria-label={label}>
    <Stack gap="1">
      <HStack justify="space-between" color="fg.muted">
        <Text fontSize="sm" fontWeight="medium">
          {label}
        </Text>
        {icon}
      </HStack>
      {value === undefined ? (
        <Skeleton height="9" width="16" />
      ) : (
        <Text fontSize="3xl" fontWeight="bold" lineHeight="short">
          {value}
        </Text>
      )}
      {help && (
        <Text fontSize="sm" color="fg.muted">
          {help}
        </Text>
      )}
    </Stack>
  </Panel>
);
