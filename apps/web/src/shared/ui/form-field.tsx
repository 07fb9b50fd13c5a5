// A labelled input or textarea with its error. The error is tied to the control with
// aria-describedby and aria-invalid, so screen readers announce it with the field.
import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from './form-field.module.css';

type Common = { label: string; error?: string | undefined; hint?: string | undefined };

export type TextFieldProps = Common & InputHTMLAttributes<HTMLInputElement> & { multiline?: false };
export type TextAreaFieldProps = Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { multiline: true };

export function FormField(props: TextFieldProps | TextAreaFieldProps) {
  const generated = useId();
  const id = props.id ?? generated;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const { label, error, hint } = props;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const a11y = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {props.multiline ? (
        <textarea {...withoutOwnProps(props)} {...a11y} className={styles.control} />
      ) : (
        <input {...withoutOwnProps(props)} {...a11y} className={styles.control} />
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

function withoutOwnProps<T extends Common & { multiline?: boolean }>(props: T) {
  const { label: _label, error: _error, hint: _hint, multiline: _multiline, ...rest } = props;
  return rest;
}
