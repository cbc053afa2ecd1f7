// The portal's buttons: PrimeReact's button look on a plain <button> or router <Link> (PrimeReact's
// own Button component is not needed for that, and stays out of the landing bundle).
import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

type Variant = 'primary' | 'outlined' | 'text' | 'danger';

/** The classes of a button of this variant, then `className`. */
export const buttonClass = (variant: Variant = 'primary', className?: string) =>
  ['p-button p-component', variant !== 'primary' && `p-button-${variant}`, className].filter(Boolean).join(' ');

/** A button (type="button" unless told). */
export function Button({ variant, className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

/** A link within the portal that looks like a button. */
export function LinkButton({ variant, className, ...props }: LinkProps & { variant?: Variant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
