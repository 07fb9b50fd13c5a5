// Every form: React Hook Form with zodResolver over the schema in packages/domain that the server
// validates with. `Form` submits through it and maps the server's per-field errors (the `fields`
// of a 400 answer, named `body.<field>`) onto the fields; `FormField` shows a field's error
// accessibly (aria-invalid + aria-describedby), whether it came from the schema or the server.
import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, useContext, useState, type FormHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Controller,
  FormProvider,
  useForm,
  useFormContext,
  useFormState,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod/v4/core';
import { ApiError, errorText } from '../api/http';
import { DateInput } from './date-input';
import styles from './form-field.module.css';

/**
 * useForm with the domain schema as its resolver. Errors show once a field is left, and follow
 * the typing after that (or after the first submit). The schema may come as a function that
 * imports it: a page whose form is drawn before its app starts (the gift page) then builds the
 * schema's zod objects when the form is first validated, not while the page hydrates
 * (docs/performance.md#prerendered-first-screen). Such a page may call the same function earlier,
 * on the visitor's first touch of the form, so the import is done before the first check.
 */
export function useZodForm<
  S extends z.$ZodType,
  TIn extends FieldValues = z.input<S> extends FieldValues ? z.input<S> : never,
>(
  schema: S | (() => Promise<S>),
  options: Omit<UseFormProps<TIn, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<TIn, unknown, z.output<S>> {
  const [resolver] = useState(() =>
    typeof schema === 'function' ? loadedZodResolver(schema) : zodResolver(schema as never),
  );
  return useForm<TIn, unknown, z.output<S>>({
    mode: 'onTouched',
    ...options,
    resolver: resolver as never,
  });
}

/** The zod resolver of a schema imported on its first use. */
function loadedZodResolver(load: () => Promise<z.$ZodType>): Resolver<FieldValues> {
  let resolver: Promise<Resolver<FieldValues>> | undefined;
  return async (values, context, options) => {
    resolver ??= load().then((schema) => zodResolver(schema as never) as unknown as Resolver<FieldValues>);
    return (await resolver)(values, context, options);
  };
}

/** Where the server's error for a field (`body.email`, `querystring.from`) belongs: `email`. */
function formPath(serverPath: string): string {
  return serverPath.replace(/^(body|querystring|params)\.?/, '');
}

/**
 * Whether the form shows a field: a control named like it, or for a group's own error
 * (`policy.root`) a control of the group.
 */
function shownBy(element: HTMLFormElement): (path: string) => boolean {
  return (path) => {
    const base = path.replace(/\.root$/, '');
    return [...element.elements].some((control) => {
      const name = control.getAttribute('name') ?? '';
      return name === base || name.startsWith(`${base}.`);
    });
  };
}

/**
 * Puts a 400 answer's field errors on the fields the form shows. True when at least one landed
 * there: the caller then needs no other message to explain what to fix. An error on a path with
 * no control (a value the form sets itself) is left to the caller's message, where it is seen.
 */
function applyServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError'>,
  err: unknown,
  shows: (path: string) => boolean,
  toField: (schemaPath: string) => string | undefined = (path) => path,
): boolean {
  if (!(err instanceof ApiError) || err.fields.length === 0) return false;
  let placed = false;
  for (const field of err.fields) {
    const path = toField(formPath(field.path));
    if (!path || !shows(path)) continue;
    form.setError(path as Path<T>, { type: 'server', message: field.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/**
 * A 400 answer's field errors in the shape of useForm's `errors` option: for forms whose request
 * is not their submit (a filter bar whose values a query sends), so the query's refusal shows on
 * the fields. Undefined when the error names none of `fields`.
 */
export function serverFieldErrors(err: unknown, fields: readonly string[]): FieldErrors | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const errors: Record<string, { type: string; message: string }> = {};
  for (const field of err.fields) {
    const path = formPath(field.path);
    if (fields.includes(path) && !errors[path]) errors[path] = { type: 'server', message: field.message };
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/**
 * How a failed submit reads above the button when the form has no `onError`. The back office
 * provides one that says the server's refusals in the operator's language (AdminLayout).
 */
export const SubmitErrorTextContext = createContext<(err: unknown) => string>(errorText);

export type FormProps<TIn extends FieldValues, TOut> = Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onError'
> & {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: (values: TOut) => Promise<unknown> | void;
  /**
   * A failed submit, after its field errors (if any) were put on the fields; `onFields` says
   * whether one landed on a field of this form. Without it the error's text shows in FormError.
   */
  onError?: (err: unknown, onFields: boolean) => void;
  /** The field a server error path (without `body.`) belongs to, when the form's fields are not the schema's. */
  serverPathToField?: (schemaPath: string) => string | undefined;
  /** A submit the schema stopped (the fields show why). */
  onInvalid?: (errors: FieldErrors<TIn>) => void;
  children: ReactNode;
};

export function Form<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  onError,
  serverPathToField,
  onInvalid,
  children,
  ...rest
}: FormProps<TIn, TOut>) {
  const submitErrorText = useContext(SubmitErrorTextContext);
  // The form element the submit came from: a server error goes on a field it shows.
  const submitFrom = (element: HTMLFormElement) =>
    form.handleSubmit(async (values) => {
      try {
        await onSubmit(values);
      } catch (err) {
        const onFields = applyServerFieldErrors(form, err, shownBy(element), serverPathToField);
        if (onError) onError(err, onFields);
        else form.setError('root.server', { type: 'server', message: submitErrorText(err) });
      }
    }, onInvalid);
  return (
    <FormProvider {...form}>
      <form noValidate {...rest} onSubmit={(event) => void submitFrom(event.currentTarget)(event)}>
        {children}
      </form>
    </FormProvider>
  );
}

/** A schema or server message: the shared schemas' messages are i18n keys ('validation.*'). */
export function useErrorText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => (message?.startsWith('validation.') ? t(message) : message);
}

type FieldOwnProps = {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  id?: string;
  /** Shown beside the control, e.g. a password's show/hide button. */
  trailing?: ReactNode;
  /** Fields whose error depends on this one (a cross-field rule): checked again when it changes. */
  deps?: string[];
  /** The back office's dense look (filter bars): a smaller, quieter label and control. */
  compact?: boolean;
  /** Classes of the field's wrapper (its place in a layout, e.g. a search that grows). */
  fieldClassName?: string;
};
type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>;
type TextAreaProps = Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'>;
type SelectProps = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'>;

export type FormFieldProps =
  | (FieldOwnProps & { as?: 'input' } & InputProps)
  | (FieldOwnProps & { as: 'textarea' } & TextAreaProps)
  | (FieldOwnProps & { as: 'select'; children: ReactNode } & SelectProps);

/** The id, invalid state and describedby a control needs for its field's error and hint. */
export function useFieldA11y(name: string, id: string | undefined, hasHint: boolean) {
  const { control, getFieldState } = useFormContext();
  const formState = useFormState({ control, name });
  const error = getFieldState(name, formState).error?.message;
  const controlId = id ?? `field-${name.replace(/\W/g, '-')}`;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hasHint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return {
    error,
    errorId,
    hintId,
    controlProps: {
      id: controlId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
    },
  };
}

/** A labelled input, textarea or select bound to the form by `name`, with its hint and error. */
export function FormField(props: FormFieldProps) {
  const {
    name,
    label,
    hint,
    id,
    trailing,
    deps,
    compact,
    fieldClassName,
    as = 'input',
    ...controlRest
  } = props as FieldOwnProps & {
    as?: 'input' | 'textarea' | 'select';
  } & Record<string, unknown>;
  const { register, control: formControl } = useFormContext();
  const { type: inputType, ...notType } = controlRest;
  const errorText = useErrorText();
  const { error, errorId, hintId, controlProps } = useFieldA11y(name, id, Boolean(hint));
  const control = {
    ...controlRest,
    ...register(name, deps ? { deps } : undefined),
    ...controlProps,
    className: styles.control,
  };
  const controlElement =
    // A day is typed in the app language's format, not the browser's (date-input.tsx).
    inputType === 'date' ? (
      <Controller
        name={name}
        control={formControl}
        rules={deps ? { deps } : undefined}
        render={({ field }) => (
          <DateInput
            {...notType}
            {...controlProps}
            name={field.name}
            ref={field.ref}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
    ) : as === 'textarea' ? (
      <textarea {...control} />
    ) : as === 'select' ? (
      <select {...control} />
    ) : (
      <input {...control} />
    );
  return (
    <div
      className={[styles.field, compact ? styles.compact : '', fieldClassName ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      <label htmlFor={controlProps.id} className={styles.label}>
        {label}
      </label>
      {trailing ? (
        <div className={styles.row}>
          {controlElement}
          {trailing}
        </div>
      ) : (
        controlElement
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldErrorText id={errorId} message={errorText(error)} />
    </div>
  );
}

export function FieldErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
  );
}

/** The form-level error of a failed submit that had no onError handler. */
export function FormError() {
  const { formState } = useFormContext();
  const message = formState.errors.root?.server?.message;
  if (!message) return null;
  return (
    <p role="alert" className={styles.formError}>
      {message}
    </p>
  );
}
