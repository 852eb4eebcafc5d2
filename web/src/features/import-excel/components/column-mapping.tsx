import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { useMemo } from 'react';
import { catalogueFields, fieldLabel, type CatalogueField } from '#shared/schemas/component';
import { linkColumnHeading } from '#shared/schemas/exports';
import type { ImportColumn } from '#shared/schemas/import';
import { Select } from '#web/components/ui/select-field.tsx';
import { useComponentOptions } from '#web/lib/component-options.ts';

const NOT_IMPORTED = '';

/**
 * None, or every field a column may fill, each other catalogue language of a translatable field
 * after it (the acting user decides `username`, never a column).
 */
const mappingOptions = (languages: readonly string[]) => [
  { value: NOT_IMPORTED, label: 'Not imported' },
  ...catalogueFields(languages)
    .filter((field) => field !== 'username')
    .map((field) => ({ value: field, label: fieldLabel(field) })),
];

/**
 * The sheet's columns and the field each fills; choosing another field (or none) previews the
 * file again. A column whose field the admin chose differs from what its heading suggested. A
 * column of links ('Uses contact') fills no field: it says so in place of 'Not imported'.
 */
export const ColumnMapping = ({
  columns,
  disabled,
  onChange,
}: {
  columns: readonly ImportColumn[];
  disabled: boolean;
  onChange: (column: ImportColumn, field: CatalogueField | null) => void;
}) => {
  const { languages } = useComponentOptions();
  const options = useMemo(() => mappingOptions(languages), [languages]);
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        Columns
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Each column fills the field beside it. Choose another field, or none, and the preview is made again.
      </Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxHeight="22rem" tabIndex={0} aria-label="Columns">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader width="4rem">Column</Table.ColumnHeader>
              <Table.ColumnHeader>Heading</Table.ColumnHeader>
              <Table.ColumnHeader minWidth="12rem">Field</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {columns.map((column) => (
              <Table.Row key={column.index}>
                <Table.Cell>{column.letter}</Table.Cell>
                <Table.Cell overflowWrap="anywhere">{column.heading}</Table.Cell>
                <Table.Cell>
                  <Select
                    size="sm"
                    disabled={disabled}
                    options={
                      column.link
                        ? [
                            { value: NOT_IMPORTED, label: `Links: ${linkColumnHeading(column.link)}` },
                            ...options.slice(1),
                          ]
                        : options
                    }
                    aria-label={`Field for column ${column.letter} (${column.heading})`}
                    value={column.field ?? NOT_IMPORTED}
                    fontWeight={column.field !== column.suggested ? 'semibold' : undefined}
                    onChange={(event) => onChange(column, (event.target.value || null) as CatalogueField | null)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
};
