import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Wand2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { DistributorProductData } from '#shared/schemas/distributor-fill';
import { distributorLabels, distributorNames, type DistributorName } from '#shared/schemas/distributors';
import { TextField } from '#web/components/ui/form-field.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { lookUpDistributorPart } from '../../api/distributor-lookup';
import { formFields, type FormField, type FormValues } from './form-fields';

const formFieldSet = new Set<string>(formFields);

/** The form's values a distributor's product gives: its maker part number as the reference, and every mapped field. */
export const prefillValues = (product: DistributorProductData): Partial<FormValues> => {
  const values: Partial<FormValues> = { reference: product.manufacturerPartNumber };
  for (const value of product.values)
    if (formFieldSet.has(value.field)) values[value.field as FormField] = String(value.value);
  return values;
};

/**
 * 'Start from a distributor part number': looks the number up at Digi-Key or Mouser and fills the
 * form with what the answer gives, each filled field marked; nothing is filed until submitted.
 */
export const DistributorStart = ({ onFilled }: { onFilled: (values: Partial<FormValues>, source: string) => void }) => {
  const [provider, setProvider] = useState<DistributorName>('digikey');
  const [partNumber, setPartNumber] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  const lookUp = async (event: FormEvent) => {
    event.preventDefault();
    if (!partNumber.trim()) {
      setError('Enter a part number');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await lookUpDistributorPart(provider, partNumber.trim());
      const label = distributorLabels[provider];
      onFilled(
        prefillValues(answer.product),
        `${label} ${answer.product.productNumber ?? answer.product.manufacturerPartNumber}`,
      );
    } catch (failure) {
      setError(errorMessage(failure, 'The part could not be looked up. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel mb="6" as="section" aria-labelledby={headingId}>
      <Heading as="h2" size="sm" id={headingId} mb="1">
        Start from a distributor part number
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        The fields the distributor gives are filled in and marked; check them before submitting.
      </Text>
      <form onSubmit={(event) => void lookUp(event)} noValidate aria-label="Start from a distributor part number">
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
          <Box minWidth="40">
            <SelectField
              label="Distributor"
              options={distributorNames.map((name) => ({ value: name, label: distributorLabels[name] }))}
              value={provider}
              onChange={(event) => setProvider(event.target.value as DistributorName)}
            />
          </Box>
          <Box flex="1">
            <TextField
              label="Part number"
              value={partNumber}
              error={error}
              onChange={(event) => setPartNumber(event.target.value)}
            />
          </Box>
          <Button type="submit" variant="outline" loading={busy} loadingText="Looking up...">
            <Wand2 aria-hidden />
            Fill the form
          </Button>
        </Stack>
      </form>
    </Panel>
  );
};
