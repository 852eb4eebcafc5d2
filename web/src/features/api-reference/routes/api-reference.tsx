import { Accordion } from '@chakra-ui/react/accordion';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useMemo, useState } from 'react';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { LabelledField } from '#web/components/ui/labelled-field.tsx';
import { PageHeader, Panel } from '#web/components/ui/page.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import {
  API_DESCRIPTION_URL,
  useApiDescription,
  type ApiDescription,
  type JsonSchema,
  type Response,
} from '../api/get-api-description';
import { OperationItem, type OperationEntry } from '../components/operation-item';
import { RichText } from '../components/rich-text';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** The document's operations grouped by their first tag, in the order of its tag list. */
const groupByTag = (description: ApiDescription) => {
  const groups = new Map<string, { description?: string; entries: OperationEntry[] }>(
    (description.tags ?? []).map((tag) => [
      tag.name,
      { ...(tag.description && { description: tag.description }), entries: [] },
    ]),
  );
  for (const [path, item] of Object.entries(description.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, { entries: [] });
      groups.get(tag)!.entries.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return [...groups].filter(([, group]) => group.entries.length > 0);
};

const matches = (entry: OperationEntry, filter: string): boolean =>
  `${entry.method} ${entry.path} ${entry.operation.summary ?? ''}`.toLowerCase().includes(filter);

const refName = (ref: string, prefix: string): string | undefined =>
  ref.startsWith(prefix) ? ref.slice(prefix.length) : undefined;

/**
 * /component-hub/api: the API's description, as the server ships it (GET /api/openapi.json),
 * grouped by area; each operation opens to its parameters, body and answers.
 */
export const ApiReferenceRoute = () => {
  const { description, error, isLoading, reload } = useApiDescription();
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => (description ? groupByTag(description) : []), [description]);

  if (isLoading) return <PageSpinner />;
  if (!description)
    return (
      <InlineAlert status="error" title="The API description could not be loaded">
        <Stack gap="2" align="flex-start">
          <Text>{errorMessage(error, 'Please try again.')}</Text>
          <Button size="sm" variant="outline" onClick={() => void reload()}>
            Try again
          </Button>
        </Stack>
      </InlineAlert>
    );

  const resolve = (schema: JsonSchema): JsonSchema => {
    const name = schema.$ref && refName(schema.$ref, '#/components/schemas/');
    return (name && description.components?.schemas?.[name]) || schema;
  };
  const resolveResponse = (response: Response): Response => {
    const name = response.$ref && refName(response.$ref, '#/components/responses/');
    return (name && description.components?.responses?.[name]) || response;
  };
  const wanted = filter.trim().toLowerCase();
  const shown = groups
    .map(
      ([tag, group]) => [tag, { ...group, entries: group.entries.filter((entry) => matches(entry, wanted)) }] as const,
    )
    .filter(([, group]) => group.entries.length > 0);

  return (
    <Stack gap="6">
      <PageHeader
        title="API Reference"
        subtitle={`${description.info.title} ${description.info.version}: every route, for scripts and add-ins`}
      />
      <Panel>
        <Stack gap="3">
          <RichText text={description.info.description} />
          <Text>
            The whole description (OpenAPI {description.openapi}), for tools that read it:{' '}
            <Link href={API_DESCRIPTION_URL} target="_blank" rel="noopener" color="blue.700" textDecoration="underline">
              {API_DESCRIPTION_URL}
            </Link>
          </Text>
        </Stack>
      </Panel>
      <LabelledField label="Filter operations">
        {(describedBy) => (
          <Input
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="Method, path or summary"
            aria-describedby={describedBy}
            maxWidth="md"
            bg="bg"
          />
        )}
      </LabelledField>
      {shown.length === 0 && <Text>No operation matches “{filter.trim()}”.</Text>}
      {shown.map(([tag, group]) => (
        <Stack as="section" key={tag} gap="3" aria-labelledby={`tag-${tag}`}>
          <HStack gap="3" align="baseline" wrap="wrap">
            <Heading as="h2" size="lg" id={`tag-${tag}`}>
              {tag}
            </Heading>
            {group.description && <Text color="fg.muted">{group.description}</Text>}
          </HStack>
          {/* An operation's details are drawn when it opens: the whole API at once is thousands of rows. */}
          <Accordion.Root multiple collapsible lazyMount unmountOnExit variant="enclosed" bg="bg">
            {group.entries.map((entry) => (
              <OperationItem
                key={entry.operation.operationId}
                entry={entry}
                resolve={resolve}
                resolveResponse={resolveResponse}
              />
            ))}
          </Accordion.Root>
        </Stack>
      ))}
    </Stack>
  );
};

export default ApiReferenceRoute;
