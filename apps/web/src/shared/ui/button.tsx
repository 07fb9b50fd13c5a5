// The one button: a variant (how much it stands out), a size (the back office's dense screens use
// compact, small and icon) and for outline buttons a tone (what the action does). `buttonClass`
// gives the same look to a link (<a>, <NavLink>).
import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export type ButtonLook = {
  variant?: 'primary' | 'secondary' | 'outline' | 'light' | 'link';
  size?: 'regular' | 'compact' | 'small' | 'icon';
  tone?: 'success' | 'danger';
};

export function buttonClass(
  { variant = 'primary', size = 'regular', tone }: ButtonLook = {},
  extra?: string,
) {
  return [styles[variant], size === 'regular' ? '' : styles[size], tone ? styles[tone] : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook;

/** A `type="button"` unless told otherwise, so a button inside a form never submits by accident. */
export function Button({ variant, size, tone, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, tone }, className)} {...rest} />;
}
