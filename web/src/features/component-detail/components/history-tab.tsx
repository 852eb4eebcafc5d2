import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Grid } from '@chakra-ui/react/grid';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { ChevronDown, ChevronRight, Undo2 } from 'lucide-react';
import { Fragment, useState } from 'react';
import { messages } from '#shared/messages';
import type { Version } from '#shared/schemas/approvals';
import { choiceLabel } from '#shared/schemas/choice-fields';
import { componentFileFields, fieldLabel, isChoiceField } from '#shared/schemas/component';
import { formatDateTime } from '#web/lib/dates.ts';

const fileFields = new Set<string>(componentFileFields);

export const versionFieldLabel = fieldLabel;

/** A value as the history shows it: null for nothing; a file field's storage key as its file name; a choice's label. */
export const versionValue = (field: string, value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && isChoiceField(field)) return choiceLabel(field, value);
  if (typeof value === 'string') return fileFields.has(field) ? (value.split('/').pop() ?? value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

const Value = ({ value }: { value: string | null }) => (
  <Text
    as="span"
    fontSize="sm"
    overflowWrap="anywhere"
    whiteSpace="pre-wrap"
    color={value === null ? 'fg.muted' : undefined}
    fontStyle={value === null ? 'italic' : undefined}
  >
    {value ?? '(empty)'}
  </Text>
);

const ValueBox = ({ title, palette, value }: { title: string; palette: 'red' | 'green'; value: string | null }) => (
  <Box bg={`${palette}.50`} borderWidth="1px" borderColor={`${palette}.200`} borderRadius="md" p="2">
    <Text fontSize="xs" fontWeight="medium" color={`${palette}.800`}>
      {title}
    </Text>
    <Value value={value} />
  </Box>
);

/** A creation: the values the component started with, compactly. */
const CreatedValues = ({ version }: { version: Version }) => (
  <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} gapX="6" gapY="2" py="2">
    {version.changedFields.map((field) => (
      <Box key={field} minWidth="0">
        <Text as="dt" fontSize="xs" color="fg.muted">
          {versionFieldLabel(field)}
        </Text>
        <Box as="dd">
          <Value value={versionValue(field, version.changeData[field])} />
        </Box>
      </Box>
    ))}
  </SimpleGrid>
);

/** One version's changed fields: the previous and the new value side by side (a creation has only its values). */
const VersionChanges = ({ version }: { version: Version }) => {
  if (Object.keys(version.previousData).length === 0) return <CreatedValues version={version} />;
  return (
    <Stack as="dl" gap="3" py="2">
      {version.changedFields.map((field) => (
        <Box key={field}>
          <Text as="dt" fontWeight="semibold" fontSize="sm">
            {versionFieldLabel(field)}
          </Text>
          <Grid as="dd" templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }} gap="2" mt="1">
            <ValueBox title="Previous" palette="red" value={versionValue(field, version.previousData[field])} />
            <ValueBox title="New" palette="green" value={versionValue(field, version.changeData[field])} />
          </Grid>
        </Box>
      ))}
    </Stack>
  );
};

/**
 * History tab: the versions, newest first (the API's order), each expandable to its
 * changed fields' previous and new values; 'No version history available.' when there are none.
 * Versions of parts merged into this one follow its own, each saying whose it was; they cannot
 * be reverted to (they are another part's values).
 */
export const HistoryTab = ({
  versions,
  onRevert,
}: {
  versions: readonly Version[] | undefined;
  /** 'Revert to this version', offered on every version but the newest. */
  onRevert?: (version: Version) => void;
}) => {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  if (versions === undefined) {
    return (
      <Stack gap="2" aria-busy>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height="10" />
        ))}
      </Stack>
    );
  }
  if (versions.length === 0) return <Text color="fg.muted">No version history available.</Text>;

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Table.Root size="sm" aria-label="Version History">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader width="1%">Version</Table.ColumnHeader>
          <Table.ColumnHeader>Change</Table.ColumnHeader>
          <Table.ColumnHeader width="1%" textAlign="end">
            Actions
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {versions.map((version) => {
          // A file added or removed changes no field: nothing to count or show.
          const hasChanges = version.changedFields.length > 0;
          const expanded = hasChanges && open.has(version.id);
          const detailsId = `version-${version.id}-changes`;
          return (
            <Fragment key={version.id}>
              <Table.Row>
                <Table.Cell fontWeight="semibold" verticalAlign="top">
                  v{version.versionNumber}
                </Table.Cell>
                <Table.Cell verticalAlign="top">
                  <Text fontSize="sm">{version.changeDescription}</Text>
                  {version.mergedFrom && (
                    <Text fontSize="xs" color="fg.muted">
                      {messages.versionOfMergedPart(version.mergedFrom.reference)}
                    </Text>
                  )}
                  <Text fontSize="xs" color="fg.muted">
                    {version.username} · <time dateTime={version.createdAt}>{formatDateTime(version.createdAt)}</time>
                    {hasChanges &&
                      ` · ${version.changedFields.length} field${version.changedFields.length === 1 ? '' : 's'}`}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end" verticalAlign="top">
                  <Stack direction={{ base: 'column', sm: 'row' }} gap="1" justify="flex-end" align="flex-end">
                    {onRevert && !version.mergedFrom && version.versionNumber !== versions[0]?.versionNumber && (
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => onRevert(version)}
                        aria-label={`Revert to version ${version.versionNumber}`}
                      >
                        <Undo2 aria-hidden />
                        <chakra.span display={{ base: 'none', md: 'inline' }}>Revert to this version</chakra.span>
                      </Button>
                    )}
                    {hasChanges && (
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() => toggle(version.id)}
                        aria-expanded={expanded}
                        aria-controls={expanded ? detailsId : undefined}
                        aria-label={`${expanded ? 'Hide' : 'Show'} changes of version ${version.versionNumber}`}
                      >
                        {expanded ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
                        {expanded ? 'Hide' : 'Show'}
                      </Button>
                    )}
                  </Stack>
                </Table.Cell>
              </Table.Row>
              {expanded && (
                <Table.Row id={detailsId}>
                  <Table.Cell colSpan={3} bg="bg.subtle">
                    <VersionChanges version={version} />
                  </Table.Cell>
                </Table.Row>
              )}
            </Fragment>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
};
