// The features depend on each other one way: read from their imports, the graph of which feature uses
// which has no ring (a ring means two features that cannot be understood, or changed, apart).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = resolve('src/features');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Which features each feature imports (relative imports that land in another feature's folder). */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files(FEATURES)) {
    const from = relative(FEATURES, file).split(sep)[0];
    const uses = graph.get(from) ?? new Set<string>();
    graph.set(from, uses);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const target = relative(FEATURES, resolve(file, '..', spec)).split(sep)[0];
      if (target && !target.startsWith('..') && target !== from) uses.add(target);
    }
  }
  return graph;
}

/** A ring in the graph, as the features around it, or null. */
function ring(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

describe('the features’ dependencies', () => {
  it('go one way: no ring of features using each other', () => {
    const graph = featureGraph();
    expect(graph.get('enrollment')).toContain('catalogue');
    expect(ring(graph)).toBeNull();
  });

  it('would see a ring', () => {
    expect(ring(new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])]]))).toEqual(['a', 'b', 'c', 'a']);
  });
});
