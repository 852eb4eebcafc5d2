import { Link as ChakraLink, type LinkProps as ChakraLinkProps } from '@chakra-ui/react/link';
import { Link as RouterLink } from 'react-router';

export interface AppLinkProps extends Omit<ChakraLinkProps, 'href' | 'asChild'> {
  /** An app route, as `paths` builds it (without the /app base). */
  to: string;
}

/** A link to a page of the app, styled as a Chakra link and routed without a page load. */
export const AppLink = ({ to, children, ...props }: AppLinkProps) => (
  <ChakraLink asChild color="blue.700" {...props}>
    <RouterLink to={to}>{children}</RouterLink>
  </ChakraLink>
);
