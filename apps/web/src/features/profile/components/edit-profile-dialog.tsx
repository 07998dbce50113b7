import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileRequestSchema, type Profile } from '@holgura/contracts';
import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { AccountInput, NameInputs, ReadOnlyEmail } from '../../../components/forms/account-fields';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { es } from '../../../strings/es';
import { useProfile, useUpdateProfile } from '../api/profile';

const t = es.profile;

type EditProfileDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLElement | null>;
  /** Called after a successful save (the app refreshes the signed-in name). */
  onSaved?: (profile: Profile) => void | Promise<void>;
};

/** Spec §2: email read-only; first name, last name and company required and trimmed. */
export function EditProfileDialog({
  open,
  onOpenChange,
  returnFocusRef,
  onSaved,
}: EditProfileDialogProps) {
  const profile = useProfile(open);

  let body;
  if (profile.isPending) {
    body = <Spinner label={t.loading} className="py-10" />;
  } else if (profile.isError) {
    body = (
      <Notice tone="error">
        {t.loadFailed} {profile.error.message}
      </Notice>
    );
  } else {
    body = (
      <ProfileForm
        profile={profile.data}
        onSaved={async (saved) => {
          await onSaved?.(saved);
          onOpenChange(false);
        }}
      />
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t.title}
        description={t.description}
        closeLabel={t.close}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusRef.current?.focus();
        }}
      >
        {open && body}
      </DialogContent>
    </Dialog>
  );
}

type ProfileFormProps = { profile: Profile; onSaved: (profile: Profile) => Promise<void> };

function ProfileForm({ profile, onSaved }: ProfileFormProps) {
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(updateProfileRequestSchema),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      company: profile.company,
    },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    let saved: Profile;
    try {
      saved = await update.mutateAsync(values);
    } catch {
      toast.error(t.errorTitle, { description: t.updateFailed });
      return;
    }
    toast.success(t.updated);
    await onSaved(saved);
  });

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <ReadOnlyEmail value={profile.email} />
      <NameInputs form={form} />
      <AccountInput form={form} name="company" />
      <div className="flex justify-end gap-3 pt-2">
        <DialogClose asChild>
          <Button variant="outline">{t.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t.saving : t.save}
        </Button>
      </div>
    </form>
  );
}
