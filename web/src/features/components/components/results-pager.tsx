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

/** Room for Previous, seven page buttons, an ellipsis and Next (numbers up to 4 digits). */
const WIDE_ENOUGH_FOR_PAGES = '@container (min-width: 34rem)';
/** Room for that and 'Showing 1,001 to 1,020 of 10,000 results' side by side. */
const WIDE_ENOUGH_FOR_ONE_ROW = '@container (min-width: 50rem)';

/**
 * Pagination with the real total: 'Showing X to Y of Z results'; where the results column is
 * wide enough, Previous, up to 5 numbered pages, an ellipsis and the last page, Next; where it is
 * not (phones, or beside the sidebar and the facets), Previous, 'N of M', Next.
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
    // The pager sizes itself by the room its column has, not by the screen: beside the sidebar and
    // the facets the results column is narrow on wide screens too.
    <Box containerType="inline-size" mt="4">
      <Stack
        direction="column"
        align="stretch"
        gap="3"
        css={{
          [WIDE_ENOUGH_FOR_ONE_ROW]: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center' },
        }}
      >
        <Text
          fontSize="sm"
          color="fg.muted"
          aria-live="polite"
          textAlign="center"
          css={{ [WIDE_ENOUGH_FOR_ONE_ROW]: { textAlign: 'start' } }}
        >
          Showing {from} to {to} of {total} results
        </Text>

        <Box as="nav" aria-label="Pagination" display="none" css={{ [WIDE_ENOUGH_FOR_PAGES]: { display: 'block' } }}>
          <HStack gap="1" justify="center">
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

        <Box as="nav" aria-label="Pagination" css={{ [WIDE_ENOUGH_FOR_PAGES]: { display: 'none' } }}>
          <HStack justify="space-between" gap="2">
            {previous}
            <Text fontSize="sm" fontWeight="medium">
              {page} of {pages}
            </Text>
            {next}
          </HStack>
        </Box>
      </Stack>
    </Box>
  );
};
