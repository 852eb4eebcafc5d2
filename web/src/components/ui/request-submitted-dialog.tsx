import { Code } from '@chakra-ui/react/code';
import { Dialog } from '@chakra-ui/react/dialog';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { DialogCloseButton, DialogFrame } from './dialog-frame';

interface RequestSubmittedDialogProps {
  title: string;
  /** The first line, what was submitted. */
  description: ReactNode;
  /** The new approval request's id; the dialog is open while there is one. */
  requestId: string | null;
  /** What happens next, under the id. */
  children?: ReactNode;
  onClose: () => void;
}

/** The dialogs that confirm a request with its id ('Component Submitted Successfully', 'File Submitted Successfully', 'Delete Request Submitted'). */
export const RequestSubmittedDialog = ({
  title,
  description,
  requestId,
  children,
  onClose,
}: RequestSubmittedDialogProps) => (
  <DialogFrame
    open={requestId !== null}
    onDismiss={onClose}
    title={title}
    footer={<DialogCloseButton colorPalette="blue" />}
  >
    <Stack gap="3">
      <Dialog.Description>{description}</Dialog.Description>
      <Text>
        Request ID:{' '}
        <Code fontSize="sm" data-testid="request-id" overflowWrap="anywhere">
          {requestId}
        </Code>
      </Text>
      {children && <Text>{children}</Text>}
    </Stack>
  </DialogFrame>
);
