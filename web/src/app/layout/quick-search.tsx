import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { Group } from '@chakra-ui/react/group';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { Search } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';

/** Session storage key the component list reads once. */
export const HEADER_SEARCH_KEY = 'headerSearchQuery';

/** The sidebar's search box: hands its text to the component list through session storage. */
export const QuickSearch = () => {
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
  };

  return (
    <Box as="form" role="search" onSubmit={search} width="full">
      <VisuallyHidden asChild>
        <label htmlFor={inputId}>Search components</label>
      </VisuallyHidden>
      <Group attached width="full">
        <Input
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
