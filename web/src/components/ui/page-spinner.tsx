import { Center } from '@chakra-ui/react/center';
import { Spinner } from '@chakra-ui/react/spinner';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';

/** Shown while a page's code or the session loads. */
export const PageSpinner = ({ label = 'Loading' }: { label?: string }) => (
  <Center minHeight="50vh" role="status" aria-live="polite">
    <Spinner size="lg" color="blue.600" aria-hidden />
    <VisuallyHidden>{label}</VisuallyHidden>
  </Center>
);
