// A fingerprint of everything in Firestore (every document of every collection and subcollection):
// equal before and after means nothing was written.
import { createHash } from 'node:crypto';
import type { CollectionReference } from 'firebase-admin/firestore';
import { adminDb } from '../../scripts/demo/adminApp';

async function collect(collections: CollectionReference[], out: string[]): Promise<void> {
  await Promise.all(
    collections.map(async (c) => {
      const snap = await c.get();
      for (const d of snap.docs) out.push(`${d.ref.path}=${JSON.stringify(d.data())}`);
      await Promise.all(snap.docs.map(async (d) => collect(await d.ref.listCollections(), out)));
    }),
  );
}

export async function firestoreSnapshot(): Promise<{ documents: number; hash: string }> {
  const lines: string[] = [];
  await collect(await adminDb().listCollections(), lines);
  lines.sort();
  return { documents: lines.length, hash: createHash('sha256').update(lines.join('\n')).digest('hex') };
}
