import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { messages } from '#shared/messages';
import { useState } from 'react';
import type { ClassChange } from '#shared/class-list';
import { classChangeSchema } from '#shared/schemas/classes';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { TextField } from '#web/components/ui/form-field.tsx';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { notifyFailure } from '#web/lib/failed-actions.ts';
import { useFileClassChange } from '../api/file-class-change';

/** Which change the dialog files: a new class, a rename of one, or a merge of several (with the name to keep). */
export type ClassChangeChoice =
  { action: 'add' } | { action: 'rename'; from: string } | { action: 'merge'; classes: string[]; into: string };

/** Each change's one typed name: the new class, the new name, the merged class's name. */
const nameField = { add: 'name', rename: 'to', merge: 'into' } as const;

const texts = {
  add: { title: 'Add Class', label: 'Class name' },
  rename: { title: 'Rename Class', label: 'New name' },
  merge: { title: 'Merge Classes', label: 'Name of the merged class' },
} as const;

const changeOf = (choice: ClassChangeChoice, name: string): Record<string, unknown> =>
  choice.action === 'add'
    ? { action: 'add', name }
    : choice.action === 'rename'
      ? { action: 'rename', from: choice.from, to: name }
      : { action: 'merge', classes: choice.classes, into: name };

interface ClassChangeDialogProps {
  /** The change being prepared (kept while the dialog closes). */
  choice: ClassChangeChoice;
  open: boolean;
  /** How many parts have each class now. */
  parts: ReadonlyMap<string, number>;
  onClose: () => void;
  onFiled: (change: ClassChange, requestId: string) => void;
}

/**
 * Files one change of the class list for review: the one name it needs is typed here (checked as
 * the server checks it), what it does to parts is said before it is sent, and the server's
 * refusal (a name taken, a second spelling of a class) is shown on the field.
 */
export const ClassChangeDialog = ({ choice, open, parts, onClose, onFiled }: ClassChangeDialogProps) => {
  const fileChange = useFileClassChange();
  const [name, setName] = useState(() =>
    choice.action === 'rename' ? choice.from : choice.action === 'merge' ? choice.into : '',
  );
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [otherError, setOtherError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const { action } = choice;

  const submit = async () => {
    setOtherError(undefined);
    const parsed = classChangeSchema.safeParse(changeOf(choice, name));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      if (issue.path[0] === nameField[action]) setFieldError(issue.message);
      else setOtherError(issue.message);
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      const { requestId } = await fileChange(parsed.data);
      onFiled(parsed.data, requestId);
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 400 ? error.body?.fields : undefined;
      if (fields?.[nameField[action]]) setFieldError(fields[nameField[action]]);
      else if (error instanceof ApiError && error.status === 400 && error.serverMessage)
        setOtherError(error.serverMessage);
      else notifyFailure('Failed to submit the class change')(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={texts[action].title}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Submit for Review"
      submittingLabel="Submitting..."
      isSubmitting={busy}
      description={
        choice.action === 'rename' ? (
          <>
            Every part of &lsquo;{choice.from}&rsquo; ({messages.partCount(parts.get(choice.from) ?? 0)}) gets the new
            name once an administrator approves the request, each part as a new version.
          </>
        ) : choice.action === 'merge' ? (
          'Every part of these classes gets the merged class once an administrator approves the request, each part as a new version.'
        ) : (
          'The class is offered on the Add New Component form once an administrator approves the request.'
        )
      }
    >
      <Stack gap="4">
        {choice.action === 'merge' && (
          <Stack as="ul" gap="0.5" ps="4" listStyleType="disc" aria-label="Classes to merge" fontSize="sm">
            {choice.classes.map((merged) => (
              <Text as="li" key={merged} overflowWrap="anywhere">
                &lsquo;{merged}&rsquo;: {messages.partCount(parts.get(merged) ?? 0)}
              </Text>
            ))}
          </Stack>
        )}
        <TextField
          label={texts[action].label}
          required
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setFieldError(undefined);
          }}
          error={fieldError}
          helperText={choice.action === 'merge' ? 'One of the names above, or a new one.' : undefined}
          autoComplete="off"
        />
        {otherError && (
          <InlineAlert status="error" size="sm">
            {otherError}
          </InlineAlert>
        )}
      </Stack>
    </FormDialog>
  );
};
