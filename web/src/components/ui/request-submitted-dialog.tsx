import { Button } from '@chakra-ui/react/button';
import { Code } from '@chakra-ui/react/code';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

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
  <Dialog.Root open={requestId !== null} onOpenChange={(details) => !details.open && onClose()} placement="center">
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner px="4">
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
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
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.ActionTrigger asChild>
              <Button colorPalette="blue">Close</Button>
            </Dialog.ActionTrigger>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  </Dialog.Root>
);
