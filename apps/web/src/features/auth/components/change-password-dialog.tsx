import { zodResolver } from '@hookform/resolvers/zod';
import { signUpRequestSchema } from '@holgura/contracts';
import { useId, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { esAuth } from '../../../strings/es-auth';
import { useAuth } from '../use-auth';

const t = esAuth.change;

/** The current password, and a new one with the sign-up rules (and their Spanish messages). */
const changeSchema = z.object({
  currentPassword: z.string().min(1, t.currentRequired),
  newPassword: signUpRequestSchema.shape.password,
  keepOtherSessions: z.boolean(),
});

type ChangePasswordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLElement | null>;
};

/**
 * A product account's new password (user menu). The account's other sessions end with it
 * unless the user ticks «Mantener abiertas mis otras sesiones»; this one stays open.
 */
export function ChangePasswordDialog({
  open,
  onOpenChange,
  returnFocusRef,
}: ChangePasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t.title}
        description={t.description}
        closeLabel={t.cancel}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusRef.current?.focus();
        }}
      >
        {/* Mounted only while open: each opening starts from empty fields. */}
        {open && <ChangePasswordForm onChanged={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const { changePassword } = useAuth();
  const keepId = useId();
  const form = useForm({
    resolver: zodResolver(changeSchema),
    defaultValues: { currentPassword: '', newPassword: '', keepOtherSessions: false },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (await changePassword(values)) onChanged();
  });

  return (
    <form
      onSubmit={onSubmit}
      // Spanish messages from the form's checks, never the browser's bubbles (its own language).
      noValidate
      className="space-y-4"
    >
      <FormField
        label={t.currentPassword}
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <FormField
        label={t.newPassword}
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        hint={esAuth.passwordHint}
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <div className="flex gap-3">
        <input
          id={keepId}
          type="checkbox"
          aria-describedby={`${keepId}-hint`}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 text-sky-700 focus-visible:ring-2 focus-visible:ring-sky-500"
          {...form.register('keepOtherSessions')}
        />
        <div className="text-sm">
          <label htmlFor={keepId} className="font-medium text-slate-800">
            {t.keepSessions}
          </label>
          <p id={`${keepId}-hint`} className="text-xs text-slate-600">
            {t.keepSessionsHint}
          </p>
        </div>
      </div>
      <div className="flex gap-3">
        <DialogClose asChild>
          <Button variant="outline" className="flex-1">
            {t.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" className="flex-1" disabled={isSubmitting}>
          {isSubmitting ? t.submitting : t.submit}
        </Button>
      </div>
    </form>
  );
}
