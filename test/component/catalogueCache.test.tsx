import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallableName } from '../../contract/callables';
import type { PublicClass } from '../../contract/domain';
import type { call } from '../../src/lib/callable';
import { CallError } from '../../src/lib/loadState';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createCatalogueCache, useCatalogueCache, type CatalogueCache } from '../../src/features/catalogue/api';
import { callKey, createQueryClient } from '../../src/lib/query';

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

function ClassName({ cache, id }: { cache: CatalogueCache; id: string }) {
  useCatalogueCache(cache);
  const state = cache.classState(id);
  return <p>{!state ? 'unknown' : state.status === 'loaded' ? state.value.title : state.status === 'error' ? state.error.code : 'loading'}</p>;
}

describe('class cache', () => {
  it('does not fetch classes that are cached or loading', async () => {
    const server = fakeServer();
    const client = createQueryClient();
    const cache = createCatalogueCache(client, server.fn);
    render(<QueryClientProvider client={client}><ClassName cache={cache} id="a" /></QueryClientProvider>);
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
    const client = createQueryClient();
    const cache = createCatalogueCache(client, server.fn);
    render(<QueryClientProvider client={client}><ClassName cache={cache} id="gone" /></QueryClientProvider>);
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
    const client = createQueryClient();
    const cache = createCatalogueCache(client, server.fn);
    void cache.ensureCurrentSemester();
    void cache.ensureCurrentSemester();
    await server.answerAll();
    void cache.ensureCurrentSemester();
    expect(server.calls).toHaveLength(1);
    expect(cache.currentSemester()?.status).toBe('loaded');
    void cache.ensureClasses(['c1', 'c2']);
    expect(server.calls).toHaveLength(1);
  });

  it('uses the classes and bundles the class list loaded without fetching them', async () => {
    const server = fakeServer();
    const client = createQueryClient();
    const cache = createCatalogueCache(client, server.fn);
    client.setQueryData(callKey('availableEnrollmentClasses'), {
      s: { classes: [klass('p1')], groups: [{ id: 'g1', semesterId: 's', name: 'G', price: 1, classIds: ['p1'] }] },
    });
    void cache.ensureClasses(['p1']);
    void cache.ensureGroups(['g1']);
    expect(server.calls).toHaveLength(0);
    expect(cache.classState('p1')).toEqual({ status: 'loaded', value: klass('p1') });
    void cache.ensureGroups(['g1', 'g2']);
    expect(server.calls).toEqual([{ name: 'classGroups', payload: ['g2'] }]);
  });

  it('asks again, in one call, for the classes fetched by id after a save invalidates the catalogue', async () => {
    const server = fakeServer();
    const client = createQueryClient();
    const cache = createCatalogueCache(client, server.fn);
    void cache.ensureClasses(['p1', 'p2']);
    await server.answerAll();
    expect(server.calls).toHaveLength(1);
    const refreshed = client.invalidateQueries({ queryKey: ['classes'], refetchType: 'all' });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1].payload).toEqual({ query: [{ id: 'p1' }, { id: 'p2' }] });
    await server.answerAll();
    await refreshed;
    expect(cache.classState('p1')?.status).toBe('loaded');
  });

  it('re-renders its readers when classes change, not on every query observer update (a navigation never stalls)', async () => {
    const server = fakeServer();
    const client = createQueryClient();
    const cache = createCatalogueCache(client, server.fn);
    let renders = 0;
    function Reader() {
      renders++;
      useCatalogueCache(cache);
      // A query whose options object is new on every render, as useQuery callers write it.
      useQuery({ queryKey: ['other'], queryFn: () => Promise.resolve(1), select: (n: number) => n + 1 });
      return null;
    }
    render(<QueryClientProvider client={client}><Reader /></QueryClientProvider>);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(renders).toBeLessThan(6);
    const before = renders;
    void cache.ensureClasses(['a']);
    await server.answerAll();
    expect(renders).toBeGreaterThan(before);
    expect(renders).toBeLessThan(before + 6);
  });
});
