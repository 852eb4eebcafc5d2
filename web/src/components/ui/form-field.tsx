import { Field } from '@chakra-ui/react/field';
import { Input, type InputProps } from '@chakra-ui/react/input';
import { Textarea, type TextareaProps } from '@chakra-ui/react/textarea';
import { useFieldDescription } from './field-description';

export interface TextFieldProps extends Omit<InputProps, 'size'> {
  label: string;
  error?: string | undefined;
  helperText?: string;
}

/** A labelled input with its error message (or else its helper text) as its description. */
export const TextField = ({ label, error, helperText, required, ...input }: TextFieldProps) => {
  const { ids, describedBy } = useFieldDescription({ error, helperText });
  return (
    <Field.Root invalid={Boolean(error)} required={required} ids={ids}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input bg="bg" aria-describedby={describedBy} {...input} />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        helperText && <Field.HelperText>{helperText}</Field.HelperText>
      )}
    </Field.Root>
  );
};

export interface TextAreaFieldProps extends Omit<TextareaProps, 'size'> {
  label: string;
  error?: string | undefined;
  /** Layout of the field's box in its grid (e.g. spanning two columns). */
  gridColumn?: Field.RootProps['gridColumn'];
}

/** A labelled text area with its error message as its description. */
export const TextAreaField = ({ label, error, gridColumn, ...textarea }: TextAreaFieldProps) => {
  const { ids, describedBy } = useFieldDescription({ error });
  return (
    <Field.Root invalid={Boolean(error)} ids={ids} gridColumn={gridColumn}>
      <Field.Label>{label}</Field.Label>
      <Textarea bg="bg" aria-describedby={describedBy} {...textarea} />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
};
