import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Pencil } from 'lucide-react';
import { useId } from 'react';
import type { Component } from '#shared/schemas/component';
import { fieldLabel, fieldText, type EditableField, type FieldGroup } from './field-groups';

interface FieldGroupsProps {
  component: Component;
  groups: readonly FieldGroup[];
  onEdit: (field: EditableField) => void;
}

/** One section: its heading and each field with its value and an edit pencil. */
const FieldSection = ({
  component,
  group,
  onEdit,
}: {
  component: Component;
  group: FieldGroup;
  onEdit: (field: EditableField) => void;
}) => {
  const headingId = useId();
  const wide = group.fields.length === 1;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading
        as="h3"
        size="sm"
        id={headingId}
        mb="2"
        color="fg.muted"
        textTransform="uppercase"
        letterSpacing="wide"
        fontSize="xs"
      >
        {group.title}
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 1, md: wide ? 1 : 2 }} gapX="6" gapY="1">
        {group.fields.map((field) => {
          const label = fieldLabel(field, component);
          const value = fieldText(component, field);
          return (
            <Box key={field} py="1.5" borderBottomWidth="1px" borderColor="border.muted" minWidth="0">
              <Text as="dt" fontSize="xs" color="fg.muted">
                {label}
              </Text>
              <HStack as="dd" align="flex-start" justify="space-between" gap="2">
                <Text
                  as="span"
                  overflowWrap="anywhere"
                  whiteSpace="pre-wrap"
                  color={value ? 'fg' : 'fg.muted'}
                  data-field={field}
                  minWidth="0"
                >
                  {value || 'Not specified'}
                </Text>
                <IconButton
                  aria-label={`Edit ${label}`}
                  size="xs"
                  variant="ghost"
                  onClick={() => onEdit(field)}
                  flexShrink={0}
                  mt="-1"
                >
                  <Pencil />
                </IconButton>
              </HStack>
            </Box>
          );
        })}
      </SimpleGrid>
    </Box>
  );
};

/** Sections of fields, each field with its pencil. */
export const FieldGroups = ({ component, groups, onEdit }: FieldGroupsProps) => (
  <Stack gap="6">
    {groups
      .filter((group) => group.fields.length > 0)
      .map((group) => (
        <FieldSection key={group.title} component={component} group={group} onEdit={onEdit} />
      ))}
  </Stack>
);
