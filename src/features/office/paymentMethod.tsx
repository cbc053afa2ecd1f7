// How money was paid or given back: the methods' names and the field that picks one.
import { PAYMENT_METHODS, type PaymentMethod } from '../../../contract/domain';
import { EnumField } from '../../components/EnumField';

export const METHOD_LABEL: Record<PaymentMethod, string> = { card: 'Card', check: 'Check', cash: 'Cash', venmo: 'Venmo', other: 'Other' };

/** How money was paid or given back. */
export function MethodField(props: { id: string; label: string; value: PaymentMethod | ''; blank?: string; disabled?: boolean; onChange: (m: PaymentMethod | '') => void }) {
  return <EnumField {...props} values={PAYMENT_METHODS} labels={METHOD_LABEL} />;
}
