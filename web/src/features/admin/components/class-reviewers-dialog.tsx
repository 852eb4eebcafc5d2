import * as z from 'zod';
import { groupListTextSchema } from '#shared/schemas/users';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { TextField } from '#web/components/ui/form-field.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { notifyFailure } from '#web/lib/failed-actions.ts';
import { useZodForm } from '#web/lib/form.ts';
import { setClassReviewers } from '../api/class-reviewers';

const reviewersFormSchema = z.object({ groups: groupListTextSchema });

interface ClassReviewersDialogProps {
  /** The class whose reviewer groups are edited, and the groups it names now. */
  className: string;
  groups: readonly string[];
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Names the groups (hub groups or single sign-on groups) whose reviewers a class's requests go
 * to first; any librarian or administrator can still act on them. The parent mounts it anew for
 * each class it opens.
 */
export const ClassReviewersDialog = ({ className, groups, open, onClose, onSaved }: ClassReviewersDialogProps) => {
  const form = useZodForm(reviewersFormSchema, { groups: groups.join(', ') });

  const onSubmit = form.handleSubmit(async (values) => {
    await setClassReviewers(className, values.groups);
    notify({
      type: 'success',
      title: 'Reviewers saved',
      description: values.groups.length
        ? `Requests about ${className} go to ${values.groups.join(', ')} first.`
        : `Requests about ${className} go to every reviewer.`,
    });
    onSaved();
  }, notifyFailure('Failed to save reviewers'));

  return (
    <FormDialog
      title="Class Reviewers"
      description={
        <>
          Groups whose reviewers see requests about <strong>{className}</strong> first (Assigned to me); any librarian
          or administrator can still act on them.
        </>
      }
      open={open}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Save Reviewers"
      submittingLabel="Saving..."
      isSubmitting={form.isSubmitting}
    >
      <TextField
        label="Reviewer groups"
        helperText="Hub or single sign-on groups, separated by commas; empty: every reviewer."
        autoComplete="off"
        {...form.field('groups')}
      />
    </FormDialog>
  );
};
