import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount, pageItems, shownRange } from '../utils/pagination';

interface ResultsPagerProps {
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/**
 * Pagination with the real total: 'Showing X to Y of Z results'; on wide screens
 * Previous, up to 5 numbered pages, an ellipsis and the last page, Next; on phones Previous,
 * 'N of M', Next.
 */
export const ResultsPager = ({ total, page, pageSize, onPageChange }: ResultsPagerProps) => {
  const pages = pageCount(total, pageSize);
  if (pages === 0) return null;
  const { from, to } = shownRange(total, page, pageSize);
  const onFirst = page <= 1;
  const onLast = page >= pages;

  const previous = (
    <Button variant="outline" size="sm" disabled={onFirst} onClick={() => onPageChange(page - 1)}>
      <ChevronLeft aria-hidden />
      Previous
    </Button>
  );
  const next = (
    <Button variant="outline" size="sm" disabled={onLast} onClick={() => onPageChange(page + 1)}>
      Next
      <ChevronRight aria-hidden />
    </Button>
  );

  return (
    <Stack
      direction={{ base: 'column', md: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', md: 'center' }}
      gap="3"
      mt="4"
    >
      <Text fontSize="sm" color="fg.muted" aria-live="polite" textAlign={{ base: 'center', md: 'start' }}>
        Showing {from} to {to} of {total} results
      </Text>

      <Box as="nav" aria-label="Pagination" display={{ base: 'none', md: 'block' }}>
        <HStack gap="1">
          {previous}
          {pageItems(page, pages).map((item) =>
            typeof item === 'number' ? (
              <Button
                key={item}
                size="sm"
                minWidth="9"
                variant={item === page ? 'solid' : 'ghost'}
                colorPalette={item === page ? 'blue' : 'gray'}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => item !== page && onPageChange(item)}
              >
                {item}
              </Button>
            ) : (
              <Text key={item} as="span" px="1" color="fg.muted" aria-hidden>
                …
              </Text>
            ),
          )}
          {next}
        </HStack>
      </Box>

      <Box as="nav" aria-label="Pagination" display={{ base: 'block', md: 'none' }}>
        <HStack justify="space-between" gap="2">
          {previous}
          <Text fontSize="sm" fontWeight="medium">
            {page} of {pages}
          </Text>
          {next}
        </HStack>
      </Box>
    </Stack>
  );
};
