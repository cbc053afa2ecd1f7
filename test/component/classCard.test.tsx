// A class's card on the class list: the seats kept for families receiving aid are said apart from
// the seats left (no names), and only while they are kept.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toPublicClass } from '../../functions/src/domain/catalogue';
import { buildDemoData } from '../../scripts/demo/demoData';
import { ClassCard } from '../../src/features/catalogue/ClassCard';

const today = '2027-01-10';
const wildArt = buildDemoData(today).classes.find((c) => c.id === 'wild-art')!;

describe('a class card', () => {
  it('says how many seats are kept for families receiving aid and until when, beside the seats left', () => {
    const kept = { ...wildArt, capacity: 4, enrolledCount: 1, aidSeats: 2, aidSeatsUntil: '2027-03-01', aidKept: 2 };
    render(<ClassCard klass={toPublicClass(kept, new Date('2027-01-10T12:00:00Z'))} availability="open" />);
    expect(screen.getByText('1 seat left')).toBeTruthy();
    expect(screen.getByText('2 seats kept for families receiving aid until Mar 1')).toBeTruthy();
  });

  it('says nothing of them once they are open to everyone', () => {
    const kept = { ...wildArt, capacity: 4, enrolledCount: 1, aidSeats: 2, aidSeatsUntil: '2027-03-01', aidKept: 2 };
    render(<ClassCard klass={toPublicClass(kept, new Date('2027-03-01T12:00:00Z'))} availability="open" />);
    expect(screen.getByText('3 seats left')).toBeTruthy();
    expect(screen.queryByText(/kept for families receiving aid/)).toBeNull();
  });
});
