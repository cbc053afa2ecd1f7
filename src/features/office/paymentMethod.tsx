// How money was paid or given back: the methods' names and the fields that pick one.
import { PAYMENT_METHODS, RECEIVED_METHODS, type PaymentMethod } from '../../../contract/domain';
import { EnumField } from '../../components/EnumField';

export const METHOD_LABEL: Record<PaymentMethod, string> = { card: 'Card', check: 'Check', cash: 'Cash', venmo: 'Venmo', other: 'Other', credit: 'Account credit' };
type ReceivedMethod = (typeof RECEIVED_METHODS)[number];

interface FieldProps<T extends string> {
  id: string;
  label: string;
  value: T | '';
  blank?: string;
  disabled?: boolean;
  onChange: (m: T | '') => void;
}

/** How money is given back (to the account credit too). */
export function MethodField(props: FieldProps<PaymentMethod>) {
  return <EnumField {...props} values={PAYMENT_METHODS} labels={METHOD_LABEL} />;
}

/** How the office received money (account credit is only ever used by a checkout). */
export function ReceivedMethodField(props: FieldProps<ReceivedMethod>) {
  return <EnumField {...props} values={RECEIVED_METHODS} labels={METHOD_LABEL} />;
}
