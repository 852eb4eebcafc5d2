import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from './api-client';

type Values = Record<string, string>;

export type FieldErrors<T extends Values> = Partial<Record<keyof T, string>>;

/** The first message for each field of a failed parse, the way the forms show them. */
export const fieldErrors = <T extends Values>(issues: readonly z.core.$ZodIssue[]): FieldErrors<T> => {
  const errors: FieldErrors<T> = {};
  for (const issue of issues) {
    const field = issue.path[0] as keyof T | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
};

/**
 * A small form state for string fields checked by a zod schema: errors show after the first
 * submit and then follow each keystroke; field errors a 400 answer names land on their fields.
 * The fields are strings even where the schema narrows them (a role select starts empty), so the
 * schema's input is only held to the same field names.
 */
type FormSchema<T extends Values, Out> = z.ZodType<Out, NoInfer<{ [K in keyof T]?: unknown }>>;

/**
 * A form's schema, or a function that loads it. A page that must show fast (the login page) loads
 * zod after it is on screen: a submit made before it arrives waits for it.
 */
export type SchemaSource<T extends Values, Out> = FormSchema<T, Out> | (() => Promise<FormSchema<T, Out>>);

export const useZodForm = <T extends Values, Out>(source: SchemaSource<T, Out>, initialValues: T) => {
  const [values, setValues] = useState<T>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [schema, setSchema] = useState(() => (typeof source === 'function' ? undefined : source));
  const loading = useRef<Promise<FormSchema<T, Out>> | undefined>(undefined);

  const loadSchema = useCallback(() => {
    if (typeof source !== 'function') return Promise.resolve(source);
    loading.current ??= source().then((loaded) => {
      setSchema(() => loaded);
      return loaded;
    });
    return loading.current;
  }, [source]);

  useEffect(() => {
    void loadSchema();
  }, [loadSchema]);

  const validateWith = useCallback((current: FormSchema<T, Out>, next: T) => {
    const result = current.safeParse(next);
    setErrors(result.success ? {} : fieldErrors<T>(result.error.issues));
    return result;
  }, []);

  const validate = (next: T) => {
    if (schema) validateWith(schema, next);
  };

  const setValue = (name: keyof T, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) validate(next);
  };

  const register = (name: keyof T & string) => ({
    name,
    value: values[name] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setValue(name, event.target.value),
  });

  /** A field's input bindings with its error, for composed fields such as the password pair. */
  const field = (name: keyof T & string) => ({ ...register(name), error: errors[name] });

  /** The submit handler: validates, then runs `onValid`; a failure goes to `onError`. */
  const handleSubmit =
    (onValid: (data: Out) => Promise<void> | void, onError: (error: unknown) => void = console.error) =>
    async (event?: FormEvent) => {
      event?.preventDefault();
      setSubmitted(true);
      const result = validateWith(await loadSchema(), values);
      if (!result.success) return;
      setSubmitting(true);
      try {
        await onValid(result.data);
      } catch (error) {
        const fields = error instanceof ApiError ? error.body?.fields : undefined;
        if (fields) setErrors(fields as FieldErrors<T>);
        onError(error);
      } finally {
        setSubmitting(false);
      }
    };

  const reset = (next: T = initialValues) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, isSubmitting, setValue, register, field, handleSubmit, reset };
};
