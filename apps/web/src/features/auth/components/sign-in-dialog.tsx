import { KeyRound, ShieldCheck } from 'lucide-react';
import { useId, type FormEvent, type InputHTMLAttributes, type RefObject } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { es } from '../../../strings/es';

const t = es.auth;

type SignInDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Receives focus when the dialog closes (the dialog has no trigger of its own). */
  returnFocusRef: RefObject<HTMLElement | null>;
};

/**
 * 'Acceso a Holgura': SAX or a Holgura account. The API does not serve accounts yet, so every
 * attempt reports that plainly instead of pretending to sign the user in.
 */
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
        <Tabs defaultValue="sax">
          <TabsList aria-label={t.tabsLabel}>
            <TabsTrigger value="sax">{t.tabSax}</TabsTrigger>
            <TabsTrigger value="holgura">{t.tabHolgura}</TabsTrigger>
          </TabsList>
          <TabsContent value="sax">
            <SaxPanel />
          </TabsContent>
          <TabsContent value="holgura">
            <Tabs defaultValue="sign-in">
              <TabsList aria-label={t.accountTabsLabel} className="bg-white p-0">
                <TabsTrigger
                  value="sign-in"
                  className="rounded-none border-b-2 border-transparent data-[state=active]:border-sky-600 data-[state=active]:shadow-none"
                >
                  {t.tabSignIn}
                </TabsTrigger>
                <TabsTrigger
                  value="sign-up"
                  className="rounded-none border-b-2 border-transparent data-[state=active]:border-sky-600 data-[state=active]:shadow-none"
                >
                  {t.tabSignUp}
                </TabsTrigger>
              </TabsList>
              <TabsContent value="sign-in">
                <SignInForm />
              </TabsContent>
              <TabsContent value="sign-up">
                <SignUpForm />
              </TabsContent>
            </Tabs>
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function notEnabled(failure: string, reason: string) {
  toast.error(t.errorTitle, {
    description: (
      <span className="flex flex-col gap-0.5">
        <span className="font-medium">{failure}</span>
        <span>{reason}</span>
      </span>
    ),
  });
}

function SaxPanel() {
  return (
    <div className="space-y-4">
      <p className="flex gap-3 rounded-lg bg-sky-50 p-3 text-sm text-slate-700">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-sky-700" />
        {t.saxIntro}
      </p>
      <Button className="w-full" onClick={() => notEnabled(t.signInFailed, t.saxNotEnabled)}>
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        {t.continueWithSax}
      </Button>
    </div>
  );
}

function SignInForm() {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    notEnabled(t.signInFailed, t.accountsNotEnabled);
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <Field label={t.email} name="email" type="email" autoComplete="email" required />
      <Field
        label={t.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" className="w-full">
        {t.submitSignIn}
      </Button>
    </form>
  );
}

function SignUpForm() {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    notEnabled(t.signUpFailed, t.accountsNotEnabled);
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.firstName} name="firstName" autoComplete="given-name" required />
        <Field label={t.lastName} name="lastName" autoComplete="family-name" required />
      </div>
      <Field label={t.email} name="email" type="email" autoComplete="email" required />
      <Field label={t.company} name="company" autoComplete="organization" required />
      <Field
        label={t.password}
        name="password"
        type="password"
        autoComplete="new-password"
        required
      />
      <Button type="submit" className="w-full">
        {t.submitSignUp}
      </Button>
    </form>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string };

function Field({ label, type = 'text', ...props }: FieldProps) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type={type}
        className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-500/40"
        {...props}
      />
    </div>
  );
}
