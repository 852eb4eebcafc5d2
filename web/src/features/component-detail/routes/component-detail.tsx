import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Grid } from '@chakra-ui/react/grid';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Tabs } from '@chakra-ui/react/tabs';
import { Text } from '@chakra-ui/react/text';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { Version } from '#shared/schemas/approvals';
import type { Component } from '#shared/schemas/component';
import { Panel } from '#web/components/ui/page.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { LineTabs, RowTab, TabsRow } from '#web/components/ui/tabs-row.tsx';
import { RequestSubmittedDialog } from '#web/components/ui/request-submitted-dialog.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { paths } from '#shared/app-paths';
import { displayName, isReviewing, useUser } from '#web/lib/auth.tsx';
import { useAttachments, useReloadAttachments } from '../api/attachments';
import { useComments } from '../api/comments';
import { componentLoadFailure, useComponent } from '../api/get-component';
import { useVersions } from '../api/get-versions';
import { useRecordView } from '../api/record-view';
import { AttachmentsTab } from '../components/attachments-tab';
import { CommentsCard } from '../components/comments-card';
import { ComponentImage } from '../components/component-image';
import { DeleteComponent } from '../components/delete-component';
import { DistributorSearch } from '../components/distributor-search';
import { DistributorFill } from '../components/distributor-fill';
import { EditFieldDialog } from '../components/edit-field-dialog';
import { additionalGroup, detailGroups, technicalGroups, type ShownField } from '../components/field-groups';
import { FieldGroups } from '../components/field-list';
import { LanguageSwitch, useReading } from '../components/language-switch';
import { AddLinkDialog, LinksCard } from '../components/links-card';
import type { LinkOffer } from '../components/link-offers';
import { ReplacementNotice } from '../components/replacement-notice';
import { HistoryTab } from '../components/history-tab';
import { LifecycleSummary } from '../components/lifecycle-summary';
import { RevertVersion } from '../components/revert-version';
import { RelatedComponents } from '../components/related-components';
import { UploadDialog } from '../components/upload-dialog';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';

/**
 * A part merged into another answers with the part it went into (the API redirects its id):
 * the page moves to that part's own address, replacing the old one in the history.
 */
const useMovedPart = (id: string, component: Component | undefined): number | undefined => {
  const navigate = useNavigate();
  const movedTo = component && String(component.id) !== id ? component.id : undefined;
  useEffect(() => {
    if (movedTo !== undefined) void navigate(paths.hub.component.href(movedTo), { replace: true });
  }, [movedTo, navigate]);
  return movedTo;
};

/** A destructive toast once a read fails, not again on each render. */
const useFailureToast = (error: unknown, title: string) => {
  useEffect(() => {
    if (error) notify({ type: 'error', title });
  }, [error, title]);
};

const BackToList = () => (
  <Button asChild variant="outline">
    <RouterLink to={paths.hub.components.href()}>
      <ArrowLeft aria-hidden />
      Back to List
    </RouterLink>
  </Button>
);

const tabs = [
  { value: 'details', label: 'Details' },
  { value: 'technical', label: 'Technical Specs' },
  { value: 'attachments', label: 'Attachments' },
  { value: 'history', label: 'Version History' },
] as const;

