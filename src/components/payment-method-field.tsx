// The payment method of a form that takes a payment (Hacer un Pedido, Enrolar Miembro, a direct
// sale): one radio per method the company accepts, as a group with its legend and the error beside it.
import { PAYMENT_METHODS, paymentMethodLabels, type PaymentMethod } from '@/lib/data/domain';
import { RadioCards } from './radio-cards';

interface Props {
  legend: string;
  name: string;
  value: PaymentMethod | undefined;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
  /** The refusal or validation message, shown under the group. */
  error?: string;
  /** The error's element id, for the group's aria-describedby. */
  errorId: string;
}

export function PaymentMethodField(props: Props) {
  return <RadioCards {...props} options={PAYMENT_METHODS} labels={paymentMethodLabels} />;
}
