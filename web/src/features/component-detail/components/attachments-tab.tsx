import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Image } from '@chakra-ui/react/image';
import { Link } from '@chakra-ui/react/link';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Download, FileText, Trash2, Upload } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { componentFieldLabels, componentFileFields, type Component } from '#shared/schemas/component';
import { distributorLabels, type DistributorName } from '#shared/schemas/distributors';
import type { Attachment } from '#shared/schemas/files';
import { notify } from '#web/components/ui/toaster.tsx';
import { useBusyAction } from '#web/lib/failed-actions.ts';
import { useSWRConfig } from 'swr';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { deleteAttachment, useReloadAttachments } from '../api/attachments';
import { versionsKey } from '../api/get-versions';
import { useRefreshRequests } from '../api/change-requests';
import { formatSize, groupAttachments } from './attachment-groups';
import { PdfPreview } from './pdf-preview';
import { ModelViewer } from './model-viewer';
import { formatDate } from '#web/lib/dates.ts';

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" size="sm" id={headingId} mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
};

const sourceLabel = (attachment: Attachment): string | null =>
  attachment.imageSource && Object.hasOwn(distributorLabels, attachment.imageSource)
    ? distributorLabels[attachment.imageSource as DistributorName]
    : attachment.imageSource;

const SourceBadge = ({ attachment }: { attachment: Attachment }) => {
  const source = sourceLabel(attachment);
  if (!source) return null;
  const confidence = attachment.sourceConfidence === null ? '' : ` · ${Math.round(attachment.sourceConfidence * 100)}%`;
  return (
    <Badge colorPalette="blue" variant="subtle" size="sm">
      {source}
      {confidence}
    </Badge>
  );
};

interface AttachmentsTabProps {
  component: Component;
  attachments: readonly Attachment[] | undefined;
  isAdmin: boolean;
  onUpload: () => void;
}

/**
 * Attachments tab: the approved images as thumbnails, the documents (and the component's
 * own file fields) as download links, the uploads awaiting approval, or 'No attachments'.
 * Deleting a file asks first; a published file's removal becomes a version of the part.
 */
