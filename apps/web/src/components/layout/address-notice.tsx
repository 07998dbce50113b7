import { useQuery } from '@tanstack/react-query';
import { clientConfigQueryOptions } from '../../lib/client-config';
import { es } from '../../strings/es';

type AddressNoticeProps = {
  /** The address the page was opened at (tests pass their own). */
  location?: Pick<Location, 'origin' | 'pathname' | 'search'>;
};

/**
 * Says so when the server was told another address (PUBLIC_URL) than the one the page was
 * opened at: SAX sign-in and mailed links go there, and from here they fail (issue #29).
 */
export function AddressNotice({ location = window.location }: AddressNoticeProps) {
  const { data } = useQuery(clientConfigQueryOptions());
  const configured = data?.publicUrl ?? null;
  if (configured === null || configured === location.origin) return null;
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="address-notice"
    >
      <div className="mx-auto max-w-7xl space-y-1">
        <p>{es.address.mismatch(configured, location.origin)}</p>
        <a
          href={`${configured}${location.pathname}${location.search}`}
          className="font-semibold text-amber-900 underline underline-offset-2"
        >
          {es.address.openConfigured(configured)}
        </a>
      </div>
    </div>
  );
}
