import { Badge } from '@chakra-ui/react/badge';
import { Link } from '@chakra-ui/react/link';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { messages } from '#shared/messages';
import { paths } from '#shared/app-paths';
import type { DuplicateCandidate } from '#shared/schemas/duplicates';
import { AppLink } from './link';

/**
 * Parts and pending new-part requests that may be one part, each marked the same part or
 * similar: a part links to its page; a pending request is a note with its id, or a link where
 * the page shows it (`requestHref`).
 */
export const DuplicateCandidateList = ({
  candidates,
  requestHref,
}: {
  candidates: readonly DuplicateCandidate[];
  requestHref?: (requestId: string) => string;
}) => (
  <chakra.ul listStyleType="none" display="flex" flexDirection="column" gap="1" mt="1">
    {candidates.map((candidate) => (
      <chakra.li key={`${candidate.kind}-${candidate.id}`} overflowWrap="anywhere">
        {candidate.kind === 'part' ? (
          <AppLink to={paths.hub.component.href(candidate.id)} fontWeight="semibold">
            {candidate.reference}
          </AppLink>
        ) : requestHref ? (
          <Link href={requestHref(candidate.id)} color="blue.700" fontWeight="semibold">
            {candidate.reference}
          </Link>
        ) : (
          <Text as="span" fontWeight="semibold">
            {candidate.reference}
          </Text>
        )}
        {candidate.manufacturer ? ` (${candidate.manufacturer})` : ''}
        {candidate.kind === 'request' ? `, ${messages.duplicatePendingRequest(candidate.id)}` : ''}{' '}
        <Badge colorPalette={candidate.exact ? 'red' : 'yellow'} variant="subtle" size="sm">
          {candidate.exact ? messages.duplicateExact : messages.duplicateClose}
        </Badge>
      </chakra.li>
    ))}
  </chakra.ul>
);
