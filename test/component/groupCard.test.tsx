// A bundle's card says what it saves, and, where a class has a sliding scale, the same rule the
// review applies: the family pays the lower of the bundle price and the prices it chooses.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClassGroup, PublicClass } from '../../contract/domain';
import { GroupCard } from '../../src/features/catalogue/GroupCard';

const group = { id: 'pair', name: 'Creek Pair', price: 44_000, classIds: ['a', 'b'], semesterId: 's' } as ClassGroup;
const klass = (id: string, title: string, over: Partial<PublicClass> = {}) => ({ id, title, price: 24_000, seatsLeft: 5, slidingScale: null, ...over }) as PublicClass;

describe('a bundle’s card', () => {
  it('says the saving on list prices and the sliding-scale rule only where a class has a sliding scale', () => {
    const { unmount } = render(<GroupCard group={group} classes={[klass('a', 'Creek'), klass('b', 'Pond')]} complete={false} onSelectAll={() => undefined} />);
    expect(screen.getByText(/save \$40/).textContent).toBe(' · save $40');
    expect(screen.queryByText(/sliding-scale price/)).toBeNull();
    unmount();
    render(<GroupCard group={group} classes={[klass('a', 'Creek', { slidingScale: { min: 18_000, max: 30_000 } }), klass('b', 'Pond')]} complete={false} onSelectAll={() => undefined} />);
    expect(screen.getByText(/save \$40/).textContent).toBe(' · save $40 on the list prices');
    expect(screen.getByText('With a sliding-scale price, you pay the lower of the bundle price and the prices you choose.')).toBeInTheDocument();
  });

  it('offers no Select all while a registration round gives the places', () => {
    render(<GroupCard group={group} classes={[klass('a', 'Creek'), klass('b', 'Pond')]} complete={false} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
