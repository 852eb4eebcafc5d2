import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import type { ReactNode } from 'react';

interface DialogFrameProps {
  open: boolean;
  /** Escape, a click outside or a Close button: the owner decides whether the dialog may go now. */
  onDismiss: () => void;
  /** `alertdialog` for a destructive or interrupting question. */
  role?: 'dialog' | 'alertdialog';
  title: string;
  /** The dialog's buttons. */
  footer: ReactNode;
  children?: ReactNode;
}

/** What every dialog of the app shares: centred over a backdrop, with its title, body and buttons. */
export const DialogFrame = ({ open, onDismiss, role = 'dialog', title, footer, children }: DialogFrameProps) => (
  <Dialog.Root open={open} onOpenChange={(details) => !details.open && onDismiss()} placement="center" role={role}>
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner px="4">
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>{children}</Dialog.Body>
          <Dialog.Footer>{footer}</Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  </Dialog.Root>
);

/** The one button of a dialog that only tells something. */
export const DialogCloseButton = (props: Pick<ButtonProps, 'variant' | 'colorPalette'>) => (
  <Dialog.ActionTrigger asChild>
    <Button {...props}>Close</Button>
  </Dialog.ActionTrigger>
);
