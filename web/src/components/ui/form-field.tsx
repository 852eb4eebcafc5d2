import { Field } from '@chakra-ui/react/field';
import { Input, type InputProps } from '@chakra-ui/react/input';

export interface TextFieldProps extends Omit<InputProps, 'size'> {
  label: string;
  error?: string | undefined;
  helperText?: string;
}

/** A labelled input with its error message, wired for screen readers by Chakra's Field. */
export const TextField = ({ label, error, helperText, required, ...input }: TextFieldProps) => (
  <Field.Root invalid={Boolean(error)} required={required}>
    <Field.Label>
      {label}
      {required && <Field.RequiredIndicator />}
    </Field.Label>
    <Input bg="bg" {...input} />
    {error ? (
      <Field.ErrorText>{error}</Field.ErrorText>
    ) : (
      helperText && <Field.HelperText>{helperText}</Field.HelperText>
    )}
  </Field.Root>
);
