import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { Group } from '@chakra-ui/react/group';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { Search } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type Ref } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '#shared/app-paths';

/** Session storage key the component list reads once, on opening. */
export const HEADER_SEARCH_KEY = 'headerSearchQuery';

/**
 * The sidebar's search box: hands its text to the component list through session storage.
 * `onSearched` runs after a search is sent (the collapsed sidebar closes its pop-up then).
 */
export const QuickSearch = ({
  onSearched,
  inputRef,
}: { onSearched?: () => void; inputRef?: Ref<HTMLInputElement> } = {}) => {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const inputId = useId();

  useEffect(() => {
    if (!pathname.startsWith(paths.hub.components.path)) setText('');
  }, [pathname]);

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    const query = text.trim();
    if (query) sessionStorage.setItem(HEADER_SEARCH_KEY, query);
    void navigate(paths.hub.components.href());
    onSearched?.();
  };

  return (
    <Box as="form" role="search" onSubmit={search} width="full">
      <VisuallyHidden asChild>
        <label htmlFor={inputId}>Search components</label>
      </VisuallyHidden>
      <Group attached width="full">
        <Input
          ref={inputRef}
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search components..."
          size="sm"
          bg="bg"
        />
        <IconButton type="submit" aria-label="Search" size="sm" variant="outline" bg="bg">
          <Search />
        </IconButton>
      </Group>
    </Box>
  );
};
