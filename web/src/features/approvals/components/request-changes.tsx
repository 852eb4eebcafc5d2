import { Box } from '@chakra-ui/react/box';
import { Grid } from '@chakra-ui/react/grid';
import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { classChangeOf, classChangeSources, classChangeTarget, describeClassChange } from '#shared/class-list';
import { messages } from '#shared/messages';
import type { ApprovalRequest } from '#shared/schemas/approvals';
import { componentFileFields, fieldLabel, inFieldOrder } from '#shared/schemas/component';
import { paths } from '#shared/app-paths';
import { linkKinds, toolRoleLabels, type LinkRequestData } from '#shared/schemas/links';
import { AppLink } from '#web/components/ui/link.tsx';
import { API_PREFIX } from '#web/lib/api-client.ts';

/** Bookkeeping in requestData that is not a component field to show (the username is never shown). */
const hiddenKeys = new Set(['username', 'componentId', 'attachmentId']);

const isFileField = (name: string) => (componentFileFields as readonly string[]).includes(name);

export { fieldLabel };

/** A value as the card shows it; null for nothing. File fields hold a storage key: its last part is the file's name. */
export const displayValue = (field: string, value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return isFileField(field) ? (value.split('/').pop() ?? value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

const Value = ({ children }: { children: string | null }) =>
  children === null ? (
    <Text as="span" color="fg.muted" fontStyle="italic">
      (empty)
    </Text>
  ) : (
    <Text as="span" overflowWrap="anywhere" whiteSpace="pre-wrap">
      {children}
    </Text>
  );

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box as="section" aria-label={title} borderTopWidth="1px" pt="3">
    <Heading as="h3" size="sm" mb="2">
      {title}
    </Heading>
    {children}
  </Box>
);

/**
 * An edit: each changed field, the part's value and the proposed one side by side. While
 * pending, the first is the part's value now (with the value it had when the edit was proposed,
 * when that differs); once reviewed, it is the value the edit replaced, called 'Previous'.
 */
const EditChanges = ({ request }: { request: ApprovalRequest }) => {
  const fields = Object.keys(request.requestData).filter((field) => !hiddenKeys.has(field));
  const pending = request.status === 'pending';
  const before = pending ? (request.currentData ?? request.previousData) : request.previousData;
  return (
    <Section title="Proposed changes">
      {request.revertOf !== null && (
        <Text fontSize="sm" mb="2">
          Restores the values of version {request.revertOf}.
        </Text>
      )}
      <Stack as="dl" gap="3">
        {fields.map((field) => {
          const stale = pending && request.staleFields.includes(field);
          return (
            <Box key={field}>
              <Text as="dt" fontWeight="semibold" fontSize="sm">
                {fieldLabel(field)}
              </Text>
              <Grid as="dd" templateColumns="repeat(2, minmax(0, 1fr))" gap="2" mt="1" fontSize="sm">
                <Box
                  bg={stale ? 'orange.50' : 'red.50'}
                  borderWidth="1px"
                  borderColor={stale ? 'orange.300' : 'red.200'}
                  borderRadius="md"
                  p="2"
                >
                  <Text fontSize="xs" fontWeight="medium" color={stale ? 'orange.900' : 'red.800'}>
                    {pending ? 'Current' : 'Previous'}
                  </Text>
                  <Value>{displayValue(field, before?.[field])}</Value>
                  {stale && (
                    <Text fontSize="xs" color="orange.900" mt="1">
                      When proposed: {displayValue(field, request.previousData?.[field]) ?? '(empty)'}
                    </Text>
                  )}
                </Box>
                <Box bg="green.50" borderWidth="1px" borderColor="green.200" borderRadius="md" p="2">
                  <Text fontSize="xs" fontWeight="medium" color="green.800">
                    Proposed
                  </Text>
                  <Value>{displayValue(field, request.requestData[field])}</Value>
                </Box>
              </Grid>
            </Box>
          );
        })}
      </Stack>
    </Section>
  );
};

/** A new component: every field it was submitted with, in the catalogue's field order (other languages after their field). */
const NewComponentFields = ({ request }: { request: ApprovalRequest }) => {
  const entries = inFieldOrder(Object.keys(request.requestData).filter((field) => !hiddenKeys.has(field)))
    .map((field) => [field, displayValue(field, request.requestData[field])] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== null);
  return (
    <Section title="Component details">
      <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gapX="6" gapY="2" fontSize="sm">
        {entries.map(([field, value]) => (
          <Box key={field} minWidth="0">
            <Text as="dt" color="fg.muted" fontSize="xs">
              {fieldLabel(field)}
            </Text>
            <Text as="dd" overflowWrap="anywhere" whiteSpace="pre-wrap">
              {value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
};

/** An upload: its name and type, and a download link when the request names the attachment (a rejected upload's file is deleted). */
const AttachmentDetails = ({ request }: { request: ApprovalRequest }) => {
  const fileName = displayValue('fileName', request.requestData.fileName) ?? 'Unnamed file';
  const fileType = displayValue('fileType', request.requestData.fileType);
  const attachmentId =
    request.status === 'rejected' ? null : displayValue('attachmentId', request.requestData.attachmentId);
  return (
    <Section title="Attachment">
      <HStack gap="3" wrap="wrap" fontSize="sm">
        {attachmentId ? (
          <Link
            href={`${API_PREFIX}/attachments/${encodeURIComponent(attachmentId)}/download`}
            target="_blank"
            rel="noopener"
            color="blue.700"
            overflowWrap="anywhere"
          >
            <Download size={16} aria-hidden />
            {fileName}
          </Link>
        ) : (
          <Text overflowWrap="anywhere">{fileName}</Text>
        )}
        {fileType && <Text color="fg.muted">{fileType}</Text>}
      </HStack>
    </Section>
  );
};

const DeletionDetails = ({ request }: { request: ApprovalRequest }) => (
  <Section title="Deletion">
    <Text fontSize="sm">
      Removes{' '}
      <strong>
        {displayValue('reference', request.requestData.reference) ?? `component ${request.componentId ?? ''}`}
      </strong>{' '}
      from the catalogue.
    </Text>
  </Section>
);

const LinkDetails = ({ request }: { request: ApprovalRequest }) => {
  const data = request.requestData as unknown as LinkRequestData;
  const part = (id: number, reference: string) => (
    <AppLink to={paths.hub.component.href(id)} fontWeight="semibold">
      {reference}
    </AppLink>
  );
  return (
    <Section title={data.action === 'add' ? 'New link' : 'Link removal'}>
      <Text fontSize="sm" data-testid="link-change">
        {data.action === 'add' ? '' : 'No longer: '}
        {part(data.fromId, data.fromReference)} {linkKinds[data.kind]?.phrase ?? data.kind}
        {data.role ? ` (${toolRoleLabels[data.role].toLowerCase()})` : ''} {part(data.toId, data.toReference)}.
      </Text>
    </Section>
  );
};

/**
 * A class change: what it does and, for a rename or merge, how many parts had each old class when
 * it was filed; approving gives them all the new class, each as a new version.
 */
const ClassChangeDetails = ({ request }: { request: ApprovalRequest }) => {
  const change = classChangeOf(request.requestData);
  if (!change) return null;
  const counts = (request.requestData.parts ?? {}) as Record<string, number>;
  const moving = classChangeSources(change);
  const target = classChangeTarget(change);
  return (
    <Section title="Proposed change">
      <Stack gap="2" fontSize="sm">
        <Text overflowWrap="anywhere">{describeClassChange(change)}.</Text>
        {moving.length > 0 ? (
          <>
            <Stack as="ul" gap="0.5" ps="4" listStyleType="disc">
              {moving.map((name) => (
                <Text as="li" key={name} overflowWrap="anywhere">
                  '{name}': {messages.partCount(counts[name] ?? 0)} when filed
                </Text>
              ))}
            </Stack>
            <Text color="fg.muted">
              Approving gives every part of {moving.length === 1 ? 'this class' : 'these classes'} the class '{target}',
              each as a new version, and puts '{target}' on the class list in {moving.length === 1 ? 'its' : 'their'}{' '}
              place.
            </Text>
          </>
        ) : (
          <Text color="fg.muted">Approving puts '{target}' on the class list the Add New Component form offers.</Text>
        )}
      </Stack>
    </Section>
  );
};

/** What approving the request would change. */
export const RequestChanges = ({ request }: { request: ApprovalRequest }) => {
  switch (request.requestType) {
    case 'edit':
      return <EditChanges request={request} />;
    case 'new':
      return <NewComponentFields request={request} />;
    case 'attachment':
      return <AttachmentDetails request={request} />;
    case 'delete':
      return <DeletionDetails request={request} />;
    case 'link':
      return <LinkDetails request={request} />;
    case 'class':
      return <ClassChangeDetails request={request} />;
    default:
      return null;
  }
};
