import type { Field } from '@chakra-ui/react/field';
import { Input, type InputProps } from '@chakra-ui/react/input';
import { Textarea, type TextareaProps } from '@chakra-ui/react/textarea';
import { LabelledField } from './labelled-field';

export interface TextFieldProps extends Omit<InputProps, 'size'> {
  label: string;
  error?: string | undefined;
  helperText?: string;
}

/** A labelled input with its error message (or else its helper text) as its description. */
export const TextField = ({ label, error, helperText, required, ...input }: TextFieldProps) => (
  <LabelledField label={label} error={error} helperText={helperText} required={required}>
    {(describedBy) => <Input bg="bg" aria-describedby={describedBy} {...input} />}
  </LabelledField>
);

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
