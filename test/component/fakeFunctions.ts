// The network of the component tests: a stand-in answering /api/<name> with the callable protocol.
import { vi } from 'vitest';

/**
 * Answers /api/<name> like the functions would (an answer may wait on the test); a name without an
 * answer is unavailable, an answer of `undefined` is a refusal to someone not signed in. Returns
 * the names asked, in order.
 */
export function fakeFunctions(answers: Record<string, (payload: unknown) => unknown>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const name = url.replace('/api/', '');
      asked.push(name);
      if (!(name in answers)) return new Response(JSON.stringify({ error: { status: 'UNAVAILABLE', message: 'down' } }), { status: 503 });
      const result = await answers[name]((JSON.parse(init.body as string) as { data: unknown }).data);
      if (result === undefined) return new Response(JSON.stringify({ error: { status: 'UNAUTHENTICATED', message: 'Please sign in first.' } }), { status: 401 });
      return new Response(JSON.stringify({ result }), { status: 200 });
    }),
  );
  return asked;
}
