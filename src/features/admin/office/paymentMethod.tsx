// How money was paid or given back: the methods' names and the field that picks one.
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../contract/domain';

export const METHOD_LABEL: Record<PaymentMethod, string> = { card: 'Card', check: 'Check', cash: 'Cash', venmo: 'Venmo', other: 'Other' };

/** How money was paid or given back. */
export function MethodField({
  id,
  label,
  value,
  blank,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: PaymentMethod | '';
  blank?: string;
  disabled?: boolean;
  onChange: (m: PaymentMethod | '') => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="p-inputtext p-component" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as PaymentMethod | '')}>
        {blank && <option value="">{blank}</option>}
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {METHOD_LABEL[m]}
          </option>
        ))}
      </select>
    </div>
  );
}
