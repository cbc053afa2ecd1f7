// The one contract of every callable function: its name, who may call it, its payload schema, its
// response type and what it shows and changes, one file per area in contract/api/ (each beside its
// handlers in functions/src/callables/). The app calls through it and each function validates against it.
import type { z } from 'zod/mini';
import { adminCalls } from './api/admin';
import { aidCalls } from './api/aid';
import { calendarCalls } from './api/calendar';
import { catalogueCalls } from './api/catalogue';
import { changesCalls } from './api/changes';
import { creditCalls } from './api/credit';
import { draftsCalls } from './api/drafts';
import { enrollmentCalls } from './api/enrollment';
import { familyMailCalls } from './api/familyMail';
import { officeCalls } from './api/office';
import { rolesCalls } from './api/roles';
import { roundsCalls } from './api/rounds';
import { staffCalls } from './api/staff';
import { teachingCalls } from './api/teaching';
import { waitlistCalls } from './api/waitlist';
import type { CallableSpec } from './api/spec';

export type { Access, CallableSpec } from './api/spec';
export type Callable<P extends z.ZodMiniType = z.ZodMiniType, R = unknown> = CallableSpec<P, R> & { readonly name: string };
export type PayloadOf<C> = C extends CallableSpec<infer P, unknown> ? z.input<P> : never;
export type ResponseOf<C> = C extends CallableSpec<z.ZodMiniType, infer R> ? R : never;

const specs = { ...adminCalls, ...aidCalls, ...calendarCalls, ...catalogueCalls, ...changesCalls, ...creditCalls, ...draftsCalls, ...enrollmentCalls, ...familyMailCalls, ...officeCalls, ...rolesCalls, ...roundsCalls, ...staffCalls, ...teachingCalls, ...waitlistCalls } as const;

type Named<T> = { [K in keyof T]: T[K] & { readonly name: K } };

function named<T extends Record<string, CallableSpec>>(all: T): Named<T> {
  return Object.fromEntries(Object.entries(all).map(([name, s]) => [name, { ...s, name }])) as Named<T>;
}

export const callables = named(specs);
export type Callables = typeof callables;
export type CallableName = keyof Callables;
/** The payload the app sends and the response it gets, by callable name. */
export type Payload<N extends CallableName> = PayloadOf<Callables[N]>;
export type Response<N extends CallableName> = ResponseOf<Callables[N]>;
