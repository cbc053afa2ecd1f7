import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DISCOUNT_ORDER } from '../../src/features/catalogueSetup/describeDiscount';
import { FEATURES, STALE, staleModule, withCallablesList } from '../../scripts/contract/write';

describe('the admin guide', () => {
  it('shows only pictures that exist (npm run docs:screenshots takes them)', () => {
    const guide = readFileSync('docs/admin-guide.md', 'utf8');
    const images = [...guide.matchAll(/!\[[^\]]+\]\((images\/[^)]+)\)/g)].map((m) => m[1]);
    expect(images.length).toBeGreaterThanOrEqual(15);
    expect(images.filter((p) => !existsSync(`docs/${p}`))).toEqual([]);
  });

  it('gives the order discounts add up in, word for word as the discount form and the engine', () => {
    expect(readFileSync('docs/admin-guide.md', 'utf8').replace(/\s+/g, ' ')).toContain(DISCOUNT_ORDER);
  });
});

describe('what is written from the contract (npm run contract:write)', () => {
  it('the features page lists every callable, by who may call it, as the contract says', () => {
    const page = readFileSync(FEATURES, 'utf8');
    expect(withCallablesList(page), 'run npm run contract:write').toBe(page);
  });

  it('the app fetches again what each call makes stale, as the contract says', () => {
    expect(readFileSync(STALE, 'utf8'), 'run npm run contract:write').toBe(staleModule());
  });
});
