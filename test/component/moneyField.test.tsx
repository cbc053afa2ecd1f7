import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MoneyField, NOT_AN_AMOUNT } from '../../src/components/MoneyField';

describe('money field (dollars typed, cents kept)', () => {
  it('reports cents exactly, and NaN while the text is not an amount', async () => {
    const onChange = vi.fn();
    render(<MoneyField path="price" label="Price ($)" errors={{}} cents={24000} onChange={onChange} />);
    const input = screen.getByLabelText('Price ($)');
    expect(input).toHaveValue('240.00');
    await userEvent.clear(input);
    await userEvent.type(input, '$1,200.10');
    expect(onChange).toHaveBeenLastCalledWith(120010);
    await userEvent.clear(input);
    await userEvent.type(input, '19.99');
    expect(onChange).toHaveBeenLastCalledWith(1999);
    await userEvent.type(input, '9');
    expect(onChange).toHaveBeenLastCalledWith(Number.NaN);
    // A decimal comma is not read as a thousands separator ($2,505): it is no amount until fixed.
    await userEvent.clear(input);
    await userEvent.type(input, '250,5');
    expect(onChange).toHaveBeenLastCalledWith(Number.NaN);
    expect(screen.queryByText(NOT_AN_AMOUNT)).toBeNull();
  });

  it('says what to type once a save marked the field', () => {
    render(<MoneyField path="price" label="Price ($)" errors={{ price: 'Invalid input' }} cents={Number.NaN} onChange={() => undefined} />);
    expect(screen.getByText(NOT_AN_AMOUNT)).toBeInTheDocument();
    expect(screen.getByLabelText('Price ($)')).toHaveAttribute('aria-invalid', 'true');
  });
});
