import { Accordion } from '@chakra-ui/react/accordion';
import { Badge } from '@chakra-ui/react/badge';
import { Code } from '@chakra-ui/react/code';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { MediaContent, Operation, Response } from '../api/get-api-description';
import { RichText } from './rich-text';
import { FieldList, SchemaView, type Resolve } from './schema-view';

export interface OperationEntry {
  method: string;
  path: string;
  operation: Operation;
}

const methodPalette: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'orange',
  DELETE: 'red',
};

/** The ways one may call an operation, in words, from its security requirements. */
const schemeWords: Record<string, string> = {
  sessionCookie: 'a browser session',
  csrfToken: 'its CSRF token',
  bearerAuth: 'an access token (Authorization: Bearer)',
};
const schemeInWords = ([scheme, scopes]: [string, string[]]): string => {
  const words = schemeWords[scheme] ?? scheme;
  return scopes.length > 0 ? `${words}, scope ${scopes.join(', ')} or wider` : words;
};
const signInWords = (operation: Operation): string => {
  const requirements = operation.security ?? [];
  if (requirements.length === 0) return 'None.';
  const words = requirements
    .map((requirement) => Object.entries(requirement).map(schemeInWords).join(' with '))
    .join('; or ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
};

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Stack gap="2">
    <Heading as="h4" size="xs">
      {title}
    </Heading>
    {children}
  </Stack>
);

const Body = ({ content, resolve }: { content: Record<string, MediaContent>; resolve: Resolve }) => (
  <Stack gap="2">
    {Object.entries(content).map(([mediaType, media]) => (
      <Stack key={mediaType} gap="1">
        <Text fontSize="sm" color="fg.muted">
          {mediaType}
        </Text>
        {media.schema && <SchemaView schema={media.schema} resolve={resolve} />}
      </Stack>
    ))}
  </Stack>
);

const ResponseItem = ({ status, response, resolve }: { status: string; response: Response; resolve: Resolve }) => {
  const success = /^[23]/.test(status);
  const headers = Object.entries(response.headers ?? {});
  return (
    <Stack as="li" gap="1">
      <HStack gap="2" align="baseline">
        <Badge size="sm" colorPalette={success ? 'green' : 'gray'} variant="subtle" fontFamily="mono">
          {status}
        </Badge>
        <RichText text={response.description} fontSize="sm" />
      </HStack>
      {headers.length > 0 && (
        <FieldList
          rows={headers.map(([name, header]) => ({
            name,
            where: 'header',
            schema: { type: 'string' },
            ...(header.description && { description: header.description }),
          }))}
          resolve={resolve}
        />
      )}
      {/* Failures all have the one error shape the page explains at the top. */}
      {success && response.content && <Body content={response.content} resolve={resolve} />}
    </Stack>
  );
};

/** One operation: its method, path and summary, opening to its parameters, body and answers. */
export const OperationItem = ({
  entry,
  resolve,
  resolveResponse,
}: {
  entry: OperationEntry;
  resolve: Resolve;
  resolveResponse: (response: Response) => Response;
}) => {
  const { method, path, operation } = entry;
  const parameters = operation.parameters ?? [];
  return (
    <Accordion.Item value={operation.operationId} id={operation.operationId}>
      <Accordion.ItemTrigger>
        <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: '1', md: '3' }} flex="1" minWidth="0">
          <HStack gap="2" minWidth="0">
            <Badge colorPalette={methodPalette[method] ?? 'gray'} variant="solid" fontFamily="mono" flexShrink={0}>
              {method}
            </Badge>{' '}
            <Code fontSize="sm" variant="plain" overflowWrap="anywhere" textAlign="start">
              {path}
            </Code>{' '}
          </HStack>
          <HStack gap="2" minWidth="0">
            <Text fontSize="sm" color="fg.muted" textAlign="start">
              {operation.summary}
            </Text>
            {operation['x-access'] === 'admin' && (
              <Badge size="sm" colorPalette="purple" variant="subtle">
                Administrators
              </Badge>
            )}
            {operation['x-access'] === 'librarian' && (
              <Badge size="sm" colorPalette="teal" variant="subtle">
                Librarians
              </Badge>
            )}
          </HStack>
        </Stack>
        <Accordion.ItemIndicator />
      </Accordion.ItemTrigger>
      <Accordion.ItemContent>
        <Accordion.ItemBody>
          <Stack gap="4">
            <RichText text={operation.description} fontSize="sm" />
            <Section title="Sign-in">
              <Text fontSize="sm">{signInWords(operation)}</Text>
            </Section>
            {parameters.length > 0 && (
              <Section title="Parameters">
                <FieldList
                  rows={parameters.map((parameter) => ({
                    name: parameter.name,
                    where: parameter.in,
                    required: parameter.required ?? false,
                    schema: parameter.schema ?? {},
                    ...(parameter.description && { description: parameter.description }),
                  }))}
                  resolve={resolve}
                />
              </Section>
            )}
            {operation.requestBody && (
              <Section title="Request body">
                <Body content={operation.requestBody.content} resolve={resolve} />
              </Section>
            )}
            <Section title="Responses">
              <Stack as="ul" gap="2" listStyleType="none">
                {Object.entries(operation.responses).map(([status, response]) => (
                  <ResponseItem key={status} status={status} response={resolveResponse(response)} resolve={resolve} />
                ))}
              </Stack>
            </Section>
          </Stack>
        </Accordion.ItemBody>
      </Accordion.ItemContent>
    </Accordion.Item>
  );
};
