import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicClass } from '../../contract/domain';
import { ClassGrid, FIRST_CARDS } from '../../src/features/catalogue/ClassGrid';

const classes = Array.from({ length: 100 }, (_, i) => ({ id: `c${i}`, title: `Class ${i}` }) as PublicClass);

describe('class grid (a long list never blocks the page)', () => {
  it('renders a screenful at once, then the rest, and is busy until every card is there', async () => {
    const { container } = render(<ClassGrid classes={classes} card={(c) => <article key={c.id} aria-label={c.title} />} />);
    const grid = container.querySelector('.class-grid')!;
    expect(screen.getAllByRole('article')).toHaveLength(FIRST_CARDS);
    expect(grid.getAttribute('aria-busy')).toBe('true');
    await screen.findByRole('article', { name: 'Class 99' });
    expect(screen.getAllByRole('article')).toHaveLength(100);
    expect(grid.getAttribute('aria-busy')).toBe('false');
  });

  it('is not busy when the list fits in one screenful', () => {
    const { container } = render(<ClassGrid classes={classes.slice(0, 5)} card={(c) => <article key={c.id} aria-label={c.title} />} />);
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(container.querySelector('.class-grid')!.getAttribute('aria-busy')).toBe('false');
  });
});
