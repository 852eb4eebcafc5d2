import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { draftTitle, DRAFTS_MAX_PER_USER, type Draft } from '#shared/schemas/drafts';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { paths } from '#shared/app-paths';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { useDrafts } from '#web/lib/drafts.ts';
import { useDraftActions } from '../api/drafts';

interface DraftListProps {
  /** The draft open in the form, marked as such and not offered again. */
  openId: string | null;
  /** The open draft was deleted from the list. */
  onOpenDeleted: () => void;
}

/** 'Your drafts' beside the Add New Component form: each to open or delete. */
export const DraftList = ({ openId, onOpenDeleted }: DraftListProps) => {
  const headingId = useId();
  const { drafts } = useDrafts();
  const actions = useDraftActions();
  const [deleting, setDeleting] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  if (!drafts?.length) return null;

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await actions.remove(deleting.id);
      notify({ type: 'info', title: 'Draft Deleted', description: `${draftTitle(deleting)} has been deleted.` });
      if (deleting.id === openId) onOpenDeleted();
      setDeleting(null);
    } catch (error) {
      notify({ type: 'error', title: 'Draft not deleted', description: errorMessage(error, 'Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel as="section" aria-labelledby={headingId} mb="6">
      <Heading as="h2" size="md" id={headingId} mb="1">
        Your drafts
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="3">
        Only you see your drafts. You can keep up to {DRAFTS_MAX_PER_USER}.
      </Text>
      <Stack as="ul" gap="0" listStyleType="none" aria-label="Your drafts">
        {drafts.map((draft) => (
          <Stack
            as="li"
            key={draft.id}
            direction={{ base: 'column', sm: 'row' }}
            justify="space-between"
            align={{ base: 'stretch', sm: 'center' }}
            gap="2"
            py="2"
            borderBottomWidth="1px"
            _last={{ borderBottomWidth: 0 }}
          >
            <Stack gap="0" minWidth="0">
              <Text fontWeight="medium" overflowWrap="anywhere">
                {draftTitle(draft)}
                {draft.id === openId && (
                  <Text as="span" color="fg.muted" fontWeight="normal">
                    {' '}
                    (open below)
                  </Text>
                )}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                Saved {formatDateTime(draft.updatedAt)}
                {draft.values.class ? ` · ${draft.values.class}` : ''}
              </Text>
            </Stack>
            <HStack gap="2" flexShrink={0}>
              {draft.id !== openId && (
                <Button asChild size="sm" variant="outline">
                  <RouterLink to={paths.hub.addComponent.href(draft.id)} aria-label={`Open draft ${draftTitle(draft)}`}>
                    Open
                  </RouterLink>
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                colorPalette="red"
                onClick={() => setDeleting(draft)}
                aria-label={`Delete draft ${draftTitle(draft)}`}
              >
                Delete
              </Button>
            </HStack>
          </Stack>
        ))}
      </Stack>
      <FormDialog
        title="Delete this draft?"
        description={deleting ? `${draftTitle(deleting)} is deleted for good, with what it holds.` : undefined}
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onSubmit={() => void remove()}
        submitLabel="Delete Draft"
        submittingLabel="Deleting..."
        isSubmitting={busy}
        destructive
      />
    </Panel>
  );
};
