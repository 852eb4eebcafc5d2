import { Input, type InputProps } from '@chakra-ui/react/input';
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
