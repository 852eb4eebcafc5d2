import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { useState } from 'react';
import { messages } from '#shared/messages';
import { ATTACHMENT_MAX_MEGABYTES, attachmentAccept, attachmentFileProblem } from '#shared/schemas/files';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { notify, type Notice } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { fileProblemNotice, noFileNotice } from '#web/lib/file-checks.ts';
import { uploadAttachment, useReloadAttachments } from '../api/attachments';
import { useRefreshRequests } from '../api/change-requests';
import { useFieldDescription } from '#web/components/ui/field-description.ts';

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
 * Picks a PDF, JPEG, PNG or GIF up to 10 MB, sends it to S3 through a presigned
 * upload and files it as a pending attachment ('Upload Submitted').
 */
export const UploadDialog = ({ componentId, open, username, onClose, onSubmitted }: UploadDialogProps) => {
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const description = useFieldDescription({ error, helperText: true });
  const [isSubmitting, setSubmitting] = useState(false);
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
    setSubmitting(true);
    try {
      const { requestId } = await uploadAttachment(componentId, file, username);
      void reloadAttachments(componentId);
      refreshRequests();
      notify({ type: 'success', title: 'Upload Submitted', description: 'Your file has been submitted for approval.' });
      close();
      onSubmitted(requestId);
    } catch (failure) {
      const message = errorMessage(failure, 'Failed to upload file');
      setError(message);
      notify({ type: 'error', title: 'Error', description: `Failed to upload file: ${message}` });
    } finally {
      setSubmitting(false);
    }
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
      <Field.Root invalid={Boolean(error)} ids={description.ids}>
        <Field.Label>File</Field.Label>
        <Input
          type="file"
          aria-describedby={description.describedBy}
          accept={attachmentAccept}
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            setError(undefined);
          }}
          fontSize="sm"
          py="1.5"
          bg="bg"
        />
        {error ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : (
          <Field.HelperText>Accepted: {attachmentAccept.replaceAll(',', ', ')}</Field.HelperText>
        )}
      </Field.Root>
    </FormDialog>
  );
};
