import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the admin guide', () => {
  it('shows only pictures that exist (npm run docs:screenshots takes them)', () => {
    const guide = readFileSync('docs/admin-guide.md', 'utf8');
    const images = [...guide.matchAll(/!\[[^\]]+\]\((images\/[^)]+)\)/g)].map((m) => m[1]);
    expect(images.length).toBeGreaterThanOrEqual(15);
    expect(images.filter((p) => !existsSync(`docs/${p}`))).toEqual([]);
  });
});
