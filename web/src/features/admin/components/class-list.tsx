import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Merge, Pencil, Plus, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { describeClassChange, foldClassName, type ClassChange, type ClassListAnswer } from '#shared/class-list';
import { paths } from '#shared/app-paths';
import { messages } from '#shared/messages';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { AppLink } from '#web/components/ui/link.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { RequestSubmittedDialog } from '#web/components/ui/request-submitted-dialog.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { useClassList } from '../api/get-class-list';
import { ClassChangeDialog, type ClassChangeChoice } from './class-change-dialog';
import { useClassReviewers } from '../api/class-reviewers';
import { ClassReviewersDialog } from './class-reviewers-dialog';

/** The names in the order a merge keeps them: most parts first (the likely name to keep). */
const byParts = (names: readonly string[], parts: ReadonlyMap<string, number>) =>
  [...names].sort((a, b) => (parts.get(b) ?? 0) - (parts.get(a) ?? 0));

const mergeOf = (names: readonly string[], parts: ReadonlyMap<string, number>): ClassChangeChoice => {
  const ordered = byParts(names, parts);
  return { action: 'merge', classes: ordered, into: ordered[0]! };
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack as="section" aria-label={title} gap="2" borderTopWidth="1px" pt="4">
    <Heading as="h3" size="sm">
      {title}
    </Heading>
    {children}
  </Stack>
);

/** What the list is now and what is under way: the list not kept yet, a change being applied, changes waiting. */
const ListState = ({ list }: { list: ClassListAnswer }) => (
  <>
    {!list.managed && (
      <InlineAlert status="info" size="sm" title="The list follows the catalogue">
        Until a change is approved, the list is every class the catalogue&rsquo;s parts have, and the Add New Component
        form offers them beside its default classes. From the first approved change on, the form offers this list as it
        is kept here.
      </InlineAlert>
    )}
    {list.applying && (
      <InlineAlert status="warning" size="sm" title="A class change is being applied">
        {list.applying.description}: {messages.partCount(list.applying.moved)} moved so far. No other class change
        starts until it is finished; if it stopped, approve it again in the{' '}
        <AppLink to={paths.hub.approvalQueue.href()}>approval queue</AppLink>.
      </InlineAlert>
    )}
    {list.pending.length > 0 && (
      <Section title="Waiting for review">
        <Stack as="ul" gap="2" listStyleType="none">
          {list.pending.map((request) => (
            <Box as="li" key={request.id} fontSize="sm">
              <Text fontWeight="medium" overflowWrap="anywhere">
                {request.description}
              </Text>
              <Text color="fg.muted">
                By {request.username}, {formatDateTime(request.createdAt)} ·{' '}
                <AppLink to={paths.hub.approvalQueue.href()}>Review</AppLink>
              </Text>
            </Box>
          ))}
        </Stack>
      </Section>
    )}
  </>
);

/**
 * Admin dashboard → Classes: the one list of classes the Add New Component form offers, each
 * with its parts, the classes parts have that are not on it, and the names that are likely one
 * class spelled several ways. Adding a class, renaming one and merging several are requests,
 * applied once an administrator approves them.
 */
