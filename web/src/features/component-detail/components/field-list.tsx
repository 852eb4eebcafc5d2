import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Pencil } from 'lucide-react';
import { useId } from 'react';
import { languageName } from '#shared/languages';
import type { Component } from '#shared/schemas/component';
import { fieldLabel, fieldText, inLanguage, shownText, type FieldGroup, type ShownField } from './field-groups';

/** The language the page reads in, and the catalogue's languages (the default first). */
export interface Reading {
  language: string;
  languages: readonly string[];
}

interface FieldGroupsProps {
  component: Component;
  groups: readonly FieldGroup[];
  reading: Reading;
  onEdit: (field: ShownField) => void;
}

/** One section: its heading and each field with its value and an edit pencil. */
const FieldSection = ({
  component,
  group,
  reading,
  onEdit,
}: {
  component: Component;
  group: FieldGroup;
  reading: Reading;
  onEdit: (field: ShownField) => void;
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
        {group.fields.map((base) => {
          const field = inLanguage(base, reading.language, reading.languages);
          const label = fieldLabel(field, component);
          const value = shownText(component, field);
          // Not yet translated: the default language's text stands in, said as such.
          const fallback = !value && field !== base ? fieldText(component, base) : '';
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
                  {value ||
                    (fallback
                      ? `${fallback}\n(not yet in ${languageName(reading.language)}; shown in ${languageName(reading.languages[0]!)})`
                      : 'Not specified')}
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
export const FieldGroups = ({ component, groups, reading, onEdit }: FieldGroupsProps) => (
  <Stack gap="6">
    {groups
      .filter((group) => group.fields.length > 0)
      .map((group) => (
        <FieldSection key={group.title} component={component} group={group} reading={reading} onEdit={onEdit} />
      ))}
  </Stack>
);
