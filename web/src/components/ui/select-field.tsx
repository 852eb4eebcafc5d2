import { NativeSelect, type NativeSelectFieldProps } from '@chakra-ui/react/native-select';
import { LabelledField } from './labelled-field';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<NativeSelectFieldProps, 'children'> {
  options: readonly SelectOption[];
  size?: NativeSelect.RootProps['size'];
  width?: NativeSelect.RootProps['width'];
  disabled?: boolean;
}

/** A native select of `options`, named by its caller (a label around it, or its own `aria-label`). */
export const Select = ({ options, size, width, disabled, ...field }: SelectProps) => (
  <NativeSelect.Root size={size} width={width} disabled={disabled}>
    <NativeSelect.Field bg="bg" {...field}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect.Field>
    <NativeSelect.Indicator />
  </NativeSelect.Root>
);

export interface SelectFieldProps extends Omit<NativeSelectFieldProps, 'children'> {
  label: string;
  options: readonly SelectOption[];
  error?: string | undefined;
  required?: boolean;
}

/**
 * A labelled native select with its error message (the platform's own picker, which phones and
 * screen readers handle best); `placeholder` adds an empty first option. Its own file, so the
 * login page, which uses only text fields, does not load it.
 */
export const SelectField = ({ label, options, error, required, ...select }: SelectFieldProps) => (
  <LabelledField label={label} error={error} required={required}>
    {(describedBy) => <Select options={options} aria-describedby={describedBy} {...select} />}
  </LabelledField>
);
