import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link2, Pencil } from 'lucide-react';
import { useId, useMemo } from 'react';
import { languageName } from '#shared/languages';
import type { Component } from '#shared/schemas/component';
import { useLinks } from '../api/links';
import {
  fieldLabel,
  fieldText,
  inLanguage,
  type EditableField,
  type FieldGroup,
  type ShownField,
} from './field-groups';
import { useLinkOffer, type LinkOffer } from './link-offers';

/** The language the page reads in, and the catalogue's languages (the default first). */
export interface Reading {
  language: string;
  languages: readonly string[];
}

interface Actions {
  onEdit: (field: ShownField) => void;
  /** Makes a free-text part number a link to that part (offered when the catalogue holds it). */
  onLink?: (offer: LinkOffer) => void;
}

interface FieldGroupsProps extends Actions {
  component: Component;
  groups: readonly FieldGroup[];
  reading: Reading;
}

/** One field: its label, its value in the language read, its pencil, and a link offer where one applies. */
const FieldRow = ({
  component,
  base,
  reading,
  linkedIds,
  onEdit,
  onLink,
}: Actions & { component: Component; base: EditableField; reading: Reading; linkedIds: ReadonlySet<number> }) => {
  const field = inLanguage(base, reading.language, reading.languages);
  const label = fieldLabel(field, component);
  const value = fieldText(component, field);
  // Not yet translated: the default language's text stands in, said as such.
  const fallback = !value && field !== base ? fieldText(component, base) : '';
  const offer = useLinkOffer(component, field, linkedIds);
  return (
    <Box py="1.5" borderBottomWidth="1px" borderColor="border.muted" minWidth="0">
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
        <HStack gap="0" flexShrink={0} mt="-1">
          {offer && onLink && (
            <IconButton
              aria-label={`Link ${offer.target.reference} as a catalogue part`}
              title="This part is in the catalogue: make it a link"
              size="xs"
              variant="ghost"
              onClick={() => onLink(offer)}
            >
              <Link2 />
            </IconButton>
          )}
          <IconButton aria-label={`Edit ${label}`} size="xs" variant="ghost" onClick={() => onEdit(field)}>
            <Pencil />
          </IconButton>
        </HStack>
      </HStack>
    </Box>
  );
};

/** One section: its heading and each field with its value and an edit pencil. */
const FieldSection = ({
  component,
  group,
  reading,
  linkedIds,
  ...actions
}: Actions & { component: Component; group: FieldGroup; reading: Reading; linkedIds: ReadonlySet<number> }) => {
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
        {group.fields.map((base) => (
          <FieldRow key={base} component={component} base={base} reading={reading} linkedIds={linkedIds} {...actions} />
        ))}
      </SimpleGrid>
    </Box>
  );
};

/** Sections of fields, each field with its pencil. */
export const FieldGroups = ({ component, groups, reading, ...actions }: FieldGroupsProps) => {
  const { links } = useLinks(component.id);
  const linkedIds = useMemo(() => new Set(links.map((link) => link.otherId)), [links]);
  return (
    <Stack gap="6">
      {groups
        .filter((group) => group.fields.length > 0)
        .map((group) => (
          <FieldSection
            key={group.title}
            component={component}
            group={group}
            reading={reading}
            linkedIds={linkedIds}
            {...actions}
          />
        ))}
    </Stack>
  );
};
