import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallableName } from '../../contract/callables';
import type { PublicClass } from '../../contract/domain';
import type { call } from '../../src/lib/callable';
import { CallError } from '../../src/lib/loadState';
import { createCatalogCache, useCatalogCache, type CatalogCache } from '../../src/features/catalog/catalogCache';

const klass = (id: string): PublicClass => ({ id, semesterId: 's', title: `Class ${id}` }) as PublicClass;

/** A stand-in for the network that counts what is asked and answers when told. */
function fakeServer() {
  const calls: { name: CallableName; payload: unknown }[] = [];
  const pending: (() => void)[] = [];
  let fail = false;
  const fn = ((name: CallableName, payload?: unknown) => {
    calls.push({ name, payload });
    return new Promise((resolve, reject) => {
      pending.push(() => {
        if (fail) return reject(new CallError('unavailable', 'offline'));
        if (name === 'classes' && !payload) return resolve({ classes: [klass('c1'), klass('c2')], notFound: [] });
        if (name === 'classes') {
          const ids = (payload as { query: { id: string }[] }).query.map((q) => q.id);
          return resolve({ classes: ids.filter((i) => i !== 'gone').map(klass), notFound: ids.filter((i) => i === 'gone') });
        }
        resolve({ groups: (payload as string[]).map((id) => ({ id, classIds: [] })), notFound: [] });
      });
    });
  }) as unknown as typeof call;
  return {
    fn,
    calls,
    failNext: () => (fail = true),
    answerAll: async () => {
      await act(async () => {
        pending.splice(0).forEach((p) => p());
      });
      fail = false;
    },
  };
}

function ClassName({ cache, id }: { cache: CatalogCache; id: string }) {
  useCatalogCache(cache);
  const state = cache.classState(id);
  return <p>{!state ? 'unknown' : state.status === 'loaded' ? state.value.title : state.status === 'error' ? state.error.code : 'loading'}</p>;
}

describe('class cache (seed §4)', () => {
  it('does not fetch classes that are cached or loading', async () => {
    const server = fakeServer();
    const cache = createCatalogCache(server.fn);
    render(<ClassName cache={cache} id="a" />);
    void cache.ensureClasses(['a', 'b']);
    void cache.ensureClasses(['a', 'b']);
    expect(server.calls).toHaveLength(1);
    expect(await screen.findByText('loading')).toBeInTheDocument();
    await server.answerAll();
    expect(screen.getByText('Class a')).toBeInTheDocument();
    void cache.ensureClasses(['b', 'c']);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1].payload).toEqual({ query: [{ id: 'c' }] });
  });

  it('marks unknown ids not-found, and lets failed ones be tried again', async () => {
    const server = fakeServer();
    const cache = createCatalogCache(server.fn);
    render(<ClassName cache={cache} id="gone" />);
    void cache.ensureClasses(['gone']);
    await server.answerAll();
    expect(screen.getByText('not-found')).toBeInTheDocument();

    server.failNext();
    void cache.ensureClasses(['x']);
    await server.answerAll();
    expect(cache.classState('x')?.status).toBe('error');
    void cache.ensureClasses(['x']);
    expect(server.calls.filter((c) => c.name === 'classes')).toHaveLength(3);
  });

  it('fetches the current-semester list only while it is empty, and caches its classes by id', async () => {
    const server = fakeServer();
    const cache = createCatalogCache(server.fn);
    void cache.ensureCurrentSemester();
    void cache.ensureCurrentSemester();
    await server.answerAll();
    void cache.ensureCurrentSemester();
    expect(server.calls).toHaveLength(1);
    expect(cache.currentSemester()?.status).toBe('loaded');
    void cache.ensureClasses(['c1', 'c2']);
    expect(server.calls).toHaveLength(1);
  });

  it('uses classes put by another call without fetching them', async () => {
    const server = fakeServer();
    const cache = createCatalogCache(server.fn);
    cache.put([klass('p1')], [{ id: 'g1', semesterId: 's', name: 'G', price: 1, classIds: ['p1'] }]);
    void cache.ensureClasses(['p1']);
    void cache.ensureGroups(['g1']);
    expect(server.calls).toHaveLength(0);
    void cache.ensureGroups(['g1', 'g2']);
    expect(server.calls).toEqual([{ name: 'classGroups', payload: ['g2'] }]);
  });
});