export const ClassList = () => {
  const { list, error } = useClassList();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<{ choice: ClassChangeChoice; open: boolean; key: number }>({
    choice: { action: 'add' },
    open: false,
    key: 0,
  });
  const [filed, setFiled] = useState<{ change: ClassChange; requestId: string } | null>(null);
  // Reviewer groups per class: their requests go to those groups' reviewers first.
  const { reviewers, reload: reloadReviewers } = useClassReviewers();
  const reviewerGroups = new Map((reviewers ?? []).map((entry) => [foldClassName(entry.className), entry.groups]));
  const groupsOf = (name: string) => reviewerGroups.get(foldClassName(name)) ?? [];
  const [reviewersOf, setReviewersOf] = useState<{ className: string; open: boolean; key: number }>({
    className: '',
    open: false,
    key: 0,
  });

  const parts = new Map((list?.classes ?? []).map((entry) => [entry.name, entry.parts]));
  const chosen = [...selected].filter((name) => parts.has(name));
  const open = (choice: ClassChangeChoice) => setDialog((last) => ({ choice, open: true, key: last.key + 1 }));
  const close = () => setDialog((last) => ({ ...last, open: false }));
  const toggle = (name: string, on: boolean) =>
    setSelected((last) => {
      const next = new Set(last);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  return (
    <Panel as="section" aria-labelledby="classes-heading">
      <Stack direction={{ base: 'column', lg: 'row' }} justify="space-between" gap="3" mb="4">
        <Stack gap="1" flex="1">
          <Heading as="h2" size="md" id="classes-heading">
            Classes
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            The classes the Add New Component form offers. Each change is a request: it applies once an administrator
            approves it in the approval queue, and a rename or merge gives every part of the old classes the new one.
          </Text>
        </Stack>
        <HStack gap="2" wrap="wrap" align="flex-start" flexShrink={0}>
          <Button size="sm" colorPalette="blue" onClick={() => open({ action: 'add' })} disabled={!list}>
            <Plus aria-hidden />
            Add Class
          </Button>
          <Button size="sm" variant="outline" onClick={() => open(mergeOf(chosen, parts))} disabled={chosen.length < 2}>
            <Merge aria-hidden />
            Merge Selected{chosen.length ? ` (${chosen.length})` : ''}
          </Button>
        </HStack>
      </Stack>

      {error ? (
        <Text color="red.600">{errorMessage(error, 'Could not load the classes')}</Text>
      ) : !list ? (
        <Stack gap="3">
          {Array.from({ length: 4 }, (_, n) => (
            <Skeleton key={n} height="6" />
          ))}
        </Stack>
      ) : (
        <Stack gap="4">
          <ListState list={list} />
          {list.variantGroups.length > 0 && (
            <Section title="Likely the same class">
              <Text fontSize="sm" color="fg.muted">
                These names differ only in case, accents, separators or a plural ending.
              </Text>
              <Stack as="ul" gap="2" listStyleType="none">
                {list.variantGroups.map((group) => (
                  <HStack as="li" key={group.join('\u0000')} justify="space-between" gap="3" wrap="wrap">
                    <Text fontSize="sm" overflowWrap="anywhere" minW="0">
                      {group.map((name) => `${name} (${messages.partCount(parts.get(name) ?? 0)})`).join(', ')}
                    </Text>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => open(mergeOf(group, parts))}
                      aria-label={`Merge ${group.join(', ')}`}
                    >
                      <Merge aria-hidden />
                      Merge
                    </Button>
                  </HStack>
                ))}
              </Stack>
            </Section>
          )}
          <Section title={`All classes (${list.classes.length})`}>
            {list.classes.length === 0 ? (
              <Text color="fg.muted">No classes yet: add the first one.</Text>
            ) : (
              <Stack as="ul" gap="0" listStyleType="none">
                {list.classes.map((entry) => (
                  <HStack
                    as="li"
                    key={entry.name}
                    gap="3"
                    py="2"
                    borderBottomWidth="1px"
                    justify="space-between"
                    wrap="wrap"
                  >
                    <HStack gap="3" minW="0" align="center">
                      <Checkbox.Root
                        checked={selected.has(entry.name)}
                        onCheckedChange={(details) => toggle(entry.name, details.checked === true)}
                        colorPalette="blue"
                      >
                        <Checkbox.HiddenInput aria-label={`Select ${entry.name} to merge`} />
                        <Checkbox.Control />
                      </Checkbox.Root>
                      <Stack gap="0" minW="0">
                        <Text fontWeight="medium" overflowWrap="anywhere">
                          {entry.name}
                        </Text>
                        <HStack gap="2" wrap="wrap">
                          <Text fontSize="sm" color="fg.muted">
                            {messages.partCount(entry.parts)}
                          </Text>
                          {!entry.listed && (
                            <Badge colorPalette="orange" variant="subtle">
                              Not on the list
                            </Badge>
                          )}
                          {groupsOf(entry.name).length > 0 && (
                            <Text fontSize="sm" color="fg.muted">
                              Reviewers: {groupsOf(entry.name).join(', ')}
                            </Text>
                          )}
                        </HStack>
                      </Stack>
                    </HStack>
                    <HStack gap="1" flexShrink={0}>
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() =>
                          setReviewersOf((last) => ({ className: entry.name, open: true, key: last.key + 1 }))
                        }
                        aria-label={`Reviewers of ${entry.name}`}
                      >
                        <Users aria-hidden />
                        Reviewers
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() => open({ action: 'rename', from: entry.name })}
                        aria-label={`Rename ${entry.name}`}
                      >
                        <Pencil aria-hidden />
                        Rename
                      </Button>
                    </HStack>
                  </HStack>
                ))}
              </Stack>
            )}
          </Section>
        </Stack>
      )}

      <ClassChangeDialog
        key={dialog.key}
        choice={dialog.choice}
        open={dialog.open}
        parts={parts}
        onClose={close}
        onFiled={(change, requestId) => {
          close();
          setSelected(new Set());
          setFiled({ change, requestId });
        }}
      />
      <ClassReviewersDialog
        key={`reviewers-${reviewersOf.key}`}
        className={reviewersOf.className}
        groups={groupsOf(reviewersOf.className)}
        open={reviewersOf.open}
        onClose={() => setReviewersOf((last) => ({ ...last, open: false }))}
        onSaved={() => {
          setReviewersOf((last) => ({ ...last, open: false }));
          void reloadReviewers();
        }}
      />
      <RequestSubmittedDialog
        title="Class Change Submitted"
        description={filed ? `${describeClassChange(filed.change)}.` : ''}
        requestId={filed?.requestId ?? null}
        onClose={() => setFiled(null)}
      >
        It applies once an administrator approves it in the approval queue.
      </RequestSubmittedDialog>
    </Panel>
  );
};
