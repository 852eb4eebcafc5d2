import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Textarea } from '@chakra-ui/react/textarea';
import { useState } from 'react';
import { messages } from '#shared/messages';
import { COMPONENT_DESCRIPTION_MAX_LENGTH, COMPONENT_TEXT_MAX_LENGTH, type Component } from '#shared/schemas/component';
import { FormDialog } from '../../../components/ui/form-dialog';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { proposeEdit, useRefreshRequests } from '../api/change-requests';
import { fieldKind, fieldLabel, fieldStep, fieldText, type EditableField } from './field-groups';

interface EditFieldDialogProps {
  component: Component;
  /** The field being edited (the dialog is shown while a field is being edited). */
  field: EditableField;
  username: string;
  onClose: () => void;
}

/**
 * Spec §2, §5, §8: proposes a new value for one field. An empty value is refused ('Error' /
 * 'Please enter a value'); a sent one becomes an edit request ('Update Submitted').
 */
export const EditFieldDialog = ({ component, field, username, onClose }: EditFieldDialogProps) => {
  const [value, setValue] = useState(() => fieldText(component, field));
  const [error, setError] = useState<string>();
  const [isSubmitting, setSubmitting] = useState(false);
  const refreshRequests = useRefreshRequests();

  const label = fieldLabel(field, component);
  const kind = fieldKind(field);
  const current = fieldText(component, field);

  const submit = async () => {
    if (value.trim() === '') {
      setError(messages.enterValue);
      notify({ type: 'error', title: 'Error', description: messages.enterValue });
      return;
    }
    // An edit that changes nothing would only give the reviewers work.
    if (value.trim() === current.trim()) {
      setError(messages.editUnchanged);
      return;
    }
    setSubmitting(true);
    try {
      await proposeEdit(component.id, field, value.trim(), username);
      refreshRequests();
      notify({
        type: 'success',
        title: 'Update Submitted',
        description: 'Your changes have been submitted for approval.',
      });
      onClose();
    } catch (failure) {
      const message = errorMessage(failure, 'Failed to submit changes');
      setError(message);
      notify({ type: 'error', title: 'Error', description: `Failed to submit changes: ${message}` });
    } finally {
      setSubmitting(false);
    }
  };

  const input = {
    value,
    onChange: (event: { target: { value: string } }) => {
      setValue(event.target.value);
      setError(undefined);
    },
    bg: 'bg',
  };

  return (
    <FormDialog
      title={`Edit ${label}`}
      description={`Current value: ${current || 'Not specified'}. Your change is published once an administrator approves it.`}
      open
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Submit for Approval"
      submittingLabel="Submitting..."
      isSubmitting={isSubmitting}
    >
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>New value</Field.Label>
        {kind === 'long-text' ? (
          <Textarea rows={5} maxLength={COMPONENT_DESCRIPTION_MAX_LENGTH} {...input} />
        ) : kind === 'text' ? (
          <Input maxLength={COMPONENT_TEXT_MAX_LENGTH} {...input} />
        ) : (
          <Input
            type="number"
            step={fieldStep(field)}
            inputMode={kind === 'integer' ? 'numeric' : 'decimal'}
            {...input}
          />
        )}
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
    </FormDialog>
  );
};
