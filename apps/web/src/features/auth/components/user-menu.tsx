import { ChevronDown, KeyRound, LogIn, LogOut, UserPen, UserRound } from 'lucide-react';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type RefObject,
} from 'react';
import { cn } from '../../../utils/cn';
import { es } from '../../../strings/es';
import { useAuth } from '../use-auth';

// The dialog (Radix) loads when the menu first opens, not with the first paint (issue #20).
const loadSignInDialog = () => import('./sign-in-dialog');
const SignInDialog = lazy(() =>
  loadSignInDialog().then((module) => ({ default: module.SignInDialog })),
);
const ChangePasswordDialog = lazy(() =>
  import('./change-password-dialog').then((module) => ({ default: module.ChangePasswordDialog })),
);

const t = es.userMenu;

/** What the app supplies to render the profile dialog (a feature of its own). */
export type ProfileDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLElement | null>;
};

const itemClasses =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500';

/**
 * The user button in the header: a disclosure with sign-in (signed out) or the account, edit
 * profile and change password (product accounts only, docs/product.md §6) and sign-out (signed in). The
 * signed-in user's name shows under the button.
 */
export function UserMenu({
  profileDialog: ProfileDialog,
}: {
  profileDialog?: ComponentType<ProfileDialogProps>;
}) {
  const { status, user, signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Mounted from its first opening on, so Radix closes it (and returns focus) as before.
  const [dialogUsed, setDialogUsed] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Like the sign-in dialog: mounted from its first opening on, so it closes as Radix expects.
  const [passwordUsed, setPasswordUsed] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const signedIn = status === 'signedIn' && user !== null;

  return (
    <div ref={rootRef} className="relative flex flex-col items-center">
      <button
        ref={buttonRef}
        type="button"
        aria-label={t.button}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (!open && !signedIn) void loadSignInDialog();
          setOpen((value) => !value);
        }}
        className={cn(
          'flex items-center gap-1 rounded-full border p-1 pr-2 transition-colors motion-reduce:transition-none',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:ring-offset-2',
          signedIn
            ? 'border-sky-200 bg-sky-50 text-sky-800 hover:bg-sky-100'
            : 'border-slate-300 bg-white text-slate-700 hover:border-sky-400 hover:text-sky-800',
        )}
      >
        <span
          className={cn(
            'flex h-7 w-7 items-center justify-center rounded-full',
            signedIn ? 'bg-sky-600 text-white' : 'bg-slate-100',
          )}
        >
          <UserRound aria-hidden="true" className="h-4 w-4" />
        </span>
        <ChevronDown aria-hidden="true" className="h-4 w-4" />
      </button>
      {signedIn && (
        <span
          data-testid="user-name"
          className="mt-0.5 max-w-28 truncate text-xs font-medium text-slate-700"
        >
          {user.name}
        </span>
      )}

      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-3 text-left shadow-xl"
      >
        {signedIn ? (
          <>
            <p className="text-xs text-slate-600">{t.signedInAs}</p>
            <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
            {user.email !== null && <p className="truncate text-xs text-slate-600">{user.email}</p>}
            <div className="mt-3 space-y-1 border-t border-slate-100 pt-2">
              {user.method === 'account' && ProfileDialog !== undefined && (
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    setProfileOpen(true);
                  }}
                  className={itemClasses}
                >
                  <UserPen aria-hidden="true" className="h-4 w-4" />
                  {t.editProfile}
                </button>
              )}
              {user.method === 'account' && (
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    setPasswordUsed(true);
                    setPasswordOpen(true);
                  }}
                  className={itemClasses}
                >
                  <KeyRound aria-hidden="true" className="h-4 w-4" />
                  {t.changePassword}
                </button>
              )}
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  void signOut();
                }}
                className={itemClasses}
              >
                <LogOut aria-hidden="true" className="h-4 w-4" />
                {t.signOut}
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">{t.signedOutHint}</p>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                setDialogUsed(true);
                setDialogOpen(true);
              }}
              className="mt-3 flex w-full items-center justify-center gap-2 rounded-lg bg-sky-700 px-3 py-2 text-sm font-semibold text-white hover:bg-sky-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:ring-offset-2"
            >
              <LogIn aria-hidden="true" className="h-4 w-4" />
              {t.signIn}
            </button>
          </>
        )}
      </div>

      {dialogUsed && (
        <Suspense fallback={null}>
          <SignInDialog open={dialogOpen} onOpenChange={setDialogOpen} returnFocusRef={buttonRef} />
        </Suspense>
      )}
      {signedIn && user.method === 'account' && passwordUsed && (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            open={passwordOpen}
            onOpenChange={setPasswordOpen}
            returnFocusRef={buttonRef}
          />
        </Suspense>
      )}
      {signedIn && user.method === 'account' && ProfileDialog !== undefined && (
        <ProfileDialog
          open={profileOpen}
          onOpenChange={setProfileOpen}
          returnFocusRef={buttonRef}
        />
      )}
    </div>
  );
}
