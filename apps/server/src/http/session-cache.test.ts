import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache';

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('session cache', () => {
  it('keeps a confirmed session for the time to live, then asks again', () => {
    const time = clock();
    const cache = createSessionCache<string>({ ttlMs: 10_000, maxEntries: 10, now: time.now });
    cache.set('cookie-a', 'user-a', time.now() + 86_400_000);
    time.advance(9_999);
    expect(cache.get('cookie-a')).toBe('user-a');
    time.advance(1);
    expect(cache.get('cookie-a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps a session past its own expiry', () => {
    const time = clock();
    const cache = createSessionCache<string>({ ttlMs: 10_000, maxEntries: 10, now: time.now });
    cache.set('casi-vencida', 'user', time.now() + 2_000);
    time.advance(2_000);
    expect(cache.get('casi-vencida')).toBeUndefined();
    cache.set('vencida', 'user', time.now() - 1);
    expect(cache.get('vencida')).toBeUndefined();
  });

  it('drops the oldest entry when full, and everything on clear', () => {
    const time = clock();
    const cache = createSessionCache<number>({ ttlMs: 10_000, maxEntries: 3, now: time.now });
    const far = time.now() + 86_400_000;
    for (const n of [1, 2, 3, 4]) cache.set(`k${n}`, n, far);
    expect(cache.size).toBe(3);
    expect(cache.get('k1')).toBeUndefined();
    expect([cache.get('k2'), cache.get('k3'), cache.get('k4')]).toEqual([2, 3, 4]);
    cache.clear();
    expect(cache.get('k4')).toBeUndefined();
  });
});
