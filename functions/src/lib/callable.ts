// Wraps a handler as a callable of the contract: it checks App Check where asked, access and the payload, answers
// within 50 s and gzips; the one HTTPS function (functions/src/api.ts) serves each by its name.
import { logger } from 'firebase-functions/logger';
import { HttpsError, onCall, type CallableRequest, type Request } from 'firebase-functions/v2/https';
import { z } from 'zod/mini';
import { needsAppCheck } from '../../../contract/appCheck';
import { type Callable, type ResponseOf } from '../../../contract/callables';
import { ACCESS, allows, type StaffRole } from '../../../contract/roles';
import { requireStaff, requireUser } from '../auth';
import { stampCatalogue } from '../data/catalogueCache';
import { withReadMeter } from '../data/db';
import { withGzip, type Response } from './gzip';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../data/audit';
import { withoutAid } from '../domain/aid';

/** What a public callable knows of its caller. */
export interface CallContext {
  /** The signed-in caller, or null for an anonymous public call. */
  uid: string | null;
  email: string | null;
  /** The account's email address was proven (the link of the verification email opened). */
  emailVerified: boolean;
  /** The page's origin (the Origin header), for links back to the portal. */
  origin: string | null;
  /** The caller's network address as the school's CDN reports it (anonymous calls are limited per address). */
  address: string | null;
  /** This call's id in the audit trail (made on the server: a caller's header names nothing). */
  requestId: string;
}

/** A callable for signed-in accounts (families and staff) always has its caller. */
export interface SignedInContext extends CallContext {
  uid: string;
}

/** A staff callable's caller, with the staff roles they hold. */
export interface StaffContext extends SignedInContext {
  roles: StaffRole[];
}

/** The context a callable's handler gets: by its access, a caller or maybe none, and a staff member's roles. */
export type ContextOf<C extends Callable> = C['access'] extends 'public' ? CallContext : C['access'] extends 'user' ? SignedInContext : StaffContext;

/** Who on the staff did something, for the records it writes: the account's email, else its id. */
export const staffOf = (ctx: SignedInContext) => ctx.email ?? ctx.uid;

/** The caller as the audit trail names them: a staff member with their staff roles, else a family. */
export function actorOf(ctx: StaffContext): Actor & { roles: StaffRole[] };
export function actorOf(ctx: SignedInContext): Actor;
export function actorOf(ctx: SignedInContext | StaffContext): Actor {
  return { uid: ctx.uid, email: ctx.email, roles: 'roles' in ctx ? ctx.roles : ['family'], requestId: ctx.requestId };
}

type RawRequest = { headers: Record<string, unknown> };

/**
 * Firebase Hosting gives up on a call through /api/* after 60 s whatever the function's timeout: every
 * call answers within this, in words, before Hosting would (a seat transaction stops trying at 40 s;
 * a slow Stripe could take longer). The work may still finish: idempotency keys make a retry safe.
 */
export const ANSWER_WITHIN_MS = 50_000;
export const TOO_LONG = 'This is taking longer than it should. Please try again in a minute: nothing is done twice, and My Enrollments shows what went through.';

/** The handler's answer, or `unavailable` (TOO_LONG) once ANSWER_WITHIN_MS have passed. */
export async function answerInTime<T>(work: Promise<T>, withinMs = ANSWER_WITHIN_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpsError('unavailable', TOO_LONG)), withinMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

// English messages for validation errors (zod/mini ships none by default; the browser never needs them).
z.config(z.locales.en());

type Issue = z.core.$ZodIssue;

/** For a union, the branch that got furthest into the payload says what is wrong. */
function deepest(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || !issue.errors.length) return [issue];
    const depth = (branch: Issue[]) => Math.max(...branch.map((i) => i.path.length));
    const best = [...issue.errors].sort((a, b) => depth(b) - depth(a))[0];
    return deepest(best.map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as Issue));
  });
}

