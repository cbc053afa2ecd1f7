// A plan's "no": the kind of error it calls for and the words the person reads. A plan returns it
// instead of throwing, so that it stays pure; its use-case turns it into the callable's error.
export type RefusalCode = 'failed-precondition' | 'aborted' | 'not-found' | 'invalid-argument' | 'resource-exhausted' | 'already-exists';

export interface Refusal {
  refused: RefusalCode;
  message: string;
}

export const refuse = (refused: RefusalCode, message: string): Refusal => ({ refused, message });

/** The usual "no": not in the state things are in now (the person reads why). */
export const no = (message: string): Refusal => refuse('failed-precondition', message);

/** A "no" unless the account's email address is verified; `message` says why it must be. */
export const unlessVerified = (emailVerified: boolean, message: string): Refusal | null => (emailVerified ? null : no(message));

export const isRefusal = <T extends object>(planned: T | Refusal): planned is Refusal => 'refused' in planned;
