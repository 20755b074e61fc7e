import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { ApiFailure } from '../../api/failure';
import { failureText } from '../../domain/failure-text';

export type FieldErrors = Record<string, string>;

/** The first message of each field, by the field's name (a root issue is keyed ''). */
export function fieldErrorsOf(issues: v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '';
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** What a submit handler answers: nothing when it succeeded (it navigates or says so itself), else why not. */
export type SubmitOutcome = void | { failure: ApiFailure };

interface FormOptions<S extends v.GenericSchema> {
  schema: S;
  initial: Partial<Record<keyof v.InferInput<S> & string, string>>;
  onSubmit: (values: v.InferOutput<S>) => Promise<SubmitOutcome>;
}

/**
 * A form's state, validated with a contract schema: errors shown at the field, the server's 422 mapped to
 * the same fields, and focus moved to the first error so keyboard and screen-reader users land on it.
 * What was typed is never reset by a failure.
 */
export function useForm<S extends v.GenericSchema>({ schema, initial, onSubmit }: FormOptions<S>) {
  const [values, setValues] = useState<Record<string, string>>(initial as Record<string, string>);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // Bumped on every failed attempt: focus moves only then, never while the user is typing.
  const [failedAttempts, setFailedAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (failedAttempts === 0) return;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-alert]');
    target?.focus();
  }, [failedAttempts]);

  const setValue = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // Once the user has tried to send, their corrections clear the message as soon as the field is valid.
    if (submitted) {
      const result = v.safeParse(schema, next);
      const now = result.success ? {} : fieldErrorsOf(result.issues);
      setErrors((before) => {
        const updated = { ...before };
        if (now[name]) updated[name] = now[name];
        else delete updated[name];
        return updated;
      });
    }
  };

  const fail = (fieldErrors: FieldErrors, message: string | null) => {
    setErrors(fieldErrors);
    setFormError(message);
    setFailedAttempts((n) => n + 1);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const result = v.safeParse(schema, values);
    if (!result.success) return fail(fieldErrorsOf(result.issues), null);
    setErrors({});
    setFormError(null);
    setSubmitting(true);
    try {
      const outcome = await onSubmit(result.output);
      if (!outcome) return;
      const { failure } = outcome;
      if (failure.kind === 'invalid') {
        // Only a field the user can see and fix gets its message there; any other is said at the form level.
        const shown = (field: string) => field !== '' && !!formRef.current?.elements.namedItem(field);
        const known = Object.fromEntries(failure.errors.filter((e) => shown(e.field)).map((e) => [e.field, e.message]));
        const unknown = failure.errors.filter((e) => !shown(e.field));
        const message = Object.keys(known).length && !unknown.length ? null : (unknown[0]?.message ?? failure.message);
        return fail(known, message);
      }
      fail({}, failureText(failure));
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: keyof v.InferInput<S> & string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (value: string) => setValue(name, value),
  });

  // Callers destructure `formRef` before `ref={formRef}`: react-hooks 7 takes `ref={form.formRef}` for a ref
  // read during render and then flags every other use of `form` (facebook/react#37507).
  return { values, errors, formError, submitting, formRef, handleSubmit, field };
}
