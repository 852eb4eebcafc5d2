import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { InviteFields, useInviteForm } from './invite-user-form';

interface InviteUserDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The admin dashboard's 'Invite User' dialog: closes once the invitation is sent. */
export const InviteUserDialog = ({ open, onClose }: InviteUserDialogProps) => {
  const invite = useInviteForm(onClose);
  const close = () => {
    invite.clear();
    onClose();
  };
  return (
    <FormDialog
      title="Invite User"
      description="The colleague receives an email with a link to choose a username and password."
      open={open}
      onClose={close}
      onSubmit={invite.onSubmit}
      submitLabel="Send Invitation"
      submittingLabel="Sending..."
      isSubmitting={invite.form.isSubmitting}
    >
      <InviteFields invite={invite} />
    </FormDialog>
  );
};
