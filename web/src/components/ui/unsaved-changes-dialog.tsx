import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Stack } from '@chakra-ui/react/stack';
import type { ReactNode } from 'react';
import { DialogFrame } from './dialog-frame';

interface UnsavedChangesDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** Back to the input, nothing lost (also Escape and a click outside). */
  onStay: () => void;
  stayLabel?: string;
  /** Goes on without the input. */
  onDiscard: () => void;
  discardLabel: string;
  /** A way on that keeps the input, such as saving it first. */
  keep?: { label: string; loadingLabel: string; onClick: () => void; loading: boolean };
}

/**
 * Asks before typed input is thrown away. Closing it in any way (Escape, a click outside, the
 * first button) keeps the input: only the red button discards.
 */
export const UnsavedChangesDialog = ({
  open,
  title,
  description,
  onStay,
  stayLabel = 'Keep editing',
  onDiscard,
  discardLabel,
  keep,
}: UnsavedChangesDialogProps) => (
  <DialogFrame
    open={open}
    onDismiss={() => !keep?.loading && onStay()}
    role="alertdialog"
    title={title}
    footer={
      <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="2" width={{ base: 'full', sm: 'auto' }}>
        <Button variant="outline" onClick={onStay} disabled={keep?.loading}>
          {stayLabel}
        </Button>
        <Button colorPalette="red" variant="outline" onClick={onDiscard} disabled={keep?.loading}>
          {discardLabel}
        </Button>
        {keep && (
          <Button colorPalette="blue" onClick={keep.onClick} loading={keep.loading} loadingText={keep.loadingLabel}>
            {keep.label}
          </Button>
        )}
      </Stack>
    }
  >
    <Dialog.Description>{description}</Dialog.Description>
  </DialogFrame>
);