const ComponentDetail = ({
  component,
  componentId,
  actions,
}: {
  component: Component;
  componentId: string;
  actions?: DetailActions;
}) => {
  const { user } = useUser();
  const username = user?.username ?? '';
  const { attachments, error: attachmentsError } = useAttachments(componentId);
  const { versions, error: versionsError } = useVersions(componentId);
  const { comments, error: commentsError } = useComments(componentId);
  const reloadAttachments = useReloadAttachments();
  useFailureToast(attachmentsError, 'Failed to load attachments');
  useFailureToast(versionsError, 'Failed to load version history');
  useFailureToast(commentsError, 'Failed to load comments');
  useRecordView(component.id, user?.id);

  // The change log links here with #history: the part's versions open first.
  const [tab, setTab] = useState<string>(() => (window.location.hash === '#history' ? 'history' : 'details'));
  const [editing, setEditing] = useState<ShownField | null>(null);
  const reading = useReading();
  const [linkOffer, setLinkOffer] = useState<LinkOffer | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadRequestId, setUploadRequestId] = useState<string | null>(null);
  const [reverting, setReverting] = useState<Version | null>(null);
  const pending = attachments?.filter((attachment) => !attachment.isApproved).length ?? 0;

  return (
    <Box>
      <Stack
        // Side by side only where the title keeps room beside the buttons (the sidebar takes 256 px).
        direction={{ base: 'column', lg: 'row' }}
        justify="space-between"
        align={{ lg: 'flex-start' }}
        gap="4"
        mb="4"
      >
        <Box minWidth="0">
          <Heading as="h1" size="2xl" overflowWrap="anywhere">
            {component.reference}
          </Heading>
          <Text color="fg.muted" mt="1" data-testid="component-summary">
            {[component.manufacturer, component.class, component.type].filter(Boolean).join(' · ')}
          </Text>
          <LifecycleSummary component={component} />
          <Box mt="2">
            <LanguageSwitch reading={reading} onChoose={reading.choose} />
          </Box>
        </Box>
        <HStack gap="3" wrap="wrap" flexShrink={0}>
          {actions?.(component)}
          <BackToList />
          <DeleteComponent component={component} username={username} />
        </HStack>
      </Stack>

      <ReplacementNotice componentId={component.id} />
      <InlineAlert status="warning" mb="6">
        Component edits require approval before they are published to the database.
      </InlineAlert>

      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
        gap="6"
        alignItems="start"
      >
        <Stack gap="6" minWidth="0">
          <Panel>
            {/* The image and the distributor search side by side only where the search keeps ~250 px. */}
            <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6">
              <ComponentImage
                reference={component.reference}
                attachments={attachments}
                onUpload={() => setUploading(true)}
              />
              <DistributorSearch component={component} onFinished={() => void reloadAttachments(component.id)} />
            </Grid>
            <Box mt="4">
              <DistributorFill component={component} isAdmin={isReviewing(user)} />
            </Box>
          </Panel>

          <Panel p="0" overflow="hidden">
            <LineTabs value={tab} onTabChange={setTab}>
              <TabsRow px={{ base: '2', md: '4' }} pt="2">
                {tabs.map((t) => (
                  <RowTab key={t.value} value={t.value}>
                    {t.label}
                    {t.value === 'attachments' && pending > 0 && (
                      <Text as="span" fontSize="xs" color="fg.muted">
                        ({pending} pending)
                      </Text>
                    )}
                  </RowTab>
                ))}
              </TabsRow>
              <Box px={{ base: '4', md: '6' }} py={{ base: '4', md: '6' }}>
                <Tabs.Content value="details" p="0">
                  <FieldGroups
                    component={component}
                    groups={[...detailGroups(component), additionalGroup(component)]}
                    reading={reading}
                    onEdit={setEditing}
                    onLink={setLinkOffer}
                  />
                </Tabs.Content>
                <Tabs.Content value="technical" p="0">
                  <FieldGroups
                    component={component}
                    groups={technicalGroups}
                    reading={reading}
                    onEdit={setEditing}
                    onLink={setLinkOffer}
                  />
                </Tabs.Content>
                <Tabs.Content value="attachments" p="0">
                  <AttachmentsTab
                    component={component}
                    attachments={attachments}
                    isAdmin={isReviewing(user)}
                    onUpload={() => setUploading(true)}
                  />
                </Tabs.Content>
                <Tabs.Content value="history" p="0">
                  <HistoryTab versions={versions} onRevert={setReverting} />
                </Tabs.Content>
              </Box>
            </LineTabs>
          </Panel>
        </Stack>

        <Stack gap="6" minWidth="0">
          <LinksCard component={component} />
          <RelatedComponents componentId={componentId} />
          <CommentsCard componentId={component.id} comments={comments} defaultAuthor={user ? displayName(user) : ''} />
        </Stack>
      </Grid>

      {linkOffer && <AddLinkDialog component={component} offer={linkOffer} onClose={() => setLinkOffer(null)} />}
      {editing && (
        <EditFieldDialog component={component} field={editing} username={username} onClose={() => setEditing(null)} />
      )}
      <UploadDialog
        componentId={component.id}
        open={uploading}
        username={username}
        onClose={() => setUploading(false)}
        onSubmitted={setUploadRequestId}
      />
      <RevertVersion component={component} version={reverting} onClose={() => setReverting(null)} />
      <RequestSubmittedDialog
        title="File Submitted Successfully"
        description="Your file has been submitted for approval."
        requestId={uploadRequestId}
        onClose={() => setUploadRequestId(null)}
      >
        It will be shown with the component once approved by an administrator.
      </RequestSubmittedDialog>
    </Box>
  );
};

/** Buttons other features put in the part's header (Watch), composed in by the app. */
export type DetailActions = (component: Component) => ReactNode;

/** /component-hub/components/{id}. */
export const ComponentDetailRoute = ({ actions }: { actions?: DetailActions } = {}) => {
  const { id = '' } = useParams();
  const { component, error, isLoading } = useComponent(id);
  const failure = error ? componentLoadFailure(error) : undefined;
  useFailureToast(failure, failure ?? '');
  const movedTo = useMovedPart(id, component);

  if (isLoading || movedTo !== undefined) return <PageSpinner label="Loading component" />;
  if (!component) {
    return (
      <Box>
        <Heading as="h1" size="2xl" mb="4">
          Component {id}
        </Heading>
        <Panel>
          <Stack gap="4" align="flex-start">
            <Text>{failure ?? 'This component could not be found.'}</Text>
            <BackToList />
          </Stack>
        </Panel>
      </Box>
    );
  }
  return <ComponentDetail key={component.id} component={component} componentId={id} actions={actions} />;
};

export default ComponentDetailRoute;
