import { Button } from '@chakra-ui/react/button';
import { Code } from '@chakra-ui/react/code';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';

interface SubmittedDialogProps {
  /** The new request's id; the dialog is open while there is one. */
  requestId: string | null;
  onClose: () => void;
}

/** Spec §2: 'Component Submitted Successfully' with the Request ID. */
export const SubmittedDialog = ({ requestId, onClose }: SubmittedDialogProps) => (
  <Dialog.Root open={requestId !== null} onOpenChange={(details) => !details.open && onClose()} placement="center">
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner px="4">
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>Component Submitted Successfully</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="3">
              <Dialog.Description>Your component has been submitted for review.</Dialog.Description>
              <Text>
                Request ID:{' '}
                <Code fontSize="sm" data-testid="request-id" overflowWrap="anywhere">
                  {requestId}
                </Code>
              </Text>
              <Text>The component will be added to the database once approved by an administrator.</Text>
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
