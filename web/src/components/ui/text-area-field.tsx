import type { Field } from '@chakra-ui/react/field';
import { Textarea, type TextareaProps } from '@chakra-ui/react/textarea';
import { LabelledField } from './labelled-field';

// Apart from the text field: the sign-in page has no text area, and its theme no text area recipe.
export interface TextAreaFieldProps extends Omit<TextareaProps, 'size'> {
  label: string;
  error?: string | undefined;
  /** Layout of the field's box in its grid (e.g. spanning two columns). */
  gridColumn?: Field.RootProps['gridColumn'];
}

/** A labelled text area with its error message as its description. */
export const TextAreaField = ({ label, error, gridColumn, ...textarea }: TextAreaFieldProps) => (
  <LabelledField label={label} error={error} gridColumn={gridColumn}>
    {(describedBy) => <Textarea bg="bg" aria-describedby={describedBy} {...textarea} />}
  </LabelledField>
);
