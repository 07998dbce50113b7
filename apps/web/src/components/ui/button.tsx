import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../utils/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-sky-500 ' +
  'disabled:cursor-not-allowed disabled:opacity-100 motion-reduce:transition-none';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-sky-700 text-white shadow-sm hover:bg-sky-800 disabled:bg-slate-300 disabled:text-slate-700 disabled:shadow-none',
  secondary: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800 disabled:bg-slate-300',
  outline:
    'border border-slate-300 bg-white text-slate-800 hover:border-sky-500 hover:text-sky-800 disabled:text-slate-500',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  inverse:
    'border border-white/30 bg-white/5 text-white hover:bg-white/15 focus-visible:ring-offset-slate-900',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
};

/** Classes of a button, for links that must look like one. */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
): string {
  return cn(base, variants[variant], sizes[size], className);
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
