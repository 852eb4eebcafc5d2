import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Textarea } from '@chakra-ui/react/textarea';
import { useState } from 'react';
import { messages } from '#shared/messages';
import { choicesOf } from '#shared/schemas/choice-fields';
import {
  COMPONENT_DESCRIPTION_MAX_LENGTH,
  COMPONENT_TEXT_MAX_LENGTH,
  fieldValueSchema,
  isChoiceField,
  componentNumberRules,
  type Component,
  type ComponentNumberField,
} from '#shared/schemas/component';
import { ChoiceField } from '#web/components/ui/choice-field.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { useFieldDescription } from '#web/components/ui/field-description.ts';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { ReferenceInUseNotice } from '#web/components/ui/reference-in-use.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { UnsavedChangesDialog } from '#web/components/ui/unsaved-changes-dialog.tsx';
import { useBusyAction } from '#web/lib/failed-actions.ts';
import { useComponentOptions } from '#web/lib/component-options.ts';
import { useReferenceTakenBy } from '#web/lib/duplicate-candidates.ts';
import { proposeEdit, useRefreshRequests } from '../api/change-requests';
import { fieldKind, fieldLabel, fieldText, shownText, type ShownField } from './field-groups';

interface EditFieldDialogProps {
  component: Component;
  /** The field being edited (the dialog is shown while a field is being edited). */
  field: ShownField;
  username: string;
  onClose: () => void;
}

/** The fields picked from a list, as on the Add form; manufacturer and type also take a value the list lacks. */
const choiceFields = {
  class: { options: 'classes', placeholder: 'Select class', allowOther: false },
  manufacturer: { options: 'manufacturers', placeholder: 'Select manufacturer', allowOther: true },
  type: { options: 'types', placeholder: 'Select type', allowOther: true },
} as const;
type ChoiceFieldName = keyof typeof choiceFields;
const isListField = (field: ShownField): field is ChoiceFieldName => Object.hasOwn(choiceFields, field);

/**
 * What is wrong with a proposed value, by the rules the server applies to the same field (range,
 * step, length); an empty value is refused with 'Please enter a value'.
 */
export const editProblem = (field: ShownField, value: string, current: string): string | undefined => {
  if (value.trim() === '') return messages.enterValue;
  // An edit that changes nothing would only give the reviewers work.
  if (value.trim() === current.trim()) return messages.editUnchanged;
  const parsed = fieldValueSchema(field).safeParse(value);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? messages.invalidRequest);
};

/**
 * Proposes a new value for one field, checked as the Add form and the server check it. A sent
 * value becomes an edit request ('Update Submitted'). A reference another part already has is
 * pointed out before sending.
 */
export const EditFieldDialog = ({ component, field, username, onClose }: EditFieldDialogProps) => {
  const [value, setValue] = useState(() => fieldText(component, field));
  const [error, setError] = useState<string>();
  const description = useFieldDescription({ error });
  const { busy: isSubmitting, run } = useBusyAction('Failed to submit changes', setError);
  const [asking, setAsking] = useState(false);
  const refreshRequests = useRefreshRequests();
  const options = useComponentOptions();
  const takenBy = useReferenceTakenBy(field === 'reference' ? value : '', component.id);

  const label = fieldLabel(field, component);
  const kind = fieldKind(field);
  const current = fieldText(component, field);

  // Escape or a click outside with a changed value asks before the value is thrown away.
  const dismiss = () => (value !== current ? setAsking(true) : onClose());

  const submit = async () => {
    const problem = editProblem(field, value, current);
    if (problem) {
      setError(problem);
      if (problem === messages.enterValue) notify({ type: 'error', title: 'Error', description: problem });
      return;
    }
    await run(async () => {
      await proposeEdit(component.id, field, value.trim(), username);
      refreshRequests();
      notify({
        type: 'success',
        title: 'Update Submitted',
        description: 'Your changes have been submitted for approval.',
      });
      onClose();
    });
  };

  const change = (next: string) => {
    setValue(next);
    setError(undefined);
  };
  const input = {
    value,
    onChange: (event: { target: { value: string } }) => change(event.target.value),
    bg: 'bg',
    'aria-describedby': description.describedBy,
  };

  const editor = () => {
    if (kind === 'choice' && isChoiceField(field)) {
      // A value from the field's fixed list (a lifecycle): its labels, sent as its codes.
      return (
        <SelectField
          label="New value"
          name={field}
          value={value}
          onChange={(event) => change(event.target.value)}
          options={choicesOf(field)}
          error={error}
        />
      );
    }
    if (isListField(field)) {
      const choice = choiceFields[field];
      return (
        <ChoiceField
          label="New value"
          name={field}
          value={value}
          onValueChange={change}
          options={options[choice.options]}
          placeholder={choice.placeholder}
          allowOther={choice.allowOther}
          otherLabel={`Other ${label.toLowerCase()}`}
          error={error}
        />
      );
    }
    return (
      <Field.Root invalid={Boolean(error)} ids={description.ids}>
        <Field.Label>New value</Field.Label>
        {kind === 'long-text' ? (
          <Textarea rows={5} maxLength={COMPONENT_DESCRIPTION_MAX_LENGTH} {...input} />
        ) : kind === 'text' ? (
          <Input maxLength={COMPONENT_TEXT_MAX_LENGTH} {...input} />
        ) : (
          <Input
            type="number"
            min={componentNumberRules[field as ComponentNumberField].min}
            step={componentNumberRules[field as ComponentNumberField].step}
            inputMode={kind === 'integer' ? 'numeric' : 'decimal'}
            {...input}
          />
        )}
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
    );
  };

  return (
    <>
      <FormDialog
        title={`Edit ${label}`}
        description={`Current value: ${shownText(component, field) || 'Not specified'}. Your change is published once an administrator approves it.`}
        open
        onClose={onClose}
        onDismiss={dismiss}
        onSubmit={submit}
        submitLabel="Submit for Approval"
        submittingLabel="Submitting..."
        isSubmitting={isSubmitting}
      >
        <Stack gap="4">
          {editor()}
          {takenBy && <ReferenceInUseNotice part={takenBy} />}
        </Stack>
      </FormDialog>
      <UnsavedChangesDialog
        open={asking}
        title="Discard your change?"
        description={`The new value you typed for ${label} is not submitted. Closing the dialog discards it.`}
        onStay={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          onClose();
        }}
        discardLabel="Discard"
      />
    </>
  );
};
