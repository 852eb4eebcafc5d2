import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Dialog } from '@chakra-ui/react/dialog';
import { Heading } from '@chakra-ui/react/heading';
import { Portal } from '@chakra-ui/react/portal';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { Lock, Unlock, Wand2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { choiceLabel, isChoiceField } from '#shared/schemas/choice-fields';
import type { Component } from '#shared/schemas/component';
import type { DistributorFillProposal, FillRow } from '#shared/schemas/distributor-fill';
import { distributorLabels, distributorNames, type DistributorName } from '#shared/schemas/distributors';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { useRefreshRequests } from '../api/change-requests';
import {
  fillFromDistributor,
  getProtectedFields,
  readDistributorData,
  setProtectedFields,
  type ProtectedFields,
} from '../api/distributor-fill';

/** A value as the dialog shows it: a lifecycle by its label, nothing as a dash. */
const shown = (field: string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (isChoiceField(field)) return choiceLabel(field, String(value));
  return String(value);
};

/** A row may be ticked when it brings a different value the field takes and nobody protected it. */
export const canTake = (row: FillRow): boolean => row.differs && !row.protected && row.problem === null;

const whyNot = (row: FillRow): string | null => {
  if (row.protected) return 'Protected';
  if (row.problem) return row.problem;
  if (!row.differs) return 'Same value';
  return null;
};

/** The values' own columns, from tablet width on. */
const wideCells = { base: 'none', md: 'table-cell' } as const;

const confidencePalette = (confidence: number) => (confidence > 0.9 ? 'green' : confidence > 0.8 ? 'blue' : 'red');

type Loaded = { proposal: DistributorFillProposal; protection: ProtectedFields | null };

/**
 * The dialog: the matched product with its confidence, per field the catalogue's value beside the
 * distributor's (in the catalogue's units) with a tick, the stock and prices as read, and what the
 * distributor said that no field takes. Administrators lock and unlock fields for this part here.
 */
const FillDialog = ({
  component,
  provider,
  isAdmin,
  onClose,
}: {
  component: Component;
  provider: DistributorName;
  isAdmin: boolean;
  onClose: () => void;
}) => {
  const label = distributorLabels[provider];
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [sending, setSending] = useState(false);
  const refreshRequests = useRefreshRequests();
  const unmappedId = useId();

  const load = async () => {
    setFailure(null);
    try {
      const [proposal, protection] = await Promise.all([
        readDistributorData(component.id, provider),
        isAdmin ? getProtectedFields(component.id) : Promise.resolve(null),
      ]);
      setLoaded({ proposal, protection });
      setTicked(
        (before) =>
          new Set([...before].filter((field) => proposal.rows.some((row) => row.field === field && canTake(row)))),
      );
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status === 404
          ? (error.serverMessage ?? `No results found for ${component.reference}`)
          : `Error searching for ${component.reference}. ${errorMessage(error, 'Please try again.')}`,
      );
    }
  };
  useEffect(() => {
    void load();
    // Read once per opening; the lock buttons read again themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggle = (field: string, on: boolean) =>
    setTicked((before) => {
      const next = new Set(before);
      if (on) next.add(field);
      else next.delete(field);
      return next;
    });

  const toggleLock = async (field: string) => {
    const own = loaded?.protection?.part ?? [];
    const fields = own.includes(field) ? own.filter((name) => name !== field) : [...own, field];
    try {
      await setProtectedFields(component.id, fields);
      await load();
    } catch (error) {
      notify({ type: 'error', title: 'Failed to update protected fields', description: errorMessage(error, '') });
    }
  };

  const submit = async () => {
    if (ticked.size === 0 || !loaded) return;
    setSending(true);
    try {
      await fillFromDistributor(component.id, provider, [...ticked]);
      refreshRequests();
      notify({
        type: 'success',
        title: 'Change request submitted',
        description: `${ticked.size} field${ticked.size === 1 ? '' : 's'} from ${label} await approval.`,
      });
      onClose();
    } catch (error) {
      notify({ type: 'error', title: 'Error', description: `Failed to submit changes: ${errorMessage(error, '')}` });
    } finally {
      setSending(false);
    }
  };

  const proposal = loaded?.proposal;
  const product = proposal?.product;
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && !sending && onClose()}
      placement="center"
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '0', md: '4' }}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{`Fill from ${label}`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {failure && <InlineAlert status="error">{failure}</InlineAlert>}
              {!failure && !proposal && <Text color="fg.muted">{`Asking ${label} for ${component.reference}...`}</Text>}
              {proposal && product && (
                <Stack gap="4">
                  <Box>
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="semibold">{`${product.manufacturer} ${product.manufacturerPartNumber}`}</Text>
                      <Badge colorPalette={confidencePalette(proposal.confidence)} data-testid="fill-confidence">
                        {`${Math.round(proposal.confidence * 100)}% match`}
                      </Badge>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      {[
                        product.productNumber && `${label} ${product.productNumber}`,
                        `read ${formatDateTime(proposal.readAt)}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Box>
                  <Table.ScrollArea borderWidth="1px" rounded="md">
                    <Table.Root
                      size="sm"
                      aria-label={`Values from ${label}`}
                      // Long descriptions and links wrap inside their cells rather than widen the table.
                      tableLayout="fixed"
                      width="100%"
                      css={{ '& td': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
                    >
                      <Table.Header>
                        <Table.Row bg="bg.subtle">
                          <Table.ColumnHeader width="3.5rem">Take</Table.ColumnHeader>
                          <Table.ColumnHeader width={{ md: '28%' }}>Field</Table.ColumnHeader>
                          <Table.ColumnHeader display={wideCells}>Catalogue</Table.ColumnHeader>
                          <Table.ColumnHeader display={wideCells}>{label}</Table.ColumnHeader>
                          {isAdmin && <Table.ColumnHeader width="3.5rem">Lock</Table.ColumnHeader>}
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {proposal.rows.map((row) => {
                          const reason = whyNot(row);
                          const ownLock = loaded?.protection?.part.includes(row.field) ?? false;
                          return (
                            <Table.Row key={row.field} data-testid={`fill-row-${row.field}`}>
                              <Table.Cell>
                                <Checkbox.Root
                                  size="sm"
                                  disabled={!canTake(row) || sending}
                                  checked={ticked.has(row.field)}
                                  onCheckedChange={(event) => toggle(row.field, event.checked === true)}
                                >
                                  <Checkbox.HiddenInput aria-label={`Take ${row.label}`} />
                                  <Checkbox.Control />
                                </Checkbox.Root>
                              </Table.Cell>
                              <Table.Cell>
                                <Text fontWeight="medium">{row.label}</Text>
                                {/* On a phone the two values stand under the field's name. */}
                                <Text fontSize="sm" display={{ base: 'block', md: 'none' }}>
                                  {`${shown(row.field, row.catalogue)} → ${shown(row.field, row.distributor)}`}
                                </Text>
                                {reason && (
                                  <Badge size="sm" colorPalette={row.protected ? 'orange' : 'gray'} mt="1">
                                    {row.protected && <Lock aria-hidden size="10" />}
                                    {reason}
                                  </Badge>
                                )}
                              </Table.Cell>
                              <Table.Cell display={wideCells}>{shown(row.field, row.catalogue)}</Table.Cell>
                              <Table.Cell display={wideCells}>
                                <Text>{shown(row.field, row.distributor)}</Text>
                                {String(row.distributor) !== row.asWritten && (
                                  <Text fontSize="xs" color="fg.muted">{`${row.from}: ${row.asWritten}`}</Text>
                                )}
                              </Table.Cell>
                              {isAdmin && (
                                <Table.Cell>
                                  <Button
                                    size="xs"
                                    variant="ghost"
                                    aria-label={`${ownLock ? 'Unprotect' : 'Protect'} ${row.label} for this part`}
                                    aria-pressed={ownLock}
                                    onClick={() => void toggleLock(row.field)}
                                  >
                                    {ownLock ? <Lock aria-hidden /> : <Unlock aria-hidden />}
                                  </Button>
                                </Table.Cell>
                              )}
                            </Table.Row>
                          );
                        })}
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                  <Box data-testid="fill-stock">
                    <Heading as="h3" size="xs" mb="1">
                      Stock and prices
                    </Heading>
                    <Text fontSize="sm">
                      {`${product.stock === null ? 'Stock not given' : `${product.stock.toLocaleString('en-US')} in stock`} at ${label}, as read ${formatDateTime(proposal.readAt)} (not stored in the catalogue)`}
                    </Text>
                    {product.priceBreaks.length > 0 && (
                      <Text fontSize="sm" color="fg.muted">
                        {product.priceBreaks
                          .slice(0, 6)
                          .map((step) => `${step.quantity}+: ${step.unitPrice} ${step.currency}`)
                          .join(' · ')}
                      </Text>
                    )}
                  </Box>
                  {product.unmapped.length > 0 && (
                    <Box as="details">
                      <Box as="summary" cursor="pointer" fontSize="sm" id={unmappedId}>
                        {`Other ${label} parameters (${product.unmapped.length}), not mapped to a field`}
                      </Box>
                      <Box as="ul" fontSize="sm" ps="5" mt="1" aria-labelledby={unmappedId}>
                        {product.unmapped.map((entry, index) => (
                          <li key={`${entry.name}-${index}`}>{`${entry.name}: ${entry.value}`}</li>
                        ))}
                      </Box>
                    </Box>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={sending}>
                Cancel
              </Button>
              <Button
                colorPalette="blue"
                onClick={() => void submit()}
                disabled={ticked.size === 0}
                loading={sending}
                loadingText="Submitting..."
              >
                {ticked.size > 0 ? `Request ${ticked.size} change${ticked.size === 1 ? '' : 's'}` : 'Request changes'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};

/** 'Fill from Digi-Key / Mouser': the part's data from a distributor, taken field by field through review. */
export const DistributorFill = ({ component, isAdmin }: { component: Component; isAdmin: boolean }) => {
  const [open, setOpen] = useState<DistributorName | null>(null);
  return (
    <Box>
      <HStack gap="2" wrap="wrap">
        {distributorNames.map((provider) => (
          <Button key={provider} size="sm" variant="outline" onClick={() => setOpen(provider)}>
            <Wand2 aria-hidden />
            {`Fill from ${distributorLabels[provider]}`}
          </Button>
        ))}
      </HStack>
      {open && <FillDialog component={component} provider={open} isAdmin={isAdmin} onClose={() => setOpen(null)} />}
    </Box>
  );
};
