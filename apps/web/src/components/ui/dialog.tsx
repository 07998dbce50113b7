import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../utils/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type DialogContentProps = {
  title: string;
  description?: string;
  closeLabel: string;
  children: ReactNode;
  className?: string;
  /** Where focus goes on close; by default Radix returns it to the trigger. */
  onCloseAutoFocus?: (event: Event) => void;
};

/** A centred modal with overlay, title, optional description and a close button. */
export function DialogContent({
  title,
  description,
  closeLabel,
  children,
  className,
  onCloseAutoFocus,
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
          'rounded-2xl bg-white p-6 shadow-2xl focus:outline-none',
          className,
        )}
        onCloseAutoFocus={onCloseAutoFocus}
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
      >
        <div className="mb-5 pr-8">
          <DialogPrimitive.Title className="text-xl font-bold text-slate-900">
            {title}
          </DialogPrimitive.Title>
          {description !== undefined && (
            <DialogPrimitive.Description className="mt-1.5 text-sm text-slate-600">
              {description}
            </DialogPrimitive.Description>
          )}
        </div>
        {children}
        <DialogPrimitive.Close
          className="absolute right-4 top-4 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
          aria-label={closeLabel}
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
