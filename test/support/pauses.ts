// Pauses put into the functions' own modules for a test that runs them in its process, so that a
// race's moment is made rather than waited for: the seat listing followed, once, by what the test
// asks (`afterListing`), before the transaction that takes the seats; a read of enrollments preceded
// by it (`beforeEnrollmentsRead`). This module imports none of the functions' modules: a module
// replaced with `vi.mock` loads it while it is itself loading.

/** Runs once after the next listing of seats. */
export const afterListing: (() => Promise<void>)[] = [];

/** The seat module with the pause: `vi.mock('…/functions/src/data/seats', async (o) => (await import('…/pauses')).pausingSeats(o))`. */
type Seats = typeof import('../../functions/src/data/seats');
export async function pausingSeats(original: () => Promise<Seats>): Promise<Seats> {
  const real = await original();
  return {
    ...real,
    seatsOf: async (...args: Parameters<Seats['seatsOf']>) => {
      const listed = await real.seatsOf(...args);
      await afterListing.shift()?.();
      return listed;
    },
  };
}

/** Runs once before the next read of enrollments by their ids (a late payment's first read once its hold was found ended). */
export const beforeEnrollmentsRead: (() => Promise<void>)[] = [];

/** The data module with that pause: `vi.mock('…/functions/src/data/db', async (o) => (await import('…/pauses')).pausingReads(o))`. */
type Db = typeof import('../../functions/src/data/db');
export async function pausingReads(original: () => Promise<Db>): Promise<Db> {
  const real = await original();
  const getByIds = (async (name, ids, fields) => {
    if (name === 'enrollments') await beforeEnrollmentsRead.shift()?.();
    return real.getByIds(name, ids, fields);
  }) as Db['getByIds'];
  return { ...real, getByIds };
}
