import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { useId, type FormEvent, type ReactNode } from 'react';
import { DialogFrame } from './dialog-frame';

export interface FormDialogProps {
  title: string;
  description?: ReactNode;
  open: boolean;
  onClose: () => void;
  /**
   * Escape or a click outside; `onClose` unless given (a dialog holding typed input asks first,
   * while its Cancel button still closes at once).
   */
  onDismiss?: () => void;
  onSubmit: (event?: FormEvent) => unknown;
  submitLabel: string;
  submittingLabel: string;
  isSubmitting: boolean;
  /** Red submit button, for destructive actions. */
  destructive?: boolean;
  children?: ReactNode;
}

/**
 * A dialog holding one form: Cancel and the submit button in its footer; it cannot be closed
 * while the form is being sent.
 */
export const FormDialog = ({
  title,
  description,
  open,
  onClose,
  onDismiss = onClose,
  onSubmit,
  submitLabel,
  submittingLabel,
  isSubmitting,
  destructive = false,
  children,
}: FormDialogProps) => {
  const formId = useId();
  return (
    <DialogFrame
      open={open}
      onDismiss={() => !isSubmitting && onDismiss()}
      role={destructive ? 'alertdialog' : 'dialog'}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            colorPalette={destructive ? 'red' : 'blue'}
            loading={isSubmitting}
            loadingText={submittingLabel}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      {description && <Dialog.Description mb="4">{description}</Dialog.Description>}
      <form
        id={formId}
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit(event);
        }}
      >
        {children}
      </form>
    </DialogFrame>
  );
};
