import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { ArrowRight, Search } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { Panel } from '#web/components/ui/page.tsx';
import { paths } from '#shared/app-paths';

/** Dashboard: the 'Component Search' card. */
export const SearchCard = () => (
  <Panel as="section" aria-labelledby="component-search-heading">
    <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="4">
      <Stack gap="1">
        <Heading as="h2" size="lg" id="component-search-heading" display="flex" alignItems="center" gap="2">
          <Search size={20} aria-hidden />
          Component Search
        </Heading>
        <Text color="fg.muted">
          Find parts by reference, manufacturer, class, type or description, and filter by their technical data.
        </Text>
      </Stack>
      <Button asChild colorPalette="blue" flexShrink={0}>
        <RouterLink to={paths.hub.components.href()}>
          Go to Search
          <ArrowRight aria-hidden />
        </RouterLink>
      </Button>
    </Stack>
  </Panel>
);
