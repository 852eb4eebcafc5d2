import { Button, IconButton } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link2, Unlink } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { paths } from '#shared/app-paths';
import type { Component } from '#shared/schemas/component';
import {
  linkViewLabel,
  linkViews,
  toolRoleLabels,
  toolRoles,
  type ComponentLink,
  type LinkView,
  type ToolRole,
} from '#shared/schemas/links';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { LifecycleBadge } from '#web/components/ui/lifecycle-badge.tsx';
import { AppLink } from '#web/components/ui/link.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { Select } from '#web/components/ui/select-field.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { useBusyAction } from '#web/lib/failed-actions.ts';
import { findParts, proposeLink, proposeUnlink, useLinks } from '../api/links';
import { useRefreshRequests } from '../api/change-requests';
import type { LinkOffer } from './link-offers';

const submitted = () =>
  notify({
    type: 'success',
    title: 'Link Submitted',
    description: 'Your change is published once an administrator approves it.',
  });

/** Links grouped by how they read from this part, in the kinds' order. */
const groupsOf = (links: readonly ComponentLink[]) => {
  const groups = new Map<string, ComponentLink[]>();
  for (const link of links) groups.set(link.label, [...(groups.get(link.label) ?? []), link]);
  return [...groups.entries()];
};

const isToolLink = (kind: LinkView) => kind === 'uses-tool' || kind === 'tool-for';

/**
 * 'Links': the parts this one mates with, uses, is used by, or is replaced by, each a link to
 * its page; adding or removing one is a request an administrator reviews.
 */
export const LinksCard = ({ component }: { component: Component }) => {
  const headingId = useId();
  const { links, isLoading } = useLinks(component.id);
  const [adding, setAdding] = useState(false);
  const refreshRequests = useRefreshRequests();
  const { busy, run } = useBusyAction('Failed to submit the removal');
  const remove = (link: ComponentLink) =>
    run(async () => {
      await proposeUnlink(component.id, link.id);
      refreshRequests();
      submitted();
    });

  return (
    <Panel as="section" aria-labelledby={headingId}>
      <HStack justify="space-between" mb="3" gap="2" wrap="wrap">
        <Heading as="h2" size="md" id={headingId}>
          Links
        </Heading>
        <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
          <Link2 aria-hidden />
          Add link
        </Button>
      </HStack>
      {isLoading ? (
        <Skeleton height="10" aria-busy />
      ) : links.length === 0 ? (
        <Text color="fg.muted">No links to other parts yet.</Text>
      ) : (
        <Stack gap="4">
          {groupsOf(links).map(([label, group]) => (
            <Stack key={label} gap="1">
              <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                {label}
              </Text>
              <Stack as="ul" gap="2" listStyleType="none" aria-label={label}>
                {group.map((link) => (
                  <HStack as="li" key={link.id} justify="space-between" align="flex-start" gap="2">
                    <Stack gap="0" minWidth="0">
                      <HStack gap="2" wrap="wrap">
                        <AppLink
                          to={paths.hub.component.href(link.otherId)}
                          fontWeight="semibold"
                          overflowWrap="anywhere"
                        >
                          {link.reference}
                        </AppLink>
                        <LifecycleBadge lifecycle={link.lifecycle} size="sm" />
                      </HStack>
                      <Text fontSize="sm" color="fg.muted">
                        {[link.manufacturer, link.role ? toolRoleLabels[link.role] : null].filter(Boolean).join(' · ')}
                      </Text>
                    </Stack>
                    <IconButton
                      aria-label={`Remove link to ${link.reference}`}
                      size="xs"
                      variant="ghost"
                      disabled={busy}
                      onClick={() => void remove(link)}
                    >
                      <Unlink />
                    </IconButton>
                  </HStack>
                ))}
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
      {adding && <AddLinkDialog component={component} onClose={() => setAdding(false)} />}
    </Panel>
  );
};

const kindOptions = linkViews.map((view) => ({ value: view, label: linkViewLabel(view) }));
const roleOptions = [
  { value: '', label: 'Any tool' },
  ...toolRoles.map((role) => ({ value: role, label: toolRoleLabels[role] })),
];

/** Chooses the kind and the other part (found by the quick search), then files the request. */
export const AddLinkDialog = ({
  component,
  offer,
  onClose,
}: {
  component: Component;
  /** A link the page offered from a free-text field: its kind, tool role and part chosen already. */
  offer?: LinkOffer | undefined;
  onClose: () => void;
}) => {
  const [kind, setKind] = useState<LinkView>(offer?.kind ?? 'mates-with');
  const [role, setRole] = useState<ToolRole | ''>(offer?.role ?? '');
  const [text, setText] = useState(offer?.target.reference ?? '');
  const [found, setFound] = useState<Component[]>(offer ? [offer.target] : []);
  const [target, setTarget] = useState<Component | undefined>(offer?.target);
  const [error, setError] = useState<string>();
  const refreshRequests = useRefreshRequests();
  const { busy, run } = useBusyAction('Failed to submit the link', setError);
  const resultsId = useId();

  // The picker searches as one types, a moment after the last key.
  useEffect(() => {
    const query = text.trim();
    if (query.length < 2) {
      setFound([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      findParts(query, controller.signal)
        .then((parts) => setFound(parts.filter((part) => part.id !== component.id)))
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, component.id]);

  const submit = async () => {
    if (!target) {
      setError('Choose the part to link to');
      return;
    }
    await run(async () => {
      await proposeLink(component.id, { kind, targetId: target.id, ...(isToolLink(kind) && role ? { role } : {}) });
      refreshRequests();
      submitted();
      onClose();
    });
  };

  return (
    <FormDialog
      title="Add link"
      description={`Link ${component.reference} to another part of the catalogue. The link is published once an administrator approves it.`}
      open
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Submit for Approval"
      submittingLabel="Submitting..."
      isSubmitting={busy}
    >
      <Stack gap="4">
        <Field.Root>
          <Field.Label>{component.reference} …</Field.Label>
          <Select options={kindOptions} value={kind} onChange={(event) => setKind(event.target.value as LinkView)} />
        </Field.Root>
        {isToolLink(kind) && (
          <Field.Root>
            <Field.Label>Tool</Field.Label>
            <Select
              options={roleOptions}
              value={role}
              onChange={(event) => setRole(event.target.value as ToolRole | '')}
            />
          </Field.Root>
        )}
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>Part</Field.Label>
          <Input
            value={text}
            placeholder="Type a reference or maker"
            aria-controls={resultsId}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
          />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <Stack id={resultsId} as="ul" gap="1" listStyleType="none" aria-label="Parts found" aria-live="polite">
          {found.map((part) => (
            <li key={part.id}>
              <Button
                size="sm"
                width="full"
                justifyContent="flex-start"
                variant={target?.id === part.id ? 'solid' : 'ghost'}
                aria-pressed={target?.id === part.id}
                onClick={() => {
                  setTarget(part);
                  setError(undefined);
                }}
              >
                <Text as="span" truncate>
                  {[part.reference, part.manufacturer].filter(Boolean).join(' · ')}
                </Text>
              </Button>
            </li>
          ))}
        </Stack>
        {target && (
          <Text fontSize="sm" data-testid="link-preview">
            {component.reference} — {linkViewLabel(kind).toLowerCase()} — {target.reference}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
};
