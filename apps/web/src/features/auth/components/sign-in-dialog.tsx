import { lazy, Suspense, type RefObject } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { es } from '../../../strings/es';
import { esAuth } from '../../../strings/es-auth';

// The forms (react-hook-form, both clients' flows) load when the dialog first opens.
const DialogBody = lazy(() => import('./sign-in-dialog-body'));

const t = esAuth;

type SignInDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Receives focus when the dialog closes (the dialog has no trigger of its own). */
  returnFocusRef: RefObject<HTMLElement | null>;
};

/** 'Acceso a Holgura' (docs/product.md §2): SAX, or a Holgura account (sign in, sign up, TOTP step). */
export function SignInDialog({ open, onOpenChange, returnFocusRef }: SignInDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t.dialogTitle}
        description={t.dialogDescription}
        closeLabel={t.close}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusRef.current?.focus();
        }}
      >
        {/* Mounted only while open: each opening starts from a clean form. */}
        {open && (
          <Suspense fallback={<Spinner label={es.auth.loadingForms} className="py-10" />}>
            <DialogBody onDone={() => onOpenChange(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
