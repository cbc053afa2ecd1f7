import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DISCOUNT_ORDER } from '../../src/features/catalogueSetup/describeDiscount';
import { FEATURES, withCallablesList } from '../../scripts/docs/callables';

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

describe('the features page', () => {
  it('lists every callable of the contract, by who may call it, as the contract says (npm run docs:callables writes it)', () => {
    const page = readFileSync(FEATURES, 'utf8');
    expect(withCallablesList(page), 'run npm run docs:callables').toBe(page);
  });
});