/** "query.0.id: Invalid input: expected string, received number"; "payload: …" for the whole payload. */
export function describeIssues(issues: readonly Issue[]): string {
  return deepest(issues)
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.length ? issue.path.map(String).join('.') : 'payload';
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

export function parsePayload<C extends Callable>(def: C, data: unknown): z.output<C['payload']> {
  const parsed = def.payload.safeParse(data);
  if (!parsed.success) throw new HttpsError('invalid-argument', describeIssues(parsed.error.issues));
  return parsed.data as z.output<C['payload']>;
}

export async function authorize(def: Callable, request: Pick<CallableRequest, 'auth'> & { rawRequest?: RawRequest }): Promise<CallContext | StaffContext> {
  const origin = typeof request.rawRequest?.headers.origin === 'string' ? request.rawRequest.headers.origin : null;
  const address = callerAddress(request.rawRequest?.headers ?? {});
  const requestId = randomUUID();
  if (def.access === 'public') {
    return {
      uid: request.auth?.uid ?? null,
      email: (request.auth?.token.email as string | undefined) ?? null,
      emailVerified: request.auth?.token.email_verified === true,
      origin,
      address,
      requestId,
    };
  }
  const user = requireUser(request);
  if (def.access === 'user') return { ...user, origin, address, requestId };
  const roles = await requireStaff(user, request.rawRequest?.headers.authorization, def.access);
  return { ...user, origin, address, requestId, roles };
}

/** What a call that needs App Check (contract/appCheck.ts) answers when the portal's page did not make it. */
export const APP_CHECK_REFUSED = 'This page could not show that it is the portal running in a browser. Reload the page and try again; if it keeps happening, call the office.';

/**
 * The caller's address: Firebase Hosting's CDN says it in Fastly-Client-IP, else the first address of
 * X-Forwarded-For. A caller reaching the function directly can write either header, so an address only
 * ever shares out a budget that one ceiling for every anonymous caller still bounds (data/rateLimit.ts).
 */
export function callerAddress(headers: Record<string, unknown>): string | null {
  const first = (v: unknown) => (typeof v === 'string' ? v.split(',')[0].trim() || null : null);
  return first(headers['fastly-client-ip']) ?? first(headers['x-forwarded-for']);
}

/** A callable as the one HTTPS function serves it: its contract entry and what answers a request of the callable protocol. */
export interface Served<C extends Callable = Callable> {
  def: C;
  serve: (req: Request, res: Response) => void | Promise<void>;
}

export function callable<C extends Callable>(
  def: C,
  handler: (payload: z.output<C['payload']>, ctx: ContextOf<C>) => Promise<ResponseOf<C>>,
  { changesCatalogue = false }: { changesCatalogue?: boolean } = {},
): Served<C> {
  // No CORS: the app calls on its own origin (/api/<name>, Hosting's rewrite), so no other site's page
  // may read an answer (no Access-Control-Allow-Origin, whatever Origin is sent). Not deployed on its
  // own: the callable protocol's handler, which the one function runs for this name.
  const func = onCall({ cors: false }, async (request) => {
    // Checked here rather than by onCall's enforceAppCheck, so that the refusal says what to do (and
    // a token without an app, which the emulator would pass undecoded, is refused as well).
    if (needsAppCheck(def.name) && !request.app?.appId) throw new HttpsError('unauthenticated', APP_CHECK_REFUSED);
    // authorize() refuses a signed-in callable without its caller: the context has one.
    const ctx = (await authorize(def, request)) as ContextOf<C>;
    const payload = parsePayload(def, request.data);
    if (def.access !== 'public') {
      const answer = await answerInTime(handler(payload, ctx));
      // The public catalogue, kept by each instance, is read afresh after this change.
      if (changesCatalogue) await stampCatalogue();
      // Who receives financial aid is finance's and the admins' to know: other staff read a price adjustment.
      return def.access !== 'user' && !allows((ctx as StaffContext).roles, ACCESS.aid) ? withoutAid(answer) : answer;
    }
    // Public catalogue calls log their billed reads (the benchmark checks they follow the classes returned).
    const { value, reads } = await answerInTime(withReadMeter(() => handler(payload, ctx)));
    logger.info('firestore reads', { callable: def.name, firestoreReads: reads });
    return value;
  });
  return { def, serve: withGzip(func) };
}
