// The messages the office sent to classes (written by usecases/classMessages.ts).
import type { ClassMessage } from '../../../contract/domain';
import { records } from './db';

export async function listClassMessages(): Promise<ClassMessage[]> {
  return (await records('classMessages').orderBy('sentAt', 'desc').limit(100).get()).docs.map((d) => d.data());
}
