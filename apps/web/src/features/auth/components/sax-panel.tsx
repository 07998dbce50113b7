import { KeyRound, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { esAuth } from '../../../strings/es-auth';
import { useAuth } from '../use-auth';

const t = esAuth;

export function SaxPanel({ onSignedIn }: { onSignedIn: () => void }) {
  const { signInWithSax, prepareSax } = useAuth();
  // Attempts in flight: a refused second click must not hide the first one's status.
  const [pending, setPending] = useState(0);
  const busy = pending > 0;

  // The dialog opens on this tab: have the client ready before the click opens the popup.
  useEffect(() => prepareSax(), [prepareSax]);

  return (
    <div className="space-y-4">
      <p className="flex gap-3 rounded-lg bg-sky-50 p-3 text-sm text-slate-700">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-sky-700" />
        {t.saxIntro}
      </p>
      <Button
        className="w-full"
        aria-busy={busy}
        onClick={async () => {
          // Not disabled while busy: a second click reaches the client, which refuses it.
          setPending((count) => count + 1);
          const ok = await signInWithSax();
          setPending((count) => count - 1);
          if (ok) onSignedIn();
        }}
      >
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        {t.continueWithSax}
      </Button>
      {busy && (
        <p role="status" className="text-center text-sm text-slate-600">
          {t.saxOpening}
        </p>
      )}
    </div>
  );
}
