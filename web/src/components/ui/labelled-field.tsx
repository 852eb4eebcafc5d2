import { Field } from '@chakra-ui/react/field';
import type { ReactNode } from 'react';
import { useFieldDescription } from './field-description';

interface LabelledFieldProps {
  label: string;
  error?: string | undefined;
  helperText?: string | undefined;
  /** Marks the label, and makes the control inside required. */
  required?: boolean | undefined;
  /** Layout of the field's box in its grid (e.g. spanning two columns). */
  gridColumn?: Field.RootProps['gridColumn'];
  /** The control, given the `aria-describedby` that names the message shown. */
  children: (describedBy: string | undefined) => ReactNode;
}

/** A field's box: its label, the control, and its error message or else its helper text, read as the control's description. */
export const LabelledField = ({ label, error, helperText, required, gridColumn, children }: LabelledFieldProps) => {
  const { ids, describedBy } = useFieldDescription({ error, helperText });
  return (
    <Field.Root invalid={Boolean(error)} required={required} ids={ids} gridColumn={gridColumn}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children(describedBy)}
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        helperText && <Field.HelperText>{helperText}</Field.HelperText>
      )}
    </Field.Root>
  );
};