export const AttachmentsTab = ({ component, attachments, isAdmin, onUpload }: AttachmentsTabProps) => {
  const [confirming, setConfirming] = useState<Attachment | null>(null);
  const { busy: deleting, run } = useBusyAction('Failed to delete attachment');
  const reloadAttachments = useReloadAttachments();
  const refreshRequests = useRefreshRequests();
  const { mutate } = useSWRConfig();

  const remove = async () => {
    const attachment = confirming;
    if (!attachment) return;
    await run(async () => {
      await deleteAttachment(component.id, attachment.id);
      notify({ type: 'success', title: 'Attachment Deleted', description: 'The attachment has been deleted.' });
      setConfirming(null);
      refreshRequests();
      // A published file's removal is a version of the part.
      if (attachment.isApproved) void mutate(versionsKey(component.id));
    });
    void reloadAttachments(component.id);
  };

  const deleteButton = (attachment: Attachment) => (
    <IconButton
      aria-label={`Delete ${attachment.fileName}`}
      size="xs"
      variant="ghost"
      colorPalette="red"
      onClick={() => setConfirming(attachment)}
    >
      <Trash2 />
    </IconButton>
  );

  const confirmation = (
    <FormDialog
      title="Delete Attachment"
      description={
        confirming?.isApproved
          ? `Delete ${confirming.fileName} from ${component.reference}? Everyone stops seeing it at once. The removal is recorded in the version history, and an administrator can restore the file for 30 days.`
          : `Delete ${confirming?.fileName ?? ''}? It has not been approved yet; its approval request is closed.`
      }
      open={confirming !== null}
      onClose={() => setConfirming(null)}
      onSubmit={remove}
      submitLabel="Delete"
      submittingLabel="Deleting..."
      isSubmitting={deleting}
      destructive
    />
  );

  const uploadButton = (
    <Button size="sm" variant="outline" onClick={onUpload} alignSelf="flex-start">
      <Upload aria-hidden />
      Upload File
    </Button>
  );

  if (attachments === undefined) {
    return (
      <Stack gap="3" aria-busy>
        <Skeleton height="24" />
        <Skeleton height="10" />
      </Stack>
    );
  }

  const { images, documents, models, drawings, archives, pending } = groupAttachments(attachments);
  const componentFiles = componentFileFields.filter((field) => component[field]);
  const cad = [
    { title: '3D Models', files: models },
    { title: 'Drawings', files: drawings },
    { title: 'CAD Archives', files: archives },
  ].filter((group) => group.files.length > 0);
  const fileRow = (file: Attachment) => (
    <HStack as="li" key={file.id} gap="2" wrap="wrap">
      <Link href={file.url} target="_blank" rel="noopener" color="blue.700" overflowWrap="anywhere">
        <Download size={16} aria-hidden />
        {file.fileName}
      </Link>
      <Text fontSize="sm" color="fg.muted">
        {formatSize(file.size)} · {formatDate(file.createdAt)}
      </Text>
      <SourceBadge attachment={file} />
      {isAdmin && deleteButton(file)}
      {file.fileType === 'application/pdf' && <PdfPreview attachment={file} />}
      {(file.fileType === 'model/step' || file.fileType === 'model/iges') && <ModelViewer attachment={file} />}
    </HStack>
  );
  if (images.length + documents.length + pending.length + componentFiles.length + cad.length === 0) {
    return (
      <Stack gap="4" align="flex-start">
        <Text color="fg.muted">No attachments</Text>
        {uploadButton}
      </Stack>
    );
  }

  return (
    <Stack gap="6">
      {confirmation}
      {uploadButton}
      {images.length > 0 && (
        <Section title="Images">
          <SimpleGrid as="ul" columns={{ base: 2, md: 3 }} gap="3" listStyleType="none" aria-label="Images">
            {images.map((image) => (
              <Box as="li" key={image.id} borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg">
                <Link
                  href={image.url}
                  target="_blank"
                  rel="noopener"
                  display="block"
                  aria-label={`${image.fileName} (opens in a new tab)`}
                >
                  <Image
                    src={image.url}
                    alt={image.fileName}
                    width="full"
                    height="28"
                    objectFit="contain"
                    bg="bg.subtle"
                    loading="lazy"
                  />
                </Link>
                <HStack justify="space-between" gap="1" px="2" py="1">
                  <Text fontSize="xs" overflowWrap="anywhere" lineClamp={2}>
                    {image.fileName}
                  </Text>
                  {isAdmin && deleteButton(image)}
                </HStack>
                <Box px="2" pb="2">
                  <SourceBadge attachment={image} />
                </Box>
              </Box>
            ))}
          </SimpleGrid>
        </Section>
      )}
      {documents.length + componentFiles.length > 0 && (
        <Section title="Documents & Datasheets">
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Documents & Datasheets">
            {componentFiles.map((field) => (
              <HStack as="li" key={field} gap="2" wrap="wrap">
                <Link href={component[field]!} target="_blank" rel="noopener" color="blue.700">
                  <FileText size={16} aria-hidden />
                  {componentFieldLabels[field]}
                </Link>
                <Text fontSize="sm" color="fg.muted">
                  component file
                </Text>
              </HStack>
            ))}
            {documents.map(fileRow)}
          </Stack>
        </Section>
      )}
      {cad.map((group) => (
        <Section key={group.title} title={group.title}>
          <Stack as="ul" gap="2" listStyleType="none" aria-label={group.title}>
            {group.files.map(fileRow)}
          </Stack>
        </Section>
      ))}
      {pending.length > 0 && (
        <Section title="Pending Approval">
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Pending Approval">
            {pending.map((attachment) => (
              <HStack
                as="li"
                key={attachment.id}
                gap="3"
                justify="space-between"
                borderWidth="1px"
                borderColor="yellow.300"
                bg="yellow.50"
                borderRadius="md"
                px="3"
                py="2"
              >
                <Stack gap="0.5" minWidth="0">
                  <Link
                    href={attachment.url}
                    target="_blank"
                    rel="noopener"
                    color="blue.700"
                    overflowWrap="anywhere"
                    fontSize="sm"
                  >
                    {attachment.fileName}
                  </Link>
                  <HStack gap="2" wrap="wrap">
                    <Badge colorPalette="yellow" variant="solid" size="sm" color="yellow.950">
                      Pending
                    </Badge>
                    <Text fontSize="xs" color="fg.muted">
                      Awaiting approval
                    </Text>
                    <SourceBadge attachment={attachment} />
                  </HStack>
                </Stack>
                {deleteButton(attachment)}
              </HStack>
            ))}
          </Stack>
        </Section>
      )}
    </Stack>
  );
};
