import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds; `Infinity` when oidc-provider gave no lifetime. */
  expiresAt: number;
}

/** Models whose artifacts die with their grant (`revokeByGrantId`). */
const GRANT_BOUND = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/** Sweep expired entries every so many writes, so a long-running local provider stays small. */
const SWEEP_EVERY = 200;

/**
 * Process-local storage for the local SAX provider's sessions, interactions, grants and codes.
 *
 * Chosen deliberately over a database adapter: the local provider exists for one machine and
 * for tests, so losing its state on restart only means signing in again. It cannot be shared
 * between processes; a deployment with several API processes must use a real SAX tenant.
 * Our own (instead of oidc-provider's built-in one) so the choice is explicit, the store is
 * the local provider's alone, and the library's "development-only adapter" warning stays quiet.
 *
 * One store serves several providers (one per address, local-provider.ts), each in its own
 * `namespace` (its issuer): a provider made again for the same issuer finds what the one before
 * it stored, and never what another issuer's did.
 */
export function createMemoryAdapterStore(
  clockToleranceSeconds = 0,
): (namespace: string) => AdapterFactory {
  const entries = new Map<string, Entry>();
  /** Namespaced session uid → the session's key in `entries`. */
  const sessionByUid = new Map<string, string>();
  /** Namespaced user code → the key in `entries`. */
  const userCodes = new Map<string, string>();
  /** Namespaced grant id → the keys in `entries` that die with it. */
  const grantMembers = new Map<string, Set<string>>();
  let writes = 0;

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    for (const [uid, key] of sessionByUid) if (!entries.has(key)) sessionByUid.delete(uid);
    for (const [code, key] of userCodes) if (!entries.has(key)) userCodes.delete(code);
    for (const [grantId, members] of grantMembers) {
      for (const key of members) if (!entries.has(key)) members.delete(key);
      if (members.size === 0) grantMembers.delete(grantId);
    }
  };

  return (namespace: string) =>
    (model: string): Adapter => {
      // The namespace (an issuer URL) never contains a space; the model never a colon.
      const scoped = (name: string) => (namespace === '' ? name : `${namespace} ${name}`);
      const keyFor = (id: string) => scoped(`${model}:${id}`);
      return {
        async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
          const key = keyFor(id);
          const expiresAt =
            typeof expiresIn === 'number'
              ? Date.now() + (expiresIn + clockToleranceSeconds) * 1000
              : Number.POSITIVE_INFINITY;
          entries.set(key, { payload, expiresAt });
          if (model === 'Session' && typeof payload.uid === 'string')
            sessionByUid.set(scoped(payload.uid), key);
          if (typeof payload.userCode === 'string') userCodes.set(scoped(payload.userCode), key);
          if (GRANT_BOUND.has(model) && typeof payload.grantId === 'string') {
            const grant = scoped(payload.grantId);
            const members = grantMembers.get(grant) ?? new Set<string>();
            members.add(key);
            grantMembers.set(grant, members);
          }
          writes += 1;
          if (writes % SWEEP_EVERY === 0) sweep();
        },
        async find(id: string) {
          return live(keyFor(id))?.payload;
        },
        async findByUid(uid: string) {
          const key = sessionByUid.get(scoped(uid));
          return key === undefined ? undefined : live(key)?.payload;
        },
        async findByUserCode(userCode: string) {
          const key = userCodes.get(scoped(userCode));
          return key === undefined ? undefined : live(key)?.payload;
        },
        async consume(id: string) {
          const entry = live(keyFor(id));
          if (entry !== undefined) entry.payload.consumed = Math.floor(Date.now() / 1000);
        },
        async destroy(id: string) {
          entries.delete(keyFor(id));
        },
        async revokeByGrantId(grantId: string) {
          const grant = scoped(grantId);
          for (const key of grantMembers.get(grant) ?? []) entries.delete(key);
          grantMembers.delete(grant);
        },
      };
    };
}
