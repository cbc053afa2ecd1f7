// Document reads asked in the same turn go to Firestore as one request (functions/src/data/db.ts):
// each caller still gets exactly what its own read gives, and a read the database refuses fails only
// its own caller. Counted on the client's requests to the emulator, which answers them all (but the
// one refusal, which is answered at once in the client's place).
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, GATHERED_AT_MOST, gatherReads } from '../../functions/src/data/db';

type Request = { documents?: string[] };
type Stream = (method: string, bidirectional: boolean, request: Request, ...rest: unknown[]) => Promise<unknown>;

/**
 * The client's requests to Firestore by kind, while `work` runs. `answer`: what the database would
 * answer a request, when it says (else the emulator answers). The client's one way to Firestore for
 * reads is internal to the SDK: wrapped here, then put back.
 */
async function requestsDuring(store: Firestore, work: () => Promise<unknown>, answer?: (request: Request) => Promise<unknown> | undefined): Promise<Record<string, number>> {
  const client = store as unknown as { requestStream: Stream };
  const requestStream = client.requestStream;
  const counted: Record<string, number> = {};
  client.requestStream = function (this: unknown, method, bidirectional, request, ...rest) {
    counted[method] = (counted[method] ?? 0) + 1;
    return answer?.(request) ?? requestStream.call(this, method, bidirectional, request, ...rest);
  };
  try {
    await work();
  } finally {
    client.requestStream = requestStream;
  }
  return counted;
}

describe('document reads gathered into one request', () => {
  let app: App;
  let store: Firestore;
  const place = `gathered-${Date.now()}`;
  beforeAll(async () => {
    app = initializeApp({ projectId: process.env.GCLOUD_PROJECT }, place);
    store = gatherReads(getFirestore(app));
    const batch = store.batch();
    for (let i = 0; i < 6; i++) batch.set(store.doc(`${place}/doc${i}`), { n: i, secret: `s${i}` });
    await batch.commit();
  });
  afterAll(async () => {
    await store.recursiveDelete(store.collection(place));
    await deleteApp(app);
  });

  it('reads asked at once go as one request; each caller gets its own documents, missing ones, duplicates and converters included', async () => {
    const typed = store.doc(`${place}/doc2`).withConverter({ toFirestore: (x: { n: number }) => x, fromFirestore: (s) => ({ n: s.get('n') as number, id: s.id }) });
    let answers: unknown[] = [];
    const counted = await requestsDuring(store, async () => {
      answers = await Promise.all([
        store.doc(`${place}/doc0`).get().then((s) => s.data()),
        store.doc(`${place}/missing`).get().then((s) => s.exists),
        store.getAll(store.doc(`${place}/doc1`), store.doc(`${place}/doc0`), store.doc(`${place}/doc1`)).then((snaps) => snaps.map((s) => s.get('n'))),
        typed.get().then((s) => s.data()),
        // A reader that first waits on something else, within the same turn of the event loop.
        Promise.resolve().then(() => store.doc(`${place}/doc3`).get()).then((s) => s.get('n')),
      ]);
    });
    expect(answers).toEqual([{ n: 0, secret: 's0' }, false, [1, 0, 1], { n: 2, id: 'doc2' }, 3]);
    expect(counted).toEqual({ batchGetDocuments: 1 });
  });

  it('the functions read through a Firestore that gathers', async () => {
    let snaps: DocumentSnapshot[] = [];
    const counted = await requestsDuring(db(), async () => {
      snaps = await Promise.all([db().doc(`${place}/doc0`).get(), db().doc(`${place}/doc1`).get()]);
    });
    expect(snaps.map((s) => s.get('n'))).toEqual([0, 1]);
    expect(counted).toEqual({ batchGetDocuments: 1 });
  });

  it('reads asked one after another go as they come', async () => {
    const counted = await requestsDuring(store, async () => {
      expect((await store.doc(`${place}/doc4`).get()).get('n')).toBe(4);
      expect((await store.doc(`${place}/doc5`).get()).get('n')).toBe(5);
    });
    expect(counted).toEqual({ batchGetDocuments: 2 });
  });

  it('a read with a field mask goes as asked, with only those fields', async () => {
    let masked: unknown;
    const counted = await requestsDuring(store, async () => {
      [masked] = await Promise.all([store.getAll(store.doc(`${place}/doc0`), { fieldMask: ['n'] }).then(([s]) => s.data()), store.doc(`${place}/doc1`).get()]);
    });
    expect(masked).toEqual({ n: 0 });
    expect(counted).toEqual({ batchGetDocuments: 2 });
  });

  it(`reads more than ${GATHERED_AT_MOST} documents at once in requests of at most ${GATHERED_AT_MOST}, each caller's read kept whole`, async () => {
    const refs = (count: number) => Array.from({ length: count }, (_, i) => store.doc(`${place}/doc${i % 6}`));
    let sizes: number[] = [];
    const counted = await requestsDuring(store, async () => {
      sizes = (await Promise.all([store.getAll(...refs(300)), store.getAll(...refs(300)), store.doc(`${place}/doc0`).get().then(() => [1])])).map((snaps) => snaps.length);
    });
    expect(sizes).toEqual([300, 300, 1]);
    expect(counted).toEqual({ batchGetDocuments: 2 });
  });

  it('a read the database refuses fails its own caller only', async () => {
    // The database's refusal of one document's name, answered at once: the emulator's own (for a name
    // Firestore reserves, __…__) reaches the client only after about 7 s of its retries, each time.
    const refused = (request: Request) => (request.documents?.some((name) => name.endsWith('/refused')) ? Promise.reject(Object.assign(new Error('3 INVALID_ARGUMENT: refused'), { code: 3 })) : undefined);
    let answers: PromiseSettledResult<unknown>[] = [];
    const counted = await requestsDuring(
      store,
      async () => {
        answers = await Promise.allSettled([store.doc(`${place}/doc0`).get().then((s) => s.get('n')), store.doc(`${place}/refused`).get(), store.doc(`${place}/doc1`).get().then((s) => s.get('n'))]);
      },
      refused,
    );
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(answers.filter((a) => a.status === 'fulfilled').map((a) => a.value)).toEqual([0, 1]);
    expect(String((answers[1] as PromiseRejectedResult).reason)).toMatch(/INVALID_ARGUMENT/);
    // The gathered request, then each caller's own.
    expect(counted).toEqual({ batchGetDocuments: 4 });
  });
});
