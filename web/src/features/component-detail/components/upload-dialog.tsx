import { Input } from '@chakra-ui/react/input';
import { useState } from 'react';
import { messages } from '#shared/messages';
import { ATTACHMENT_MAX_MEGABYTES, attachmentAccept, attachmentFileProblem } from '#shared/schemas/files';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { LabelledField } from '#web/components/ui/labelled-field.tsx';
import { notify, type Notice } from '#web/components/ui/toaster.tsx';
import { useBusyAction } from '#web/lib/failed-actions.ts';
import { fileProblemNotice, noFileNotice } from '#web/lib/file-checks.ts';
import { uploadAttachment, useReloadAttachments } from '../api/attachments';
import { useRefreshRequests } from '../api/change-requests';

/** The upload checks, made in the browser before anything is sent: the toast to show, or null. */
export const uploadProblem = (file: File | undefined): Notice | null =>
  file ? fileProblemNotice(attachmentFileProblem(file)) : noFileNotice(messages.noFileSelected);

interface UploadDialogProps {
  componentId: number;
  open: boolean;
  username: string;
  onClose: () => void;
  /** The attachment request was filed. */
  onSubmitted: (requestId: string) => void;
}

/**
 * Picks a document, picture, 3D model, drawing or CAD archive up to 10 MB, sends it to S3 through a presigned
 * upload and files it as a pending attachment ('Upload Submitted').
 */
export const UploadDialog = ({ componentId, open, username, onClose, onSubmitted }: UploadDialogProps) => {
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const { busy: isSubmitting, run } = useBusyAction('Failed to upload file', setError);
  const reloadAttachments = useReloadAttachments();
  const refreshRequests = useRefreshRequests();

  const close = () => {
    setFile(undefined);
    setError(undefined);
    onClose();
  };

  const submit = async () => {
    const problem = uploadProblem(file);
    if (problem || !file) {
      setError(problem?.description);
      if (problem) notify(problem);
      return;
    }
    await run(async () => {
      const { requestId } = await uploadAttachment(componentId, file, username);
      void reloadAttachments(componentId);
      refreshRequests();
      notify({ type: 'success', title: 'Upload Submitted', description: 'Your file has been submitted for approval.' });
      close();
      onSubmitted(requestId);
    });
  };

  return (
    <FormDialog
      title="Upload Attachment"
      description={`An image or a document for this component: PDF, JPEG, PNG or GIF, up to ${ATTACHMENT_MAX_MEGABYTES} MB. It is shown to everyone once an administrator approves it.`}
      open={open}
      onClose={close}
      onSubmit={submit}
      submitLabel="Upload"
      submittingLabel="Uploading..."
      isSubmitting={isSubmitting}
    >
      <LabelledField label="File" error={error} helperText={`Accepted: ${attachmentAccept.replaceAll(',', ', ')}`}>
        {(describedBy) => (
          <Input
            type="file"
            aria-describedby={describedBy}
            accept={attachmentAccept}
            onChange={(event) => {
              setFile(event.target.files?.[0]);
              setError(undefined);
            }}
            fontSize="sm"
            py="1.5"
            bg="bg"
          />
        )}
      </LabelledField>
    </FormDialog>
  );
};
