import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { componentFields, fieldLabel, type ComponentField } from '#shared/schemas/component';
import { Panel } from '#web/components/ui/page.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { setClassProtectedFields, useClassProtectedFields } from '../api/data-batch';
import { useComponentClasses } from '../api/get-component-classes';

/** The fields a fill could set: every field but the part's identity and its submitter. */
const protectableFields = componentFields.filter(
  (field): field is ComponentField => field !== 'reference' && field !== 'class' && field !== 'username',
);

/** The ticks of one class, kept while they are edited and saved as one list. */
const ClassFieldTicks = ({ className }: { className: string }) => {
  const { protection, error, mutate } = useClassProtectedFields(className);
  const [edited, setEdited] = useState<Set<string> | undefined>();
  const [saving, setSaving] = useState(false);
  const ticked = edited ?? new Set(protection?.fields ?? []);

  const toggle = (field: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(field);
    else next.delete(field);
    setEdited(next);
  };

  const save = async () => {
    setSaving(true);
    try {
      const saved = await setClassProtectedFields(
        className,
        protectableFields.filter((field) => ticked.has(field)),
      );
      await mutate(saved, { revalidate: false });
      setEdited(undefined);
      notify({
        type: 'success',
        title: 'Protected fields saved',
        description: saved.fields.length
          ? `${saved.fields.length} field${saved.fields.length === 1 ? '' : 's'} of ${className} are kept from distributor fills.`
          : `No field of ${className} is protected.`,
      });
    } catch (problem) {
      notify({ type: 'error', title: 'Failed to update protected fields', description: errorMessage(problem, '') });
    } finally {
      setSaving(false);
    }
  };

  if (error) return <Text color="red.600">{errorMessage(error, 'Could not load the protected fields')}</Text>;
  if (!protection) return <Text color="fg.muted">Loading protected fields...</Text>;
  return (
    <Stack gap="4">
      <SimpleGrid
        as="ul"
        listStyleType="none"
        columns={{ base: 1, sm: 2, lg: 4 }}
        gap="2"
        aria-label={`Protected fields of ${className}`}
      >
        {protectableFields.map((field) => (
          <Box as="li" key={field}>
            <Checkbox.Root
              checked={ticked.has(field)}
              onCheckedChange={(details) => toggle(field, details.checked === true)}
              colorPalette="orange"
              size="sm"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{fieldLabel(field)}</Checkbox.Label>
            </Checkbox.Root>
          </Box>
        ))}
      </SimpleGrid>
      <HStack gap="3" flexWrap="wrap">
        <Button colorPalette="blue" onClick={() => void save()} loading={saving} disabled={!edited}>
          <Lock size={16} aria-hidden /> Save protected fields
        </Button>
        {edited && (
          <Button variant="ghost" onClick={() => setEdited(undefined)} disabled={saving}>
            Undo changes
          </Button>
        )}
      </HStack>
    </Stack>
  );
};

/**
 * The fields of a class no distributor fill may take (its parts' values were checked by hand):
 * shown in the fill dialog but never ticked, and left out by the data refresh batches.
 */
export const ClassProtectedFieldsPanel = () => {
  const classes = useComponentClasses();
  const [className, setClassName] = useState('');
  return (
    <Panel as="section" aria-labelledby="class-protected-heading">
      <Heading as="h2" size="md" id="class-protected-heading" mb="2">
        Protected Fields by Class
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        Ticked fields of every part of the class are shown beside the distributors&apos; values but never taken from
        them, by a person&apos;s fill or by a refresh batch. A single part&apos;s fields are protected from its fill
        dialog.
      </Text>
      <Stack gap="4">
        <Box maxW={{ md: 'sm' }}>
          <SelectField
            label="Component class"
            value={className}
            onChange={(event) => setClassName(event.currentTarget.value)}
            options={[{ value: '', label: 'Choose a class' }, ...classes.map((name) => ({ value: name, label: name }))]}
          />
        </Box>
        {className && <ClassFieldTicks key={className} className={className} />}
      </Stack>
    </Panel>
  );
};
